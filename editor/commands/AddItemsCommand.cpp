#include "commands/AddItemsCommand.h"

#include "document/GraphDocument.h"

namespace capgraph::editor {

AddItemsCommand::AddItemsCommand(GraphDocument *document, const QList<Node> &nodes, const QList<Edge> &edges, const QString &text)
    : QUndoCommand(text)
    , m_document(document)
    , m_nodes(nodes)
    , m_edges(edges)
{
}

void AddItemsCommand::redo()
{
    for (const Node &n : std::as_const(m_nodes))
        m_document->insertNode(int(m_document->graph().nodes.size()), n);
    for (const Edge &e : std::as_const(m_edges))
        m_document->insertEdge(int(m_document->graph().edges.size()), e);
}

void AddItemsCommand::undo()
{
    for (int k = 0; k < m_edges.size(); ++k)
        m_document->removeEdge(int(m_document->graph().edges.size()) - 1);
    for (int k = int(m_nodes.size()) - 1; k >= 0; --k)
        m_document->removeNode(m_nodes.at(k).id);
}

} // namespace capgraph::editor
