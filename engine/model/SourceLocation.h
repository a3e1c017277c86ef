#pragma once

namespace capgraph {

// Where a value was written in its YAML file (1-based; 0 = built in memory).
// `contentOffset` is 1 when the scalar was quoted, so that a column inside the value
// (an expression's parse error) maps to the right file column.
struct SourceLocation
{
    int line = 0;
    int column = 0;
    int contentOffset = 0;

    bool isValid() const { return line > 0; }
};

} // namespace capgraph
