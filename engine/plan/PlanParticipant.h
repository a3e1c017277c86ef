#pragma once

#include <QString>

namespace capgraph {

// One agent of a negotiated plan (seed 004's participants[]): who it is and what it does in
// the plan. `avatarColor` is optional ("#F9A87C"); empty when the plan gave none.
struct PlanParticipant
{
    QString agentId;
    QString displayName;
    QString avatarColor;
    QString roleInPlan;
    int line = 0; // where it stands in the file (1-based; 0: not known)
    int column = 0;
};

} // namespace capgraph
