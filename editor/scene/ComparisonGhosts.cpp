#include "scene/ComparisonGhosts.h"

#include "document/GraphDocument.h"
#include "layout/NodeGeometry.h"
#include "scene/GraphComparison.h"
#include "scene/GraphScene.h"
#include "ui/NodeLook.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace capgraph::editor {

namespace {

QRectF boxAt(NodeKind kind, const QPointF &centre)
{
    const QSizeF s = nodeBoxSize(kind);
    return QRectF(centre - QPointF(s.width() / 2, s.height() / 2), s);
}

} // namespace

ComparisonGhosts::ComparisonGhosts(GraphScene *scene) : m_scene(scene)
{
    setZValue(-1); // under the nodes and edges
    setAcceptedMouseButtons(Qt::NoButton);
    refresh();
}

QRectF ComparisonGhosts::boundingRect() const
{
    return m_bounds;
}

void ComparisonGhosts::refresh()
{
    prepareGeometryChange();
    m_bounds = QRectF();
    m_places.clear();
    const GraphComparison *c = m_scene->comparison();
    if (!c)
        return;
    // A removed node where the other version had it; where a node of the open graph (or another
    // removed one) stands there now, a little further down, so that neither hides the other.
    const Graph &current = m_scene->document()->graph();
    QList<QRectF> taken;
    for (const Node &n : current.nodes)
        if (n.position)
            taken << boxAt(n.kind, *n.position).adjusted(-12, -12, 12, 12);
    for (const Node &n : c->other.nodes) {
        if (c->nodeStatus(n.id) != DiffStatus::Removed || !n.position)
            continue;
        QPointF at = *n.position;
        for (int tries = 0; tries < 20; ++tries) {
            const QRectF box = boxAt(n.kind, at);
            if (std::none_of(taken.cbegin(), taken.cend(), [&](const QRectF &t) { return t.intersects(box); }))
                break;
            at.ry() += box.height() + 24;
        }
        m_places.insert(n.id, at);
        taken << boxAt(n.kind, at).adjusted(-12, -12, 12, 12);
        m_bounds |= boxAt(n.kind, at).adjusted(-8, -8, 8, 24);
    }
    for (const Node &n : current.nodes)
        if (n.position && !m_places.contains(n.id))
            m_places.insert(n.id, *n.position);
    const QList<FlowEdge> flows = c->other.flowEdges();
    for (const EdgeDiff &e : c->diff.edges)
        if (e.status == DiffStatus::Removed && e.oldIndex >= 0 && e.oldIndex < flows.size()) {
            const auto a = m_places.constFind(flows.at(e.oldIndex).from);
            const auto b = m_places.constFind(flows.at(e.oldIndex).to);
            if (a != m_places.cend() && b != m_places.cend())
                m_bounds |= QRectF(*a, *b).normalized().adjusted(-6, -6, 6, 6);
        }
}

QPointF ComparisonGhosts::placeOf(const QString &id) const
{
    return m_places.value(id);
}

void ComparisonGhosts::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const GraphComparison *c = m_scene->comparison();
    if (!c)
        return;
    painter->setRenderHint(QPainter::Antialiasing);
    const QColor grey = removedColor();
    const QList<FlowEdge> flows = c->other.flowEdges();
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(grey, 2, Qt::DashLine, Qt::RoundCap));
    for (const EdgeDiff &e : c->diff.edges) {
        if (e.status != DiffStatus::Removed || e.oldIndex < 0 || e.oldIndex >= flows.size())
            continue;
        const auto a = m_places.constFind(flows.at(e.oldIndex).from);
        const auto b = m_places.constFind(flows.at(e.oldIndex).to);
        if (a != m_places.cend() && b != m_places.cend())
            painter->drawLine(*a, *b);
    }
    QFont f = painter->font();
    // At least 10 pixels on screen, as the sketch of the open graph's nodes keeps their ids.
    const double lod = std::max(0.01, option->levelOfDetailFromTransform(painter->worldTransform()));
    f.setPixelSize(std::clamp(qRound(10 / lod), 13, 60));
    f.setBold(true);
    f.setStrikeOut(true);
    painter->setFont(f);
    for (const Node &n : c->other.nodes) {
        if (c->nodeStatus(n.id) != DiffStatus::Removed || !m_places.contains(n.id))
            continue;
        const QRectF box = boxAt(n.kind, m_places.value(n.id));
        painter->setPen(QPen(grey, 2, Qt::DashLine));
        QColor fill = NodeLook::fill(n.kind, m_scene->isDark());
        fill.setAlpha(70);
        painter->setBrush(fill);
        painter->drawPath(NodeLook::shape(n.kind, box));
        painter->setPen(QColor(0x495057)); // the id reads: dark grey, struck through
        painter->drawText(box.adjusted(4, 0, -4, 0), Qt::AlignCenter | Qt::TextWordWrap, n.caption());
    }
}

} // namespace capgraph::editor
