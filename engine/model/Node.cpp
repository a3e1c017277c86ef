#include "model/Node.h"

namespace capgraph {

SourceLocation Node::locationOf(const QString &field) const
{
    return fieldLocations.value(field, location);
}

bool Node::operator==(const Node &o) const
{
    return id == o.id && type == o.type && kind == o.kind && label == o.label && skillId == o.skillId
        && executionMode == o.executionMode && maxIterations == o.maxIterations
        && timeout == o.timeout && outputs == o.outputs && inputs == o.inputs && forEach == o.forEach
        && concurrency == o.concurrency && retryAttempts == o.retryAttempts && retryBackoff == o.retryBackoff
        && retryMultiplier == o.retryMultiplier && onError == o.onError && conditions == o.conditions
        && defaultTarget == o.defaultTarget && select == o.select && loopStart == o.loopStart && prompt == o.prompt
        && optionsFrom == o.optionsFrom && options == o.options && multiple == o.multiple
        && minChoices == o.minChoices && maxChoices == o.maxChoices && position == o.position
        && extra == o.extra;
}

} // namespace capgraph
