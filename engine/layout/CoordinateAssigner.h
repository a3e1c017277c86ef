#pragma once

#include "layout/LayeredGraph.h"

namespace capgraph::layout {

// Coordinates across the flow (y for left-to-right) for an ordered proper layered graph:
// Brandes & Koepf 2001 ("Fast and Simple Horizontal Coordinate Assignment", with the 2020
// erratum of Brandes, Walter, Zink): vertical alignment in four directions with type-1
// conflict marking (inner segments between dummies win, so long edges run straight),
// horizontal compaction with classes, and the balanced combination of the four layouts.
// Respects the order within each layer and leaves at least `nodeSep` between the extents of
// neighbouring nodes (a node occupies [c - size/2, c + size/2]). Returns the centre
// coordinate of each node; the smallest extent starts at 0. Deterministic, O(V + E).
QList<double> assignCoordinates(const LayeredGraph &g, double nodeSep);

} // namespace capgraph::layout
