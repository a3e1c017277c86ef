#include "model/Edge.h"

namespace capgraph {

SourceLocation Edge::locationOf(const QString &field) const
{
    return fieldLocations.value(field, location);
}

bool Edge::operator==(const Edge &o) const
{
    return from == o.from && to == o.to && type == o.type && kind == o.kind && weight == o.weight
        && condition == o.condition && maxCount == o.maxCount && exitCondition == o.exitCondition
        && syncRequired == o.syncRequired && extra == o.extra;
}

} // namespace capgraph
