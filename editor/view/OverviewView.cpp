#include "view/OverviewView.h"

#include "document/GraphDocument.h"
#include "scene/RunStateView.h"
#include "scene/EdgeItem.h"
#include "scene/FrameItem.h"
#include "scene/GraphScene.h"
#include "scene/GraphSketch.h"
#include "scene/NoteItem.h"

#include <QGraphicsScene>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollBar>
#include <QTimer>

#include <algorithm>

namespace capgraph::editor {

OverviewView::OverviewView(QGraphicsView *mainView, QWidget *parent)
    : QGraphicsView(mainView->scene(), parent)
    , m_main(mainView)
    , m_refit(new QTimer(this))
    , m_sync(new QTimer(this))
    , m_resketch(new QTimer(this))
{
    setInteractive(false);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setRenderHints(QPainter::Antialiasing);
    setMinimumSize(isOverlay() ? QSize(40, 30) : QSize(120, 90)); // over the canvas its size is the canvas's share
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
    // The main view tells of a zoom by its scroll bars' ranges before it has placed the scene
    // anew (a scene smaller than the view is centred afterwards, without another signal):
    // what it shows is looked at again once it has settled.
    m_sync->setSingleShot(true);
    m_sync->setInterval(0);
    connect(m_sync, &QTimer::timeout, this, &OverviewView::syncVisibility);
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
        m_sync->start();
    };
    connect(m_main->horizontalScrollBar(), &QScrollBar::valueChanged, this, repaint);
    connect(m_main->verticalScrollBar(), &QScrollBar::valueChanged, this, repaint);
    connect(m_main->horizontalScrollBar(), &QScrollBar::rangeChanged, this, repaint); // a zoom
    connect(m_main->verticalScrollBar(), &QScrollBar::rangeChanged, this, repaint);
    // Over the canvas: placed again whenever the canvas's visible area changes size (the
    // window, a dock opening or closing, a scroll bar coming or going).
    if (isOverlay()) {
        m_mainViewport = m_main->viewport();
        m_main->viewport()->installEventFilter(this);
    }
    refit();
}

bool OverviewView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_mainViewport && event->type() == QEvent::Resize) {
        placeOverCanvas();
        syncVisibility();
        m_sync->start();
    }
    return QGraphicsView::eventFilter(watched, event);
}

QRectF OverviewView::graphBounds() const
{
    const auto *graph = qobject_cast<const GraphScene *>(scene());
    if (!graph)
        return scene()->itemsBoundingRect();
    // What is drawn, not the items' bounding rectangles: those keep room around each node for
    // a run's decorations far out, and a graph shown whole would not count as in view.
    QRectF drawn;
    for (auto it = graph->nodeItems().cbegin(); it != graph->nodeItems().cend(); ++it) {
        const layout::RouteBox box = graph->routeBoxOf(it.key());
        drawn |= box.box;
        if (!box.caption.isEmpty())
            drawn |= box.caption;
    }
    for (const EdgeItem *e : graph->edgeItems()) {
        drawn |= e->path().boundingRect();
        if (!e->labelRect().isEmpty())
            drawn |= e->labelRect();
    }
    for (const FrameItem *f : graph->frameItems())
        drawn |= f->sceneBoundingRect();
    for (const NoteItem *n : graph->noteItems())
        drawn |= n->sceneBoundingRect();
    return drawn;
}

void OverviewView::refit()
{
    m_bounds = scene()->itemsBoundingRect();
    m_drawn = graphBounds();
    placeOverCanvas(); // shaped like the graph: first, so that it is fitted at its new size
    const QRectF r = m_bounds.adjusted(-40, -40, 40, 40);
    if (!r.isEmpty())
        fitInView(r, Qt::KeepAspectRatio);
    m_sketchStale = true;
    m_sketchedAt.invalidate(); // a new scale: sketched at the next paint
    viewport()->update();
    syncVisibility();
}

void OverviewView::placeOverCanvas()
{
    if (!isOverlay())
        return;
    // In the canvas's lower right corner, inside what the canvas shows (above its scroll
    // bars), at most a fifth of its width and a quarter of its height: shaped like the graph
    // within that, so that a wide graph takes a strip, not a card.
    const QRect area = m_main->viewport()->geometry(); // in the main view's coordinates: the parent's
    const int frame = 2 * frameWidth();
    const int widest = std::min(area.width() / 5, 240);
    const int tallest = std::min(area.height() / 4, 180);
    if (widest <= frame + 8 || tallest <= frame + 8)
        return; // no room: hidden (syncVisibility)
    QSizeF shape = m_bounds.adjusted(-40, -40, 40, 40).size();
    if (shape.isEmpty())
        shape = QSizeF(3, 2);
    const double scale = std::min((widest - frame) / shape.width(), (tallest - frame) / shape.height());
    const int w = std::clamp(int(std::lround(shape.width() * scale)) + frame, std::min(widest, 64), widest);
    const int h = std::clamp(int(std::lround(shape.height() * scale)) + frame, std::min(tallest, 40), tallest);
    const QRect wanted(area.x() + area.width() - Margin - w, area.y() + area.height() - Margin - h, w, h);
    if (geometry() != wanted)
        setGeometry(wanted);
    raise();
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
    // Over the canvas it shows only what is out of view: with the whole graph in view it goes,
    // and so it does when the canvas is too small to spare a corner.
    const QRect area = m_main->viewport()->rect();
    const bool room = area.width() >= MinCanvasWidth && area.height() >= MinCanvasHeight;
    const QRectF visible = m_main->mapToScene(area).boundingRect();
    const bool shown = m_wanted && room && !m_drawn.isEmpty() && !visible.contains(m_drawn);
    if (shown && !isVisible())
        placeOverCanvas();
    setVisible(shown);
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
    // The run's picture replaced while no run goes (a replay moved to another event, left,
    // a run ended): one change, shown at once as the canvas shows it. While a run goes its
    // changes keep coming, and the older sketch stays up to ResketchMs.
    const auto *graphScene = static_cast<const GraphScene *>(scene());
    const RunStateView *run = graphScene->runState();
    const bool replaying = run && run->isReplaying();
    const qsizetype events = run ? run->snapshot().eventCount() : 0;
    const bool live = run && !replaying && run->isRunning();
    if (!live && (replaying != m_sketchedReplay || events != m_sketchedEvents)) {
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
            GraphSketch::paintView(&p, this, QRegion(viewport()->rect()), GraphSketch::RunMarks::InBoxes);
            p.end();
            m_sketch = sketch;
            m_sketchStale = false;
            m_sketchedAt.start();
            m_sketchedReplay = replaying;
            m_sketchedEvents = events;
            ++m_sketches;
            // Sketched during a paint of part of the minimap: the rest shows the older sketch
            // until it is painted too.
            if (!QRegion(viewport()->rect()).subtracted(region).isEmpty())
                viewport()->update();
        }
    }
    painter->setCompositionMode(QPainter::CompositionMode_Source);
    for (const QRect &r : region)
        painter->drawImage(QRectF(r), m_sketch, QRectF(r.x() * dpr, r.y() * dpr, r.width() * dpr, r.height() * dpr));
    painter->setCompositionMode(QPainter::CompositionMode_SourceOver);
}

void OverviewView::drawForeground(QPainter *painter, const QRectF &)
{
    // What the main view shows, clipped to the minimap's frame: when the view looks past the
    // graph's edge the rectangle ends at the frame, all four sides drawn, never cut open.
    const QRectF visible = m_main->mapToScene(m_main->viewport()->rect()).boundingRect();
    const QRect r = mapFromScene(visible).boundingRect().intersected(viewport()->rect());
    if (r.width() < 2 || r.height() < 2)
        return; // the view looks away from all the minimap shows
    painter->save();
    painter->resetTransform();
    painter->setRenderHint(QPainter::Antialiasing, false); // crisp one-pixel sides
    QColor fill(0x2f7de1);
    fill.setAlpha(30);
    painter->setPen(QPen(QColor(0x2f7de1), 1));
    painter->setBrush(fill);
    painter->drawRect(r.adjusted(0, 0, -1, -1)); // a one-pixel outline of r's own pixels
    painter->restore();
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
