#pragma once

#include "expr/ExprToken.h"

#include <QList>
#include <QString>

#include "diagnostics/TranslatableText.h"

namespace capgraph {

// Splits an expression into tokens. Keywords (AND OR NOT IN TRUE FALSE NULL) are matched in
// any case; `&& || !` are the same operators as AND OR NOT.
class ExprLexer
{
public:
    // On failure returns false with a message and the 1-based column of the bad character.
    static bool tokenize(const QString &text, QList<ExprToken> *tokens, TranslatableText *error, int *errorColumn);
};

} // namespace capgraph
