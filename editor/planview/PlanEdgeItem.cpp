#include "planview/PlanEdgeItem.h"

#include "planview/PlanScene.h"
#include "planview/PlanTaskItem.h"

#include <QCoreApplication>
#include <QPainter>
#include <QtMath>

namespace capgraph::editor {

PlanEdgeItem::PlanEdgeItem(PlanScene *scene, int edge, PlanTaskItem *from, PlanTaskItem *to, const QStringList &via)
    : m_scene(scene)
    , m_edge(edge)
{
    setZValue(1);
    // A dashed curve through hidden tasks: drawn once into the item's cache, since the raster
    // engine dashes a curve clipped to a partly repainted region with another phase than the
    // whole curve (the dashes on screen shifted where a neighbour was repainted). The plain
    // curves are drawn directly (there are thousands; a cache each would cost more).
    if (edge < 0)
        setCacheMode(DeviceCoordinateCache);
    if (edge < 0)
        setToolTip(QCoreApplication::translate("capgraph::editor::PlanEdgeItem", "Via hidden tasks: %1").arg(via.join(QStringLiteral(", "))));
    // Around the cards that are in the way (the scene knows where they all are).
    m_path = scene->dependencyPath(from->task(), to->task());
    m_tip = m_path.currentPosition();
    m_direction = QPointF(1, 0); // the curve's tangent at its end is horizontal
}

QRectF PlanEdgeItem::boundingRect() const
{
    return m_path.boundingRect().adjusted(-8, -8, 8, 8);
}

void PlanEdgeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    // The view does not save the painter's state between items (DontSavePainterState): a
    // brush an item before this one left set would fill the curve (a lens of a lane's tint
    // between the critical path's underlay and its chord, seen after a repaint).
    painter->setBrush(Qt::NoBrush);
    QColor color(0x8d98a5);
    double width = 1.5;
    if (m_edge < 0) { // through hidden tasks
        painter->setPen(QPen(QColor(0x8d98a5), 1.5, Qt::DashLine, Qt::RoundCap));
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(m_path);
        const QPointF normal(-m_direction.y(), m_direction.x());
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(0x8d98a5));
        painter->drawPolygon(QPolygonF{m_tip, m_tip - m_direction * 11 + normal * 5, m_tip - m_direction * 11 - normal * 5});
        return;
    }
    const bool critical = m_scene->isEdgeOnCriticalPath(m_edge);
    if (critical) {
        color = QColor(0xe8590c);
        width = 2.6;
    }
    if (critical && !m_scene->isEdgeDimmed(m_edge)) {
        painter->setPen(QPen(QColor(0xf7b488), 8, Qt::SolidLine, Qt::RoundCap));
        painter->drawPath(m_path);
    }
    if (m_scene->isEdgeHighlighted(m_edge)) {
        color = QColor(0x2f7de1);
        width = 2.8;
    }
    // Dimmed by an opaque colour that looks like 30 % over the canvas: stroking antialiased
    // curves under the painter's opacity or in a translucent colour is the raster engine's
    // slow path (a repaint went from 4 to 21 ms with a 1,000-task plan in view, bench/plan).
    if (m_scene->isEdgeDimmed(m_edge)) { // the colour at 30 % over the canvas, but opaque
        const QColor canvas(0xfafbfc);
        const double a = PlanScene::DimmedOpacity;
        color = QColor::fromRgbF(float(color.redF() * a + canvas.redF() * (1 - a)), float(color.greenF() * a + canvas.greenF() * (1 - a)),
                                 float(color.blueF() * a + canvas.blueF() * (1 - a)));
    }
    painter->setPen(QPen(color, width, Qt::SolidLine, Qt::RoundCap));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(m_path);
    const QPointF normal(-m_direction.y(), m_direction.x());
    const QPolygonF head{m_tip, m_tip - m_direction * 11 + normal * 5, m_tip - m_direction * 11 - normal * 5};
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    painter->drawPolygon(head);
}

} // namespace capgraph::editor
