#pragma once

#include "model/FlowEdge.h"
#include "scene/ItemTypes.h"

#include <QGraphicsItem>
#include <QPainterPath>

namespace capgraph::editor {

class GraphScene;
class NodeItem;

// One way control can flow, drawn from its source's right to its target's left: an explicit
// edge (sequence, conditional with its condition, iteration with its bound, parallel with
// sync/async) or a branch condition's target (labelled with the condition). Holds the
// FlowEdge it mirrors; the scene rebuilds edge items whenever the edges change.
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

    // Recomputes the curve after a node moved.
    void adjust();
    // The curve's ends (scene coordinates): a selected explicit edge shows handles there to
    // drag an end onto another node.
    QPointF sourcePoint() const { return m_start; }
    QPointF targetPoint() const { return m_end; }

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

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    GraphScene *m_scene;
    FlowEdge m_flow;
    int m_flowIndex;
    NodeItem *m_source;
    NodeItem *m_target;
    QPainterPath m_path;
    // Computed with the curve (adjust), not when painting: measuring a curve is what made
    // repainting thousands of edges slow (bench/studio).
    QPointF m_start, m_end;
    QPointF m_labelAt;        // the middle of the curve, by length
    QPointF m_arrowDirection; // unit tangent at 98 % of the length: the arrowhead's direction
};

} // namespace capgraph::editor
