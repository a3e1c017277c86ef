#pragma once

#include "model/Graph.h"

#include <QSet>
#include <QString>

namespace capgraph {

// Which results of a run no longer describe the graph (docs/studio.md, "Stale results"): a node
// changed since the run (any of its properties but its position, or an edge into it added,
// removed or changed) and every node downstream of it (along the graph's flow as it is now),
// among the nodes the run executed. Changing the graph back (undo) makes them current again.
namespace StaleResults {

QSet<QString> of(const Graph &ran, const Graph &now, const QSet<QString> &ranNodes);

} // namespace StaleResults

} // namespace capgraph
