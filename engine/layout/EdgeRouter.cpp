#include "layout/EdgeRouter.h"

#include "layout/OrthogonalSearch.h"

#include <QLineF>

#include <algorithm>
#include <atomic>
#include <cmath>

namespace capgraph::layout {

namespace {

quint64 cellKey(int x, int y)
{
    return (quint64(quint32(x)) << 32) | quint64(quint32(y));
}

// The plain S-curve from a source's port to a target's port, or for a target behind the
// source, a loop under both boxes.
QList<CubicPiece> plainCurve(const QPointF &a, const QPointF &b, const QRectF &source, const QRectF &target)
{
    if (b.x() > a.x() + 8) {
        const double dx = std::max(30.0, (b.x() - a.x()) / 2);
        return {{a + QPointF(dx, 0), b - QPointF(dx, 0), b}};
    }
    const double below = std::max(source.bottom(), target.bottom()) + 46;
    const QPointF middle((a.x() + b.x()) / 2, below);
    return {{a + QPointF(70, 0), QPointF(a.x() + 70, below), middle}, {QPointF(b.x() - 70, below), b - QPointF(70, 0), b}};
}

// The areas a route looked at, fewer: neighbours along the path merged while the merged
// rectangle is hardly larger than the two (a long diagonal keeps its pieces).
QList<QRectF> compactAreas(const QList<QRectF> &areas)
{
    QList<QRectF> out;
    QRectF current;
    const auto size = [](const QRectF &r) { return r.width() * r.height(); };
    for (const QRectF &r : areas) {
        if (current.isNull()) {
            current = r;
            continue;
        }
        const QRectF merged = current.united(r);
        if (current.contains(r) || size(merged) <= size(current) + size(r) + 4000) {
            current = merged;
        } else {
            out.append(current);
            current = r;
        }
    }
    if (!current.isNull())
        out.append(current);
    return out;
}

// Unique over every router of the process: a router made where another was gets marks of its own.
quint64 nextGeneration()
{
    static std::atomic<quint64> counter{0};
    return ++counter;
}

} // namespace

void EdgeRouter::setBoxes(const QList<RouteBox> &boxes)
{
    m_boxes = boxes;
    m_generation = nextGeneration();
    m_cells.clear();
    for (int i = 0; i < m_boxes.size(); ++i)
        index(i);
}

void EdgeRouter::setBox(int i, const RouteBox &box)
{
    if (i < 0 || i >= m_boxes.size())
        return;
    unindex(i);
    m_boxes[i] = box;
    index(i);
    m_generation = nextGeneration();
}

QRect EdgeRouter::cellsOf(const QRectF &area) const
{
    const int x0 = int(std::floor(area.left() / CellSize)), x1 = int(std::floor(area.right() / CellSize));
    const int y0 = int(std::floor(area.top() / CellSize)), y1 = int(std::floor(area.bottom() / CellSize));
    return QRect(QPoint(x0, y0), QPoint(x1, y1));
}

void EdgeRouter::index(int i)
{
    const RouteBox &b = m_boxes.at(i);
    const QRect cells = cellsOf(b.caption.isEmpty() ? b.box : b.box.united(b.caption));
    for (int x = cells.left(); x <= cells.right(); ++x)
        for (int y = cells.top(); y <= cells.bottom(); ++y)
            m_cells[cellKey(x, y)].push_back(i);
}

void EdgeRouter::unindex(int i)
{
    const RouteBox &b = m_boxes.at(i);
    const QRect cells = cellsOf(b.caption.isEmpty() ? b.box : b.box.united(b.caption));
    for (int x = cells.left(); x <= cells.right(); ++x)
        for (int y = cells.top(); y <= cells.bottom(); ++y) {
            const auto it = m_cells.find(cellKey(x, y));
            if (it == m_cells.end())
                continue;
            std::vector<int> &list = it.value();
            list.erase(std::remove(list.begin(), list.end(), i), list.end());
            if (list.empty())
                m_cells.erase(it);
        }
}

template<typename Visit>
void EdgeRouter::forBoxesIn(const QRectF &area, Visit visit) const
{
    const QRect cells = cellsOf(area);
    const auto meets = [&](int i) {
        const RouteBox &b = m_boxes.at(i);
        return b.box.intersects(area) || (!b.caption.isEmpty() && b.caption.intersects(area));
    };
    // A huge area (a long edge across a big graph): walking every box is cheaper than the cells.
    if (qint64(cells.width()) * qint64(cells.height()) > qint64(m_boxes.size())) {
        for (int i = 0; i < m_boxes.size(); ++i)
            if (meets(i))
                visit(i);
        return;
    }
    // "Seen in this query" marks (a box spans several cells), one set per thread, so that
    // threads can route at once; started afresh for another router or other boxes.
    thread_local std::vector<quint32> seen;
    thread_local quint32 query = 0;
    thread_local const EdgeRouter *owner = nullptr;
    thread_local quint64 generation = 0;
    if (owner != this || generation != m_generation || seen.size() != size_t(m_boxes.size())) {
        owner = this;
        generation = m_generation;
        seen.assign(size_t(m_boxes.size()), 0);
        query = 0;
    }
    if (++query == 0) { // wrapped: start the marks afresh
        std::fill(seen.begin(), seen.end(), 0);
        query = 1;
    }
    for (int x = cells.left(); x <= cells.right(); ++x)
        for (int y = cells.top(); y <= cells.bottom(); ++y) {
            const auto it = m_cells.constFind(cellKey(x, y));
            if (it == m_cells.cend())
                continue;
            for (int i : *it) {
                if (seen[size_t(i)] == query)
                    continue;
                seen[size_t(i)] = query;
                if (meets(i))
                    visit(i);
            }
        }
}

QList<int> EdgeRouter::boxesIn(const QRectF &area) const
{
    QList<int> out;
    forBoxesIn(area, [&out](int i) { out.append(i); });
    std::sort(out.begin(), out.end());
    return out;
}

bool EdgeRouter::pathIsClear(const QList<QPointF> &points, int from, int to, double inflate, bool ownBoxes, QList<QRectF> *looked) const
{
    // Piece by piece, no piece longer than a grid cell: a long path across a big graph looks
    // at the boxes along it only, and depends on those alone.
    bool clear = true;
    for (int k = 1; k < points.size(); ++k) {
        const QPointF a = points.at(k - 1), b = points.at(k);
        const int parts = std::max(1, int(std::ceil(QLineF(a, b).length() / CellSize)));
        for (int part = 0; part < parts; ++part) {
            const QPointF p0 = a + (b - a) * (double(part) / parts);
            const QPointF p1 = a + (b - a) * (double(part + 1) / parts);
            const QRectF area = QRectF(p0, p1).normalized().adjusted(-inflate - 1, -inflate - 1, inflate + 1, inflate + 1);
            if (looked)
                looked->append(area);
            if (!clear)
                continue; // still gather what was looked at: the route depends on all of it
            const QList<QPointF> segment{p0, p1};
            forBoxesIn(area, [&](int i) {
                if (!clear)
                    return;
                const RouteBox &box = m_boxes.at(i);
                const bool own = i == from || i == to;
                // A path starts and ends on its own boxes' sides: those only must not be crossed.
                if (own ? ownBoxes && RouteGeometry::polylineCrossesRect(segment, box.box)
                        : RouteGeometry::polylineCrossesRect(segment, box.box.adjusted(-inflate, -inflate, inflate, inflate)))
                    clear = false;
                else if (!box.caption.isEmpty() && RouteGeometry::polylineCrossesRect(segment, box.caption.adjusted(-inflate, -inflate, inflate, inflate)))
                    clear = false;
            });
        }
    }
    return clear;
}

EdgeRoute EdgeRouter::route(const RouteEdge &edge) const
{
    EdgeRoute r;
    if (edge.from < 0 || edge.to < 0 || edge.from >= m_boxes.size() || edge.to >= m_boxes.size())
        return r;
    const QRectF source = m_boxes.at(edge.from).box;
    const QRectF target = m_boxes.at(edge.to).box;
    const QPointF a = sourcePort(source);
    const QPointF b = targetPort(target);
    r.start = a;
    QList<QRectF> looked; // what the choice depended on

    // 1. The plain curve, when nothing is in its way (most edges of a layered drawing).
    const QList<CubicPiece> curve = plainCurve(a, b, source, target);
    EdgeRoute plain;
    plain.start = a;
    plain.pieces = curve;
    if (edge.from != edge.to && b.x() > a.x() + 8 && pathIsClear(plain.flattened(16), edge.from, edge.to, 3, false, &looked)) {
        r.pieces = curve;
        r.kind = EdgeRoute::Kind::Curve;
    }

    // 2. The layered layout's route, while its ends are still the ports.
    if (r.pieces.isEmpty() && edge.hint.size() >= 2 && QLineF(edge.hint.constFirst(), a).length() < 0.5
        && QLineF(edge.hint.constLast(), b).length() < 0.5) {
        EdgeRoute hinted;
        hinted.start = a;
        hinted.pieces = RouteGeometry::roundedPolyline(edge.hint, CornerRadius);
        if (pathIsClear(hinted.flattened(12), edge.from, edge.to, 0, true, &looked)) {
            r.pieces = hinted.pieces;
            r.kind = EdgeRoute::Kind::Hint;
        }
    }

    // 3. Around the boxes in the way: an orthogonal path in a window around the two ports,
    // widened when it holds no way through.
    if (r.pieces.isEmpty()) {
        const QPointF from = a + QPointF(Stub, 0);
        const QPointF to = b - QPointF(Stub, 0);
        const QRectF span = QRectF(from, to).normalized();
        double pad = 120;
        for (int attempt = 0; attempt < 3 && r.pieces.isEmpty(); ++attempt, pad *= 2.5) {
            const QRectF window = span.adjusted(-pad, -pad, pad, pad).united(source.adjusted(-pad / 2, -pad / 2, pad / 2, pad / 2))
                                      .united(target.adjusted(-pad / 2, -pad / 2, pad / 2, pad / 2));
            looked.append(window);
            const QList<int> near = boxesIn(window);
            if (near.size() > MaxObstacles)
                break;
            // Boxes the ports sit closer to than the clearance (nodes packed tight) would leave
            // no way out: for those, the path keeps only a little off.
            for (const double clearance : {Clearance, 3.0}) {
                QList<QRectF> obstacles;
                for (int i : near) {
                    const RouteBox &nb = m_boxes.at(i);
                    obstacles.append(nb.box.adjusted(-clearance, -clearance, clearance, clearance));
                    if (!nb.caption.isEmpty())
                        obstacles.append(nb.caption.adjusted(-clearance, -clearance, clearance, clearance));
                }
                const std::optional<QList<QPointF>> found = findOrthogonalPath(from, to, obstacles, window);
                if (!found)
                    continue;
                QList<QPointF> points = *found;
                points.prepend(a);
                points.append(b);
                r.pieces = RouteGeometry::roundedPolyline(points, std::min(CornerRadius, clearance * 1.4));
                if (!pathIsClear(r.flattened(12), edge.from, edge.to, 0, true, nullptr))
                    r.pieces = RouteGeometry::roundedPolyline(points, 0); // sharp corners hug nothing
                r.kind = EdgeRoute::Kind::Routed;
                break;
            }
        }
    }

    // 4. No way around (a port inside another box): the plain curve, and say so.
    if (r.pieces.isEmpty()) {
        r.pieces = curve;
        r.kind = EdgeRoute::Kind::Blocked;
    }
    // (A plain curve found clear with a margin is clear without one.)
    if (r.kind != EdgeRoute::Kind::Curve)
        r.clear = pathIsClear(r.flattened(12), edge.from, edge.to, 0, true, &looked);

    if (edge.label.isValid() && !edge.label.isEmpty()) {
        r.label = placeLabel(r, edge.label, &looked);
        forBoxesIn(r.label, [&r](int) { r.clear = false; });
    }
    r.dependsOn = compactAreas(looked);
    return r;
}

QRectF EdgeRouter::replaceLabel(const EdgeRoute &route, const std::function<bool(const QRectF &)> &blocked) const
{
    if (route.label.isEmpty())
        return route.label;
    QList<QRectF> looked;
    const QRectF placed = placeLabel(route, route.label.size(), &looked, blocked);
    return placed.isEmpty() ? route.label : placed;
}

QRectF EdgeRouter::placeLabel(const EdgeRoute &route, const QSizeF &size, QList<QRectF> *looked,
                              const std::function<bool(const QRectF &)> &blocked) const
{
    // Along the curve from its middle outwards, on it, then beside it; the first place that
    // covers no box (with a little air) wins, else the one that covers the least.
    static constexpr double Fractions[] = {0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.12, 0.88};
    constexpr double air = 3;
    QRectF best;
    double bestOverlap = -1;
    for (double f : Fractions) {
        QPointF tangent;
        const QPointF p = route.pointAt(f, &tangent);
        const bool alongX = std::abs(tangent.x()) >= std::abs(tangent.y());
        const QPointF beside = alongX ? QPointF(0, size.height() / 2 + 4) : QPointF(size.width() / 2 + 4, 0);
        for (const QPointF &centre : {p, p - beside, p + beside}) {
            QRectF candidate(QPointF(0, 0), size);
            candidate.moveCenter(centre);
            const QRectF aired = candidate.adjusted(-air, -air, air, air);
            looked->append(aired);
            double overlap = 0;
            forBoxesIn(aired, [&](int i) {
                for (const QRectF &r : {m_boxes.at(i).box, m_boxes.at(i).caption})
                    if (!r.isEmpty()) {
                        const QRectF common = r.intersected(aired);
                        if (!common.isEmpty())
                            overlap += common.width() * common.height();
                    }
            });
            if (blocked && blocked(candidate))
                continue; // free of boxes, but on something the caller sees there
            if (overlap == 0)
                return candidate;
            if (blocked)
                continue; // placing again: a free place or none
            if (bestOverlap < 0 || overlap < bestOverlap) {
                bestOverlap = overlap;
                best = candidate;
            }
        }
    }
    return best;
}

QList<EdgeRoute> EdgeRouter::routeAll(const QList<RouteEdge> &edges) const
{
    QList<EdgeRoute> out;
    out.reserve(edges.size());
    for (const RouteEdge &e : edges)
        out.append(route(e));
    return out;
}

} // namespace capgraph::layout
