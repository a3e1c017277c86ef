#include "scene/EdgeItem.h"

#include "document/GraphDocument.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>
#include <QtMath>

namespace capgraph::editor {

EdgeItem::EdgeItem(GraphScene *scene, const FlowEdge &flow, int flowIndex, NodeItem *source, NodeItem *target)
    : m_scene(scene)
    , m_flow(flow)
    , m_flowIndex(flowIndex)
    , m_source(source)
    , m_target(target)
{
    setFlags(ItemIsSelectable);
    setZValue(0);
    adjust();
}

QString EdgeItem::label() const
{
    const Graph &g = m_scene->document()->graph();
    if (m_flow.origin == FlowEdge::Origin::Condition) {
        const Node *branch = g.node(m_flow.from);
        if (branch && m_flow.conditionIndex >= 0 && m_flow.conditionIndex < branch->conditions.size()) {
            const BranchCondition &c = branch->conditions.at(m_flow.conditionIndex);
            return c.name.isEmpty() ? c.expression : c.name;
        }
        return {};
    }
    if (m_flow.origin == FlowEdge::Origin::Default)
        return QStringLiteral("default");
    if (m_flow.edgeIndex < 0 || m_flow.edgeIndex >= g.edges.size())
        return {};
    const Edge &e = g.edges.at(m_flow.edgeIndex);
    switch (e.kind) {
    case EdgeKind::Conditional: return e.condition;
    case EdgeKind::Iteration:
        return e.maxCount ? QStringLiteral("↺ ≤ %1").arg(*e.maxCount) : QStringLiteral("↺");
    case EdgeKind::Parallel: return e.syncRequired.value_or(true) ? QStringLiteral("∥ sync") : QStringLiteral("∥ async");
    default: break;
    }
    return e.weight ? QStringLiteral("w %1").arg(*e.weight) : QString();
}

void EdgeItem::adjust()
{
    prepareGeometryChange();
    const QRectF sb = m_source->box().translated(m_source->pos());
    const QRectF tb = m_target->box().translated(m_target->pos());
    const QPointF a(sb.right(), sb.center().y());
    const QPointF b(tb.left(), tb.center().y());
    QPainterPath p(a);
    if (b.x() > a.x() + 8) {
        const double dx = std::max(30.0, (b.x() - a.x()) / 2);
        p.cubicTo(a + QPointF(dx, 0), b - QPointF(dx, 0), b);
    } else {
        // A back edge (a loop): around underneath both boxes.
        const double below = std::max(sb.bottom(), tb.bottom()) + 46;
        p.cubicTo(a + QPointF(70, 0), QPointF(a.x() + 70, below), QPointF((a.x() + b.x()) / 2, below));
        p.cubicTo(QPointF(b.x() - 70, below), b - QPointF(70, 0), b);
    }
    m_path = p;
    m_labelAt = p.pointAtPercent(0.5);
    update();
}

QRectF EdgeItem::boundingRect() const
{
    return m_path.boundingRect().adjusted(-12, -12, 12, 12).united(QRectF(m_labelAt - QPointF(90, 14), QSizeF(180, 28)));
}

QPainterPath EdgeItem::shape() const
{
    QPainterPathStroker stroker;
    stroker.setWidth(10);
    return stroker.createStroke(m_path);
}

void EdgeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const bool dark = m_scene->isDark();
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    QColor color = dark ? QColor(0xb8c2cc) : QColor(0x51606f);
    Qt::PenStyle style = Qt::SolidLine;
    double width = 1.4;
    const Graph &g = m_scene->document()->graph();
    const bool explicitEdge = m_flow.origin == FlowEdge::Origin::Edge && m_flow.edgeIndex >= 0 && m_flow.edgeIndex < g.edges.size();
    switch (m_flow.kind) {
    case EdgeKind::Conditional:
        color = QColor(0xb06d00);
        style = Qt::DashLine;
        break;
    case EdgeKind::Iteration:
        color = QColor(0x7b4fc9);
        style = Qt::DashDotLine;
        width = 1.8;
        break;
    case EdgeKind::Parallel:
        color = QColor(0x1e8e3e);
        width = 2.4;
        if (explicitEdge && g.edges.at(m_flow.edgeIndex).isBackground())
            style = Qt::DotLine;
        break;
    default:
        break;
    }
    if (m_flow.origin != FlowEdge::Origin::Edge) { // a branch condition's target
        color = QColor(0xb06d00);
        style = Qt::DashLine;
    }
    const int findings = explicitEdge ? m_scene->findingsForEdge(m_flow.edgeIndex) : 0;
    if (findings > 0)
        color = QColor(0xd93025);
    if (isSelected()) {
        color = QColor(0x2f7de1);
        width += 1.2;
    }
    if (m_scene->hasPathHighlight()) { // the optimal-path preview: the path stands out
        if (m_scene->isOnPath(m_flowIndex)) {
            color = QColor(0x12a150);
            width += 2;
        } else {
            painter->setOpacity(0.3);
        }
    }
    painter->setPen(QPen(color, width, style, Qt::RoundCap));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(m_path);
    // Arrowhead along the curve's last direction.
    const QPointF tip = m_path.pointAtPercent(1);
    const double angle = qDegreesToRadians(m_path.angleAtPercent(0.98));
    const QPointF dir(std::cos(angle), -std::sin(angle));
    const QPointF normal(-dir.y(), dir.x());
    QPolygonF head{tip, tip - dir * 10 + normal * 4.5, tip - dir * 10 - normal * 4.5};
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    painter->drawPolygon(head);
    if (isSelected() && m_flow.origin == FlowEdge::Origin::Edge) { // reconnect handles
        painter->setPen(QPen(color, 1.5));
        painter->setBrush(Qt::white);
        painter->drawEllipse(sourcePoint(), 5, 5);
        painter->drawEllipse(targetPoint(), 5, 5);
    }
    if (lod < 0.3)
        return;
    const QString text = label();
    if (text.isEmpty())
        return;
    QFont f = painter->font();
    f.setPointSizeF(8.5);
    painter->setFont(f);
    const QFontMetricsF fm(f);
    const QString shown = fm.elidedText(text, Qt::ElideMiddle, 170);
    QRectF r(QPointF(0, 0), QSizeF(fm.horizontalAdvance(shown) + 10, fm.height() + 4));
    r.moveCenter(m_labelAt);
    painter->setPen(QPen(color, 0.8));
    painter->setBrush(dark ? QColor(0x2a2f36) : QColor(0xffffff));
    painter->drawRoundedRect(r, 4, 4);
    painter->setPen(dark ? QColor(0xe8e8e8) : QColor(0x1d2733));
    painter->drawText(r, Qt::AlignCenter, shown);
}

} // namespace capgraph::editor
