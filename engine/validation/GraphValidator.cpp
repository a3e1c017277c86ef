#include "validation/GraphValidator.h"

#include "expr/ExpressionContext.h"

#include "validation/CapabilityLint.h"
#include "analysis/GraphTopology.h"
#include "expr/ExprTemplate.h"
#include "expr/Expression.h"

#include <QHash>
#include <QSet>

#include <functional>

#include <algorithm>

namespace capgraph {

namespace {

class Linter
{
public:
    Linter(const Graph &g, const QString &file) : m_graph(g), m_file(file), m_topo(g) {}

    Diagnostics run();

private:
    const Graph &m_graph;
    QString m_file;
    GraphTopology m_topo;
    Diagnostics m_out;

    void add(Severity sev, const QString &code, const TranslatableText &message, const SourceLocation &loc,
             const QString &nodeId = QString(), int edgeIndex = -1)
    {
        Diagnostic d = Diagnostic::make(sev, code, message, m_file, loc.line, loc.column);
        d.nodeId = nodeId;
        d.edgeIndex = edgeIndex;
        m_out.append(d);
    }
    void nodeFinding(Severity sev, const QString &code, const Node &n, const TranslatableText &message,
                     const QString &field = QString())
    {
        add(sev, code, message, field.isEmpty() ? n.location : n.locationOf(field), n.id);
    }
    void edgeFinding(Severity sev, const QString &code, int edgeIndex, const TranslatableText &message,
                     const QString &field = QString())
    {
        const Edge &e = m_graph.edges.at(edgeIndex);
        add(sev, code, message, field.isEmpty() ? e.location : e.locationOf(field), QString(), edgeIndex);
    }
    // A second node with an id already used: edges resolve to the first, so flow checks
    // would only repeat the duplicate-id finding.
    bool isDuplicate(int node) const { return m_topo.indexOf(m_graph.nodes.at(node).id) != node; }
    TranslatableText edgeName(int i) const
    {
        const Edge &e = m_graph.edges.at(i);
        return CAPGRAPH_TR("capgraph::Lint", "edge %1 -> %2").arg(e.from, e.to);
    }

    void checkIds();
    void checkTypesAndFields();
    void checkReferences();
    void checkStartEnd();
    void checkReachability();
    void checkLoops();
    void checkParallel();
    void checkExpressions();

    // Expression check at one site: syntax, then names against what is upstream of `scope`.
    void checkExpression(const QString &text, const SourceLocation &loc, int scope, const TranslatableText &what,
                         const QString &nodeId, int edgeIndex, bool scopeHasRun = false);
    // What an expression at a node can see: the nodes upstream of it (a bit per node,
    // computed once per node) and, built once, which nodes declare each output name.
    QHash<QString, QList<int>> m_declarers;
    bool m_declarersBuilt = false;
    QList<int> m_stampOf;
    QList<int> m_queue;
    int m_stamp = 0;
    bool anyUpstream(int scope, const QList<int> &candidates, bool scopeHasRun);
    // A `${...}` template value: each hole's syntax, then its names.
    void checkTemplate(const QString &text, const SourceLocation &loc, int scope, const TranslatableText &what, const QString &nodeId);
    // Warns about names no node upstream of `scope` declares. `at` maps a reference's column
    // onto the file; `extraBuiltins` are names valid at this site only.
    void checkNames(const QList<NameReference> &refs, int scope, bool scopeHasRun, const TranslatableText &what, const QString &nodeId,
                    int edgeIndex, const std::function<SourceLocation(int)> &at, const QStringList &extraBuiltins = {});
    QStringList declaredOutputs(int node) const;
};

static void sortByPlace(Diagnostics *found)
{
    std::stable_sort(found->begin(), found->end(), [](const Diagnostic &a, const Diagnostic &b) {
        if (a.line != b.line)
            return a.line < b.line;
        return a.column < b.column;
    });
}

Diagnostics Linter::run()
{
    checkIds();
    checkTypesAndFields();
    checkReferences();
    checkStartEnd();
    checkReachability();
    checkLoops();
    checkParallel();
    checkExpressions();
    sortByPlace(&m_out);
    return m_out;
}

void Linter::checkIds()
{
    QHash<QString, int> first;
    for (int i = 0; i < m_graph.nodes.size(); ++i) {
        const Node &n = m_graph.nodes.at(i);
        if (n.id.isEmpty()) {
            nodeFinding(Severity::Error, QStringLiteral("missing-id"), n, CAPGRAPH_TR("capgraph::Lint", "node has no id"));
            continue;
        }
        const auto it = first.constFind(n.id);
        if (it != first.cend()) {
            const Node &orig = m_graph.nodes.at(it.value());
            nodeFinding(Severity::Error, QStringLiteral("duplicate-id"), n,
                        orig.location.isValid()
                            ? CAPGRAPH_TR("capgraph::Lint", "duplicate node id '%1' (first defined on line %2)").arg(n.id).arg(orig.location.line)
                            : CAPGRAPH_TR("capgraph::Lint", "duplicate node id '%1'").arg(n.id),
                        QStringLiteral("id"));
        } else {
            first.insert(n.id, i);
        }
    }
}

void Linter::checkTypesAndFields()
{
    static const QStringList modes{QStringLiteral("single"), QStringLiteral("iterative"), QStringLiteral("parallel")};
    for (const Node &n : m_graph.nodes) {
        if (n.kind == NodeKind::Unknown) {
            nodeFinding(Severity::Error, QStringLiteral("unknown-node-type"), n,
                        CAPGRAPH_TR("capgraph::Lint", "node '%1' has unknown type '%2'; expected one of: %3")
                            .arg(n.id, n.type, allNodeTypeNames().join(QStringLiteral(", "))),
                        QStringLiteral("type"));
            continue;
        }
        if (n.kind == NodeKind::Skill) {
            if (n.skillId.isEmpty())
                nodeFinding(Severity::Error, QStringLiteral("missing-skill-id"), n,
                            CAPGRAPH_TR("capgraph::Lint", "skill node '%1' has no skill_id").arg(n.id));
            if (!n.executionMode.isEmpty() && !modes.contains(n.executionMode))
                nodeFinding(Severity::Error, QStringLiteral("bad-execution-mode"), n,
                            CAPGRAPH_TR("capgraph::Lint", "node '%1': execution_mode '%2' is not one of single, iterative, parallel")
                                .arg(n.id, n.executionMode),
                            QStringLiteral("execution_mode"));
            if (n.executionMode == QLatin1String("iterative") && !n.maxIterations)
                nodeFinding(Severity::Warning, QStringLiteral("unbounded-iterative-skill"), n,
                            CAPGRAPH_TR("capgraph::Lint", "iterative skill '%1' has no max_iterations; the executor's step limit is its only bound")
                                .arg(n.id));
        }
        if (n.maxIterations && *n.maxIterations < 1)
            nodeFinding(Severity::Error, QStringLiteral("bad-number"), n,
                        CAPGRAPH_TR("capgraph::Lint", "node '%1': max_iterations must be at least 1, got %2").arg(n.id).arg(*n.maxIterations),
                        QStringLiteral("max_iterations"));
        if (n.timeout && !(*n.timeout > 0))
            nodeFinding(Severity::Error, QStringLiteral("bad-number"), n,
                        CAPGRAPH_TR("capgraph::Lint", "node '%1': timeout must be a positive number of seconds").arg(n.id),
                        QStringLiteral("timeout"));
        if (n.concurrency && *n.concurrency < 1)
            nodeFinding(Severity::Error, QStringLiteral("bad-number"), n,
                        CAPGRAPH_TR("capgraph::Lint", "node '%1': concurrency must be at least 1").arg(n.id), QStringLiteral("concurrency"));
        if ((n.retryAttempts && *n.retryAttempts < 1) || (n.retryBackoff && *n.retryBackoff < 0)
            || (n.retryMultiplier && *n.retryMultiplier < 1))
            nodeFinding(Severity::Error, QStringLiteral("bad-number"), n,
                        CAPGRAPH_TR("capgraph::Lint", "node '%1': retry needs max_attempts >= 1, backoff >= 0 and multiplier >= 1").arg(n.id),
                        QStringLiteral("retry"));
        if (!n.onError.isEmpty() && n.onError != QLatin1String("fail") && n.onError != QLatin1String("continue"))
            nodeFinding(Severity::Error, QStringLiteral("bad-on-error"), n,
                        CAPGRAPH_TR("capgraph::Lint", "node '%1': on_error must be 'fail' or 'continue', not '%2'").arg(n.id, n.onError),
                        QStringLiteral("on_error"));
        if (n.kind == NodeKind::Skill && n.executionMode == QLatin1String("parallel") && n.forEach.isEmpty())
            nodeFinding(Severity::Error, QStringLiteral("parallel-without-for-each"), n,
                        CAPGRAPH_TR("capgraph::Lint", "node '%1': execution_mode parallel maps over a list; give it for_each").arg(n.id));
        if (!n.forEach.isEmpty() && n.executionMode != QLatin1String("parallel"))
            nodeFinding(Severity::Warning, QStringLiteral("for-each-without-parallel"), n,
                        CAPGRAPH_TR("capgraph::Lint", "node '%1': for_each is only used with execution_mode: parallel").arg(n.id),
                        QStringLiteral("for_each"));
        if (n.kind == NodeKind::Branch && n.conditions.isEmpty() && m_topo.indexOf(n.id) >= 0
            && m_topo.outEdges(m_topo.indexOf(n.id)).size() < 2)
            nodeFinding(Severity::Error, QStringLiteral("branch-without-conditions"), n,
                        CAPGRAPH_TR("capgraph::Lint", "branch '%1' has no conditions and fewer than two outgoing edges").arg(n.id));
        if (n.kind == NodeKind::Select && n.optionsFrom.isEmpty() && n.options.isEmpty())
            nodeFinding(Severity::Error, QStringLiteral("select-without-options"), n,
                        CAPGRAPH_TR("capgraph::Lint", "select '%1' has neither options_from nor options").arg(n.id));
        if ((n.minChoices || n.maxChoices) && (n.kind != NodeKind::Select || !n.multiple))
            nodeFinding(Severity::Warning, QStringLiteral("choices-without-multiple"), n,
                        CAPGRAPH_TR("capgraph::Lint", "'%1': min and max count the choices of an interaction.select with multiple: true; here they do nothing")
                            .arg(n.id),
                        n.minChoices ? QStringLiteral("min") : QStringLiteral("max"));
        if (n.multiple && n.kind != NodeKind::Select)
            nodeFinding(Severity::Warning, QStringLiteral("choices-without-multiple"), n,
                        CAPGRAPH_TR("capgraph::Lint", "'%1': multiple applies to interaction.select only").arg(n.id), QStringLiteral("multiple"));
        if (n.kind == NodeKind::Select && n.multiple) {
            if (n.minChoices && *n.minChoices < 0)
                nodeFinding(Severity::Error, QStringLiteral("bad-number"), n,
                            CAPGRAPH_TR("capgraph::Lint", "select '%1': min must not be negative").arg(n.id), QStringLiteral("min"));
            if (n.maxChoices && *n.maxChoices < 1)
                nodeFinding(Severity::Error, QStringLiteral("bad-number"), n,
                            CAPGRAPH_TR("capgraph::Lint", "select '%1': max must be at least 1").arg(n.id), QStringLiteral("max"));
            if (n.minChoices && n.maxChoices && *n.minChoices > *n.maxChoices)
                nodeFinding(Severity::Error, QStringLiteral("bad-number"), n,
                            CAPGRAPH_TR("capgraph::Lint", "select '%1': min (%2) is more than max (%3)").arg(n.id).arg(*n.minChoices).arg(*n.maxChoices),
                            QStringLiteral("min"));
            if (n.optionsFrom.isEmpty() && !n.options.isEmpty() && n.minChoices && *n.minChoices > n.options.size())
                nodeFinding(Severity::Error, QStringLiteral("bad-number"), n,
                            CAPGRAPH_TR("capgraph::Lint", "select '%1': min (%2) is more than its %3 options").arg(n.id).arg(*n.minChoices).arg(n.options.size()),
                            QStringLiteral("min"));
        }
        if (isInteraction(n.kind) && n.prompt.isEmpty())
            nodeFinding(Severity::Info, QStringLiteral("interaction-without-prompt"), n,
                        CAPGRAPH_TR("capgraph::Lint", "interaction '%1' has no prompt; users will see only its id").arg(n.id));
    }
    for (int i = 0; i < m_graph.edges.size(); ++i) {
        const Edge &e = m_graph.edges.at(i);
        if (e.kind == EdgeKind::Unknown)
            edgeFinding(Severity::Error, QStringLiteral("unknown-edge-type"), i,
                        CAPGRAPH_TR("capgraph::Lint", "%1 has unknown type '%2'; expected one of: %3")
                            .arg(edgeName(i), e.type, allEdgeTypeNames().join(QStringLiteral(", "))),
                        QStringLiteral("type"));
        if (e.weight && *e.weight < 0)
            edgeFinding(Severity::Error, QStringLiteral("bad-number"), i,
                        CAPGRAPH_TR("capgraph::Lint", "%1: weight must not be negative").arg(edgeName(i)), QStringLiteral("weight"));
        if (e.maxCount && *e.maxCount < 1)
            edgeFinding(Severity::Error, QStringLiteral("bad-number"), i,
                        CAPGRAPH_TR("capgraph::Lint", "%1: max_count must be at least 1").arg(edgeName(i)), QStringLiteral("max_count"));
        if (const Node *branch = m_graph.node(e.from); branch && branch->kind == NodeKind::Branch && !e.condition.isEmpty()) {
            // One branch model: a branch decides by its conditions list. An edge out of it with
            // a condition of its own is a second place deciding the same thing.
            QString same;
            for (const BranchCondition &c : branch->conditions)
                if (c.target == e.to) {
                    same = c.name.isEmpty() ? c.expression : c.name;
                    break;
                }
            TranslatableText message;
            if (!same.isEmpty())
                message = CAPGRAPH_TR("capgraph::Lint", "%1 carries its own condition \"%2\" and the branch's condition '%3' also leads to '%4': "
                                         "the executor uses '%3' (a branch's conditions are tried first) and this edge's condition "
                                         "only when none of them holds; keep one of the two")
                              .arg(edgeName(i), e.condition, same, e.to);
            else if (!branch->conditions.isEmpty())
                message = CAPGRAPH_TR("capgraph::Lint", "%1 carries its own condition \"%2\" beside the branch's conditions: the executor tries "
                                         "the branch's conditions first and this edge's condition only when none of them holds; "
                                         "make it one of the branch's conditions")
                              .arg(edgeName(i), e.condition);
            else
                message = CAPGRAPH_TR("capgraph::Lint", "%1 carries its own condition \"%2\": the branch has no conditions, so the executor "
                                         "uses the edge's; a branch decides by its conditions list, make it one of them")
                              .arg(edgeName(i), e.condition);
            edgeFinding(Severity::Warning, QStringLiteral("branch-edge-condition"), i, message, QStringLiteral("condition"));
        }
        if (e.kind == EdgeKind::Conditional && e.condition.isEmpty()) {
            const Node *from = m_graph.node(e.from);
            if (!from || from->kind != NodeKind::Branch)
                edgeFinding(Severity::Warning, QStringLiteral("conditional-without-condition"), i,
                            CAPGRAPH_TR("capgraph::Lint", "%1 is conditional but has no condition; it is always taken").arg(edgeName(i)));
        }
    }
}

void Linter::checkReferences()
{
    for (int i = 0; i < m_graph.edges.size(); ++i) {
        const Edge &e = m_graph.edges.at(i);
        if (m_topo.indexOf(e.from) < 0)
            edgeFinding(Severity::Error, QStringLiteral("dangling-edge"), i,
                        CAPGRAPH_TR("capgraph::Lint", "%1: no node has id '%2'").arg(edgeName(i), e.from), QStringLiteral("from"));
        if (m_topo.indexOf(e.to) < 0)
            edgeFinding(Severity::Error, QStringLiteral("dangling-edge"), i,
                        CAPGRAPH_TR("capgraph::Lint", "%1: no node has id '%2'").arg(edgeName(i), e.to), QStringLiteral("to"));
    }
    for (const Node &n : m_graph.nodes) {
        for (const BranchCondition &c : n.conditions) {
            const QString label = c.name.isEmpty() ? c.expression : c.name;
            if (c.target.isEmpty()) {
                add(Severity::Error, QStringLiteral("missing-target"),
                    CAPGRAPH_TR("capgraph::Lint", "branch '%1': condition '%2' has no target").arg(n.id, label), c.location, n.id);
            } else if (m_topo.indexOf(c.target) < 0) {
                add(Severity::Error, QStringLiteral("dangling-target"),
                    CAPGRAPH_TR("capgraph::Lint", "branch '%1': condition '%2' targets '%3', which is not a node").arg(n.id, label, c.target),
                    c.targetLocation.isValid() ? c.targetLocation : c.location, n.id);
            }
        }
        if (!n.defaultTarget.isEmpty() && m_topo.indexOf(n.defaultTarget) < 0)
            nodeFinding(Severity::Error, QStringLiteral("dangling-target"), n,
                        CAPGRAPH_TR("capgraph::Lint", "branch '%1': default target '%2' is not a node").arg(n.id, n.defaultTarget),
                        QStringLiteral("default"));
    }
}

void Linter::checkStartEnd()
{
    const QList<int> starts = m_topo.nodesOfKind(m_graph, NodeKind::Start);
    const QList<int> ends = m_topo.nodesOfKind(m_graph, NodeKind::End);
    const SourceLocation graphLoc = m_graph.location;
    if (starts.isEmpty())
        add(Severity::Error, QStringLiteral("missing-start"), CAPGRAPH_TR("capgraph::Lint", "the graph has no control.start node"), graphLoc);
    for (int i = 1; i < starts.size(); ++i) {
        const Node &n = m_graph.nodes.at(starts.at(i));
        nodeFinding(Severity::Error, QStringLiteral("multiple-starts"), n,
                    CAPGRAPH_TR("capgraph::Lint", "'%1' is a second start node (the first is '%2'); a graph has exactly one")
                        .arg(n.id, m_graph.nodes.at(starts.first()).id));
    }
    if (ends.isEmpty())
        add(Severity::Error, QStringLiteral("missing-end"), CAPGRAPH_TR("capgraph::Lint", "the graph has no control.end node"), graphLoc);
    for (int s : starts) {
        if (!m_topo.inEdges(s).isEmpty())
            nodeFinding(Severity::Error, QStringLiteral("edge-into-start"), m_graph.nodes.at(s),
                        CAPGRAPH_TR("capgraph::Lint", "start node '%1' has incoming edges").arg(m_graph.nodes.at(s).id));
    }
    for (int e : ends) {
        if (!m_topo.outEdges(e).isEmpty())
            nodeFinding(Severity::Error, QStringLiteral("edge-from-end"), m_graph.nodes.at(e),
                        CAPGRAPH_TR("capgraph::Lint", "end node '%1' has outgoing edges").arg(m_graph.nodes.at(e).id));
    }
}

void Linter::checkReachability()
{
    const QList<int> starts = m_topo.nodesOfKind(m_graph, NodeKind::Start);
    QList<int> ends = m_topo.nodesOfKind(m_graph, NodeKind::End);
    if (!starts.isEmpty()) {
        const QList<bool> reach = m_topo.reachableFrom(starts);
        for (int i = 0; i < m_topo.nodeCount(); ++i)
            if (!reach.at(i) && m_graph.nodes.at(i).kind != NodeKind::Start && !isDuplicate(i))
                nodeFinding(Severity::Warning, QStringLiteral("unreachable"), m_graph.nodes.at(i),
                            CAPGRAPH_TR("capgraph::Lint", "node '%1' cannot be reached from the start").arg(m_graph.nodes.at(i).id));
    }
    if (ends.isEmpty())
        return;
    // A background branch (parallel edge, sync_required: false) may simply finish: its
    // dead ends count as exits.
    QList<int> bgTargets;
    for (int e : m_topo.validFlowEdges()) {
        const FlowEdge &f = m_topo.flowEdges().at(e);
        if (f.origin == FlowEdge::Origin::Edge && m_graph.edges.at(f.edgeIndex).isBackground())
            bgTargets.append(m_topo.targetOf(e));
    }
    const QList<bool> inBackground = m_topo.reachableFrom(bgTargets);
    for (int i = 0; i < m_topo.nodeCount(); ++i)
        if (inBackground.at(i) && m_topo.outEdges(i).isEmpty())
            ends.append(i);
    const QList<bool> canEnd = m_topo.reachingTo(ends);
    for (int i = 0; i < m_topo.nodeCount(); ++i)
        if (!canEnd.at(i) && !isDuplicate(i))
            nodeFinding(Severity::Error, QStringLiteral("cannot-reach-end"), m_graph.nodes.at(i),
                        CAPGRAPH_TR("capgraph::Lint", "node '%1' cannot reach an end node; a run would stop there").arg(m_graph.nodes.at(i).id));
}

void Linter::checkLoops()
{
    QSet<QString> referencedStarts;
    for (const Node &n : m_graph.nodes) {
        if (n.kind != NodeKind::LoopEnd)
            continue;
        if (n.loopStart.isEmpty()) {
            nodeFinding(Severity::Error, QStringLiteral("loop-end-without-start"), n,
                        CAPGRAPH_TR("capgraph::Lint", "loop_end '%1' does not name its loop_start").arg(n.id));
            continue;
        }
        const Node *start = m_graph.node(n.loopStart);
        if (!start)
            nodeFinding(Severity::Error, QStringLiteral("loop-end-without-start"), n,
                        CAPGRAPH_TR("capgraph::Lint", "loop_end '%1': loop_start '%2' is not a node").arg(n.id, n.loopStart),
                        QStringLiteral("loop_start"));
        else if (start->kind != NodeKind::LoopStart)
            nodeFinding(Severity::Error, QStringLiteral("loop-end-without-start"), n,
                        CAPGRAPH_TR("capgraph::Lint", "loop_end '%1': '%2' is a %3, not a control.loop_start").arg(n.id, n.loopStart, start->type),
                        QStringLiteral("loop_start"));
        else
            referencedStarts.insert(n.loopStart);
    }
    for (const Node &n : m_graph.nodes)
        if (n.kind == NodeKind::LoopStart && !referencedStarts.contains(n.id))
            nodeFinding(Severity::Warning, QStringLiteral("loop-start-without-end"), n,
                        CAPGRAPH_TR("capgraph::Lint", "loop_start '%1' has no loop_end naming it").arg(n.id));

    // Every cycle must pass through a bound: a loop_start with max_iterations or an
    // iteration edge with max_count. Taking those out must leave no cycle (this also finds
    // an unbounded cycle nested inside a bounded loop).
    QList<bool> nodeRemoved(m_topo.nodeCount(), false);
    QList<bool> edgeRemoved(m_topo.flowEdges().size(), false);
    for (int i = 0; i < m_topo.nodeCount(); ++i) {
        const Node &n = m_graph.nodes.at(i);
        if (n.kind == NodeKind::LoopStart && n.maxIterations && *n.maxIterations >= 1)
            nodeRemoved[i] = true;
    }
    for (int e : m_topo.validFlowEdges()) {
        const FlowEdge &f = m_topo.flowEdges().at(e);
        if (f.origin != FlowEdge::Origin::Edge)
            continue;
        const Edge &edge = m_graph.edges.at(f.edgeIndex);
        if (edge.kind == EdgeKind::Iteration && edge.maxCount && *edge.maxCount >= 1)
            edgeRemoved[e] = true;
    }
    for (const QList<int> &cycle : m_topo.cyclesWithout(nodeRemoved, edgeRemoved)) {
        QStringList members;
        for (int i : cycle)
            members << m_graph.nodes.at(i).id;
        const Node &n = m_graph.nodes.at(cycle.first());
        nodeFinding(Severity::Error, QStringLiteral("unbounded-cycle"), n,
                    CAPGRAPH_TR("capgraph::Lint", "cycle through %1 has no bound: add a control.loop_start with max_iterations or an "
                                   "iteration edge with max_count").arg(members.join(QStringLiteral(", "))));
    }
}

void Linter::checkParallel()
{
    const QList<int> splits = m_topo.nodesOfKind(m_graph, NodeKind::ParallelSplit);
    const QList<int> joins = m_topo.nodesOfKind(m_graph, NodeKind::ParallelJoin);
    for (int s : splits) {
        const Node &n = m_graph.nodes.at(s);
        QList<int> branches;
        for (int e : m_topo.outEdges(s)) {
            const FlowEdge &f = m_topo.flowEdges().at(e);
            if (f.origin == FlowEdge::Origin::Edge && m_graph.edges.at(f.edgeIndex).isBackground())
                continue;
            branches.append(m_topo.targetOf(e));
        }
        if (m_topo.outEdges(s).size() < 2)
            nodeFinding(Severity::Warning, QStringLiteral("parallel-split-single-branch"), n,
                        CAPGRAPH_TR("capgraph::Lint", "parallel_split '%1' has fewer than two branches").arg(n.id));
        if (branches.isEmpty())
            continue;
        QSet<int> common(joins.cbegin(), joins.cend());
        for (int b : branches) {
            const QList<bool> reach = m_topo.reachableFrom({b});
            QSet<int> here;
            for (int j : joins)
                if (reach.at(j))
                    here.insert(j);
            common &= here;
        }
        if (common.isEmpty())
            nodeFinding(Severity::Warning, QStringLiteral("unmatched-parallel-split"), n,
                        CAPGRAPH_TR("capgraph::Lint", "parallel_split '%1' has no parallel_join that all of its branches reach").arg(n.id));
    }
    const QList<bool> afterSplit = [&] {
        QList<int> targets;
        for (int s : splits)
            targets += m_topo.successors(s);
        // An ordinary node forks too: its synchronised parallel edges with its main
        // continuation (docs/execution.md, "Edges leaving an ordinary node").
        for (qsizetype i = 0; i < m_graph.edges.size(); ++i) {
            const Edge &e = m_graph.edges.at(i);
            if (e.kind == EdgeKind::Parallel && !e.isBackground())
                if (const int from = m_graph.indexOfNode(e.from); from >= 0)
                    targets += m_topo.successors(from);
        }
        return m_topo.reachableFrom(targets);
    }();
    for (int j : joins)
        if (!afterSplit.at(j))
            nodeFinding(Severity::Warning, QStringLiteral("unmatched-parallel-join"), m_graph.nodes.at(j),
                        CAPGRAPH_TR("capgraph::Lint", "parallel_join '%1' has no parallel_split upstream").arg(m_graph.nodes.at(j).id));
}

bool Linter::anyUpstream(int scope, const QList<int> &candidates, bool scopeHasRun)
{
    // Backward search from `scope`, stopping at the first candidate found; marks are
    // stamped, so nothing of size N is allocated per expression.
    if (candidates.isEmpty())
        return false;
    if (m_stampOf.size() != m_topo.nodeCount())
        m_stampOf = QList<int>(m_topo.nodeCount(), 0);
    ++m_stamp;
    for (int c : candidates)
        m_stampOf[c] = -m_stamp; // "wanted" this round
    // An edge's condition sees its source's outputs (the source has run); on a loop a node
    // also sees what it produced in an earlier round. A branch has no outputs.
    if (m_stampOf.at(scope) == -m_stamp && (scopeHasRun || m_topo.onCycle(scope))
        && m_graph.nodes.at(scope).kind != NodeKind::Branch)
        return true;
    QList<int> &queue = m_queue;
    queue.clear();
    queue.append(scope);
    const int wanted = -m_stamp;
    const int seen = m_stamp;
    m_stampOf[scope] = m_stampOf.at(scope) == wanted ? wanted : seen;
    for (qsizetype q = 0; q < queue.size(); ++q) {
        for (int e : m_topo.inEdges(queue.at(q))) {
            const int w = m_topo.sourceOf(e);
            const int mark = m_stampOf.at(w);
            if (mark == wanted) {
                if (w != scope || m_graph.nodes.at(scope).kind != NodeKind::Branch)
                    return true;
                continue;
            }
            if (mark == seen)
                continue;
            m_stampOf[w] = seen;
            queue.append(w);
        }
    }
    return false;
}

QStringList Linter::declaredOutputs(int node) const
{
    const Node &n = m_graph.nodes.at(node);
    QStringList outs = n.outputs;
    if (isInteraction(n.kind))
        outs << QStringLiteral("answer");
    return outs;
}

void Linter::checkTemplate(const QString &text, const SourceLocation &loc, int scope, const TranslatableText &what,
                           const QString &nodeId)
{
    const ExprTemplate t = ExprTemplate::parse(text);
    if (!t.isValid()) {
        add(Severity::Error, QStringLiteral("expression-syntax"),
            CAPGRAPH_TR("capgraph::Lint", "%1: %2 (at column %3 of \"%4\")").arg(what, t.errorText()).arg(t.errorColumn()).arg(text), loc,
            nodeId);
        return;
    }
    // `item` and `index` are the current element in parallel mode.
    checkNames(t.references(), scope, false, what, nodeId, -1, [&loc](int) { return loc; },
               {QStringLiteral("item"), QStringLiteral("index")});
}

void Linter::checkNames(const QList<NameReference> &refs, int scope, bool scopeHasRun, const TranslatableText &what,
                        const QString &nodeId, int edgeIndex, const std::function<SourceLocation(int)> &at,
                        const QStringList &extraBuiltins)
{
    static const QStringList builtins = ExpressionContext::builtinNames();
    if (!m_declarersBuilt) {
        for (int i = 0; i < m_topo.nodeCount(); ++i)
            for (const QString &o : declaredOutputs(i))
                m_declarers[o].append(i);
        m_declarersBuilt = true;
    }
    QSet<QString> reported;
    for (const NameReference &ref : refs) {
        if (ref.guarded || builtins.contains(ref.root) || extraBuiltins.contains(ref.root) || reported.contains(ref.root))
            continue;
        const int asNode = m_topo.indexOf(ref.root);
        if (asNode >= 0 && anyUpstream(scope, {asNode}, scopeHasRun)) {
            const QStringList declared = declaredOutputs(asNode);
            if (!ref.path.isEmpty() && !declared.isEmpty() && !declared.contains(ref.path.first())) {
                reported.insert(ref.root);
                add(Severity::Warning, QStringLiteral("unknown-output"),
                    CAPGRAPH_TR("capgraph::Lint", "%1: node '%2' does not declare an output '%3' (it declares: %4)")
                        .arg(what, ref.root, ref.path.first(), declared.join(QStringLiteral(", "))),
                    at(ref.column), nodeId, edgeIndex);
            }
            continue;
        }
        if (anyUpstream(scope, m_declarers.value(ref.root), scopeHasRun))
            continue;
        reported.insert(ref.root);
        add(Severity::Warning, QStringLiteral("unknown-name"),
            CAPGRAPH_TR("capgraph::Lint", "%1: '%2' is not an output of any node upstream, nor a built-in (%3)")
                .arg(what, ref.root, builtins.join(QStringLiteral(", "))),
            at(ref.column), nodeId, edgeIndex);
    }
}

void Linter::checkExpression(const QString &text, const SourceLocation &loc, int scope, const TranslatableText &what,
                             const QString &nodeId, int edgeIndex, bool scopeHasRun)
{
    const Expression expr = Expression::parse(text);
    if (!expr.isValid()) {
        const SourceLocation at = loc.atColumn(text, expr.errorColumn());
        add(Severity::Error, QStringLiteral("expression-syntax"),
            CAPGRAPH_TR("capgraph::Lint", "%1: %2 (at column %3 of \"%4\")")
                .arg(what, expr.errorText())
                .arg(expr.errorColumn())
                .arg(text.size() > 80 ? text.left(77) + QStringLiteral("...") : text),
            at, nodeId, edgeIndex);
        return;
    }
    if (scope < 0)
        return;
    checkNames(expr.references(), scope, scopeHasRun, what, nodeId, edgeIndex,
               [&](int column) { return loc.atColumn(text, column); });
}

void Linter::checkExpressions()
{
    for (const Node &n : m_graph.nodes) {
        const int idx = m_topo.indexOf(n.id);
        for (const BranchCondition &c : n.conditions) {
            const TranslatableText what = CAPGRAPH_TR("capgraph::Lint", "branch '%1' condition '%2'").arg(n.id, c.name.isEmpty() ? c.target : c.name);
            if (c.expression.trimmed().isEmpty()) {
                add(Severity::Error, QStringLiteral("expression-syntax"), CAPGRAPH_TR("capgraph::Lint", "%1: the expression is empty").arg(what),
                    c.expressionLocation.isValid() ? c.expressionLocation : c.location, n.id);
                continue;
            }
            checkExpression(c.expression, c.expressionLocation.isValid() ? c.expressionLocation : c.location, idx, what,
                            n.id, -1);
        }
        if (!n.optionsFrom.isEmpty())
            checkExpression(n.optionsFrom, n.locationOf(QStringLiteral("options_from")), idx,
                            CAPGRAPH_TR("capgraph::Lint", "select '%1' options_from").arg(n.id), n.id, -1);
        if (!n.prompt.isEmpty() && n.prompt.contains(QStringLiteral("${")))
            checkTemplate(n.prompt, n.locationOf(QStringLiteral("prompt")), idx, CAPGRAPH_TR("capgraph::Lint", "'%1' prompt").arg(n.id), n.id);
        if (!n.forEach.isEmpty())
            checkExpression(n.forEach, n.locationOf(QStringLiteral("for_each")), idx,
                            CAPGRAPH_TR("capgraph::Lint", "node '%1' for_each").arg(n.id), n.id, -1);
        for (const auto &f : n.inputs.fields()) {
            const QVariant v = n.inputs.value(f.key);
            if (v.typeId() == QMetaType::QString)
                checkTemplate(v.toString(), f.location, idx, CAPGRAPH_TR("capgraph::Lint", "node '%1' input '%2'").arg(n.id, f.key), n.id);
        }
    }
    for (int i = 0; i < m_graph.edges.size(); ++i) {
        const Edge &e = m_graph.edges.at(i);
        const int from = m_topo.indexOf(e.from);
        if (!e.condition.isEmpty())
            checkExpression(e.condition, e.locationOf(QStringLiteral("condition")), from,
                            CAPGRAPH_TR("capgraph::Lint", "%1 condition").arg(edgeName(i)), QString(), i, true);
        if (!e.exitCondition.isEmpty())
            checkExpression(e.exitCondition, e.locationOf(QStringLiteral("exit_condition")), from,
                            CAPGRAPH_TR("capgraph::Lint", "%1 exit_condition").arg(edgeName(i)), QString(), i, true);
    }
}

} // namespace

Diagnostics GraphValidator::validate(const Graph &graph, const QString &fileName)
{
    return Linter(graph, fileName).run();
}

Diagnostics GraphValidator::validate(const Graph &graph, const QString &fileName, const CapabilityRegistry &capabilities)
{
    Diagnostics found = Linter(graph, fileName).run();
    found += CapabilityLint::check(graph, capabilities, fileName);
    sortByPlace(&found);
    return found;
}

} // namespace capgraph
