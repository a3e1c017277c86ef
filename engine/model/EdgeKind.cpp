#include "model/EdgeKind.h"

namespace capgraph {

QString edgeTypeName(EdgeKind kind)
{
    switch (kind) {
    case EdgeKind::Sequence: return QStringLiteral("sequence");
    case EdgeKind::Conditional: return QStringLiteral("conditional");
    case EdgeKind::Iteration: return QStringLiteral("iteration");
    case EdgeKind::Parallel: return QStringLiteral("parallel");
    case EdgeKind::Unknown: break;
    }
    return {};
}

EdgeKind edgeKindFromTypeName(QStringView typeName)
{
    for (EdgeKind k : {EdgeKind::Sequence, EdgeKind::Conditional, EdgeKind::Iteration, EdgeKind::Parallel})
        if (typeName == edgeTypeName(k))
            return k;
    return EdgeKind::Unknown;
}

QStringList allEdgeTypeNames()
{
    return {QStringLiteral("sequence"), QStringLiteral("conditional"), QStringLiteral("iteration"),
            QStringLiteral("parallel")};
}

} // namespace capgraph
