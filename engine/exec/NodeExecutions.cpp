#include "exec/NodeExecutions.h"

namespace capgraph {

NodeExecution *NodeExecutions::open(const QString &nodeId, int token)
{
    const auto it = m_nodes.find(nodeId);
    if (it == m_nodes.end())
        return nullptr;
    // The latest execution of this node on this token that has not ended (tokens run one node
    // at a time); else its latest one (a node.usage after node.finished).
    for (qsizetype i = it->kept.size() - 1; i >= 0; --i)
        if (it->kept.at(i).token == token && it->kept.at(i).state == NodeExecution::State::Running)
            return &it->kept[i];
    for (qsizetype i = it->kept.size() - 1; i >= 0; --i)
        if (it->kept.at(i).token == token)
            return &it->kept[i];
    return nullptr;
}

void NodeExecutions::apply(const RunEvent &e)
{
    if (!e.path.isEmpty())
        return; // a child run's: its own graph's nodes
    if (e.nodeId.isEmpty())
        return;
    const QVariantMap data = e.data.toMap();
    switch (e.type) {
    case RunEventType::NodeStarted: {
        PerNode &n = m_nodes[e.nodeId];
        NodeExecution x;
        x.token = e.token;
        x.iteration = e.iteration;
        x.step = e.step;
        x.startedUs = e.elapsedUs;
        x.hasInput = data.contains(QStringLiteral("input"));
        x.input = data.value(QStringLiteral("input")).toMap();
        x.truncated = data.value(QStringLiteral("truncated")).toList();
        x.pinned = data.value(QStringLiteral("pinned")).toBool();
        if (data.contains(QStringLiteral("items")))
            x.items = data.value(QStringLiteral("items")).toInt();
        n.kept.append(x);
        ++n.total;
        if (n.kept.size() > KeepPerNode)
            n.kept.removeFirst();
        return;
    }
    case RunEventType::NodeFinished:
        if (NodeExecution *x = open(e.nodeId, e.token)) {
            x->state = NodeExecution::State::Done;
            x->endedUs = e.elapsedUs;
            x->outputs = e.data;
        }
        return;
    case RunEventType::NodeFailed:
        if (NodeExecution *x = open(e.nodeId, e.token)) {
            x->state = NodeExecution::State::Failed;
            x->endedUs = e.elapsedUs;
            x->error = e.message;
        }
        return;
    case RunEventType::RunFailed:
        // A node that failed the run: its error is the run's (node.failed comes only when
        // on_error: continue lets the run go on).
        if (NodeExecution *x = open(e.nodeId, e.token); x && x->state == NodeExecution::State::Running) {
            x->state = NodeExecution::State::Failed;
            x->endedUs = e.elapsedUs;
            x->error = e.message;
        }
        return;
    case RunEventType::NodeRetry:
        if (NodeExecution *x = open(e.nodeId, e.token)) {
            ++x->retries;
            x->error = e.message;
        }
        return;
    case RunEventType::NodeUsage:
        if (NodeExecution *x = open(e.nodeId, e.token)) {
            x->promptTokens += data.value(QStringLiteral("prompt_tokens")).toLongLong();
            x->completionTokens += data.value(QStringLiteral("completion_tokens")).toLongLong();
            if (const QString currency = data.value(QStringLiteral("currency")).toString(); !currency.isEmpty()) {
                x->cost += data.value(QStringLiteral("cost")).toDouble();
                x->currency = currency;
            }
        }
        return;
    case RunEventType::NodeItem:
        if (NodeExecution *x = open(e.nodeId, e.token)) {
            NodeItemCall c;
            c.item = data.value(QStringLiteral("item")).toInt();
            c.input = data.value(QStringLiteral("input")).toMap();
            c.outputs = data.value(QStringLiteral("outputs")).toMap();
            c.error = data.value(QStringLiteral("error")).toString();
            x->itemCalls.append(c);
        }
        return;
    case RunEventType::InteractionAnswered:
        if (NodeExecution *x = open(e.nodeId, e.token))
            x->outputs = e.data;
        return;
    default:
        return;
    }
}

NodeExecutions NodeExecutions::upTo(const QList<RunEvent> &events, qsizetype count)
{
    NodeExecutions x;
    const qsizetype n = std::min(count, events.size());
    for (qsizetype i = 0; i < n; ++i)
        x.apply(events.at(i));
    return x;
}

void NodeExecutions::clear()
{
    m_nodes.clear();
}

int NodeExecutions::number(const QString &nodeId, int i) const
{
    const PerNode n = m_nodes.value(nodeId);
    return n.total - int(n.kept.size()) + i + 1;
}

} // namespace capgraph
