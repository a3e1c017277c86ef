#pragma once

#include <QString>

namespace capgraph {

// Where a run stands: the executor's status, a replayed trace's (RunSnapshot) and the one
// a checkpoint records are the same thing, named by one table.
enum class RunStatus { Idle, Running, Paused, WaitingForInput, Finished, Failed, Cancelled };

// "idle", "running", "paused", "waiting_for_input", "finished", "failed", "cancelled": as
// `capgraph run --json` and checkpoints write it.
QString runStatusName(RunStatus status);
// The status a name stands for; `fallback` for a name that is none of them.
RunStatus runStatusFromName(const QString &name, RunStatus fallback);
// Finished, failed or cancelled: nothing more will happen.
constexpr bool runStatusIsFinal(RunStatus status)
{
    return status == RunStatus::Finished || status == RunStatus::Failed || status == RunStatus::Cancelled;
}

} // namespace capgraph
