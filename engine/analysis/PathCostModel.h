#pragma once

#include "diagnostics/Diagnostic.h"
#include "model/Graph.h"

#include <QList>
#include <QString>

#include <optional>

namespace capgraph {

class GraphTopology;

// Seed 000's ExecutionContext.preferredDepth.
enum class PathDepth { Quick, Thorough };

QString pathDepthName(PathDepth depth);
std::optional<PathDepth> pathDepthFromName(QStringView name); // case-insensitive

// What a step of a path costs and takes under one depth (docs/path.md). Two measures:
//  - time: what the step is expected to take, in the graph's cost units (edge `weight`,
//    default 1: the units of `capgraph metrics`' estimated duration). The budget bounds it.
//  - cost: what the search minimises: the time re-weighted by the seed's adjustWeights()
//    (quick: iteration x 2; thorough: edges into interactions x 0.5).
// Edges carry their own measure; a node adds an extra on entry for the repeats it brings
// (a loop it heads, an iterative skill). Nodes whose `quality` is below the depth's
// threshold (quick 0.5, thorough 0.8) are not allowed on a path.
struct PathCostModel
{
    PathDepth depth = PathDepth::Quick;
    double qualityThreshold = 0.5;

    // Per flow edge, in Graph::flowEdges() order (== GraphTopology::flowEdges()).
    QList<double> edgeCost, edgeTime;
    // False for edges a path never takes: iteration edges (their repeats are paid by the
    // loop head), background edges (sync_required: false), dangling edges, edges out of an end.
    QList<bool> edgeUsable;

    // Per node, in Graph::nodes order: paid when a path enters the node.
    QList<double> nodeCost, nodeTime;
    QList<double> nodeQuality; // `quality`, default 1
    QList<bool> nodeAllowed;   // quality >= threshold

    // Errors that make the model meaningless: a `quality` that is not a number in [0, 1],
    // a negative or non-finite `weight`. Locations point into the file; `file` is left empty.
    Diagnostics diagnostics;

    static double qualityThresholdFor(PathDepth depth);
    static PathCostModel build(const Graph &graph, const GraphTopology &topology, PathDepth depth);
};

} // namespace capgraph
