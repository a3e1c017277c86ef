#pragma once

#include <QString>
#include <QStringList>

namespace capgraph {

enum class PlanTaskStatus { Pending, InProgress, Done };

// "pending", "in_progress", "done".
QString planTaskStatusName(PlanTaskStatus status);

// One task of a negotiated plan (seed 004's tasks[]): what is to be done, by whom, after
// which other tasks.
struct PlanTask
{
    QString id;
    QString title;
    QString description;
    QString assigneeId;
    QStringList prerequisites; // task ids, as the plan lists them
    PlanTaskStatus status = PlanTaskStatus::Pending;
    int line = 0; // where it stands in the file (1-based; 0: not known)
    int column = 0;
};

} // namespace capgraph
