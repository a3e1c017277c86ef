#include "scene/NodeItem.h"

#include "document/GraphDocument.h"
#include "layout/NodeGeometry.h"

#include <algorithm>
#include "scene/GraphScene.h"
#include "scene/NodePainter.h"
#include "scene/RunStateView.h"
#include "scene/RunDecoration.h"
#include "ui/NodeLook.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace capgraph::editor {

NodeItem::NodeItem(GraphScene *scene, const QString &id)
    : m_scene(scene)
    , m_id(id)
{
    setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
    setAcceptHoverEvents(true);
    // Cached per device pixel: repaints of a big canvas redraw pixmaps, not paths and text.
    setCacheMode(DeviceCoordinateCache);
    setZValue(1);
    syncFromModel();
}

void NodeItem::syncFromModel()
{
    const Node *n = m_scene->document()->node(m_id);
    if (!n)
        return;
    prepareGeometryChange();
    // What painting reads a thousand times a frame, kept from the node (its kind, its box),
    // not looked up by id each time; refreshed whenever the node changes.
    m_kind = n->kind;
    const QSizeF s = nodeBoxSize(n->kind);
    m_box = QRectF(-s.width() / 2, -s.height() / 2, s.width(), s.height());
    const QPointF p = n->position.value_or(QPointF(0, 0));
    if (pos() != p)
        setPos(p);
    update();
}

QPointF NodeItem::portPosition() const
{
    return mapToScene(QPointF(box().right(), 0));
}

double NodeItem::portRadius() const
{
    // At least 9 pixels on screen, at least 11 units; never most of the box.
    return std::clamp(9 / std::max(m_scene->viewScale(), 0.05), 11.0, std::max(11.0, box().height() / 2));
}

bool NodeItem::isOverPort(const QPointF &scenePos) const
{
    const Node *n = m_scene->document()->node(m_id);
    return n && n->kind != NodeKind::End && QLineF(scenePos, portPosition()).length() <= portRadius();
}

QRectF NodeItem::boundingRect() const
{
    // Room for the lint badge above right, the port on the right, the caption below and a
    // run's decorations (the paused arrow left, the visits badge above), at every zoom.
    const Node *n = m_scene->document()->node(m_id);
    QRectF r = RunDecoration::reach(box()).united(box().adjusted(0, -box().height() * 0.45, box().height() * 0.45 + 22, 0));
    if (n && hasCaptionBelow(n->kind))
        r = r.united(nodeCaptionRect(n->kind, n->caption()).adjusted(-4, 0, 4, 40));
    return r;
}

QPainterPath NodeItem::shape() const
{
    // The whole box, not just a diamond's or a circle's inside: a press anywhere on a node
    // moves it (the port aside), never starts a rubber band beside its shape.
    QPainterPath p;
    p.setFillRule(Qt::WindingFill); // where the port overlaps the box is inside too
    p.addRoundedRect(box(), 6, 6);
    p.addEllipse(portPosition() - pos(), portRadius(), portRadius());
    return p;
}

void NodeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const Node *n = m_scene->document()->node(m_id);
    if (!n)
        return;
    painter->setRenderHint(QPainter::Antialiasing);
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const auto [worst, count] = m_scene->findingsFor(m_id);
    if (m_scene->hasPathHighlight()) { // the optimal-path preview
        if (m_scene->isOnPath(m_id)) {
            painter->setPen(QPen(QColor(0x12a150), 5));
            painter->setBrush(Qt::NoBrush);
            painter->drawPath(NodeLook::shape(n->kind, box().adjusted(-3, -3, 3, 3)));
        } else {
            painter->setOpacity(0.3);
        }
    }
    if (m_scene->isFindMatch(m_id)) { // found by the find bar: a ring as wide on screen at every zoom
        const double px = 1.0 / std::max(lod, 0.05);
        const bool current = m_scene->isFindCurrent(m_id);
        const double width = std::max(current ? 5.0 : 3.5, (current ? 4.0 : 3.0) * px);
        const double gap = std::max(3.0, 2.0 * px) + width / 2;
        painter->save();
        painter->setOpacity(1.0);
        painter->setPen(QPen(QColor::fromRgb(GraphScene::FindColor), width));
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(NodeLook::shape(n->kind, box().adjusted(-gap, -gap, gap, gap)));
        painter->restore();
    }
    const RunStateView *run = m_scene->runState();
    const NodeRunInfo state = run ? run->snapshot().node(m_id) : NodeRunInfo();
    if (state.state == NodeRunState::Skipped)
        painter->setOpacity(0.45); // the way not taken
    NodePainter::paint(painter, *n, box(), isSelected(), lod, worst, count, m_scene->isDark(),
                       n->kind == NodeKind::Skill && m_scene->runsSubgraph(n->skillId));
    if (const std::optional<DiffStatus> diff = m_scene->comparisonStatus(m_id); diff && *diff != DiffStatus::Removed) {
        // Compared with another version: added since (green), changed (amber). Thick enough to
        // read far out, as the run's outlines.
        const double width = std::clamp(3.0 / std::max(lod, 0.01), 3.0, box().height() / 3);
        painter->setPen(QPen(*diff == DiffStatus::Added ? GraphScene::addedColor() : GraphScene::changedColor(), width));
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(NodeLook::shape(n->kind, box().adjusted(-4 - width / 2, -4 - width / 2, 4 + width / 2, 4 + width / 2)));
    }
    if (run) {
        NodeRunMarks marks;
        marks.stale = run->isStale(m_id);
        marks.pinned = run->isPinned(m_id);
        marks.tokens = state.promptTokens + state.completionTokens;
        marks.cost = state.cost;
        marks.currency = state.currency;
        RunDecoration::paint(painter, box(), state, run->hasBreakpoint(m_id), !run->breakpoint(m_id).condition.isEmpty()
                                 || run->breakpoint(m_id).onIteration > 0,
                             run->snapshot().pausedAt() == m_id, lod, marks);
    }
    if ((m_hovered || isSelected()) && n->kind != NodeKind::End) {
        const double r = std::clamp(5 / std::max(lod, 0.05), 5.0, box().height() / 3);
        painter->setPen(QPen(QColor(0x2f7de1), std::max(1.5, 1.2 / std::max(lod, 0.05))));
        painter->setBrush(Qt::white);
        painter->drawEllipse(QPointF(box().right(), 0), r, r);
    }
}

QVariant NodeItem::itemChange(GraphicsItemChange change, const QVariant &value)
{
    if (change == ItemPositionChange && m_scene->isDragging()) {
        QPointF p = value.toPointF();
        if (m_scene->snapToGrid()) {
            const double g = GraphScene::GridSize;
            p = QPointF(std::round(p.x() / g) * g, std::round(p.y() / g) * g);
        }
        // Snap lines win over the grid: lining up with a neighbour is what the user wants.
        return m_scene->snapToNeighbours(this, p);
    }
    if (change == ItemPositionHasChanged)
        m_scene->nodeItemMoved(this);
    return QGraphicsItem::itemChange(change, value);
}

void NodeItem::hoverEnterEvent(QGraphicsSceneHoverEvent *event)
{
    m_hovered = true;
    update();
    QGraphicsItem::hoverEnterEvent(event);
}

void NodeItem::hoverLeaveEvent(QGraphicsSceneHoverEvent *event)
{
    m_hovered = false;
    update();
    QGraphicsItem::hoverLeaveEvent(event);
}

} // namespace capgraph::editor
