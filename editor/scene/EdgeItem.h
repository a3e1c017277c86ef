#pragma once

#include "layout/EdgeRoute.h"
#include "model/FlowEdge.h"
#include "scene/ItemTypes.h"

#include <QGraphicsItem>
#include <QFont>
#include <QPainterPath>
#include <QPen>

namespace capgraph::editor {

class GraphScene;
class NodeItem;

// One way control can flow, drawn from its source's right to its target's left along the
// route the scene's EdgeRouter found for it (never through another node, its label on no
// box): an explicit edge (sequence, conditional with its condition, iteration with its bound,
// parallel with sync/async) or a branch condition's target (labelled with the condition).
// Holds the FlowEdge it mirrors and its route; the scene rebuilds edge items whenever the
// edges change, and routes them again when a node near them moves.
class EdgeItem : public QGraphicsItem
{
public:
    enum { Type = EdgeItemType };
    EdgeItem(GraphScene *scene, const FlowEdge &flow, int flowIndex, NodeItem *source, NodeItem *target);

    int type() const override { return Type; }
    const FlowEdge &flow() const { return m_flow; }
    int flowIndex() const { return m_flowIndex; } // in Graph::flowEdges()
    NodeItem *source() const { return m_source; }
    NodeItem *target() const { return m_target; }
    QString label() const;
    // The label's box size in the label font (empty when the edge has none), and the font.
    QSizeF labelSize() const { return m_labelSize; }
    static QFont labelFont();
    // Measures the label again (its text changed); true when its size did.
    bool refreshLabel();
    // What its route depends on besides the boxes: its ends and its label's size.
    const QString &routeKey() const { return m_routeKey; }

    // The route to draw (from the scene's router).
    void setRoute(const layout::EdgeRoute &route);
    const layout::EdgeRoute &route() const { return m_route; }
    // The curve's ends (scene coordinates): a selected edge shows handles there to drag an
    // end onto another node (a condition's edge: its target end only).
    QPointF sourcePoint() const { return m_route.start; }
    QPointF targetPoint() const { return m_route.end(); }
    QRectF labelRect() const { return m_route.label; }

    // How the edge is drawn now: its kind's colour, width and dashes, red with lint findings,
    // the accent when selected, green on the optimal path; `faded` off the previewed path.
    struct Style {
        QColor color;
        double width = 1.4;
        Qt::PenStyle dashes = Qt::SolidLine;
        bool faded = false;
    };
    Style style() const;
    // The curve, in scene coordinates.
    const QPainterPath &path() const { return m_path; }
    // What the curve, its arrowhead and its label cover as drawn now (scene coordinates).
    // The same as boundingRect(), but while the edge is lifted into a drag layer.
    QRectF drawnRect() const;
    // Lifted (DragLayer): the view paints the edge over its kept picture, and the scene is not
    // told of its new routes (a route change would report its old bounding rectangle to every
    // view: most of the view, for a long edge) until it is put back.
    void setLifted(bool lifted);
    bool isLifted() const { return m_lifted; }
    // Scene areas that together cover the drawn curve, its arrowhead and its label: thin
    // boxes along the curve, far less than its bounding rectangle (a long edge's spans the view).
    QList<QRectF> drawnAreas() const;
    // Draws the edge as paint() does, also while it is lifted (for the drag layer).
    void paintDrawn(QPainter *painter, const QStyleOptionGraphicsItem *option);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    GraphScene *m_scene;
    FlowEdge m_flow;
    int m_flowIndex;
    NodeItem *m_source;
    NodeItem *m_target;
    layout::EdgeRoute m_route;
    QSizeF m_labelSize;
    QString m_routeKey;
    QPainterPath m_path;
    QRectF m_placed; // the bounding rectangle the scene knows (drawnRect() but while lifted)
    // A dashed pen's dashes as outlines, in chunks along the curve (made on first paint).
    struct DashChunk
    {
        QRectF bounds;
        QPainterPath outline;
    };
    const QList<DashChunk> &dashChunks(const QPen &pen) const;
    mutable QList<DashChunk> m_dashChunks;
    mutable QPen m_dashPen;
    mutable QPainterPath m_dashPath;
    bool m_lifted = false;
    // Computed with the route, not when painting: measuring a curve is what made repainting
    // thousands of edges slow (bench/studio).
    QPointF m_arrowDirection; // unit tangent at the end: the arrowhead's direction
};

} // namespace capgraph::editor
