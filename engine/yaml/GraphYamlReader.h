#pragma once

#include <functional>

#include "diagnostics/Diagnostic.h"
#include "model/Graph.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace YAML {
class Node;
}

namespace capgraph {

struct GraphLoadResult
{
    std::optional<Graph> graph; // set only when there is no error
    Diagnostics diagnostics;    // errors (and warnings) with file, line and column
    bool unreadable = false;    // the file could not be read at all (missing, permissions)

    bool ok() const { return graph.has_value(); }
    QString errorText() const;  // every diagnostic, one formatted line each
};

// Reads the YAML schema of seed 000 (see docs/graph-format.md). Never throws; a malformed
// file gives diagnostics, never a crash or a half-filled graph.
class GraphYamlReader
{
public:
    static GraphLoadResult readFile(const QString &path);
    // `fileName` is only used in diagnostics.
    static GraphLoadResult readBytes(const QByteArray &data, const QString &fileName = QString());
    // One mapping's keys as every YAML reader of ours takes them (the graph reader, the Dify
    // import): plain names, each once, no merge keys. `refuse` hears of each key that is not;
    // false when one was not.
    static bool checkMappingKeys(const YAML::Node &map,
                                 const std::function<void(const YAML::Node &key, const QString &code, const TranslatableText &why)> &refuse);
};

} // namespace capgraph
