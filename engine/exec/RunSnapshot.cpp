#include "exec/RunSnapshot.h"

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

void RunSnapshot::apply(const RunEvent &e)
{
    ++m_events;
    m_steps = std::max(m_steps, e.step);
    m_elapsedUs = std::max(m_elapsedUs, e.elapsedUs);
    NodeRunInfo *n = e.nodeId.isEmpty() ? nullptr : &m_nodes[e.nodeId];
    if (n)
        n->lastStep = e.step;
    switch (e.type) {
    case RunEventType::RunStarted:
        m_input = e.data.toMap();
        m_status = QStringLiteral("running");
        break;
    case RunEventType::NodeStarted:
        n->state = NodeRunState::Running;
        ++n->visits;
        n->iteration = e.iteration;
        n->message.clear();
        if (m_pausedAt == e.nodeId)
            m_pausedAt.clear();
        break;
    case RunEventType::NodeFinished:
        n->state = e.message == QLatin1String("forced exit") ? NodeRunState::ForcedExit : NodeRunState::Done;
        if (e.data.typeId() == QMetaType::QVariantMap && !e.data.toMap().isEmpty())
            m_outputs.insert(e.nodeId, e.data.toMap());
        break;
    case RunEventType::NodeFailed:
        // on_error: continue or a background branch: failed all the same, the run goes on.
        n->state = NodeRunState::Failed;
        n->message = e.message;
        break;
    case RunEventType::NodeSkipped:
        if (n->state == NodeRunState::Pending)
            n->state = NodeRunState::Skipped;
        n->message = e.message;
        break;
    case RunEventType::NodeWaiting:
        n->state = NodeRunState::Waiting;
        n->message = e.message;
        if (m_status == QLatin1String("running"))
            m_status = QStringLiteral("waiting");
        break;
    case RunEventType::InteractionAnswered:
        if (m_status == QLatin1String("waiting"))
            m_status = QStringLiteral("running");
        break;
    case RunEventType::EdgeTraversed:
        ++m_edges[{e.from, e.to}];
        m_lastEdge = {e.from, e.to};
        break;
    case RunEventType::VariableChanged: {
        const QString name = e.message.section(QLatin1Char('.'), 1);
        m_variables.insert(name.isEmpty() ? e.message : name, e.data);
        const QString node = e.message.section(QLatin1Char('.'), 0, 0);
        if (!name.isEmpty()) {
            QVariantMap outputs = m_outputs.value(node).toMap();
            outputs.insert(name, e.data);
            m_outputs.insert(node, outputs);
        }
        break;
    }
    case RunEventType::BreakpointHit:
        m_pausedAt = e.nodeId;
        m_status = QStringLiteral("paused");
        break;
    case RunEventType::Paused:
        m_status = QStringLiteral("paused");
        break;
    case RunEventType::Resumed:
        m_status = QStringLiteral("running");
        m_pausedAt.clear();
        break;
    case RunEventType::RunFinished:
        m_status = QStringLiteral("finished");
        m_pausedAt.clear();
        break;
    case RunEventType::RunFailed:
        m_status = QStringLiteral("failed");
        m_error = e.message;
        break;
    case RunEventType::RunCancelled:
        m_status = QStringLiteral("cancelled");
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

QVariantMap RunSnapshot::context() const
{
    return {{QStringLiteral("input"), m_input}, {QStringLiteral("outputs"), m_outputs}, {QStringLiteral("variables"), m_variables}};
}

} // namespace capgraph
