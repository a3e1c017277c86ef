#pragma once

#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QVariant>

namespace capgraph {

enum class ExprOp {
    Literal, Name, Member, Index, List, Call,
    Negate, Plus, Not, And, Or,
    Add, Sub, Mul, Div, Mod,
    Eq, Ne, Lt, Le, Gt, Ge, In, NotIn,
};

// A parsed expression as a flat array (children by index): compact, cheap to copy
// into a shared pointer and quick to walk for the executor's hot path.
struct ExprNode
{
    ExprOp op = ExprOp::Literal;
    int column = 1;        // 1-based position of the operator/operand in the text
    QVariant literal;      // Literal
    QString name;          // Name, Member (field name), Call (function name)
    int lhs = -1;          // operand / base / left side
    int rhs = -1;          // right side / index
    QList<int> args;       // List items, Call arguments
    int function = -1;     // Call: index into the function table
    QRegularExpression regex; // Call to matches() with a literal pattern, compiled once
};

struct ExprAst
{
    QList<ExprNode> nodes;
    int root = -1;
};

} // namespace capgraph
