#include "exec/RunContext.h"

namespace capgraph {

QVariantMap RunContext::toVariant() const
{
    return {{QStringLiteral("input"), input}, {QStringLiteral("outputs"), outputs}, {QStringLiteral("variables"), variables}};
}

RunContext RunContext::fromVariant(const QVariantMap &map)
{
    return {map.value(QStringLiteral("input")).toMap(), map.value(QStringLiteral("outputs")).toMap(),
            map.value(QStringLiteral("variables")).toMap()};
}

} // namespace capgraph
