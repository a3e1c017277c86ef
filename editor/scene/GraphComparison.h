#pragma once

#include "diff/GraphDiff.h"
#include "model/Graph.h"

#include <QHash>
#include <QString>

#include <optional>

namespace capgraph::editor {

// The open graph compared with another version of it (File > Compare With…): what GraphDiff
// found, from the other version (old) to the open graph (new), indexed the way the canvas asks:
// a node's status by id, a drawn flow's by its index in the open graph's flowEdges(), and the
// other version's nodes and flows that the open graph lacks, to draw where they were.
struct GraphComparison
{
    QString label;   // what the other version is: a file's name, "a1b2c3d (2026-11-20)"
    Graph other;     // the other version
    GraphDiff diff;  // other → open graph
    QHash<QString, DiffStatus> nodes;
    QHash<int, DiffStatus> flows; // by index in the open graph's flowEdges()

    static GraphComparison make(const QString &label, const Graph &other, const Graph &current);
    std::optional<DiffStatus> nodeStatus(const QString &id) const;
    std::optional<DiffStatus> flowStatus(int flowIndex) const;
};

} // namespace capgraph::editor
