#pragma once

#include <QList>
#include <QPointF>
#include <QRectF>

namespace capgraph::layout {

// One cubic Bézier piece of a route, from the previous piece's end (or the route's start).
// Straight pieces are cubics too, with their control points on the line.
struct CubicPiece
{
    QPointF c1, c2, to;
    bool operator==(const CubicPiece &other) const { return c1 == other.c1 && c2 == other.c2 && to == other.to; }
};

// How an edge is drawn: its curve from the source's port to the target's, and where its
// label goes. Made by EdgeRouter, drawn by the studio and written by `capgraph export`.
struct EdgeRoute
{
    // How the route was found.
    enum class Kind {
        Curve,  // the plain S-curve from port to port: nothing was in the way
        Hint,   // the layered layout's own route (after opening or auto-layout)
        Routed, // around the boxes in the way (an orthogonal path with rounded corners)
        Blocked // no way around was found (overlapping boxes): the plain curve, crossing
    };

    QPointF start;
    QList<CubicPiece> pieces;
    QRectF label;      // the label's box; empty when the edge has no label
    Kind kind = Kind::Curve;
    bool clear = true; // the curve misses every box but its own ends' (and the label every box)
    // The areas whose boxes decided this route: when a box inside one of them moves (or one
    // moves into it), the route may change; boxes elsewhere never change it.
    QList<QRectF> dependsOn;
    bool dependsOnArea(const QRectF &area) const;

    QPointF end() const { return pieces.isEmpty() ? start : pieces.constLast().to; }
    // The curve as a polyline: `steps` chords per piece (straight pieces: one), ends included.
    QList<QPointF> flattened(int steps = 16) const;
    // The point at `fraction` (0..1) of the length and the unit tangent there (by the
    // flattened length; close enough for a label or an arrowhead).
    QPointF pointAt(double fraction, QPointF *tangent = nullptr) const;
    QRectF bounds() const;

    bool operator==(const EdgeRoute &other) const;
    bool operator!=(const EdgeRoute &other) const { return !(*this == other); }
};

// Geometry helpers the router, its tests and export share.
namespace RouteGeometry {
// Whether the segment a-b passes through the inside of `rect` (touching its border does not count).
bool segmentCrossesRect(const QPointF &a, const QPointF &b, const QRectF &rect);
// Whether the polyline passes through the inside of `rect`.
bool polylineCrossesRect(const QList<QPointF> &points, const QRectF &rect);
// A polyline as cubic pieces, its corners rounded with at most `radius` (never more than
// half of either segment at a corner). The pieces start at points.first().
QList<CubicPiece> roundedPolyline(const QList<QPointF> &points, double radius);
} // namespace RouteGeometry

} // namespace capgraph::layout
