#include "validation/CapabilityLint.h"

#include "capability/CapabilityRegistry.h"
#include "expr/Expression.h"

#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>

namespace capgraph {

bool CapabilityLint::looksLikeCapability(const QString &skillId)
{
    static const QRegularExpression form(QStringLiteral("^[a-z][a-z0-9_-]*(\\.[a-z][a-z0-9_]*)+(@[0-9][0-9A-Za-z.+-]*)?$"));
    return !skillId.startsWith(QLatin1String("builtin.")) && form.match(skillId).hasMatch();
}

Diagnostics CapabilityLint::check(const Graph &graph, const CapabilityRegistry &capabilities, const QString &fileName)
{
    Diagnostics out;
    const auto report = [&](const QString &code, const TranslatableText &message, const SourceLocation &at, const QString &nodeId, int edge) {
        Diagnostic d = Diagnostic::make(Severity::Warning, code, message, fileName, at.line, at.column);
        d.nodeId = nodeId;
        d.edgeIndex = edge;
        out.append(d);
    };
    QHash<QString, const Capability *> bound; // node id -> its capability
    for (const Node &n : graph.nodes) {
        if (n.kind != NodeKind::Skill || n.skillId.startsWith(QLatin1String("builtin.")))
            continue;
        QString why;
        if (const Capability *c = capabilities.resolve(n.skillId, &why))
            bound.insert(n.id, c);
        else if (n.extra.contains(QStringLiteral("needs_capability")))
            report(QStringLiteral("needs-capability"),
                   CAPGRAPH_TR("capgraph::Lint", "'%1' stands in for %2: it answers with its placeholder outputs until a capability '%3' exists (or a mock says otherwise)")
                       .arg(n.id, n.extra.value(QStringLiteral("needs_capability")).toString(), n.skillId),
                   n.locationOf(QStringLiteral("skill_id")), n.id, -1);
        else if (looksLikeCapability(n.skillId))
            report(QStringLiteral("unknown-capability"),
                   CAPGRAPH_TR("capgraph::Lint", "skill_id '%1' of '%2' resolves to no capability (%3); it runs only with a mock").arg(n.skillId, n.id, why),
                   n.locationOf(QStringLiteral("skill_id")), n.id, -1);
    }
    if (bound.isEmpty())
        return out;
    // A property the input_schema requires (without a default) that the node's `inputs` do
    // not map: the first call would fail on it.
    for (const Node &n : graph.nodes) {
        const Capability *c = bound.value(n.id);
        if (!c)
            continue;
        const QJsonObject properties = c->inputSchema.value(QStringLiteral("properties")).toObject();
        for (const QJsonValue &r : c->inputSchema.value(QStringLiteral("required")).toArray()) {
            const QString property = r.toString();
            if (property.isEmpty() || n.inputs.contains(property)
                || properties.value(property).toObject().contains(QStringLiteral("default")))
                continue;
            report(QStringLiteral("missing-input"),
                   CAPGRAPH_TR("capgraph::Lint", "'%1' does not give '%2', which %3 requires (its input_schema); add it under inputs")
                       .arg(n.id, property, c->reference()),
                   n.inputs.isEmpty() ? n.locationOf(QStringLiteral("skill_id")) : n.locationOf(QStringLiteral("inputs")), n.id, -1);
        }
    }
    const auto checkText = [&](const QString &text, const SourceLocation &at, const TranslatableText &what, const QString &nodeId, int edge) {
        const Expression e = Expression::parse(text);
        if (!e.isValid())
            return; // the graph lint reports the syntax
        for (const NameReference &ref : e.references()) {
            const Capability *c = bound.value(ref.root);
            if (!c || ref.path.isEmpty())
                continue;
            const QJsonObject props = c->outputSchema.value(QStringLiteral("properties")).toObject();
            // error (on_error: continue), item_results and item_errors (parallel) come from the executor.
            static const QStringList added{QStringLiteral("error"), QStringLiteral("item_results"), QStringLiteral("item_errors")};
            if (props.isEmpty() || props.contains(ref.path.first()) || added.contains(ref.path.first()))
                continue;
            report(QStringLiteral("undeclared-output"),
                   CAPGRAPH_TR("capgraph::Lint", "%1 reads %2.%3, but %4's output_schema declares only %5").arg(what, ref.root, ref.path.first(), c->name, props.keys().join(QStringLiteral(", "))),
                   at.atColumn(text, ref.column), nodeId, edge);
        }
    };
    for (const Node &n : graph.nodes)
        for (const BranchCondition &c : n.conditions)
            checkText(c.expression, c.expressionLocation, CAPGRAPH_TR("capgraph::Lint", "branch '%1' condition '%2'").arg(n.id, c.name.isEmpty() ? c.target : c.name), n.id, -1);
    for (int i = 0; i < graph.edges.size(); ++i) {
        const Edge &e = graph.edges.at(i);
        if (!e.condition.isEmpty())
            checkText(e.condition, e.locationOf(QStringLiteral("condition")), CAPGRAPH_TR("capgraph::Lint", "the condition of %1 -> %2").arg(e.from, e.to), QString(), i);
    }
    return out;
}

} // namespace capgraph
