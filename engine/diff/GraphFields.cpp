#include "diff/GraphFields.h"

#include "model/Graph.h"

namespace capgraph {

namespace {

class Fields
{
public:
    void text(const QString &name, const QString &value)
    {
        if (!value.isEmpty())
            m_fields.append({name, value});
    }
    template<typename T>
    void number(const QString &name, const std::optional<T> &value)
    {
        if (value)
            m_fields.append({name, std::is_integral_v<T> ? QVariant(qlonglong(*value)) : QVariant(double(*value))});
    }
    void list(const QString &name, const QStringList &value)
    {
        if (!value.isEmpty())
            m_fields.append({name, QVariant(value).toList()});
    }
    void value(const QString &name, const QVariant &value) { m_fields.append({name, value}); }
    // One field per key, "prefix.key" (the bare key without a prefix), sorted by key: the
    // order a mapping is written in is not part of its meaning.
    void extra(const QString &prefix, const ExtraFields &fields)
    {
        QStringList keys = fields.keys();
        keys.sort();
        for (const QString &key : keys)
            m_fields.append({prefix.isEmpty() ? key : prefix + QLatin1Char('.') + key, fields.value(key)});
    }

    QList<GraphFields::Field> take() { return std::move(m_fields); }

private:
    QList<GraphFields::Field> m_fields;
};

} // namespace

QString GraphFields::nodeType(const Node &node)
{
    return node.kind == NodeKind::Unknown ? node.type : canonicalTypeName(node.kind);
}

QString GraphFields::edgeType(const Edge &edge)
{
    return edge.kind == EdgeKind::Unknown ? edge.type : edgeTypeName(edge.kind);
}

QList<GraphFields::Field> GraphFields::ofGraph(const Graph &graph)
{
    Fields f;
    f.text(QStringLiteral("id"), graph.id);
    f.text(QStringLiteral("name"), graph.name);
    f.text(QStringLiteral("version"), graph.version);
    f.text(QStringLiteral("description"), graph.description);
    f.extra(QStringLiteral("inputs"), graph.inputs);
    f.text(QStringLiteral("execution_context.preferred_depth"), graph.preferredDepth);
    f.number(QStringLiteral("execution_context.available_time"), graph.availableTime);
    if (graph.pricing) {
        const Pricing &p = *graph.pricing;
        if (p.split) {
            f.value(QStringLiteral("pricing.per_1k_prompt_tokens"), p.perThousandPrompt);
            f.value(QStringLiteral("pricing.per_1k_completion_tokens"), p.perThousandCompletion);
        } else {
            f.value(QStringLiteral("pricing.per_1k_tokens"), p.perThousandPrompt);
        }
        f.value(QStringLiteral("pricing.currency"), p.currency);
    }
    f.extra(QStringLiteral("metadata"), graph.metadata);
    f.extra(QString(), graph.extra);
    f.extra(QStringLiteral("document"), graph.documentExtra);
    for (const Frame &frame : graph.frames) {
        const QString at = QStringLiteral("frames.%1.").arg(frame.id);
        f.value(at + QStringLiteral("title"), frame.title);
        QStringList members = frame.nodes; // a set: the order is not a difference
        members.sort();
        f.list(at + QStringLiteral("nodes"), members);
        f.text(at + QStringLiteral("color"), frame.color);
        f.extra(at.chopped(1), frame.extra);
    }
    for (const Note &note : graph.notes) {
        const QString at = QStringLiteral("notes.%1.").arg(note.id);
        f.value(at + QStringLiteral("text"), note.text);
        f.extra(at.chopped(1), note.extra);
    }
    return f.take();
}

QList<GraphFields::Field> GraphFields::ofNode(const Node &n)
{
    Fields f;
    f.value(QStringLiteral("type"), nodeType(n));
    f.text(QStringLiteral("label"), n.label);
    f.text(QStringLiteral("skill_id"), n.skillId);
    f.text(QStringLiteral("execution_mode"), n.executionMode);
    f.number(QStringLiteral("max_iterations"), n.maxIterations);
    f.number(QStringLiteral("timeout"), n.timeout);
    f.list(QStringLiteral("outputs"), n.outputs);
    f.extra(QStringLiteral("inputs"), n.inputs);
    f.text(QStringLiteral("for_each"), n.forEach);
    f.number(QStringLiteral("concurrency"), n.concurrency);
    f.number(QStringLiteral("retry.max_attempts"), n.retryAttempts);
    f.number(QStringLiteral("retry.backoff"), n.retryBackoff);
    f.number(QStringLiteral("retry.multiplier"), n.retryMultiplier);
    f.text(QStringLiteral("on_error"), n.onError);
    f.text(QStringLiteral("default"), n.defaultTarget);
    f.text(QStringLiteral("select"), n.select);
    f.text(QStringLiteral("loop_start"), n.loopStart);
    f.text(QStringLiteral("prompt"), n.prompt);
    f.text(QStringLiteral("options_from"), n.optionsFrom);
    f.list(QStringLiteral("options"), n.options);
    if (n.multiple)
        f.value(QStringLiteral("multiple"), true);
    f.number(QStringLiteral("min"), n.minChoices);
    f.number(QStringLiteral("max"), n.maxChoices);
    f.extra(QString(), n.extra);
    return f.take();
}

QList<GraphFields::Field> GraphFields::ofCondition(const BranchCondition &c)
{
    Fields f;
    f.text(QStringLiteral("expression"), c.expression);
    f.text(QStringLiteral("target"), c.target);
    f.extra(QString(), c.extra);
    return f.take();
}

QList<GraphFields::Field> GraphFields::ofEdge(const Edge &e)
{
    Fields f;
    f.number(QStringLiteral("weight"), e.weight);
    f.text(QStringLiteral("condition"), e.condition);
    f.number(QStringLiteral("max_count"), e.maxCount);
    f.text(QStringLiteral("exit_condition"), e.exitCondition);
    if (e.syncRequired)
        f.value(QStringLiteral("sync_required"), *e.syncRequired);
    f.extra(QString(), e.extra);
    return f.take();
}

} // namespace capgraph
