#pragma once

#include "expr/ExprEvaluator.h"
#include "diagnostics/TranslatableText.h"
#include "expr/ExpressionContext.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <memory>

namespace capgraph {

struct ExprAst;

// A name an expression reads: `result_count`, or `search.result_count` (root "search",
// path ["result_count"]). `guarded` is true inside exists()/default(), where a missing
// name is expected.
struct NameReference
{
    QString root;
    QStringList path;
    int column = 1;
    bool guarded = false;
};

// A parsed condition expression (see docs/graph-format.md, "Expressions"). Cheap to copy;
// parse once, evaluate many times.
class Expression
{
public:
    Expression() = default;
    static Expression parse(const QString &text);

    bool isValid() const { return m_ast != nullptr; }
    const QString &text() const { return m_text; }
    QString errorMessage() const { return m_error.english(); }
    // The message as a template (for the studio, which shows it translated).
    const TranslatableText &errorText() const { return m_error; }
    int errorColumn() const { return m_errorColumn; } // 1-based

    EvalResult evaluate(const ExpressionContext &context) const;
    EvalResult evaluate(const QVariantMap &context) const;

    QList<NameReference> references() const;

private:
    QString m_text;
    std::shared_ptr<const ExprAst> m_ast;
    TranslatableText m_error;
    int m_errorColumn = 0;
};

} // namespace capgraph
