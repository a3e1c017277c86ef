#include "commands/EditEdgeCommand.h"

#include "document/GraphDocument.h"

namespace capgraph::editor {

EditEdgeCommand::EditEdgeCommand(GraphDocument *document, int index, const Edge &before, const Edge &after, const QString &text)
    : QUndoCommand(text)
    , m_document(document)
    , m_index(index)
    , m_before(before)
    , m_after(after)
{
}

void EditEdgeCommand::redo()
{
    m_document->replaceEdge(m_index, m_after);
}

void EditEdgeCommand::undo()
{
    m_document->replaceEdge(m_index, m_before);
}

} // namespace capgraph::editor
