#include "scene/GraphComparison.h"

namespace capgraph::editor {

GraphComparison GraphComparison::make(const QString &label, const Graph &other, const Graph &current)
{
    GraphComparison c;
    c.label = label;
    c.other = other;
    c.diff = GraphDiff::compare(other, current);
    for (const NodeDiff &n : std::as_const(c.diff.nodes))
        c.nodes.insert(n.id, n.status);
    for (const EdgeDiff &e : std::as_const(c.diff.edges))
        if (e.newIndex >= 0)
            c.flows.insert(e.newIndex, e.status);
    return c;
}

std::optional<DiffStatus> GraphComparison::nodeStatus(const QString &id) const
{
    const auto it = nodes.constFind(id);
    return it == nodes.cend() ? std::nullopt : std::optional<DiffStatus>(it.value());
}

std::optional<DiffStatus> GraphComparison::flowStatus(int flowIndex) const
{
    const auto it = flows.constFind(flowIndex);
    return it == flows.cend() ? std::nullopt : std::optional<DiffStatus>(it.value());
}

} // namespace capgraph::editor
