#include "model/Graph.h"

#include <QCoreApplication>

#include <QSet>

namespace capgraph {

int Graph::indexOfNode(const QString &nodeId) const
{
    for (int i = 0; i < nodes.size(); ++i)
        if (nodes.at(i).id == nodeId)
            return i;
    return -1;
}

const Node *Graph::node(const QString &nodeId) const
{
    const int i = indexOfNode(nodeId);
    return i < 0 ? nullptr : &nodes.at(i);
}

Node *Graph::node(const QString &nodeId)
{
    const int i = indexOfNode(nodeId);
    return i < 0 ? nullptr : &nodes[i];
}

QList<FlowEdge> Graph::flowEdges() const
{
    QList<FlowEdge> flow;
    flow.reserve(edges.size() + nodes.size());
    QSet<QPair<QString, QString>> explicitPairs;
    for (int i = 0; i < edges.size(); ++i) {
        const Edge &e = edges.at(i);
        FlowEdge f;
        f.from = e.from;
        f.to = e.to;
        f.origin = FlowEdge::Origin::Edge;
        f.kind = e.kind;
        f.edgeIndex = i;
        flow.append(f);
        explicitPairs.insert({e.from, e.to});
    }
    for (const Node &n : nodes) {
        if (n.kind != NodeKind::Branch)
            continue;
        QSet<QString> seen;
        for (int c = 0; c < n.conditions.size(); ++c) {
            const QString &target = n.conditions.at(c).target;
            if (target.isEmpty() || explicitPairs.contains({n.id, target}) || seen.contains(target))
                continue;
            seen.insert(target);
            FlowEdge f;
            f.from = n.id;
            f.to = target;
            f.origin = FlowEdge::Origin::Condition;
            f.kind = EdgeKind::Conditional;
            f.conditionIndex = c;
            flow.append(f);
        }
        if (!n.defaultTarget.isEmpty() && !explicitPairs.contains({n.id, n.defaultTarget})
            && !seen.contains(n.defaultTarget)) {
            FlowEdge f;
            f.from = n.id;
            f.to = n.defaultTarget;
            f.origin = FlowEdge::Origin::Default;
            f.kind = EdgeKind::Conditional;
            flow.append(f);
        }
    }
    return flow;
}

QString Graph::flowLabel(const FlowEdge &flow, const Node *source, bool translated) const
{
    if (flow.origin == FlowEdge::Origin::Condition) {
        const Node *branch = source ? source : node(flow.from);
        if (branch && flow.conditionIndex >= 0 && flow.conditionIndex < branch->conditions.size()) {
            const BranchCondition &c = branch->conditions.at(flow.conditionIndex);
            return c.name.isEmpty() ? c.expression : c.name;
        }
        return {};
    }
    const auto say = [translated](const char *text) {
        return translated ? QCoreApplication::translate("capgraph::EdgeLabel", text) : QString::fromUtf8(text);
    };
    if (flow.origin == FlowEdge::Origin::Default)
        return say(QT_TRANSLATE_NOOP("capgraph::EdgeLabel", "default"));
    if (flow.edgeIndex < 0 || flow.edgeIndex >= edges.size())
        return {};
    const Edge &e = edges.at(flow.edgeIndex);
    switch (e.kind) {
    case EdgeKind::Conditional: return e.condition;
    case EdgeKind::Iteration: return e.maxCount ? QStringLiteral("↺ ≤ %1").arg(*e.maxCount) : QStringLiteral("↺");
    case EdgeKind::Parallel:
        return e.syncRequired.value_or(true) ? say(QT_TRANSLATE_NOOP("capgraph::EdgeLabel", "∥ sync")) : say(QT_TRANSLATE_NOOP("capgraph::EdgeLabel", "∥ async"));
    default: break;
    }
    return e.weight ? say(QT_TRANSLATE_NOOP("capgraph::EdgeLabel", "w %1")).arg(*e.weight) : QString();
}

bool Graph::operator==(const Graph &o) const
{
    return id == o.id && name == o.name && version == o.version && description == o.description && inputs == o.inputs && pricing == o.pricing && preferredDepth == o.preferredDepth && availableTime == o.availableTime && nodes == o.nodes && edges == o.edges && frames == o.frames && notes == o.notes
        && metadata == o.metadata && extra == o.extra && documentExtra == o.documentExtra
        && headerComment == o.headerComment;
}

} // namespace capgraph
