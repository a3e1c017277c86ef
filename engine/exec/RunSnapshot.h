#pragma once

#include "exec/RunContext.h"
#include "exec/RunEvent.h"
#include "exec/RunStatus.h"

#include <QHash>
#include <QList>
#include <QPair>
#include <QString>
#include <QVariantMap>

namespace capgraph {

enum class NodeRunState { Pending, Running, Waiting, Done, Failed, Skipped, ForcedExit };
QString nodeRunStateName(NodeRunState state); // "pending", "running", ...

// What one node has been through in a run so far.
struct NodeRunInfo
{
    NodeRunState state = NodeRunState::Pending;
    int visits = 0;      // times it started
    int iteration = 0;   // the innermost loop counter at its last start
    qint64 lastStep = 0; // the run's step count at its last event
    QString message;     // the failure, the skip reason, the prompt it waits with
    int active = 0;      // executions under way (parallel tokens may run one node at once)
    double progress = -1; // the last node.progress fraction while it runs (0..1), -1: none
    QString progressText;
    qint64 promptTokens = 0;     // node.usage events summed
    qint64 completionTokens = 0;
    double cost = 0;             // node.usage events' `cost` summed, in `currency`
    QString currency;            // empty: not priced
};

// A run as the events so far describe it: each node's state and visits, the edges taken and
// how often, the context, the status and where it is paused.
// Fold events into it one by one (apply) as they come, or rebuild the state at any step of
// a recorded trace (upTo): the live canvas and the replay scrubber draw the same thing.
class RunSnapshot
{
public:
    void apply(const RunEvent &event);
    // The node of this run an event belongs to: its node, or for a child run's event the node
    // that runs the child (RunEvent::path's first, without an item's [i]).
    static QString callingNode(const RunEvent &event);
    static RunSnapshot upTo(const QList<RunEvent> &events, qsizetype count);

    NodeRunInfo node(const QString &id) const { return m_nodes.value(id); }
    const QHash<QString, NodeRunInfo> &nodes() const { return m_nodes; }
    int edgeCount(const QString &from, const QString &to) const { return m_edges.value({from, to}); }
    QPair<QString, QString> lastEdge() const { return m_lastEdge; }
    QPair<QString, QString> lastEdgeBefore() const { return m_edgeBefore; } // the one taken before it
    // As the executor's context() at that moment.
    const RunContext &context() const { return m_context; }
    RunStatus status() const { return m_status; }
    QString pausedAt() const { return m_pausedAt; }
    QString error() const { return m_error; }
    qint64 steps() const { return m_steps; }
    qint64 elapsedUs() const { return m_elapsedUs; }
    qsizetype eventCount() const { return m_events; }

private:
    QHash<QString, NodeRunInfo> m_nodes;
    QHash<QPair<QString, QString>, int> m_edges;
    QPair<QString, QString> m_lastEdge;
    QPair<QString, QString> m_edgeBefore;
    RunContext m_context;
    RunStatus m_status = RunStatus::Idle;
    QString m_pausedAt;
    QString m_error;
    qint64 m_steps = 0;
    qint64 m_elapsedUs = 0;
    qsizetype m_events = 0;
    int m_asking = 0; // interactions waiting for an answer
};

} // namespace capgraph
