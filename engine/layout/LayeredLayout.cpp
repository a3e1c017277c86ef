#include "layout/LayeredLayout.h"

#include "layout/CoordinateAssigner.h"
#include "layout/CrossingMinimizer.h"
#include "layout/LayeredGraph.h"
#include "layout/Layering.h"

#include "algo/DepthFirst.h"

#include <QHash>

#include <algorithm>
#include <cmath>

namespace capgraph::layout {

namespace {

// Reverses the edges that close cycles: first the ones the caller knows are back edges
// (loop iteration edges), then any edge a depth-first search finds pointing to a node on its
// stack. Sources first, then input order: deterministic.
QList<bool> breakCycles(int n, const QList<QPair<int, int>> &ends, const QList<bool> &hint)
{
    const int m = int(ends.size());
    QList<bool> reversed(m, false);
    for (int e = 0; e < m; ++e)
        reversed[e] = hint.at(e) && ends.at(e).first != ends.at(e).second;
    QList<QList<int>> out(n);
    QList<int> indeg(n, 0);
    for (int e = 0; e < m; ++e) {
        if (ends.at(e).first == ends.at(e).second)
            continue;
        const int u = reversed.at(e) ? ends.at(e).second : ends.at(e).first;
        const int v = reversed.at(e) ? ends.at(e).first : ends.at(e).second;
        out[u].append(e);
        ++indeg[v];
    }
    QList<int> roots;
    for (int v = 0; v < n; ++v)
        if (indeg.at(v) == 0)
            roots.append(v);
    for (int v = 0; v < n; ++v)
        roots.append(v);
    QList<int> head; // where each edge points once the known back edges are turned round
    head.reserve(m);
    for (int e = 0; e < m; ++e)
        head.append(reversed.at(e) ? ends.at(e).first : ends.at(e).second);
    const QList<bool> back = algo::backEdges(out, head, roots);
    for (int e = 0; e < m; ++e)
        if (back.at(e))
            reversed[e] = !reversed.at(e);
    return reversed;
}

// Coordinates across the flow with lanes: Brandes-Koepf inside each lane (its nodes and the
// edges between them), then the lanes stacked with `laneSep` between their extents.
// `bandOf` receives each lane's [start, end) across the flow.
QList<double> laneCoordinates(const LayeredGraph &g, int laneCount, double nodeSep, double laneSep,
                              QList<QPair<double, double>> *bandOf)
{
    const int n = g.nodeCount();
    QList<int> laneOf(n);
    for (int v = 0; v < n; ++v)
        laneOf[v] = g.group.at(v) < 0 ? laneCount - 1 : g.group.at(v);
    QList<double> coordinate(n, 0);
    bandOf->clear();
    double offset = 0;
    QList<int> local(n, -1);
    for (int lane = 0; lane < laneCount; ++lane) {
        // Real nodes first, then dummies: the sub-graph's isDummy() must hold.
        QList<int> members;
        for (int pass = 0; pass < 2; ++pass)
            for (int v = pass == 0 ? 0 : g.realCount; v < (pass == 0 ? g.realCount : n); ++v)
                if (laneOf.at(v) == lane) {
                    local[v] = int(members.size());
                    members.append(v);
                }
        LayeredGraph sub;
        sub.realCount = 0;
        for (int v : std::as_const(members))
            sub.realCount += v < g.realCount ? 1 : 0;
        sub.layers = QList<QList<int>>(g.layers.size());
        sub.up = QList<QList<int>>(members.size());
        sub.down = QList<QList<int>>(members.size());
        for (int v : std::as_const(members)) {
            sub.layerOf.append(g.layerOf.at(v));
            sub.size.append(g.size.at(v));
            sub.group.append(-1);
            for (int w : g.up.at(v))
                if (laneOf.at(w) == lane)
                    sub.up[local.at(v)].append(local.at(w));
            for (int w : g.down.at(v))
                if (laneOf.at(w) == lane)
                    sub.down[local.at(v)].append(local.at(w));
        }
        for (int l = 0; l < g.layers.size(); ++l)
            for (int v : g.layers.at(l))
                if (laneOf.at(v) == lane)
                    sub.layers[l].append(local.at(v));
        double extent = 0;
        if (!members.isEmpty()) {
            const QList<double> c = assignCoordinates(sub, nodeSep);
            for (int i = 0; i < members.size(); ++i) {
                coordinate[members.at(i)] = offset + c.at(i);
                extent = std::max(extent, c.at(i) + sub.size.at(i) / 2);
            }
        }
        bandOf->append({offset - laneSep / 2, offset + extent + laneSep / 2});
        offset += extent + laneSep;
    }
    return coordinate;
}

} // namespace

LayoutResult LayeredLayout::run(const QList<LayoutNode> &nodes, const QList<LayoutEdge> &edges, const LayoutOptions &options)
{
    LayoutResult r;
    const int n = int(nodes.size());
    for (const double sep : {options.nodeSep, options.layerSep, options.laneSep})
        if (!std::isfinite(sep) || sep < 0) {
            r.error = QStringLiteral("spacings must be finite numbers >= 0");
            return r;
        }
    const bool lr = options.direction == LayoutDirection::LeftToRight;
    QHash<QString, int> index;
    index.reserve(n);
    for (int i = 0; i < n; ++i) {
        if (index.contains(nodes.at(i).id)) {
            r.error = QStringLiteral("duplicate node id '%1'").arg(nodes.at(i).id);
            return r;
        }
        if (!(nodes.at(i).width > 0) || !(nodes.at(i).height > 0) || !std::isfinite(nodes.at(i).width)
            || !std::isfinite(nodes.at(i).height)) {
            r.error = QStringLiteral("node '%1' needs a positive width and height").arg(nodes.at(i).id);
            return r;
        }
        index.insert(nodes.at(i).id, i);
    }
    const int m = int(edges.size());
    QList<QPair<int, int>> ends(m);
    QList<bool> hint(m, false);
    for (int e = 0; e < m; ++e) {
        const int u = index.value(edges.at(e).from, -1);
        const int v = index.value(edges.at(e).to, -1);
        if (u < 0 || v < 0) {
            r.error = QStringLiteral("edge %1 -> %2: no node '%3'").arg(edges.at(e).from, edges.at(e).to,
                                                                        u < 0 ? edges.at(e).from : edges.at(e).to);
            return r;
        }
        ends[e] = {u, v};
        hint[e] = edges.at(e).backEdge;
    }
    r.reversed = breakCycles(n, ends, hint);

    // Layers.
    QList<QPair<int, int>> oriented;
    oriented.reserve(m);
    for (int e = 0; e < m; ++e) {
        if (ends.at(e).first == ends.at(e).second)
            continue; // self-loops are drawn beside their box
        oriented.append(r.reversed.at(e) ? qMakePair(ends.at(e).second, ends.at(e).first) : ends.at(e));
    }
    const QList<int> layerOf = assignLayersNetworkSimplex(n, oriented);
    int layerCount = 0;
    for (int l : layerOf)
        layerCount = std::max(layerCount, l + 1);

    // The proper layered graph: long edges become chains of dummies. Their number can grow
    // with the square of the graph (a hub joined to every node of a long chain): refuse
    // rather than exhaust memory.
    long long dummyCount = 0;
    for (const auto &[a, b] : std::as_const(oriented))
        dummyCount += std::max(0, layerOf.at(b) - layerOf.at(a) - 1);
    constexpr long long maxDummies = 2000000;
    if (dummyCount > maxDummies) {
        r.error = QStringLiteral("the drawing would need %1 bend points for its long edges (at most %2): too large to lay out in layers")
                      .arg(dummyCount)
                      .arg(maxDummies);
        return r;
    }
    LayeredGraph g;
    g.realCount = n;
    g.layerOf = layerOf;
    g.up = QList<QList<int>>(n);
    g.down = QList<QList<int>>(n);
    g.size.reserve(n);
    g.group.reserve(n);
    QHash<QString, int> groups;
    QStringList groupKeys; // by first appearance: the lanes' order
    const bool grouping = options.keepGroupsTogether || options.lanes;
    for (const LayoutNode &node : nodes) {
        g.size.append(lr ? node.height : node.width);
        if (node.group.isEmpty() || !grouping) {
            g.group.append(-1);
        } else {
            if (!groups.contains(node.group)) {
                groups.insert(node.group, int(groupKeys.size()));
                groupKeys.append(node.group);
            }
            g.group.append(groups.value(node.group));
        }
    }
    QList<QList<int>> chains(m);
    for (int e = 0; e < m; ++e) {
        if (ends.at(e).first == ends.at(e).second)
            continue;
        const int u = r.reversed.at(e) ? ends.at(e).second : ends.at(e).first;
        const int v = r.reversed.at(e) ? ends.at(e).first : ends.at(e).second;
        QList<int> chain{u};
        int prev = u;
        for (int l = layerOf.at(u) + 1; l < layerOf.at(v); ++l) {
            const int d = g.nodeCount();
            g.layerOf.append(l);
            g.up.append(QList<int>{prev});
            g.down.append(QList<int>());
            g.size.append(0);
            g.group.append(options.lanes ? g.group.at(ends.at(e).first) : -1); // a long edge runs in its own source's lane
            g.down[prev].append(d);
            chain.append(d);
            prev = d;
        }
        g.down[prev].append(v);
        g.up[v].append(prev);
        chain.append(v);
        chains[e] = chain;
    }
    g.layers = QList<QList<int>>(layerCount);
    for (int v = 0; v < g.nodeCount(); ++v)
        g.layers[g.layerOf.at(v)].append(v);

    CrossingOptions crossingOptions;
    crossingOptions.keepGroupsTogether = grouping;
    crossingOptions.fixedGroupOrder = options.lanes;
    minimizeCrossings(g, crossingOptions);
    r.crossings = countCrossings(g);
    QList<QPair<double, double>> bands;
    bool ungrouped = false;
    for (int v = 0; v < n && !ungrouped; ++v)
        ungrouped = g.group.at(v) < 0;
    const int laneCount = int(groupKeys.size()) + (ungrouped ? 1 : 0);
    QList<double> across = options.lanes ? laneCoordinates(g, laneCount, options.nodeSep, options.laneSep, &bands)
                                         : assignCoordinates(g, options.nodeSep);
    if (options.lanes && !bands.isEmpty()) { // the first band starts at 0
        const double shift = -bands.first().first;
        for (double &c : across)
            c += shift;
        for (auto &b : bands) {
            b.first += shift;
            b.second += shift;
        }
    }

    // Along the flow: each layer as thick as its thickest box.
    QList<double> thickness(layerCount, 0);
    for (int v = 0; v < n; ++v)
        thickness[layerOf.at(v)] = std::max(thickness.at(layerOf.at(v)), lr ? nodes.at(v).width : nodes.at(v).height);
    // Between layers: layerSep, or more where an edge's label needs the room (the gap after
    // the layer its first piece leaves from).
    QList<double> gap(layerCount, options.layerSep);
    for (int e = 0; e < m; ++e) {
        const double need = edges.at(e).labelLength;
        if (!(need > 0) || !std::isfinite(need) || ends.at(e).first == ends.at(e).second)
            continue;
        const int l = std::min(layerOf.at(ends.at(e).first), layerOf.at(ends.at(e).second));
        gap[l] = std::max(gap.at(l), std::min(need, 2000.0));
    }
    QList<double> layerStart(layerCount, 0);
    for (int l = 1; l < layerCount; ++l)
        layerStart[l] = layerStart.at(l - 1) + thickness.at(l - 1) + gap.at(l - 1);
    auto point = [lr](double along, double acrossPos) { return lr ? QPointF(along, acrossPos) : QPointF(acrossPos, along); };

    r.centers.reserve(n);
    for (int v = 0; v < n; ++v) {
        const int l = layerOf.at(v);
        r.centers.append(point(layerStart.at(l) + thickness.at(l) / 2, across.at(v)));
    }

    // Edges joining the same two nodes (repeats, and a 2-cycle's two directions) get their
    // ends spread across the flow, so they do not lie on top of each other.
    QList<double> endOffset(m, 0);
    {
        QHash<QPair<int, int>, QList<int>> pairs;
        for (int e = 0; e < m; ++e)
            if (ends.at(e).first != ends.at(e).second)
                pairs[qMakePair(std::min(ends.at(e).first, ends.at(e).second), std::max(ends.at(e).first, ends.at(e).second))].append(e);
        for (auto it = pairs.cbegin(); it != pairs.cend(); ++it) {
            const QList<int> &list = it.value();
            if (list.size() < 2)
                continue;
            const double room = 0.4 * std::min(g.size.at(it.key().first), g.size.at(it.key().second)); // within +-20% of the box
            const double step = std::min(8.0, room / double(list.size() - 1));
            for (int k = 0; k < list.size(); ++k)
                endOffset[list.at(k)] = (k - (list.size() - 1) / 2.0) * step;
        }
    }
    QHash<int, int> selfLoopsDone, selfLoopCount;
    for (int e = 0; e < m; ++e)
        if (ends.at(e).first == ends.at(e).second)
            ++selfLoopCount[ends.at(e).first];

    // Routing: every bend lies in a gap between layers, and inside a layer an edge runs
    // straight along the flow, so it cannot cut through a box.
    r.edgePoints.reserve(m);
    for (int e = 0; e < m; ++e) {
        QList<QPointF> pts;
        const int u = ends.at(e).first;
        if (ends.at(e).first == ends.at(e).second) {
            // A self-loop: out of the box's far side and back, in the part of that side
            // above the edges' ports (they leave within +-20% of the middle). Several loops
            // on one node nest, the later ones outside.
            const double extent = lr ? nodes.at(u).width / 2 : nodes.at(u).height / 2;
            const double size = lr ? nodes.at(u).height : nodes.at(u).width;
            const int k = selfLoopsDone[u]++;
            const int count = selfLoopCount.value(u);
            const double loop = std::min(12.0 * (1 + 0.6 * k), 0.45 * options.layerSep);
            const double inset = std::min(3.0 * (count - 1 - k), size / 8);
            const double a = layerStart.at(layerOf.at(u)) + thickness.at(layerOf.at(u)) / 2 + extent;
            const double c = across.at(u);
            const double top = c - size / 2 + 3 + inset, bottom = c - 0.25 * size - inset;
            pts = {point(a, bottom), point(a + loop, bottom), point(a + loop, top), point(a, top)};
            r.edgePoints.append(pts);
            continue;
        }
        const QList<int> &chain = chains.at(e);
        const double off = endOffset.at(e);
        for (int k = 0; k < chain.size(); ++k) {
            const int v = chain.at(k);
            const int l = g.layerOf.at(v);
            const double layerEnd = layerStart.at(l) + thickness.at(l);
            const double c = across.at(v);
            if (k == 0) {
                const double exitAt = layerStart.at(l) + thickness.at(l) / 2 + (lr ? nodes.at(v).width : nodes.at(v).height) / 2;
                pts.append(point(exitAt, c + off));
                if (exitAt < layerEnd)
                    pts.append(point(layerEnd, c + off));
            } else if (k == chain.size() - 1) {
                const double entryAt = layerStart.at(l) + thickness.at(l) / 2 - (lr ? nodes.at(v).width : nodes.at(v).height) / 2;
                if (entryAt > layerStart.at(l))
                    pts.append(point(layerStart.at(l), c + off));
                pts.append(point(entryAt, c + off));
            } else {
                pts.append(point(layerStart.at(l), c));
                if (thickness.at(l) > 0)
                    pts.append(point(layerEnd, c));
            }
        }
        if (r.reversed.at(e))
            std::reverse(pts.begin(), pts.end()); // from the edge's own source to its target
        r.edgePoints.append(pts);
    }
    r.layerCount = layerCount;
    for (int v = 0; v < n; ++v) {
        r.width = std::max(r.width, r.centers.at(v).x() + nodes.at(v).width / 2);
        r.height = std::max(r.height, r.centers.at(v).y() + nodes.at(v).height / 2);
    }
    for (const QList<QPointF> &pts : std::as_const(r.edgePoints)) // bends and loops may stick out
        for (const QPointF &p : pts) {
            r.width = std::max(r.width, p.x());
            r.height = std::max(r.height, p.y());
        }
    for (int k = 0; k < bands.size(); ++k) {
        const double along = lr ? r.width : r.height;
        const QRectF band = lr ? QRectF(0, bands.at(k).first, along, bands.at(k).second - bands.at(k).first)
                               : QRectF(bands.at(k).first, 0, bands.at(k).second - bands.at(k).first, along);
        r.lanes.append({k < groupKeys.size() ? groupKeys.at(k) : QString(), band});
        if (lr)
            r.height = std::max(r.height, band.bottom());
        else
            r.width = std::max(r.width, band.right());
    }
    r.ok = true;
    return r;
}

} // namespace capgraph::layout
