#pragma once

#include "scene/ItemTypes.h"

#include <QGraphicsItem>
#include <QPainterPath>

namespace capgraph::editor {

class PlanScene;
class PlanTaskItem;

// One dependency: a curve from the prerequisite's right middle to the dependent task's left
// middle (seed 004), a cubic Bézier or a way around the cards in its way, as the scene routes it
// (PlanScene::dependencyPath), with an arrowhead. Highlighted, dimmed or on the critical
// path as the scene says (the critical path as an orange band under the line, so a
// highlight on it shows both). With the participant filter on, a dependency that passes only
// through hidden tasks is drawn dashed between the shown ends (`edge` -1, `via` the hidden
// tasks' ids, in its tooltip).
class PlanEdgeItem : public QGraphicsItem
{
public:
    enum { Type = PlanEdgeItemType };
    PlanEdgeItem(PlanScene *scene, int edge, PlanTaskItem *from, PlanTaskItem *to, const QStringList &via = {});

    int type() const override { return Type; }
    int edge() const { return m_edge; }
    bool isViaHidden() const { return m_edge < 0; }
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
