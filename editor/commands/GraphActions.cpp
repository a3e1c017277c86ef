#include "commands/GraphActions.h"

#include "commands/AddItemsCommand.h"
#include "commands/EditAnnotationsCommand.h"
#include "commands/EditEdgeCommand.h"
#include "commands/EditNodeCommand.h"
#include "commands/MoveNodesCommand.h"
#include "commands/RemoveItemsCommand.h"
#include "document/GraphDocument.h"
#include "layout/GraphAutoLayout.h"
#include "yaml/GraphYamlReader.h"
#include "yaml/GraphYamlWriter.h"

#include <QHash>
#include <QSet>
#include <QObject>

#include <algorithm>
#include <numeric>

namespace capgraph::editor::GraphActions {

QString addNode(GraphDocument *document, NodeKind kind, const QPointF &centre)
{
    Node n;
    n.type = canonicalTypeName(kind);
    n.kind = kind;
    if (kind == NodeKind::Skill)
        n.skillId = QStringLiteral("builtin.noop");
    if (kind == NodeKind::LoopStart)
        n.maxIterations = 3;
    if (isInteraction(kind))
        n.prompt = QObject::tr("Please answer");
    return addPreparedNode(document, n, centre);
}

QString addPreparedNode(GraphDocument *document, Node node, const QPointF &centre)
{
    node.id = document->uniqueNodeId(node.id.isEmpty() ? node.type.section(QLatin1Char('.'), -1) : node.id);
    node.position = centre;
    document->undoStack()->push(new AddItemsCommand(document, {node}, {}, QObject::tr("Add %1").arg(node.id)));
    return node.id;
}

EdgeKind inferredEdgeKind(const Graph &graph, const QString &from, const QString &to)
{
    const Node *a = graph.node(from);
    const Node *b = graph.node(to);
    if (!a || !b)
        return EdgeKind::Sequence;
    if (a->kind == NodeKind::Branch)
        return EdgeKind::Conditional;
    if (a->kind == NodeKind::ParallelSplit || b->kind == NodeKind::ParallelJoin)
        return EdgeKind::Parallel;
    if (a->kind == NodeKind::LoopEnd && b->kind == NodeKind::LoopStart)
        return EdgeKind::Iteration;
    return EdgeKind::Sequence;
}

namespace {
// Why an edge from -> to of `kind` is not allowed, or "" when it is. `ignore` is an edge
// index left out of the duplicate check (the edge being reconnected).
QString refusal(const GraphDocument *document, const QString &from, const QString &to, EdgeKind kind, int ignore)
{
    const Node *a = document->node(from);
    const Node *b = document->node(to);
    if (!a || !b)
        return QObject::tr("no such node");
    if (from == to)
        return QObject::tr("a node cannot be connected to itself (loops go through loop_start/loop_end)");
    if (b->kind == NodeKind::Start)
        return QObject::tr("'%1' is a start node: nothing leads into it").arg(to);
    if (a->kind == NodeKind::End)
        return QObject::tr("'%1' is an end node: nothing leaves it").arg(from);
    const QList<Edge> &edges = document->graph().edges;
    for (int i = 0; i < edges.size(); ++i)
        if (i != ignore && edges.at(i).from == from && edges.at(i).to == to && edges.at(i).kind == kind)
            return QObject::tr("%1 → %2 is already connected").arg(from, to);
    if (kind == EdgeKind::Iteration && !(a->kind == NodeKind::LoopEnd && b->kind == NodeKind::LoopStart))
        return QObject::tr("an iteration edge goes from a loop_end back to its loop_start");
    return QString();
}
} // namespace

bool connectNodes(GraphDocument *document, const QString &from, const QString &to, EdgeKind kind, QString *reason)
{
    const QString why = refusal(document, from, to, kind, -1);
    if (!why.isEmpty()) {
        if (reason)
            *reason = why;
        return false;
    }
    const Node *a = document->node(from);
    const Node *b = document->node(to);
    if (a->kind == NodeKind::Branch)
        return addCondition(document, from, to, reason);
    Edge e;
    e.from = from;
    e.to = to;
    e.kind = kind;
    e.type = edgeTypeName(kind);
    if (kind == EdgeKind::Iteration)
        e.maxCount = b->maxIterations.value_or(3);
    document->undoStack()->push(new AddItemsCommand(document, {}, {e}, QObject::tr("Connect %1 → %2").arg(from, to)));
    return true;
}

QString leadingCondition(const Graph &graph, const QString &branchId, const QString &to)
{
    const Node *branch = graph.node(branchId);
    if (!branch)
        return {};
    for (const BranchCondition &c : branch->conditions)
        if (c.target == to)
            return c.name.isEmpty() ? (c.expression.isEmpty() ? QStringLiteral("?") : c.expression) : c.name;
    if (branch->defaultTarget == to)
        return QStringLiteral("default");
    for (const Edge &e : graph.edges)
        if (e.from == branchId && e.to == to)
            return e.condition.isEmpty() ? edgeTypeName(e.kind) : e.condition;
    return {};
}

namespace {
bool refused(QString *reason, const QString &why)
{
    if (reason)
        *reason = why;
    return false;
}

// Why branch `branchId` cannot have one more way (a condition, its default) to `to`, or "".
QString branchRefusal(const GraphDocument *document, const QString &branchId, const QString &to)
{
    const Node *branch = document->node(branchId);
    if (!branch || branch->kind != NodeKind::Branch)
        return QObject::tr("'%1' is not a branch").arg(branchId);
    const QString why = refusal(document, branchId, to, EdgeKind::Conditional, -1);
    if (!why.isEmpty())
        return why;
    const QString existing = leadingCondition(document->graph(), branchId, to);
    if (!existing.isEmpty())
        return QObject::tr("'%1' already leads to '%2' (%3): edit that condition instead").arg(branchId, to, existing);
    return QString();
}
} // namespace

bool addCondition(GraphDocument *document, const QString &branchId, const QString &to, QString *reason)
{
    if (const QString why = branchRefusal(document, branchId, to); !why.isEmpty())
        return refused(reason, why);
    const Node *branch = document->node(branchId);
    Node after = *branch;
    QSet<QString> names;
    for (const BranchCondition &c : after.conditions)
        names.insert(c.name);
    BranchCondition c;
    for (int k = int(after.conditions.size()) + 1;; ++k) {
        c.name = QStringLiteral("condition_%1").arg(k);
        if (!names.contains(c.name))
            break;
    }
    c.target = to;
    after.conditions.append(c);
    document->undoStack()->push(new EditNodeCommand(document, *branch, after,
                                                    QObject::tr("Add condition %1 → %2 to %3").arg(c.name, to, branchId)));
    return true;
}

bool retargetCondition(GraphDocument *document, const QString &branchId, int conditionIndex, const QString &to, QString *reason)
{
    const Node *branch = document->node(branchId);
    if (!branch || branch->kind != NodeKind::Branch)
        return refused(reason, QObject::tr("'%1' is not a branch").arg(branchId));
    if (conditionIndex < -1 || conditionIndex >= branch->conditions.size())
        return refused(reason, QObject::tr("no such condition"));
    const QString current = conditionIndex < 0 ? branch->defaultTarget : branch->conditions.at(conditionIndex).target;
    if (current == to)
        return true;
    if (const QString why = branchRefusal(document, branchId, to); !why.isEmpty())
        return refused(reason, why);
    Node after = *branch;
    QString what;
    if (conditionIndex < 0) {
        after.defaultTarget = to;
        what = QStringLiteral("default");
    } else {
        after.conditions[conditionIndex].target = to;
        what = after.conditions.at(conditionIndex).name;
    }
    document->undoStack()->push(new EditNodeCommand(document, *branch, after,
                                                    QObject::tr("Retarget %1 of %2 to %3").arg(what, branchId, to)));
    return true;
}

bool reconnectEdge(GraphDocument *document, int edgeIndex, const QString &from, const QString &to, QString *reason)
{
    const QList<Edge> &edges = document->graph().edges;
    if (edgeIndex < 0 || edgeIndex >= edges.size()) {
        if (reason)
            *reason = QObject::tr("no such edge");
        return false;
    }
    const Edge before = edges.at(edgeIndex);
    if (before.from == from && before.to == to)
        return true;
    const QString why = refusal(document, from, to, before.kind, edgeIndex);
    if (!why.isEmpty()) {
        if (reason)
            *reason = why;
        return false;
    }
    Edge after = before;
    after.from = from;
    after.to = to;
    document->undoStack()->push(new EditEdgeCommand(document, edgeIndex, before, after, QObject::tr("Reconnect %1 → %2").arg(from, to)));
    return true;
}

bool editNode(GraphDocument *document, const QString &id, const Node &after, const QString &what, QString *reason,
              const QString &mergeKey)
{
    const auto refuse = [reason](const QString &why) {
        if (reason)
            *reason = why;
        return false;
    };
    const Node *before = document->node(id);
    if (!before)
        return refuse(QObject::tr("no such node '%1'").arg(id));
    if (after == *before)
        return true;
    if (after.id != id) {
        if (after.id.isEmpty())
            return refuse(QObject::tr("a node needs an id"));
        if (after.id.trimmed() != after.id)
            return refuse(QObject::tr("an id cannot start or end with a blank"));
        if (document->node(after.id))
            return refuse(QObject::tr("'%1' is already the id of another node").arg(after.id));
    }
    document->undoStack()->push(new EditNodeCommand(document, *before, after,
                                                    QObject::tr("Edit %1 of %2").arg(what, after.id), mergeKey));
    return true;
}

bool editEdge(GraphDocument *document, int edgeIndex, const Edge &after, const QString &what, QString *reason,
              const QString &mergeKey)
{
    const QList<Edge> &edges = document->graph().edges;
    if (edgeIndex < 0 || edgeIndex >= edges.size()) {
        if (reason)
            *reason = QObject::tr("no such edge");
        return false;
    }
    const Edge before = edges.at(edgeIndex);
    if (after == before)
        return true;
    if (after.from != before.from || after.to != before.to || after.kind != before.kind) {
        const QString why = refusal(document, after.from, after.to, after.kind, edgeIndex);
        if (!why.isEmpty()) {
            if (reason)
                *reason = why;
            return false;
        }
    }
    document->undoStack()->push(new EditEdgeCommand(document, edgeIndex, before, after,
                                                    QObject::tr("Edit %1 of %2 → %3").arg(what, after.from, after.to),
                                                    mergeKey));
    return true;
}

void deleteItems(GraphDocument *document, const QStringList &nodeIds, const QList<int> &edgeIndexes, const QStringList &annotationIds,
                 const QList<ConditionRef> &conditions)
{
    // A branch's conditions are its outgoing edges: a deleted condition edge takes its row
    // (or the default) away, and so does a deleted node the condition leads to.
    const QSet<QString> gone(nodeIds.cbegin(), nodeIds.cend());
    QList<QPair<Node, Node>> branchEdits; // before, after
    for (const Node &n : document->graph().nodes) {
        if (n.kind != NodeKind::Branch || gone.contains(n.id))
            continue;
        Node after = n;
        QList<int> drop;
        for (const ConditionRef &c : conditions)
            if (c.branch == n.id && c.index >= 0 && c.index < n.conditions.size())
                drop.append(c.index);
            else if (c.branch == n.id && c.index < 0)
                after.defaultTarget.clear();
        for (int i = 0; i < n.conditions.size(); ++i)
            if (gone.contains(n.conditions.at(i).target))
                drop.append(i);
        if (gone.contains(after.defaultTarget))
            after.defaultTarget.clear();
        std::sort(drop.begin(), drop.end());
        drop.erase(std::unique(drop.begin(), drop.end()), drop.end());
        for (auto it = drop.crbegin(); it != drop.crend(); ++it)
            after.conditions.removeAt(*it);
        if (after != n)
            branchEdits.append({n, after});
    }
    auto *command = new RemoveItemsCommand(document, nodeIds, edgeIndexes, annotationIds);
    if (command->isEmpty() && branchEdits.isEmpty()) {
        delete command;
        return;
    }
    QUndoStack *stack = document->undoStack();
    const bool macro = branchEdits.size() + (command->isEmpty() ? 0 : 1) > 1;
    if (macro)
        stack->beginMacro(QObject::tr("Delete"));
    for (const auto &[before, after] : std::as_const(branchEdits))
        stack->push(new EditNodeCommand(document, before, after,
                                        QObject::tr("Delete %n condition(s) of %1", nullptr,
                                                    int(before.conditions.size() - after.conditions.size())
                                                        + (before.defaultTarget != after.defaultTarget ? 1 : 0))
                                            .arg(before.id)));
    if (command->isEmpty())
        delete command;
    else
        stack->push(command);
    if (macro)
        stack->endMacro();
}

QString groupIntoFrame(GraphDocument *document, const QStringList &nodeIds, const QString &title)
{
    QStringList members;
    for (const QString &id : nodeIds)
        if (document->node(id))
            members.append(id);
    if (members.isEmpty())
        return {};
    Frame f;
    f.id = document->uniqueAnnotationId(QStringLiteral("frame"));
    f.title = title;
    f.nodes = members;
    QList<Frame> frames = document->graph().frames;
    frames.append(f);
    document->undoStack()->push(new EditAnnotationsCommand(document, frames, document->graph().notes, QObject::tr("Group into frame")));
    return f.id;
}

QString addNote(GraphDocument *document, const QPointF &topLeft, const QString &text)
{
    Note n;
    n.id = document->uniqueAnnotationId(QStringLiteral("note"));
    n.text = text;
    n.position = topLeft;
    QList<Note> notes = document->graph().notes;
    notes.append(n);
    document->undoStack()->push(new EditAnnotationsCommand(document, document->graph().frames, notes, QObject::tr("Add note")));
    return n.id;
}

void retitleFrame(GraphDocument *document, const QString &frameId, const QString &title)
{
    QList<Frame> frames = document->graph().frames;
    for (Frame &f : frames)
        if (f.id == frameId && f.title != title) {
            f.title = title;
            document->undoStack()->push(new EditAnnotationsCommand(document, frames, document->graph().notes, QObject::tr("Rename frame")));
            return;
        }
}

void editNote(GraphDocument *document, const QString &noteId, const QString &text)
{
    QList<Note> notes = document->graph().notes;
    for (Note &n : notes)
        if (n.id == noteId && n.text != text) {
            n.text = text;
            document->undoStack()->push(new EditAnnotationsCommand(document, document->graph().frames, notes, QObject::tr("Edit note")));
            return;
        }
}

void moveNote(GraphDocument *document, const QString &noteId, const QPointF &topLeft)
{
    QList<Note> notes = document->graph().notes;
    for (Note &n : notes)
        if (n.id == noteId && n.position != topLeft) {
            n.position = topLeft;
            document->undoStack()->push(new EditAnnotationsCommand(document, document->graph().frames, notes, QObject::tr("Move note")));
            return;
        }
}

namespace {
MoveNodesCommand::Positions currentPositions(const GraphDocument *document, const QStringList &ids)
{
    MoveNodesCommand::Positions before;
    for (const QString &id : ids)
        if (const Node *n = document->node(id))
            before.insert(id, n->position);
    return before;
}
} // namespace

void autoLayout(GraphDocument *document, const QSet<QString> &only)
{
    const GraphLayout laidOut = layOutGraph(document->graph(), layout::LayoutDirection::LeftToRight, only);
    const QHash<QString, QPointF> &centres = laidOut.centres;
    if (centres.isEmpty())
        return;
    // The layout's routes, for the canvas to draw while the nodes stay where it put them.
    QHash<QPair<QString, QString>, QList<QPointF>> hints;
    if (!only.isEmpty()) {
        // Only the selection moved: the routes among its nodes are new, the others stay.
        const Graph &g = document->graph();
        for (const FlowEdge &f : g.flowEdges())
            if (!(only.contains(f.from) && only.contains(f.to)))
                if (const QList<QPointF> old = document->routeHint(f.from, f.to); !old.isEmpty())
                    hints.insert({f.from, f.to}, old);
    }
    for (auto it = laidOut.routes.cbegin(); it != laidOut.routes.cend(); ++it)
        hints.insert(it.key(), it.value());
    document->setRouteHints(hints);
    const auto before = currentPositions(document, centres.keys());
    document->undoStack()->push(new MoveNodesCommand(document, before, centres,
                                                     only.isEmpty() ? QObject::tr("Auto-layout") : QObject::tr("Auto-layout selection")));
}

void moveNode(GraphDocument *document, const QString &id, const QPointF &centre)
{
    const Node *n = document->node(id);
    if (!n || n->position == centre)
        return;
    document->undoStack()->push(new MoveNodesCommand(document, currentPositions(document, {id}), {{id, centre}},
                                                     QObject::tr("Move %1").arg(id)));
}

void alignNodes(GraphDocument *document, const QStringList &nodeIds, Qt::Alignment alignment)
{
    QList<QPointF> points;
    QStringList ids;
    for (const QString &id : nodeIds)
        if (const Node *n = document->node(id); n && n->position) {
            points.append(*n->position);
            ids.append(id);
        }
    if (points.size() < 2)
        return;
    double target = 0;
    const bool horizontal = alignment & (Qt::AlignLeft | Qt::AlignRight | Qt::AlignHCenter);
    QList<double> values;
    for (const QPointF &p : points)
        values.append(horizontal ? p.x() : p.y());
    if (alignment & (Qt::AlignLeft | Qt::AlignTop))
        target = *std::min_element(values.cbegin(), values.cend());
    else if (alignment & (Qt::AlignRight | Qt::AlignBottom))
        target = *std::max_element(values.cbegin(), values.cend());
    else
        target = std::accumulate(values.cbegin(), values.cend(), 0.0) / double(values.size());
    QHash<QString, QPointF> after;
    for (int i = 0; i < ids.size(); ++i)
        after.insert(ids.at(i), horizontal ? QPointF(target, points.at(i).y()) : QPointF(points.at(i).x(), target));
    document->undoStack()->push(new MoveNodesCommand(document, currentPositions(document, ids), after, QObject::tr("Align")));
}

QByteArray copyAsYaml(const GraphDocument *document, const QStringList &nodeIds)
{
    Graph clip;
    clip.id = QStringLiteral("clipboard");
    clip.version = QStringLiteral("1.0");
    const QSet<QString> ids(nodeIds.cbegin(), nodeIds.cend());
    for (const Node &n : document->graph().nodes)
        if (ids.contains(n.id))
            clip.nodes.append(n);
    for (const Edge &e : document->graph().edges)
        if (ids.contains(e.from) && ids.contains(e.to))
            clip.edges.append(e);
    return GraphYamlWriter::toYaml(clip);
}

QStringList pasteYaml(GraphDocument *document, const QByteArray &yaml, const QPointF &offset, QString *error)
{
    const GraphLoadResult loaded = GraphYamlReader::readBytes(yaml, QStringLiteral("clipboard"));
    if (!loaded.ok()) {
        if (error)
            *error = loaded.errorText();
        return {};
    }
    QHash<QString, QString> renamed;
    QSet<QString> taken;
    for (const Node &n : document->graph().nodes)
        taken.insert(n.id);
    QList<Node> nodes;
    for (Node n : loaded.graph->nodes) {
        QString id = n.id;
        if (taken.contains(id)) {
            for (int k = 2;; ++k) {
                id = QStringLiteral("%1_%2").arg(n.id).arg(k);
                if (!taken.contains(id))
                    break;
            }
        }
        taken.insert(id);
        renamed.insert(n.id, id);
        n.id = id;
        n.position = n.position.value_or(QPointF(0, 0)) + offset;
        nodes.append(n);
    }
    for (Node &n : nodes) { // references inside the pasted group follow the renames
        for (BranchCondition &c : n.conditions)
            c.target = renamed.value(c.target, c.target);
        n.defaultTarget = renamed.value(n.defaultTarget, n.defaultTarget);
        n.loopStart = renamed.value(n.loopStart, n.loopStart);
    }
    QList<Edge> edges;
    for (Edge e : loaded.graph->edges) {
        if (!renamed.contains(e.from) || !renamed.contains(e.to))
            continue;
        e.from = renamed.value(e.from);
        e.to = renamed.value(e.to);
        edges.append(e);
    }
    QStringList ids;
    for (const Node &n : std::as_const(nodes))
        ids.append(n.id);
    if (!nodes.isEmpty())
        document->undoStack()->push(new AddItemsCommand(document, nodes, edges, QObject::tr("Paste %n node(s)", nullptr, int(nodes.size()))));
    return ids;
}

} // namespace capgraph::editor::GraphActions
