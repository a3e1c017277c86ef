#include "plan/PlanLayout.h"

#include "layout/LayeredLayout.h"
#include "plan/PlanTopology.h"

#include <QHash>

#include <numeric>

namespace capgraph {

using namespace capgraph::layout;

PlanLayoutResult PlanLayout::run(const Plan &plan, bool lanes, const QList<QSizeF> &sizes)
{
    return run(plan, PlanTopology(plan), lanes, sizes);
}

PlanLayoutResult PlanLayout::run(const Plan &plan, const PlanTopology &topology, bool lanes, const QList<QSizeF> &sizes)
{
    PlanLayoutResult out;
    if (plan.tasks.isEmpty())
        return out;
    // Lanes follow the participants' order: put each participant's tasks in the order the
    // bands should appear (LayeredLayout orders bands by first appearance).
    QHash<QString, int> rank;
    for (const PlanParticipant &p : plan.participants)
        if (!rank.contains(p.agentId))
            rank.insert(p.agentId, int(rank.size()));
    QList<int> order(plan.tasks.size());
    std::iota(order.begin(), order.end(), 0);
    if (lanes)
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            const auto r = [&](int t) {
                const QString &id = plan.tasks.at(t).assigneeId;
                return id.isEmpty() ? int(rank.size()) + 1 : rank.value(id, int(rank.size()));
            };
            return r(a) < r(b);
        });
    QList<LayoutNode> nodes;
    QList<int> taskOfNode;
    for (int t : order) {
        LayoutNode n;
        n.id = QStringLiteral("#%1").arg(t); // task ids may repeat: the index is unique
        const QSizeF size = t < sizes.size() ? sizes.at(t) : QSizeF(CardWidth, CardHeight);
        n.width = size.width();
        n.height = size.height();
        n.group = plan.tasks.at(t).assigneeId;
        nodes.append(n);
        taskOfNode.append(t);
    }
    QList<LayoutEdge> edges;
    for (const auto &[a, b] : topology.edges())
        edges.append(LayoutEdge{QStringLiteral("#%1").arg(a), QStringLiteral("#%1").arg(b), false});
    LayoutOptions options;
    options.nodeSep = 28;
    options.layerSep = 90;
    options.lanes = lanes;
    const LayoutResult r = LayeredLayout::run(nodes, edges, options);
    out.centers.resize(plan.tasks.size());
    const auto sizeOf = [&](int t) { return t < sizes.size() ? sizes.at(t) : QSizeF(CardWidth, CardHeight); };
    if (!r.ok) { // cannot happen for valid input; a column keeps the viewer usable
        double y = 0;
        for (int t = 0; t < plan.tasks.size(); ++t) {
            out.centers[t] = QPointF(sizeOf(t).width() / 2, y + sizeOf(t).height() / 2);
            y += sizeOf(t).height() + 28;
        }
    } else {
        for (int k = 0; k < nodes.size(); ++k)
            out.centers[taskOfNode.at(k)] = r.centers.at(k);
        for (const LayoutLane &l : r.lanes)
            out.lanes.append(PlanLane{l.key, l.band});
    }
    for (int t = 0; t < out.centers.size(); ++t) {
        const QPointF c = out.centers.at(t);
        const QSizeF s = sizeOf(t);
        out.bounds = out.bounds.united(QRectF(c.x() - s.width() / 2, c.y() - s.height() / 2, s.width(), s.height()));
    }
    for (const PlanLane &l : std::as_const(out.lanes))
        out.bounds = out.bounds.united(l.band);
    return out;
}

} // namespace capgraph
