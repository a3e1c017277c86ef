#pragma once

#include "model/Graph.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace capgraph {

class CapabilityRegistry;

// One input a graph reads (`input.topic`), with the values the graph compares it against
// (`input.type == 'pdf'` … `'search'`): the choices a run form offers.
struct GraphInput
{
    QString name;
    QStringList choices;
    // From the capability a skill passes it to ("text: ${input.text}" into a capability whose
    // input_schema describes `text`): what it is. Empty when no capability says.
    QString type;        // JSON Schema type: string, number, integer, boolean, array, object
    QString description;
    QVariant defaultValue;
    bool required = false;
    QString describedBy; // the capability that says so
    bool declared = false; // the graph's own input_schema describes it (then no capability does)
};

// The inputs a graph reads, found where it reads them: branch conditions, edge conditions
// and exit conditions, for_each, and ${…} templates in node inputs and prompts. A graph has no
// declared input schema (seed 000 has none), so this is what a run form can ask for. In the
// order first read, graph order.
class GraphInputs
{
public:
    static QList<GraphInput> of(const Graph &graph);
    // The same, each described by the capabilities the graph's skills are bound to.
    static QList<GraphInput> of(const Graph &graph, const CapabilityRegistry &capabilities);
    // A run's input with every input it lacks (or gives as null) that a capability gives a
    // default set to that default: what the run form shows as "default: 2" is what the run
    // reads (`${input.factor}` would otherwise fail before the capability sees the call).
    static QVariantMap withDefaults(const QList<GraphInput> &inputs, QVariantMap input);
    // The run's input as the graph and its capabilities complete it: first the graph's own
    // `inputs` (its default run input) for every key `input` lacks, then the capabilities'
    // defaults (withDefaults above).
    static QVariantMap completed(const Graph &graph, const CapabilityRegistry &capabilities, QVariantMap input);
};

} // namespace capgraph
