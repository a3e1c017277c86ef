// Horizontal coordinate assignment after Brandes & Koepf (GD 2001), with the corrections of
// Brandes, Walter & Zink ("Erratum: Fast and Simple Horizontal Coordinate Assignment", 2020).
//
// Outline (all steps linear in V + E):
//   1. preparation: positions from `layers`, the edges between consecutive layers, and per
//      node its upper and lower neighbour lists sorted by position (bucket sort, no
//      comparison sort);
//   2. type-1 conflict marking (Alg. 1): a non-inner segment crossing an inner segment
//      (dummy - dummy) is marked and never used for alignment, so long edges stay straight;
//   3. for each of the four directions (top-down / bottom-up x left / right):
//      vertical alignment with medians (Alg. 2) and horizontal compaction (Alg. 3 as
//      corrected by the erratum: blocks are placed relative to their class first, and the
//      class shifts are computed afterwards from the final relative coordinates, in an
//      order in which every class is shifted only after all classes it must stay clear of);
//      separations honour variable node sizes: size(u)/2 + nodeSep + size(v)/2;
//   4. the four layouts are aligned to the narrowest one and combined by the average of the
//      two median candidates (balanced mode). If the combination violates a separation
//      (possible with unequal sizes) the narrowest single layout is used instead;
//   5. a final translation puts the smallest extent (coordinate - size/2) at 0.
//
// The four directions are obtained by mirroring: a "right" pass reads every layer and every
// neighbour list from the right and negates its coordinates at the end; a "bottom-up" pass
// reads the layers in reverse and uses the lower neighbours as "upper" ones.

#include "layout/CoordinateAssigner.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace capgraph::layout {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Prepared
{
    int n = 0;
    int realCount = 0;
    double sep = 0.0;
    std::vector<std::vector<int>> layers; // cleaned: valid, unique node ids
    std::vector<int> layer;               // -1 = in no layer
    std::vector<int> pos;
    std::vector<double> size;

    std::vector<int> src, dst;            // edges between consecutive layers (src above dst)
    std::vector<char> marked;             // type-1 conflict
    std::vector<int> upStart, upEdge;     // per node: edges to the layer above, by pos[src]
    std::vector<int> downStart, downEdge; // per node: edges to the layer below, by pos[dst]

    bool isDummy(int v) const { return v >= realCount; }
    double gap(int left, int right) const { return size[left] / 2.0 + sep + size[right] / 2.0; }
};

Prepared prepare(const LayeredGraph &g, double nodeSep)
{
    Prepared p;
    p.n = g.nodeCount();
    p.realCount = g.realCount;
    p.sep = (std::isfinite(nodeSep) && nodeSep > 0.0) ? nodeSep : 0.0;

    p.size.assign(p.n, 0.0);
    for (int v = 0; v < p.n; ++v) {
        const double s = g.size.value(v, 0.0);
        p.size[v] = (std::isfinite(s) && s > 0.0) ? s : 0.0;
    }

    p.layer.assign(p.n, -1);
    p.pos.assign(p.n, -1);
    p.layers.resize(g.layers.size());
    for (int l = 0; l < int(g.layers.size()); ++l) {
        for (const int v : g.layers.at(l)) {
            if (v < 0 || v >= p.n || p.layer[v] != -1)
                continue; // ignore invalid or repeated entries
            p.layer[v] = l;
            p.pos[v] = int(p.layers[l].size());
            p.layers[l].push_back(v);
        }
    }

    // Edges, taken from the `up` lists; only those joining consecutive layers count.
    for (int v = 0; v < p.n && v < int(g.up.size()); ++v) {
        if (p.layer[v] <= 0)
            continue;
        for (const int u : g.up.at(v)) {
            if (u < 0 || u >= p.n || p.layer[u] != p.layer[v] - 1)
                continue;
            p.src.push_back(u);
            p.dst.push_back(v);
        }
    }
    const int m = int(p.src.size());
    p.marked.assign(m, 0);

    // Unsorted buckets by source and by target (counting sort).
    std::vector<int> outStart(p.n + 1, 0), inStart(p.n + 1, 0);
    for (int e = 0; e < m; ++e) {
        ++outStart[p.src[e] + 1];
        ++inStart[p.dst[e] + 1];
    }
    for (int v = 0; v < p.n; ++v) {
        outStart[v + 1] += outStart[v];
        inStart[v + 1] += inStart[v];
    }
    std::vector<int> outEdge(m), inEdge(m);
    {
        std::vector<int> fo(outStart.begin(), outStart.end() - 1), fi(inStart.begin(), inStart.end() - 1);
        for (int e = 0; e < m; ++e) {
            outEdge[fo[p.src[e]]++] = e;
            inEdge[fi[p.dst[e]]++] = e;
        }
    }

    // Sorted neighbour lists: visiting the sources (targets) in layer order fills each
    // target's (source's) list in position order.
    p.upStart = inStart;
    p.downStart = outStart;
    p.upEdge.assign(m, 0);
    p.downEdge.assign(m, 0);
    std::vector<int> fillUp(inStart.begin(), inStart.end() - 1), fillDown(outStart.begin(), outStart.end() - 1);
    for (const std::vector<int> &lay : p.layers) {
        for (const int u : lay) {
            for (int i = outStart[u]; i < outStart[u + 1]; ++i) {
                const int e = outEdge[i];
                p.upEdge[fillUp[p.dst[e]]++] = e;
            }
            for (int i = inStart[u]; i < inStart[u + 1]; ++i) {
                const int e = inEdge[i];
                p.downEdge[fillDown[p.src[e]]++] = e;
            }
        }
    }
    return p;
}

// Alg. 1 of Brandes & Koepf: mark type-1 conflicts (non-inner segments crossing inner ones).
void markTypeOneConflicts(Prepared &p)
{
    const int h = int(p.layers.size());
    for (int i = 0; i + 1 < h; ++i) {
        const std::vector<int> &upper = p.layers[i];
        const std::vector<int> &lower = p.layers[i + 1];
        const int n1 = int(lower.size());
        int k0 = 0;
        int l = 0;
        for (int l1 = 0; l1 < n1; ++l1) {
            const int v = lower[l1];
            int innerUpper = -1;
            if (p.isDummy(v)) {
                for (int j = p.upStart[v]; j < p.upStart[v + 1]; ++j) {
                    const int u = p.src[p.upEdge[j]];
                    if (p.isDummy(u)) {
                        innerUpper = p.pos[u];
                        break;
                    }
                }
            }
            if (l1 != n1 - 1 && innerUpper < 0)
                continue;
            const int k1 = innerUpper >= 0 ? innerUpper : int(upper.size()) - 1;
            for (; l <= l1; ++l) {
                const int w = lower[l];
                for (int j = p.upStart[w]; j < p.upStart[w + 1]; ++j) {
                    const int e = p.upEdge[j];
                    const int u = p.src[e];
                    const bool inner = p.isDummy(u) && p.isDummy(w);
                    if (!inner && (p.pos[u] < k0 || p.pos[u] > k1))
                        p.marked[e] = 1;
                }
            }
            k0 = k1;
        }
    }
}

// One of the four layouts. Returns coordinates in the original left-to-right sense.
std::vector<double> layoutOneDirection(const Prepared &p, bool bottomUp, bool fromRight)
{
    const int n = p.n;
    const int h = int(p.layers.size());
    auto vpos = [&](int v) {
        return fromRight ? int(p.layers[p.layer[v]].size()) - 1 - p.pos[v] : p.pos[v];
    };
    // k-th node of layer l in the pass's order
    auto at = [&](int l, int k) {
        const std::vector<int> &lay = p.layers[l];
        return fromRight ? lay[lay.size() - 1 - size_t(k)] : lay[size_t(k)];
    };
    // Predecessor of w in its layer in the pass's order, -1 if none.
    auto pred = [&](int w) {
        const std::vector<int> &lay = p.layers[p.layer[w]];
        const int q = p.pos[w];
        if (fromRight)
            return q + 1 < int(lay.size()) ? lay[q + 1] : -1;
        return q > 0 ? lay[q - 1] : -1;
    };

    // --- Alg. 2: vertical alignment ---
    std::vector<int> root(n), align(n);
    for (int v = 0; v < n; ++v)
        root[v] = align[v] = v;
    for (int step = 1; step < h; ++step) {
        const int l = bottomUp ? h - 1 - step : step;
        const int width = int(p.layers[l].size());
        int r = -1;
        for (int k = 0; k < width; ++k) {
            const int v = at(l, k);
            const int begin = bottomUp ? p.downStart[v] : p.upStart[v];
            const int d = (bottomUp ? p.downStart[v + 1] : p.upStart[v + 1]) - begin;
            if (d == 0)
                continue;
            const std::array<int, 2> medians{(d - 1) / 2, d / 2};
            for (int mi = 0; mi < (medians[0] == medians[1] ? 1 : 2); ++mi) {
                if (align[v] != v)
                    break;
                const int idx = fromRight ? d - 1 - medians[mi] : medians[mi];
                const int e = bottomUp ? p.downEdge[begin + idx] : p.upEdge[begin + idx];
                const int u = bottomUp ? p.dst[e] : p.src[e];
                if (!p.marked[e] && r < vpos(u)) {
                    align[u] = v;
                    root[v] = root[u];
                    align[v] = root[v];
                    r = vpos(u);
                }
            }
        }
    }

    // --- Alg. 3 (erratum): place blocks within their classes ---
    std::vector<double> x(n, 0.0);
    std::vector<char> placed(n, 0);
    std::vector<int> sink(n);
    for (int v = 0; v < n; ++v)
        sink[v] = v;
    struct Frame
    {
        int v;
        int w;
    };
    std::vector<Frame> stack;
    for (int l = 0; l < h; ++l) {
        for (const int start : p.layers[l]) {
            if (root[start] != start || placed[start])
                continue;
            placed[start] = 1;
            x[start] = 0.0;
            stack.push_back({start, start});
            while (!stack.empty()) {
                const size_t top = stack.size() - 1;
                const int v = stack[top].v;
                const int w = stack[top].w;
                const int q = pred(w);
                if (q >= 0) {
                    const int u = root[q];
                    if (!placed[u]) { // recurse into place_block(u); w is revisited afterwards
                        placed[u] = 1;
                        x[u] = 0.0;
                        stack.push_back({u, u});
                        continue;
                    }
                    if (sink[v] == v)
                        sink[v] = sink[u];
                    if (sink[v] == sink[u])
                        x[v] = std::max(x[v], x[u] + p.gap(q, w));
                }
                stack[top].w = align[w];
                if (stack[top].w == v)
                    stack.pop_back();
            }
        }
    }

    // --- class shifts (erratum): computed after all relative coordinates are final ---
    // A neighbouring pair (q, w) of different classes requires
    //   shift[sink(q)] <= shift[sink(w)] + x[root w] - x[root q] - gap(q, w).
    // The classes form a DAG under these constraints; each class is shifted once all the
    // classes to its right that constrain it are final (classes without such a constraint
    // keep shift 0, like the original's shift = infinity).
    std::vector<int> cStart(n + 1, 0), indeg(n, 0);
    struct Constraint
    {
        int from; // class on the right
        int to;   // class on the left
        double w;
    };
    std::vector<Constraint> cons;
    for (int l = 0; l < h; ++l) {
        const int width = int(p.layers[l].size());
        for (int k = 1; k < width; ++k) {
            const int q = at(l, k - 1);
            const int w = at(l, k);
            const int cq = sink[root[q]];
            const int cw = sink[root[w]];
            if (cq == cw)
                continue;
            cons.push_back({cw, cq, x[root[w]] - x[root[q]] - p.gap(q, w)});
            ++cStart[cw + 1];
            ++indeg[cq];
        }
    }
    for (int v = 0; v < n; ++v)
        cStart[v + 1] += cStart[v];
    std::vector<int> cOrder(cons.size());
    {
        std::vector<int> fill(cStart.begin(), cStart.end() - 1);
        for (int i = 0; i < int(cons.size()); ++i)
            cOrder[fill[cons[i].from]++] = i;
    }
    std::vector<double> shift(n, kInf);
    std::vector<int> queue;
    queue.reserve(n);
    for (int l = 0; l < h; ++l)
        for (const int v : p.layers[l])
            if (root[v] == v && sink[v] == v && indeg[v] == 0) {
                shift[v] = 0.0;
                queue.push_back(v);
            }
    for (size_t qi = 0; qi < queue.size(); ++qi) {
        const int c = queue[qi];
        for (int i = cStart[c]; i < cStart[c + 1]; ++i) {
            const Constraint &k = cons[cOrder[i]];
            shift[k.to] = std::min(shift[k.to], shift[c] + k.w);
            if (--indeg[k.to] == 0)
                queue.push_back(k.to);
        }
    }

    std::vector<double> coord(n, 0.0);
    for (int l = 0; l < h; ++l)
        for (const int v : p.layers[l]) {
            const double s = shift[sink[root[v]]];
            coord[v] = x[root[v]] + (std::isfinite(s) ? s : 0.0);
        }

    // Safety net (a no-op for a correct compaction): push apart anything too close, in the
    // pass's order. Only a cyclic class constraint (not expected) could trigger it.
    for (int l = 0; l < h; ++l) {
        const int width = int(p.layers[l].size());
        for (int k = 1; k < width; ++k) {
            const int q = at(l, k - 1);
            const int w = at(l, k);
            coord[w] = std::max(coord[w], coord[q] + p.gap(q, w));
        }
    }

    if (fromRight)
        for (double &c : coord)
            c = -c;
    return coord;
}

struct Extent
{
    double lo = kInf;
    double hi = -kInf;
};

Extent extentOf(const Prepared &p, const std::vector<double> &c)
{
    Extent e;
    for (const std::vector<int> &lay : p.layers)
        for (const int v : lay) {
            e.lo = std::min(e.lo, c[v] - p.size[v] / 2.0);
            e.hi = std::max(e.hi, c[v] + p.size[v] / 2.0);
        }
    return e;
}

bool separated(const Prepared &p, const std::vector<double> &c)
{
    for (const std::vector<int> &lay : p.layers)
        for (size_t k = 1; k < lay.size(); ++k) {
            const int u = lay[k - 1];
            const int v = lay[k];
            const double need = p.gap(u, v);
            const double tol = 1e-9 * std::max({1.0, std::abs(c[u]), std::abs(c[v]), need});
            if (c[v] - c[u] < need - tol)
                return false;
        }
    return true;
}

} // namespace

QList<double> assignCoordinates(const LayeredGraph &g, double nodeSep)
{
    const int n = g.nodeCount();
    if (n == 0)
        return {};

    Prepared p = prepare(g, nodeSep);
    markTypeOneConflicts(p);

    // Order: up-left, up-right, down-left, down-right (fixed, for determinism).
    std::array<std::vector<double>, 4> lay;
    std::array<Extent, 4> ext;
    for (int i = 0; i < 4; ++i) {
        lay[i] = layoutOneDirection(p, /*bottomUp=*/i >= 2, /*fromRight=*/(i % 2) == 1);
        ext[i] = extentOf(p, lay[i]);
    }

    std::vector<double> result(n, 0.0);
    bool anyPlaced = false;
    for (const std::vector<int> &l : p.layers)
        anyPlaced = anyPlaced || !l.empty();

    if (anyPlaced) {
        int best = 0;
        for (int i = 1; i < 4; ++i)
            if (ext[i].hi - ext[i].lo < ext[best].hi - ext[best].lo)
                best = i;
        // Align: left layouts at the narrowest one's left end, right layouts at its right end.
        for (int i = 0; i < 4; ++i) {
            const double d = (i % 2 == 0) ? ext[best].lo - ext[i].lo : ext[best].hi - ext[i].hi;
            if (d != 0.0)
                for (const std::vector<int> &l : p.layers)
                    for (const int v : l)
                        lay[i][v] += d;
        }
        // Balanced: average of the two median candidates.
        for (const std::vector<int> &l : p.layers)
            for (const int v : l) {
                std::array<double, 4> c{lay[0][v], lay[1][v], lay[2][v], lay[3][v]};
                std::sort(c.begin(), c.end());
                result[v] = (c[1] + c[2]) / 2.0;
            }
        if (!separated(p, result))
            result = lay[best];

        const double lo = extentOf(p, result).lo;
        for (const std::vector<int> &l : p.layers)
            for (const int v : l)
                result[v] -= lo;
    }
    // Nodes in no layer (malformed input): place their extent at 0.
    for (int v = 0; v < n; ++v)
        if (p.layer[v] < 0)
            result[v] = p.size[v] / 2.0;

    return QList<double>(result.begin(), result.end());
}

} // namespace capgraph::layout
