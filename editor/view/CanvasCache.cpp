#include "view/CanvasCache.h"

#include <QPaintEngine>
#include <QPainter>
#include <QWidget>

#include <cmath>
#include <cstring>

namespace capgraph::editor {

namespace {

// A viewport whose painting goes, while `target` is set, to that device instead of the
// screen: QPainter asks a widget where its painting goes (QPaintDevice::redirected), as Qt
// does to paint widgets into the window's backing store.
class CanvasViewport final : public QWidget
{
public:
    QPaintDevice *target = nullptr;

protected:
    QPaintDevice *redirected(QPoint *offset) const override
    {
        if (target) {
            if (offset)
                *offset = QPoint();
            return target;
        }
        return QWidget::redirected(offset);
    }
};

QRegion scaled(const QRegion &region, qreal factor)
{
    if (factor == 1.0)
        return region;
    QRegion out;
    for (const QRect &r : region)
        out += QRectF(r.x() * factor, r.y() * factor, r.width() * factor, r.height() * factor).toAlignedRect();
    return out;
}

bool isWhole(double v)
{
    return std::abs(v - std::round(v)) < 1e-6;
}

} // namespace

QWidget *CanvasCache::createViewport()
{
    return new CanvasViewport;
}

void CanvasCache::sync(const QWidget *viewport, const QTransform &viewportTransform)
{
    const qreal dpr = viewport->devicePixelRatioF();
    const QSize size = (QSizeF(viewport->size()) * dpr).toSize();
    if (m_image.size() != size || m_image.devicePixelRatio() != dpr) {
        // Opaque like the window it is copied to: copying is then a copy, not a blend.
        m_image = QImage(size, QImage::Format_RGB32);
        m_image.setDevicePixelRatio(dpr);
        m_valid = QRegion();
        m_transform = viewportTransform;
        return;
    }
    if (viewportTransform == m_transform)
        return;
    const QTransform &t = viewportTransform;
    const double dx = (t.dx() - m_transform.dx()) * dpr;
    const double dy = (t.dy() - m_transform.dy()) * dpr;
    const bool sameScale = t.m11() == m_transform.m11() && t.m12() == m_transform.m12() && t.m21() == m_transform.m21()
        && t.m22() == m_transform.m22() && t.type() <= QTransform::TxScale && m_transform.type() <= QTransform::TxScale;
    if (sameScale && isWhole(dx) && isWhole(dy)) {
        scroll(int(std::round(dx)), int(std::round(dy)));
        m_valid.translate(qRound(dx / dpr), qRound(dy / dpr));
        m_valid &= QRect(QPoint(), viewport->size());
    } else {
        m_valid = QRegion(); // a zoom: everything is drawn anew
    }
    m_transform = viewportTransform;
}

void CanvasCache::scroll(int dx, int dy)
{
    const int w = m_image.width();
    const int h = m_image.height();
    if (std::abs(dx) >= w || std::abs(dy) >= h) {
        m_valid = QRegion();
        return;
    }
    const qsizetype bpl = m_image.bytesPerLine();
    uchar *bits = m_image.bits();
    const int pixel = m_image.depth() / 8;
    const int cols = w - std::abs(dx);
    const int srcX = dx >= 0 ? 0 : -dx;
    const int dstX = dx >= 0 ? dx : 0;
    const auto moveRow = [&](int y) {
        std::memmove(bits + y * bpl + dstX * pixel, bits + (y - dy) * bpl + srcX * pixel, size_t(cols) * size_t(pixel));
    };
    if (dy > 0) {
        for (int y = h - 1; y >= dy; --y)
            moveRow(y);
    } else {
        for (int y = 0; y < h + dy; ++y)
            moveRow(y);
    }
}

void CanvasCache::render(QWidget *viewport, const QRegion &region, const std::function<void(const QRegion &)> &paint)
{
    auto *canvas = dynamic_cast<CanvasViewport *>(viewport);
    if (!canvas || region.isEmpty() || m_image.isNull())
        return;
    // Only `region` is drawn: the view paints items whole where they meet it, and the image
    // around it already holds what is there.
    QPaintEngine *engine = m_image.paintEngine();
    engine->setSystemClip(scaled(region, m_image.devicePixelRatio()));
    canvas->target = &m_image;
    m_rendering = true;
    paint(region);
    m_rendering = false;
    canvas->target = nullptr;
    engine->setSystemClip(QRegion());
    m_valid += region;
}

void CanvasCache::draw(QPainter *painter, const QRegion &region) const
{
    const qreal dpr = m_image.devicePixelRatio();
    const QPainter::CompositionMode mode = painter->compositionMode();
    painter->setCompositionMode(QPainter::CompositionMode_Source);
    for (const QRect &r : region)
        painter->drawImage(QRectF(r), m_image, QRectF(r.x() * dpr, r.y() * dpr, r.width() * dpr, r.height() * dpr));
    painter->setCompositionMode(mode);
}

QRegion CanvasCache::regionOf(const QList<QRect> &rects)
{
    // Pairwise, level by level.
    QList<QRegion> level;
    level.reserve(rects.size());
    for (const QRect &r : rects)
        if (!r.isEmpty())
            level.append(QRegion(r));
    while (level.size() > 1) {
        QList<QRegion> next;
        next.reserve(level.size() / 2 + 1);
        for (qsizetype i = 0; i + 1 < level.size(); i += 2)
            next.append(level.at(i).united(level.at(i + 1)));
        if (level.size() % 2)
            next.append(level.constLast());
        level = std::move(next);
    }
    return level.isEmpty() ? QRegion() : level.constFirst();
}

void CanvasCache::invalidateScene(const QList<QRectF> &sceneRects, const QTransform &viewportTransform)
{
    if (m_valid.isEmpty())
        return;
    QList<QRect> rects;
    rects.reserve(sceneRects.size());
    for (const QRectF &r : sceneRects) // as QGraphicsView::updateScene marks them, a pixel more
        rects.append(viewportTransform.mapRect(r).toAlignedRect().adjusted(-2, -2, 2, 2));
    m_valid -= regionOf(rects);
}

} // namespace capgraph::editor
