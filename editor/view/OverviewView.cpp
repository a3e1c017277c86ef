#include "view/OverviewView.h"

#include "document/GraphDocument.h"
#include "scene/GraphScene.h"
#include "scene/GraphSketch.h"

#include <QGraphicsScene>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollBar>
#include <QTimer>

namespace capgraph::editor {

OverviewView::OverviewView(QGraphicsView *mainView, QWidget *parent)
    : QGraphicsView(mainView->scene(), parent)
    , m_main(mainView)
    , m_refit(new QTimer(this))
    , m_resketch(new QTimer(this))
{
    setInteractive(false);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setRenderHints(QPainter::Antialiasing);
    setMinimumSize(120, 90);
    // Always sketched (GraphSketch): whole repaints, see GraphView.
    setViewportUpdateMode(FullViewportUpdate);
    // Refit 200 ms after the graph changed. Not on QGraphicsScene::changed: while anything
    // listens to that signal, Qt stops sending item updates straight to the views, and every
    // view (this one repainted in full) paid for every item moved during a drag — 60 ms a
    // step on a 5,000-node graph (bench/studio). Item updates reach this view as they reach
    // the canvas: only the changed areas are repainted.
    m_refit->setSingleShot(true);
    m_refit->setInterval(200);
    connect(m_refit, &QTimer::timeout, this, &OverviewView::refit);
    m_resketch->setSingleShot(true);
    connect(m_resketch, &QTimer::timeout, viewport(), qOverload<>(&QWidget::update));
    if (auto *graphScene = qobject_cast<GraphScene *>(scene())) {
        connect(graphScene->document(), &GraphDocument::changed, m_refit, qOverload<>(&QTimer::start));
        // Whatever the scene repaints (items, run states, selection, findings) may show here.
        connect(graphScene, &QGraphicsScene::changed, this, &OverviewView::sketchChanged);
        // While nodes are dragged the minimap stands still (redrawing it for every mouse move
        // doubled a drag step on a big graph); it catches up when the drag ends.
        connect(graphScene, &GraphScene::draggingChanged, this, [this](bool dragging) { viewport()->setUpdatesEnabled(!dragging); });
    } else if (scene()) {
        // Another scene (a plan): it is laid out anew as a whole, and says so by its rect.
        connect(scene(), &QGraphicsScene::sceneRectChanged, m_refit, qOverload<>(&QTimer::start));
    }
    const auto repaint = [this] {
        viewport()->update();
        syncVisibility();
    };
    connect(m_main->horizontalScrollBar(), &QScrollBar::valueChanged, this, repaint);
    connect(m_main->verticalScrollBar(), &QScrollBar::valueChanged, this, repaint);
    connect(m_main->horizontalScrollBar(), &QScrollBar::rangeChanged, this, repaint); // a zoom
    connect(m_main->verticalScrollBar(), &QScrollBar::rangeChanged, this, repaint);
    refit();
}

void OverviewView::refit()
{
    m_bounds = scene()->itemsBoundingRect();
    const QRectF r = m_bounds.adjusted(-40, -40, 40, 40);
    if (!r.isEmpty())
        fitInView(r, Qt::KeepAspectRatio);
    m_sketchStale = true;
    m_sketchedAt.invalidate(); // a new scale: sketched at the next paint
    viewport()->update();
    syncVisibility();
}

void OverviewView::setWanted(bool wanted)
{
    m_wanted = wanted;
    syncVisibility();
}

bool OverviewView::isOverlay() const
{
    return parentWidget() == m_main;
}

void OverviewView::syncVisibility()
{
    if (!isOverlay())
        return; // in a dock: the dock says
    // Over the canvas it shows only what is out of view: with the whole graph in view it goes.
    const QRectF visible = m_main->mapToScene(m_main->viewport()->rect()).boundingRect();
    setVisible(m_wanted && !m_bounds.isEmpty() && !visible.contains(m_bounds));
}

void OverviewView::paintEvent(QPaintEvent *event)
{
    if (!qobject_cast<GraphScene *>(scene())) {
        QGraphicsView::paintEvent(event);
        return;
    }
    QPainter painter(viewport());
    paintSketch(&painter, event->region());
    painter.setTransform(viewportTransform());
    drawForeground(&painter, mapToScene(event->region().boundingRect()).boundingRect());
}

void OverviewView::sketchChanged()
{
    m_sketchStale = true;
    viewport()->update();
}

void OverviewView::paintSketch(QPainter *painter, const QRegion &region)
{
    const qreal dpr = viewport()->devicePixelRatioF();
    const QSize size = (QSizeF(viewport()->size()) * dpr).toSize();
    if (m_sketch.size() != size || m_sketch.devicePixelRatio() != dpr) {
        m_sketchStale = true;
        m_sketchedAt.invalidate();
    }
    if (m_sketchStale) {
        const qint64 age = m_sketchedAt.isValid() ? m_sketchedAt.elapsed() : ResketchMs;
        if (age < ResketchMs) {
            m_resketch->start(int(ResketchMs - age)); // the older sketch a moment longer
        } else {
            QImage sketch(size, QImage::Format_RGB32);
            sketch.setDevicePixelRatio(dpr);
            QPainter p(&sketch);
            GraphSketch::paintView(&p, this, QRegion(viewport()->rect()));
            p.end();
            m_sketch = sketch;
            m_sketchStale = false;
            m_sketchedAt.start();
            ++m_sketches;
        }
    }
    painter->setCompositionMode(QPainter::CompositionMode_Source);
    for (const QRect &r : region)
        painter->drawImage(QRectF(r), m_sketch, QRectF(r.x() * dpr, r.y() * dpr, r.width() * dpr, r.height() * dpr));
    painter->setCompositionMode(QPainter::CompositionMode_SourceOver);
}

void OverviewView::drawForeground(QPainter *painter, const QRectF &)
{
    const QRectF visible = m_main->mapToScene(m_main->viewport()->rect()).boundingRect();
    painter->setPen(QPen(QColor(0x2f7de1), 0)); // cosmetic: one pixel at any scale
    QColor fill(0x2f7de1);
    fill.setAlpha(30);
    painter->setBrush(fill);
    painter->drawRect(visible);
}

void OverviewView::follow(const QPoint &viewPos)
{
    m_main->centerOn(mapToScene(viewPos));
    viewport()->update();
}

void OverviewView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        follow(event->position().toPoint());
}

void OverviewView::mouseMoveEvent(QMouseEvent *event)
{
    if (event->buttons() & Qt::LeftButton)
        follow(event->position().toPoint());
}

void OverviewView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    refit();
}

} // namespace capgraph::editor
