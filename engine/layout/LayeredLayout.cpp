#include "layout/LayeredLayout.h"

#include "layout/CoordinateAssigner.h"
#include "layout/CrossingMinimizer.h"
#include "layout/LayeredGraph.h"
#include "layout/Layering.h"
#include "layout/Sifting.h"

#include <QHash>

#include <algorithm>

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
    enum : char { White, Grey, Black };
    QList<char> state(n, White);
    struct Frame { int node; qsizetype next; };
    for (int root : std::as_const(roots)) {
        if (state.at(root) != White)
            continue;
        QList<Frame> stack{{root, 0}};
        state[root] = Grey;
        while (!stack.isEmpty()) {
            Frame &f = stack.last();
            if (f.next < out.at(f.node).size()) {
                const int e = out.at(f.node).at(f.next++);
                const int w = reversed.at(e) ? ends.at(e).first : ends.at(e).second;
                if (state.at(w) == Grey)
                    reversed[e] = !reversed.at(e);
                else if (state.at(w) == White) {
                    state[w] = Grey;
                    stack.append({w, 0});
                }
            } else {
                state[f.node] = Black;
                stack.removeLast();
            }
        }
    }
    return reversed;
}

} // namespace

LayoutResult LayeredLayout::run(const QList<LayoutNode> &nodes, const QList<LayoutEdge> &edges, const LayoutOptions &options)
{
    LayoutResult r;
    const int n = int(nodes.size());
    const bool lr = options.direction == LayoutDirection::LeftToRight;
    QHash<QString, int> index;
    index.reserve(n);
    for (int i = 0; i < n; ++i) {
        if (index.contains(nodes.at(i).id)) {
            r.error = QStringLiteral("duplicate node id '%1'").arg(nodes.at(i).id);
            return r;
        }
        if (!(nodes.at(i).width > 0) || !(nodes.at(i).height > 0)) {
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

    // The proper layered graph: long edges become chains of dummies.
    LayeredGraph g;
    g.realCount = n;
    g.layerOf = layerOf;
    g.up = QList<QList<int>>(n);
    g.down = QList<QList<int>>(n);
    g.size.reserve(n);
    g.group.reserve(n);
    QHash<QString, int> groups;
    for (const LayoutNode &node : nodes) {
        g.size.append(lr ? node.height : node.width);
        if (node.group.isEmpty() || !options.keepGroupsTogether)
            g.group.append(-1);
        else
            g.group.append(int(groups.insert(node.group, groups.value(node.group, int(groups.size()))).value()));
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
            g.group.append(-1);
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
    crossingOptions.keepGroupsTogether = options.keepGroupsTogether;
    minimizeCrossings(g, crossingOptions);
    siftLayers(g);
    r.crossings = countCrossings(g);
    const QList<double> across = assignCoordinates(g, options.nodeSep);

    // Along the flow: each layer as thick as its thickest box.
    QList<double> thickness(layerCount, 0);
    for (int v = 0; v < n; ++v)
        thickness[layerOf.at(v)] = std::max(thickness.at(layerOf.at(v)), lr ? nodes.at(v).width : nodes.at(v).height);
    QList<double> layerStart(layerCount, 0);
    for (int l = 1; l < layerCount; ++l)
        layerStart[l] = layerStart.at(l - 1) + thickness.at(l - 1) + options.layerSep;
    auto point = [lr](double along, double acrossPos) { return lr ? QPointF(along, acrossPos) : QPointF(acrossPos, along); };

    r.centers.reserve(n);
    for (int v = 0; v < n; ++v) {
        const int l = layerOf.at(v);
        r.centers.append(point(layerStart.at(l) + thickness.at(l) / 2, across.at(v)));
    }

    // Routing: every bend lies in a gap between layers, and inside a layer an edge runs
    // straight along the flow, so it cannot cut through a box.
    r.edgePoints.reserve(m);
    for (int e = 0; e < m; ++e) {
        QList<QPointF> pts;
        const int u = ends.at(e).first;
        if (ends.at(e).first == ends.at(e).second) {
            const double extent = lr ? nodes.at(u).width / 2 : nodes.at(u).height / 2;
            const double side = (lr ? nodes.at(u).height : nodes.at(u).width) / 4;
            const double loop = std::min(15.0, options.layerSep / 3);
            const double a = layerStart.at(layerOf.at(u)) + thickness.at(layerOf.at(u)) / 2 + extent;
            const double c = across.at(u);
            pts = {point(a, c - side), point(a + loop, c - side), point(a + loop, c + side), point(a, c + side)};
            r.edgePoints.append(pts);
            continue;
        }
        const QList<int> &chain = chains.at(e);
        for (int k = 0; k < chain.size(); ++k) {
            const int v = chain.at(k);
            const int l = g.layerOf.at(v);
            const double layerEnd = layerStart.at(l) + thickness.at(l);
            const double c = across.at(v);
            if (k == 0) {
                const double exitAt = layerStart.at(l) + thickness.at(l) / 2 + (lr ? nodes.at(v).width : nodes.at(v).height) / 2;
                pts.append(point(exitAt, c));
                if (exitAt < layerEnd)
                    pts.append(point(layerEnd, c));
            } else if (k == chain.size() - 1) {
                const double entryAt = layerStart.at(l) + thickness.at(l) / 2 - (lr ? nodes.at(v).width : nodes.at(v).height) / 2;
                if (entryAt > layerStart.at(l))
                    pts.append(point(layerStart.at(l), c));
                pts.append(point(entryAt, c));
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
    r.ok = true;
    return r;
}

} // namespace capgraph::layout
