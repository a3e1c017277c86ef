#include "scene/GraphScene.h"

#include "commands/GraphActions.h"
#include "document/GraphDocument.h"
#include "scene/EdgeItem.h"
#include "scene/FrameItem.h"
#include "scene/NodeItem.h"
#include "scene/NoteItem.h"

#include <QGraphicsView>
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
    m_ghosts = nullptr; // another graph: no comparison
    m_comparison.reset();
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

void GraphScene::setSubgraphLookup(std::function<QString(const QString &)> lookup)
{
    m_subgraphLookup = std::move(lookup);
    for (NodeItem *item : std::as_const(m_nodes))
        item->update(); // the badges
}

QString GraphScene::subgraphOf(const QString &nodeId) const
{
    const Node *n = m_subgraphLookup ? m_document->node(nodeId) : nullptr;
    return n && n->kind == NodeKind::Skill && !n->skillId.isEmpty() ? m_subgraphLookup(n->skillId) : QString();
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
    emit findingsChanged();
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

void GraphScene::setFindMatches(const QSet<QString> &nodes, const QSet<QString> &notes, const QString &current)
{
    if (nodes == m_findNodes && notes == m_findNotes && current == m_findCurrent)
        return;
    // Only the items whose ring comes, goes or changes repaint.
    const QSet<QString> touched = (nodes + m_findNodes + notes + m_findNotes) - (nodes & m_findNodes) - (notes & m_findNotes);
    const QString previous = m_findCurrent;
    m_findNodes = nodes;
    m_findNotes = notes;
    m_findCurrent = current;
    for (const QString &id : touched + QSet<QString>{previous, current}) {
        if (NodeItem *item = m_nodes.value(id))
            item->update();
        if (NoteItem *item = m_notes.value(id))
            item->update();
    }
}

QSet<QString> GraphScene::nodesWithFindings() const
{
    QSet<QString> ids;
    for (auto it = m_nodeFindings.cbegin(); it != m_nodeFindings.cend(); ++it)
        if (it.value().second > 0)
            ids.insert(it.key());
    return ids;
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
