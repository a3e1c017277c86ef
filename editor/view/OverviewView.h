#pragma once

#include <QGraphicsView>

class QTimer;

namespace capgraph::editor {

// The minimap: the whole scene, small, with the main view's visible area as a frame. Click
// or drag in it to move the main view there. Rendering is the scene's own (items draw only
// their shapes at this scale: level of detail).
class OverviewView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit OverviewView(QGraphicsView *mainView, QWidget *parent = nullptr);

protected:
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
