#pragma once

#include "model/Annotation.h"

#include <QList>
#include <QUndoCommand>

namespace capgraph::editor {

class GraphDocument;

// Any change to the frames and notes (add, delete, retitle, move or edit a note): the lists
// before and after. They are small, so a whole copy is simpler than a diff.
class EditAnnotationsCommand : public QUndoCommand
{
public:
    EditAnnotationsCommand(GraphDocument *document, const QList<Frame> &framesAfter, const QList<Note> &notesAfter, const QString &text);

    void redo() override;
    void undo() override;

private:
    GraphDocument *m_document;
    QList<Frame> m_framesBefore, m_framesAfter;
    QList<Note> m_notesBefore, m_notesAfter;
};

} // namespace capgraph::editor
