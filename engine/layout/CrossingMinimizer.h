#pragma once

#include "layout/LayeredGraph.h"

namespace capgraph::layout {

struct CrossingOptions
{
    int maxSweeps = 24;         // down/up sweep pairs before giving up on improvement
    bool transpose = true;      // adjacent swaps after each sweep
    bool keepGroupsTogether = true; // nodes with the same group (>= 0) stay adjacent in a layer
    int seedOrders = 4;         // different initial orders tried (DFS/BFS from sources, ...), best kept
};

// Counts the crossings between two adjacent layers (Barth, Juenger, Mutzel 2002: accumulator
// tree, O(E log V)) and in the whole graph.
long long countCrossings(const LayeredGraph &g, int upperLayer);
long long countCrossings(const LayeredGraph &g);

// Reorders the nodes within each layer (g.layers) to reduce edge crossings: layer-by-layer
// sweeps with the weighted median heuristic (barycenter as a tie-break), transposition of
// adjacent nodes, several passes and initial orders, keeping the best ordering seen.
// Deterministic. Groups (same assignee) stay contiguous in every layer when requested.
void minimizeCrossings(LayeredGraph &g, const CrossingOptions &options = {});

} // namespace capgraph::layout
