#pragma once

#include <QList>

namespace capgraph::algo {

// Graph algorithms over node and edge indices, shared by the analysis (GraphTopology) and the
// layered layout, so that both find the same cycles the same way.

// A depth-first search from each of `roots` in turn (a root already seen is skipped),
// following each node's out-edges in order: true for each edge that points to a node on the
// search's stack, i.e. closes a cycle. `out[v]` lists the edges leaving v, `head[e]` is where
// edge e goes; edges that are in no `out` list are never back edges. Iterative (no recursion
// however deep the graph) and deterministic.
QList<bool> backEdges(const QList<QList<int>> &out, const QList<int> &head, const QList<int> &roots);

} // namespace capgraph::algo
