#pragma once

#include <QList>
#include <QPair>

namespace capgraph::layout {

// Layer assignment for a DAG (edges point from lower to higher layer, every edge spans at
// least `minLength[e]` layers, default 1) that minimises the total weighted edge span:
// network simplex (Gansner, Koutsofios, North, Vo 1993), with a feasible tree built by tight
// tree growth, cut values maintained incrementally, and a final normalisation (lowest layer
// 0) and balancing of nodes with equal in- and out-weight. Deterministic; handles several
// connected components, isolated nodes and an empty graph. Returns the layer of each node.
QList<int> assignLayersNetworkSimplex(int nodeCount, const QList<QPair<int, int>> &edges,
                                      const QList<int> &weight = {}, const QList<int> &minLength = {});

// The longest-path layering (sources at layer 0): fast, used as a fallback and in tests.
QList<int> assignLayersLongestPath(int nodeCount, const QList<QPair<int, int>> &edges);

} // namespace capgraph::layout
