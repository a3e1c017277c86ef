#pragma once

#include <QString>
#include <QList>
#include <QStringView>

#include <algorithm>

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

    // Where column `exprColumn` (1-based, UTF-16 units) of the value's text `text` stands in
    // the file: exact values map character for character; others give the value's start.
    SourceLocation atColumn(const QString &text, int exprColumn) const
    {
        SourceLocation at = *this;
        if (isValid() && exact) // file columns count characters
            at.column += contentOffset + int(QStringView(text).left(std::max(0, exprColumn - 1)).toUcs4().size());
        return at;
    }
};

} // namespace capgraph
