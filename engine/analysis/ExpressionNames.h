#pragma once

#include "model/Graph.h"

#include <QList>
#include <QString>

namespace capgraph {

class CapabilityRegistry;

// What an expression may name at a place in a graph, for completion (the studio's expression
// fields): the run's input fields (input.topic), the outputs of the nodes upstream and the
// variables they become (search.results, results), an interaction's answer, the built-ins
// (iteration, run) and the language's functions, each with what is known of its type.
struct ExpressionName
{
    enum class Kind { Input, Output, Variable, Builtin, Function };
    Kind kind = Kind::Variable;
    QString text;   // what is inserted: "input.topic", "search.results", "len("
    QString label;  // what the list shows: "len(x)" for a function, else the text
    QString detail; // "text", "number", "list", … (JSON Schema's type in words), or what it is
    QString from;   // the node or capability it comes from, when there is one
};

class ExpressionNames
{
public:
    // At `nodeId` (its conditions, for_each, inputs; empty: anywhere in the graph — every
    // node's outputs). `nodeRan`: the node's own outputs are there too (an edge's condition,
    // read after its source ran); else only when the node is on a loop (an earlier round's).
    // `capabilities` (may be null) types the inputs and outputs they describe.
    static QList<ExpressionName> at(const Graph &graph, const QString &nodeId, bool nodeRan, const CapabilityRegistry *capabilities);
    // The token an expression's text ends in at `cursor` (letters, digits, _ and dots: the part
    // completion replaces), and where it starts.
    static QString tokenBefore(const QString &text, int cursor, int *start);
};

} // namespace capgraph
