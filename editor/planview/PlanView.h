#pragma once

#include <QGraphicsView>

namespace capgraph::editor {

class PlanScene;

// The plan's canvas: wheel zooms around the cursor, drag pans, Ctrl+1 fits. The keyboard
// moves the focus between tasks: → a successor, ← a prerequisite, ↑/↓ the task above or
// below, Home the first task, Esc clears.
class PlanView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit PlanView(PlanScene *scene, QWidget *parent = nullptr);

    double zoom() const { return transform().m11(); }
    void setZoom(double factor);
    // The whole plan, or — when it would be too small to read — its first layer at the zoom
    // where titles read (PlanCard::legibleZoom); the overview shows the rest.
    void fit();
    // Whether the last fit had to leave part of the plan out of view.
    bool fitIsPartial() const { return m_partial; }
    void centerOnTask(int task);

protected:
    void changeEvent(QEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    // Swimlanes' names as headers at the view's left edge, readable at every zoom.
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    int neighbour(int from, int key) const;
    PlanScene *m_scene;
    // Fit stays in force (the view refits when resized) until the user zooms or pans.
    bool m_fitted = false;
    bool m_partial = false;
};

} // namespace capgraph::editor
