#include "layout/OrthogonalSearch.h"

#include "layout/EdgeRoute.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <vector>

namespace capgraph::layout {

namespace {

constexpr double Eps = 1e-6;

enum Dir { Right = 0, Left = 1, Down = 2, Up = 3 };
constexpr int Opposite[4] = {Left, Right, Up, Down};

std::vector<double> gridLines(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    std::vector<double> out;
    for (double v : values)
        if (out.empty() || v - out.back() > Eps)
            out.push_back(v);
    return out;
}

int indexOf(const std::vector<double> &lines, double v)
{
    const auto it = std::lower_bound(lines.begin(), lines.end(), v - Eps);
    return it != lines.end() && std::abs(*it - v) <= Eps ? int(it - lines.begin()) : -1;
}

bool strictlyInside(double v, double lo, double hi)
{
    return v > lo + Eps && v < hi - Eps;
}

// Moves each inner segment to the middle of the channel it runs in: as far from the
// obstacles on either side as it can get without crossing one, turning back on itself, or
// leaving the window.
void centreSegments(QList<QPointF> &p, const QList<QRectF> &obstacles, const QRectF &window)
{
    const int n = int(p.size());
    for (int k = 1; k + 2 < n; ++k) {
        const QPointF a = p.at(k), b = p.at(k + 1);
        const bool vertical = std::abs(a.x() - b.x()) <= Eps;
        const double at = vertical ? a.x() : a.y();
        const double spanLo = vertical ? std::min(a.y(), b.y()) : std::min(a.x(), b.x());
        const double spanHi = vertical ? std::max(a.y(), b.y()) : std::max(a.x(), b.x());
        double lo = vertical ? window.left() : window.top();
        double hi = vertical ? window.right() : window.bottom();
        bool inside = false;
        for (const QRectF &o : obstacles) {
            const double oSpanLo = vertical ? o.top() : o.left(), oSpanHi = vertical ? o.bottom() : o.right();
            if (!(oSpanLo < spanHi - Eps && oSpanHi > spanLo + Eps))
                continue; // beside the segment's run: never in the way
            const double oLo = vertical ? o.left() : o.top(), oHi = vertical ? o.right() : o.bottom();
            if (oHi <= at + Eps)
                lo = std::max(lo, oHi);
            else if (oLo >= at - Eps)
                hi = std::min(hi, oLo);
            else
                inside = true;
        }
        if (inside || hi - lo < 2 * Eps)
            continue;
        // The neighbouring segments keep their direction: the segment stays between their far ends.
        double allowedLo = -std::numeric_limits<double>::max(), allowedHi = std::numeric_limits<double>::max();
        for (const QPointF &far : {p.at(k - 1), p.at(k + 2)}) {
            const double f = vertical ? far.x() : far.y();
            if (f < at - Eps)
                allowedLo = std::max(allowedLo, f + 1);
            else if (f > at + Eps)
                allowedHi = std::min(allowedHi, f - 1);
            else
                allowedLo = allowedHi = at; // a degenerate neighbour: leave it
        }
        const double wanted = std::clamp((lo + hi) / 2, std::max(lo, allowedLo), std::min(hi, allowedHi));
        if (!std::isfinite(wanted) || std::abs(wanted - at) < 0.5)
            continue;
        QList<QPointF> moved = p;
        if (vertical) {
            moved[k].setX(wanted);
            moved[k + 1].setX(wanted);
        } else {
            moved[k].setY(wanted);
            moved[k + 1].setY(wanted);
        }
        bool ok = true;
        for (const QRectF &o : obstacles)
            if (RouteGeometry::polylineCrossesRect({moved.at(k - 1), moved.at(k), moved.at(k + 1), moved.at(k + 2)}, o)) {
                ok = false;
                break;
            }
        if (ok)
            p = moved;
    }
}

} // namespace

std::optional<QList<QPointF>> findOrthogonalPath(const QPointF &from, const QPointF &to, const QList<QRectF> &obstacles,
                                                 const QRectF &window, double bendCost)
{
    if (!window.contains(from) || !window.contains(to))
        return std::nullopt;
    std::vector<double> xv{window.left(), window.right(), from.x(), to.x()};
    std::vector<double> yv{window.top(), window.bottom(), from.y(), to.y()};
    QList<QRectF> inWindow;
    for (const QRectF &o : obstacles) {
        if (!o.intersects(window))
            continue;
        inWindow.append(o);
        for (double x : {o.left(), o.right()})
            if (x > window.left() && x < window.right())
                xv.push_back(x);
        for (double y : {o.top(), o.bottom()})
            if (y > window.top() && y < window.bottom())
                yv.push_back(y);
    }
    const std::vector<double> xs = gridLines(std::move(xv));
    const std::vector<double> ys = gridLines(std::move(yv));
    const int gx = int(xs.size()), gy = int(ys.size());
    const int si = indexOf(xs, from.x()), sj = indexOf(ys, from.y());
    const int ti = indexOf(xs, to.x()), tj = indexOf(ys, to.y());
    if (si < 0 || sj < 0 || ti < 0 || tj < 0)
        return std::nullopt;

    // What the obstacles block: grid points strictly inside one, and grid segments whose
    // inside runs through one (the obstacles' sides are grid lines, so a segment between two
    // neighbouring lines is either all inside an obstacle's span or all outside it).
    std::vector<char> nodeBlocked(size_t(gx) * size_t(gy), 0);
    std::vector<char> hBlocked(size_t(gx) * size_t(gy), 0); // (i, j): from xs[i] to xs[i+1] on row j
    std::vector<char> vBlocked(size_t(gx) * size_t(gy), 0); // (i, j): from ys[j] to ys[j+1] on column i
    const auto at = [gx](int i, int j) { return size_t(j) * size_t(gx) + size_t(i); };
    for (const QRectF &o : std::as_const(inWindow)) {
        const int a = int(std::lower_bound(xs.begin(), xs.end(), o.left() - Eps) - xs.begin());
        const int b = int(std::upper_bound(xs.begin(), xs.end(), o.right() + Eps) - xs.begin()) - 1;
        const int c = int(std::lower_bound(ys.begin(), ys.end(), o.top() - Eps) - ys.begin());
        const int d = int(std::upper_bound(ys.begin(), ys.end(), o.bottom() + Eps) - ys.begin()) - 1;
        for (int j = c; j <= d && j < gy; ++j) {
            if (!strictlyInside(ys[size_t(j)], o.top(), o.bottom()))
                continue;
            for (int i = a; i < b && i < gx - 1; ++i)
                hBlocked[at(i, j)] = 1;
            for (int i = a; i <= b && i < gx; ++i)
                if (strictlyInside(xs[size_t(i)], o.left(), o.right()))
                    nodeBlocked[at(i, j)] = 1;
        }
        for (int i = a; i <= b && i < gx; ++i) {
            if (!strictlyInside(xs[size_t(i)], o.left(), o.right()))
                continue;
            for (int j = c; j < d && j < gy - 1; ++j)
                vBlocked[at(i, j)] = 1;
        }
    }
    if (nodeBlocked[at(si, sj)] || nodeBlocked[at(ti, tj)])
        return std::nullopt;

    // A* over (grid point, heading): length plus bendCost per turn, no U-turns.
    const size_t states = size_t(gx) * size_t(gy) * 4;
    std::vector<double> g(states, std::numeric_limits<double>::infinity());
    std::vector<int> parent(states, -1);
    struct Open
    {
        double f;
        long long order;
        int state;
        bool operator>(const Open &o) const { return f != o.f ? f > o.f : order > o.order; }
    };
    std::priority_queue<Open, std::vector<Open>, std::greater<Open>> open;
    long long order = 0;
    const auto heuristic = [&](int i, int j) { return std::abs(xs[size_t(i)] - to.x()) + std::abs(ys[size_t(j)] - to.y()); };
    const int start = int(at(si, sj)) * 4 + Right;
    g[size_t(start)] = 0;
    open.push({heuristic(si, sj), order++, start});
    double best = std::numeric_limits<double>::infinity();
    int bestState = -1;
    while (!open.empty()) {
        const Open top = open.top();
        open.pop();
        if (top.f >= best)
            break;
        const int state = top.state;
        const int dir = state % 4;
        const int cell = state / 4;
        const int i = cell % gx, j = cell / gx;
        const double cost = g[size_t(state)];
        if (top.f > cost + heuristic(i, j) + Eps)
            continue; // a stale entry
        if (i == ti && j == tj && dir != Left) {
            const double total = cost + (dir == Right ? 0 : bendCost);
            if (total < best) {
                best = total;
                bestState = state;
            }
            continue;
        }
        for (int nd = 0; nd < 4; ++nd) {
            if (nd == Opposite[dir])
                continue;
            int ni = i, nj = j;
            bool blocked = false;
            switch (nd) {
            case Right:
                ni = i + 1;
                blocked = ni >= gx || hBlocked[at(i, j)];
                break;
            case Left:
                ni = i - 1;
                blocked = ni < 0 || hBlocked[at(ni, j)];
                break;
            case Down:
                nj = j + 1;
                blocked = nj >= gy || vBlocked[at(i, j)];
                break;
            case Up:
                nj = j - 1;
                blocked = nj < 0 || vBlocked[at(i, nj)];
                break;
            }
            if (blocked || nodeBlocked[at(ni, nj)])
                continue;
            const double step = std::abs(xs[size_t(ni)] - xs[size_t(i)]) + std::abs(ys[size_t(nj)] - ys[size_t(j)]);
            const double next = cost + step + (nd == dir ? 0 : bendCost);
            const int ns = int(at(ni, nj)) * 4 + nd;
            if (next + Eps < g[size_t(ns)]) {
                g[size_t(ns)] = next;
                parent[size_t(ns)] = state;
                open.push({next + heuristic(ni, nj), order++, ns});
            }
        }
    }
    if (bestState < 0)
        return std::nullopt;
    QList<QPointF> path;
    for (int s = bestState; s >= 0; s = parent[size_t(s)]) {
        const int cell = s / 4;
        const QPointF p(xs[size_t(cell % gx)], ys[size_t(cell / gx)]);
        if (path.isEmpty() || path.constFirst() != p)
            path.prepend(p);
    }
    // Corners only: drop the points in the middle of straight runs.
    for (int k = int(path.size()) - 2; k >= 1; --k) {
        const QPointF a = path.at(k - 1), b = path.at(k), c = path.at(k + 1);
        if ((std::abs(a.x() - b.x()) <= Eps && std::abs(b.x() - c.x()) <= Eps) || (std::abs(a.y() - b.y()) <= Eps && std::abs(b.y() - c.y()) <= Eps))
            path.removeAt(k);
    }
    centreSegments(path, inWindow, window);
    return path;
}

} // namespace capgraph::layout
