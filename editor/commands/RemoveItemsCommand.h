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
    RemoveItemsCommand(GraphDocument *document, const QStringList &nodeIds, const QList<int> &edgeIndexes,
                       const QStringList &annotationIds = {});

    bool isEmpty() const { return m_nodes.isEmpty() && m_edges.isEmpty() && m_framesBefore == m_framesAfter && m_notesBefore == m_notesAfter; }
    void redo() override;
    void undo() override;

private:
    GraphDocument *m_document;
    QList<QPair<int, Node>> m_nodes; // ascending index
    QList<QPair<int, Edge>> m_edges; // ascending index
    // Frames lose removed members (and go when empty); removed frames and notes go.
    QList<Frame> m_framesBefore, m_framesAfter;
    QList<Note> m_notesBefore, m_notesAfter;
};

} // namespace capgraph::editor
