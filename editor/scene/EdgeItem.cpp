#include "scene/EdgeItem.h"

#include "scene/RunStateView.h"
#include "layout/NodeGeometry.h"

#include "document/GraphDocument.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"

#include <QFontMetricsF>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>
#include <QVarLengthArray>
#include <QtMath>

#include <cmath>

namespace capgraph::editor {

namespace {

// One cubic Bézier of an edge's path.
struct Cubic
{
    QPointF p0, p1, p2, p3;
    QPointF at(double t) const
    {
        const double u = 1 - t;
        return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
    }
    QPointF tangent(double t) const
    {
        const double u = 1 - t;
        return 3 * u * u * (p1 - p0) + 6 * u * t * (p2 - p1) + 3 * t * t * (p3 - p2);
    }
    double length() const
    {
        constexpr int Chords = 32;
        double sum = 0;
        QPointF previous = p0;
        for (int k = 1; k <= Chords; ++k) {
            const QPointF next = at(double(k) / Chords);
            sum += QLineF(previous, next).length();
            previous = next;
        }
        return sum;
    }
    // The part of the curve from t0 to t1 (de Casteljau), the same points exactly.
    Cubic part(double t0, double t1) const
    {
        auto lerp = [](QPointF a, QPointF b, double t) { return a + (b - a) * t; };
        auto split = [&](const Cubic &c, double t, bool left) {
            const QPointF a = lerp(c.p0, c.p1, t), b = lerp(c.p1, c.p2, t), d = lerp(c.p2, c.p3, t);
            const QPointF ab = lerp(a, b, t), bd = lerp(b, d, t), m = lerp(ab, bd, t);
            return left ? Cubic{c.p0, a, ab, m} : Cubic{m, bd, d, c.p3};
        };
        const Cubic head = t1 < 1 ? split(*this, t1, true) : *this;
        return t0 > 0 && t1 > 0 ? split(head, t0 / t1, false) : head;
    }
};

QVarLengthArray<Cubic, 2> cubicsOf(const QPainterPath &path)
{
    QVarLengthArray<Cubic, 2> cubics;
    for (int i = 1; i + 2 < path.elementCount(); ++i)
        if (path.elementAt(i).type == QPainterPath::CurveToElement) {
            cubics.append({path.elementAt(i - 1), path.elementAt(i), path.elementAt(i + 1), path.elementAt(i + 2)});
            i += 2;
        }
    return cubics;
}

// Strokes only the parts of `path` that can show in `area` (item coordinates). Stroking a
// long curve costs in proportion to its whole length, visible or not: at 100 % a big graph's
// view is crossed by hundreds of edges thousands of pixels long, of which it shows a few
// hundred pixels. Parts are cut at 1/32 steps of each cubic (exact sub-curves), and a dashed
// pen's pattern is shifted by the length before the part, so the dashes fall (to within a
// pixel) where stroking the whole curve puts them, and stay put as the view scrolls.
// Where a painter may draw: the part it was asked to paint (QStyleOptionGraphicsItem's
// exposedRect, in item coordinates) and, tighter, the region being repainted (the paint
// engine's system clip, in device coordinates). The exposed rect is the bounding box of all
// that is repainted: for thin areas along a moved curve most of the view, while the region
// holds only them.
struct DrawArea
{
    QRectF rect; // item coordinates
    QRegion clip; // device coordinates; empty: anywhere in `rect`
    QTransform toDevice;

    bool meets(const QRectF &box) const
    {
        if (!box.intersects(rect))
            return false;
        return clip.isEmpty() || clip.intersects(toDevice.mapRect(box).toAlignedRect());
    }
};

void strokeVisibleParts(QPainter *painter, const QPainterPath &path, QPen pen, const DrawArea &area)
{
    constexpr int Steps = 32;
    const bool dashed = pen.style() != Qt::SolidLine;
    double lengthBefore = 0; // of the path up to the current step
    for (const Cubic &c : cubicsOf(path)) {
        QPointF previous = c.p0;
        int from = -1; // first step of the part being collected
        double lengthAtFrom = 0;
        for (int k = 0; k <= Steps; ++k) {
            bool shows = false;
            QPointF next;
            if (k < Steps) {
                next = c.at(double(k + 1) / Steps);
                shows = area.meets(QRectF(previous, next).normalized().adjusted(-1, -1, 1, 1));
            }
            if (shows && from < 0) {
                from = k;
                lengthAtFrom = lengthBefore;
            }
            if (!shows && from >= 0) {
                const Cubic part = c.part(double(from) / Steps, double(k) / Steps);
                QPainterPath piece(part.p0);
                piece.cubicTo(part.p1, part.p2, part.p3);
                if (dashed)
                    pen.setDashOffset(lengthAtFrom / pen.widthF());
                painter->setPen(pen);
                painter->drawPath(piece);
                from = -1;
            }
            if (k < Steps) {
                if (dashed) { // where the dashes fall: the length along the curve, closely
                    constexpr int Fine = 16;
                    QPointF a = previous;
                    for (int f = 1; f <= Fine; ++f) {
                        const QPointF b = c.at((k + double(f) / Fine) / Steps);
                        lengthBefore += QLineF(a, b).length();
                        a = b;
                    }
                }
                previous = next;
            }
        }
    }
}

} // namespace

EdgeItem::EdgeItem(GraphScene *scene, const FlowEdge &flow, int flowIndex, NodeItem *source, NodeItem *target)
    : m_scene(scene)
    , m_flow(flow)
    , m_flowIndex(flowIndex)
    , m_source(source)
    , m_target(target)
{
    // option->exposedRect: paint only the parts of a long curve the view shows.
    setFlags(ItemIsSelectable | ItemUsesExtendedStyleOption);
    setZValue(0);
    refreshLabel();
}

QString EdgeItem::label() const
{
    const GraphDocument *document = m_scene->document();
    return document->graph().flowLabel(m_flow, document->node(m_flow.from), true); // (the document's index, not a search)
}

QFont EdgeItem::labelFont()
{
    QFont f;
    f.setPixelSize(int(EdgeLabelPixelSize));
    return f;
}

bool EdgeItem::refreshLabel()
{
    // The engine's measure, the one the layout leaves room for (the text is fitted into it).
    const QSizeF size = edgeLabelSize(label());
    const bool changed = size != m_labelSize || m_routeKey.isEmpty();
    m_labelSize = size;
    m_routeKey = QStringLiteral("%1\x1f%2\x1f%3x%4").arg(m_flow.from, m_flow.to).arg(size.width()).arg(size.height());
    return changed;
}

void EdgeItem::setRoute(const layout::EdgeRoute &route)
{
    if (!m_lifted)
        prepareGeometryChange();
    m_route = route;
    QPainterPath p(route.start);
    for (const layout::CubicPiece &c : route.pieces)
        p.cubicTo(c.c1, c.c2, c.to);
    m_path = p;
    // The arrowhead follows the last piece's direction at its end.
    m_arrowDirection = QPointF(1, 0);
    if (!route.pieces.isEmpty()) {
        const layout::CubicPiece &last = route.pieces.constLast();
        const QPointF before = route.pieces.size() > 1 ? route.pieces.at(route.pieces.size() - 2).to : route.start;
        for (const QPointF &from : {last.c2, last.c1, before}) {
            const QPointF d = last.to - from;
            const double norm = std::hypot(d.x(), d.y());
            if (norm > 1e-6) {
                m_arrowDirection = d / norm;
                break;
            }
        }
    }
    if (m_lifted)
        return; // painted by the drag layer; placed when put back
    m_placed = drawnRect();
    update();
}

void EdgeItem::setLifted(bool lifted)
{
    if (lifted == m_lifted)
        return;
    // Where it is drawn changes hands between the scene and the drag layer: the views draw
    // again only along the curve, not its whole bounding rectangle.
    const auto repaintAlong = [this] {
        if (QGraphicsScene *s = scene())
            for (const QRectF &r : drawnAreas())
                s->update(r);
    };
    m_lifted = lifted;
    if (lifted) {
        repaintAlong();
        return;
    }
    if (drawnRect() != m_placed) { // routed again while lifted: placed where it is now
        prepareGeometryChange();
        m_placed = drawnRect();
    }
    repaintAlong();
}

QList<QRectF> EdgeItem::drawnAreas() const
{
    // Each eighth of each cubic lies within the box of its own four control points (a
    // Bezier curve stays in their convex hull); widened by the widest pen, the end handles
    // and the arrowhead.
    constexpr int Steps = 8;
    constexpr double Margin = 14;
    QList<QRectF> areas;
    for (const Cubic &c : cubicsOf(m_path))
        for (int k = 0; k < Steps; ++k) {
            const Cubic part = c.part(double(k) / Steps, double(k + 1) / Steps);
            const QPolygonF hull{part.p0, part.p1, part.p2, part.p3};
            areas.append(hull.boundingRect().adjusted(-Margin, -Margin, Margin, Margin));
        }
    if (areas.isEmpty()) // a path of lines only
        areas.append(drawnRect());
    if (!m_route.label.isEmpty())
        areas.append(m_route.label.adjusted(-2, -2, 2, 2));
    return areas;
}

const QList<EdgeItem::DashChunk> &EdgeItem::dashChunks(const QPen &pen) const
{
    if (!m_dashChunks.isEmpty() && m_dashPen == pen && m_dashPath == m_path)
        return m_dashChunks;
    m_dashPen = pen;
    m_dashPath = m_path;
    m_dashChunks.clear();
    QPainterPathStroker stroker(pen);
    const QList<QPolygonF> dashes = stroker.createStroke(m_path).toSubpathPolygons();
    // In the curve's order: a few neighbouring dashes a chunk, each chunk with its box.
    constexpr int PerChunk = 6;
    for (qsizetype i = 0; i < dashes.size(); i += PerChunk) {
        DashChunk chunk;
        chunk.outline.setFillRule(Qt::WindingFill);
        for (qsizetype k = i; k < std::min(dashes.size(), i + PerChunk); ++k)
            chunk.outline.addPolygon(dashes.at(k));
        chunk.bounds = chunk.outline.boundingRect();
        m_dashChunks.append(chunk);
    }
    return m_dashChunks;
}

QRectF EdgeItem::drawnRect() const
{
    QRectF r = m_path.boundingRect().adjusted(-12, -12, 12, 12);
    if (!m_route.label.isEmpty())
        r = r.united(m_route.label.adjusted(-2, -2, 2, 2));
    return r;
}

QRectF EdgeItem::boundingRect() const
{
    return m_placed;
}

QPainterPath EdgeItem::shape() const
{
    QPainterPathStroker stroker;
    stroker.setWidth(10);
    QPainterPath p = stroker.createStroke(m_path);
    if (!m_route.label.isEmpty())
        p.addRect(m_route.label); // the label is a handle too
    return p;
}

EdgeItem::Style EdgeItem::style() const
{
    Style s;
    s.color = m_scene->isDark() ? QColor(0xb8c2cc) : QColor(0x51606f);
    const Graph &g = m_scene->document()->graph();
    const bool explicitEdge = m_flow.origin == FlowEdge::Origin::Edge && m_flow.edgeIndex >= 0 && m_flow.edgeIndex < g.edges.size();
    switch (m_flow.kind) {
    case EdgeKind::Conditional:
        s.color = QColor(0xb06d00);
        s.dashes = Qt::DashLine;
        break;
    case EdgeKind::Iteration:
        s.color = QColor(0x7b4fc9);
        s.dashes = Qt::DashDotLine;
        s.width = 1.8;
        break;
    case EdgeKind::Parallel:
        s.color = QColor(0x1e8e3e);
        s.width = 2.4;
        if (explicitEdge && g.edges.at(m_flow.edgeIndex).isBackground())
            s.dashes = Qt::DotLine;
        break;
    default:
        break;
    }
    if (m_flow.origin != FlowEdge::Origin::Edge) { // a branch condition's target
        s.color = QColor(0xb06d00);
        s.dashes = Qt::DashLine;
    }
    if (explicitEdge && m_scene->findingsForEdge(m_flow.edgeIndex) > 0)
        s.color = QColor(0xd93025);
    if (isSelected()) {
        s.color = QColor(0x2f7de1);
        s.width += 1.2;
    }
    if (const RunStateView *run = m_scene->runState(); run && run->snapshot().edgeCount(m_flow.from, m_flow.to) > 0) {
        // Taken by the run: green, the last one taken wider.
        s.color = QColor(0x12a150);
        s.width += run->snapshot().lastEdge() == qMakePair(m_flow.from, m_flow.to) ? 2.2 : 0.8;
        s.dashes = Qt::SolidLine;
    }
    if (const std::optional<DiffStatus> diff = m_scene->comparisonStatus(m_flowIndex)) { // compared with another version
        s.color = *diff == DiffStatus::Added ? GraphScene::addedColor() : GraphScene::changedColor();
        s.width += 1.5;
        s.dashes = Qt::SolidLine;
    }
    if (m_scene->hasPathHighlight()) { // the optimal-path preview: the path stands out
        if (m_scene->isOnPath(m_flowIndex)) {
            s.color = QColor(0x12a150);
            s.width += 2;
        } else {
            s.faded = true;
        }
    }
    return s;
}

void EdgeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    if (m_lifted)
        return; // the drag layer draws it
    paintDrawn(painter, option);
}

void EdgeItem::paintDrawn(QPainter *painter, const QStyleOptionGraphicsItem *option)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const Style s = style();
    const QColor color = s.color;
    if (s.faded)
        painter->setOpacity(0.3);
    const QPen pen(color, s.width, s.dashes, Qt::RoundCap);
    painter->setBrush(Qt::NoBrush);
    // The curve strays at most a few pixels from the chords strokeVisibleParts tests: the
    // margin covers that and the pen.
    DrawArea area;
    area.rect = option->exposedRect.adjusted(-16, -16, 16, 16);
    if (const QPaintEngine *engine = painter->paintEngine(); engine && engine->systemClip().rectCount() > 1) {
        area.clip = engine->systemClip();
        area.toDevice = painter->deviceTransform();
    }
    if (pen.style() != Qt::SolidLine) {
        // Dashes: the outline of every dash, made once for the curve and pen, filled where it
        // shows. Stroking a dashed curve is five times stroking a solid one, and a part of it
        // stroked on its own puts its dashes only roughly where the whole curve has them.
        painter->setPen(Qt::NoPen);
        painter->setBrush(pen.color());
        for (const DashChunk &chunk : dashChunks(pen))
            if (area.meets(chunk.bounds))
                painter->drawPath(chunk.outline);
        painter->setBrush(Qt::NoBrush);
    } else if (area.rect.contains(m_path.boundingRect()) && area.clip.isEmpty()) {
        painter->setPen(pen);
        painter->drawPath(m_path);
    } else {
        strokeVisibleParts(painter, m_path, pen, area);
    }
    // Arrowhead along the curve's last direction (skipped where the view does not show it, or
    // when it would be smaller than a pixel and a half).
    if (lod * 10 >= 1.5 && area.meets(QRectF(targetPoint(), QSizeF()).adjusted(-12, -12, 12, 12))) {
        const QPointF tip = targetPoint();
        const QPointF dir = m_arrowDirection;
        const QPointF normal(-dir.y(), dir.x());
        QPolygonF head{tip, tip - dir * 10 + normal * 4.5, tip - dir * 10 - normal * 4.5};
        painter->setPen(Qt::NoPen);
        painter->setBrush(color);
        painter->drawPolygon(head);
    }
    if (isSelected()) { // reconnect handles (a condition keeps its branch: its target end only)
        painter->setPen(QPen(color, 1.5));
        painter->setBrush(Qt::white);
        if (m_flow.origin == FlowEdge::Origin::Edge)
            painter->drawEllipse(sourcePoint(), 5, 5);
        painter->drawEllipse(targetPoint(), 5, 5);
    }
    // The label in its box, while its text is at least 4 pixels high on screen (and the view
    // shows it: laying out text costs even when it is clipped away).
    const QRectF labelBox = m_route.label;
    if (labelBox.isEmpty() || lod * labelFont().pixelSize() < 4 || !area.meets(labelBox.adjusted(-2, -2, 2, 2)))
        return;
    const QString text = label();
    if (text.isEmpty())
        return;
    const QFont f = labelFont();
    painter->setFont(f);
    const QString shown = QFontMetricsF(f).elidedText(text, Qt::ElideMiddle, labelBox.width() - 8);
    painter->setPen(QPen(color, 0.8));
    painter->setBrush(m_scene->isDark() ? QColor(0x2a2f36) : QColor(0xffffff));
    painter->drawRoundedRect(labelBox, 4, 4);
    painter->setPen(m_scene->isDark() ? QColor(0xe8e8e8) : QColor(0x1d2733));
    painter->drawText(labelBox, Qt::AlignCenter, shown);
}

} // namespace capgraph::editor
