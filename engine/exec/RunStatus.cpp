#include "exec/RunStatus.h"

#include <array>
#include <utility>

namespace capgraph {

namespace {
constexpr std::array<std::pair<RunStatus, const char *>, 7> kNames{{
    {RunStatus::Idle, "idle"},
    {RunStatus::Running, "running"},
    {RunStatus::Paused, "paused"},
    {RunStatus::WaitingForInput, "waiting_for_input"},
    {RunStatus::Finished, "finished"},
    {RunStatus::Failed, "failed"},
    {RunStatus::Cancelled, "cancelled"},
}};
} // namespace

QString runStatusName(RunStatus status)
{
    for (const auto &[s, name] : kNames)
        if (s == status)
            return QString::fromLatin1(name);
    return {};
}

RunStatus runStatusFromName(const QString &name, RunStatus fallback)
{
    for (const auto &[s, text] : kNames)
        if (name == QLatin1String(text))
            return s;
    return fallback;
}

} // namespace capgraph
