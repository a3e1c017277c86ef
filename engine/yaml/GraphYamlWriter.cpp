#include "yaml/GraphYamlWriter.h"
#include "io/AtomicWrite.h"

#include "yaml/YamlFieldsText.h"
#include "io/YamlScalar.h"
#include "io/YamlValue.h"


namespace capgraph {

namespace {

class Out
{
public:
    QString text;

    void line(int indent, const QString &s)
    {
        if (!s.isEmpty())
            text += QString(indent, QLatin1Char(' ')) + s;
        text += QLatin1Char('\n');
    }
    void blank() { text += QLatin1Char('\n'); }

    // `key: value` where value is canonical YAML text of any shape.
    void extra(int indent, const QString &prefix, const ExtraFields::Field &f) { appendYamlField(text, indent, prefix, f); }
    void stringList(int indent, const QString &key, const QStringList &items)
    {
        if (items.isEmpty()) {
            line(indent, key + QStringLiteral(": []"));
            return;
        }
        line(indent, key + QLatin1Char(':'));
        for (const QString &s : items)
            line(indent + 2, QStringLiteral("- ") + yamlString(s));
    }
};

void writeNode(Out &o, const Node &n)
{
    // List entries: "- " on the first key, the others aligned under it.
    const int ind = 6;
    bool first = true;
    auto key = [&](const QString &k, const QString &value) {
        o.line(first ? 4 : ind, (first ? QStringLiteral("- ") : QString()) + k + QStringLiteral(": ") + value);
        first = false;
    };
    key(QStringLiteral("id"), yamlString(n.id));
    key(QStringLiteral("type"), yamlString(n.type));
    if (!n.label.isEmpty())
        key(QStringLiteral("label"), yamlString(n.label));
    if (!n.skillId.isEmpty())
        key(QStringLiteral("skill_id"), yamlString(n.skillId));
    if (!n.executionMode.isEmpty())
        key(QStringLiteral("execution_mode"), yamlString(n.executionMode));
    if (n.maxIterations)
        key(QStringLiteral("max_iterations"), QString::number(*n.maxIterations));
    if (n.timeout)
        key(QStringLiteral("timeout"), yamlNumber(*n.timeout));
    if (!n.outputs.isEmpty())
        o.stringList(ind, QStringLiteral("outputs"), n.outputs);
    if (!n.inputs.isEmpty()) {
        o.line(ind, QStringLiteral("inputs:"));
        for (const auto &f : n.inputs.fields())
            o.extra(ind + 2, QString(), f);
    }
    if (!n.forEach.isEmpty())
        key(QStringLiteral("for_each"), yamlDoubleQuoted(n.forEach));
    if (n.concurrency)
        key(QStringLiteral("concurrency"), QString::number(*n.concurrency));
    if (n.retryAttempts || n.retryBackoff || n.retryMultiplier) {
        QStringList parts;
        if (n.retryAttempts)
            parts << QStringLiteral("max_attempts: %1").arg(*n.retryAttempts);
        if (n.retryBackoff)
            parts << QStringLiteral("backoff: ") + yamlNumber(*n.retryBackoff);
        if (n.retryMultiplier)
            parts << QStringLiteral("multiplier: ") + yamlNumber(*n.retryMultiplier);
        key(QStringLiteral("retry"), QStringLiteral("{") + parts.join(QStringLiteral(", ")) + QStringLiteral("}"));
    }
    if (!n.onError.isEmpty())
        key(QStringLiteral("on_error"), yamlString(n.onError));
    if (!n.conditions.isEmpty()) {
        o.line(ind, QStringLiteral("conditions:"));
        for (const BranchCondition &c : n.conditions) {
            bool firstKey = true;
            auto ckey = [&](const QString &k, const QString &value) {
                o.line(firstKey ? ind + 2 : ind + 4, (firstKey ? QStringLiteral("- ") : QString()) + k + QStringLiteral(": ") + value);
                firstKey = false;
            };
            if (!c.name.isEmpty())
                ckey(QStringLiteral("name"), yamlString(c.name));
            if (!c.expression.isEmpty())
                ckey(QStringLiteral("expression"), yamlDoubleQuoted(c.expression));
            if (!c.target.isEmpty())
                ckey(QStringLiteral("target"), yamlString(c.target));
            for (const auto &f : c.extra.fields()) {
                o.extra(firstKey ? ind + 2 : ind + 4, firstKey ? QStringLiteral("- ") : QString(), f);
                firstKey = false;
            }
            if (firstKey) // a condition with nothing in it still holds its place (lint reports it)
                o.line(ind + 2, QStringLiteral("- {}"));
        }
    }
    if (!n.defaultTarget.isEmpty())
        key(QStringLiteral("default"), yamlString(n.defaultTarget));
    if (!n.select.isEmpty())
        key(QStringLiteral("select"), yamlString(n.select));
    if (!n.loopStart.isEmpty())
        key(QStringLiteral("loop_start"), yamlString(n.loopStart));
    if (!n.prompt.isEmpty())
        key(QStringLiteral("prompt"), yamlDoubleQuoted(n.prompt));
    if (!n.optionsFrom.isEmpty())
        key(QStringLiteral("options_from"), yamlString(n.optionsFrom));
    if (!n.options.isEmpty())
        o.stringList(ind, QStringLiteral("options"), n.options);
    if (n.multiple)
        key(QStringLiteral("multiple"), QStringLiteral("true"));
    if (n.minChoices)
        key(QStringLiteral("min"), QString::number(*n.minChoices));
    if (n.maxChoices)
        key(QStringLiteral("max"), QString::number(*n.maxChoices));
    if (n.position)
        key(QStringLiteral("position"), QStringLiteral("{x: %1, y: %2}")
                                            .arg(yamlNumber(n.position->x()), yamlNumber(n.position->y())));
    for (const auto &f : n.extra.fields())
        o.extra(ind, QString(), f);
}

void writeEdge(Out &o, const Edge &e)
{
    const int ind = 6;
    o.line(4, QStringLiteral("- from: ") + yamlString(e.from));
    o.line(ind, QStringLiteral("to: ") + yamlString(e.to));
    o.line(ind, QStringLiteral("type: ") + yamlString(e.type));
    if (e.weight)
        o.line(ind, QStringLiteral("weight: ") + yamlNumber(*e.weight));
    if (!e.condition.isEmpty())
        o.line(ind, QStringLiteral("condition: ") + yamlDoubleQuoted(e.condition));
    if (e.maxCount)
        o.line(ind, QStringLiteral("max_count: ") + QString::number(*e.maxCount));
    if (!e.exitCondition.isEmpty())
        o.line(ind, QStringLiteral("exit_condition: ") + yamlDoubleQuoted(e.exitCondition));
    if (e.syncRequired)
        o.line(ind, QStringLiteral("sync_required: ") + (*e.syncRequired ? QStringLiteral("true") : QStringLiteral("false")));
    for (const auto &f : e.extra.fields())
        o.extra(ind, QString(), f);
}

} // namespace

QByteArray GraphYamlWriter::toYaml(const Graph &graph)
{
    Out o;
    for (const QString &c : graph.headerComment)
        o.line(0, c);
    if (!graph.headerComment.isEmpty())
        o.blank();
    o.line(0, QStringLiteral("graph:"));
    o.line(2, QStringLiteral("id: ") + yamlString(graph.id));
    if (!graph.name.isEmpty())
        o.line(2, QStringLiteral("name: ") + yamlString(graph.name));
    if (!graph.version.isEmpty())
        o.line(2, QStringLiteral("version: ") + yamlDoubleQuoted(graph.version));
    if (!graph.description.isEmpty())
        o.line(2, QStringLiteral("description: ") + yamlDoubleQuoted(graph.description));
    if (!graph.inputs.isEmpty()) {
        o.line(2, QStringLiteral("inputs:"));
        for (const auto &f : graph.inputs.fields())
            o.extra(4, QString(), f);
    }
    if (graph.pricing)
        o.line(2, QStringLiteral("pricing: ") + graph.pricing->toYamlFlow());
    if (!graph.preferredDepth.isEmpty() || graph.availableTime) {
        QStringList parts;
        if (!graph.preferredDepth.isEmpty())
            parts << QStringLiteral("preferred_depth: ") + yamlString(graph.preferredDepth);
        if (graph.availableTime)
            parts << QStringLiteral("available_time: ") + QString::number(*graph.availableTime, 'g', 12);
        o.line(2, QStringLiteral("execution_context: {%1}").arg(parts.join(QStringLiteral(", "))));
    }
    for (const auto &f : graph.extra.fields())
        o.extra(2, QString(), f);

    o.blank();
    if (graph.nodes.isEmpty()) {
        o.line(2, QStringLiteral("nodes: []"));
    } else {
        o.line(2, QStringLiteral("nodes:"));
        for (qsizetype i = 0; i < graph.nodes.size(); ++i) {
            if (i > 0)
                o.blank();
            writeNode(o, graph.nodes.at(i));
        }
    }

    o.blank();
    if (graph.edges.isEmpty()) {
        o.line(2, QStringLiteral("edges: []"));
    } else {
        o.line(2, QStringLiteral("edges:"));
        for (qsizetype i = 0; i < graph.edges.size(); ++i) {
            if (i > 0)
                o.blank();
            writeEdge(o, graph.edges.at(i));
        }
    }

    if (!graph.frames.isEmpty()) {
        o.blank();
        o.line(2, QStringLiteral("frames:"));
        for (const Frame &f : graph.frames) {
            o.line(4, QStringLiteral("- id: ") + yamlString(f.id));
            if (!f.title.isEmpty())
                o.line(6, QStringLiteral("title: ") + yamlDoubleQuoted(f.title));
            QStringList ids;
            for (const QString &id : f.nodes)
                ids << yamlString(id);
            o.line(6, QStringLiteral("nodes: [%1]").arg(ids.join(QStringLiteral(", "))));
            if (!f.color.isEmpty())
                o.line(6, QStringLiteral("color: ") + yamlDoubleQuoted(f.color));
            for (const auto &x : f.extra.fields())
                o.extra(6, QString(), x);
        }
    }
    if (!graph.notes.isEmpty()) {
        o.blank();
        o.line(2, QStringLiteral("notes:"));
        for (const Note &n : graph.notes) {
            o.line(4, QStringLiteral("- id: ") + yamlString(n.id));
            o.line(6, QStringLiteral("text: ") + yamlDoubleQuoted(n.text));
            o.line(6, QStringLiteral("position: {x: %1, y: %2}").arg(yamlNumber(n.position.x()), yamlNumber(n.position.y())));
            o.line(6, QStringLiteral("size: {width: %1, height: %2}").arg(yamlNumber(n.size.width()), yamlNumber(n.size.height())));
            for (const auto &x : n.extra.fields())
                o.extra(6, QString(), x);
        }
    }
    if (!graph.metadata.isEmpty()) {
        o.blank();
        o.line(2, QStringLiteral("metadata:"));
        for (const auto &f : graph.metadata.fields())
            o.extra(4, QString(), f);
    }
    for (const auto &f : graph.documentExtra.fields()) {
        o.blank();
        o.extra(0, QString(), f);
    }
    return o.text.toUtf8();
}

bool GraphYamlWriter::writeFile(const Graph &graph, const QString &path, QString *error)
{
    return writeFileAtomically(path, toYaml(graph), error);
}

} // namespace capgraph
