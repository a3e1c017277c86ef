#include "plan/Plan.h"

namespace capgraph {

QString planTaskStatusName(PlanTaskStatus status)
{
    switch (status) {
    case PlanTaskStatus::Pending: return QStringLiteral("pending");
    case PlanTaskStatus::InProgress: return QStringLiteral("in_progress");
    case PlanTaskStatus::Done: return QStringLiteral("done");
    }
    return QString();
}

int Plan::taskIndex(const QString &id) const
{
    for (int i = 0; i < tasks.size(); ++i)
        if (tasks.at(i).id == id)
            return i;
    return -1;
}

const PlanTask *Plan::task(const QString &id) const
{
    const int i = taskIndex(id);
    return i < 0 ? nullptr : &tasks.at(i);
}

const PlanParticipant *Plan::participant(const QString &agentId) const
{
    for (const PlanParticipant &p : participants)
        if (p.agentId == agentId)
            return &p;
    return nullptr;
}

QString Plan::assigneeName(const QString &agentId) const
{
    const PlanParticipant *p = participant(agentId);
    return p && !p->displayName.isEmpty() ? p->displayName : agentId;
}

} // namespace capgraph
