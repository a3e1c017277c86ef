#pragma once

#include "exec/RunContext.h"
#include "exec/RunEvent.h"

#include <QList>
#include <QString>
#include <QVariantMap>

#include <optional>

namespace capgraph {

// Forking a recorded run (docs/execution.md, "Forking a run"; LangGraph's time travel): at a
// step of its trace, with variables edited or not, a new run goes on from there and the
// recorded one stays as it is.
//
// A fork starts at a node execution: the one under way at the step chosen (the earliest, when
// parallel branches ran several), else the next one to start. What ran before it is the
// recording's: the fork's trace begins with its own run.started, then a run.forked naming its
// parent, then the parent's events before that execution, then the edits as variable.changed
// events, then what the fork runs (its steps counted on from the parent's). So a fork replays from the start like any
// run, and a run comparison of parent and fork shows where they part.
//
// A fork goes on from one node: branches that ran in parallel with it at that step do not go
// on in the fork (as with Rerun from Selected Node).
struct ForkPoint
{
    QString nodeId;         // the node the fork runs first
    RunContext context;     // what ran before it, as recorded (edits not applied)
    qsizetype events = 0;   // the parent's events before that node's execution
    qint64 step = 0;        // the parent's step count there (node executions before it)
};

class RunFork
{
public:
    // The fork point of a trace's `events` at the step reached after its first `count` events
    // (the replay scrubber's position). Null with the reason when the trace is no run, or
    // nothing ran or was left to run after that step.
    static std::optional<ForkPoint> at(const QList<RunEvent> &events, qsizetype count, QString *error);

    // `context` with the edits applied: a name per edit as the Variables dock names them — a
    // bare variable, `node.output` (that output and the bare name), or `input.key`.
    static RunContext edited(const RunContext &context, const QVariantMap &edits);

    // The events a fork's trace begins with after its own run.started: the parent's events
    // before the fork point (but its run.started and run-wide ends), then one
    // variable.changed per edit.
    static QList<RunEvent> history(const QList<RunEvent> &parent, const ForkPoint &point, const QVariantMap &edits);

    // The data of a fork's run.forked event: {parent_trace (the parent's trace file, when it
    // has one), step (the step it goes on from: the parent's step count there, plus one), node}.
    static QVariantMap parentData(const ForkPoint &point, const QString &parentTrace);
    // What a fork's trace holds after its run.started: its run.forked event (naming
    // `parentTrace`), then history().
    static QList<RunEvent> traceStart(const QList<RunEvent> &parent, const ForkPoint &point, const QVariantMap &edits,
                                      const QString &parentTrace);
};

// Passes a run's events on to `target` with a fork's start (RunFork::traceStart) right after
// its run.started: what a fork's trace writer or view is given.
class ForkedEvents : public RunObserver
{
public:
    ForkedEvents(QList<RunEvent> start, RunObserver *target) : m_start(std::move(start)), m_target(target) {}
    void onRunEvent(const RunEvent &event) override;
    RunEventTypes wantedEvents() const override { return m_target->wantedEvents() | runEventBit(RunEventType::RunStarted); }
    bool wantsChildEvents() const override { return m_target->wantsChildEvents(); }

private:
    QList<RunEvent> m_start;
    RunObserver *m_target;
};

} // namespace capgraph
