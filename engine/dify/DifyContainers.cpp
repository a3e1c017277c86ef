// Dify's iteration and loop nodes: their children become a sub-graph (graph.subgraphs) that
// builtin.subgraph runs once per element, or round after round.

#include "dify/DifyImporter_p.h"

#include "model/NodeKind.h"

namespace capgraph::dify {

namespace DE = DifyExpressions;
using Status = DifyNodeReport::Status;

void ScopeMapper::mapContainer(const SourceNode &n, Graph &g, int depth)
{
    const QString id = m_scope.ids.value(n.id);
    const QVariantMap &d = n.data;
    const bool loop = n.type == QLatin1String("loop");
    ScopeMapper child(this);
    QSet<QString> heads;
    ScopeMapper *c = &child;
    QStringList loopVariables;
    if (loop) {
        for (const QVariant &v : d.value(QStringLiteral("loop_variables")).toList()) {
            const QString label = v.toMap().value(QStringLiteral("label")).toString();
            if (label.isEmpty())
                continue;
            loopVariables << label;
            // What a round gives back: the value a node of the round set, else the one it began with.
            child.m_results << qMakePair(label, std::function<QString()>([label] {
                return QStringLiteral("default(%1, input%2)").arg(identifier(QStringLiteral("__loop_") + label), DE::pathStep(label));
            }));
        }
        child.m_results << qMakePair(QStringLiteral("__break"), std::function<QString()>([] { return QStringLiteral("default(__break, false)"); }));
    } else {
        const QVariant out = d.value(QStringLiteral("output_selector"));
        child.m_results << qMakePair(QStringLiteral("output"), std::function<QString()>([c, out, n] { return c->sel(out, n); }));
    }
    Graph sub = child.map(n.id, &m_scope, &heads, depth + 1);
    sub.id = id;
    sub.name = n.title;
    // Before Dify had container start nodes, start_node_id named the first child.
    if (std::none_of(sub.nodes.cbegin(), sub.nodes.cend(), [](const Node &x) { return x.kind == NodeKind::Start; })) {
        Node start;
        start.id = child.ourId(QStringLiteral("start"), {});
        start.type = QStringLiteral("control.start");
        start.kind = NodeKind::Start;
        start.extra.setValue(QStringLiteral("dify_part_of"), n.id);
        sub.nodes.prepend(start);
        const QString first = child.m_scope.ids.value(d.value(QStringLiteral("start_node_id")).toString());
        if (!first.isEmpty()) {
            Edge e;
            e.from = start.id;
            e.to = first;
            sub.edges.prepend(e);
        } else {
            warn(n, QStringLiteral("node '%1' has neither a start node nor a start_node_id among its children").arg(n.id));
        }
    }
    m_shared->subgraphs.append(qMakePair(id, sub));

    Node s = skill(n, id, QStringLiteral("builtin.subgraph"));
    s.inputs.setValue(QStringLiteral("subgraph"), id);
    QStringList sortedHeads(heads.cbegin(), heads.cend());
    sortedHeads.sort();
    for (const QString &h : std::as_const(sortedHeads))
        s.inputs.setValue(h, QStringLiteral("${%1}").arg(h));
    QString how;
    if (loop) {
        s.executionMode = QStringLiteral("iterative");
        s.maxIterations = std::clamp(d.value(QStringLiteral("loop_count"), 1).toInt(), 1, 100000);
        for (const QVariant &v : d.value(QStringLiteral("loop_variables")).toList()) {
            const QVariantMap vm = v.toMap();
            const QString label = vm.value(QStringLiteral("label")).toString();
            if (label.isEmpty())
                continue;
            const QString initial = vm.value(QStringLiteral("value_type")).toString() == QLatin1String("variable")
                ? sel(vm.value(QStringLiteral("value")), n)
                : DE::literal(vm.value(QStringLiteral("value")));
            s.inputs.setValue(label, QStringLiteral("${default(%1%2, %3)}").arg(id, DE::pathStep(label), initial));
            s.outputs << label;
        }
        s.inputs.setValue(QStringLiteral("loop_variables"), loopVariables);
        // The break conditions read the loop's variables as the round left them.
        DifyScope inner;
        inner.containerId = n.id;
        inner.outer = &m_scope;
        QSet<QString> breakHeads;
        inner.outerHeads = &breakHeads;
        QStringList errors;
        QString breakWhen = DE::conditions(d.value(QStringLiteral("break_conditions")).toList(), d.value(QStringLiteral("logical_operator")).toString(),
                                           inner, &errors);
        // [loop, var] reads the variable: in the round's results, `input.var`.
        for (const QString &e : std::as_const(errors))
            warn(n, QStringLiteral("node '%1', break condition: %2").arg(n.id, e));
        if (d.value(QStringLiteral("break_conditions")).toList().isEmpty())
            breakWhen.clear();
        for (const QString &h : std::as_const(breakHeads))
            if (!s.inputs.contains(h))
                s.inputs.setValue(h, QStringLiteral("${%1}").arg(h));
        if (!breakWhen.isEmpty())
            s.inputs.setValue(QStringLiteral("break_when"), breakWhen);
        s.outputs << QStringLiteral("loop_round");
        how = QStringLiteral("builtin.subgraph, iterative: its %1 children run as sub-graph '%2' up to %3 rounds%4")
                  .arg(sub.nodes.size())
                  .arg(id)
                  .arg(*s.maxIterations)
                  .arg(breakWhen.isEmpty() ? QString() : QStringLiteral(", until ") + breakWhen);
    } else {
        s.executionMode = QStringLiteral("parallel");
        s.forEach = sel(d.value(QStringLiteral("iterator_selector")), n);
        const bool parallel = d.value(QStringLiteral("is_parallel")).toBool();
        s.concurrency = parallel ? std::clamp(d.value(QStringLiteral("parallel_nums"), 10).toInt(), 1, 100) : 1;
        s.inputs.setValue(QStringLiteral("item"), QStringLiteral("${item}"));
        s.inputs.setValue(QStringLiteral("index"), QStringLiteral("${index}"));
        const QString mode = d.value(QStringLiteral("error_handle_mode")).toString();
        if (mode == QLatin1String("continue-on-error") || mode == QLatin1String("remove-abnormal-output"))
            s.onError = QStringLiteral("continue");
        s.outputs << QStringLiteral("output");
        how = QStringLiteral("builtin.subgraph over %1 (for_each, %2 at a time): its %3 children run as sub-graph '%4'%5")
                  .arg(s.forEach)
                  .arg(*s.concurrency)
                  .arg(sub.nodes.size())
                  .arg(id, m_scope.flattening.contains(n.id)
                               ? QStringLiteral("; what reads its output reads flatten(%1.output)").arg(id)
                               : QString());
    }
    g.nodes << s;
    report(n, id, Status::Mapped, how);
}

} // namespace capgraph::dify
