#pragma once

#include "view/CanvasCache.h"

#include <QGraphicsView>
#include <QPointer>

namespace capgraph::editor {

// The canvas view: wheel zooms around the cursor (Ctrl not needed), middle button or Space
// pans, rubber-band selection, fit to view / to selection.
class GraphView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit GraphView(QWidget *parent = nullptr);

    double zoom() const { return transform().m11(); }
    void setZoom(double factor);
    void zoomBy(double factor);
    // The zoom from which node labels read (NodePainter::legibleZoom): fitting never goes below it.
    static double legibleZoom();
    // Fit to View: the whole graph when it fits at a legible zoom, else, at that zoom, its
    // start (the start node at the left, the Overview shows the rest). What opening a graph shows.
    void fitAll();
    // The whole graph whatever the zoom it takes (View > Show Whole Graph).
    void fitEverything();
    // The selection, at a legible zoom at least (centred on it when it does not fit).
    void fitSelection();
    // Brings a node (its box, scene coordinates) into view when it is not, and out from under
    // the overlay (the minimap) when it is beneath it: scrolls as little as it takes, keeping
    // the zoom; the run follows its current node with it.
    void ensureShown(const QRectF &box);
    // Zoomed out below GraphSketch::Below, the graph is sketched in batches instead of
    // painted item by item (see GraphSketch).
    bool isSketching() const;
    // What an empty graph shows in the middle of the canvas (how to add the first node),
    // or an empty string when the graph has nodes.
    QString emptyHint() const;
    // A widget over the canvas's lower right corner (the overview's minimap, which places
    // itself): ensureShown keeps nodes out from under it while it is shown.
    void setOverlay(QWidget *overlay);
    // A bar along the canvas's top edge (the find bar): while it is shown the canvas starts
    // under it, so it covers nothing; hidden, the canvas has the room again.
    void setTopBar(QWidget *bar);
    QWidget *topBar() const { return m_topBar; }
    // Centres the view on `sceneRect`'s centre, at a legible zoom at least.
    void centreOn(const QRectF &sceneRect);
    // What the canvas has drawn at 100 % and around (not while sketching), kept so that a
    // repaint of what did not change is a copy (CanvasCache). On by default.
    void setCanvasCached(bool cached);
    bool isCanvasCached() const { return m_cached; }
    const CanvasCache &canvasCache() const { return m_cache; }
    // What the canvas would show drawn afresh, item by item, without the cache (and leaving
    // it as it is): what tests compare the canvas with.
    QImage grabUncached();

signals:
    void zoomChanged(double zoom);
    // Tab on the canvas: the quick-add popup, for a node at `scenePos`.
    void quickAddRequested(const QPointF &scenePos, const QPoint &globalPos);

protected:
    // A new language: the items redraw their texts (their caches hold the old ones).
    void changeEvent(QEvent *event) override;
    bool event(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    // The middle of what is shown stays in the middle when the canvas gets taller or lower (a
    // bottom dock opening or closing), its left edge where it was.
    void resizeEvent(QResizeEvent *event) override;

private:
    void keepClearOfOverlay(const QRectF &box);
    void watchScene();
    void paintItems(QPaintEvent *event);
    QPointer<QWidget> m_overlay;
    QPointer<QWidget> m_topBar;
    void placeTopBar();
    CanvasCache m_cache;
    bool m_cached = true;
    bool m_bypassCache = false;
    bool m_foregroundLater = false;
    QPointer<QGraphicsScene> m_watched; // the scene whose changes clear parts of the cache
    // Fits `rect` at a legible zoom at least; when it does not fit there, shows `anchor`
    // (a point of it) at the left and as much of the rest as fits.
    void fitRect(const QRectF &rect, const QPointF &anchor, bool legible);
    void paintEmptyHint(QPainter *painter);
    bool m_spaceHeld = false;
    bool m_hintShown = false;
};

} // namespace capgraph::editor
