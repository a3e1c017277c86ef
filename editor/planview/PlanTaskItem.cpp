#include "planview/PlanTaskItem.h"

#include "planview/PlanCard.h"
#include "plan/PlanLayout.h"
#include "planview/PlanScene.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace capgraph::editor {

namespace {
const QColor Accent(0x2f7de1);
const QColor Critical(0xe8590c);
const QColor Ink(0x1d2733);
const QColor Muted(0x5f6b78);

struct StatusLook {
    QString text;
    QColor fill;
    QColor ink;
};

StatusLook lookOf(PlanTaskStatus s)
{
    switch (s) {
    case PlanTaskStatus::Done: return {QStringLiteral("✓ ") + PlanTaskItem::statusText(s), QColor(0xd4f1dc), QColor(0x1e7b3a)};
    case PlanTaskStatus::InProgress: return {QStringLiteral("● ") + PlanTaskItem::statusText(s), QColor(0xd8e8fd), QColor(0x1f5fb8)};
    case PlanTaskStatus::Pending: break;
    }
    return {PlanTaskItem::statusText(s), QColor(0xe4e8ec), QColor(0x5f6b78)};
}
} // namespace

QString PlanTaskItem::statusText(PlanTaskStatus status)
{
    switch (status) {
    case PlanTaskStatus::Done: return QCoreApplication::translate("capgraph::editor::PlanTaskItem", "done");
    case PlanTaskStatus::InProgress: return QCoreApplication::translate("capgraph::editor::PlanTaskItem", "in progress");
    case PlanTaskStatus::Pending: break;
    }
    return QCoreApplication::translate("capgraph::editor::PlanTaskItem", "pending");
}

PlanTaskItem::PlanTaskItem(PlanScene *scene, int task, const QSizeF &size)
    : m_scene(scene)
    , m_task(task)
    , m_size(size)
{
    setCacheMode(DeviceCoordinateCache);
    setZValue(2);
    setAcceptHoverEvents(false);
    setCursor(Qt::PointingHandCursor);
    // The whole title (the card may show it cut after three lines), then what else there is.
    const Plan &plan = scene->plan();
    if (task >= 0 && task < plan.tasks.size()) {
        const PlanTask &t = plan.tasks.at(task);
        // Bounded: a tooltip of millions of characters would hold the window while it is laid out.
        QStringList tip{PlanCard::bounded(t.title.isEmpty() ? t.id : t.title, 500)};
        tip << QStringLiteral("%1 · %2 · %3").arg(t.id, plan.assigneeName(t.assigneeId), statusText(t.status));
        if (!t.description.isEmpty())
            tip << QString() << PlanCard::bounded(t.description, 1000);
        setToolTip(tip.join(QLatin1Char('\n')));
    }
}

QString PlanTaskItem::avatarText() const
{
    const Plan &plan = m_scene->plan();
    if (m_task < 0 || m_task >= plan.tasks.size())
        return QString();
    const PlanTask &t = plan.tasks.at(m_task);
    return plan.participant(t.assigneeId) ? PlanScene::initialOf(plan.assigneeName(t.assigneeId)) : QStringLiteral("?");
}

QStringList PlanTaskItem::titleLines() const
{
    const Plan &plan = m_scene->plan();
    if (m_task < 0 || m_task >= plan.tasks.size())
        return {};
    const PlanTask &t = plan.tasks.at(m_task);
    return PlanCard::titleLines(t.title.isEmpty() ? t.id : t.title, m_scene->showsWholeTitles());
}

QRectF PlanTaskItem::card() const
{
    return QRectF(-m_size.width() / 2, -m_size.height() / 2, m_size.width(), m_size.height());
}

QPointF PlanTaskItem::outPort() const
{
    return mapToScene(QPointF(card().right(), 0));
}

QPointF PlanTaskItem::inPort() const
{
    return mapToScene(QPointF(card().left(), 0));
}

void PlanTaskItem::refresh()
{
    // update() alone does not do with the card's picture cached per view: Qt marks the cache
    // stale once for all the views, and the first view to paint the card clears the mark, so
    // when the overview painted first the canvas went on showing the old picture (a cleared
    // selection's outline, the band of a critical path turned off). Setting the cache mode
    // again drops every view's picture.
    setCacheMode(cacheMode());
    update();
}

QRectF PlanTaskItem::boundingRect() const
{
    return card().adjusted(-8, -8, 8, 8); // the critical path's underlay around the card
}

void PlanTaskItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const Plan &plan = m_scene->plan();
    if (m_task >= plan.tasks.size())
        return;
    const PlanTask &t = plan.tasks.at(m_task);
    const bool known = plan.participant(t.assigneeId) != nullptr;
    const QColor color = m_scene->colorOf(t.assigneeId);
    const bool selected = m_scene->selectedTask() == m_task;
    const bool highlighted = m_scene->isHighlighted(m_task);
    const StatusLook look = lookOf(t.status);
    painter->setRenderHint(QPainter::Antialiasing);
    // Dimming is the item's opacity (set by the scene): the cached picture stays valid.
    const QRectF box = card();
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool legible = lod * PlanCard::TitlePixels >= PlanCard::LegiblePixels - 0.01;

    // The critical path is an orange band under the card, the focus a blue outline on it: a
    // selected task on the critical path shows both.
    if (m_scene->isOnCriticalPath(m_task)) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(0xf7b488));
        painter->drawRoundedRect(box.adjusted(-6, -6, 6, 6), 13, 13);
    }
    QPen pen(QColor(0xc3cad3), 1.2);
    if (highlighted)
        pen = QPen(Accent, selected ? 3.2 : 2.2);
    else if (m_scene->isOnCriticalPath(m_task))
        pen = QPen(Critical, 1.6);
    painter->setPen(pen);
    // Too far out to read: the card in its status's colour, so the plan's state still shows.
    painter->setBrush(!legible ? look.fill : selected ? QColor(0xeef5ff) : QColor(Qt::white));
    painter->drawRoundedRect(box, 9, 9);
    // The assignee's colour as a stripe down the left edge.
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    QPainterPath stripe;
    stripe.addRoundedRect(QRectF(box.left() + 1, box.top() + 1, 10, box.height() - 2), 8, 8);
    QPainterPath clip;
    clip.addRect(QRectF(box.left(), box.top(), 5.5, box.height()));
    painter->drawPath(stripe.intersected(clip));

    const QString name = plan.assigneeName(t.assigneeId);
    if (!legible) {
        // The assignee as a large avatar with its initial, as large on screen as reads well;
        // the status is the card's colour.
        const double d = std::min(box.height() - 12, std::max(30.0, 26 / std::max(lod, 0.01)));
        const QRectF avatar(box.left() + 14, box.center().y() - d / 2, d, d);
        painter->setBrush(color);
        painter->drawEllipse(avatar);
        if (lod * d >= 10) {
            QFont f = PlanCard::titleFont();
            f.setPixelSize(std::max(1, int(d * 0.55)));
            painter->setFont(f);
            painter->setPen(color.lightnessF() > 0.62 ? Ink : QColor(Qt::white));
            painter->drawText(avatar, Qt::AlignCenter, avatarText());
        }
        return;
    }

    // The avatar: a circle in the colour, the name's first character.
    const QRectF avatar(box.left() + 14, box.top() + 10, 30, 30);
    painter->setBrush(color);
    painter->drawEllipse(avatar);
    QFont font = PlanCard::titleFont();
    font.setPixelSize(PlanCard::AvatarPixels);
    painter->setFont(font);
    painter->setPen(color.lightnessF() > 0.62 ? Ink : QColor(Qt::white));
    painter->drawText(avatar, Qt::AlignCenter, avatarText());

    // The title, wrapped (every line drawn as text: an SVG export keeps it searchable).
    const double textLeft = box.left() + PlanCard::TextLeft;
    const double lineHeight = PlanCard::titleLineHeight();
    painter->setFont(PlanCard::titleFont());
    painter->setPen(Ink);
    double y = box.top() + PlanCard::TitleTop;
    for (const QString &line : titleLines()) {
        painter->drawText(QRectF(textLeft, y, PlanCard::TextWidth, lineHeight), Qt::AlignLeft | Qt::AlignVCenter, line);
        y += lineHeight;
    }
    const QFont meta = PlanCard::metaFont();
    const QFontMetricsF fm(meta);
    painter->setFont(meta);
    painter->setPen(Muted);
    const QString who = known ? name : QStringLiteral("⚠ %1").arg(t.assigneeId.isEmpty() ? QCoreApplication::translate("capgraph::editor::PlanTaskItem", "(no assignee)") : t.assigneeId);
    if (!known)
        painter->setPen(QColor(0xb06d00));
    painter->drawText(QRectF(textLeft, y + 2, PlanCard::TextWidth, 16), Qt::AlignLeft | Qt::AlignVCenter,
                      fm.elidedText(who, Qt::ElideRight, PlanCard::TextWidth));

    // Bottom line: the id on the left, the status badge on the right.
    painter->setPen(QColor(0x8a94a0));
    const QRectF bottom(box.left() + 14, box.bottom() - 24, box.width() - 24, 18);
    const double badgeWidth = fm.horizontalAdvance(look.text) + 14;
    painter->drawText(QRectF(bottom.left(), bottom.top(), bottom.width() - badgeWidth - 6, bottom.height()), Qt::AlignLeft | Qt::AlignVCenter,
                      fm.elidedText(t.id, Qt::ElideMiddle, bottom.width() - badgeWidth - 6));
    const QRectF badge(bottom.right() - badgeWidth, bottom.top(), badgeWidth, bottom.height());
    painter->setPen(Qt::NoPen);
    painter->setBrush(look.fill);
    painter->drawRoundedRect(badge, 9, 9);
    painter->setPen(look.ink);
    painter->drawText(badge, Qt::AlignCenter, look.text);
}

} // namespace capgraph::editor
