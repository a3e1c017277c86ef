#pragma once

#include "model/ExtraFields.h"
#include "model/SourceLocation.h"

#include <QString>

namespace capgraph {

// One entry of a branch node's `conditions` list (seed 000): the first condition whose
// expression is true sends control to `target`.
struct BranchCondition
{
    QString name;
    QString expression;
    QString target;
    ExtraFields extra;

    SourceLocation location;           // of the list entry
    SourceLocation expressionLocation; // of the expression scalar
    SourceLocation targetLocation;

    bool operator==(const BranchCondition &other) const;
    bool operator!=(const BranchCondition &other) const { return !(*this == other); }
};

} // namespace capgraph
