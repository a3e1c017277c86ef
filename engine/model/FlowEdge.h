#pragma once

#include "model/EdgeKind.h"

#include <QString>

namespace capgraph {

// A way control can flow from one node to another: an explicit edge, or a branch
// condition's `target` (the seed's example routes branches through their conditions only).
struct FlowEdge
{
    enum class Origin { Edge, Condition, Default };

    QString from;
    QString to;
    Origin origin = Origin::Edge;
    EdgeKind kind = EdgeKind::Sequence;
    int edgeIndex = -1;      // Origin::Edge: index in Graph::edges
    int conditionIndex = -1; // Origin::Condition: index in the branch's conditions
};

} // namespace capgraph
