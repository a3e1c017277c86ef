#include "layout/GraphAutoLayout.h"

#include "layout/NodeGeometry.h"

#include <limits>

namespace capgraph {

QHash<QString, QPointF> autoLayoutGraph(const Graph &graph, layout::LayoutDirection direction, const QSet<QString> &only)
{
    using namespace layout;
    QList<LayoutNode> nodes;
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
        nodes.append({n.id, size.width(), size.height(), QString()});
        if (n.position) {
            left = std::min(left, n.position->x() - size.width() / 2);
            top = std::min(top, n.position->y() - size.height() / 2);
        } else {
            allPlaced = false;
        }
    }
    QList<LayoutEdge> edges;
    for (const FlowEdge &f : graph.flowEdges())
        if (ids.contains(f.from) && ids.contains(f.to))
            edges.append({f.from, f.to, f.kind == EdgeKind::Iteration});
    LayoutOptions options;
    options.direction = direction;
    options.nodeSep = 36;
    options.layerSep = 70;
    const LayoutResult r = LayeredLayout::run(nodes, edges, options);
    QHash<QString, QPointF> centres;
    if (!r.ok)
        return centres;
    const QPointF offset = (!only.isEmpty() && allPlaced && !nodes.isEmpty()) ? QPointF(left, top) : QPointF(40, 40);
    for (int i = 0; i < nodes.size(); ++i)
        centres.insert(nodes.at(i).id, r.centers.at(i) + offset);
    return centres;
}

} // namespace capgraph
