#include "planview/PlanInfoPanel.h"

#include "planview/PlanCard.h"
#include "planview/PlanTaskItem.h"

#include "planview/PlanScene.h"

#include <QEvent>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

namespace capgraph::editor {

namespace {
QLabel *wrapping(QWidget *parent, const QString &name)
{
    auto *l = new QLabel(parent);
    l->setObjectName(name);
    l->setWordWrap(true);
    l->setTextFormat(Qt::PlainText); // the plan's words, never markup
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}
} // namespace

PlanInfoPanel::PlanInfoPanel(PlanScene *scene, QWidget *parent)
    : QWidget(parent)
    , m_scene(scene)
    , m_title(wrapping(this, QStringLiteral("PlanInfoTitle")))
    , m_meta(wrapping(this, QStringLiteral("PlanInfoMeta")))
    , m_description(wrapping(this, QStringLiteral("PlanInfoDescription")))
    , m_assignee(wrapping(this, QStringLiteral("PlanInfoAssignee")))
    , m_prerequisitesLabel(new QLabel(tr("Prerequisites"), this))
    , m_prerequisites(new QListWidget(this))
    , m_successorsLabel(new QLabel(tr("Successors"), this))
    , m_successors(new QListWidget(this))
{
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_title->setFont(big);
    m_title->setTextFormat(Qt::PlainText);
    m_meta->setEnabled(false); // muted
    m_prerequisites->setObjectName(QStringLiteral("PlanInfoPrerequisites"));
    m_successors->setObjectName(QStringLiteral("PlanInfoSuccessors"));
    for (QListWidget *list : {m_prerequisites, m_successors}) {
        list->setMaximumHeight(150);
        connect(list, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) { emit taskRequested(item->data(Qt::UserRole).toInt()); });
        connect(list, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) { emit taskRequested(item->data(Qt::UserRole).toInt()); });
    }
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_meta);
    layout->addWidget(m_assignee);
    layout->addWidget(m_description);
    layout->addSpacing(6);
    layout->addWidget(m_prerequisitesLabel);
    layout->addWidget(m_prerequisites);
    layout->addWidget(m_successorsLabel);
    layout->addWidget(m_successors);
    layout->addStretch(1);
    connect(scene, &PlanScene::focusChanged, this, &PlanInfoPanel::refresh);
    refresh();
}

QString PlanInfoPanel::title() const
{
    return m_title->text();
}

QString PlanInfoPanel::firstListTitle() const
{
    return m_prerequisitesLabel->isHidden() ? QString() : m_prerequisitesLabel->text();
}

static QStringList idsOf(const QListWidget *list, const Plan &plan)
{
    QStringList ids;
    for (int i = 0; i < list->count(); ++i)
        ids << plan.tasks.at(list->item(i)->data(Qt::UserRole).toInt()).id;
    return ids;
}

QStringList PlanInfoPanel::prerequisiteIds() const
{
    return idsOf(m_prerequisites, m_scene->plan());
}

QStringList PlanInfoPanel::successorIds() const
{
    return idsOf(m_successors, m_scene->plan());
}

void PlanInfoPanel::fill(QListWidget *list, const QList<int> &tasks)
{
    list->clear();
    const Plan &plan = m_scene->plan();
    for (int t : tasks) {
        const PlanTask &task = plan.tasks.at(t);
        auto *item = new QListWidgetItem(QStringLiteral("%1  ·  %2").arg(PlanCard::bounded(task.title.isEmpty() ? task.id : task.title, 200), plan.assigneeName(task.assigneeId)),
                                         list);
        item->setData(Qt::UserRole, t);
        item->setToolTip(task.id);
        QPixmap dot(12, 12);
        dot.fill(m_scene->colorOf(task.assigneeId));
        item->setIcon(QIcon(dot));
    }
}

void PlanInfoPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_prerequisitesLabel->setText(tr("Prerequisites"));
        m_successorsLabel->setText(tr("Successors"));
        refresh();
    }
    QWidget::changeEvent(event);
}

void PlanInfoPanel::refresh()
{
    const Plan &plan = m_scene->plan();
    const int t = m_scene->selectedTask();
    const bool task = t >= 0 && t < plan.tasks.size();
    for (QWidget *w : {static_cast<QWidget *>(m_successorsLabel), static_cast<QWidget *>(m_successors)})
        w->setVisible(task);
    if (!task) {
        m_prerequisites->clear(); // their rows name tasks of the plan they were filled for
        m_successors->clear();
        const PlanRollup r = m_scene->topology().rollup();
        if (!m_scene->focusedParticipant().isNull()) {
            const QString id = m_scene->focusedParticipant();
            const PlanParticipant *p = plan.participant(id);
            m_title->setText(id.isEmpty() ? tr("(no assignee)") : plan.assigneeName(id));
            QList<int> theirs;
            for (int k = 0; k < plan.tasks.size(); ++k)
                if (plan.tasks.at(k).assigneeId == id)
                    theirs << k;
            m_meta->setText(tr("%n task(s) in this plan", nullptr, int(theirs.size())));
            m_assignee->setText(p ? p->roleInPlan : tr("not among the plan's participants"));
            m_description->clear();
            fill(m_prerequisites, theirs);
            m_prerequisitesLabel->setText(tr("Tasks (%1)").arg(theirs.size()));
            m_prerequisitesLabel->setVisible(!theirs.isEmpty());
            m_prerequisites->setVisible(!theirs.isEmpty());
            return;
        }
        m_title->setText(plan.summary.isEmpty() ? tr("Plan") : PlanCard::bounded(plan.summary));
        m_meta->setText(plan.tasks.isEmpty() ? tr("No tasks drawn") : r.text(true));
        // The critical path, as text: its tasks in order (each a click away) and its length.
        const QList<int> path = m_scene->criticalPath();
        fill(m_prerequisites, path);
        m_prerequisitesLabel->setText(tr("Critical path: %n task(s), %1 dependencies long", nullptr, int(path.size()))
                                          .arg(std::max<qsizetype>(0, path.size() - 1)));
        m_prerequisitesLabel->setVisible(path.size() > 1);
        m_prerequisites->setVisible(path.size() > 1);
        const qsizetype people = plan.participants.size();
        m_assignee->setText((people == 1 ? tr("1 participant") : tr("%1 participants").arg(people))
                            + (!plan.centerRounds ? QString()
                                   : *plan.centerRounds == 1 ? tr(" · 1 negotiation round")
                                                             : tr(" · %1 negotiation rounds").arg(*plan.centerRounds)));
        m_description->setText(plan.tasks.isEmpty() ? QString() : tr("Click a task to see what it depends on and what waits for it."));
        return;
    }
    const PlanTask &x = plan.tasks.at(t);
    m_title->setText(PlanCard::bounded(x.title.isEmpty() ? x.id : x.title));
    m_meta->setText(m_scene->criticalPath().contains(t) ? tr("%1 · %2 · on the critical path").arg(x.id, PlanTaskItem::statusText(x.status))
                                                         : QStringLiteral("%1 · %2").arg(x.id, PlanTaskItem::statusText(x.status)));
    m_prerequisitesLabel->setVisible(true);
    m_prerequisites->setVisible(true);
    const PlanParticipant *p = plan.participant(x.assigneeId);
    if (p)
        m_assignee->setText(p->roleInPlan.isEmpty() ? plan.assigneeName(p->agentId)
                                                    : QStringLiteral("%1 — %2").arg(plan.assigneeName(p->agentId), p->roleInPlan));
    else
        m_assignee->setText(x.assigneeId.isEmpty() ? tr("No assignee") : tr("⚠ %1 (not among the participants)").arg(x.assigneeId));
    m_description->setText(x.description.isEmpty() ? tr("(no description)") : PlanCard::bounded(x.description, 4 * PlanCard::MaxShownChars));
    const PlanTopology &topology = m_scene->topology();
    fill(m_prerequisites, topology.predecessors(t));
    fill(m_successors, topology.successors(t));
    m_prerequisitesLabel->setText(tr("Prerequisites (%1)").arg(m_prerequisites->count()));
    m_successorsLabel->setText(tr("Successors (%1)").arg(m_successors->count()));
}

} // namespace capgraph::editor
