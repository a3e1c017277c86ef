#pragma once

#include "model/Graph.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace capgraph {

// Writes a capability graph as a Dify app DSL (docs/dify.md, "Export"). An imported app comes
// back as it was read — every Dify field its nodes and edges kept, with the titles and
// positions as they are now, and the edges as they are now. A graph authored here is written
// with the Dify node each of our kinds corresponds to (start, end, builtin.llm, builtin.code,
// builtin.jinja and builtin.template, branches whose conditions Dify's if-else can say);
// nodes Dify has no counterpart for are refused, each named with why.
class DifyExporter
{
public:
    // Empty with `problems` when the graph cannot be said in Dify's DSL.
    static QByteArray toDsl(const Graph &graph, QStringList *problems);
    // Atomic (QSaveFile).
    static bool writeFile(const Graph &graph, const QString &path, QStringList *problems);
    // The DSL version written for graphs authored here.
    static QString version();
};

} // namespace capgraph
