#pragma once

#include "model/Graph.h"

#include <QUndoCommand>

namespace capgraph::editor {

class GraphDocument;

// Deletes nodes with every edge that touches them, and edges. Undo puts each one back at its
// old index, so the file comes back byte for byte.
class RemoveItemsCommand : public QUndoCommand
{
public:
    RemoveItemsCommand(GraphDocument *document, const QStringList &nodeIds, const QList<int> &edgeIndexes);

    bool isEmpty() const { return m_nodes.isEmpty() && m_edges.isEmpty(); }
    void redo() override;
    void undo() override;

private:
    GraphDocument *m_document;
    QList<QPair<int, Node>> m_nodes; // ascending index
    QList<QPair<int, Edge>> m_edges; // ascending index
};

} // namespace capgraph::editor
