#include "layout/GraphAutoLayout.h"

#include "layout/NodeGeometry.h"

#include <limits>

namespace capgraph {

GraphLayout layOutGraph(const Graph &graph, layout::LayoutDirection direction, const QSet<QString> &only)
{
    using namespace layout;
    QList<LayoutNode> nodes;
    QList<QSizeF> boxes; // per laid-out node: its box (the layout's node is its whole footprint)
    QSet<QString> ids;
    double left = std::numeric_limits<double>::max(), top = std::numeric_limits<double>::max();
    bool allPlaced = true;
    for (const Node &n : graph.nodes) {
        if (!only.isEmpty() && !only.contains(n.id))
            continue;
        if (ids.contains(n.id))
            continue; // a duplicate id (the validator reports it): lay out the first
        ids.insert(n.id);
        const QSizeF size = nodeBoxSize(n.kind);
        // Centred on the box: as wide as the caption and with its room above as well as below.
        const QRectF footprint = nodeFootprint(n.kind, n.caption());
        const double width = 2 * std::max(-footprint.left(), footprint.right());
        const double height = 2 * std::max(-footprint.top(), footprint.bottom());
        nodes.append({n.id, width, height, QString()});
        boxes.append(size);
        if (n.position) {
            left = std::min(left, n.position->x() - width / 2);
            top = std::min(top, n.position->y() - height / 2);
        } else {
            allPlaced = false;
        }
    }
    QList<LayoutEdge> edges;
    QList<QPair<QString, QString>> ends;
    QHash<QString, const Node *> byId;
    for (const Node &n : graph.nodes)
        if (!byId.contains(n.id))
            byId.insert(n.id, &n);
    for (const FlowEdge &f : graph.flowEdges())
        if (ids.contains(f.from) && ids.contains(f.to)) {
            // A label between two layers needs its length and some air on either side.
            const QSizeF label = edgeLabelSize(graph.flowLabel(f, byId.value(f.from)));
            const double along = direction == LayoutDirection::LeftToRight ? label.width() : label.height();
            edges.append({f.from, f.to, f.kind == EdgeKind::Iteration, along > 0 ? along + 40 : 0});
            ends.append({f.from, f.to});
        }
    LayoutOptions options;
    options.direction = direction;
    options.nodeSep = 36;
    options.layerSep = 90; // room for a condition's label between two layers
    const LayoutResult r = LayeredLayout::run(nodes, edges, options);
    GraphLayout out;
    if (!r.ok)
        return out;
    const QPointF offset = (!only.isEmpty() && allPlaced && !nodes.isEmpty()) ? QPointF(left, top) : QPointF(40, 40);
    QHash<QString, int> at;
    for (int i = 0; i < nodes.size(); ++i) {
        out.centres.insert(nodes.at(i).id, r.centers.at(i) + offset);
        at.insert(nodes.at(i).id, i);
    }
    if (direction != LayoutDirection::LeftToRight)
        return out; // the studio's ports are left and right: only a left-to-right drawing fits them
    for (int e = 0; e < edges.size(); ++e) {
        if (r.reversed.at(e) || ends.at(e).first == ends.at(e).second || r.edgePoints.at(e).size() < 2
            || out.routes.contains(ends.at(e)))
            continue;
        const int s = at.value(ends.at(e).first), t = at.value(ends.at(e).second);
        const QPointF sc = out.centres.value(ends.at(e).first), tc = out.centres.value(ends.at(e).second);
        QList<QPointF> points;
        for (const QPointF &p : r.edgePoints.at(e))
            points.append(p + offset);
        // From the footprint's sides to the box's ports (the footprint may be wider).
        const QPointF port(sc.x() + boxes.at(s).width() / 2, sc.y());
        const QPointF entry(tc.x() - boxes.at(t).width() / 2, tc.y());
        if (points.constFirst().y() == port.y())
            points.first() = port;
        else
            points.prepend(port);
        if (points.constLast().y() == entry.y())
            points.last() = entry;
        else
            points.append(entry);
        out.routes.insert(ends.at(e), points);
    }
    return out;
}

QHash<QString, QPointF> autoLayoutGraph(const Graph &graph, layout::LayoutDirection direction, const QSet<QString> &only)
{
    return layOutGraph(graph, direction, only).centres;
}

} // namespace capgraph
