#include "scene/GraphScene.h"

#include "catalog/CapabilityNodeMime.h"
#include "commands/GraphActions.h"
#include "commands/MoveNodesCommand.h"
#include "document/GraphDocument.h"
#include "commands/EditAnnotationsCommand.h"
#include "layout/NodeGeometry.h"
#include "scene/EdgeItem.h"
#include "scene/FrameItem.h"
#include "scene/GraphSketch.h"
#include "scene/NodeItem.h"
#include "scene/NoteItem.h"
#include "ui/NodeTypeMime.h"

#include <QGraphicsLineItem>
#include <QtConcurrent/QtConcurrentMap>
#include <QGraphicsView>
#include <QGraphicsSceneDragDropEvent>
#include <QGraphicsSceneMouseEvent>
#include <QMimeData>
#include <QPainter>

#include <utility>

namespace capgraph::editor {

GraphScene::GraphScene(GraphDocument *document, QObject *parent)
    : QGraphicsScene(parent)
    , m_document(document)
{
    // The BSP index: a view paints only the items near what it shows, instead of walking all
    // of them (14,000 on a 5,000-node graph). Moving a node re-indexes just its items; on
    // bench/studio's graph it takes a repaint at 100 % from 19 to 12 ms and a drag step from
    // 17 to 11 ms, for 4 ms more when the whole graph is in view.
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    connect(document, &GraphDocument::graphReset, this, &GraphScene::rebuild);
    connect(document, &GraphDocument::nodeAdded, this, [this](const QString &id) {
        addNodeItem(id);
        rebuildRouter();
        if (const int i = m_routerIndex.value(id, -1); i >= 0) {
            const layout::RouteBox &b = m_router.boxes().at(i);
            rerouteAround(b.caption.isEmpty() ? b.box : b.box.united(b.caption), id);
        }
        rebuildEdges();
        refreshFrames();
    });
    connect(document, &GraphDocument::nodeRemoved, this, [this](const QString &id) {
        QRectF was;
        if (const int i = m_routerIndex.value(id, -1); i >= 0) {
            const layout::RouteBox &b = m_router.boxes().at(i);
            was = b.caption.isEmpty() ? b.box : b.box.united(b.caption);
        }
        removeNodeItem(id);
        rebuildRouter();
        rerouteAround(was, id);
        rebuildEdges();
        refreshFrames();
    });
    connect(document, &GraphDocument::nodeChanged, this, &GraphScene::syncNode);
    connect(document, &GraphDocument::nodeRenamed, this, &GraphScene::renameNodeItem);
    connect(document, &GraphDocument::edgesChanged, this, &GraphScene::rebuildEdges);
    connect(document, &GraphDocument::annotationsChanged, this, &GraphScene::rebuildAnnotations);
    // Room to scroll to whatever an edit put where: after it, not at every step of a drag.
    connect(document, &GraphDocument::changed, this, [this] { growSceneRect(); });
    rebuild();
}

void GraphScene::rebuild()
{
    m_dragLayer.end(); // its items are going; the next move of a drag lifts the new ones
    m_edges.clear();
    m_edgesByKey.clear();
    m_edgesOfNode.clear();
    m_nodes.clear();
    m_frames.clear();
    m_notes.clear();
    m_connectLine = nullptr;
    m_connectFrom = nullptr;
    clear();
    for (const Node &n : m_document->graph().nodes)
        addNodeItem(n.id);
    rebuildRouter();
    m_routes.clear();
    rebuildEdges();
    rebuildAnnotations();
    growSceneRect(true);
}

QPointF GraphScene::startPoint() const
{
    const NodeItem *leftmost = nullptr;
    for (const Node &n : m_document->graph().nodes) {
        const NodeItem *item = m_nodes.value(n.id);
        if (!item)
            continue;
        if (n.kind == NodeKind::Start)
            return item->pos();
        if (!leftmost || item->pos().x() < leftmost->pos().x())
            leftmost = item;
    }
    return leftmost ? leftmost->pos() : QPointF();
}

void GraphScene::growSceneRect(bool afresh)
{
    QRectF content = itemsBoundingRect();
    if (content.isEmpty())
        content = QRectF(-200, -150, 400, 300);
    const QRectF wanted = content.adjusted(-1200, -900, 1200, 900);
    setSceneRect(afresh ? wanted : sceneRect().united(wanted));
}

double GraphScene::viewScale() const
{
    // The canvas, not the overview (which shows the scene much smaller).
    double scale = 0;
    for (const QGraphicsView *v : views())
        scale = std::max(scale, v->transform().m11());
    return scale > 0 ? scale : 1.0;
}

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

void GraphScene::rebuildAnnotations()
{
    const QStringList selected = selectedAnnotationIds();
    // Out of the maps before deleting: deleting a selected item emits selectionChanged at
    // once, and its listeners (the properties dock) must not walk deleted items.
    const auto frames = std::exchange(m_frames, {});
    const auto notes = std::exchange(m_notes, {});
    qDeleteAll(frames);
    qDeleteAll(notes);
    for (const Frame &f : m_document->graph().frames) {
        auto *item = new FrameItem(this, f.id);
        m_frames.insert(f.id, item);
        addItem(item);
        item->setSelected(selected.contains(f.id));
    }
    for (const Note &n : m_document->graph().notes) {
        auto *item = new NoteItem(this, n.id);
        m_notes.insert(n.id, item);
        addItem(item);
        item->setSelected(selected.contains(n.id));
    }
}

void GraphScene::refreshFrames()
{
    for (FrameItem *f : std::as_const(m_frames))
        f->refresh();
}

QStringList GraphScene::selectedAnnotationIds() const
{
    QStringList ids;
    for (const Frame &f : m_document->graph().frames)
        if (FrameItem *item = m_frames.value(f.id); item && item->isSelected())
            ids.append(f.id);
    for (const Note &n : m_document->graph().notes)
        if (NoteItem *item = m_notes.value(n.id); item && item->isSelected())
            ids.append(n.id);
    return ids;
}

void GraphScene::addNodeItem(const QString &id)
{
    if (m_nodes.contains(id))
        return;
    auto *item = new NodeItem(this, id);
    item->setFindings(m_nodeFindings.value(id, {Severity::Info, 0}));
    m_nodes.insert(id, item);
    addItem(item);
}

void GraphScene::removeNodeItem(const QString &id)
{
    m_dragLayer.end(); // it holds edges (as in rebuild())
    NodeItem *item = m_nodes.take(id);
    if (!item)
        return;
    if (m_connectFrom == item)
        m_connectFrom = nullptr;
    const QList<EdgeItem *> edges = m_edgesOfNode.values(item);
    for (EdgeItem *e : edges) {
        m_edges.removeAll(e);
        m_edgesByKey.remove(e->routeKey(), e);
        for (NodeItem *end : {e->source(), e->target()})
            m_edgesOfNode.remove(end, e);
    }
    m_edgesOfNode.remove(item);
    // Deleted only once no map holds them (see rebuildAnnotations).
    qDeleteAll(edges);
    delete item;
}

void GraphScene::renameNodeItem(const QString &oldId, const QString &newId)
{
    NodeItem *item = m_nodes.take(oldId);
    if (!item)
        return;
    item->setNodeId(newId);
    m_nodes.insert(newId, item);
    if (m_routerIndex.contains(oldId))
        m_routerIndex.insert(newId, m_routerIndex.take(oldId));
    // The routes cached under the old id go, unrouted: the edge items still name the old id,
    // which the router no longer knows, and edgesChanged rebuilds them under the new one. (Routed
    // here they were cached empty under the old id, and an undo of the rename found them: the
    // node's edges vanished from the canvas.)
    m_routes.dropAround(QRectF(), oldId);
    nodeBoxChanged(newId);          // a caption as long as the new id
    refreshFrames(); // a frame lists its members by id
}

void GraphScene::syncNode(const QString &id)
{
    NodeItem *item = m_nodes.value(id);
    if (!item)
        return;
    item->syncFromModel(); // moves it: its edges and frames follow (nodeItemMoved)
    nodeBoxChanged(id);    // another kind: another box, at the same place
    // A renamed condition: its edge's label is another size, its route another one.
    for (EdgeItem *e : m_edgesOfNode.values(item)) {
        const QString was = e->routeKey();
        if (e->source() == item && e->refreshLabel()) {
            m_edgesByKey.remove(was, e);
            m_edgesByKey.insert(e->routeKey(), e);
            routeEdge(e);
            settleLabel(e);
        }
    }
    // A branch's conditions are edges too: when the ones it draws changed (targets, default,
    // or the node stopped or started being a branch), rebuild the edge items. Not for a mere
    // move or a renamed condition: rebuilding every edge of a big graph took 0.4 s after each
    // drag of a branch (bench/studio).
    const Node *n = m_document->node(id);
    if (!n)
        return;
    QList<QPair<int, QString>> drawn, wanted; // (condition index, -1 for the default; target)
    QSet<QString> explicitTargets;
    for (EdgeItem *e : m_edgesOfNode.values(item)) {
        if (e->source() != item)
            continue;
        if (e->flow().origin == FlowEdge::Origin::Edge)
            explicitTargets.insert(e->flow().to);
        else
            drawn.append({e->flow().origin == FlowEdge::Origin::Default ? -1 : e->flow().conditionIndex, e->flow().to});
    }
    if (n->kind == NodeKind::Branch) { // as Graph::flowEdges makes them, less what rebuildEdges skips
        QSet<QString> seen;
        for (int c = 0; c <= n->conditions.size(); ++c) { // the last round: the default
            const QString &target = c < n->conditions.size() ? n->conditions.at(c).target : n->defaultTarget;
            if (target.isEmpty() || explicitTargets.contains(target) || seen.contains(target))
                continue;
            seen.insert(target);
            if (target != id && m_nodes.contains(target))
                wanted.append({c < n->conditions.size() ? c : -1, target});
        }
    }
    std::sort(drawn.begin(), drawn.end());
    std::sort(wanted.begin(), wanted.end());
    // Edge items know their index in Graph::flowEdges(), which also counts the conditions it
    // does not draw (a missing target, one back to the branch): when a branch's edit changes
    // that count, the later items' indices are stale, and the path preview would light up
    // the wrong edges.
    const bool countChanged = (n->kind == NodeKind::Branch || !drawn.isEmpty())
        && m_document->graph().flowEdges().size() != m_flowEdgeCount;
    if (drawn != wanted || countChanged) {
        rebuildEdges();
        return;
    }
    for (EdgeItem *e : m_edgesOfNode.values(item))
        e->update();
}

void GraphScene::rebuildEdges()
{
    m_dragLayer.end(); // as in rebuild()
    // Keep the selected edges selected across the rebuild by what they are, not by index
    // (an undo that brings an edge back shifts the indices after it): an explicit edge by
    // its ends and kind, a branch condition's edge by its branch and condition. An explicit
    // edge whose ends or kind the edit itself changed matches nothing: it keeps its index.
    const auto identity = [](const FlowEdge &f) {
        return f.origin == FlowEdge::Origin::Edge
            ? QStringLiteral("e|%1|%2|%3").arg(f.from, f.to).arg(int(f.kind))
            : QStringLiteral("c|%1|%2").arg(f.from).arg(f.origin == FlowEdge::Origin::Default ? -1 : f.conditionIndex);
    };
    QList<QPair<QString, int>> selected; // (identity, explicit edge index or -1)
    for (const EdgeItem *e : std::as_const(m_edges))
        if (e->isSelected())
            selected.append({identity(e->flow()), e->flow().origin == FlowEdge::Origin::Edge ? e->flow().edgeIndex : -1});
    const QList<EdgeItem *> old = std::exchange(m_edges, {});
    m_edgesByKey.clear();
    m_edgesOfNode.clear();
    // Deleting selected items emits selectionChanged for each: listeners hear one, at the end.
    const bool blocked = blockSignals(true);
    qDeleteAll(old); // out of the maps first (see rebuildAnnotations)
    const QList<FlowEdge> flows = m_document->graph().flowEdges();
    m_flowEdgeCount = int(flows.size());
    for (int k = 0; k < flows.size(); ++k) {
        const FlowEdge &f = flows.at(k);
        NodeItem *a = m_nodes.value(f.from);
        NodeItem *b = m_nodes.value(f.to);
        if (!a || !b || a == b)
            continue; // the lint reports missing targets; nothing to draw
        auto *item = new EdgeItem(this, f, k, a, b);
        addItem(item);
        m_edges.append(item);
        m_edgesOfNode.insert(a, item);
        m_edgesOfNode.insert(b, item);
        m_edgesByKey.insert(item->routeKey(), item);
        const QString id = identity(f);
        for (qsizetype s = 0; s < selected.size(); ++s)
            if (selected.at(s).first == id) {
                item->setSelected(true);
                selected.removeAt(s);
                break;
            }
    }
    routeEdges(m_edges);
    for (const auto &[id, index] : std::as_const(selected))
        for (EdgeItem *e : std::as_const(m_edges))
            if (index >= 0 && e->flow().origin == FlowEdge::Origin::Edge && e->flow().edgeIndex == index) {
                e->setSelected(true);
                break;
            }
    blockSignals(blocked);
    if (!old.isEmpty() || !m_edges.isEmpty())
        emit selectionChanged();
}

void GraphScene::nodeItemMoved(NodeItem *item)
{
    nodeBoxChanged(item->nodeId());
    for (FrameItem *f : std::as_const(m_frames))
        if (f->members().contains(item->nodeId()))
            f->refresh();
}

GraphScene::~GraphScene()
{
    // QGraphicsScene's destructor deselects and deletes the items: listeners of
    // selectionChanged must not hear that from a half-destroyed scene.
    blockSignals(true);
}

void GraphScene::setRunState(const RunStateView *run)
{
    m_run = run;
}

void GraphScene::runChanged(const QSet<QString> &nodes)
{
    // Only what changed: a 100,000-step loop touches the same few nodes every frame.
    for (const QString &id : nodes)
        if (NodeItem *item = m_nodes.value(id)) {
            item->update();
            for (EdgeItem *e : m_edgesOfNode.values(item))
                e->update();
        }
}

QStringList GraphScene::selectedNodeIds() const
{
    QStringList ids;
    // In document order, so copies and deletes are deterministic.
    for (const Node &n : m_document->graph().nodes)
        if (NodeItem *item = m_nodes.value(n.id); item && item->isSelected())
            ids.append(n.id);
    return ids;
}

QList<int> GraphScene::selectedEdgeIndexes() const
{
    QList<int> out;
    for (EdgeItem *e : m_edges)
        if (e->isSelected() && e->flow().origin == FlowEdge::Origin::Edge)
            out.append(e->flow().edgeIndex);
    std::sort(out.begin(), out.end());
    return out;
}

QList<GraphActions::ConditionRef> GraphScene::selectedConditions() const
{
    QList<GraphActions::ConditionRef> out;
    for (EdgeItem *e : m_edges)
        if (e->isSelected() && e->flow().origin != FlowEdge::Origin::Edge)
            out.append({e->flow().from, e->flow().origin == FlowEdge::Origin::Default ? -1 : e->flow().conditionIndex});
    return out;
}

void GraphScene::selectNodes(const QStringList &ids)
{
    clearSelection();
    for (const QString &id : ids)
        if (NodeItem *item = m_nodes.value(id))
            item->setSelected(true);
}

void GraphScene::selectEdge(int edgeIndex)
{
    clearSelection();
    for (EdgeItem *e : std::as_const(m_edges))
        if (e->flow().origin == FlowEdge::Origin::Edge && e->flow().edgeIndex == edgeIndex)
            e->setSelected(true);
}

void GraphScene::setDiagnostics(const Diagnostics &diagnostics)
{
    QHash<QString, QPair<Severity, int>> nodes;
    QHash<int, int> edges;
    for (const Diagnostic &d : diagnostics) {
        if (!d.nodeId.isEmpty()) {
            auto &[worst, count] = nodes[d.nodeId];
            worst = count == 0 ? d.severity : std::min(worst, d.severity); // Error < Warning < Info
            ++count;
        }
        if (d.edgeIndex >= 0)
            ++edges[d.edgeIndex];
    }
    if (nodes == m_nodeFindings && edges == m_edgeFindings)
        return;
    QSet<QString> touched;
    for (auto it = nodes.cbegin(); it != nodes.cend(); ++it)
        touched.insert(it.key());
    for (auto it = m_nodeFindings.cbegin(); it != m_nodeFindings.cend(); ++it)
        touched.insert(it.key());
    m_nodeFindings = nodes;
    m_edgeFindings = edges;
    for (const QString &id : std::as_const(touched))
        if (NodeItem *item = m_nodes.value(id)) {
            item->setFindings(m_nodeFindings.value(id, {Severity::Info, 0}));
            item->update();
        }
    for (EdgeItem *e : std::as_const(m_edges))
        e->update();
}

QPair<Severity, int> GraphScene::findingsFor(const QString &nodeId) const
{
    return m_nodeFindings.value(nodeId, {Severity::Info, 0});
}

int GraphScene::findingsForEdge(int edgeIndex) const
{
    return m_edgeFindings.value(edgeIndex, 0);
}

void GraphScene::setExporting(bool exporting)
{
    m_exporting = exporting;
    for (NodeItem *item : std::as_const(m_nodes))
        item->setCacheMode(exporting ? QGraphicsItem::NoCache : QGraphicsItem::DeviceCoordinateCache);
    for (NoteItem *item : std::as_const(m_notes))
        item->setCacheMode(exporting ? QGraphicsItem::NoCache : QGraphicsItem::DeviceCoordinateCache);
}

void GraphScene::setPathHighlight(bool active, const QSet<QString> &nodes, const QSet<int> &flowEdges)
{
    if (active == m_pathActive && nodes == m_pathNodes && flowEdges == m_pathEdges)
        return;
    m_pathActive = active;
    m_pathNodes = nodes;
    m_pathEdges = flowEdges;
    for (QGraphicsItem *item : items())
        item->update();
}

PathResult GraphScene::showOptimalPath(const PathOptions &options)
{
    const PathResult path = OptimalPath::find(m_document->graph(), options);
    if (!path.found) {
        setPathHighlight(true, {}, {});
    } else {
        const QStringList ids = path.nodeIds();
        setPathHighlight(true, QSet<QString>(ids.cbegin(), ids.cend()), QSet<int>(path.edgesTaken.cbegin(), path.edgesTaken.cend()));
    }
    return path;
}

void GraphScene::setDark(bool dark)
{
    m_dark = dark;
    for (QGraphicsItem *item : items())
        item->update();
    update();
}

NodeItem *GraphScene::nodeItemAt(const QPointF &scenePos) const
{
    for (QGraphicsItem *item : items(scenePos))
        if (auto *node = qgraphicsitem_cast<NodeItem *>(item))
            return node;
    return nullptr;
}

void GraphScene::mousePressEvent(QGraphicsSceneMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        // A selected edge's end handle: drag it to another node.
        const double handle = std::max(8.0, 7 / std::max(viewScale(), 0.05));
        for (EdgeItem *e : std::as_const(m_edges)) {
            if (!e->isSelected())
                continue;
            const bool condition = e->flow().origin != FlowEdge::Origin::Edge; // keeps its branch: the target end only
            const bool atTarget = QLineF(e->targetPoint(), event->scenePos()).length() <= handle;
            const bool atSource = !condition && QLineF(e->sourcePoint(), event->scenePos()).length() <= handle;
            if (!atTarget && !atSource)
                continue;
            m_reconnectEdge = condition ? -1 : e->flow().edgeIndex;
            m_reconnectCondition = condition ? GraphActions::ConditionRef{e->flow().from, e->flow().origin == FlowEdge::Origin::Default ? -1 : e->flow().conditionIndex}
                                             : GraphActions::ConditionRef{};
            m_reconnecting = true;
            m_reconnectTarget = atTarget;
            m_connectLine = new QGraphicsLineItem(QLineF(atTarget ? e->sourcePoint() : e->targetPoint(), event->scenePos()));
            m_connectLine->setPen(QPen(QColor(0x2f7de1), 1.5, Qt::DashLine));
            m_connectLine->setZValue(10);
            addItem(m_connectLine);
            event->accept();
            return;
        }
        NodeItem *under = nodeItemAt(event->scenePos());
        if (under && under->isOverPort(event->scenePos())) {
            // Start a connection from this node's port.
            m_connectFrom = under;
            m_connectLine = new QGraphicsLineItem(QLineF(under->portPosition(), event->scenePos()));
            m_connectLine->setPen(QPen(QColor(0x2f7de1), 1.5, Qt::DashLine));
            m_connectLine->setZValue(10);
            addItem(m_connectLine);
            event->accept();
            return;
        }
    }
    QGraphicsScene::mousePressEvent(event);
    const QList<QGraphicsItem *> under = items(event->scenePos());
    QGraphicsItem *top = under.isEmpty() ? nullptr : under.first();
    if (event->button() == Qt::LeftButton && top
        && (qgraphicsitem_cast<NodeItem *>(top) || qgraphicsitem_cast<FrameItem *>(top) || qgraphicsitem_cast<NoteItem *>(top))) {
        m_dragging = true;
        emit draggingChanged(true);
        m_pressPositions.clear();
        m_notePressPositions.clear();
        for (const QString &id : selectedNodeIds())
            m_pressPositions.insert(id, m_nodes.value(id)->pos());
        // A selected frame drags its members along.
        for (FrameItem *f : std::as_const(m_frames))
            if (f->isSelected())
                for (const QString &id : f->members())
                    if (NodeItem *n = m_nodes.value(id))
                        m_pressPositions.insert(id, n->pos());
        for (NoteItem *n : std::as_const(m_notes))
            if (n->isSelected())
                m_notePressPositions.insert(n->noteId(), n->pos());
    }
}

void GraphScene::mouseMoveEvent(QGraphicsSceneMouseEvent *event)
{
    if (m_connectLine) {
        m_connectLine->setLine(QLineF(m_connectLine->line().p1(), event->scenePos()));
        event->accept();
        return;
    }
    // The first move of a drag of nodes alone lifts them into the drag layer.
    if (m_dragging && (event->buttons() & Qt::LeftButton) && !m_dragLayer.isActive() && m_dragLayer.isEnabled()
        && m_notePressPositions.isEmpty() && selectedAnnotationIds().isEmpty() && viewScale() >= GraphSketch::Below)
        m_dragLayer.begin(m_pressPositions.keys());
    const DragLayer::Areas before = m_dragLayer.isActive() ? m_dragLayer.areas() : DragLayer::Areas();
    QGraphicsScene::mouseMoveEvent(event);
    if (m_dragLayer.isActive())
        emit dragLayerMoved(m_dragLayer.changedSince(before));
}

void GraphScene::mouseReleaseEvent(QGraphicsSceneMouseEvent *event)
{
    if (m_connectLine && m_reconnecting) {
        delete m_connectLine;
        m_connectLine = nullptr;
        const int index = m_reconnectEdge;
        m_reconnectEdge = -1;
        m_reconnecting = false;
        NodeItem *onto = nodeItemAt(event->scenePos());
        if (onto && index < 0 && !m_reconnectCondition.branch.isEmpty()) {
            QString reason;
            if (!GraphActions::retargetCondition(m_document, m_reconnectCondition.branch, m_reconnectCondition.index, onto->nodeId(), &reason))
                emit statusMessage(tr("Cannot reconnect: %1").arg(reason));
        } else if (onto && index >= 0 && index < m_document->graph().edges.size()) {
            const Edge &e = m_document->graph().edges.at(index);
            QString reason;
            const QString from = m_reconnectTarget ? e.from : onto->nodeId();
            const QString to = m_reconnectTarget ? onto->nodeId() : e.to;
            if (!GraphActions::reconnectEdge(m_document, index, from, to, &reason))
                emit statusMessage(tr("Cannot reconnect: %1").arg(reason));
        }
        event->accept();
        return;
    }
    if (m_connectLine) {
        delete m_connectLine;
        m_connectLine = nullptr;
        NodeItem *from = m_connectFrom;
        m_connectFrom = nullptr;
        NodeItem *to = nodeItemAt(event->scenePos());
        if (from && to && to != from) {
            const Graph &g = m_document->graph();
            const EdgeKind kind = m_connectionKind.value_or(GraphActions::inferredEdgeKind(g, from->nodeId(), to->nodeId()));
            QString reason;
            if (!GraphActions::connectNodes(m_document, from->nodeId(), to->nodeId(), kind, &reason))
                emit statusMessage(tr("Cannot connect: %1").arg(reason));
        } else if (from && to == from) {
            emit statusMessage(tr("Cannot connect: a node cannot be connected to itself"));
        } else if (from && !to) {
            emit connectionDroppedOnEmpty(from->nodeId(), event->scenePos(), event->screenPos());
        }
        event->accept();
        return;
    }
    QGraphicsScene::mouseReleaseEvent(event);
    m_dragLayer.end();
    if (!m_guides.isEmpty()) {
        for (const QLineF &g : std::as_const(m_guides))
            update(QRectF(g.p1(), g.p2()).normalized().adjusted(-2, -2, 2, 2));
        m_guides.clear();
    }
    if (m_dragging) {
        m_dragging = false;
        rerouteAfterDrag();
        emit draggingChanged(false);
    }
    m_pressPositions.clear();
    m_notePressPositions.clear();
    commitItemPositions();
}

void GraphScene::commitItemPositions()
{
    // One gesture, one command: every node and note it moved. All of them are compared, not
    // only those the press picked: whatever moved an item (a drag that began as a
    // double-click, a selection that changed during the press), the document gets it, and
    // the scene never keeps a place the document lacks.
    MoveNodesCommand::Positions before;
    QHash<QString, QPointF> after;
    for (const Node &n : m_document->graph().nodes) {
        const NodeItem *item = m_nodes.value(n.id);
        if (!item || item->pos() == n.position.value_or(QPointF(0, 0)) || after.contains(n.id))
            continue;
        before.insert(n.id, n.position);
        after.insert(n.id, item->pos());
    }
    QList<Note> notes = m_document->graph().notes;
    bool notesMoved = false;
    for (Note &n : notes)
        if (const NoteItem *item = m_notes.value(n.id); item && item->pos() != n.position) {
            n.position = item->pos();
            notesMoved = true;
        }
    // One drag, one undo step, even when it moved nodes and notes.
    if (!after.isEmpty() && notesMoved)
        m_document->undoStack()->beginMacro(tr("Move"));
    if (!after.isEmpty())
        m_document->undoStack()->push(new MoveNodesCommand(m_document, before, after, tr("Move %n node(s)", nullptr, int(after.size()))));
    if (notesMoved)
        m_document->undoStack()->push(new EditAnnotationsCommand(m_document, m_document->graph().frames, notes, tr("Move note")));
    if (!after.isEmpty() && notesMoved)
        m_document->undoStack()->endMacro();
}

void GraphScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent *event)
{
    const QList<QGraphicsItem *> under = items(event->scenePos());
    if (!under.isEmpty()) {
        if (auto *note = qgraphicsitem_cast<NoteItem *>(under.first())) {
            emit noteEditRequested(note->noteId());
            event->accept();
            return;
        }
        if (auto *frame = qgraphicsitem_cast<FrameItem *>(under.first())) {
            emit frameRenameRequested(frame->frameId());
            event->accept();
            return;
        }
        auto *node = qgraphicsitem_cast<NodeItem *>(under.first());
        if (node && event->button() == Qt::LeftButton && !node->isOverPort(event->scenePos())) {
            emit nodeLabelEditRequested(node->nodeId());
            event->accept();
            return;
        }
    }
    if (event->button() == Qt::LeftButton && items(event->scenePos()).isEmpty()) {
        const QString id = GraphActions::addNode(m_document, m_paletteKind, snapped(event->scenePos()));
        selectNodes({id});
        event->accept();
        return;
    }
    // The second press of a double-click on a node, a port or an edge: a press like any other
    // (Qt would make the item grab the mouse and move it behind the drag's back).
    mousePressEvent(event);
}

QPointF GraphScene::snapped(const QPointF &p) const
{
    if (!m_snap)
        return p;
    return QPointF(std::round(p.x() / GridSize) * GridSize, std::round(p.y() / GridSize) * GridSize);
}

void GraphScene::dragEnterEvent(QGraphicsSceneDragDropEvent *event)
{
    event->setAccepted(event->mimeData()->hasFormat(QLatin1String(NodeTypeMime))
                       || event->mimeData()->hasFormat(QLatin1String(CapabilityNodeMime::MimeType)));
}

void GraphScene::dragMoveEvent(QGraphicsSceneDragDropEvent *event)
{
    dragEnterEvent(event);
}

void GraphScene::dropEvent(QGraphicsSceneDragDropEvent *event)
{
    // A capability from the Capabilities dock: a skill node bound to it.
    if (const std::optional<Node> skill = CapabilityNodeMime::nodeFrom(event->mimeData())) {
        selectNodes({GraphActions::addPreparedNode(m_document, *skill, snapped(event->scenePos()))});
        event->acceptProposedAction();
        return;
    }
    const QString type = QString::fromUtf8(event->mimeData()->data(QLatin1String(NodeTypeMime)));
    const NodeKind kind = nodeKindFromTypeName(type);
    if (kind == NodeKind::Unknown) {
        event->ignore();
        return;
    }
    const QString id = GraphActions::addNode(m_document, kind, snapped(event->scenePos()));
    selectNodes({id});
    event->acceptProposedAction();
}

QPointF GraphScene::snapToNeighbours(NodeItem *item, const QPointF &proposed)
{
    for (const QLineF &g : std::as_const(m_guides))
        update(QRectF(g.p1(), g.p2()).normalized().adjusted(-2, -2, 2, 2));
    m_guides.clear();
    if (!m_dragging || !item->isSelected() || selectedItems().size() != 1)
        return proposed; // group moves keep their shape

    constexpr double reach = 6;
    QPointF p = proposed;
    double bestX = reach + 1, bestY = reach + 1;
    NodeItem *alongX = nullptr, *alongY = nullptr;
    for (NodeItem *other : std::as_const(m_nodes)) {
        if (other == item)
            continue;
        const double dx = std::abs(other->pos().x() - proposed.x());
        const double dy = std::abs(other->pos().y() - proposed.y());
        if (dx < bestX) {
            bestX = dx;
            alongX = other;
        }
        if (dy < bestY) {
            bestY = dy;
            alongY = other;
        }
    }
    if (alongX) {
        p.setX(alongX->pos().x());
        m_guides.append(QLineF(alongX->pos(), QPointF(p.x(), proposed.y())));
    }
    if (alongY) {
        p.setY(alongY->pos().y());
        m_guides.append(QLineF(alongY->pos(), QPointF(proposed.x(), p.y())));
    }
    for (const QLineF &g : std::as_const(m_guides))
        update(QRectF(g.p1(), g.p2()).normalized().adjusted(-2, -2, 2, 2));
    return p;
}

void GraphScene::drawForeground(QPainter *painter, const QRectF &)
{
    if (m_guides.isEmpty() || m_exporting)
        return;
    painter->setPen(QPen(QColor(0xe8590c), 0, Qt::DashLine)); // cosmetic
    for (const QLineF &g : std::as_const(m_guides))
        painter->drawLine(g);
}

void GraphScene::drawBackground(QPainter *painter, const QRectF &rect)
{
    painter->fillRect(rect, m_dark ? QColor(0x1e2227) : QColor(0xfafbfc));
    // A dot grid, only when it is not too dense to see.
    const double scale = painter->worldTransform().m11();
    if (scale < 0.5 || m_exporting)
        return;
    const double step = GridSize * 2;
    painter->setPen(QPen(m_dark ? QColor(0x353b43) : QColor(0xdde1e6), 1.5));
    const double left = std::floor(rect.left() / step) * step;
    const double top = std::floor(rect.top() / step) * step;
    QList<QPointF> dots;
    for (double x = left; x < rect.right(); x += step)
        for (double y = top; y < rect.bottom(); y += step)
            dots.append(QPointF(x, y));
    painter->drawPoints(dots.constData(), int(dots.size()));
}

} // namespace capgraph::editor
