#include "scene/DragLayer.h"

#include "scene/EdgeItem.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace capgraph::editor {

bool DragLayer::begin(const QStringList &nodeIds)
{
    end();
    if (!m_enabled || nodeIds.isEmpty() || nodeIds.size() > MaxNodes)
        return false;
    m_nodes = nodeIds;
    setLifted(true);
    return true;
}

void DragLayer::end()
{
    if (m_nodes.isEmpty())
        return;
    setLifted(false);
    m_nodes.clear();
}


void DragLayer::setLifted(bool lifted) const
{
    // Opacity 0 repaints where the item was (the scene reports it, and the view's picture is
    // drawn there without it); opacity 1 where it is at the end.
    for (QGraphicsItem *item : items()) {
        if (auto *edge = qgraphicsitem_cast<EdgeItem *>(item))
            edge->setLifted(lifted); // repaints along the curve only
        else
            item->setOpacity(lifted ? 0.0 : 1.0); // a node: its box
    }
}

namespace {
// Where an item is drawn now: a lifted edge is not where the scene last placed it, and
// covers far less than its bounding rectangle.
QList<QRectF> drawnAreas(const QGraphicsItem *item)
{
    if (const auto *edge = qgraphicsitem_cast<const EdgeItem *>(item))
        return edge->drawnAreas();
    return {item->sceneBoundingRect()};
}
} // namespace

QList<QGraphicsItem *> DragLayer::items() const
{
    QList<QGraphicsItem *> edges, nodes;
    for (const QString &id : m_nodes) {
        NodeItem *node = m_scene->nodeItem(id);
        if (!node)
            continue;
        nodes.append(node);
        for (EdgeItem *e : m_scene->edgesOf(node))
            if (!edges.contains(e))
                edges.append(e);
    }
    return edges + nodes;
}

DragLayer::Areas DragLayer::areas() const
{
    Areas out;
    for (const QGraphicsItem *item : items())
        out.insert(item, drawnAreas(item));
    return out;
}

QList<QRectF> DragLayer::changedSince(const Areas &before) const
{
    QList<QRectF> changed;
    const Areas now = areas();
    for (auto it = now.cbegin(); it != now.cend(); ++it) {
        const auto was = before.constFind(it.key());
        if (was != before.cend() && was.value() == it.value())
            continue;
        if (was != before.cend())
            changed += was.value();
        changed += it.value();
    }
    return changed;
}

void DragLayer::paint(QPainter *painter, const QTransform &viewportTransform, const QRegion &exposed, QWidget *widget) const
{
    const QRectF exposedScene = viewportTransform.inverted().mapRect(QRectF(exposed.boundingRect()));
    for (QGraphicsItem *item : items()) {
        QRectF drawn;
        bool meets = false;
        for (const QRectF &area : drawnAreas(item)) {
            drawn |= area;
            meets = meets || exposed.intersects(viewportTransform.mapRect(area).toAlignedRect());
        }
        if (!meets)
            continue;
        QStyleOptionGraphicsItem option;
        option.state = QStyle::State_Enabled;
        if (item->isSelected())
            option.state |= QStyle::State_Selected;
        const QRectF local = item->mapFromScene(drawn).boundingRect();
        option.exposedRect = item->mapFromScene(exposedScene).boundingRect().intersected(local);
        option.rect = local.toAlignedRect();
        painter->save();
        painter->setTransform(item->sceneTransform() * viewportTransform);
        if (auto *edge = qgraphicsitem_cast<EdgeItem *>(item))
            edge->paintDrawn(painter, &option);
        else
            item->paint(painter, &option, widget);
        painter->restore();
    }
}

} // namespace capgraph::editor
