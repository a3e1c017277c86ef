#include "export/SceneExporter.h"

#include "scene/GraphScene.h"

#include <QBuffer>
#include <QGraphicsItem>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

namespace capgraph::editor {

bool SceneExporter::exportTo(GraphScene *scene, const QString &path, bool selectionOnly, double scale, QString *error)
{
    QRectF source;
    const QList<QGraphicsItem *> selected = scene->selectedItems();
    if (selectionOnly && !selected.isEmpty()) {
        for (QGraphicsItem *item : selected)
            source = source.united(item->sceneBoundingRect());
    } else {
        source = scene->itemsBoundingRect();
    }
    if (source.isEmpty())
        source = QRectF(0, 0, 200, 100);
    source.adjust(-24, -24, 24, 24);
    // Selection highlights are not part of the picture; hide everything outside a
    // selection export.
    QList<QGraphicsItem *> hidden;
    if (selectionOnly && !selected.isEmpty())
        for (QGraphicsItem *item : scene->items())
            if (!item->isSelected() && item->isVisible()) {
                item->setVisible(false);
                hidden.append(item);
            }
    scene->clearSelection();
    scene->setExporting(true);
    // The canvas as it was: what was hidden shown again, the selection back.
    auto restore = [&] {
        scene->setExporting(false);
        for (QGraphicsItem *item : std::as_const(hidden))
            item->setVisible(true);
        for (QGraphicsItem *item : selected)
            item->setSelected(true);
    };
    const bool ok = render(scene, source, scene->isDark() ? QColor(0x1e2227) : QColor(Qt::white), path, scale, error);
    restore();
    return ok;
}

bool SceneExporter::render(QGraphicsScene *scene, const QRectF &source, const QColor &background, const QString &path, double scale,
                           QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    const QRectF target(QPointF(0, 0), source.size() * scale);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    const bool svg = path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive);
    if (svg) {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(source.size().toSize());
        generator.setViewBox(QRectF(QPointF(0, 0), source.size()));
        generator.setTitle(QStringLiteral("CapGraph"));
        // The screen's and QImage's 96 dpi, not QSvgGenerator's default 72: point-sized text
        // then gets the same pixel size (and the same elision) as on the canvas and in a PNG.
        generator.setResolution(96);
        QPainter painter(&generator);
        painter.fillRect(QRectF(QPointF(0, 0), source.size()), background);
        scene->render(&painter, QRectF(QPointF(0, 0), source.size()), source);
    } else if (path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
        QImage image(target.size().toSize(), QImage::Format_ARGB32_Premultiplied);
        if (image.isNull()) { // not enough memory for it: say so rather than write an empty file
            return fail(QObject::tr("%1: a PNG of %2 × %3 pixels is too large to make here; export SVG, or use a smaller scale")
                            .arg(path)
                            .arg(target.size().toSize().width())
                            .arg(target.size().toSize().height()));
        }
        image.fill(background);
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        scene->render(&painter, target, source);
        painter.end();
        if (!image.save(&buffer, "PNG")) {
            return fail(QObject::tr("%1: the PNG could not be encoded").arg(path));
        }
    } else {
        return fail(QObject::tr("%1: export writes .svg or .png").arg(path));
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return fail(QObject::tr("cannot write %1: %2").arg(path, file.errorString()));
    return true;
}

} // namespace capgraph::editor
