#include "diff/GraphText.h"

#include "diff/GraphFields.h"
#include "diff/ValueChange.h"
#include "model/Graph.h"

#include <algorithm>

namespace capgraph {

namespace {

void appendFields(QStringList *out, const QString &owner, const QList<GraphFields::Field> &fields)
{
    for (const GraphFields::Field &f : fields)
        out->append(QStringLiteral("%1: %2: %3").arg(owner, f.name, ValueChange::valueText(f.value)));
}

QString edgeHead(const Edge &e)
{
    return QStringLiteral("edge %1 → %2 (%3)").arg(e.from, e.to, GraphFields::edgeType(e));
}

} // namespace

QString GraphText::of(const Graph &graph)
{
    QStringList out;
    appendFields(&out, QStringLiteral("graph"), GraphFields::ofGraph(graph));

    QList<const Node *> nodes;
    for (const Node &n : graph.nodes)
        nodes.append(&n);
    std::stable_sort(nodes.begin(), nodes.end(), [](const Node *a, const Node *b) { return a->id < b->id; });
    for (const Node *n : nodes) {
        out.append(QString());
        const QString owner = QStringLiteral("node ") + n->id;
        appendFields(&out, owner, GraphFields::ofNode(*n));
        for (int i = 0; i < n->conditions.size(); ++i) {
            const BranchCondition &c = n->conditions.at(i);
            const QString condition = QStringLiteral("%1: condition %2 %3").arg(owner).arg(i + 1).arg(c.name);
            const QList<GraphFields::Field> fields = GraphFields::ofCondition(c);
            if (fields.isEmpty())
                out.append(condition);
            appendFields(&out, condition, fields);
        }
    }

    // Edges sorted by what they join; the same edge twice keeps its file order.
    QList<const Edge *> edges;
    for (const Edge &e : graph.edges)
        edges.append(&e);
    std::stable_sort(edges.begin(), edges.end(), [](const Edge *a, const Edge *b) { return edgeHead(*a) < edgeHead(*b); });
    if (!edges.isEmpty())
        out.append(QString());
    for (const Edge *e : edges) {
        const QString head = edgeHead(*e);
        out.append(head);
        appendFields(&out, head, GraphFields::ofEdge(*e));
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace capgraph
