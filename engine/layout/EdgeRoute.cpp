#include "layout/EdgeRoute.h"

#include <QLineF>

#include <algorithm>
#include <cmath>

namespace capgraph::layout {

namespace {

QPointF cubicAt(const QPointF &p0, const CubicPiece &c, double t)
{
    const double u = 1 - t;
    return u * u * u * p0 + 3 * u * u * t * c.c1 + 3 * u * t * t * c.c2 + t * t * t * c.to;
}

bool isStraight(const QPointF &p0, const CubicPiece &c)
{
    // Control points on the line p0-to: a straight piece (one chord is exact).
    const QLineF line(p0, c.to);
    const double length = line.length();
    if (length < 1e-9)
        return true;
    const auto off = [&](const QPointF &p) {
        return std::abs((c.to.x() - p0.x()) * (p0.y() - p.y()) - (p0.x() - p.x()) * (c.to.y() - p0.y())) / length;
    };
    return off(c.c1) < 1e-6 && off(c.c2) < 1e-6;
}

} // namespace

QList<QPointF> EdgeRoute::flattened(int steps) const
{
    QList<QPointF> out{start};
    QPointF previous = start;
    for (const CubicPiece &c : pieces) {
        if (isStraight(previous, c)) {
            out.append(c.to);
        } else {
            for (int k = 1; k <= steps; ++k)
                out.append(cubicAt(previous, c, double(k) / steps));
        }
        previous = c.to;
    }
    return out;
}

QPointF EdgeRoute::pointAt(double fraction, QPointF *tangent) const
{
    const QList<QPointF> points = flattened(24);
    if (points.size() < 2) {
        if (tangent)
            *tangent = QPointF(1, 0);
        return start;
    }
    double total = 0;
    for (int i = 1; i < points.size(); ++i)
        total += QLineF(points.at(i - 1), points.at(i)).length();
    const double wanted = std::clamp(fraction, 0.0, 1.0) * total;
    double walked = 0;
    for (int i = 1; i < points.size(); ++i) {
        const QLineF chord(points.at(i - 1), points.at(i));
        const double length = chord.length();
        if (length <= 0)
            continue;
        if (walked + length >= wanted || i == points.size() - 1) {
            if (tangent)
                *tangent = (chord.p2() - chord.p1()) / length;
            return chord.pointAt(std::clamp((wanted - walked) / length, 0.0, 1.0));
        }
        walked += length;
    }
    if (tangent)
        *tangent = QPointF(1, 0);
    return points.constLast();
}

QRectF EdgeRoute::bounds() const
{
    double left = start.x(), right = start.x(), top = start.y(), bottom = start.y();
    for (const CubicPiece &c : pieces)
        for (const QPointF &p : {c.c1, c.c2, c.to}) { // the control polygon holds the curve
            left = std::min(left, p.x());
            right = std::max(right, p.x());
            top = std::min(top, p.y());
            bottom = std::max(bottom, p.y());
        }
    return QRectF(QPointF(left, top), QPointF(right, bottom));
}

bool EdgeRoute::dependsOnArea(const QRectF &area) const
{
    for (const QRectF &r : dependsOn)
        if (r.intersects(area))
            return true;
    return false;
}

bool EdgeRoute::operator==(const EdgeRoute &o) const
{
    return start == o.start && pieces == o.pieces && label == o.label && kind == o.kind && clear == o.clear
        && dependsOn == o.dependsOn;
}

namespace RouteGeometry {

bool segmentCrossesRect(const QPointF &a, const QPointF &b, const QRectF &rect)
{
    // Liang-Barsky against the open rectangle: the part of the segment inside must have a
    // length, and lie strictly inside (a segment along the border does not cross).
    constexpr double eps = 1e-6;
    const double left = rect.left() + eps, right = rect.right() - eps, top = rect.top() + eps, bottom = rect.bottom() - eps;
    if (left >= right || top >= bottom)
        return false;
    double t0 = 0, t1 = 1;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const auto clip = [&](double p, double q) {
        if (std::abs(p) < 1e-12)
            return q > 0; // parallel: inside this slab or not at all
        const double r = q / p;
        if (p < 0) {
            if (r > t1)
                return false;
            t0 = std::max(t0, r);
        } else {
            if (r < t0)
                return false;
            t1 = std::min(t1, r);
        }
        return true;
    };
    if (!clip(-dx, a.x() - left) || !clip(dx, right - a.x()) || !clip(-dy, a.y() - top) || !clip(dy, bottom - a.y()))
        return false;
    return t1 - t0 > 1e-9;
}

bool polylineCrossesRect(const QList<QPointF> &points, const QRectF &rect)
{
    for (int i = 1; i < points.size(); ++i)
        if (segmentCrossesRect(points.at(i - 1), points.at(i), rect))
            return true;
    return false;
}

QList<CubicPiece> roundedPolyline(const QList<QPointF> &input, double radius)
{
    // Drop repeated points and points in the middle of a straight run.
    QList<QPointF> p;
    for (const QPointF &q : input)
        if (p.isEmpty() || QLineF(p.constLast(), q).length() > 1e-6)
            p.append(q);
    for (int i = int(p.size()) - 2; i >= 1; --i) {
        const QPointF a = p.at(i - 1), b = p.at(i), c = p.at(i + 1);
        const double cross = (b.x() - a.x()) * (c.y() - b.y()) - (b.y() - a.y()) * (c.x() - b.x());
        const double dot = (b.x() - a.x()) * (c.x() - b.x()) + (b.y() - a.y()) * (c.y() - b.y());
        if (std::abs(cross) < 1e-6 * std::max(1.0, QLineF(a, b).length() * QLineF(b, c).length()) && dot > 0)
            p.removeAt(i);
    }
    QList<CubicPiece> out;
    if (p.size() < 2)
        return out;
    const auto line = [&out](const QPointF &from, const QPointF &to) {
        out.append({from + (to - from) / 3.0, from + (to - from) * 2.0 / 3.0, to});
    };
    QPointF at = p.first();
    for (int i = 1; i < p.size(); ++i) {
        const QPointF corner = p.at(i);
        if (i == p.size() - 1) {
            line(at, corner);
            break;
        }
        const QPointF next = p.at(i + 1);
        const double in = QLineF(p.at(i - 1), corner).length();
        const double outLength = QLineF(corner, next).length();
        const double r = std::min({radius, in / 2, outLength / 2});
        const QPointF dirIn = (corner - p.at(i - 1)) / in;
        const QPointF dirOut = (next - corner) / outLength;
        const QPointF a = corner - dirIn * r;
        const QPointF b = corner + dirOut * r;
        if (QLineF(at, a).length() > 1e-9)
            line(at, a);
        // A circular arc for a right angle (0.5523 of the radius towards the corner), a
        // close-enough blend for other angles.
        constexpr double k = 0.5523;
        out.append({a + dirIn * r * k, b - dirOut * r * k, b});
        at = b;
    }
    return out;
}

} // namespace RouteGeometry

} // namespace capgraph::layout
