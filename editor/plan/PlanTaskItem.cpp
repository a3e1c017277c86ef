#include "plan/PlanTaskItem.h"

#include "plan/PlanLayout.h"
#include "plan/PlanScene.h"

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
    return {PlanTaskItem::statusText(s), QColor(0xeceff2), QColor(0x5f6b78)};
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

PlanTaskItem::PlanTaskItem(PlanScene *scene, int task)
    : m_scene(scene)
    , m_task(task)
{
    setCacheMode(DeviceCoordinateCache);
    setZValue(2);
    setAcceptHoverEvents(false);
    setCursor(Qt::PointingHandCursor);
}

QString PlanTaskItem::avatarText() const
{
    const Plan &plan = m_scene->plan();
    if (m_task < 0 || m_task >= plan.tasks.size())
        return QString();
    const PlanTask &t = plan.tasks.at(m_task);
    return plan.participant(t.assigneeId) ? PlanScene::initialOf(plan.assigneeName(t.assigneeId)) : QStringLiteral("?");
}

QRectF PlanTaskItem::card() const
{
    return QRectF(-PlanLayout::CardWidth / 2, -PlanLayout::CardHeight / 2, PlanLayout::CardWidth, PlanLayout::CardHeight);
}

QPointF PlanTaskItem::outPort() const
{
    return mapToScene(QPointF(card().right(), 0));
}

QPointF PlanTaskItem::inPort() const
{
    return mapToScene(QPointF(card().left(), 0));
}

QRectF PlanTaskItem::boundingRect() const
{
    return card().adjusted(-5, -5, 5, 5);
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
    painter->setRenderHint(QPainter::Antialiasing);
    // Dimming is the item's opacity (set by the scene): the cached picture stays valid.
    const QRectF box = card();

    // The card: the critical path's outline is orange, the focus's blue (wider when selected).
    QPen pen(QColor(0xc3cad3), 1.2);
    if (m_scene->isOnCriticalPath(m_task))
        pen = QPen(Critical, 2.6);
    if (highlighted)
        pen = QPen(Accent, selected ? 3.2 : 2.2);
    painter->setPen(pen);
    painter->setBrush(selected ? QColor(0xeef5ff) : QColor(Qt::white));
    painter->drawRoundedRect(box, 9, 9);
    // The assignee's colour as a stripe down the left edge.
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    QPainterPath stripe;
    stripe.addRoundedRect(QRectF(box.left() + 1, box.top() + 1, 10, box.height() - 2), 8, 8);
    QPainterPath clip;
    clip.addRect(QRectF(box.left(), box.top(), 5.5, box.height()));
    painter->drawPath(stripe.intersected(clip));

    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    // The avatar: a circle in the colour, the name's first character.
    const QString name = plan.assigneeName(t.assigneeId);
    const QRectF avatar(box.left() + 14, box.top() + 10, 30, 30);
    painter->setBrush(color);
    painter->drawEllipse(avatar);
    if (lod < 0.35)
        return; // far out: the cards' colours and the curves are what can be seen
    QFont font = painter->font();
    font.setPointSizeF(11);
    font.setBold(true);
    painter->setFont(font);
    painter->setPen(color.lightnessF() > 0.62 ? Ink : QColor(Qt::white));
    painter->drawText(avatar, Qt::AlignCenter, avatarText());

    const double textLeft = avatar.right() + 9;
    const double textWidth = box.right() - 10 - textLeft;
    font.setPointSizeF(10);
    painter->setFont(font);
    painter->setPen(Ink);
    const QString title = t.title.isEmpty() ? t.id : t.title;
    painter->drawText(QRectF(textLeft, box.top() + 8, textWidth, 18), Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetricsF(font).elidedText(title, Qt::ElideRight, textWidth));
    font.setBold(false);
    font.setPointSizeF(8.5);
    painter->setFont(font);
    painter->setPen(Muted);
    const QString who = known ? name : QStringLiteral("⚠ %1").arg(t.assigneeId.isEmpty() ? QCoreApplication::translate("capgraph::editor::PlanTaskItem", "(no assignee)") : t.assigneeId);
    if (!known)
        painter->setPen(QColor(0xb06d00));
    painter->drawText(QRectF(textLeft, box.top() + 26, textWidth, 16), Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetricsF(font).elidedText(who, Qt::ElideRight, textWidth));

    // Bottom line: the id on the left, the status badge on the right.
    painter->setPen(QColor(0x8a94a0));
    const QRectF bottom(box.left() + 14, box.bottom() - 24, box.width() - 24, 18);
    const StatusLook look = lookOf(t.status);
    const QFontMetricsF fm(font);
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
