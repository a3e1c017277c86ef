#pragma once

#include <QElapsedTimer>
#include <QGraphicsView>
#include <QPointer>
#include <QImage>

class QTimer;

namespace capgraph::editor {

// The minimap: the whole scene, small, with the main view's visible area as a frame. Click
// or drag in it to move the main view there. The graph is sketched (GraphSketch), a run's
// states as colours on the nodes' boxes: at this scale items drawn one by one are faint and
// slow. The sketch is kept as an image: over the canvas the minimap is repainted with every
// repaint of what lies under it, and sketching 5,000 nodes each time doubled the canvas's
// repaints. It is sketched again when the graph changes, at most every ResketchMs while it
// goes on changing (a run); when the run's picture is replaced while no run goes (a replay's
// position, leaving the replay) at once, as the canvas shows it.
class OverviewView : public QGraphicsView
{
    Q_OBJECT

public:
    // With `mainView` as its parent it is an overlay on the canvas: in the canvas's lower
    // right corner, shaped like the graph and at most a fifth of the canvas's width and a
    // quarter of its height, shown only while part of the graph is out of the main view's
    // sight, the canvas has room for it (MinCanvas) and it is wanted (View > Overview).
    explicit OverviewView(QGraphicsView *mainView, QWidget *parent = nullptr);
    void setWanted(bool wanted);
    bool isWanted() const { return m_wanted; }
    bool isOverlay() const;
    static constexpr int ResketchMs = 250;
    // The overlay's distance from the canvas's edges, and the smallest canvas it shows on.
    static constexpr int Margin = 10;
    static constexpr int MinCanvasWidth = 480;
    static constexpr int MinCanvasHeight = 240;
    // How many times the graph has been sketched (for tests and benchmarks).
    int sketchCount() const { return m_sketches; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void refit();
    void sketchChanged();
    void paintSketch(QPainter *painter, const QRegion &region);
    void syncVisibility();
    void placeOverCanvas();
    QRectF graphBounds() const;
    QRect frameRect() const;
    void follow(const QPoint &viewPos);

    QGraphicsView *m_main;
    // The canvas's viewport, watched for its size; compared as a pointer only (while the
    // canvas is destroyed its viewport still sends events, and m_main->viewport() is gone).
    QObject *m_mainViewport = nullptr;
    QTimer *m_refit;
    QTimer *m_sync; // visibility again once the main view has settled (a zoom, a resize)
    QRectF m_bounds; // the scene's items, as of the last refit: what the minimap shows
    QRectF m_drawn;  // what the graph draws (its nodes, captions, edges, frames, notes)
    bool m_wanted = true;
    QImage m_sketch;
    bool m_sketchStale = true;
    QElapsedTimer m_sketchedAt;
    QTimer *m_resketch;
    int m_sketches = 0;
    // The run's picture the sketch shows: replaying or not, and how many events it holds.
    bool m_sketchedReplay = false;
    qsizetype m_sketchedEvents = 0;
};

} // namespace capgraph::editor
