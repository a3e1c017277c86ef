#include "export/SceneExporter.h"
#include "io/AtomicWrite.h"

#include "document/GraphDocument.h"
#include "scene/EdgeItem.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <cmath>

#include <QBuffer>
#include <QGraphicsItem>
#include <QImage>
#include <QPainter>
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
    if (QString why; !writeFileAtomically(path, bytes, &why))
        return fail(why);
    return true;
}

namespace {
QJsonObject rectJson(const QRectF &r)
{
    const auto round2 = [](double v) { return std::round(v * 100) / 100; };
    return QJsonObject{{QStringLiteral("x"), round2(r.x())},
                       {QStringLiteral("y"), round2(r.y())},
                       {QStringLiteral("width"), round2(r.width())},
                       {QStringLiteral("height"), round2(r.height())}};
}

QString routeKindName(layout::EdgeRoute::Kind kind)
{
    switch (kind) {
    case layout::EdgeRoute::Kind::Curve: return QStringLiteral("curve");
    case layout::EdgeRoute::Kind::Hint: return QStringLiteral("layout");
    case layout::EdgeRoute::Kind::Routed: return QStringLiteral("routed");
    case layout::EdgeRoute::Kind::Blocked: return QStringLiteral("blocked");
    }
    return QString();
}
} // namespace

QJsonObject SceneExporter::drawing(const GraphScene *scene, const QStringList &only)
{
    const QSet<QString> keep(only.cbegin(), only.cend());
    const Graph &graph = scene->document()->graph();
    QJsonArray nodes;
    QRectF bounds;
    for (const Node &n : graph.nodes) {
        const NodeItem *item = scene->nodeItem(n.id);
        if (!item || (!keep.isEmpty() && !keep.contains(n.id)))
            continue;
        const layout::RouteBox box = scene->routeBoxOf(n.id);
        QJsonObject o{{QStringLiteral("id"), n.id}, {QStringLiteral("type"), n.type}, {QStringLiteral("box"), rectJson(box.box)}};
        if (!n.label.isEmpty())
            o.insert(QStringLiteral("label"), n.label);
        if (!box.caption.isEmpty())
            o.insert(QStringLiteral("caption"), rectJson(box.caption));
        nodes.append(o);
        bounds = bounds.united(box.caption.isEmpty() ? box.box : box.box.united(box.caption));
    }
    QJsonArray edges;
    for (const EdgeItem *e : scene->edgeItems()) {
        const FlowEdge &f = e->flow();
        if (!keep.isEmpty() && !(keep.contains(f.from) && keep.contains(f.to)))
            continue;
        QJsonArray points;
        for (const QPointF &p : e->route().flattened(16))
            points.append(QJsonArray{std::round(p.x() * 100) / 100, std::round(p.y() * 100) / 100});
        QJsonObject o{{QStringLiteral("from"), f.from},
                      {QStringLiteral("to"), f.to},
                      {QStringLiteral("type"), edgeTypeName(f.kind)},
                      {QStringLiteral("origin"), f.origin == FlowEdge::Origin::Edge        ? QStringLiteral("edge")
                                                 : f.origin == FlowEdge::Origin::Condition ? QStringLiteral("condition")
                                                                                           : QStringLiteral("default")},
                      {QStringLiteral("path"), points},
                      {QStringLiteral("route"), routeKindName(e->route().kind)},
                      {QStringLiteral("clear"), e->route().clear}};
        if (f.origin == FlowEdge::Origin::Edge)
            o.insert(QStringLiteral("edge_index"), f.edgeIndex);
        if (f.origin == FlowEdge::Origin::Condition)
            o.insert(QStringLiteral("condition_index"), f.conditionIndex);
        if (!e->labelRect().isEmpty()) {
            o.insert(QStringLiteral("label"), e->label());
            o.insert(QStringLiteral("label_box"), rectJson(e->labelRect()));
            bounds = bounds.united(e->labelRect());
        }
        bounds = bounds.united(e->route().bounds());
        edges.append(o);
    }
    return QJsonObject{{QStringLiteral("format"), QStringLiteral("capgraph-drawing")},
                       {QStringLiteral("version"), 1},
                       {QStringLiteral("graph"), graph.id},
                       {QStringLiteral("bounds"), rectJson(bounds)},
                       {QStringLiteral("nodes"), nodes},
                       {QStringLiteral("edges"), edges}};
}

bool SceneExporter::exportJson(const GraphScene *scene, const QString &path, const QStringList &only, QString *error)
{
    QString why;
    if (!writeFileAtomically(path, QJsonDocument(drawing(scene, only)).toJson(QJsonDocument::Indented), &why)) {
        if (error)
            *error = why;
        return false;
    }
    return true;
}

} // namespace capgraph::editor
