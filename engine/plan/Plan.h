#pragma once

#include "plan/PlanParticipant.h"
#include "plan/PlanTask.h"

#include <QList>
#include <QStringList>

#include <optional>

namespace capgraph {

// A dependency between two tasks: `to` starts after `from`. A plan states dependencies twice,
// as each task's prerequisites and as topology.edges (seed 004: "a redundant flattened form");
// the reader merges them and records where each one came from.
struct PlanDependency
{
    QString from;
    QString to;
    bool inPrerequisites = false;
    bool inTopology = false;
};

// A negotiated plan: seed 004's plan_json (summary, participants, tasks, topology) and, when
// it came in a plan.ready event, the envelope's plan_text, center_rounds and
// participating_agents. `hasPlanJson` is false for an envelope without plan_json: then only
// the text can be shown.
struct Plan
{
    QString summary;
    QList<PlanParticipant> participants;
    QList<PlanTask> tasks;
    QList<PlanDependency> dependencies; // merged, in order of first mention; ends may name no task

    bool hasPlanJson = false;
    QString planText;
    std::optional<int> centerRounds;
    QStringList participatingAgents;

    int taskIndex(const QString &id) const;
    const PlanTask *task(const QString &id) const;
    const PlanParticipant *participant(const QString &agentId) const;
    // The participant's display name, else the raw id.
    QString assigneeName(const QString &agentId) const;
};

} // namespace capgraph
