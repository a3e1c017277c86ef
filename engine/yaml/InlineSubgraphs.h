#pragma once

#include "model/Graph.h"
#include "yaml/GraphYamlReader.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace capgraph {

// Graphs kept inside a graph file, under `graph.subgraphs` (name -> a graph's fields, as under
// `graph:`): the children of an imported Dify iteration or loop, which builtin.subgraph runs
// as child runs (docs/dify.md). They travel with the file; the model keeps them as an
// unknown key, so every tool that does not run them keeps them as written.
class InlineSubgraphs
{
public:
    static QStringList names(const Graph &graph);
    // The sub-graph `name`, read as a graph file would be; diagnostics name `file` and the
    // line inside the sub-graph's own text.
    static GraphLoadResult read(const Graph &graph, const QString &name, const QString &file = QString());
    // Every sub-graph, read from one parse of `graph.subgraphs` (name order).
    static QList<QPair<QString, GraphLoadResult>> readAll(const Graph &graph, const QString &file = QString());
    // Sets `graph.subgraphs` to these graphs (none: removes it). False with `error` when one
    // cannot be written.
    static bool store(Graph &graph, const QList<QPair<QString, Graph>> &subgraphs, QString *error = nullptr);
};

} // namespace capgraph
