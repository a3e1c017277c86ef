#pragma once

#include "expr/ExprAst.h"
#include "expr/ExprToken.h"

#include <QList>
#include <QString>

#include "diagnostics/TranslatableText.h"

namespace capgraph {

// Recursive descent, lowest precedence first:
//   or      := and (OR and)*
//   and     := not (AND not)*
//   not     := NOT not | compare
//   compare := sum [(== | != | < | <= | > | >= | IN | NOT IN) sum]    (no chaining)
//   sum     := product ((+ | -) product)*
//   product := unary ((* | / | %) unary)*
//   unary   := - unary | postfix
//   postfix := primary (. name | [ expr ])*
//   primary := number | string | TRUE | FALSE | NULL | name | name ( args ) | ( expr ) | [ items ]
class ExprParser
{
public:
    static bool parse(const QString &text, ExprAst *ast, TranslatableText *error, int *errorColumn);
};

} // namespace capgraph
