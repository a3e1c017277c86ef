#include "metrics/GraphMetrics.h"

#include "analysis/GraphTopology.h"

#include <QSet>

#include <algorithm>
#include <cmath>

namespace capgraph {

QString complexityLevelName(ComplexityLevel level)
{
    switch (level) {
    case ComplexityLevel::Trivial: return QStringLiteral("Trivial");
    case ComplexityLevel::Simple: return QStringLiteral("Simple");
    case ComplexityLevel::Moderate: return QStringLiteral("Moderate");
    case ComplexityLevel::Complex: return QStringLiteral("Complex");
    case ComplexityLevel::VeryComplex: return QStringLiteral("Very Complex");
    }
    return {};
}

ComplexityLevel complexityLevelForScore(int score)
{
    if (score <= 20) return ComplexityLevel::Trivial;
    if (score <= 40) return ComplexityLevel::Simple;
    if (score <= 60) return ComplexityLevel::Moderate;
    if (score <= 80) return ComplexityLevel::Complex;
    return ComplexityLevel::VeryComplex;
}

namespace {

// Weight of one loop in the score: a loop that may run once adds 4.5, one that may run
// nine times or more (or is unbounded) the seed's full 15.
double loopWeight(int bound)
{
    if (bound <= 0)
        return 15.0;
    return 15.0 * std::min(1.0, std::log10(1.0 + bound));
}

} // namespace

GraphMetrics GraphMetrics::compute(const Graph &graph)
{
    GraphMetrics m;
    const GraphTopology t(graph);
    const int n = t.nodeCount();
    m.nodeCount = n;
    m.edgeCount = int(t.validFlowEdges().size());
    m.connectedComponents = n == 0 ? 0 : t.weakComponentCount();
    m.cyclomaticComplexity = m.edgeCount - m.nodeCount + 2 * m.connectedComponents;

    // Branch factor.
    int withSuccessors = 0;
    for (int i = 0; i < n; ++i)
        if (!t.outEdges(i).isEmpty())
            ++withSuccessors;
    m.branchFactor = withSuccessors ? double(m.edgeCount) / withSuccessors : 0.0;

    // Loops and their bounds: loop_start nodes, iteration edges not closing into a
    // loop_start, iterative skills.
    QList<int> bounds;
    for (const Node &node : graph.nodes) {
        if (node.kind == NodeKind::LoopStart)
            bounds.append(node.maxIterations.value_or(0));
        else if (node.kind == NodeKind::Skill && node.executionMode == QLatin1String("iterative"))
            bounds.append(node.maxIterations.value_or(0));
        if (isInteraction(node.kind))
            ++m.interactionCount;
    }
    for (const Edge &e : graph.edges) {
        if (e.kind != EdgeKind::Iteration)
            continue;
        const Node *target = graph.node(e.to);
        if (!target || target->kind != NodeKind::LoopStart)
            bounds.append(e.maxCount.value_or(0));
    }
    m.loopCount = int(bounds.size());
    for (int b : bounds) {
        m.maxIterations = std::max(m.maxIterations, b);
        m.loopScore += loopWeight(b);
    }

    // Parallel branches: every branch a parallel_split starts, and every background edge.
    for (int i = 0; i < n; ++i)
        if (graph.nodes.at(i).kind == NodeKind::ParallelSplit)
            m.parallelBranches += int(t.outEdges(i).size());
    for (int e : t.validFlowEdges()) {
        const FlowEdge &f = t.flowEdges().at(e);
        if (f.origin == FlowEdge::Origin::Edge && graph.edges.at(f.edgeIndex).isBackground()
            && graph.nodes.at(t.sourceOf(e)).kind != NodeKind::ParallelSplit)
            ++m.parallelBranches;
    }

    // Nesting depth: a node's depth is the number of regions around it. A node with two or
    // more forward successors opens a region that closes at its immediate post-dominator;
    // a loop_start opens one holding the rest of its cycle.
    if (n > 0) {
        const QList<int> ipdom = t.immediatePostDominators();
        QList<int> depth(n, 0);
        for (int s = 0; s < n; ++s) {
            const Node &node = graph.nodes.at(s);
            QSet<int> forward;
            for (int e : t.outEdges(s))
                if (!t.backEdges().at(e))
                    forward.insert(t.targetOf(e));
            if (node.kind == NodeKind::LoopStart && t.onCycle(s)) {
                const int c = t.componentOf().at(s);
                for (int v = 0; v < n; ++v)
                    if (v != s && t.componentOf().at(v) == c)
                        ++depth[v];
            }
            if (forward.size() < 2)
                continue;
            const int stop = ipdom.at(s);
            QList<bool> seen(n, false);
            QList<int> stack(forward.cbegin(), forward.cend());
            for (int v : stack)
                seen[v] = true;
            while (!stack.isEmpty()) {
                const int v = stack.takeLast();
                if (v == stop || v == s)
                    continue;
                ++depth[v];
                for (int e : t.outEdges(v)) {
                    const int w = t.targetOf(e);
                    if (!t.backEdges().at(e) && !seen.at(w)) {
                        seen[w] = true;
                        stack.append(w);
                    }
                }
            }
        }
        m.maxDepth = *std::max_element(depth.cbegin(), depth.cend());
    }

    // Estimated duration: longest start -> end path by edge weight (parallel branches
    // overlap), plus each loop's body repeated up to its bound.
    QList<double> weight(t.flowEdges().size(), 1.0);
    for (int e = 0; e < t.flowEdges().size(); ++e) {
        const FlowEdge &f = t.flowEdges().at(e);
        if (f.origin == FlowEdge::Origin::Edge && graph.edges.at(f.edgeIndex).weight)
            weight[e] = *graph.edges.at(f.edgeIndex).weight;
    }
    const QList<int> starts = t.nodesOfKind(graph, NodeKind::Start);
    if (!starts.isEmpty()) {
        const QList<double> dist = t.longestPathsFrom(weight, starts.first());
        double best = 0;
        for (int i = 0; i < n; ++i)
            if (graph.nodes.at(i).kind == NodeKind::End || t.outEdges(i).isEmpty())
                best = std::max(best, dist.at(i));
        for (int e : t.validFlowEdges()) {
            if (!t.backEdges().at(e) || dist.at(t.targetOf(e)) < 0)
                continue;
            const int head = t.targetOf(e), tail = t.sourceOf(e);
            const Node &h = graph.nodes.at(head);
            int bound = 1;
            if (h.kind == NodeKind::LoopStart && h.maxIterations)
                bound = *h.maxIterations;
            const FlowEdge &f = t.flowEdges().at(e);
            if (f.origin == FlowEdge::Origin::Edge && graph.edges.at(f.edgeIndex).maxCount)
                bound = *graph.edges.at(f.edgeIndex).maxCount;
            const QList<double> body = t.longestPathsFrom(weight, head);
            const double bodyCost = std::max(0.0, body.at(tail)) + weight.at(e);
            best += (bound - 1) * bodyCost;
        }
        for (const Node &node : graph.nodes)
            if (node.kind == NodeKind::Skill && node.executionMode == QLatin1String("iterative") && node.maxIterations)
                best += *node.maxIterations - 1;
        m.estimatedDuration = best;
    }

    m.structureScore = 10.0 * m.cyclomaticComplexity;
    m.interactionScore = 20.0 * m.interactionCount;
    m.parallelScore = 5.0 * m.parallelBranches;
    const double raw = m.structureScore + m.loopScore + m.interactionScore + m.parallelScore;
    m.complexityScore = int(std::lround(std::clamp(raw, 0.0, 100.0)));
    m.level = complexityLevelForScore(m.complexityScore);
    return m;
}

QJsonObject GraphMetrics::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("nodeCount"), nodeCount);
    o.insert(QStringLiteral("edgeCount"), edgeCount);
    o.insert(QStringLiteral("connectedComponents"), connectedComponents);
    o.insert(QStringLiteral("cyclomaticComplexity"), cyclomaticComplexity);
    o.insert(QStringLiteral("maxDepth"), maxDepth);
    o.insert(QStringLiteral("branchFactor"), std::round(branchFactor * 100) / 100);
    o.insert(QStringLiteral("maxIterations"), maxIterations);
    o.insert(QStringLiteral("loopCount"), loopCount);
    o.insert(QStringLiteral("interactionCount"), interactionCount);
    o.insert(QStringLiteral("parallelBranches"), parallelBranches);
    o.insert(QStringLiteral("estimatedDuration"), estimatedDuration);
    QJsonObject terms;
    terms.insert(QStringLiteral("structure"), std::round(structureScore * 100) / 100);
    terms.insert(QStringLiteral("loops"), std::round(loopScore * 100) / 100);
    terms.insert(QStringLiteral("interactions"), interactionScore);
    terms.insert(QStringLiteral("parallel"), parallelScore);
    o.insert(QStringLiteral("scoreTerms"), terms);
    o.insert(QStringLiteral("complexityScore"), complexityScore);
    o.insert(QStringLiteral("level"), complexityLevelName(level));
    return o;
}

} // namespace capgraph
