#include "model/BranchCondition.h"

namespace capgraph {

bool BranchCondition::operator==(const BranchCondition &other) const
{
    return name == other.name && expression == other.expression && target == other.target
        && extra == other.extra;
}

} // namespace capgraph
