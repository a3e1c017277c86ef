#include "analysis/GraphInputs.h"

#include "expr/ExprTemplate.h"
#include "expr/Expression.h"

#include "capability/CapabilityRegistry.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

namespace capgraph {

namespace {
class Collector
{
public:
    QList<GraphInput> inputs;

    void expression(const QString &text)
    {
        if (text.trimmed().isEmpty())
            return;
        const Expression e = Expression::parse(text);
        if (!e.isValid())
            return;
        for (const NameReference &r : e.references())
            note(r);
        // input.x == 'literal' (or the other way round): a choice for x.
        static const QRegularExpression compare(
            QStringLiteral(R"re(input\.([A-Za-z_]\w*)\s*[!=]=\s*(?:'([^']*)'|"([^"]*)")|(?:'([^']*)'|"([^"]*)")\s*[!=]=\s*input\.([A-Za-z_]\w*))re"));
        for (auto it = compare.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            const QString name = !m.captured(1).isEmpty() ? m.captured(1) : m.captured(6);
            QString value = m.captured(2);
            for (int k : {3, 4, 5})
                if (value.isEmpty() && m.capturedStart(k) >= 0)
                    value = m.captured(k);
            GraphInput &in = entry(name);
            if (!in.choices.contains(value))
                in.choices.append(value);
        }
    }

    void templ(const QString &text)
    {
        if (!text.contains(QLatin1String("${")))
            return;
        for (const NameReference &r : ExprTemplate::parse(text).references())
            note(r);
    }

    GraphInput &input(const QString &name) { return entry(name); }

private:
    void note(const NameReference &r)
    {
        if (r.root == QLatin1String("input") && !r.path.isEmpty())
            entry(r.path.first());
    }
    GraphInput &entry(const QString &name)
    {
        for (GraphInput &in : inputs)
            if (in.name == name)
                return in;
        {
            GraphInput in;
            in.name = name;
            inputs.append(in);
        }
        return inputs.last();
    }
};
} // namespace

QList<GraphInput> GraphInputs::of(const Graph &graph)
{
    Collector c;
    for (const Node &n : graph.nodes) {
        for (const BranchCondition &b : n.conditions)
            c.expression(b.expression);
        c.expression(n.forEach);
        c.templ(n.prompt);
        for (const ExtraFields::Field &f : n.inputs.fields())
            c.templ(f.yaml);
    }
    for (const Edge &e : graph.edges) {
        c.expression(e.condition);
        c.expression(e.exitCondition);
    }
    // The graph's own default run input: its values are the defaults (a key the graph does
    // not read is still an input the run gets).
    for (const ExtraFields::Field &f : graph.inputs.fields())
        c.input(f.key).defaultValue = graph.inputs.value(f.key);
    return c.inputs;
}

QList<GraphInput> GraphInputs::of(const Graph &graph, const CapabilityRegistry &capabilities)
{
    QList<GraphInput> inputs = of(graph);
    // "key: ${input.name}" passed to a capability: its input_schema's `key` describes `name`.
    static const QRegularExpression whole(QStringLiteral(R"re(^\s*\$\{\s*input\.([A-Za-z_]\w*)\s*\}\s*$)re"));
    for (const Node &n : graph.nodes) {
        if (n.kind != NodeKind::Skill)
            continue;
        const Capability *cap = capabilities.resolve(n.skillId);
        if (!cap)
            continue;
        const QJsonObject properties = cap->inputSchema.value(QStringLiteral("properties")).toObject();
        const QJsonArray required = cap->inputSchema.value(QStringLiteral("required")).toArray();
        for (const ExtraFields::Field &f : n.inputs.fields()) {
            const QRegularExpressionMatch m = whole.match(n.inputs.value(f.key).toString());
            if (!m.hasMatch() || !properties.contains(f.key))
                continue;
            for (GraphInput &in : inputs) {
                if (in.name != m.captured(1) || !in.describedBy.isEmpty())
                    continue;
                const QJsonObject p = properties.value(f.key).toObject();
                in.type = p.value(QStringLiteral("type")).toString();
                in.description = p.value(QStringLiteral("description")).toString();
                if (!in.defaultValue.isValid()) // the graph's own default comes first
                    in.defaultValue = p.value(QStringLiteral("default")).toVariant();
                in.required = required.contains(QJsonValue(f.key)) && !in.defaultValue.isValid();
                in.describedBy = cap->name;
                for (const QJsonValue &e : p.value(QStringLiteral("enum")).toArray())
                    if (!in.choices.contains(e.toVariant().toString()))
                        in.choices.append(e.toVariant().toString());
            }
        }
    }
    return inputs;
}

QVariantMap GraphInputs::completed(const Graph &graph, const CapabilityRegistry &capabilities, QVariantMap input)
{
    for (const ExtraFields::Field &f : graph.inputs.fields())
        if (!input.contains(f.key))
            input.insert(f.key, graph.inputs.value(f.key));
    return withDefaults(of(graph, capabilities), std::move(input));
}

QVariantMap GraphInputs::withDefaults(const QList<GraphInput> &inputs, QVariantMap input)
{
    for (const GraphInput &in : inputs) {
        if (!in.defaultValue.isValid() || in.defaultValue.isNull())
            continue;
        const auto it = input.constFind(in.name);
        if (it == input.constEnd() || it->isNull())
            input.insert(in.name, in.defaultValue);
    }
    return input;
}

} // namespace capgraph
