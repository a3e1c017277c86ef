#pragma once

#include "model/Graph.h"

#include <QUndoCommand>

namespace capgraph::editor {

class GraphDocument;

// Adds nodes (at the end of the node list) and edges (at the end of the edge list): a new
// node from the palette, a new edge, a paste or a duplicate. One user action, one command.
class AddItemsCommand : public QUndoCommand
{
public:
    AddItemsCommand(GraphDocument *document, const QList<Node> &nodes, const QList<Edge> &edges, const QString &text);

    void redo() override;
    void undo() override;

private:
    GraphDocument *m_document;
    QList<Node> m_nodes;
    QList<Edge> m_edges;
};

} // namespace capgraph::editor
