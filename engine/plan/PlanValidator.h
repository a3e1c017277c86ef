#pragma once

#include "diagnostics/Diagnostic.h"
#include "plan/Plan.h"

namespace capgraph {

// What is wrong with a plan that was read: duplicate task ids, prerequisites and topology
// edges that name no task, a task that depends on itself, cycles (with the cycle's task ids),
// assignees who are not among the participants, the same dependency listed in only one of
// prerequisites and topology.edges, a plan without tasks, colours that are not #RRGGBB.
// Each finding points at the task (or participant) it is about.
class PlanValidator
{
public:
    static Diagnostics check(const Plan &plan, const QString &source = QString());
};

} // namespace capgraph
