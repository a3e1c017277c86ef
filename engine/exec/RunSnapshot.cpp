#include "exec/RunSnapshot.h"

#include "exec/PendingInteraction.h"

namespace capgraph {

QString nodeRunStateName(NodeRunState state)
{
    switch (state) {
    case NodeRunState::Pending: return QStringLiteral("pending");
    case NodeRunState::Running: return QStringLiteral("running");
    case NodeRunState::Waiting: return QStringLiteral("waiting");
    case NodeRunState::Done: return QStringLiteral("done");
    case NodeRunState::Failed: return QStringLiteral("failed");
    case NodeRunState::Skipped: return QStringLiteral("skipped");
    case NodeRunState::ForcedExit: return QStringLiteral("forced-exit");
    }
    return QString();
}

QString RunSnapshot::callingNode(const RunEvent &e)
{
    return e.path.isEmpty() ? e.nodeId : PendingInteraction::nodeOfId(e.path.constFirst()); // "map[2]", "draft#2": of map, of draft
}

void RunSnapshot::apply(const RunEvent &e)
{
    if (!e.path.isEmpty()) {
        // A child run's (a composite capability): its own graph's nodes. Only what its calling
        // node shows counts here: a question down there makes that node, and the run, wait.
        if (e.type != RunEventType::InteractionRequested && e.type != RunEventType::InteractionAnswered)
            return;
        ++m_events;
        NodeRunInfo &caller = m_nodes[callingNode(e)];
        if (e.type == RunEventType::InteractionRequested) {
            ++m_asking;
            caller.state = NodeRunState::Waiting;
            caller.message = (e.path.mid(1) + QStringList{e.nodeId}).join(QLatin1Char('/'));
            if (m_status == RunStatus::Running)
                m_status = RunStatus::WaitingForInput;
        } else {
            m_asking = std::max(0, m_asking - 1);
            if (caller.state == NodeRunState::Waiting)
                caller.state = NodeRunState::Running;
            caller.message.clear();
            if (m_status == RunStatus::WaitingForInput && m_asking == 0)
                m_status = RunStatus::Running;
        }
        return;
    }
    ++m_events;
    m_steps = std::max(m_steps, e.step);
    m_elapsedUs = std::max(m_elapsedUs, e.elapsedUs);
    NodeRunInfo *n = e.nodeId.isEmpty() ? nullptr : &m_nodes[e.nodeId];
    if (n)
        n->lastStep = e.step;
    switch (e.type) {
    case RunEventType::RunStarted:
        m_context.input = e.data.toMap();
        m_status = RunStatus::Running;
        break;
    case RunEventType::NodeUsage: {
        const QVariantMap usage = e.data.toMap();
        n->promptTokens += usage.value(QStringLiteral("prompt_tokens")).toLongLong();
        n->completionTokens += usage.value(QStringLiteral("completion_tokens")).toLongLong();
        if (const QString currency = usage.value(QStringLiteral("currency")).toString(); !currency.isEmpty()) {
            n->cost += usage.value(QStringLiteral("cost")).toDouble();
            n->currency = currency; // a node has one price in a run
        }
        break;
    }
    case RunEventType::NodeProgress:
        n->progress = std::clamp(e.data.toMap().value(QStringLiteral("fraction"), -1.0).toDouble(), -1.0, 1.0);
        n->progressText = e.message;
        break;
    case RunEventType::NodeStarted:
        n->progress = -1;
        n->progressText.clear();
        n->state = NodeRunState::Running;
        ++n->active;
        ++n->visits;
        n->iteration = e.iteration;
        n->message.clear();
        if (m_pausedAt == e.nodeId)
            m_pausedAt.clear();
        break;
    case RunEventType::NodeFinished: {
        n->active = std::max(0, n->active - 1);
        const QVariantMap data = e.data.toMap();
        if (data.value(QStringLiteral("forced_exit")).toBool())
            n->state = NodeRunState::ForcedExit;
        else
            n->state = n->active > 0 ? NodeRunState::Running : NodeRunState::Done; // another execution still under way
        if (!data.isEmpty() && !data.contains(QStringLiteral("forced_exit")))
            m_context.outputs.insert(e.nodeId, data);
        break;
    }
    case RunEventType::NodeFailed:
        // on_error: continue or a background branch: failed all the same, the run goes on.
        n->active = std::max(0, n->active - 1);
        n->state = NodeRunState::Failed;
        n->message = e.message;
        break;
    case RunEventType::NodeSkipped:
        if (n->state == NodeRunState::Pending)
            n->state = NodeRunState::Skipped;
        n->message = e.message;
        break;
    case RunEventType::NodeWaiting: // for a person, or a join for its other branches
        n->state = NodeRunState::Waiting;
        n->message = e.message;
        break;
    case RunEventType::InteractionRequested:
        ++m_asking;
        if (m_status == RunStatus::Running)
            m_status = RunStatus::WaitingForInput;
        break;
    case RunEventType::InteractionAnswered:
        m_asking = std::max(0, m_asking - 1);
        if (m_status == RunStatus::WaitingForInput && m_asking == 0)
            m_status = RunStatus::Running;
        break;
    case RunEventType::EdgeTraversed:
        ++m_edges[{e.from, e.to}];
        m_edgeBefore = m_lastEdge;
        m_lastEdge = {e.from, e.to};
        break;
    case RunEventType::VariableChanged: {
        if (!e.message.contains(QLatin1Char('.'))) { // a bare name, edited while paused
            m_context.variables.insert(e.message, e.data);
            break;
        }
        const QString name = e.message.section(QLatin1Char('.'), 1);
        m_context.variables.insert(name.isEmpty() ? e.message : name, e.data);
        const QString node = e.message.section(QLatin1Char('.'), 0, 0);
        if (!name.isEmpty()) {
            QVariantMap outputs = m_context.outputs.value(node).toMap();
            outputs.insert(name, e.data);
            m_context.outputs.insert(node, outputs);
        }
        break;
    }
    case RunEventType::BreakpointHit:
        m_pausedAt = e.nodeId;
        m_status = RunStatus::Paused;
        break;
    case RunEventType::Paused:
        m_status = RunStatus::Paused;
        if (!e.nodeId.isEmpty()) // before this node (a step, or a pause between nodes)
            m_pausedAt = e.nodeId;
        break;
    case RunEventType::Resumed:
        m_status = RunStatus::Running;
        m_pausedAt.clear();
        break;
    case RunEventType::RunFinished:
    case RunEventType::RunFailed:
    case RunEventType::RunCancelled:
        m_status = e.type == RunEventType::RunFinished ? RunStatus::Finished
            : e.type == RunEventType::RunFailed        ? RunStatus::Failed
                                                       : RunStatus::Cancelled;
        if (e.type == RunEventType::RunFailed)
            m_error = e.message;
        m_pausedAt.clear();
        m_asking = 0;
        // Nothing runs or waits once the run is over (a cancelled call, an unanswered question).
        for (NodeRunInfo &info : m_nodes) {
            info.active = 0;
            if (info.state == NodeRunState::Running || info.state == NodeRunState::Waiting)
                info.state = NodeRunState::Pending;
        }
        break;
    default:
        break;
    }
}

RunSnapshot RunSnapshot::upTo(const QList<RunEvent> &events, qsizetype count)
{
    RunSnapshot s;
    count = std::clamp<qsizetype>(count, 0, events.size());
    for (qsizetype i = 0; i < count; ++i)
        s.apply(events.at(i));
    return s;
}

} // namespace capgraph
