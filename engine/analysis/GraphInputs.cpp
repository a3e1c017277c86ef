#include "analysis/GraphInputs.h"

#include "expr/ExprTemplate.h"
#include "expr/Expression.h"

#include "capability/CapabilityRegistry.h"
#include "io/YamlValue.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

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
    // `graph.input_schema` (a JSON Schema of the run's input, as an imported Dify app's start
    // form gives it): its properties come first, in its order, each with its type, title or
    // description, choices, default and whether it is required.
    if (graph.extra.contains(QStringLiteral("input_schema"))) {
        try {
            const YAML::Node schema = loadYaml(graph.extra.yaml(QStringLiteral("input_schema")).toStdString());
            const YAML::Node required = schema["required"];
            for (const auto &p : schema["properties"]) {
                const QString name = QString::fromStdString(p.first.as<std::string>(""));
                if (name.isEmpty() || !p.second.IsMap())
                    continue;
                const QVariantMap prop = yamlNodeToVariant(p.second).toMap();
                GraphInput &in = c.input(name);
                in.type = prop.value(QStringLiteral("type")).toString();
                const QString title = prop.value(QStringLiteral("title")).toString();
                const QString description = prop.value(QStringLiteral("description")).toString();
                in.description = title.isEmpty() ? description : description.isEmpty() ? title : title + QStringLiteral(": ") + description;
                for (const QVariant &choice : prop.value(QStringLiteral("enum")).toList())
                    in.choices << choice.toString();
                if (prop.contains(QStringLiteral("default")))
                    in.defaultValue = prop.value(QStringLiteral("default"));
                if (required && required.IsSequence())
                    for (const YAML::Node &r : required)
                        in.required = in.required || QString::fromStdString(r.as<std::string>("")) == name;
                in.declared = true;
            }
        } catch (const YAML::Exception &) {
            // Not a schema: nothing to describe the inputs with.
        }
    }
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
                if (in.name != m.captured(1) || !in.describedBy.isEmpty() || in.declared)
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
