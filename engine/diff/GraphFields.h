#pragma once

#include <QList>
#include <QString>
#include <QVariant>

namespace capgraph {

struct BranchCondition;
struct Edge;
struct Graph;
struct Node;

// A graph's content as named values, the form in which GraphDiff compares two versions and
// GraphText prints one: every field the model keeps (unknown keys included), in the canonical
// key order of docs/graph-format.md. A mapping the model keeps as written (a skill's `inputs`,
// `graph.inputs`, `metadata`, unknown keys) gives one field per key ("inputs.query"), sorted
// by key; `retry` gives "retry.max_attempts" and so on. Unset fields are left out. Geometry is not here: a node's
// position and a note's place and size are layout (GraphDiff::layout).
namespace GraphFields {

struct Field
{
    QString name;
    QVariant value;
};

// What a type means: a known kind's canonical name ("start" and "control.start" are one
// type), else the type as written.
QString nodeType(const Node &node);
QString edgeType(const Edge &edge);

// `id`, `name`, `version`, `description`, `inputs.*`, `pricing.*` (`per_1k_tokens` or the
// split prices, and `currency`), `metadata.*`, unknown keys under
// `graph:` and beside it (`document.KEY`), and the frames and notes (`frames.ID.title`,
// `notes.ID.text`, ...).
QList<Field> ofGraph(const Graph &graph);
// Every field of a node but its id, its branch conditions (ofCondition) and its position.
QList<Field> ofNode(const Node &node);
// A condition's `expression`, `target` and unknown keys (its name is its identity).
QList<Field> ofCondition(const BranchCondition &condition);
// An edge's `weight`, `condition`, `max_count`, `exit_condition`, `sync_required` and unknown
// keys (from, to and type are its identity).
QList<Field> ofEdge(const Edge &edge);

} // namespace GraphFields

} // namespace capgraph
