#pragma once

#include "expr/ExprAst.h"
#include "expr/ExpressionContext.h"

#include <QString>
#include <QVariant>

namespace capgraph {

struct EvalResult
{
    QVariant value;
    QString error;   // empty on success
    int column = 0;  // where in the expression the error arose (1-based)
    bool missing = false; // the error is that a name, field or index does not exist (yet)

    bool ok() const { return error.isEmpty(); }
};

// Walks an ExprAst. Never throws: type errors, missing names, bad indexes and division by
// zero come back as EvalResult::error with the column of the offending part.
class ExprEvaluator
{
public:
    static EvalResult evaluate(const ExprAst &ast, const ExpressionContext &context);
};

} // namespace capgraph
