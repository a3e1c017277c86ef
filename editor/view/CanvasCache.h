#pragma once

#include <QImage>
#include <QList>
#include <QRectF>
#include <QRegion>
#include <QTransform>

#include <functional>

class QGraphicsView;
class QPainter;
class QWidget;

namespace capgraph::editor {

// What a graphics view has drawn, kept as an image of its viewport, so that a repaint of what
// did not change is a copy. A repaint of the whole view at 100 % on a 5,000-node graph costs
// tens of milliseconds (hundreds of long antialiased curves); many repaints change nothing:
// the minimap over the canvas repaints what lies under it, a dock or a tooltip uncovers it, a
// drag repaints what Qt marked around each move while the rest stands still.
//
// The image is drawn by the view's own painting (QGraphicsView::paintEvent: items, their
// device caches, their level of detail, exactly as on screen), whose painter the viewport
// sends into the image while the cache renders (viewport()); it stays true by being told
// what changed: every rectangle the scene reports (QGraphicsScene::changed, which covers
// every item added, removed, moved or repainted and every scene update), and whatever the
// view paints over it from elsewhere is drawn after it, never into it. A scroll moves the
// image and only the uncovered strip is drawn; a zoom or a resize starts it afresh.
class CanvasCache
{
public:
    // The viewport the view must use (QAbstractScrollArea::setViewport): a plain widget
    // whose painting goes into the cache while it renders.
    static QWidget *createViewport();

    // Matches the image to the viewport as it is now: same size and scale, and the view's
    // transform (a scroll since the last paint moves the image; another change clears it).
    void sync(const QWidget *viewport, const QTransform &viewportTransform);
    // The part of `region` (viewport coordinates) the image does not hold.
    QRegion missing(const QRegion &region) const { return region - m_valid; }
    // Draws `region` into the image with `paint`, which must paint the viewport as a paint
    // event for that region would (the view's own paintEvent).
    void render(QWidget *viewport, const QRegion &region, const std::function<void(const QRegion &)> &paint);
    // Copies `region` of the image onto `painter` (a painter on the viewport).
    void draw(QPainter *painter, const QRegion &region) const;

    // Forget these parts (viewport coordinates), or what the scene reports as changed.
    void invalidate(const QRegion &region) { m_valid -= region; }
    void invalidateScene(const QList<QRectF> &sceneRects, const QTransform &viewportTransform);
    void clear() { m_valid = QRegion(); }

    bool isRendering() const { return m_rendering; }
    // The union of many rectangles, built in O(n log n) rather than one at a time (which
    // grows with the region: quadratic for the hundreds of thin boxes along moved curves).
    static QRegion regionOf(const QList<QRect> &rects);
    const QRegion &valid() const { return m_valid; }

private:
    void scroll(int dx, int dy); // in device pixels

    QImage m_image;
    QRegion m_valid; // viewport coordinates
    QTransform m_transform;
    bool m_rendering = false;
};

} // namespace capgraph::editor
