#pragma once

#include "exec/RunEvent.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QVariantList>
#include <QVariantMap>

namespace capgraph {

// One item of a parallel map (node.item).
struct NodeItemCall
{
    int item = -1;
    QVariantMap input;
    QVariantMap outputs;
    QString error;
};

// One execution of a node as a run's events tell it (docs/execution.md, "Events and traces"):
// what it was called with, what it gave back, how long it took, its retries and tokens, or
// why it failed. What the studio's Node dock shows.
struct NodeExecution
{
    enum class State { Running, Done, Failed };
    State state = State::Running;
    int token = -1;
    int iteration = 0;
    qint64 step = 0;          // the run's step count when it started
    qint64 startedUs = 0;     // since the run started
    qint64 endedUs = -1;      // -1 while it runs
    bool hasInput = false;    // a skill's node.started carried its input
    QVariantMap input;
    QVariantList truncated;   // where the trace cut the input (TraceValue)
    bool pinned = false;      // its output was pinned: no handler was called
    QVariant outputs;         // node.finished's data: a skill's outputs, a branch's condition
    QString error;
    int retries = 0;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    double cost = 0;          // node.usage's `cost` summed, in `currency` (empty: not priced)
    QString currency;
    int items = -1;           // a parallel map: how many items (-1 otherwise)
    QList<NodeItemCall> itemCalls;

    qint64 durationUs() const { return endedUs < 0 ? -1 : endedUs - startedUs; }
};

// Every node's executions in a run, folded from its events one by one (apply) as they come,
// or rebuilt up to any step of a recorded trace (upTo), as RunSnapshot is. Only the last
// KeepPerNode executions of a node are kept (a loop of 100,000 rounds keeps its last 100);
// total() still counts them all.
class NodeExecutions
{
public:
    static constexpr int KeepPerNode = 100;

    void apply(const RunEvent &event);
    static NodeExecutions upTo(const QList<RunEvent> &events, qsizetype count);
    void clear();

    QList<NodeExecution> of(const QString &nodeId) const { return m_nodes.value(nodeId).kept; }
    // How many times the node started, including those no longer kept.
    int total(const QString &nodeId) const { return m_nodes.value(nodeId).total; }
    // The number (1-based, counting from the run's first) of of(nodeId)[i].
    int number(const QString &nodeId, int i) const;

private:
    struct PerNode
    {
        QList<NodeExecution> kept;
        int total = 0;
    };
    NodeExecution *open(const QString &nodeId, int token);

    QHash<QString, PerNode> m_nodes;
};

} // namespace capgraph
