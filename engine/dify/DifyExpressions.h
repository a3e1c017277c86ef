#pragma once

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace capgraph {

// Where a Dify variable reference (`{{#1717.text#}}`, a selector ["1717", "text"]) points in a
// capability graph, for the graph a Dify node's reference is read in: the app itself, or the
// sub-graph that runs an iteration's children.
struct DifyScope
{
    QHash<QString, QString> ids; // Dify node id -> our node id, for the nodes of this graph
    QString startId;             // the Dify start node: its variables are the run's `input`
    QString containerId;         // inside an iteration: its Dify id (`[id, item]` is the element)
    QSet<QString> failing;       // nodes with an error strategy: their error_message is our `error`
    QSet<QString> flattening;    // iterations whose `output` Dify flattens (flatten_output, true unless set false)
    const DifyScope *outer = nullptr; // the enclosing graph, whose values come in as the child's input
    QSet<QString> *outerHeads = nullptr; // the enclosing graph's names the children read (filled)
};

// Turns Dify's references into CapGraph expressions and templates (docs/dify.md, "References").
namespace DifyExpressions {

// A name as an expression path step: `.name`, or `['name']` when it is no identifier.
QString pathStep(const QString &name);
// An expression literal: 'text' with quotes and backslashes escaped, a number, true/false/null,
// or a list of them.
QString literal(const QVariant &value);
// The expression a selector reads; `error` is set when its node is not known here.
QString selector(const QStringList &selector, const DifyScope &scope, QString *error = nullptr);
// `default(read, fallback)` for what selector() gave: the fallback when the value is missing
// or null. An iteration's flattened output, `flatten(path)`, becomes flatten(default(path,
// fallback)): default() takes a path, and flatten() gives anything but a list back as it is.
QString orDefault(const QString &read, const QString &fallback);
// A Dify text with `{{#node.var#}}` references as a `${...}` template (a literal `${` kept as
// such). `context`: what `{{#context#}}` reads (an LLM node's context), when set.
QString templateText(const QString &text, const DifyScope &scope, QStringList *errors = nullptr, const QString &context = {});
// Whether `text` is exactly one reference; its selector then.
bool isSingleReference(const QString &text, QStringList *selector = nullptr);
// One if-else condition ({variable_selector, comparison_operator, value}) as an expression;
// empty with `error` for an operator Dify does not have.
QString condition(const QVariantMap &condition, const DifyScope &scope, QString *error);
// A case's conditions joined with its logical operator (and | or).
QString conditions(const QVariantList &conditions, const QString &logicalOperator, const DifyScope &scope, QStringList *errors);
// The comparison operators Dify's if-else offers, as it writes them.
const QStringList &comparisonOperators();

} // namespace DifyExpressions

} // namespace capgraph
