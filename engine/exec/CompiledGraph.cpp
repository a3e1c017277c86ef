#include "exec/CompiledGraph.h"

#include "analysis/GraphTopology.h"

namespace capgraph {

namespace {
// `what` names the expression in an error; it is only built when there is one.
template<typename What>
Expression compileExpr(const QString &text, What what, QStringList *errors)
{
    if (text.isEmpty())
        return {};
    Expression e = Expression::parse(text);
    if (!e.isValid())
        errors->append(QStringLiteral("%1: %2 (column %3 of \"%4\")").arg(what(), e.errorMessage()).arg(e.errorColumn()).arg(text));
    return e;
}
} // namespace

CompiledGraph CompiledGraph::compile(const Graph &graph, QStringList *errors)
{
    CompiledGraph g;
    g.nodes.reserve(graph.nodes.size());
    QList<int> compiled(graph.nodes.size(), -1); // file index -> compiled index; -1 for duplicates
    for (int i = 0; i < graph.nodes.size(); ++i) {
        const Node &n = graph.nodes.at(i);
        if (g.index.contains(n.id)) {
            errors->append(QStringLiteral("duplicate node id '%1'").arg(n.id));
            continue;
        }
        compiled[i] = int(g.nodes.size());
        g.index.insert(n.id, int(g.nodes.size()));
        CNode c;
        c.id = n.id;
        c.kind = n.kind;
        if (n.kind == NodeKind::Unknown)
            errors->append(QStringLiteral("node '%1' has unknown type '%2'").arg(n.id, n.type));
        if (n.kind == NodeKind::Start) {
            if (g.start >= 0)
                errors->append(QStringLiteral("more than one start node ('%1')").arg(n.id));
            else
                g.start = int(g.nodes.size());
        }
        c.skillId = n.skillId;
        if (n.executionMode == QLatin1String("iterative"))
            c.mode = CNode::Mode::Iterative;
        else if (n.executionMode == QLatin1String("parallel"))
            c.mode = CNode::Mode::Parallel;
        c.maxIterations = n.maxIterations.value_or(0);
        c.timeoutMs = n.timeout.value_or(0) * 1000.0;
        for (const auto &f : n.inputs.fields()) {
            InputTemplate in;
            in.name = f.key;
            const QVariant v = n.inputs.value(f.key);
            if (v.typeId() == QMetaType::QString) {
                in.text = ExprTemplate::parse(v.toString());
                in.isTemplate = true;
                if (!in.text.isValid())
                    errors->append(QStringLiteral("node '%1' input '%2': %3 (column %4)")
                                       .arg(n.id, f.key, in.text.errorMessage())
                                       .arg(in.text.errorColumn()));
            } else {
                in.literal = v;
            }
            c.inputs.append(in);
        }
        c.forEach = compileExpr(n.forEach, [&] { return QStringLiteral("node '%1' for_each").arg(n.id); }, errors);
        if (c.mode == CNode::Mode::Parallel && n.forEach.isEmpty())
            errors->append(QStringLiteral("node '%1': execution_mode parallel needs for_each (the list to map over)").arg(n.id));
        c.concurrency = std::max(1, n.concurrency.value_or(4));
        c.retryAttempts = std::max(1, n.retryAttempts.value_or(1));
        c.retryBackoffMs = n.retryBackoff.value_or(1.0) * 1000.0;
        c.retryMultiplier = n.retryMultiplier.value_or(2.0);
        c.continueOnError = n.onError == QLatin1String("continue");
        if (!n.onError.isEmpty() && !c.continueOnError && n.onError != QLatin1String("fail"))
            errors->append(QStringLiteral("node '%1': on_error must be 'fail' or 'continue', not '%2'").arg(n.id, n.onError));
        c.outputs = n.outputs;
        c.prompt = n.prompt;
        if (!n.prompt.isEmpty())
            c.promptTemplate = ExprTemplate::parse(n.prompt);
        if (!c.promptTemplate.isValid())
            errors->append(QStringLiteral("node '%1' prompt: %2 (column %3)").arg(n.id, c.promptTemplate.errorMessage()).arg(c.promptTemplate.errorColumn()));
        c.optionsFrom = compileExpr(n.optionsFrom, [&] { return QStringLiteral("node '%1' options_from").arg(n.id); }, errors);
        for (const QString &o : n.options)
            c.options.append(o);
        c.multiple = n.multiple;
        c.minChoices = n.multiple ? std::max(0, n.minChoices.value_or(1)) : 1;
        c.maxChoices = n.multiple ? std::max(0, n.maxChoices.value_or(0)) : 1;
        if (n.multiple && n.minChoices && n.maxChoices && *n.minChoices > *n.maxChoices)
            errors->append(QStringLiteral("select '%1': min (%2) is more than max (%3)").arg(n.id).arg(*n.minChoices).arg(*n.maxChoices));
        g.nodes.append(c);
    }
    // Second pass: references by index.
    for (int i = 0; i < graph.nodes.size(); ++i) {
        const Node &n = graph.nodes.at(i);
        const int self = compiled.at(i);
        if (self < 0)
            continue;
        CNode &c = g.nodes[self];
        for (const BranchCondition &bc : n.conditions) {
            Condition cond;
            cond.name = bc.name.isEmpty() ? bc.target : bc.name;
            cond.expression = compileExpr(bc.expression, [&] { return QStringLiteral("branch '%1' condition '%2'").arg(n.id, cond.name); }, errors);
            if (bc.expression.trimmed().isEmpty())
                errors->append(QStringLiteral("branch '%1' condition '%2' has no expression").arg(n.id, cond.name));
            cond.target = g.index.value(bc.target, -1);
            if (!bc.target.isEmpty() && cond.target < 0)
                errors->append(QStringLiteral("branch '%1': target '%2' is not a node").arg(n.id, bc.target));
            if (!bc.target.isEmpty())
                c.conditions.append(cond);
        }
        c.selectOptimal = n.select == QLatin1String("optimal");
        if (!n.defaultTarget.isEmpty()) {
            c.defaultTarget = g.index.value(n.defaultTarget, -1);
            if (c.defaultTarget < 0)
                errors->append(QStringLiteral("branch '%1': default '%2' is not a node").arg(n.id, n.defaultTarget));
        }
        if (n.kind == NodeKind::LoopEnd) {
            c.loopStart = g.index.value(n.loopStart, -1);
            if (c.loopStart < 0 || g.nodes.at(c.loopStart).kind != NodeKind::LoopStart)
                errors->append(QStringLiteral("loop_end '%1': '%2' is not a loop_start").arg(n.id, n.loopStart));
            else
                g.nodes[c.loopStart].loopEnds.append(self);
        }
    }
    for (const Edge &e : graph.edges) {
        CEdge c;
        c.from = g.index.value(e.from, -1);
        c.to = g.index.value(e.to, -1);
        if (c.from < 0 || c.to < 0) {
            errors->append(QStringLiteral("edge %1 -> %2 names a node that does not exist").arg(e.from, e.to));
            continue;
        }
        c.kind = e.kind;
        if (e.kind == EdgeKind::Unknown)
            errors->append(QStringLiteral("edge %1 -> %2 has unknown type '%3'").arg(e.from, e.to, e.type));
        c.condition = compileExpr(e.condition, [&] { return QStringLiteral("edge %1 -> %2 condition").arg(e.from, e.to); }, errors);
        c.exitCondition = compileExpr(e.exitCondition, [&] { return QStringLiteral("edge %1 -> %2 exit_condition").arg(e.from, e.to); }, errors);
        c.maxCount = e.maxCount.value_or(0);
        c.background = e.isBackground();
        const int idx = int(g.edges.size());
        g.edges.append(c);
        g.nodes[c.from].out.append(idx);
        g.nodes[c.to].in.append(idx);
    }
    if (g.start < 0)
        errors->append(QStringLiteral("the graph has no start node"));

    // Bodies of loops made by iteration edges alone (no loop_start): header = edge target.
    const int n = int(g.nodes.size());
    g.headerOf = QList<QList<int>>(n);
    QList<QList<int>> succ(n), pred(n);
    for (const CEdge &e : std::as_const(g.edges)) {
        succ[e.from].append(e.to);
        pred[e.to].append(e.from);
    }
    for (int i = 0; i < n; ++i)
        for (const auto &c : std::as_const(g.nodes.at(i).conditions))
            if (c.target >= 0) {
                succ[i].append(c.target);
                pred[c.target].append(i);
            }
    auto reach = [n](int from, const QList<QList<int>> &adj) {
        QList<bool> seen(n, false);
        QList<int> stack{from};
        seen[from] = true;
        while (!stack.isEmpty()) {
            const int v = stack.takeLast();
            for (int w : adj.at(v))
                if (!seen.at(w)) {
                    seen[w] = true;
                    stack.append(w);
                }
        }
        return seen;
    };
    for (int e = 0; e < g.edges.size(); ++e) {
        CEdge &ce = g.edges[e];
        if (ce.kind != EdgeKind::Iteration || g.nodes.at(ce.to).kind == NodeKind::LoopStart)
            continue;
        const QList<bool> fromHeader = reach(ce.to, succ);
        const QList<bool> toSource = reach(ce.from, pred);
        ce.body = QList<bool>(n, false);
        for (int v = 0; v < n; ++v)
            ce.body[v] = fromHeader.at(v) && toSource.at(v);
        g.headerOf[ce.to].append(e);
    }
    // A loop_start's body: every node on a cycle through it. Leaving the body closes the
    // loop level even when the token does not pass the loop_end (a branch jumping out).
    for (int i = 0; i < n; ++i) {
        if (g.nodes.at(i).kind != NodeKind::LoopStart)
            continue;
        const QList<bool> from = reach(i, succ);
        const QList<bool> back = reach(i, pred);
        QList<bool> body(n, false);
        bool cycle = false;
        for (int v = 0; v < n; ++v) {
            body[v] = from.at(v) && back.at(v);
            cycle = cycle || (body.at(v) && v != i);
        }
        for (int v : std::as_const(succ.at(i)))
            cycle = cycle || v == i;
        if (cycle) // a loop_start nothing leads back to closes only at its loop_end
            g.nodes[i].loopBody = body;
    }
    // Each parallel_split closes at the nearest parallel_join that post-dominates it.
    if (errors->isEmpty()) {
        const GraphTopology topo(graph);
        const QList<int> ipdom = topo.immediatePostDominators();
        for (int i = 0; i < n && i < topo.nodeCount(); ++i) {
            if (g.nodes.at(i).kind != NodeKind::ParallelSplit)
                continue;
            int v = ipdom.at(topo.indexOf(g.nodes.at(i).id));
            for (int guard = 0; v >= 0 && guard < n; ++guard) {
                const int c = g.index.value(topo.idAt(v), -1);
                if (c >= 0 && g.nodes.at(c).kind == NodeKind::ParallelJoin) {
                    g.nodes[i].pairedJoin = c;
                    break;
                }
                v = ipdom.at(v);
            }
        }
    }
    return g;
}

} // namespace capgraph
