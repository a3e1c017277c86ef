#include "analysis/OptimalPath.h"

#include "analysis/GraphTopology.h"
#include "analysis/OptimalPathSolver_p.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <queue>
#include <tuple>
#include <vector>

namespace capgraph {

QString pathFailureCode(PathFailure failure)
{
    switch (failure) {
    case PathFailure::None: return QString();
    case PathFailure::NoStart: return QStringLiteral("no-start");
    case PathFailure::MultipleStarts: return QStringLiteral("multiple-starts");
    case PathFailure::NoEnd: return QStringLiteral("no-end");
    case PathFailure::Unreachable: return QStringLiteral("unreachable");
    case PathFailure::BelowQuality: return QStringLiteral("below-quality");
    case PathFailure::OverBudget: return QStringLiteral("over-budget");
    case PathFailure::SearchLimit: return QStringLiteral("search-limit");
    }
    return QString();
}

namespace {

using namespace optimalpath;

QString idList(const QStringList &ids, int max = 4)
{
    QStringList quoted;
    for (qsizetype i = 0; i < ids.size() && i < max; ++i)
        quoted.append(QLatin1Char('\'') + ids.at(i) + QLatin1Char('\''));
    QString text = quoted.join(QStringLiteral(", "));
    if (ids.size() > max)
        text += QStringLiteral(" and %1 more").arg(ids.size() - max);
    return text;
}

// JSON carries what the text shows: sums of decimal weights without their last-bit noise
// (9.8, not 9.800000000000001).
QJsonValue jsonNumber(double v)
{
    return QJsonValue(QString::number(v, 'g', 12).toDouble());
}

} // namespace

QStringList PathResult::nodeIds() const
{
    QStringList ids;
    for (const PathStep &st : steps)
        ids.append(st.nodeId);
    return ids;
}

QJsonObject PathResult::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("depth"), pathDepthName(depth));
    o.insert(QStringLiteral("budget"), std::isfinite(budget) ? jsonNumber(budget) : QJsonValue());
    o.insert(QStringLiteral("quality_threshold"), jsonNumber(qualityThreshold));
    o.insert(QStringLiteral("found"), found);
    if (found) {
        o.insert(QStringLiteral("cost"), jsonNumber(cost));
        o.insert(QStringLiteral("time"), jsonNumber(time));
        o.insert(QStringLiteral("quality"), jsonNumber(quality));
        QJsonArray path;
        for (const PathStep &st : steps) {
            QJsonObject s;
            s.insert(QStringLiteral("node"), st.nodeId);
            s.insert(QStringLiteral("cost"), jsonNumber(st.cost));
            s.insert(QStringLiteral("time"), jsonNumber(st.time));
            s.insert(QStringLiteral("step_cost"), jsonNumber(st.stepCost));
            s.insert(QStringLiteral("step_time"), jsonNumber(st.stepTime));
            if (st.flowEdge >= 0)
                s.insert(QStringLiteral("flow_edge"), st.flowEdge);
            if (st.edge >= 0)
                s.insert(QStringLiteral("edge"), st.edge);
            if (!st.condition.isEmpty())
                s.insert(QStringLiteral("condition"), st.condition);
            if (st.quality < 1)
                s.insert(QStringLiteral("quality"), jsonNumber(st.quality));
            if (st.repeatCost > 0 || st.repeatTime > 0) {
                s.insert(QStringLiteral("repeat_cost"), jsonNumber(st.repeatCost));
                s.insert(QStringLiteral("repeat_time"), jsonNumber(st.repeatTime));
            }
            if (!st.split.isEmpty()) {
                s.insert(QStringLiteral("split"), st.split);
                s.insert(QStringLiteral("branch"), st.branch);
                s.insert(QStringLiteral("level"), st.level);
            }
            if (st.branchCount > 0)
                s.insert(QStringLiteral("branches"), st.branchCount);
            path.append(s);
        }
        o.insert(QStringLiteral("path"), path);
        QJsonArray flow;
        for (int e : edgesTaken)
            flow.append(e);
        o.insert(QStringLiteral("flow_edges"), flow);
    } else {
        o.insert(QStringLiteral("failure"), pathFailureCode(failure));
        o.insert(QStringLiteral("reason"), reason);
        if (hasCheapest) {
            QJsonObject c;
            c.insert(QStringLiteral("cost"), jsonNumber(cheapestCost));
            c.insert(QStringLiteral("time"), jsonNumber(cheapestTime));
            c.insert(QStringLiteral("path"), QJsonArray::fromStringList(cheapestPath));
            o.insert(QStringLiteral("cheapest"), c);
        }
        if (hasFastest)
            o.insert(QStringLiteral("fastest_time"), jsonNumber(fastestTime));
        if (!belowQualityNodes.isEmpty())
            o.insert(QStringLiteral("below_quality"), QJsonArray::fromStringList(belowQualityNodes));
    }
    o.insert(QStringLiteral("notes"), QJsonArray::fromStringList(notes));
    return o;
}

PathOptions pathOptionsFor(const Graph &graph, std::optional<PathDepth> depth, std::optional<double> budget)
{
    PathOptions o;
    if (depth)
        o.depth = *depth;
    else if (const auto fromGraph = pathDepthFromName(graph.preferredDepth))
        o.depth = *fromGraph;
    if (budget)
        o.budget = *budget;
    else if (graph.availableTime)
        o.budget = *graph.availableTime;
    return o;
}

PathResult OptimalPath::find(const Graph &graph, const PathOptions &options)
{
    PathResult result;
    result.depth = options.depth;
    result.budget = options.budget;
    const GraphTopology topo(graph);
    const PathCostModel model = PathCostModel::build(graph, topo, options.depth);
    result.qualityThreshold = model.qualityThreshold;
    if (!model.diagnostics.isEmpty()) {
        result.diagnostics = model.diagnostics;
        result.setReason(CAPGRAPH_TR("capgraph::Path", "the graph has invalid weights or qualities"));
        return result;
    }
    const QList<int> starts = topo.nodesOfKind(graph, NodeKind::Start);
    QStringList startIds;
    for (int s : starts)
        startIds.append(graph.nodes.at(s).id);
    if (starts.isEmpty()) {
        result.failure = PathFailure::NoStart;
        result.setReason(CAPGRAPH_TR("capgraph::Path", "the graph has no control.start node"));
        return result;
    }
    if (starts.size() > 1) {
        result.failure = PathFailure::MultipleStarts;
        result.setReason(CAPGRAPH_TR("capgraph::Path", "the graph has %1 control.start nodes (%2); a path needs exactly one")
                            .arg(starts.size())
                            .arg(idList(startIds)));
        return result;
    }
    if (topo.nodesOfKind(graph, NodeKind::End).isEmpty()) {
        result.failure = PathFailure::NoEnd;
        result.setReason(CAPGRAPH_TR("capgraph::Path", "the graph has no control.end node"));
        return result;
    }
    const int start = starts.first();
    const QString startId = graph.nodes.at(start).id;
    auto limitReason = [&](const Solver &s) {
        result.failure = PathFailure::SearchLimit;
        result.setReason(CAPGRAPH_TR("capgraph::Path", "the search gave up after %1 labels; the graph has too many "
                                       "equally good alternatives under this budget")
                            .arg(s.labelsCreated()));
    };

    Solver main(graph, topo, model, options.budget, false, true, options.labelLimit);
    result.found = main.solve(start, &result);
    result.notes = main.notes();
    if (result.found)
        return result;
    if (main.limitHit()) {
        limitReason(main);
        return result;
    }

    // Why not: first without the budget, then without the quality threshold.
    PathResult relaxed;
    if (std::isfinite(options.budget)) {
        Solver cheapest(graph, topo, model, kInf, false, true, options.labelLimit);
        if (cheapest.solve(start, &relaxed)) {
            PathResult fastestPath;
            Solver fastest(graph, topo, model, kInf, true, true, options.labelLimit);
            result.failure = PathFailure::OverBudget;
            result.hasCheapest = true;
            result.cheapestCost = relaxed.cost;
            result.cheapestTime = relaxed.time;
            result.cheapestPath = relaxed.nodeIds();
            result.hasFastest = fastest.solve(start, &fastestPath);
            result.fastestTime = fastestPath.time;
            result.setReason(CAPGRAPH_TR("capgraph::Path", "every start -> end path takes longer than the budget of %1: the fastest "
                                           "takes %2; the cheapest costs %3 and takes %4")
                                .arg(number(options.budget), number(result.fastestTime), number(relaxed.cost),
                                     number(relaxed.time)));
            return result;
        }
        if (cheapest.limitHit()) {
            limitReason(cheapest);
            return result;
        }
    }
    Solver anyQuality(graph, topo, model, kInf, false, false, options.labelLimit);
    if (anyQuality.solve(start, &relaxed)) {
        result.failure = PathFailure::BelowQuality;
        result.hasCheapest = true;
        result.cheapestCost = relaxed.cost;
        result.cheapestTime = relaxed.time;
        result.cheapestPath = relaxed.nodeIds();
        QStringList low;
        for (const PathStep &st : std::as_const(relaxed.steps))
            if (!model.nodeAllowed.at(st.node) && !low.contains(st.nodeId))
                low.append(st.nodeId);
        result.belowQualityNodes = low;
        QStringList described;
        for (const QString &id : std::as_const(low))
            described.append(QStringLiteral("%1 (%2)").arg(id, number(model.nodeQuality.at(graph.indexOfNode(id)))));
        result.setReason(CAPGRAPH_TR("capgraph::Path", "every start -> end path passes a node whose quality is below %1 (depth %2); "
                                       "the cheapest passes %3")
                            .arg(number(model.qualityThreshold), pathDepthName(options.depth),
                                 described.join(QStringLiteral(", "))));
        return result;
    }
    if (anyQuality.limitHit()) {
        limitReason(anyQuality);
        return result;
    }
    result.failure = PathFailure::Unreachable;
    result.setReason(CAPGRAPH_TR("capgraph::Path", "no control.end can be reached from '%1' (iteration and background edges are "
                                   "never steps of a path)")
                        .arg(startId));
    return result;
}

QList<PathWayOut> OptimalPath::waysOut(const Graph &graph, const QString &from, const PathOptions &options)
{
    QList<PathWayOut> ways;
    const GraphTopology topo(graph);
    const PathCostModel model = PathCostModel::build(graph, topo, options.depth);
    const int source = graph.indexOfNode(from);
    if (source < 0 || !model.diagnostics.isEmpty())
        return ways;
    for (int e : topo.validFlowEdges()) {
        if (topo.sourceOf(e) != source || !model.edgeUsable.at(e))
            continue;
        PathWayOut w;
        const int target = topo.targetOf(e);
        w.target = graph.nodes.at(target).id;
        w.flowEdge = e;
        const double edgeTime = model.edgeTime.at(e);
        if (fits(edgeTime, options.budget)) {
            // A fresh solver per way: each searches from its own target.
            Solver solver(graph, topo, model, options.budget - edgeTime, false, true, options.labelLimit);
            PathResult rest;
            if (solver.solve(target, &rest)) {
                w.found = true;
                w.cost = model.edgeCost.at(e) + rest.cost;
                w.time = edgeTime + rest.time;
                w.hops = 1 + int(rest.edgesTaken.size());
                w.path = rest.nodeIds();
            }
        }
        ways.append(w);
    }
    return ways;
}

} // namespace capgraph
