#pragma once

#include "model/Graph.h"

#include <QByteArray>
#include <QString>

namespace capgraph {

// Writes the canonical form of a graph: fixed key order, one blank line between list
// entries, expressions and prompts double-quoted as in seed 000. The same graph always
// gives the same bytes.
class GraphYamlWriter
{
public:
    static QByteArray toYaml(const Graph &graph);
    // Atomic (QSaveFile): on failure the previous file is untouched. *error says why.
    static bool writeFile(const Graph &graph, const QString &path, QString *error = nullptr);
};

} // namespace capgraph
