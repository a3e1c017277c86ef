#include "exec/ExecutorRoute_p.h"

#include "exec/Executor_p.h"

#include <QVariantList>

#include <cmath>
#include <tuple>

namespace capgraph {

namespace {
QString number(double v)
{
    return QString::number(v, 'g', 12);
}

bool better(const PathWayOut &a, const PathWayOut &b)
{
    return std::tie(a.cost, a.time, a.hops, a.flowEdge) < std::tie(b.cost, b.time, b.hops, b.flowEdge);
}

// The cheapest way that reaches an end, -1 when none does.
int cheapest(const QList<PathWayOut> &ways)
{
    int best = -1;
    for (int i = 0; i < ways.size(); ++i)
        if (ways.at(i).found && (best < 0 || better(ways.at(i), ways.at(best))))
            best = i;
    return best;
}
} // namespace

PathOptions ExecutorRoute::options() const
{
    return pathOptionsFor(d.graph, d.options.depth, d.options.budget);
}

bool ExecutorRoute::choose(int branch, Choice *out, TranslatableText *why)
{
    if (const auto known = m_chosen.constFind(branch); known != m_chosen.cend()) {
        *out = *known;
        return true;
    }
    const PathOptions context = options();
    if (!m_plan)
        m_plan = OptimalPath::find(d.graph, context);
    const QString id = d.cg.nodes.at(branch).id;
    const QList<FlowEdge> flows = d.graph.flowEdges();

    // On the path from the start: what it has spent when it gets here, and its next step.
    PathOptions rest = context;
    int planned = -1;
    if (m_plan->found) {
        for (const PathStep &s : std::as_const(m_plan->steps))
            if (s.nodeId == id) {
                rest.budget = std::max(0.0, context.budget - s.time);
                break;
            }
        for (int fe : std::as_const(m_plan->edgesTaken))
            if (flows.at(fe).from == id)
                planned = fe;
    }
    QList<PathWayOut> ways = OptimalPath::waysOut(d.graph, id, rest);
    int pick = -1;
    for (int i = 0; i < ways.size(); ++i)
        if (ways.at(i).flowEdge == planned && ways.at(i).found)
            pick = i;
    if (pick < 0)
        pick = cheapest(ways);
    bool overBudget = false;
    if (pick < 0 && std::isfinite(rest.budget)) {
        // Nothing fits what is left of the budget: the cheapest way regardless, said as a warning.
        PathOptions unbounded = rest;
        unbounded.budget = std::numeric_limits<double>::infinity();
        ways = OptimalPath::waysOut(d.graph, id, unbounded);
        pick = cheapest(ways);
        overBudget = pick >= 0;
    }
    if (pick < 0) {
        *why = CAPGRAPH_TR("capgraph::Run", "branch '%1' (select: optimal): no way out leads to an end at depth %2")
                   .arg(id, pathDepthName(context.depth));
        return false;
    }

    const PathWayOut &chosen = ways.at(pick);
    const FlowEdge &flow = flows.at(chosen.flowEdge);
    out->target = d.cg.index.value(chosen.target, -1);
    out->edge = flow.origin == FlowEdge::Origin::Edge ? flow.edgeIndex : -1;

    QStringList costs;
    QVariantList alternatives;
    for (const PathWayOut &w : std::as_const(ways)) {
        QVariantMap a;
        a.insert(QStringLiteral("target"), w.target);
        a.insert(QStringLiteral("found"), w.found);
        if (w.found) {
            a.insert(QStringLiteral("cost"), w.cost);
            a.insert(QStringLiteral("time"), w.time);
            a.insert(QStringLiteral("path"), w.path);
            costs << QStringLiteral("%1 %2 (time %3)").arg(w.target, number(w.cost), number(w.time));
        } else {
            costs << QStringLiteral("%1 —").arg(w.target);
        }
        alternatives.append(a);
    }
    const QString budget = std::isfinite(rest.budget) ? number(rest.budget) : QStringLiteral("none");
    if (overBudget)
        out->reason = CAPGRAPH_TR("capgraph::Run", "took '%1': no way fits the budget left (%2), so the cheapest (depth %3): %4")
                          .arg(chosen.target, budget, pathDepthName(context.depth), costs.join(QStringLiteral(", ")));
    else
        out->reason = CAPGRAPH_TR("capgraph::Run", "took '%1' on the cheapest path to an end (depth %2, budget left %3): %4")
                          .arg(chosen.target, pathDepthName(context.depth), budget, costs.join(QStringLiteral(", ")));
    out->data.insert(QStringLiteral("select"), QStringLiteral("optimal"));
    out->data.insert(QStringLiteral("depth"), pathDepthName(context.depth));
    if (std::isfinite(rest.budget))
        out->data.insert(QStringLiteral("budget"), rest.budget);
    out->data.insert(QStringLiteral("chosen"), chosen.target);
    out->data.insert(QStringLiteral("over_budget"), overBudget);
    out->data.insert(QStringLiteral("alternatives"), alternatives);
    m_chosen.insert(branch, *out);
    return true;
}

} // namespace capgraph
