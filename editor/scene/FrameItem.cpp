#include "scene/FrameItem.h"

#include "document/GraphDocument.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"

#include <QPainter>
#include <QPainterPathStroker>

namespace capgraph::editor {

FrameItem::FrameItem(GraphScene *scene, const QString &id)
    : m_scene(scene)
    , m_id(id)
{
    setFlags(ItemIsSelectable | ItemIsMovable | ItemSendsGeometryChanges);
    setZValue(-1);
    refresh();
}

QStringList FrameItem::members() const
{
    for (const Frame &f : m_scene->document()->graph().frames)
        if (f.id == m_id)
            return f.nodes;
    return {};
}

QRectF FrameItem::computeRect() const
{
    QRectF r;
    for (const QString &id : members())
        if (NodeItem *n = m_scene->nodeItem(id))
            r = r.united(n->box().translated(n->pos()));
    if (r.isNull())
        return QRectF(0, 0, 120, 60);
    return r.adjusted(-Margin, -Margin - TitleHeight, Margin, Margin);
}

void FrameItem::refresh()
{
    prepareGeometryChange();
    m_rect = computeRect().translated(-pos()); // the box is the members'; the item's own position is only drag bookkeeping
    update();
}

QRectF FrameItem::boundingRect() const
{
    return m_rect.adjusted(-2, -2, 2, 2);
}

void FrameItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    QString title, color;
    for (const Frame &f : m_scene->document()->graph().frames)
        if (f.id == m_id) {
            title = f.title.isEmpty() ? f.id : f.title;
            color = f.color;
        }
    const bool dark = m_scene->isDark();
    QColor fill = QColor::isValidColorName(color) ? QColor::fromString(color) : QColor(0x9aa7b5);
    QColor tint = fill;
    tint.setAlpha(dark ? 40 : 34);
    painter->setRenderHint(QPainter::Antialiasing);
    QPainterPath border;
    border.addRoundedRect(m_rect, 10, 10);
    painter->setPen(Qt::NoPen);
    painter->setBrush(tint);
    painter->drawPath(border);
    // The dashes as outlines, filled: Qt's dasher leaves out what a repaint's clip leaves out
    // and places the rest only roughly, so a part of the frame repainted alone (the canvas
    // repaints what changed) would not meet the rest.
    const QPen pen(isSelected() ? QColor(0x2f7de1) : fill.darker(130), isSelected() ? 2 : 1.2, Qt::DashLine);
    painter->setBrush(pen.color());
    painter->drawPath(QPainterPathStroker(pen).createStroke(border));
    QFont f = painter->font();
    f.setBold(true);
    f.setPointSizeF(10);
    painter->setFont(f);
    painter->setPen(dark ? QColor(0xe8e8e8) : fill.darker(220));
    painter->drawText(QRectF(m_rect.left() + 12, m_rect.top() + 4, m_rect.width() - 24, TitleHeight), Qt::AlignLeft | Qt::AlignVCenter, title);
}

QVariant FrameItem::itemChange(GraphicsItemChange change, const QVariant &value)
{
    if (change == ItemPositionChange) {
        // A drag of the frame moves its members by the same step (selected ones move anyway).
        const QPointF delta = value.toPointF() - pos();
        if (!delta.isNull())
            for (const QString &id : members())
                if (NodeItem *n = m_scene->nodeItem(id); n && !n->isSelected())
                    n->setPos(n->pos() + delta);
    } else if (change == ItemPositionHasChanged) {
        refresh();
    }
    return QGraphicsItem::itemChange(change, value);
}

} // namespace capgraph::editor
