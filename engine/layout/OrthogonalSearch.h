#pragma once

#include <QList>
#include <QPointF>
#include <QRectF>

#include <optional>

namespace capgraph::layout {

// The shortest path with few bends between two points that runs only horizontally and
// vertically and never through the inside of an obstacle, on the sparse grid the obstacles'
// sides and the two points make inside `window` (an orthogonal visibility graph, as in
// libavoid). The path leaves `from` heading right and arrives at `to` heading right — an
// edge's ports are on the right of its source and the left of its target. Each bend costs
// `bendCost` units of length. Afterwards every inner segment is moved to the middle of the
// free channel it runs in, so that paths keep off the boxes they pass. nullopt when no such
// path exists inside the window.
std::optional<QList<QPointF>> findOrthogonalPath(const QPointF &from, const QPointF &to, const QList<QRectF> &obstacles,
                                                 const QRectF &window, double bendCost = 40);

} // namespace capgraph::layout
