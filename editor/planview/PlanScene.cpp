#include "planview/PlanScene.h"

#include "planview/PlanCard.h"
#include "planview/PlanEdgeItem.h"
#include "planview/PlanLaneItem.h"
#include "planview/PlanTaskItem.h"

#include <QGraphicsSceneMouseEvent>
#include <QLineF>
#include <QPainter>
#include <QMap>
#include <QRegularExpression>

#include <algorithm>
#include <numeric>
#include <utility>

namespace capgraph::editor {

namespace {
// How far a curve passes from a card it goes around (the layout leaves 28 between the cards
// of a layer, 40 between lanes).
constexpr double CardClearance = 12;

// Whether the segment p-q meets the rectangle (touching its edge counts).
bool segmentMeets(const QPointF &p, const QPointF &q, const QRectF &r)
{
    if (r.contains(p) || r.contains(q))
        return true;
    if (std::max(p.x(), q.x()) < r.left() || std::min(p.x(), q.x()) > r.right() || std::max(p.y(), q.y()) < r.top()
        || std::min(p.y(), q.y()) > r.bottom())
        return false;
    const QLineF segment(p, q);
    for (const QLineF &side : {QLineF(r.topLeft(), r.topRight()), QLineF(r.topRight(), r.bottomRight()),
                               QLineF(r.bottomRight(), r.bottomLeft()), QLineF(r.bottomLeft(), r.topLeft())})
        if (segment.intersects(side, nullptr) == QLineF::BoundedIntersection)
            return true;
    return false;
}

// From p to q with horizontal tangents at both ends, within p's and q's x (in a gap between
// layers: no card there).
void turnTo(QPainterPath *path, const QPointF &p, const QPointF &q)
{
    if (qFuzzyCompare(p.y(), q.y())) {
        path->lineTo(q);
        return;
    }
    const double mid = (p.x() + q.x()) / 2;
    path->cubicTo(QPointF(mid, p.y()), QPointF(mid, q.y()), q);
}
} // namespace

PlanScene::PlanScene(QObject *parent)
    : QGraphicsScene(parent)
    , m_topology(std::make_unique<PlanTopology>(m_plan))
{
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
}

PlanScene::~PlanScene()
{
    // Items ask the scene how to draw: none may outlive the plan they ask about.
    clear();
}

void PlanScene::setPlan(const Plan &plan)
{
    m_selected = -1;
    m_participant = QString();
    clear(); // the items point into the old plan's topology
    m_tasks.clear();
    m_edges.clear();
    m_plan = plan;
    m_topology = std::make_unique<PlanTopology>(m_plan);
    m_criticalTasks.clear();
    m_criticalEdges.clear();
    const QList<int> path = m_topology->criticalPath();
    m_criticalPath = path;
    for (int t : path)
        m_criticalTasks.insert(t);
    for (int k = 0; k < m_topology->edges().size(); ++k) {
        const auto &[a, b] = m_topology->edges().at(k);
        const qsizetype i = path.indexOf(a);
        if (i >= 0 && i + 1 < path.size() && path.at(i + 1) == b)
            m_criticalEdges.insert(k);
    }
    rebuild();
    emit focusChanged();
}

void PlanScene::rebuild()
{
    clear();
    m_tasks.clear();
    m_edges.clear();
    m_viaHidden.clear();
    m_laneItems.clear();
    QList<QSizeF> sizes;
    sizes.reserve(m_plan.tasks.size());
    for (const PlanTask &t : std::as_const(m_plan.tasks))
        sizes.append(PlanCard::size(t, m_wholeTitles));
    m_layout = PlanLayout::run(m_plan, *m_topology, m_lanes, sizes);
    for (const PlanLane &lane : std::as_const(m_layout.lanes)) {
        const QString name = lane.agentId.isEmpty() ? tr("(no assignee)") : m_plan.assigneeName(lane.agentId);
        auto *laneItem = new PlanLaneItem(lane.band.adjusted(-16, 0, 16, 0), name, colorOf(lane.agentId));
        addItem(laneItem);
        m_laneItems.append(laneItem);
    }
    for (int t = 0; t < m_plan.tasks.size(); ++t) {
        auto *item = new PlanTaskItem(this, t, sizes.at(t));
        item->setPos(m_layout.centers.value(t));
        addItem(item);
        m_tasks.insert(t, item);
    }
    placeColumns(); // the cards where they are drawn (with lanes too): what the curves go around
    for (int k = 0; k < m_topology->edges().size(); ++k) {
        const auto &[a, b] = m_topology->edges().at(k);
        auto *item = new PlanEdgeItem(this, k, m_tasks.value(a), m_tasks.value(b));
        addItem(item);
        m_edges.insert(k, item);
    }
    setSceneRect(itemsBoundingRect().adjusted(-60, -60, 60, 60));
    rebuildViaHidden();
    updateFocus();
}

void PlanScene::placeColumns()
{
    m_cards.clear();
    m_columns.clear();
    for (int t = 0; t < m_plan.tasks.size(); ++t) {
        const PlanTaskItem *item = m_tasks.value(t);
        m_cards.append(item ? item->mapRectToScene(item->card()) : QRectF());
    }
    QList<int> order(m_cards.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [this](int a, int b) { return m_cards.at(a).left() < m_cards.at(b).left(); });
    for (int t : std::as_const(order)) {
        const QRectF &card = m_cards.at(t);
        if (m_columns.isEmpty() || card.left() > m_columns.last().right)
            m_columns.append(Column{card.left(), card.right(), {}});
        Column &column = m_columns.last();
        column.right = std::max(column.right, card.right());
        column.tasks.append(t);
    }
    for (Column &column : m_columns)
        std::sort(column.tasks.begin(), column.tasks.end(), [this](int a, int b) { return m_cards.at(a).top() < m_cards.at(b).top(); });
}

bool PlanScene::crossesCard(const QPainterPath &path, int from, int to) const
{
    const QRectF bounds = path.boundingRect();
    const QList<QPolygonF> lines = path.toSubpathPolygons();
    for (const Column &column : m_columns) {
        if (column.right < bounds.left() || column.left > bounds.right())
            continue;
        for (int t : column.tasks) {
            if (t == from || t == to)
                continue;
            // A little larger than the card: a curve that grazes it looks as if it went in.
            const QRectF card = m_cards.at(t).adjusted(-3, -3, 3, 3);
            if (!card.intersects(bounds))
                continue;
            for (const QPolygonF &line : lines)
                for (qsizetype i = 1; i < line.size(); ++i)
                    if (segmentMeets(line.at(i - 1), line.at(i), card))
                        return true;
        }
    }
    return false;
}

double PlanScene::freeHeight(const Column &column, double wanted, int from, int to) const
{
    // The column's cards with their clearance, merged where they meet, top to bottom: `wanted`
    // when it is outside them all, else the nearer edge of the stretch it is in.
    double top = 0, bottom = 0;
    bool open = false;
    for (int t : column.tasks) {
        if (t == from || t == to)
            continue;
        const double cardTop = m_cards.at(t).top() - CardClearance;
        const double cardBottom = m_cards.at(t).bottom() + CardClearance;
        if (open && cardTop <= bottom) {
            bottom = std::max(bottom, cardBottom);
            continue;
        }
        if (open && wanted > top && wanted < bottom)
            break;
        top = cardTop;
        bottom = cardBottom;
        open = true;
    }
    if (open && wanted > top && wanted < bottom)
        return wanted - top < bottom - wanted ? top : bottom;
    return wanted;
}

QPainterPath PlanScene::dependencyPath(int from, int to) const
{
    const PlanTaskItem *a = m_tasks.value(from);
    const PlanTaskItem *b = m_tasks.value(to);
    if (!a || !b)
        return QPainterPath();
    const QPointF start = a->outPort();
    const QPointF end = b->inPort();
    // Horizontal tangents at both ends; a task drawn left of its prerequisite (only in a
    // cycle) gets a wide loop instead of a curve through the cards.
    const double dx = std::max(60.0, std::abs(end.x() - start.x()) / 2);
    QPainterPath direct(start);
    direct.cubicTo(start + QPointF(dx, 0), end - QPointF(dx, 0), end);
    if (end.x() <= start.x() || !crossesCard(direct, from, to))
        return direct;
    // Around the cards: level through each column between the ends (where the column has room
    // nearest the height the curve comes at: a dependency keeps to its lane, as the layout's
    // long edges do), turning in the gaps. A column that holds an end as well (a wider card
    // there) is crossed at that end's height.
    QPainterPath around(start);
    QPointF at = start;
    for (const Column &column : m_columns) {
        if (column.right <= start.x() + 0.5 || column.left >= end.x() - 0.5)
            continue;
        const double y = column.left < at.x() ? at.y() : column.right > end.x() ? end.y() : freeHeight(column, at.y(), from, to);
        if (column.left > at.x())
            turnTo(&around, at, QPointF(column.left, y));
        at = QPointF(std::min(column.right, end.x()), y);
        around.lineTo(at);
    }
    if (at.x() < end.x())
        turnTo(&around, at, end);
    else if (at != end)
        around.lineTo(end);
    return around;
}

int PlanScene::taskAt(const QPointF &scenePos) const
{
    for (QGraphicsItem *item : items(scenePos))
        if (auto *task = qgraphicsitem_cast<PlanTaskItem *>(item); task && task->isVisible())
            return task->task();
    return -1;
}

void PlanScene::selectTask(int task)
{
    if (task < 0 || task >= m_plan.tasks.size() || !isTaskShown(task)) {
        clearFocus();
        return;
    }
    m_selected = task;
    m_participant = QString();
    updateFocus();
    emit focusChanged();
}

void PlanScene::focusParticipant(const QString &agentId)
{
    m_selected = -1;
    m_participant = agentId.isNull() ? QStringLiteral("") : agentId;
    updateFocus();
    emit focusChanged();
}

void PlanScene::clearFocus()
{
    if (!hasFocus())
        return;
    m_selected = -1;
    m_participant = QString();
    updateFocus();
    emit focusChanged();
}

void PlanScene::setTransitive(bool on)
{
    m_transitive = on;
    updateFocus();
    emit focusChanged();
}

void PlanScene::setShowCriticalPath(bool on)
{
    m_critical = on;
    updateFocus();
}

void PlanScene::setLanes(bool on)
{
    if (on == m_lanes)
        return;
    m_lanes = on;
    rebuild();
}

void PlanScene::setHiddenParticipants(const QSet<QString> &agentIds)
{
    m_hidden = agentIds;
    rebuildViaHidden();
    emit filterChanged();
    if (m_selected >= 0 && !isTaskShown(m_selected))
        m_selected = -1;
    if (!m_participant.isNull() && m_hidden.contains(m_participant))
        m_participant = QString(); // its tasks are gone: nothing left to highlight
    updateFocus();
    emit focusChanged();
}

void PlanScene::setExporting(bool exporting)
{
    if (m_wholeTitles != exporting) {
        m_wholeTitles = exporting;
        rebuild();
    }
    for (PlanTaskItem *item : std::as_const(m_tasks))
        item->setCacheMode(exporting ? QGraphicsItem::NoCache : QGraphicsItem::DeviceCoordinateCache);
}

QList<QPair<int, int>> PlanScene::viaHiddenEdges() const
{
    QList<QPair<int, int>> out;
    for (const PlanEdgeItem *e : m_viaHidden)
        out.append(qMakePair(e->data(0).toInt(), e->data(1).toInt()));
    return out;
}

void PlanScene::rebuildViaHidden()
{
    qDeleteAll(m_viaHidden);
    m_viaHidden.clear();
    if (m_hidden.isEmpty())
        return;
    // From each shown task, walk forward through hidden tasks only: every shown task reached
    // that way depends on it through them (unless a direct dependency already shows it).
    QSet<QPair<int, int>> direct;
    for (const auto &[a, b] : m_topology->edges())
        direct.insert({a, b});
    for (int from = 0; from < m_plan.tasks.size(); ++from) {
        if (!isTaskShown(from))
            continue;
        QMap<int, QStringList> reached; // shown task -> the hidden tasks passed (the first way found)
        QSet<int> seen;
        QList<QPair<int, QStringList>> todo;
        for (int next : m_topology->successors(from))
            if (!isTaskShown(next))
                todo.append(qMakePair(next, QStringList()));
        while (!todo.isEmpty()) {
            auto [t, via] = todo.takeFirst();
            if (seen.contains(t))
                continue;
            seen.insert(t);
            via << m_plan.tasks.at(t).id;
            for (int next : m_topology->successors(t)) {
                if (isTaskShown(next)) {
                    if (!reached.contains(next))
                        reached.insert(next, via);
                } else if (!seen.contains(next)) {
                    todo.append(qMakePair(next, via));
                }
            }
        }
        for (auto it = reached.cbegin(); it != reached.cend(); ++it) {
            if (direct.contains({from, it.key()}))
                continue;
            auto *item = new PlanEdgeItem(this, -1, m_tasks.value(from), m_tasks.value(it.key()), it.value());
            item->setData(0, from);
            item->setData(1, it.key());
            addItem(item);
            m_viaHidden.append(item);
        }
    }
}

bool PlanScene::isTaskShown(int task) const
{
    return task >= 0 && task < m_plan.tasks.size() && !m_hidden.contains(m_plan.tasks.at(task).assigneeId);
}

QList<int> PlanScene::highlightedTasks() const
{
    QList<int> out(m_focusTasks.cbegin(), m_focusTasks.cend());
    std::sort(out.begin(), out.end());
    return out;
}

QList<int> PlanScene::highlightedEdges() const
{
    QList<int> out(m_focusEdges.cbegin(), m_focusEdges.cend());
    std::sort(out.begin(), out.end());
    return out;
}

void PlanScene::updateFocus()
{
    // What the cards showed before: only those whose outline changes are repainted (the
    // dimming is the items' opacity, which keeps their cached pictures).
    const QSet<int> before = std::exchange(m_focusTasks, {});
    const int selectedBefore = m_paintedSelection;
    const bool criticalBefore = m_paintedCritical;
    m_focusEdges.clear();
    const auto &edges = m_topology->edges();
    if (m_selected >= 0) {
        m_focusTasks.insert(m_selected);
        if (m_transitive) {
            // Upstream and downstream chains: the edges inside each chain (not a
            // dependency between a task upstream and one downstream that skips the selection).
            const QSet<int> up = m_topology->ancestors(m_selected);
            const QSet<int> down = m_topology->descendants(m_selected);
            m_focusTasks += up;
            m_focusTasks += down;
            for (int k = 0; k < edges.size(); ++k) {
                const auto &[a, b] = edges.at(k);
                if (((up.contains(a) || a == m_selected) && (up.contains(b) || b == m_selected))
                    || ((down.contains(a) || a == m_selected) && (down.contains(b) || b == m_selected)))
                    m_focusEdges.insert(k);
            }
        } else {
            for (int k = 0; k < edges.size(); ++k) {
                const auto &[a, b] = edges.at(k);
                if (a == m_selected || b == m_selected) {
                    m_focusEdges.insert(k);
                    m_focusTasks.insert(a == m_selected ? b : a);
                }
            }
        }
    } else if (!m_participant.isNull()) {
        for (int t = 0; t < m_plan.tasks.size(); ++t)
            if (m_plan.tasks.at(t).assigneeId == m_participant)
                m_focusTasks.insert(t);
        for (int k = 0; k < edges.size(); ++k)
            if (m_focusTasks.contains(edges.at(k).first) && m_focusTasks.contains(edges.at(k).second))
                m_focusEdges.insert(k);
    }
    // Hidden tasks are neither drawn nor highlighted.
    for (auto it = m_tasks.cbegin(); it != m_tasks.cend(); ++it) {
        const int t = it.key();
        const bool shown = isTaskShown(t);
        it.value()->setVisible(shown);
        if (!shown)
            m_focusTasks.remove(t);
        it.value()->setOpacity(isDimmed(t) ? DimmedOpacity : 1.0);
        if (before.contains(t) != m_focusTasks.contains(t) || t == selectedBefore || t == m_selected
            || (criticalBefore != m_critical && m_criticalTasks.contains(t)))
            it.value()->refresh(); // in the overview too
    }
    for (auto it = m_edges.cbegin(); it != m_edges.cend(); ++it) {
        const auto &[a, b] = edges.at(it.key());
        const bool shown = isTaskShown(a) && isTaskShown(b);
        it.value()->setVisible(shown);
        if (!shown)
            m_focusEdges.remove(it.key());
        it.value()->update(); // dimmed by a translucent pen (see PlanEdgeItem::paint)
    }
    m_paintedSelection = m_selected;
    m_paintedCritical = m_critical;
}

QColor PlanScene::stableColor(const QString &agentId)
{
    // FNV-1a over the UTF-16 code units: the same colour in every run and on every machine.
    quint32 h = 2166136261u;
    for (QChar c : agentId) {
        h ^= c.unicode();
        h *= 16777619u;
    }
    return QColor::fromHsv(int(h % 360), 110 + int((h >> 9) % 60), 215);
}

QColor PlanScene::colorOf(const QString &agentId) const
{
    const PlanParticipant *p = m_plan.participant(agentId);
    if (!p)
        return QColor(0x9aa0a6);
    static const QRegularExpression hex(QStringLiteral("^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"));
    if (hex.match(p->avatarColor).hasMatch()) {
        if (p->avatarColor.size() == 9) // the web's #RRGGBBAA; QColor reads #AARRGGBB
            return QColor(QLatin1Char('#') + p->avatarColor.right(2) + p->avatarColor.mid(1, 6));
        return QColor(p->avatarColor);
    }
    return stableColor(agentId);
}

QString PlanScene::initialOf(const QString &name)
{
    const QString t = name.trimmed();
    if (t.isEmpty())
        return QStringLiteral("?");
    const qsizetype n = t.at(0).isHighSurrogate() && t.size() > 1 ? 2 : 1;
    return t.left(n).toUpper();
}

void PlanScene::mousePressEvent(QGraphicsSceneMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QGraphicsScene::mousePressEvent(event);
        return;
    }
    const int task = taskAt(event->scenePos());
    if (task >= 0)
        selectTask(task);
    else
        clearFocus();
    event->accept();
}

void PlanScene::drawBackground(QPainter *painter, const QRectF &rect)
{
    painter->fillRect(rect, QColor(0xfafbfc));
}

} // namespace capgraph::editor
