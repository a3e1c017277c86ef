#pragma once

#include "model/Graph.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace capgraph {

// A piece of a graph moved into a graph of its own, called through a composite capability
// (seed 000's sub-graph composition), and back (docs/studio.md, "Sub-graphs").
struct SubgraphExtraction
{
    Graph parent;         // the graph with the selection replaced by one skill node
    Graph child;          // control.start → the selection → control.end
    QString node;         // that skill node's id in `parent`
    QStringList inputs;   // what the selection reads from outside it: the child's input names
    QStringList outputs;  // what the rest of the graph reads of it: the child's output names
    QStringList readFrom; // per input, what the parent passes ("${search.results}")
};

// Extract to Sub-graph and Inline Sub-graph, headless. Both keep what they do not change as it
// was written (order, positions, fields), so that extracting and inlining again gives the
// graph back as it was.
class SubgraphRefactor
{
public:
    // Moves `selection` (node ids of `graph`) into a child graph. The selection must be
    // connected, entered at one node and left from one (a sub-graph has one start and one
    // end), without the graph's start or end nodes, with loops whole, and with no branch in it
    // leading out of it. The child reads what the selection read from outside as its input
    // (`${search.results}` becomes `${input.results}`, passed by the new node); what the rest
    // of the graph read of the selection it reads of the new node (`${summarise.text}`
    // becomes `${node.text}`). `node` is the new node's id (unused in the graph), `capability`
    // the skill_id it gets, `label` its label. Empty with why when the selection cannot move.
    static std::optional<SubgraphExtraction> extract(const Graph &graph, const QStringList &selection, const QString &node,
                                                     const QString &capability, const QString &label, QString *error);
    // A capability definition (YAML, seed 003) for an extraction: its name, description,
    // version 1.0.0, input and output schemas naming the inputs and outputs (any type), and a
    // workflow_definition of type capgraph at `graphPath` (relative to the definition).
    static QByteArray capabilityYaml(const SubgraphExtraction &extraction, const QString &name, const QString &description,
                                     const QString &graphPath);
    // Puts `child`'s nodes (the graph the skill node `node` runs) in place of that node: its
    // inputs become what the child read as input, the graph's reads of the node's outputs
    // become reads of the child's nodes that make them. Empty with why when it cannot: a
    // child without one start and one end, ids the graph already has, an output no child
    // node makes.
    static std::optional<Graph> inlineSubgraph(const Graph &graph, const QString &node, const Graph &child, QString *error);
};

} // namespace capgraph
