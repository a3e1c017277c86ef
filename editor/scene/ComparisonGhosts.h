#pragma once

#include <QGraphicsItem>
#include <QHash>
#include <QString>

namespace capgraph::editor {

class GraphScene;

// What the other version of a comparison had and the open graph lacks (GraphComparison), drawn
// where it was: removed nodes as faded dashed outlines with their id, removed flows as faded
// dashed lines between their ends. Under the nodes; it holds nothing but its scene.
class ComparisonGhosts : public QGraphicsItem
{
public:
    explicit ComparisonGhosts(GraphScene *scene);

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    // The comparison changed: where its removed nodes go, and its extent, again.
    void refresh();
    // Where a node is drawn: a removed one where the other version had it (moved down clear of
    // the open graph's nodes), any other where it is.
    QPointF placeOf(const QString &id) const;

    static QColor removedColor() { return QColor(0x868e96); }

private:
    GraphScene *m_scene;
    QRectF m_bounds;
    QHash<QString, QPointF> m_places;
};

} // namespace capgraph::editor
