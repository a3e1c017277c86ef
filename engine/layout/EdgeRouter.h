#pragma once

#include "layout/EdgeRoute.h"

#include <QHash>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include <functional>
#include <vector>

namespace capgraph::layout {

// A node as the router sees it: its box (the shape's bounds, where edges attach) and the
// caption drawn under small shapes (empty when there is none). Edges and labels keep off both.
struct RouteBox
{
    QRectF box;
    QRectF caption;
};

// An edge to route: from the right side of box `from` to the left side of box `to` (indices
// into the router's boxes), with a label of `label` size (empty: none) and, optionally, the
// polyline the layered layout drew it with (used when it still fits).
struct RouteEdge
{
    int from = -1;
    int to = -1;
    QSizeF label;
    QList<QPointF> hint;
};

// Routes edges between boxes so that no edge runs through a box other than its own ends and
// no label sits on a box. Each edge tries, in order: the plain S-curve from port to port; the
// layout's route (hint); an orthogonal path around the boxes in the way (findOrthogonalPath)
// with rounded corners; and, when none exists (overlapping boxes), the plain curve marked
// not clear. Labels go on the route where they cover no box: the middle first, then further
// out, then beside the curve.
//
// A route depends only on the boxes inside its EdgeRoute::dependsOn: after a box moves, only
// the edges whose dependsOn meets its old or new place need routing again (affectedBy), and
// the result is the same as routing everything afresh. Deterministic. route() may run on
// several threads at once (the scene routes a big graph's edges in parallel).
class EdgeRouter
{
public:
    static constexpr double Clearance = 10; // how far a path routed around boxes keeps off them
    static constexpr double Stub = 14;      // the straight piece out of a port and into one
    static constexpr double CornerRadius = 14;
    static constexpr int MaxObstacles = 160; // in one search window; more: not searched (a huge graph)

    EdgeRouter() = default;
    explicit EdgeRouter(const QList<RouteBox> &boxes) { setBoxes(boxes); }

    void setBoxes(const QList<RouteBox> &boxes);
    // One box moved or changed size.
    void setBox(int index, const RouteBox &box);
    const QList<RouteBox> &boxes() const { return m_boxes; }

    EdgeRoute route(const RouteEdge &edge) const;
    QList<EdgeRoute> routeAll(const QList<RouteEdge> &edges) const;
    // The route's label placed again where it covers no box and `blocked` does not refuse it
    // (another edge's curve or label there, which one route alone does not know), trying the
    // places route() tries in the same order; the label as it was when no place is free.
    QRectF replaceLabel(const EdgeRoute &route, const std::function<bool(const QRectF &)> &blocked) const;

    // Where an edge attaches: the middle of its source's right side, of its target's left side.
    static QPointF sourcePort(const QRectF &box) { return QPointF(box.right(), box.center().y()); }
    static QPointF targetPort(const QRectF &box) { return QPointF(box.left(), box.center().y()); }

    // The boxes (indices) whose box or caption meets `area`, ascending.
    QList<int> boxesIn(const QRectF &area) const;
    // Calls `visit(index)` once for each box whose box or caption meets `area`, in no
    // particular order, without allocating (the hot path of routing thousands of edges).
    template<typename Visit> void forBoxesIn(const QRectF &area, Visit visit) const;

private:
    // Whether a polyline misses every box (inflated by `inflate`) and caption, its own ends'
    // boxes aside unless `ownBoxes` (those never inflated: a path starts on their side). The
    // areas it looked at go to `looked`.
    bool pathIsClear(const QList<QPointF> &points, int from, int to, double inflate, bool ownBoxes, QList<QRectF> *looked) const;
    QRectF placeLabel(const EdgeRoute &route, const QSizeF &size, QList<QRectF> *looked,
                      const std::function<bool(const QRectF &)> &blocked = {}) const;
    void index(int i);
    void unindex(int i);
    QRect cellsOf(const QRectF &area) const;

    QList<RouteBox> m_boxes;
    QHash<quint64, std::vector<int>> m_cells; // grid cell -> boxes meeting it
    static constexpr double CellSize = 240;
    quint64 m_generation = 0; // unique to these boxes (forBoxesIn's marks follow it)
};

} // namespace capgraph::layout
