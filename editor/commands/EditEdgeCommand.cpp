#include "commands/EditEdgeCommand.h"

#include "document/GraphDocument.h"

namespace capgraph::editor {

EditEdgeCommand::EditEdgeCommand(GraphDocument *document, int index, const Edge &before, const Edge &after, const QString &text,
                                 const QString &mergeKey)
    : QUndoCommand(text)
    , m_document(document)
    , m_index(index)
    , m_before(before)
    , m_after(after)
    , m_mergeKey(mergeKey)
{
}

bool EditEdgeCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const EditEdgeCommand *>(other);
    if (next->m_mergeKey != m_mergeKey || next->m_index != m_index || next->m_document != m_document)
        return false;
    m_after = next->m_after;
    setObsolete(m_after == m_before); // up then down again: nothing to undo
    return true;
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
