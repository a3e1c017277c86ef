#pragma once

#include "layout/LayeredGraph.h"

namespace capgraph::layout {

struct CrossingOptions
{
    int maxSweeps = 24;         // down/up sweep pairs before giving up on improvement
    bool transpose = true;      // adjacent swaps after each sweep
    bool keepGroupsTogether = true; // nodes with the same group (>= 0) stay adjacent in a layer
    bool fixedGroupOrder = false;   // lanes: groups in ascending key order in every layer, ungrouped last
    int seedOrders = 0;         // initial orders tried (given, DFS/BFS from sources, shuffles), best kept; 0 = by size
    bool sifting = true;        // sift every seed's result (with equal moves, then strict)
    int siftPasses = 6;         // at most this many sifting passes of each kind
};

// Counts the crossings between two adjacent layers (Barth, Juenger, Mutzel 2002: accumulator
// tree, O(E log V)) and in the whole graph.
long long countCrossings(const LayeredGraph &g, int upperLayer);
long long countCrossings(const LayeredGraph &g);

// Reorders the nodes within each layer (g.layers) to reduce edge crossings: layer-by-layer
// sweeps with the weighted median heuristic (barycenter as a tie-break), transposition of
// adjacent nodes, several passes and initial orders, keeping the best ordering seen.
// Each seed's best order is then sifted. Deterministic. Groups (same assignee) stay
// contiguous in every layer when requested.
void minimizeCrossings(LayeredGraph &g, const CrossingOptions &options = {});

// Sifting (Matuszewski, Schoenfeld, Molitor 1999) of the current order: each node in turn is
// taken out of its layer and put back where it crosses least with both neighbouring layers;
// a group (same key >= 0) moves as one block, and its members are sifted inside the block.
// Only strict improvements are made, so the crossings never go up. Up to `passes` passes,
// alternately downwards and upwards, until one gains nothing. Deterministic. Returns the
// crossings removed.
long long siftLayers(LayeredGraph &g, int passes = 2);

} // namespace capgraph::layout
