#pragma once

namespace capgraph {

// Where a value was written in its YAML file (1-based, columns in characters; 0 = built in
// memory). `contentOffset` is 1 when the scalar was quoted. `exact` is true when the value
// stands in the file character for character on one line (no escapes, no folding), so a
// column inside it (an expression's parse error) maps onto the file.
struct SourceLocation
{
    int line = 0;
    int column = 0;
    int contentOffset = 0;
    bool exact = false;

    bool isValid() const { return line > 0; }
};

} // namespace capgraph
