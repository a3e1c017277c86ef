#include "analysis/PathCostModel.h"

#include "analysis/GraphTopology.h"

#include <algorithm>
#include <cmath>

namespace capgraph {

QString pathDepthName(PathDepth depth)
{
    return depth == PathDepth::Thorough ? QStringLiteral("thorough") : QStringLiteral("quick");
}

std::optional<PathDepth> pathDepthFromName(QStringView name)
{
    if (name.compare(QLatin1String("quick"), Qt::CaseInsensitive) == 0)
        return PathDepth::Quick;
    if (name.compare(QLatin1String("thorough"), Qt::CaseInsensitive) == 0)
        return PathDepth::Thorough;
    return std::nullopt;
}

double PathCostModel::qualityThresholdFor(PathDepth depth)
{
    // The seed: qualityThreshold: context.preferredDepth === 'thorough' ? 0.8 : 0.5
    return depth == PathDepth::Thorough ? 0.8 : 0.5;
}

PathCostModel PathCostModel::build(const Graph &graph, const GraphTopology &t, PathDepth depth)
{
    PathCostModel m;
    m.depth = depth;
    m.qualityThreshold = qualityThresholdFor(depth);
    const int n = t.nodeCount();
    const QList<FlowEdge> &flow = t.flowEdges();
    const qsizetype flowCount = flow.size();

    auto error = [&m](const QString &code, const QString &message, const SourceLocation &loc, const QString &node,
                      int edge) {
        Diagnostic d = Diagnostic::make(Severity::Error, code, TranslatableText::verbatim(message), QString(), loc.line, loc.column);
        d.nodeId = node;
        d.edgeIndex = edge;
        m.diagnostics.append(d);
    };

    // Edges: time is the written weight; cost is the seed's adjustWeights().
    m.edgeTime = QList<double>(flowCount, 1.0);
    m.edgeCost = QList<double>(flowCount, 1.0);
    m.edgeUsable = QList<bool>(flowCount, false);
    for (qsizetype e = 0; e < flowCount; ++e) {
        const FlowEdge &f = flow.at(e);
        bool background = false;
        if (f.origin == FlowEdge::Origin::Edge) {
            const Edge &edge = graph.edges.at(f.edgeIndex);
            background = edge.isBackground();
            if (edge.weight) {
                if (!std::isfinite(*edge.weight) || *edge.weight < 0)
                    error(QStringLiteral("bad-number"),
                          QStringLiteral("edge %1 -> %2: weight must be a finite number >= 0").arg(edge.from, edge.to),
                          edge.locationOf(QStringLiteral("weight")), QString(), f.edgeIndex);
                else
                    m.edgeTime[e] = *edge.weight;
            }
        }
        const int src = t.sourceOf(int(e)), dst = t.targetOf(int(e));
        double factor = 1.0;
        if (depth == PathDepth::Quick && f.kind == EdgeKind::Iteration)
            factor = 2.0; // the user is in a hurry: penalise iteration
        else if (depth == PathDepth::Thorough && dst >= 0 && isInteraction(graph.nodes.at(dst).kind))
            factor = 0.5; // the user wants detail: encourage interaction
        m.edgeCost[e] = m.edgeTime.at(e) * factor;
        m.edgeUsable[e] = src >= 0 && dst >= 0 && f.kind != EdgeKind::Iteration && !background
                          && graph.nodes.at(src).kind != NodeKind::End;
    }

    // Nodes: quality, and the repeats a node brings.
    m.nodeTime = QList<double>(n, 0.0);
    m.nodeCost = QList<double>(n, 0.0);
    m.nodeQuality = QList<double>(n, 1.0);
    m.nodeAllowed = QList<bool>(n, true);
    const QString qualityKey = QStringLiteral("quality");
    for (int v = 0; v < n; ++v) {
        const Node &node = graph.nodes.at(v);
        if (node.extra.contains(qualityKey)) {
            const QVariant q = node.extra.value(qualityKey);
            const bool numeric = q.typeId() == QMetaType::Double || q.typeId() == QMetaType::LongLong;
            const double value = numeric ? q.toDouble() : -1;
            SourceLocation loc = node.location;
            for (const ExtraFields::Field &field : node.extra.fields())
                if (field.key == qualityKey)
                    loc = field.location;
            if (!numeric || !std::isfinite(value) || value < 0 || value > 1)
                error(QStringLiteral("bad-quality"),
                      QStringLiteral("node '%1': quality must be a number from 0 to 1, found '%2'")
                          .arg(node.id, node.extra.yaml(qualityKey).trimmed()),
                      loc, node.id, -1);
            else
                m.nodeQuality[v] = value;
        }
        m.nodeAllowed[v] = m.nodeQuality.at(v) >= m.qualityThreshold;
        // An iterative skill may be called up to max_iterations times: one cost unit per
        // repeat, as in the metrics; the quick penalty on iteration applies to them too.
        if (node.kind == NodeKind::Skill && node.executionMode == QLatin1String("iterative") && node.maxIterations) {
            const double repeats = std::max(0, *node.maxIterations - 1);
            m.nodeTime[v] += repeats;
            m.nodeCost[v] += repeats * (depth == PathDepth::Quick ? 2.0 : 1.0);
        }
    }

    // Loops: a path that enters a loop head may go round the loop up to its bound. Each back
    // edge adds (bound - 1) x its body (the longest way from the head to the back edge, plus
    // the back edge) to the head, in time and in cost.
    for (int e : t.validFlowEdges()) {
        if (!t.backEdges().at(e))
            continue;
        const int head = t.targetOf(e), tail = t.sourceOf(e);
        const Node &h = graph.nodes.at(head);
        int bound = 1;
        if (h.kind == NodeKind::LoopStart && h.maxIterations)
            bound = *h.maxIterations;
        const FlowEdge &f = flow.at(e);
        if (f.origin == FlowEdge::Origin::Edge && graph.edges.at(f.edgeIndex).maxCount)
            bound = *graph.edges.at(f.edgeIndex).maxCount;
        if (bound <= 1)
            continue;
        const double bodyTime = std::max(0.0, t.longestPathsFrom(m.edgeTime, head).at(tail)) + m.edgeTime.at(e);
        const double bodyCost = std::max(0.0, t.longestPathsFrom(m.edgeCost, head).at(tail)) + m.edgeCost.at(e);
        m.nodeTime[head] += (bound - 1) * bodyTime;
        m.nodeCost[head] += (bound - 1) * bodyCost;
    }
    return m;
}

} // namespace capgraph
