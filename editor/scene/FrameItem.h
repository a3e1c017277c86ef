#pragma once

#include "scene/ItemTypes.h"

#include <QGraphicsItem>
#include <QString>

namespace capgraph::editor {

class GraphScene;

// A titled frame around a group of nodes, behind them. Its box is computed from its members'
// boxes every time (the model stores only the members), so it follows them; dragging the
// frame drags its members (one move command, like any drag). The item's own position only
// accumulates drag steps; the box is placed from the members regardless.
class FrameItem : public QGraphicsItem
{
public:
    enum { Type = FrameItemType };
    static constexpr double Margin = 22;
    static constexpr double TitleHeight = 24;

    FrameItem(GraphScene *scene, const QString &id);

    int type() const override { return Type; }
    QString frameId() const { return m_id; }
    QStringList members() const;
    // Call when a member moved or the members changed.
    void refresh();

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;

private:
    QRectF computeRect() const;

    GraphScene *m_scene;
    QString m_id;
    QRectF m_rect;
};

} // namespace capgraph::editor
