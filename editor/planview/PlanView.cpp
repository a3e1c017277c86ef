#include "planview/PlanView.h"

#include "planview/PlanCard.h"
#include "planview/PlanLaneItem.h"
#include "planview/PlanScene.h"
#include "planview/PlanTaskItem.h"

#include <QFontMetricsF>
#include <QPainter>

#include <QKeyEvent>
#include <QMouseEvent>
#include <QResizeEvent>
#include <QWheelEvent>

#include <limits>

namespace capgraph::editor {

PlanView::PlanView(PlanScene *scene, QWidget *parent)
    : QGraphicsView(scene, parent)
    , m_scene(scene)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(ScrollHandDrag);
    setTransformationAnchor(AnchorUnderMouse);
    setViewportUpdateMode(SmartViewportUpdate);
    setOptimizationFlags(DontSavePainterState);
    setFocusPolicy(Qt::StrongFocus);
}

void PlanView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && scene()) {
        for (QGraphicsItem *item : scene()->items()) { // statuses are drawn in words
            if (auto *card = qgraphicsitem_cast<PlanTaskItem *>(item))
                card->refresh(); // its cached pictures too
            else
                item->update();
        }
    }
    QGraphicsView::changeEvent(event);
}

void PlanView::setZoom(double factor)
{
    factor = std::clamp(factor, 0.05, 4.0);
    setTransform(QTransform::fromScale(factor, factor));
    m_fitted = false;
}

void PlanView::fit()
{
    const QRectF r = m_scene->sceneRect(); // the drawing and its margin: no scroll bars at fit
    if (r.isEmpty())
        return;
    fitInView(r, Qt::KeepAspectRatio);
    if (zoom() > 1.25)
        setZoom(1.25);
    m_partial = zoom() < PlanCard::legibleZoom();
    if (m_partial) {
        // Too small to read: the start of the plan (its first layer, at the left) at the
        // zoom where titles read; the rest is a scroll or the overview away.
        setZoom(PlanCard::legibleZoom());
        double firstX = std::numeric_limits<double>::max();
        QRectF firstLayer;
        for (int t = 0; t < m_scene->plan().tasks.size(); ++t) {
            const PlanTaskItem *item = m_scene->taskItem(t);
            if (!item || !item->isVisible())
                continue;
            const QRectF box = item->mapRectToScene(item->card());
            if (box.left() < firstX - 1) {
                firstX = box.left();
                firstLayer = box;
            } else if (box.left() < firstX + 1) {
                firstLayer |= box;
            }
        }
        const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
        const double x = r.left() + visible.width() / 2;
        const double y = firstLayer.isValid() ? std::clamp(firstLayer.center().y(), r.top() + visible.height() / 2, r.bottom() - visible.height() / 2)
                                              : r.center().y();
        centerOn(x, firstLayer.height() > visible.height() ? firstLayer.top() - 20 + visible.height() / 2 : y);
    }
    m_fitted = true;
}

void PlanView::scrollContentsBy(int dx, int dy)
{
    QGraphicsView::scrollContentsBy(dx, dy);
    if (!m_scene->laneItems().isEmpty())
        viewport()->update(); // the lane headers stay put while the drawing moves
}

void PlanView::drawForeground(QPainter *painter, const QRectF &)
{
    const QList<PlanLaneItem *> lanes = m_scene->laneItems();
    if (lanes.isEmpty())
        return;
    painter->save();
    painter->resetTransform(); // viewport pixels: the same size at every zoom
    QFont font = PlanCard::titleFont();
    font.setPixelSize(12);
    painter->setFont(font);
    const QFontMetricsF fm(font);
    const QRect view = viewport()->rect();
    for (const PlanLaneItem *lane : lanes) {
        const QRect band = mapFromScene(lane->band()).boundingRect();
        if (!band.intersects(view))
            continue;
        // At the band's top, or the view's top while the band reaches above it.
        const double width = std::min(fm.horizontalAdvance(lane->name()) + 16, view.width() / 3.0);
        const double top = std::clamp(double(band.top()) + 4, 4.0, std::max(4.0, double(band.bottom()) - 26));
        const QRectF label(6, top, width, 22);
        painter->setPen(QPen(lane->color().darker(130), 1));
        painter->setBrush(QColor(255, 255, 255, 235));
        painter->drawRoundedRect(label, 6, 6);
        painter->setPen(lane->color().darker(180));
        painter->drawText(label.adjusted(8, 0, -6, 0), Qt::AlignLeft | Qt::AlignVCenter,
                          fm.elidedText(lane->name(), Qt::ElideRight, label.width() - 14));
    }
    painter->restore();
}

void PlanView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (m_fitted)
        fit();
}

void PlanView::mouseMoveEvent(QMouseEvent *event)
{
    // A drag on the background pans (ScrollHandDrag): the user takes over from fit.
    if (event->buttons() & Qt::LeftButton)
        m_fitted = false;
    QGraphicsView::mouseMoveEvent(event);
}

void PlanView::centerOnTask(int task)
{
    if (PlanTaskItem *item = m_scene->taskItem(task))
        centerOn(item);
}

void PlanView::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps != 0)
        setZoom(zoom() * std::pow(1.15, steps));
    event->accept();
}

int PlanView::neighbour(int from, int key) const
{
    const PlanTopology &topology = m_scene->topology();
    const QPointF at = m_scene->taskItem(from)->pos();
    // The candidates in the direction asked, nearest first (by vertical distance, then by
    // horizontal for ↑/↓).
    QList<int> candidates;
    if (key == Qt::Key_Right)
        candidates = topology.successors(from);
    else if (key == Qt::Key_Left)
        candidates = topology.predecessors(from);
    else
        for (int t = 0; t < m_scene->plan().tasks.size(); ++t) {
            const QPointF p = m_scene->taskItem(t)->pos();
            if (t != from && std::abs(p.x() - at.x()) < 1 && (key == Qt::Key_Up ? p.y() < at.y() : p.y() > at.y()))
                candidates.append(t);
        }
    int best = -1;
    double bestDistance = std::numeric_limits<double>::max();
    for (int t : std::as_const(candidates)) {
        if (!m_scene->isTaskShown(t))
            continue;
        const QPointF p = m_scene->taskItem(t)->pos();
        const double d = std::abs(p.y() - at.y()) + std::abs(p.x() - at.x()) / 1000;
        if (d < bestDistance) {
            bestDistance = d;
            best = t;
        }
    }
    return best;
}

void PlanView::keyPressEvent(QKeyEvent *event)
{
    const int key = event->key();
    if (key == Qt::Key_Escape) {
        m_scene->clearFocus();
        return;
    }
    const bool arrow = key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Up || key == Qt::Key_Down;
    if (key == Qt::Key_Home || (arrow && m_scene->selectedTask() < 0)) {
        // The first shown task in reading order: leftmost layer, topmost card.
        int first = -1;
        for (int t = 0; t < m_scene->plan().tasks.size(); ++t) {
            if (!m_scene->isTaskShown(t))
                continue;
            const QPointF p = m_scene->taskItem(t)->pos();
            if (first < 0 || p.x() < m_scene->taskItem(first)->pos().x() - 1
                || (std::abs(p.x() - m_scene->taskItem(first)->pos().x()) < 1 && p.y() < m_scene->taskItem(first)->pos().y()))
                first = t;
        }
        if (first >= 0) {
            m_scene->selectTask(first);
            centerOnTask(first);
        }
        return;
    }
    if (arrow) {
        const int next = neighbour(m_scene->selectedTask(), key);
        if (next >= 0) {
            m_scene->selectTask(next);
            ensureVisible(m_scene->taskItem(next), 40, 40);
        }
        return;
    }
    if ((event->modifiers() & Qt::ControlModifier) && key == Qt::Key_1) {
        fit();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

} // namespace capgraph::editor
