#pragma once

#include <QRectF>

class QGraphicsView;
class QPainter;
class QRegion;
class QWidget;

namespace capgraph::editor {

class GraphScene;

// The whole graph in a few batched draw calls, for a view zoomed out so far that nodes are a
// few pixels wide and no text is drawn. QGraphicsView draws items one at a time, at 2-3 µs
// each however small they are: 14,000 items of a 5,000-node graph took 28 ms a repaint
// (bench/studio). Here edges of one style are one path, nodes of one colour one path (or a
// batch of rectangles when they are tiny), so a fitted 5,000-node graph repaints in a few ms.
// It shows what the items show at that size: kinds by colour and shape, edges by colour,
// selection, lint (red or amber outline), the optimal-path preview (the rest faded), the find
// bar's matches (a ring). Frames,
// notes and the line being connected are few: they paint themselves as usual.
class GraphSketch
{
public:
    // Views below this zoom sketch instead of painting items.
    static constexpr double Below = 0.22;

    // How a run's states are drawn.
    enum class RunMarks {
        // As large on the screen as the items draw them up close (outlines, dots, the arrow
        // where the run is paused): the canvas zoomed out, where the states must still read.
        OnScreen,
        // The state's colour on the node's box and nothing beyond it (the node the run is
        // paused at in the arrow's yellow): the minimap, whose nodes are a few pixels wide.
        InBoxes,
    };

    // Paints the scene's content that intersects `exposed` (scene coordinates) with
    // `painter` set to the view's transform, whose scale is `zoom`. Background and
    // foreground are the caller's.
    static void paint(QPainter *painter, const GraphScene *scene, const QRectF &exposed, double zoom, QWidget *widget,
                      RunMarks marks = RunMarks::OnScreen);
    // What QGraphicsView::paintEvent does for `region` of `view`'s viewport, with the sketch
    // in place of the items: the scene's background, the sketch, the scene's foreground.
    // The painter is left with the view's transform, for the view's own overlay.
    static void paintView(QPainter *painter, const QGraphicsView *view, const QRegion &region, RunMarks marks = RunMarks::OnScreen);
};

} // namespace capgraph::editor
