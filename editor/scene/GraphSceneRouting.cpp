// GraphScene: edge routes and their labels, kept up to date as nodes move (the engine's
// EdgeRouter, a RouteCache, labels settled off nodes and other labels).
#include "scene/GraphScene.h"

#include "document/GraphDocument.h"
#include "layout/NodeGeometry.h"
#include "scene/EdgeItem.h"
#include "scene/NodeItem.h"

#include <QGraphicsView>
#include <QtConcurrent/QtConcurrentMap>

namespace capgraph::editor {

layout::RouteBox GraphScene::routeBoxOf(const QString &nodeId) const
{
    const NodeItem *item = m_nodes.value(nodeId);
    const Node *n = m_document->node(nodeId);
    if (!item || !n)
        return {};
    return {item->box().translated(item->pos()), nodeCaptionRect(n->kind, n->caption()).translated(item->pos())};
}

void GraphScene::rebuildRouter()
{
    QList<layout::RouteBox> boxes;
    m_routerIndex.clear();
    for (const Node &n : m_document->graph().nodes) {
        if (!m_nodes.contains(n.id) || m_routerIndex.contains(n.id))
            continue;
        m_routerIndex.insert(n.id, int(boxes.size()));
        boxes.append(routeBoxOf(n.id));
    }
    m_router.setBoxes(boxes);
}

void GraphScene::routeEdge(EdgeItem *edge)
{
    if (const layout::EdgeRoute *cached = m_routes.find(edge->routeKey())) {
        // The same route, its label perhaps moved off another edge (settleLabel): kept.
        layout::EdgeRoute same = edge->route();
        same.label = cached->label;
        if (*cached != same)
            edge->setRoute(*cached);
        return;
    }
    layout::RouteEdge request;
    request.from = m_routerIndex.value(edge->flow().from, -1);
    request.to = m_routerIndex.value(edge->flow().to, -1);
    if (request.from < 0 || request.to < 0)
        return; // an item about to be rebuilt (its end was renamed or removed): no route to keep
    request.label = edge->labelSize();
    request.hint = m_document->routeHint(edge->flow().from, edge->flow().to);
    const layout::EdgeRoute route = m_router.route(request);
    m_routes.insert(edge->routeKey(), edge->flow().from, edge->flow().to, route);
    // A route found again where it was (most of those a moved box makes look again) is
    // not repainted: a long edge's repaint is most of the view.
    if (route != edge->route())
        edge->setRoute(route);
}

namespace {
// The drawn edges by area, for settling many labels at once: the scene's own index would be
// brought up to date again at every look while routes change (a 5,000-node graph's opening
// took minutes), this one is made once, each curve flattened once.
class EdgeGrid
{
public:
    static constexpr double Cell = 200;
    struct Entry
    {
        const EdgeItem *edge;
        QRectF bounds;
        QList<QPointF> polyline;
    };
    void insert(const EdgeItem *e)
    {
        const int i = int(m_entries.size());
        m_entries.append({e, e->route().bounds(), e->route().flattened(8)});
        m_seen.push_back(0);
        // The cells its segments pass (not its bounds: a long edge's bounds cover thousands)
        // and those of its label.
        quint64 last = ~quint64(0);
        const auto add = [&](quint64 key) {
            if (key != last)
                m_cells[key].push_back(i);
            last = key;
        };
        const QList<QPointF> &points = m_entries.last().polyline;
        for (qsizetype k = 1; k < points.size(); ++k)
            forCells(QRectF(points.at(k - 1), points.at(k)).normalized(), add);
        if (!e->route().label.isEmpty())
            forCells(e->route().label, add);
    }
    // Whether `label` lies on the curve or the label of another edge than `edge`.
    bool blocked(const EdgeItem *edge, const QRectF &label)
    {
        ++m_stamp;
        bool hit = false;
        forCells(label, [&](quint64 key) {
            if (hit)
                return;
            const auto it = m_cells.constFind(key);
            if (it == m_cells.constEnd())
                return;
            for (int i : *it) {
                if (m_seen[i] == m_stamp)
                    continue;
                m_seen[i] = m_stamp;
                const Entry &other = m_entries.at(i);
                if (other.edge == edge)
                    continue;
                const QRectF &otherLabel = other.edge->route().label;
                if ((!otherLabel.isEmpty() && otherLabel.intersects(label))
                    || (other.bounds.intersects(label) && layout::RouteGeometry::polylineCrossesRect(other.polyline, label))) {
                    hit = true;
                    return;
                }
            }
        });
        return hit;
    }

private:
    template<typename F> static void forCells(const QRectF &r, F f)
    {
        const qint64 x0 = qint64(std::floor(r.left() / Cell)), x1 = qint64(std::floor(r.right() / Cell));
        const qint64 y0 = qint64(std::floor(r.top() / Cell)), y1 = qint64(std::floor(r.bottom() / Cell));
        for (qint64 x = x0; x <= x1; ++x)
            for (qint64 y = y0; y <= y1; ++y)
                f((quint64(quint32(x)) << 32) | quint32(y));
    }
    QList<Entry> m_entries;
    std::vector<quint32> m_seen;
    quint32 m_stamp = 0;
    QHash<quint64, std::vector<int>> m_cells;
};
} // namespace

void GraphScene::settleLabels(const QList<EdgeItem *> &edges)
{
    if (edges.size() < 64) {
        // These, and the labels of others their new curves may now lie on.
        QList<EdgeItem *> todo = edges;
        for (const EdgeItem *e : edges)
            for (QGraphicsItem *item : items(e->route().bounds(), Qt::IntersectsItemBoundingRect))
                if (item->type() == EdgeItem::Type && !todo.contains(static_cast<EdgeItem *>(item))
                    && !static_cast<EdgeItem *>(item)->route().label.isEmpty() && static_cast<EdgeItem *>(item)->route().label.intersects(e->route().bounds()))
                    todo.append(static_cast<EdgeItem *>(item));
        for (EdgeItem *e : std::as_const(todo))
            settleLabel(e);
        return;
    }
    bool anyLabel = false;
    for (const EdgeItem *e : edges)
        anyLabel |= !e->route().label.isEmpty();
    if (!anyLabel)
        return;
    EdgeGrid grid;
    for (const EdgeItem *e : std::as_const(m_edges))
        if (e->isVisible() && !e->route().pieces.isEmpty())
            grid.insert(e);
    for (EdgeItem *e : edges)
        settleLabel(e, [&grid, e](const QRectF &r) { return grid.blocked(e, r); });
}

bool GraphScene::labelOnAnother(const EdgeItem *edge, const QRectF &label, const QList<const EdgeItem *> &others)
{
    for (const EdgeItem *other : others) {
        if (other == edge || !other->isVisible())
            continue;
        if (!other->route().label.isEmpty() && other->route().label.intersects(label))
            return true;
        if (other->route().bounds().intersects(label) && layout::RouteGeometry::polylineCrossesRect(other->route().flattened(8), label))
            return true;
    }
    return false;
}

bool GraphScene::labelBlocked(const EdgeItem *edge, const QRectF &label) const
{
    QList<const EdgeItem *> others;
    for (QGraphicsItem *item : items(label, Qt::IntersectsItemBoundingRect))
        if (item->type() == EdgeItem::Type)
            others.append(static_cast<const EdgeItem *>(item));
    return labelOnAnother(edge, label, others);
}

void GraphScene::settleLabel(EdgeItem *edge)
{
    settleLabel(edge, [this, edge](const QRectF &r) { return labelBlocked(edge, r); });
}

void GraphScene::settleLabel(EdgeItem *edge, const std::function<bool(const QRectF &)> &blocked)
{
    const layout::EdgeRoute &route = edge->route();
    if (route.label.isEmpty() || !blocked(route.label))
        return;
    QRectF placed = m_router.replaceLabel(route, blocked);
    if (placed == route.label)
        if (const layout::EdgeRoute *cached = m_routes.find(edge->routeKey()))
            placed = cached->label; // no free place: where the route alone puts it
    if (placed != route.label) {
        layout::EdgeRoute moved = route;
        moved.label = placed;
        edge->setRoute(moved);
    }
}

void GraphScene::routeEdges(const QList<EdgeItem *> &edges)
{
    // The routes not cached, computed on every core (a big graph has thousands), then given
    // to their items here.
    QList<EdgeItem *> todo;
    QList<layout::RouteEdge> requests;
    QSet<QString> asked;
    for (EdgeItem *e : edges) {
        if (m_routes.find(e->routeKey())) {
            routeEdge(e);
            continue;
        }
        layout::RouteEdge request;
        request.from = m_routerIndex.value(e->flow().from, -1);
        request.to = m_routerIndex.value(e->flow().to, -1);
        if (request.from < 0 || request.to < 0)
            continue; // as in routeEdge
        todo.append(e);
        if (asked.contains(e->routeKey()))
            continue; // the same route twice (repeated edges): computed once
        asked.insert(e->routeKey());
        request.label = e->labelSize();
        request.hint = m_document->routeHint(e->flow().from, e->flow().to);
        requests.append(request);
    }
    if (requests.size() < 64) { // a few: not worth the threads
        for (EdgeItem *e : std::as_const(todo))
            routeEdge(e);
        settleLabels(edges); // now that every route is in place
        return;
    }
    const QList<layout::EdgeRoute> routes = QtConcurrent::blockingMapped(requests, [this](const layout::RouteEdge &request) {
        return m_router.route(request);
    });
    qsizetype next = 0;
    for (EdgeItem *e : std::as_const(todo)) {
        if (!m_routes.find(e->routeKey()))
            m_routes.insert(e->routeKey(), e->flow().from, e->flow().to, routes.at(next++));
        routeEdge(e);
    }
    settleLabels(edges); // now that every route is in place
}

void GraphScene::nodeBoxChanged(const QString &nodeId)
{
    const int i = m_routerIndex.value(nodeId, -1);
    if (i < 0)
        return;
    const layout::RouteBox before = m_router.boxes().at(i);
    const layout::RouteBox after = routeBoxOf(nodeId);
    if (before.box == after.box && before.caption == after.caption)
        return;
    m_router.setBox(i, after);
    const QRectF was = before.caption.isEmpty() ? before.box : before.box.united(before.caption);
    const QRectF is = after.caption.isEmpty() ? after.box : after.box.united(after.caption);
    if (m_dragging) {
        // While a node is dragged only its own edges follow it; the edges it passes over make
        // way when it is dropped (rerouteAfterDrag): routing them at every mouse move was most
        // of a drag step on a big graph, and edges dodging the pointer are only noise.
        m_dragArea |= was.united(is);
        rerouteAround(QRectF(), nodeId);
        return;
    }
    rerouteAround(was.united(is), nodeId);
}

void GraphScene::rerouteAfterDrag()
{
    const QRectF area = std::exchange(m_dragArea, QRectF());
    if (area.isNull())
        return;
    QList<EdgeItem *> edges;
    for (const QString &key : m_routes.dropAround(area, QString()))
        edges += m_edgesByKey.values(key);
    routeEdges(edges);
}

void GraphScene::rerouteAround(const QRectF &area, const QString &nodeId)
{
    // A route depends on its ends and on the boxes in its dependsOn areas only: the others
    // stay as they are (and are what routing everything afresh would give).
    const QSet<QString> dropped = m_routes.dropAround(area, nodeId);
    QList<EdgeItem *> routed;
    for (const QString &key : dropped) {
        const QList<EdgeItem *> items = m_edgesByKey.values(key);
        for (EdgeItem *e : items) {
            routeEdge(e);
            routed.append(e);
        }
    }
    settleLabels(routed);
}

} // namespace capgraph::editor
