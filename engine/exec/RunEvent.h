#pragma once

#include "diagnostics/TranslatableText.h"
#include "model/NodeKind.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace capgraph {

enum class RunEventType {
    RunStarted, RunFinished, RunFailed, RunCancelled, MainPathFinished,
    NodeStarted, NodeFinished, NodeFailed, NodeSkipped, NodeWaiting, NodeRetry, NodeProgress,
    EdgeTraversed, VariableChanged, Warning, Log,
    InteractionRequested, InteractionAnswered,
    Paused, Resumed, BreakpointHit, NodeUsage, NodeItem, RunForked,
};

QString runEventTypeName(RunEventType type); // "node.started", ...
bool runEventTypeFromName(const QString &name, RunEventType *type);

// One thing a run did. A run's events, in order, are enough to replay its highlighting
// (see docs/execution.md, "Events and traces").
struct RunEvent
{
    RunEventType type = RunEventType::Log;
    qint64 time = 0;        // ms since the epoch
    qint64 elapsedUs = 0;   // since the run started
    qint64 step = 0;        // node executions so far
    int token = -1;         // the thread of control, -1 for run-wide events
    int iteration = 0;      // innermost loop counter of the token (0 outside loops)
    QString nodeId;
    // Where the run that sent it is: empty for the run itself; for a child run of a composite
    // capability, the node that runs it ("draft"), and deeper down the chain ("draft",
    // "refine"). nodeId, from and to are then nodes of that child's graph.
    QStringList path;
    QString from, to;       // EdgeTraversed
    QString message;
    // The engine's own words in `message` as a template (empty when the message is a node's
    // prompt, a handler's error or a log line), for programs that show it translated.
    TranslatableText text;
    QVariant data;          // outputs, an interaction request, a variable's value ...
    // The node's kind and skill, for observers in this process (not in the JSON: a trace
    // names the node, and its graph says the rest).
    NodeKind nodeKind = NodeKind::Unknown;
    QString skillId;

    // `message` in the application's language.
    QString localMessage() const { return text.isEmpty() ? message : text.translated(); }

    QJsonObject toJson() const;
    // toJson() as compact JSON text, the bytes QJsonDocument writes, in about a quarter of
    // the instructions (a trace's lines, the events a server keeps).
    QByteArray toCompactJson() const;
    static bool fromJson(const QJsonObject &o, RunEvent *event);
};

// A set of event types, one bit each.
using RunEventTypes = quint32;
constexpr RunEventTypes runEventBit(RunEventType type) { return RunEventTypes(1) << int(type); }
constexpr RunEventTypes AllRunEvents = ~RunEventTypes(0);
static_assert(int(RunEventType::RunForked) < 32, "RunEventTypes has one bit per event type");

// Receives the events of a run it says it wants, synchronously, on the executor's thread.
// Observers that draw should coalesce (the GUI repaints at frame rate, not per event).
class RunObserver
{
public:
    virtual ~RunObserver() = default;
    virtual void onRunEvent(const RunEvent &event) = 0;
    // The event types this observer wants (read once, when it is added). An executor builds
    // only the events some observer wants: a run watched for its log lines alone costs what
    // an unwatched run costs.
    virtual RunEventTypes wantedEvents() const { return AllRunEvents; }
    // Whether it also wants the events of child runs (composite capabilities), with their
    // RunEvent::path set (read once, when it is added). Observers that only follow the
    // run's own graph leave it false.
    virtual bool wantsChildEvents() const { return false; }
};

} // namespace capgraph
