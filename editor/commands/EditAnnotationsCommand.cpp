#include "commands/EditAnnotationsCommand.h"

#include "document/GraphDocument.h"

namespace capgraph::editor {

EditAnnotationsCommand::EditAnnotationsCommand(GraphDocument *document, const QList<Frame> &framesAfter, const QList<Note> &notesAfter,
                                               const QString &text)
    : QUndoCommand(text)
    , m_document(document)
    , m_framesBefore(document->graph().frames)
    , m_framesAfter(framesAfter)
    , m_notesBefore(document->graph().notes)
    , m_notesAfter(notesAfter)
{
}

void EditAnnotationsCommand::redo()
{
    m_document->setAnnotations(m_framesAfter, m_notesAfter);
}

void EditAnnotationsCommand::undo()
{
    m_document->setAnnotations(m_framesBefore, m_notesBefore);
}

} // namespace capgraph::editor
