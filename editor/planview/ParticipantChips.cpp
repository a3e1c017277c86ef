#include "planview/ParticipantChips.h"

#include "planview/PlanScene.h"

#include <QHBoxLayout>
#include <QPainter>
#include <QSet>
#include <QToolButton>

namespace capgraph::editor {

namespace {
QIcon avatarIcon(const QColor &color, const QString &initial)
{
    QPixmap pm(QSize(44, 44));
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    p.drawEllipse(QRectF(2, 2, 40, 40));
    QFont f = p.font();
    f.setPixelSize(20);
    f.setBold(true);
    p.setFont(f);
    p.setPen(color.lightnessF() > 0.62 ? QColor(0x1d2733) : QColor(Qt::white));
    p.drawText(QRectF(2, 2, 40, 40), Qt::AlignCenter, initial);
    return QIcon(pm);
}
} // namespace

ParticipantChips::ParticipantChips(PlanScene *scene, QWidget *parent)
    : QWidget(parent)
    , m_scene(scene)
    , m_layout(new QHBoxLayout(this))
{
    m_layout->setContentsMargins(6, 3, 6, 3);
    m_layout->setSpacing(6);
    connect(scene, &PlanScene::focusChanged, this, &ParticipantChips::syncChecked);
    connect(scene, &PlanScene::filterChanged, this, &ParticipantChips::syncHidden);
    refresh();
}

void ParticipantChips::refresh()
{
    qDeleteAll(m_chips);
    m_chips.clear();
    while (QLayoutItem *item = m_layout->takeAt(0))
        delete item;
    const Plan &plan = m_scene->plan();
    QStringList ids;
    for (const PlanParticipant &p : plan.participants)
        if (!ids.contains(p.agentId))
            ids << p.agentId;
    for (const PlanTask &t : plan.tasks) // assignees who are not participants, after them
        if (!ids.contains(t.assigneeId))
            ids << t.assigneeId;
    for (const QString &id : std::as_const(ids)) {
        const PlanParticipant *p = plan.participant(id);
        auto *chip = new QToolButton(this);
        chip->setObjectName(QStringLiteral("Chip:") + id);
        chip->setProperty("agentId", id);
        chip->setCheckable(true);
        chip->setAutoRaise(true);
        chip->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        const QString name = id.isEmpty() ? tr("(no assignee)") : m_scene->plan().assigneeName(id); // the id when nameless
        chip->setText(p ? name : QStringLiteral("⚠ ") + name);
        chip->setIcon(avatarIcon(m_scene->colorOf(id), p ? PlanScene::initialOf(name) : QStringLiteral("?")));
        chip->setIconSize(QSize(22, 22));
        chip->setProperty("baseTip", p ? QStringLiteral("%1 (%2)\n%3").arg(name, p->agentId, p->roleInPlan)
                                       : tr("%1 is assigned tasks but is not among the plan's participants").arg(id));
        chip->setToolTip(chip->property("baseTip").toString());
        connect(chip, &QToolButton::clicked, this, [this, id](bool checked) {
            if (m_scene->hiddenParticipants().contains(id)) {
                emit showRequested(id); // hidden: bring them back rather than dim everything
                return;
            }
            if (checked)
                m_scene->focusParticipant(id);
            else
                m_scene->clearFocus();
        });
        m_layout->addWidget(chip);
        m_chips.append(chip);
    }
    m_layout->addStretch(1);
    syncChecked();
    syncHidden();
}

void ParticipantChips::syncHidden()
{
    const QSet<QString> hidden = m_scene->hiddenParticipants();
    for (QToolButton *c : std::as_const(m_chips)) {
        const bool off = hidden.contains(c->property("agentId").toString());
        QFont f = c->font();
        f.setStrikeOut(off);
        c->setFont(f);
        // Faded, like a disabled button, but still clickable (a click shows them again).
        c->setStyleSheet(off ? QStringLiteral("QToolButton { color: #9aa3ad; }") : QString());
        const QString base = c->property("baseTip").toString();
        c->setToolTip(off ? tr("%1\nHidden by the participant filter: click to show their tasks again").arg(base) : base);
        if (off)
            c->setChecked(false);
    }
}

QToolButton *ParticipantChips::chip(const QString &agentId) const
{
    for (QToolButton *c : m_chips)
        if (c->property("agentId").toString() == agentId)
            return c;
    return nullptr;
}

QStringList ParticipantChips::chipIds() const
{
    QStringList ids;
    for (QToolButton *c : m_chips)
        ids << c->property("agentId").toString();
    return ids;
}

void ParticipantChips::syncChecked()
{
    const QString focused = m_scene->focusedParticipant();
    for (QToolButton *c : std::as_const(m_chips))
        c->setChecked(!focused.isNull() && c->property("agentId").toString() == focused);
}

} // namespace capgraph::editor
