#pragma once

#include "expr/Expression.h"

#include <QList>
#include <QString>
#include <QVariant>

namespace capgraph {

// A string with `${expression}` holes, as used by skill `inputs` and builtin.template:
// "Summary of ${input.topic}: ${len(results)} papers". A template that is exactly one hole
// yields the expression's value with its type (a list stays a list); otherwise the parts
// are joined as text. `$${` writes a literal `${`.
class ExprTemplate
{
public:
    static ExprTemplate parse(const QString &text);

    bool isValid() const { return m_error.isEmpty(); }
    QString errorMessage() const { return m_error.english(); }
    const TranslatableText &errorText() const { return m_error; }
    int errorColumn() const { return m_errorColumn; } // 1-based, in the template text
    bool hasExpressions() const;

    EvalResult evaluate(const ExpressionContext &context) const;
    // Every expression's name references, with columns mapped into the template text.
    QList<NameReference> references() const;

private:
    struct Part
    {
        QString literal;
        Expression expression; // valid when this part is a hole
        int column = 0;        // of the hole's first character after `${`
    };
    QList<Part> m_parts;
    TranslatableText m_error;
    int m_errorColumn = 0;
};

} // namespace capgraph
