#pragma once

#include <QElapsedTimer>
#include <QGraphicsView>
#include <QImage>

class QTimer;

namespace capgraph::editor {

// The minimap: the whole scene, small, with the main view's visible area as a frame. Click
// or drag in it to move the main view there. The graph is sketched (GraphSketch): at this
// scale items drawn one by one are faint and slow. The sketch is kept as an image: over the
// canvas the minimap is repainted with every repaint of what lies under it, and sketching
// 5,000 nodes each time doubled the canvas's repaints. It is sketched again when the graph
// changes, at most every ResketchMs while it goes on changing (a run).
class OverviewView : public QGraphicsView
{
    Q_OBJECT

public:
    // With `mainView` as its parent it is an overlay on the canvas, shown only while part of
    // the scene is out of the main view's sight (and it is wanted: View > Overview).
    explicit OverviewView(QGraphicsView *mainView, QWidget *parent = nullptr);
    void setWanted(bool wanted);
    bool isWanted() const { return m_wanted; }
    bool isOverlay() const;
    static constexpr int ResketchMs = 250;
    // How many times the graph has been sketched (for tests and benchmarks).
    int sketchCount() const { return m_sketches; }

protected:
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
    void follow(const QPoint &viewPos);

    QGraphicsView *m_main;
    QTimer *m_refit;
    QRectF m_bounds; // the scene's items, as of the last refit
    bool m_wanted = true;
    QImage m_sketch;
    bool m_sketchStale = true;
    QElapsedTimer m_sketchedAt;
    QTimer *m_resketch;
    int m_sketches = 0;
};

} // namespace capgraph::editor
