#include "commands/RemoveItemsCommand.h"

#include "document/GraphDocument.h"

#include <QSet>

namespace capgraph::editor {

RemoveItemsCommand::RemoveItemsCommand(GraphDocument *document, const QStringList &nodeIds, const QList<int> &edgeIndexes)
    : m_document(document)
{
    const Graph &g = document->graph();
    const QSet<QString> doomed(nodeIds.cbegin(), nodeIds.cend());
    for (int i = 0; i < g.nodes.size(); ++i)
        if (doomed.contains(g.nodes.at(i).id))
            m_nodes.append({i, g.nodes.at(i)});
    const QSet<int> edges(edgeIndexes.cbegin(), edgeIndexes.cend());
    for (int e = 0; e < g.edges.size(); ++e)
        if (edges.contains(e) || doomed.contains(g.edges.at(e).from) || doomed.contains(g.edges.at(e).to))
            m_edges.append({e, g.edges.at(e)});
    const int count = int(m_nodes.size() + m_edges.size());
    setText(m_nodes.isEmpty() ? QObject::tr("Delete %n edge(s)", nullptr, count)
                              : QObject::tr("Delete %n item(s)", nullptr, count));
}

void RemoveItemsCommand::redo()
{
    for (int k = int(m_edges.size()) - 1; k >= 0; --k)
        m_document->removeEdge(m_edges.at(k).first);
    for (int k = int(m_nodes.size()) - 1; k >= 0; --k)
        m_document->removeNode(m_nodes.at(k).second.id);
}

void RemoveItemsCommand::undo()
{
    for (const auto &[index, node] : std::as_const(m_nodes))
        m_document->insertNode(index, node);
    for (const auto &[index, edge] : std::as_const(m_edges))
        m_document->insertEdge(index, edge);
}

} // namespace capgraph::editor
