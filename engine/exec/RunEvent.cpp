#include "exec/RunEvent.h"

#include <QJsonArray>

#include <QJsonValue>

#include <array>

namespace capgraph {

namespace {
struct TypeName { RunEventType type; const char *name; };
constexpr std::array<TypeName, 24> kNames{{
    {RunEventType::RunStarted, "run.started"},
    {RunEventType::RunFinished, "run.finished"},
    {RunEventType::RunFailed, "run.failed"},
    {RunEventType::RunCancelled, "run.cancelled"},
    {RunEventType::MainPathFinished, "run.main_path_finished"},
    {RunEventType::NodeStarted, "node.started"},
    {RunEventType::NodeFinished, "node.finished"},
    {RunEventType::NodeFailed, "node.failed"},
    {RunEventType::NodeSkipped, "node.skipped"},
    {RunEventType::NodeWaiting, "node.waiting"},
    {RunEventType::NodeRetry, "node.retry"},
    {RunEventType::NodeProgress, "node.progress"},
    {RunEventType::EdgeTraversed, "edge.traversed"},
    {RunEventType::VariableChanged, "variable.changed"},
    {RunEventType::Warning, "warning"},
    {RunEventType::Log, "log"},
    {RunEventType::InteractionRequested, "interaction.requested"},
    {RunEventType::InteractionAnswered, "interaction.answered"},
    {RunEventType::Paused, "run.paused"},
    {RunEventType::Resumed, "run.resumed"},
    {RunEventType::BreakpointHit, "breakpoint.hit"},
    {RunEventType::NodeUsage, "node.usage"},
    {RunEventType::RunForked, "run.forked"},
    {RunEventType::NodeItem, "node.item"},
}};
} // namespace

QString runEventTypeName(RunEventType type)
{
    for (const auto &n : kNames)
        if (n.type == type)
            return QString::fromLatin1(n.name);
    return {};
}

bool runEventTypeFromName(const QString &name, RunEventType *type)
{
    for (const auto &n : kNames)
        if (name == QLatin1String(n.name)) {
            *type = n.type;
            return true;
        }
    return false;
}

QJsonObject RunEvent::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("event"), runEventTypeName(type));
    o.insert(QStringLiteral("time"), time);
    o.insert(QStringLiteral("elapsed_us"), elapsedUs);
    o.insert(QStringLiteral("step"), step);
    if (token >= 0)
        o.insert(QStringLiteral("token"), token);
    if (iteration > 0)
        o.insert(QStringLiteral("iteration"), iteration);
    if (!path.isEmpty())
        o.insert(QStringLiteral("path"), QJsonArray::fromStringList(path));
    if (!nodeId.isEmpty())
        o.insert(QStringLiteral("node"), nodeId);
    if (!from.isEmpty())
        o.insert(QStringLiteral("from"), from);
    if (!to.isEmpty())
        o.insert(QStringLiteral("to"), to);
    if (!message.isEmpty())
        o.insert(QStringLiteral("message"), message);
    if (data.isValid())
        o.insert(QStringLiteral("data"), QJsonValue::fromVariant(data));
    return o;
}

bool RunEvent::fromJson(const QJsonObject &o, RunEvent *e)
{
    if (!runEventTypeFromName(o.value(QStringLiteral("event")).toString(), &e->type))
        return false;
    e->time = qint64(o.value(QStringLiteral("time")).toDouble());
    e->elapsedUs = qint64(o.value(QStringLiteral("elapsed_us")).toDouble());
    e->step = qint64(o.value(QStringLiteral("step")).toDouble());
    e->token = o.value(QStringLiteral("token")).toInt(-1);
    e->iteration = o.value(QStringLiteral("iteration")).toInt(0);
    e->nodeId = o.value(QStringLiteral("node")).toString();
    e->path.clear();
    for (const QJsonValue &v : o.value(QStringLiteral("path")).toArray())
        e->path.append(v.toString());
    e->from = o.value(QStringLiteral("from")).toString();
    e->to = o.value(QStringLiteral("to")).toString();
    e->message = o.value(QStringLiteral("message")).toString();
    if (o.contains(QStringLiteral("data")))
        e->data = o.value(QStringLiteral("data")).toVariant();
    return true;
}

} // namespace capgraph
