#pragma once

#include "model/Graph.h"

#include <QByteArray>
#include <QPointF>
#include <QSet>
#include <QString>
#include <QStringList>

namespace capgraph::editor {

class GraphDocument;

// The user's actions on a graph, each pushed as one undo command on the document's stack.
// The studio's widgets call these; so do the tests, without any widget.
namespace GraphActions {

// A new node of `kind` centred at `centre`, with an id made from its type ("skill_3").
QString addNode(GraphDocument *document, NodeKind kind, const QPointF &centre);
// A node made elsewhere (a capability dropped from the Capabilities dock), centred at
// `centre`; its id, or its type when it has none, is the stem of a new unique id.
QString addPreparedNode(GraphDocument *document, Node node, const QPointF &centre);

// The edge type a connection from `from` to `to` gets when the user does not choose one:
// conditional out of a branch, parallel out of a split or into a join, iteration from a
// loop_end back to its loop_start, sequence otherwise.
EdgeKind inferredEdgeKind(const Graph &graph, const QString &from, const QString &to);

// Connects two nodes; false with the reason when the graph forbids it (an edge to itself,
// into a start, out of an end, the same edge twice, an iteration edge that does not close a
// loop). Out of a branch, a connection is one more of its conditions (addCondition), whatever
// `kind` says: a branch's outgoing edges are its conditions.
bool connectNodes(GraphDocument *document, const QString &from, const QString &to, EdgeKind kind, QString *reason);

// A branch's condition (its index in the branch's `conditions`, -1 for its `default`): what a
// condition edge on the canvas stands for.
struct ConditionRef
{
    QString branch;
    int index = -1;
    bool operator==(const ConditionRef &other) const { return branch == other.branch && index == other.index; }
};

// Adds a condition row to a branch leading to `to`: named condition_N, its expression still
// empty (lint says so until it is written). Refused when the branch already leads there.
bool addCondition(GraphDocument *document, const QString &branchId, const QString &to, QString *reason);
// Points a condition (or the default, index -1) at another node: dragging the condition
// edge's end.
bool retargetCondition(GraphDocument *document, const QString &branchId, int conditionIndex, const QString &to, QString *reason);
// What already leads from a branch to `to` (a condition's name, "default", an edge's
// condition or type), or "" when nothing does.
QString leadingCondition(const Graph &graph, const QString &branchId, const QString &to);

// Moves an explicit edge's ends (one of them, usually): the same rules as connectNodes.
bool reconnectEdge(GraphDocument *document, int edgeIndex, const QString &from, const QString &to, QString *reason);

// A property edit of one node (the properties dock): one command, its id included (edges,
// branch targets, loop pairs and frames follow a rename). False with the reason when the new
// id is empty, has blanks at its ends or is taken. Consecutive edits of the same node with
// the same non-empty `mergeKey` merge into one command (the steps of one spin box). `what`
// names the property for the history ("Edit prompt of ask").
bool editNode(GraphDocument *document, const QString &id, const Node &after, const QString &what, QString *reason,
              const QString &mergeKey = QString());
// The same for an explicit edge; new ends or a new type follow connectNodes' rules.
bool editEdge(GraphDocument *document, int edgeIndex, const Edge &after, const QString &what, QString *reason,
              const QString &mergeKey = QString());
// Places one node's centre (a typed position): one move command.
void moveNode(GraphDocument *document, const QString &id, const QPointF &centre);

// Deletes nodes (with their edges, the branch conditions leading to them, and from their
// frames), edges, branch conditions (condition edges), frames and notes: one undo step.
void deleteItems(GraphDocument *document, const QStringList &nodeIds, const QList<int> &edgeIndexes,
                 const QStringList &annotationIds = {}, const QList<ConditionRef> &conditions = {});

// Frames and notes. Each is one undo step; they return the new frame's or note's id.
QString groupIntoFrame(GraphDocument *document, const QStringList &nodeIds, const QString &title);
QString addNote(GraphDocument *document, const QPointF &topLeft, const QString &text);
void retitleFrame(GraphDocument *document, const QString &frameId, const QString &title);
void editNote(GraphDocument *document, const QString &noteId, const QString &text);
void moveNote(GraphDocument *document, const QString &noteId, const QPointF &topLeft);

// Lays out the whole graph, or only `only`, with the layout engine (one command).
void autoLayout(GraphDocument *document, const QSet<QString> &only = {});

// Aligns the nodes' centres: Qt::AlignLeft/AlignRight/AlignHCenter on x (left uses the
// smallest centre x), Qt::AlignTop/AlignBottom/AlignVCenter on y.
void alignNodes(GraphDocument *document, const QStringList &nodeIds, Qt::Alignment alignment);

// The nodes and the edges among them as a graph YAML (the clipboard format).
QByteArray copyAsYaml(const GraphDocument *document, const QStringList &nodeIds);
// Adds a clipboard YAML's nodes and edges, renaming ids that are taken and moving every
// node by `offset`. Returns the new nodes' ids; empty with `error` set when the bytes are
// not a graph.
QStringList pasteYaml(GraphDocument *document, const QByteArray &yaml, const QPointF &offset, QString *error);

} // namespace GraphActions

} // namespace capgraph::editor
