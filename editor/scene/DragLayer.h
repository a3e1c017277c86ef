#pragma once

#include <QHash>
#include <QList>
#include <QRectF>
#include <QStringList>

class QGraphicsItem;
class QPainter;
class QRegion;
class QTransform;
class QWidget;

namespace capgraph::editor {

class GraphScene;

// While nodes are dragged, they and their edges are painted over the canvas's kept picture
// (CanvasCache) rather than into it: every mouse move changes them, and nothing else. Painted
// as items, each move would make the view draw again all that lies within their bounding
// rectangles (a long edge's spans the view), every other edge crossing there included: two
// thirds of a drag step on a 5,000-node graph. Lifted out of the scene's painting (opacity 0:
// still hit, still the mouse grabber, never painted, never reported as changed), they are
// drawn by the view over the kept picture, which stays valid around them.
//
// Only for a drag of a few nodes alone (not frames or notes, which lie under or over other
// items), and only when a view paints the layer (setEnabled, by GraphView).
class DragLayer
{
public:
    static constexpr int MaxNodes = 64;

    explicit DragLayer(GraphScene *scene) : m_scene(scene) {}

    void setEnabled(bool enabled) { m_enabled = enabled; }
    bool isEnabled() const { return m_enabled; }
    // The first move of a drag of these nodes: lifts them and their edges, if it may.
    bool begin(const QStringList &nodeIds);
    // The drag ended (or the scene is rebuilt): the items are painted by the scene again.
    void end();
    bool isActive() const { return !m_nodes.isEmpty(); }

    // The lifted items as they are now, bottom to top (edges, then nodes).
    QList<QGraphicsItem *> items() const;
    // Where each is drawn now (scene coordinates): a node's box, thin areas along an edge.
    using Areas = QHash<const QGraphicsItem *, QList<QRectF>>;
    Areas areas() const;
    // What changed between `before` and now: where the items that moved were and are.
    QList<QRectF> changedSince(const Areas &before) const;
    // Draws them with `viewportTransform` where they meet `exposed` (viewport coordinates).
    void paint(QPainter *painter, const QTransform &viewportTransform, const QRegion &exposed, QWidget *widget) const;

private:
    void setLifted(bool lifted) const;

    GraphScene *m_scene;
    bool m_enabled = false;
    QStringList m_nodes; // by id
};

} // namespace capgraph::editor
