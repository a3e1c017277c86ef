// GraphScene's comparison with another version of the graph (File > Compare With…): the
// statuses the items colour themselves by, and the removed parts' outlines.
#include "scene/GraphScene.h"

#include "scene/ComparisonGhosts.h"
#include "scene/EdgeItem.h"
#include "scene/NodeItem.h"

namespace capgraph::editor {

void GraphScene::setComparison(std::optional<GraphComparison> comparison)
{
    m_comparison = std::move(comparison);
    if (m_comparison && !m_ghosts) {
        m_ghosts = new ComparisonGhosts(this);
        addItem(m_ghosts);
    } else if (!m_comparison && m_ghosts) {
        delete m_ghosts;
        m_ghosts = nullptr;
    }
    if (m_ghosts)
        m_ghosts->refresh();
    for (NodeItem *n : std::as_const(m_nodes))
        n->update();
    for (EdgeItem *e : std::as_const(m_edges))
        e->update();
    update();
}

std::optional<DiffStatus> GraphScene::comparisonStatus(const QString &nodeId) const
{
    return m_comparison ? m_comparison->nodeStatus(nodeId) : std::nullopt;
}

std::optional<DiffStatus> GraphScene::comparisonStatus(int flowEdge) const
{
    return m_comparison ? m_comparison->flowStatus(flowEdge) : std::nullopt;
}

std::optional<QPointF> GraphScene::removedNodePlace(const QString &id) const
{
    if (!m_ghosts || comparisonStatus(id) != DiffStatus::Removed)
        return std::nullopt;
    return m_ghosts->placeOf(id);
}

} // namespace capgraph::editor
