#pragma once

#include "model/Annotation.h"
#include "model/Edge.h"
#include "model/ExtraFields.h"
#include "model/FlowEdge.h"
#include "model/Node.h"
#include "model/Pricing.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace capgraph {

// A capability graph: the single source of truth that the YAML reader fills, the writer
// saves, and the validator, metrics, layout and executor read. Plain value type.
struct Graph
{
    QString id;
    QString name;              // what people call it ("寫報告"), shown where the id would be
    QString version;
    QString description;       // what it is for, a sentence or a paragraph
    ExtraFields inputs;        // the run's input when none is given (`graph.inputs`), kept as written
    // `graph.pricing`: the price of the tokens of every skill node whose capability declares none.
    std::optional<Pricing> pricing;
    // `graph.execution_context` (seed 000's ExecutionContext): the depth and time budget a run's
    // `select: optimal` branches choose under when the run names none (`capgraph run --depth/--budget`).
    QString preferredDepth;               // quick | thorough, empty = unset
    std::optional<double> availableTime;  // time units, unset = no budget
    QList<Node> nodes;
    QList<Edge> edges;
    QList<Frame> frames;       // the studio's titled groups of nodes
    QList<Note> notes;         // the studio's sticky notes
    ExtraFields metadata;      // graph.metadata, kept as written
    ExtraFields extra;         // unknown keys under `graph:`
    ExtraFields documentExtra; // unknown top-level keys beside `graph:`
    QStringList headerComment; // leading '#' lines of the file, kept by `capgraph fmt`
    SourceLocation location;   // of the `graph:` key (not part of equality)

    // -1 when absent. Linear; build a NodeIndex for repeated look-ups.
    int indexOfNode(const QString &nodeId) const;
    const Node *node(const QString &nodeId) const;
    Node *node(const QString &nodeId);

    // Every way control can flow: explicit edges in file order, then, for each branch
    // node in file order, its condition targets and default target that no explicit
    // edge from the branch already covers.
    QList<FlowEdge> flowEdges() const;
    // The label a drawing gives a way of control flow: a condition's name (or its expression
    // when it has none), "default", an edge's condition, "↺ ≤ 3" for an iteration edge's
    // bound, "∥ sync" / "∥ async" for a parallel edge, "w 2" for a weight; else empty.
    // `source` is the flow's source node when the caller has it at hand (else it is looked up,
    // linearly).
    // `translated`: the words of the label ("default", "∥ async", "w 2") in the application's
    // language (context capgraph::EdgeLabel); names and expressions stay as written.
    QString flowLabel(const FlowEdge &flow, const Node *source = nullptr, bool translated = false) const;

    bool operator==(const Graph &other) const;
    bool operator!=(const Graph &other) const { return !(*this == other); }
};

} // namespace capgraph
