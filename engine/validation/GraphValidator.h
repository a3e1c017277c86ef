#pragma once

#include "diagnostics/Diagnostic.h"
#include "model/Graph.h"

#include <QString>
#include <QStringList>

namespace capgraph {

class CapabilityRegistry;

// Static checks ("lint") of a loaded graph. Each finding has a severity, a stable code
// (listed in docs/graph-format.md), the node or edge it is about, and the YAML line and
// column it came from. Findings come out in file order, so output is stable.
class GraphValidator
{
public:
    static Diagnostics validate(const Graph &graph, const QString &fileName = QString());
    // The same, plus the checks that need the capabilities the graph can call (CapabilityLint),
    // all in file order.
    static Diagnostics validate(const Graph &graph, const QString &fileName, const CapabilityRegistry &capabilities);

};

} // namespace capgraph
