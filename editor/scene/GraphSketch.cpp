#include "scene/GraphSketch.h"

#include "document/GraphDocument.h"
#include "scene/EdgeItem.h"
#include "scene/FrameItem.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "scene/NoteItem.h"
#include "scene/RunDecoration.h"
#include "scene/RunStateView.h"
#include "ui/NodeLook.h"

#include <QGraphicsLineItem>
#include <QGraphicsView>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <map>
#include <tuple>

namespace capgraph::editor {

namespace {

// An item that is few and draws itself, as the view would have drawn it.
void paintItem(QPainter *painter, QGraphicsItem *item, const QRectF &exposed, QWidget *widget)
{
    if (!item || !item->isVisible() || !exposed.intersects(item->sceneBoundingRect()))
        return;
    QStyleOptionGraphicsItem option;
    option.state = item->isSelected() ? QStyle::State_Selected : QStyle::State_None;
    option.exposedRect = item->boundingRect();
    painter->save();
    painter->setTransform(item->sceneTransform(), true);
    item->paint(painter, &option, widget);
    painter->restore();
}

QColor withAlpha(QColor c, double alpha)
{
    c.setAlphaF(float(std::clamp(alpha, 0.0, 1.0)));
    return c;
}

} // namespace

void GraphSketch::paint(QPainter *painter, const GraphScene *scene, const QRectF &exposed, double zoom, QWidget *widget, RunMarks marks)
{
    const bool dark = scene->isDark();
    const bool preview = scene->hasPathHighlight();
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);

    for (FrameItem *f : scene->frameItems()) // behind everything, as on the canvas
        paintItem(painter, f, exposed, widget);

    // Edges: one path per (colour, faded). A pen `width` units wide is width × zoom pixels,
    // under one here: a one-pixel line whose alpha is that fraction looks the same.
    std::map<std::tuple<QRgb, double, bool>, QPainterPath> edgePaths;
    for (const EdgeItem *e : scene->edgeItems()) {
        if (!exposed.intersects(e->boundingRect()))
            continue;
        const EdgeItem::Style s = e->style();
        edgePaths[{s.color.rgb(), s.width, s.faded}].addPath(e->path());
    }
    painter->setBrush(Qt::NoBrush);
    for (const auto &[key, path] : edgePaths) {
        const auto &[rgb, width, faded] = key;
        painter->setOpacity(faded ? 0.3 : 1.0);
        QPen pen(withAlpha(QColor::fromRgb(rgb), std::max(0.35, width * zoom)), 0); // cosmetic
        painter->setPen(pen);
        painter->drawPath(path);
    }

    // Nodes: filled shapes grouped by (fill, outline, faded); rectangles when a node is under
    // eight pixels wide, where a diamond and a box look alike anyway.
    const QColor accent(0x2f7de1);
    const QColor ink = dark ? QColor(0xe8e8e8) : QColor(0x1d2733);
    struct Batch {
        QPainterPath shapes;
        QList<QRectF> rects;
    };
    std::map<std::tuple<QRgb, QRgb, bool>, Batch> nodeBatches;
    for (auto it = scene->nodeItems().cbegin(); it != scene->nodeItems().cend(); ++it) {
        const NodeItem *item = it.value();
        const QRectF box = item->box().translated(item->pos());
        if (!exposed.intersects(box))
            continue;
        const NodeKind kind = item->kind();
        QColor fill = NodeLook::fill(kind, dark);
        QColor outline = isInteraction(kind) ? QColor(0xe07a1f) : ink.lighter(dark ? 80 : 160);
        const auto [worst, count] = item->findings();
        if (count > 0)
            outline = worst == Severity::Error ? QColor(0xd93025) : QColor(0xe8a317);
        bool faded = false;
        if (preview) {
            if (scene->isOnPath(it.key()))
                outline = QColor(0x12a150);
            else
                faded = true;
        }
        if (item->isSelected()) {
            fill = accent.lighter(dark ? 70 : 160);
            outline = accent;
        }
        Batch &batch = nodeBatches[{fill.rgb(), outline.rgb(), faded}];
        if (box.width() * zoom < 8)
            batch.rects.append(box);
        else
            batch.shapes.addPath(NodeLook::shape(kind, box));
    }
    for (const auto &[key, batch] : nodeBatches) {
        const auto &[fill, outline, faded] = key;
        painter->setOpacity(faded ? 0.3 : 1.0);
        // The items' 1.2-unit outline is under a pixel here (2.5 when selected: kept solid).
        const bool selected = QColor::fromRgb(outline) == accent;
        painter->setPen(QPen(withAlpha(QColor::fromRgb(outline), selected ? 1.0 : std::max(0.35, 1.2 * zoom)), 0));
        painter->setBrush(QColor::fromRgb(fill));
        if (!batch.rects.isEmpty()) {
            painter->setRenderHint(QPainter::Antialiasing, false);
            painter->drawRects(batch.rects.constData(), int(batch.rects.size()));
        }
        if (!batch.shapes.isEmpty()) { // big enough for their shapes to show: smooth edges
            painter->setRenderHint(QPainter::Antialiasing, true);
            painter->drawPath(batch.shapes);
        }
    }
    painter->setOpacity(1.0);

    // A run's states: in the minimap, the state's colour on the node's box; on the canvas, as
    // large on screen as the items draw them up close: an outline in the state's colour and a
    // dot, and the arrow where the run is paused.
    if (const RunStateView *run = scene->runState(); run && marks == RunMarks::InBoxes) {
        const RunSnapshot &snapshot = run->snapshot();
        painter->setRenderHint(QPainter::Antialiasing, false);
        QStringList shown = snapshot.nodes().keys();
        if (!snapshot.pausedAt().isEmpty())
            shown.append(snapshot.pausedAt()); // last: its yellow over its state
        for (const QString &id : std::as_const(shown)) {
            const NodeItem *item = scene->nodeItem(id);
            if (!item)
                continue;
            const QRectF box = item->box().translated(item->pos());
            if (!exposed.intersects(box))
                continue;
            const QColor colour = snapshot.pausedAt() == id ? QColor(0xffd43b) : RunDecoration::stateColor(snapshot.node(id).state);
            if (colour.isValid())
                painter->fillRect(box, colour);
        }
    } else if (run) {
        const RunSnapshot &snapshot = run->snapshot();
        painter->setRenderHint(QPainter::Antialiasing, true);
        const double px = 1.0 / std::max(zoom, 0.001);
        QStringList shown = snapshot.nodes().keys(); // the nodes the run reached
        if (!snapshot.pausedAt().isEmpty())
            shown.append(snapshot.pausedAt());
        for (const QString &id : std::as_const(shown)) {
            const NodeItem *item = scene->nodeItem(id);
            if (!item)
                continue;
            const NodeRunInfo state = snapshot.node(id);
            const bool pausedHere = snapshot.pausedAt() == id;
            const QRectF box = item->box().translated(item->pos());
            if (!exposed.intersects(box.adjusted(-30 * px, -30 * px, 30 * px, 30 * px)))
                continue;
            const QColor colour = RunDecoration::stateColor(state.state);
            if (colour.isValid()) {
                painter->setPen(QPen(colour, 3, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin)); // 3 pixels (cosmetic below)
                QPen pen = painter->pen();
                pen.setCosmetic(true);
                painter->setPen(pen);
                painter->setBrush(Qt::NoBrush);
                painter->drawRect(box.adjusted(-2 * px, -2 * px, 2 * px, 2 * px));
                painter->setPen(Qt::NoPen);
                painter->setBrush(colour);
                painter->drawEllipse(box.bottomRight(), 5 * px, 5 * px);
            }
            if (pausedHere) {
                const QPointF tip(box.left() - 3 * px, box.center().y());
                const QPolygonF arrow{tip, tip + QPointF(-12 * px, -8 * px), tip + QPointF(-12 * px, 8 * px)};
                painter->setPen(QPen(QColor(0x8a6d00), 0));
                painter->setBrush(QColor(0xffd43b));
                painter->drawPolygon(arrow);
            }
        }
    }
    // The find bar's matches: a ring around each node, pixels wide on the screen (in the
    // minimap too, where it is what shows them among a few-pixel nodes).
    if (scene->hasFindMatches()) {
        const double px = 1.0 / std::max(zoom, 0.001);
        painter->setRenderHint(QPainter::Antialiasing, true);
        painter->setBrush(Qt::NoBrush);
        for (const QString &id : scene->findNodes()) {
            const NodeItem *item = scene->nodeItem(id);
            if (!item)
                continue;
            const double width = scene->isFindCurrent(id) ? 3 : 2;
            const double gap = (1.5 + width / 2) * px;
            const QRectF ring = item->box().translated(item->pos()).adjusted(-gap, -gap, gap, gap);
            if (!exposed.intersects(ring.adjusted(-width * px, -width * px, width * px, width * px)))
                continue;
            QPen pen(QColor::fromRgb(GraphScene::FindColor), width);
            pen.setCosmetic(true);
            painter->setPen(pen);
            painter->drawRect(ring);
        }
    }
    painter->restore();

    for (NoteItem *n : scene->noteItems()) // above the nodes, as on the canvas
        paintItem(painter, n, exposed, widget);
    paintItem(painter, scene->connectLine(), exposed, widget);
}

void GraphSketch::paintView(QPainter *painter, const QGraphicsView *view, const QRegion &region, RunMarks marks)
{
    auto *scene = qobject_cast<GraphScene *>(view->scene());
    if (!scene)
        return;
    painter->setClipRegion(region);
    painter->setRenderHints(view->renderHints());
    const QRectF exposed = view->mapToScene(region.boundingRect().adjusted(-2, -2, 2, 2)).boundingRect();
    painter->setTransform(view->viewportTransform());
    scene->drawBackground(painter, exposed);
    paint(painter, scene, exposed, view->transform().m11(), view->viewport(), marks);
    scene->drawForeground(painter, exposed);
}

} // namespace capgraph::editor
