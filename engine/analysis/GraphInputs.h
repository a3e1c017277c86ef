#pragma once

#include "model/Graph.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace capgraph {

// One input a graph reads (`input.topic`), with the values the graph compares it against
// (`input.type == 'pdf'` … `'search'`): the choices a run form offers.
struct GraphInput
{
    QString name;
    QStringList choices;
};

// The inputs a graph reads, found where it reads them: branch conditions, edge conditions
// and exit conditions, for_each, and ${…} templates in node inputs and prompts. A graph has no
// declared input schema (seed 000 has none), so this is what a run form can ask for. In the
// order first read, graph order.
class GraphInputs
{
public:
    static QList<GraphInput> of(const Graph &graph);
};

} // namespace capgraph
