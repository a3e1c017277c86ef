#pragma once

#include "scene/ItemTypes.h"

#include <QGraphicsItem>
#include <QPainterPath>

namespace capgraph::editor {

class PlanScene;
class PlanTaskItem;

// One dependency: a cubic Bézier from the prerequisite's right middle to the dependent
// task's left middle (seed 004), with an arrowhead. Highlighted, dimmed or on the critical
// path as the scene says.
class PlanEdgeItem : public QGraphicsItem
{
public:
    enum { Type = PlanEdgeItemType };
    PlanEdgeItem(PlanScene *scene, int edge, PlanTaskItem *from, PlanTaskItem *to);

    int type() const override { return Type; }
    int edge() const { return m_edge; }
    const QPainterPath &path() const { return m_path; }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    PlanScene *m_scene;
    int m_edge;
    QPainterPath m_path;
    QPointF m_tip;
    QPointF m_direction; // unit vector along the curve at its end
};

} // namespace capgraph::editor
