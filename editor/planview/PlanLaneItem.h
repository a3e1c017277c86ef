#pragma once

#include "scene/ItemTypes.h"

#include <QColor>
#include <QGraphicsItem>

namespace capgraph::editor {

// A swimlane: the band of one participant's tasks, tinted with their colour. On screen its
// name is a header the view keeps at its left edge (PlanView); in an export the name is
// drawn here, at the band's left end.
class PlanLaneItem : public QGraphicsItem
{
public:
    enum { Type = PlanLaneItemType };
    PlanLaneItem(const QRectF &band, const QString &name, const QColor &color);

    int type() const override { return Type; }
    QString name() const { return m_name; }
    QColor color() const { return m_color; }
    QRectF band() const { return m_band; }
    QRectF boundingRect() const override { return m_band.adjusted(-150, 0, 0, 0); }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QRectF m_band;
    QString m_name;
    QColor m_color;
};

} // namespace capgraph::editor
