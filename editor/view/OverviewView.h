#pragma once

#include <QGraphicsView>

class QTimer;

namespace capgraph::editor {

// The minimap: the whole scene, small, with the main view's visible area as a frame. Click
// or drag in it to move the main view there. The graph is sketched (GraphSketch): at this
// scale items drawn one by one are faint and slow.
class OverviewView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit OverviewView(QGraphicsView *mainView, QWidget *parent = nullptr);

protected:
    void paintEvent(QPaintEvent *event) override;
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void refit();
    void follow(const QPoint &viewPos);

    QGraphicsView *m_main;
    QTimer *m_refit;
};

} // namespace capgraph::editor
