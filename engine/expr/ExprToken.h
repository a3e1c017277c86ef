#pragma once

#include <QString>

namespace capgraph {

enum class ExprTokenType {
    End, Number, String, Ident,
    Dot, Comma, LParen, RParen, LBracket, RBracket,
    Plus, Minus, Star, Slash, Percent,
    Eq, Ne, Lt, Le, Gt, Ge,
    And, Or, Not, In, True, False, Null,
};

struct ExprToken
{
    ExprTokenType type = ExprTokenType::End;
    QString text;      // identifier name, string contents, or the operator as written
    double number = 0;
    int column = 1;    // 1-based, in the expression text
};

} // namespace capgraph
