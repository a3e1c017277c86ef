#include "scene/NoteItem.h"

#include "document/GraphDocument.h"
#include "scene/GraphScene.h"

#include <QPainter>

namespace capgraph::editor {

NoteItem::NoteItem(GraphScene *scene, const QString &id)
    : m_scene(scene)
    , m_id(id)
{
    setFlags(ItemIsSelectable | ItemIsMovable | ItemSendsGeometryChanges);
    setCacheMode(DeviceCoordinateCache);
    setZValue(2);
    syncFromModel();
}

void NoteItem::syncFromModel()
{
    for (const Note &n : m_scene->document()->graph().notes)
        if (n.id == m_id) {
            prepareGeometryChange();
            m_size = n.size;
            if (pos() != n.position)
                setPos(n.position);
            update();
        }
}

QRectF NoteItem::boundingRect() const
{
    return QRectF(QPointF(0, 0), m_size).adjusted(-9, -9, 9, 9); // the find bar's ring included
}

QPainterPath NoteItem::shape() const
{
    QPainterPath p;
    p.addRect(QRectF(QPointF(0, 0), m_size));
    return p;
}

void NoteItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    QString text;
    for (const Note &n : m_scene->document()->graph().notes)
        if (n.id == m_id)
            text = n.text;
    const QRectF r(QPointF(0, 0), m_size);
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(isSelected() ? QColor(0x2f7de1) : QColor(0xd4b106), isSelected() ? 2 : 1));
    painter->setBrush(m_scene->isDark() ? QColor(0x5c5320) : QColor(0xfff4b8));
    QPolygonF sheet{r.topLeft(), r.topRight() - QPointF(0, 0), QPointF(r.right(), r.bottom() - 14), QPointF(r.right() - 14, r.bottom()), r.bottomLeft()};
    painter->drawPolygon(sheet); // a folded corner, no shadow effects
    if (m_scene->isFindMatch(m_id)) { // found by the find bar
        const double width = m_scene->isFindCurrent(m_id) ? 5 : 3.5;
        painter->setPen(QPen(QColor::fromRgb(GraphScene::FindColor), width));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(r.adjusted(-3 - width / 2, -3 - width / 2, 3 + width / 2, 3 + width / 2));
    }
    QFont f = painter->font();
    f.setPointSizeF(9);
    painter->setFont(f);
    painter->setPen(m_scene->isDark() ? QColor(0xf2ecd0) : QColor(0x4d4300));
    painter->drawText(r.adjusted(8, 6, -8, -8), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text);
}

QVariant NoteItem::itemChange(GraphicsItemChange change, const QVariant &value)
{
    if (change == ItemPositionChange && m_scene->snapToGrid() && m_scene->isDragging()) {
        const QPointF p = value.toPointF();
        const double g = GraphScene::GridSize;
        return QPointF(std::round(p.x() / g) * g, std::round(p.y() / g) * g);
    }
    return QGraphicsItem::itemChange(change, value);
}

} // namespace capgraph::editor
