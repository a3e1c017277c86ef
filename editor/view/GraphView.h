#pragma once

#include <QGraphicsView>

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
    void fitAll();
    void fitSelection();
    // Zoomed out below GraphSketch::Below, the graph is sketched in batches instead of
    // painted item by item (see GraphSketch).
    bool isSketching() const;

signals:
    void zoomChanged(double zoom);
    // Tab on the canvas: the quick-add popup, for a node at `scenePos`.
    void quickAddRequested(const QPointF &scenePos, const QPoint &globalPos);

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;

private:
    void fitRect(const QRectF &rect);
    bool m_spaceHeld = false;
};

} // namespace capgraph::editor
