#include "commands/EditNodeCommand.h"

#include "document/GraphDocument.h"

namespace capgraph::editor {

EditNodeCommand::EditNodeCommand(GraphDocument *document, const Node &before, const Node &after, const QString &text)
    : QUndoCommand(text)
    , m_document(document)
    , m_before(before)
    , m_after(after)
{
}

void EditNodeCommand::redo()
{
    m_document->replaceNode(m_before.id, m_after);
}

void EditNodeCommand::undo()
{
    m_document->replaceNode(m_after.id, m_before);
}

} // namespace capgraph::editor
