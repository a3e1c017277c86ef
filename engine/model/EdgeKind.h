#pragma once

#include <QString>
#include <QStringList>

namespace capgraph {

// The edge types of seed 000.
enum class EdgeKind { Unknown, Sequence, Conditional, Iteration, Parallel };

QString edgeTypeName(EdgeKind kind);
EdgeKind edgeKindFromTypeName(QStringView typeName);
QStringList allEdgeTypeNames();

} // namespace capgraph
