#pragma once

#include "model/Edge.h"

#include <QUndoCommand>

namespace capgraph::editor {

class GraphDocument;

// A property edit of one edge (type, condition, weight, bound, ends: a reconnection).
class EditEdgeCommand : public QUndoCommand
{
public:
    EditEdgeCommand(GraphDocument *document, int index, const Edge &before, const Edge &after, const QString &text);

    void redo() override;
    void undo() override;

private:
    GraphDocument *m_document;
    int m_index;
    Edge m_before;
    Edge m_after;
};

} // namespace capgraph::editor
