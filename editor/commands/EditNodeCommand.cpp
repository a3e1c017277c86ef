#include "commands/EditNodeCommand.h"

#include "document/GraphDocument.h"

namespace capgraph::editor {

EditNodeCommand::EditNodeCommand(GraphDocument *document, const Node &before, const Node &after, const QString &text,
                                 const QString &mergeKey)
    : QUndoCommand(text)
    , m_document(document)
    , m_before(before)
    , m_after(after)
    , m_mergeKey(mergeKey)
{
}

bool EditNodeCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const EditNodeCommand *>(other);
    if (next->m_mergeKey != m_mergeKey || next->m_before.id != m_after.id || next->m_document != m_document)
        return false;
    m_after = next->m_after;
    setObsolete(m_after == m_before); // up then down again: nothing to undo
    return true;
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
