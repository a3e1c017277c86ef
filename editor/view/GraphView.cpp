#include "view/GraphView.h"

#include "scene/GraphScene.h"
#include "scene/GraphSketch.h"
#include "scene/NodePainter.h"

#include <QCursor>
#include <QGraphicsItem>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QResizeEvent>
#include <QScrollBar>
#include <QStyleOptionRubberBand>
#include <QWheelEvent>

namespace capgraph::editor {

GraphView::GraphView(QWidget *parent)
    : QGraphicsView(parent)
{
    setViewport(CanvasCache::createViewport());
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(RubberBandDrag);
    setTransformationAnchor(AnchorUnderMouse);
    setViewportUpdateMode(SmartViewportUpdate);
    // Items are cached and do their own level-of-detail: no need to save painter state.
    setOptimizationFlags(DontSavePainterState | DontAdjustForAntialiasing);
    setAcceptDrops(true);
    // Sketching, Qt cannot know where an item was drawn (it records that only when it paints
    // items itself), so a moved or deleted item would leave its old picture behind: repaint
    // the whole view then (a sketch of 5,000 nodes takes a few ms).
    connect(this, &GraphView::zoomChanged, this, [this] {
        setViewportUpdateMode(isSketching() ? FullViewportUpdate : SmartViewportUpdate);
    });
}

bool GraphView::isSketching() const
{
    return zoom() < GraphSketch::Below && qobject_cast<GraphScene *>(scene());
}

QString GraphView::emptyHint() const
{
    const auto *graphScene = qobject_cast<const GraphScene *>(scene());
    if (!graphScene || !graphScene->nodeItems().isEmpty())
        return {};
    return tr("Drag a kind from the Palette onto the canvas, or press Tab here to add one.\n"
              "File \u25B8 Examples opens finished graphs to learn from.");
}

void GraphView::setOverlay(QWidget *overlay)
{
    m_overlay = overlay;
}

void GraphView::setTopBar(QWidget *bar)
{
    m_topBar = bar;
    bar->installEventFilter(this);
    placeTopBar();
}

void GraphView::placeTopBar()
{
    const int height = m_topBar && !m_topBar->isHidden() ? m_topBar->sizeHint().height() : 0;
    if (viewportMargins().top() != height)
        setViewportMargins(0, height, 0, 0);
    if (height > 0) {
        const QRect area = viewport()->geometry();
        m_topBar->setGeometry(area.left(), area.top() - height, area.width(), height);
    }
}

bool GraphView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_topBar && (event->type() == QEvent::Show || event->type() == QEvent::Hide || event->type() == QEvent::LayoutRequest))
        placeTopBar();
    return QGraphicsView::eventFilter(watched, event);
}

void GraphView::centreOn(const QRectF &sceneRect)
{
    if (zoom() < legibleZoom())
        setZoom(legibleZoom());
    centerOn(sceneRect.center());
}

void GraphView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event); // keeps the top left corner where it was (NoAnchor)
    placeTopBar();
    // A dock opening under the canvas takes its lower part: what was in the middle stays in the
    // middle instead of sliding down, out of view or under the minimap in the corner.
    const int taller = event->size().height() - event->oldSize().height();
    if (event->oldSize().isValid() && taller != 0 && isVisible())
        verticalScrollBar()->setValue(verticalScrollBar()->value() - taller / 2);
}

void GraphView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && scene()) {
        for (QGraphicsItem *item : scene()->items())
            item->update();
        viewport()->update();
    }
    QGraphicsView::changeEvent(event);
}

void GraphView::setCanvasCached(bool cached)
{
    m_cached = cached;
    if (auto *graphScene = qobject_cast<GraphScene *>(m_watched.data()))
        graphScene->dragLayer().setEnabled(cached);
    m_cache.clear();
    viewport()->update();
}

void GraphView::watchScene()
{
    if (scene() == m_watched)
        return;
    if (m_watched)
        disconnect(m_watched, &QGraphicsScene::changed, this, nullptr);
    if (auto *old = qobject_cast<GraphScene *>(m_watched.data()))
        old->dragLayer().setEnabled(false);
    m_watched = scene();
    m_cache.clear();
    if (auto *graphScene = qobject_cast<GraphScene *>(m_watched.data())) {
        // This view paints the nodes a drag moves over its picture (DragLayer).
        graphScene->dragLayer().setEnabled(m_cached);
        connect(graphScene, &GraphScene::dragLayerMoved, this, [this](const QList<QRectF> &areas) {
            QList<QRect> rects;
            rects.reserve(areas.size());
            for (const QRectF &a : areas)
                rects.append(viewportTransform().mapRect(a).toAlignedRect().adjusted(-2, -2, 2, 2) & viewport()->rect());
            viewport()->update(CanvasCache::regionOf(rects));
        });
    }
    if (m_watched)
        // Everything an item or the scene repaints is reported here (in scene coordinates):
        // those parts of the cache are drawn again when next shown.
        connect(m_watched, &QGraphicsScene::changed, this, [this](const QList<QRectF> &rects) {
            m_cache.sync(viewport(), viewportTransform());
            m_cache.invalidateScene(rects, viewportTransform());
        });
}

void GraphView::paintItems(QPaintEvent *event)
{
    watchScene();
    // A rubber band is Qt's, painted over the items by the view: drawn live, never kept.
    const bool cached = m_cached && !m_bypassCache && rubberBandRect().isEmpty();
    m_foregroundLater = true; // over the drag layer, below
    if (cached) {
        m_cache.sync(viewport(), viewportTransform());
        const QRegion missing = m_cache.missing(event->region());
        if (!missing.isEmpty())
            m_cache.render(viewport(), missing, [this](const QRegion &region) {
                QPaintEvent part(region);
                QGraphicsView::paintEvent(&part);
            });
        QPainter painter(viewport());
        m_cache.draw(&painter, event->region());
    } else {
        QGraphicsView::paintEvent(event);
    }
    m_foregroundLater = false;
    // What is drawn over the graph (the nodes being dragged, snap guides, the empty canvas's
    // hint) is never kept.
    QPainter painter(viewport());
    painter.setRenderHints(renderHints());
    if (auto *graphScene = qobject_cast<GraphScene *>(scene()); graphScene && graphScene->dragLayer().isActive())
        graphScene->dragLayer().paint(&painter, viewportTransform(), event->region(), viewport());
    painter.setTransform(viewportTransform());
    drawForeground(&painter, mapToScene(event->region().boundingRect()).boundingRect());
}

QImage GraphView::grabUncached()
{
    m_bypassCache = true;
    const QImage image = viewport()->grab().toImage();
    m_bypassCache = false;
    return image;
}

void GraphView::paintEvent(QPaintEvent *event)
{
    if (m_cache.isRendering()) { // the cache drawing itself through the view's own painting
        QGraphicsView::paintEvent(event);
        return;
    }
    // A paint that only covers a new (or deleted) node's box would leave half a hint behind
    // (or none): when the graph turns empty or stops being empty, repaint the whole view.
    if (const bool hint = !emptyHint().isEmpty(); hint != m_hintShown) {
        m_hintShown = hint;
        viewport()->update();
    }
    if (!isSketching()) {
        paintItems(event);
        return;
    }
    QPainter painter(viewport());
    GraphSketch::paintView(&painter, this, event->region());
    paintEmptyHint(&painter);
    if (const QRect band = rubberBandRect(); !band.isEmpty()) {
        painter.resetTransform();
        QStyleOptionRubberBand option;
        option.initFrom(viewport());
        option.rect = band;
        option.shape = QRubberBand::Rectangle;
        style()->drawControl(QStyle::CE_RubberBand, &option, &painter, viewport());
    }
}

void GraphView::drawForeground(QPainter *painter, const QRectF &rect)
{
    if (m_cache.isRendering() || m_foregroundLater)
        return; // drawn over the cache (and the drag layer) each time, not into it
    QGraphicsView::drawForeground(painter, rect);
    paintEmptyHint(painter);
}

void GraphView::paintEmptyHint(QPainter *painter)
{
    const QString hint = emptyHint();
    if (hint.isEmpty())
        return;
    // In the viewport's own coordinates: the same size at every zoom, centred on what is seen.
    painter->save();
    painter->resetTransform();
    QFont font = this->font();
    font.setPointSizeF(font.pointSizeF() * 1.15);
    painter->setFont(font);
    painter->setPen(palette().color(QPalette::PlaceholderText));
    const QRect area = viewport()->rect().adjusted(24, 24, -24, -24);
    painter->drawText(area, Qt::AlignCenter | Qt::TextWordWrap, hint);
    painter->restore();
}

void GraphView::setZoom(double factor)
{
    factor = std::clamp(factor, 0.002, 6.0); // a 5,000-node graph whole is under 1 %
    QTransform t;
    t.scale(factor, factor);
    setTransform(t);
    emit zoomChanged(factor);
}

void GraphView::zoomBy(double factor)
{
    setZoom(zoom() * factor);
}

double GraphView::legibleZoom()
{
    return NodePainter::legibleZoom();
}

void GraphView::fitRect(const QRectF &rect, const QPointF &anchor, bool legible)
{
    if (rect.isEmpty())
        return;
    const QRectF padded = rect.adjusted(-40, -40, 40, 40);
    const QSizeF room = viewport()->size();
    double z = std::min(room.width() / padded.width(), room.height() / padded.height());
    z = std::min(z, 1.0); // a small graph is shown at its own size, not blown up
    if (legible)
        z = std::max(z, legibleZoom());
    setZoom(z);
    const double visibleWidth = room.width() / zoom(), visibleHeight = room.height() / zoom();
    // Along each axis: centred when it fits, else from the anchor (the start at the left).
    const double x = padded.width() <= visibleWidth ? padded.center().x()
                                                     : std::max(padded.left(), anchor.x() - 80) + visibleWidth / 2;
    const double y = padded.height() <= visibleHeight ? padded.center().y()
                                                       : std::clamp(anchor.y(), padded.top() + visibleHeight / 2, padded.bottom() - visibleHeight / 2);
    centerOn(QPointF(x, y));
    emit zoomChanged(zoom());
}

void GraphView::fitAll()
{
    auto *graph = qobject_cast<GraphScene *>(scene());
    if (!graph)
        return;
    const QRectF bounds = graph->contentBounds();
    fitRect(bounds, graph->startPoint(), true);
}

void GraphView::fitEverything()
{
    auto *graph = qobject_cast<GraphScene *>(scene());
    if (graph)
        fitRect(graph->contentBounds(), graph->startPoint(), false);
}

void GraphView::fitSelection()
{
    if (!scene())
        return;
    QRectF r;
    for (QGraphicsItem *item : scene()->selectedItems())
        r = r.united(item->sceneBoundingRect());
    if (r.isEmpty()) {
        fitAll();
        return;
    }
    fitRect(r, QPointF(r.left(), r.center().y()), true);
}

void GraphView::ensureShown(const QRectF &box)
{
    const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
    const double margin = 60 / std::max(zoom(), 0.05);
    if (!visible.adjusted(margin / 2, margin / 2, -margin / 2, -margin / 2).contains(box))
        ensureVisible(box, int(margin * zoom()), int(margin * zoom()));
    keepClearOfOverlay(box);
}

void GraphView::keepClearOfOverlay(const QRectF &box)
{
    if (!m_overlay || !m_overlay->isVisible())
        return;
    // The overlay and the box in the viewport's coordinates (the overlay is the view's child,
    // beside the viewport), with a gap around the overlay.
    constexpr int gap = 12;
    const QRect covered = m_overlay->geometry().translated(-viewport()->pos()).adjusted(-gap, -gap, gap, gap);
    const QRect node = mapFromScene(box).boundingRect();
    if (!node.intersects(covered))
        return;
    // Up above it or left of it, whichever is the shorter way that keeps the box in view. A
    // box larger than the room beside the overlay stays where it is.
    const int up = node.bottom() - covered.top() + 1;
    const int left = node.right() - covered.left() + 1;
    const bool upFits = node.top() - up >= 0;
    const bool leftFits = node.left() - left >= 0;
    if (upFits && (!leftFits || up <= left))
        verticalScrollBar()->setValue(verticalScrollBar()->value() + up);
    else if (leftFits)
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + left);
}

bool GraphView::event(QEvent *event)
{
    // Tab would move the focus to the next widget: on the canvas it opens quick-add, at the
    // mouse when it is over the canvas, else in the middle.
    if (event->type() == QEvent::KeyPress && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Tab
        && static_cast<QKeyEvent *>(event)->modifiers() == Qt::NoModifier) {
        QPoint at = viewport()->mapFromGlobal(QCursor::pos());
        if (!viewport()->rect().contains(at))
            at = viewport()->rect().center();
        emit quickAddRequested(mapToScene(at), viewport()->mapToGlobal(at));
        return true;
    }
    return QGraphicsView::event(event);
}

void GraphView::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps != 0) {
        zoomBy(std::pow(1.15, steps));
        event->accept();
        return;
    }
    QGraphicsView::wheelEvent(event);
}

void GraphView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::MiddleButton || (m_spaceHeld && event->button() == Qt::LeftButton)) {
        setDragMode(ScrollHandDrag);
        // ScrollHandDrag reacts to the left button: replay the press as one.
        QMouseEvent press(event->type(), event->position(), event->globalPosition(), Qt::LeftButton, Qt::LeftButton, event->modifiers());
        QGraphicsView::mousePressEvent(&press);
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void GraphView::mouseReleaseEvent(QMouseEvent *event)
{
    if (dragMode() == ScrollHandDrag) {
        QMouseEvent release(event->type(), event->position(), event->globalPosition(), Qt::LeftButton, Qt::NoButton, event->modifiers());
        QGraphicsView::mouseReleaseEvent(&release);
        setDragMode(RubberBandDrag);
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void GraphView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceHeld = true;
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void GraphView::keyReleaseEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceHeld = false;
        event->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

} // namespace capgraph::editor
