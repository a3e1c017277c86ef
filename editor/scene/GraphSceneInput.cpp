// GraphScene: what the mouse and drops do on the canvas (select, drag with snapping and
// guides, connect, drop a node type or a capability).
#include "scene/GraphScene.h"

#include "catalog/CapabilityNodeMime.h"
#include "commands/EditAnnotationsCommand.h"
#include "commands/GraphActions.h"
#include "commands/MoveNodesCommand.h"
#include "document/GraphDocument.h"
#include "scene/EdgeItem.h"
#include "scene/FrameItem.h"
#include "scene/GraphSketch.h"
#include "scene/NodeItem.h"
#include "scene/NoteItem.h"
#include "ui/NodeTypeMime.h"

#include <QGraphicsLineItem>
#include <QGraphicsSceneDragDropEvent>
#include <QGraphicsSceneMouseEvent>
#include <QMimeData>
#include <QUrl>

namespace capgraph::editor {

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
            if (!subgraphOf(node->nodeId()).isEmpty())
                emit subgraphOpenRequested(node->nodeId()); // F2 still edits its label
            else
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

namespace {
// The local files a drag carries (a graph or a Dify DSL from a file manager).
QStringList localFiles(const QMimeData *mime)
{
    QStringList files;
    if (mime->hasUrls())
        for (const QUrl &url : mime->urls())
            if (url.isLocalFile())
                files << url.toLocalFile();
    return files;
}
} // namespace

void GraphScene::dragEnterEvent(QGraphicsSceneDragDropEvent *event)
{
    event->setAccepted(event->mimeData()->hasFormat(QLatin1String(NodeTypeMime))
                       || event->mimeData()->hasFormat(QLatin1String(CapabilityNodeMime::MimeType)) || !localFiles(event->mimeData()).isEmpty());
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
    if (const QStringList files = localFiles(event->mimeData()); !files.isEmpty()) {
        event->acceptProposedAction();
        emit filesDropped(files);
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

} // namespace capgraph::editor
