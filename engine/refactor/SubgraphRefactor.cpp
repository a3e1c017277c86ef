#include "refactor/SubgraphRefactor.h"

#include "expr/ExprTemplate.h"
#include "expr/Expression.h"
#include "expr/ExpressionContext.h"
#include "io/YamlScalar.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <functional>

namespace capgraph {

namespace {

// What a name an expression reads becomes: its root (and, `withPath`, its first path element:
// `search.results` as a whole) replaced by `text`. None: it stays.
struct Replacement
{
    QString text;
    bool withPath = false;
};
using Rewriter = std::function<std::optional<Replacement>(const NameReference &)>;

// Rewrites the names one expression field reads. A field that does not parse is left as it
// is (lint reports it); a name written in a way this cannot replace (`search ["results"]`)
// is refused with why.
bool rewrite(QString *text, bool isTemplate, const Rewriter &replace, const QString &where, QString *error)
{
    if (text->isEmpty() || (isTemplate && !text->contains(QLatin1String("${"))))
        return true;
    QList<NameReference> refs;
    if (isTemplate) {
        const ExprTemplate t = ExprTemplate::parse(*text);
        if (!t.isValid())
            return true;
        refs = t.references();
    } else {
        const Expression e = Expression::parse(*text);
        if (!e.isValid())
            return true;
        refs = e.references();
    }
    // Asked in reading order (the inputs come out in the order the text reads them), replaced
    // from the end (the columns before stay where they were).
    std::sort(refs.begin(), refs.end(), [](const NameReference &a, const NameReference &b) { return a.column < b.column; });
    QList<std::pair<NameReference, Replacement>> edits;
    for (const NameReference &ref : std::as_const(refs))
        if (const std::optional<Replacement> r = replace(ref))
            edits.append({ref, *r});
    for (auto it = edits.crbegin(); it != edits.crend(); ++it) {
        const NameReference &ref = it->first;
        const Replacement &r = it->second;
        const qsizetype at = ref.column - 1;
        qsizetype length = ref.root.size();
        bool ok = text->mid(at, length) == ref.root;
        if (ok && r.withPath) {
            const QString dotted = QLatin1Char('.') + ref.path.value(0);
            ok = !ref.path.isEmpty() && text->mid(at + length, dotted.size()) == dotted;
            length += dotted.size();
        }
        if (!ok) {
            if (error)
                *error = QStringLiteral("%1: '%2' is read in a way that cannot be rewritten here (write it as %2.name)").arg(where, ref.root);
            return false;
        }
        text->replace(at, length, r.text);
    }
    return true;
}

bool rewriteNode(Node *n, const Rewriter &replace, QString *error)
{
    const QString where = QStringLiteral("node '%1'").arg(n->id);
    for (const ExtraFields::Field &f : n->inputs.fields()) {
        const QVariant v = n->inputs.value(f.key);
        if (v.typeId() != QMetaType::QString)
            continue;
        QString s = v.toString();
        if (!rewrite(&s, true, replace, where, error))
            return false;
        if (s != v.toString()) // written as it was: quoted when it was
            n->inputs.setYaml(f.key, f.yaml.startsWith(QLatin1Char('"')) ? yamlDoubleQuoted(s) : yamlString(s));
    }
    if (!rewrite(&n->prompt, true, replace, where, error) || !rewrite(&n->forEach, false, replace, where, error)
        || !rewrite(&n->optionsFrom, false, replace, where, error))
        return false;
    for (BranchCondition &c : n->conditions)
        if (!rewrite(&c.expression, false, replace, where, error))
            return false;
    return true;
}

bool rewriteEdge(Edge *e, const Rewriter &replace, QString *error)
{
    const QString where = QStringLiteral("edge %1 -> %2").arg(e->from, e->to);
    return rewrite(&e->condition, false, replace, where, error) && rewrite(&e->exitCondition, false, replace, where, error);
}

bool fail(QString *error, const QString &why)
{
    if (error)
        *error = why;
    return false;
}

QPointF centroid(const QList<QPointF> &points)
{
    QPointF sum;
    for (const QPointF &p : points)
        sum += p;
    return points.isEmpty() ? QPointF() : sum / qreal(points.size());
}

// A value as an expression reads it back: `${search.results}` → search.results (in
// parentheses when it is more than a name), a plain string or number as a literal.
std::optional<QString> asExpression(const QVariant &value)
{
    if (value.typeId() == QMetaType::QString) {
        const QString s = value.toString();
        static const QRegularExpression hole(QStringLiteral("^\\$\\{(.*)\\}$"));
        if (const QRegularExpressionMatch m = hole.match(s); m.hasMatch() && !m.captured(1).contains(QLatin1String("${"))) {
            const QString inner = m.captured(1).trimmed();
            static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*$"));
            return name.match(inner).hasMatch() ? inner : QLatin1Char('(') + inner + QLatin1Char(')');
        }
        if (s.contains(QLatin1String("${")))
            return std::nullopt; // a template of several parts: not one expression
        QString quoted = s;
        quoted.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('"'), QLatin1String("\\\""));
        return QLatin1Char('"') + quoted + QLatin1Char('"');
    }
    if (value.typeId() == QMetaType::Bool)
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.canConvert<double>() && (value.typeId() == QMetaType::Int || value.typeId() == QMetaType::LongLong || value.typeId() == QMetaType::Double))
        return value.toString();
    return std::nullopt;
}

} // namespace

std::optional<SubgraphExtraction> SubgraphRefactor::extract(const Graph &graph, const QStringList &selection, const QString &node,
                                                           const QString &capability, const QString &label, QString *error)
{
    QSet<QString> inside;
    for (const QString &id : selection) {
        const Node *n = graph.node(id);
        if (!n)
            return fail(error, QStringLiteral("no node '%1' in the graph").arg(id)), std::nullopt;
        if (n->kind == NodeKind::Start || n->kind == NodeKind::End)
            return fail(error, QStringLiteral("'%1' is the graph's %2 node: it stays (the sub-graph gets its own)")
                                   .arg(id, n->kind == NodeKind::Start ? QStringLiteral("start") : QStringLiteral("end"))),
                   std::nullopt;
        inside.insert(id);
    }
    if (inside.isEmpty())
        return fail(error, QStringLiteral("nothing selected to extract")), std::nullopt;
    if (node.isEmpty() || (graph.node(node) && !inside.contains(node)))
        return fail(error, QStringLiteral("'%1' is already a node of the graph: the new node needs an id of its own").arg(node)), std::nullopt;
    // Loops move whole.
    for (const Node &n : graph.nodes) {
        if (n.kind == NodeKind::LoopEnd && !n.loopStart.isEmpty() && inside.contains(n.id) != inside.contains(n.loopStart))
            return fail(error, QStringLiteral("the loop %1 … %2 is cut in two: select both its ends, or neither").arg(n.loopStart, n.id)), std::nullopt;
    }
    // One way in and one way out.
    QSet<QString> entries, exits;
    QHash<QString, QStringList> next; // inside the selection
    QSet<QString> hasInsidePredecessor, hasInsideSuccessor;
    for (const FlowEdge &f : graph.flowEdges()) {
        const bool from = inside.contains(f.from), to = inside.contains(f.to);
        if (!from && to)
            entries.insert(f.to);
        if (from && !to) {
            exits.insert(f.from);
            const Node *source = graph.node(f.from);
            if (f.origin != FlowEdge::Origin::Edge || (source && source->kind == NodeKind::Branch) || f.kind == EdgeKind::Conditional
                || f.kind == EdgeKind::Iteration)
                return fail(error, QStringLiteral("'%1' chooses a way out of the selection (to '%2'): a sub-graph comes back by one way, "
                                                  "so keep the choice outside it, or what it chooses between inside")
                                       .arg(f.from, f.to)),
                       std::nullopt;
        }
        if (from && to) {
            next[f.from].append(f.to);
            hasInsidePredecessor.insert(f.to);
            hasInsideSuccessor.insert(f.from);
        }
    }
    const auto sorted = [](const QSet<QString> &s) {
        QStringList l(s.cbegin(), s.cend());
        l.sort();
        return l;
    };
    if (entries.isEmpty())
        for (const QString &id : std::as_const(inside))
            if (!hasInsidePredecessor.contains(id))
                entries.insert(id);
    if (exits.isEmpty())
        for (const QString &id : std::as_const(inside))
            if (!hasInsideSuccessor.contains(id))
                exits.insert(id);
    if (entries.size() != 1)
        return fail(error, QStringLiteral("the selection is entered at %1 (%2): a sub-graph starts at one node")
                               .arg(entries.size()).arg(sorted(entries).join(QStringLiteral(", ")))),
               std::nullopt;
    if (exits.size() != 1)
        return fail(error, QStringLiteral("the selection is left from %1 (%2): a sub-graph ends at one node")
                               .arg(exits.size()).arg(sorted(exits).join(QStringLiteral(", ")))),
               std::nullopt;
    const QString entry = *entries.cbegin(), exit = *exits.cbegin();
    {
        QSet<QString> reached{entry};
        QStringList todo{entry};
        while (!todo.isEmpty())
            for (const QString &to : next.value(todo.takeLast()))
                if (!reached.contains(to)) {
                    reached.insert(to);
                    todo.append(to);
                }
        if (reached.size() != inside.size())
            return fail(error, QStringLiteral("the selection is not connected: %1 cannot be reached from %2 inside it")
                                   .arg(sorted(inside - reached).join(QStringLiteral(", ")), entry)),
                   std::nullopt;
    }

    SubgraphExtraction x;
    x.node = node;
    // What the selection makes: its nodes' outputs (the variables they become too).
    QSet<QString> made;
    for (const Node &n : graph.nodes)
        if (inside.contains(n.id))
            for (const QString &o : n.outputs)
                made.insert(o);
    static const QStringList builtins = ExpressionContext::builtinNames();

    // The child: what the selection read from outside becomes its input.
    QHash<QString, QString> inputOf; // what is read ("search.results", "topic") → input name
    const auto inputFor = [&](const QString &read, const QString &stem, const QString &passed) {
        if (const auto it = inputOf.constFind(read); it != inputOf.cend())
            return *it;
        QString name = stem;
        for (int k = 2; x.inputs.contains(name); ++k)
            name = QStringLiteral("%1_%2").arg(stem).arg(k);
        inputOf.insert(read, name);
        x.inputs.append(name);
        x.readFrom.append(QStringLiteral("${%1}").arg(passed));
        return name;
    };
    Graph child;
    child.id = node;
    child.name = label;
    child.version = QStringLiteral("1.0");
    Node start;
    start.id = QStringLiteral("start");
    start.type = QStringLiteral("control.start");
    start.kind = NodeKind::Start;
    Node end;
    end.id = QStringLiteral("end");
    end.type = QStringLiteral("control.end");
    end.kind = NodeKind::End;
    for (QString *id : {&start.id, &end.id})
        for (int k = 2; inside.contains(*id); ++k)
            *id = QStringLiteral("%1_%2").arg(id->section(QLatin1Char('_'), 0, 0)).arg(k);
    // A name the selection reads: from outside it, it becomes an input (`item` and `index` are
    // a parallel node's own).
    const auto readsOutside = [&](bool parallel) -> Rewriter {
        return [&, parallel](const NameReference &ref) -> std::optional<Replacement> {
            if (ref.root == QLatin1String("input")) {
                if (ref.path.isEmpty())
                    return std::nullopt; // the whole input: the child's own
                const QString name = inputFor(QStringLiteral("input.") + ref.path.first(), ref.path.first(), QStringLiteral("input.") + ref.path.first());
                return Replacement{QStringLiteral("input.") + name, true};
            }
            if (inside.contains(ref.root) || builtins.contains(ref.root)
                || (parallel && (ref.root == QLatin1String("item") || ref.root == QLatin1String("index"))))
                return std::nullopt;
            if (graph.node(ref.root)) { // another node's output
                if (ref.path.isEmpty())
                    return Replacement{QStringLiteral("input.") + inputFor(ref.root, ref.root, ref.root), false};
                const QString read = ref.root + QLatin1Char('.') + ref.path.first();
                return Replacement{QStringLiteral("input.") + inputFor(read, ref.path.first(), read), true};
            }
            if (made.contains(ref.root))
                return std::nullopt; // a variable the selection makes itself
            return Replacement{QStringLiteral("input.") + inputFor(ref.root, ref.root, ref.root), false}; // a variable from outside
        };
    };
    child.nodes.append(start);
    QList<QPointF> placed;
    double left = 0, right = 0;
    bool any = false;
    for (const Node &n : graph.nodes) {
        if (!inside.contains(n.id))
            continue;
        Node copy = n;
        const Rewriter toInput = readsOutside(n.executionMode == QLatin1String("parallel"));
        QString why;
        if (!rewriteNode(&copy, toInput, &why))
            return fail(error, why), std::nullopt;
        child.nodes.append(copy);
        if (n.position) {
            placed.append(*n.position);
            left = any ? std::min(left, n.position->x()) : n.position->x();
            right = any ? std::max(right, n.position->x()) : n.position->x();
            any = true;
        }
    }
    const Node *entryNode = graph.node(entry);
    const Node *exitNode = graph.node(exit);
    if (any) {
        child.nodes.first().position = QPointF(left - 220, entryNode->position ? entryNode->position->y() : 0);
        end.position = QPointF(right + 220, exitNode->position ? exitNode->position->y() : 0);
    }
    child.nodes.append(end);
    Edge in;
    in.from = child.nodes.first().id;
    in.to = entry;
    child.edges.append(in);
    for (const Edge &e : graph.edges)
        if (inside.contains(e.from) && inside.contains(e.to)) {
            Edge copy = e;
            QString why;
            const Rewriter toInput = readsOutside(false);
            if (!rewriteEdge(&copy, toInput, &why))
                return fail(error, why), std::nullopt;
            child.edges.append(copy);
        }
    Edge out;
    out.from = exit;
    out.to = end.id;
    child.edges.append(out);

    // The parent: the selection is one node; what read the selection reads the node.
    Graph parent = graph;
    parent.nodes.clear();
    parent.edges.clear();
    const Rewriter toNode = [&](const NameReference &ref) -> std::optional<Replacement> {
        if (!inside.contains(ref.root))
            return std::nullopt;
        if (!ref.path.isEmpty() && !x.outputs.contains(ref.path.first()))
            x.outputs.append(ref.path.first());
        return Replacement{node, false};
    };
    Node skill;
    skill.id = node;
    skill.type = QStringLiteral("skill");
    skill.kind = NodeKind::Skill;
    skill.label = label == node ? QString() : label;
    skill.skillId = capability;
    if (!placed.isEmpty())
        skill.position = centroid(placed);
    bool skillPlaced = false;
    for (const Node &n : graph.nodes) {
        if (inside.contains(n.id)) {
            if (!std::exchange(skillPlaced, true))
                parent.nodes.append(skill); // where the first of them was
            continue;
        }
        Node copy = n;
        QString why;
        if (!rewriteNode(&copy, toNode, &why))
            return fail(error, why), std::nullopt;
        for (BranchCondition &c : copy.conditions)
            if (inside.contains(c.target))
                c.target = node;
        if (inside.contains(copy.defaultTarget))
            copy.defaultTarget = node;
        parent.nodes.append(copy);
    }
    for (const Edge &e : graph.edges) {
        const bool from = inside.contains(e.from), to = inside.contains(e.to);
        if (from && to)
            continue;
        Edge copy = e;
        if (from)
            copy.from = node;
        if (to)
            copy.to = node;
        QString why;
        if (!rewriteEdge(&copy, toNode, &why))
            return fail(error, why), std::nullopt;
        parent.edges.append(copy);
    }
    // Bare names the rest of the graph reads that the selection made are the node's outputs too.
    for (const Node &n : parent.nodes) {
        if (n.id == node)
            continue;
        QString probe;
        const Rewriter collect = [&](const NameReference &ref) -> std::optional<Replacement> {
            if (made.contains(ref.root) && !graph.node(ref.root) && !x.outputs.contains(ref.root))
                x.outputs.append(ref.root);
            return std::nullopt;
        };
        Node scan = n;
        rewriteNode(&scan, collect, &probe);
    }
    if (x.outputs.isEmpty()) // nothing reads it yet: all it makes, so that nothing is lost
        for (const Node &n : child.nodes)
            for (const QString &o : n.outputs)
                if (!x.outputs.contains(o))
                    x.outputs.append(o);
    for (Node &n : parent.nodes)
        if (n.id == node) {
            for (qsizetype i = 0; i < x.inputs.size(); ++i)
                n.inputs.setYaml(x.inputs.at(i), yamlDoubleQuoted(x.readFrom.at(i))); // a template, as people write them
            n.outputs = x.outputs;
        }
    for (Frame &f : parent.frames) {
        QStringList ids;
        for (const QString &id : std::as_const(f.nodes)) {
            const QString now = inside.contains(id) ? node : id;
            if (!ids.contains(now))
                ids.append(now);
        }
        f.nodes = ids;
    }
    x.parent = parent;
    x.child = child;
    return x;
}

QByteArray SubgraphRefactor::capabilityYaml(const SubgraphExtraction &x, const QString &name, const QString &description,
                                            const QString &graphPath)
{
    const auto quoted = [](const QString &s) {
        QString q = s;
        q.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('"'), QLatin1String("\\\""));
        return QStringLiteral("\"%1\"").arg(q);
    };
    const auto schema = [&](const QStringList &names, bool required) {
        QString s = QStringLiteral("  type: object\n");
        if (names.isEmpty())
            return s;
        s += QStringLiteral("  properties:\n");
        for (const QString &n : names)
            s += QStringLiteral("    %1: {}\n").arg(n);
        if (required)
            s += QStringLiteral("  required: [%1]\n").arg(names.join(QStringLiteral(", ")));
        return s;
    };
    QString text;
    text += QStringLiteral("# A composite capability made by Extract to Sub-graph: its workflow is %1.\n").arg(graphPath);
    text += QStringLiteral("name: %1\n").arg(name);
    text += QStringLiteral("description: %1\n").arg(quoted(description));
    text += QStringLiteral("version: \"1.0.0\"\n");
    text += QStringLiteral("input_schema:\n") + schema(x.inputs, true);
    text += QStringLiteral("output_schema:\n") + schema(x.outputs, false);
    text += QStringLiteral("workflow_definition: {type: capgraph, path: %1}\n").arg(quoted(graphPath));
    return text.toUtf8();
}

std::optional<Graph> SubgraphRefactor::inlineSubgraph(const Graph &graph, const QString &nodeId, const Graph &child, QString *error)
{
    const Node *call = graph.node(nodeId);
    if (!call || call->kind != NodeKind::Skill)
        return fail(error, QStringLiteral("'%1' is not a skill node of the graph").arg(nodeId)), std::nullopt;
    QString startId, endId;
    for (const Node &n : child.nodes) {
        if (n.kind == NodeKind::Start)
            startId = startId.isEmpty() ? n.id : QStringLiteral("\n");
        if (n.kind == NodeKind::End)
            endId = endId.isEmpty() ? n.id : QStringLiteral("\n");
    }
    if (startId.isEmpty() || startId == QLatin1String("\n") || endId.isEmpty() || endId == QLatin1String("\n"))
        return fail(error, QStringLiteral("the sub-graph needs exactly one start and one end node to be inlined")), std::nullopt;
    QStringList afterStart, beforeEnd;
    for (const FlowEdge &f : child.flowEdges()) {
        if (f.from == startId)
            afterStart.append(f.to);
        if (f.to == endId)
            beforeEnd.append(f.from);
    }
    if (afterStart.size() != 1 || beforeEnd.size() != 1)
        return fail(error, QStringLiteral("the sub-graph's start leads to %1 node(s) and %2 lead(s) to its end: inlining needs one of each")
                               .arg(afterStart.size()).arg(beforeEnd.size())),
               std::nullopt;
    const QString entry = afterStart.first(), exit = beforeEnd.first();
    if (entry == endId)
        return fail(error, QStringLiteral("the sub-graph has no node between its start and its end")), std::nullopt;
    QSet<QString> inner;
    QStringList clashes;
    QHash<QString, QString> maker; // an output name → the last inner node that makes it
    for (const Node &n : child.nodes) {
        if (n.id == startId || n.id == endId)
            continue;
        inner.insert(n.id);
        if (n.id != nodeId && graph.node(n.id))
            clashes.append(n.id);
        for (const QString &o : n.outputs)
            maker.insert(o, n.id);
    }
    if (!clashes.isEmpty())
        return fail(error, QStringLiteral("the graph already has nodes named as the sub-graph's: %1 (rename them first)").arg(clashes.join(QStringLiteral(", ")))),
               std::nullopt;

    // The child's reads of its input become what the node passed it.
    QHash<QString, QString> passed;
    for (const ExtraFields::Field &f : call->inputs.fields()) {
        const std::optional<QString> e = asExpression(call->inputs.value(f.key));
        if (!e)
            return fail(error, QStringLiteral("'%1' passes input '%2' as a template of several parts: it cannot be read in its place").arg(nodeId, f.key)),
                   std::nullopt;
        passed.insert(f.key, *e);
    }
    const Rewriter fromInput = [&](const NameReference &ref) -> std::optional<Replacement> {
        if (ref.root != QLatin1String("input") || ref.path.isEmpty() || !passed.contains(ref.path.first()))
            return std::nullopt;
        return Replacement{passed.value(ref.path.first()), true};
    };
    // The graph's reads of the node's outputs become reads of the nodes that make them.
    QString missing;
    const Rewriter fromMaker = [&](const NameReference &ref) -> std::optional<Replacement> {
        if (ref.root != nodeId)
            return std::nullopt;
        const QString made = maker.value(ref.path.value(0));
        if (made.isEmpty()) {
            missing = ref.path.value(0);
            return std::nullopt;
        }
        return Replacement{made, false};
    };

    QList<QPointF> innerPlaces;
    for (const Node &n : child.nodes)
        if (inner.contains(n.id) && n.position)
            innerPlaces.append(*n.position);
    const QPointF shift = call->position && !innerPlaces.isEmpty() ? *call->position - centroid(innerPlaces) : QPointF();
    Graph out = graph;
    out.nodes.clear();
    out.edges.clear();
    for (const Node &n : graph.nodes) {
        if (n.id == nodeId) {
            for (const Node &c : child.nodes) {
                if (!inner.contains(c.id))
                    continue;
                Node copy = c;
                QString why;
                if (!rewriteNode(&copy, fromInput, &why))
                    return fail(error, why), std::nullopt;
                if (copy.position)
                    copy.position = *copy.position + shift;
                out.nodes.append(copy);
            }
            continue;
        }
        Node copy = n;
        QString why;
        if (!rewriteNode(&copy, fromMaker, &why))
            return fail(error, why), std::nullopt;
        for (BranchCondition &c : copy.conditions)
            if (c.target == nodeId)
                c.target = entry;
        if (copy.defaultTarget == nodeId)
            copy.defaultTarget = entry;
        out.nodes.append(copy);
    }
    // Edges: into the node → into the entry, out of it → out of the exit; the child's own edges
    // after the last one that leads in (where a flow listed in order has them).
    QList<Edge> innerEdges;
    for (const Edge &e : child.edges)
        if (inner.contains(e.from) && inner.contains(e.to)) {
            Edge copy = e;
            QString why;
            if (!rewriteEdge(&copy, fromInput, &why))
                return fail(error, why), std::nullopt;
            innerEdges.append(copy);
        }
    qsizetype insertAt = -1, firstOut = -1;
    for (const Edge &e : graph.edges) {
        Edge copy = e;
        if (copy.to == nodeId)
            copy.to = entry;
        if (copy.from == nodeId) {
            copy.from = exit;
            if (firstOut < 0)
                firstOut = out.edges.size();
        }
        QString why;
        if (!rewriteEdge(&copy, fromMaker, &why))
            return fail(error, why), std::nullopt;
        out.edges.append(copy);
        if (e.to == nodeId)
            insertAt = out.edges.size();
    }
    if (insertAt < 0)
        insertAt = firstOut >= 0 ? firstOut : out.edges.size();
    for (qsizetype i = 0; i < innerEdges.size(); ++i)
        out.edges.insert(insertAt + i, innerEdges.at(i));
    if (!missing.isEmpty())
        return fail(error, QStringLiteral("the graph reads %1.%2, which no node of the sub-graph makes").arg(nodeId, missing)), std::nullopt;
    for (Frame &f : out.frames) {
        QStringList ids;
        for (const QString &id : std::as_const(f.nodes)) {
            if (id != nodeId) {
                ids.append(id);
                continue;
            }
            for (const Node &c : child.nodes)
                if (inner.contains(c.id) && !ids.contains(c.id))
                    ids.append(c.id);
        }
        f.nodes = ids;
    }
    return out;
}

} // namespace capgraph
