#pragma once

#include "document/GraphDocument.h"

#include <QUndoCommand>

namespace capgraph::editor {

// A change to the graph's own properties (id, name, version, description, default run
// input): the header before and after, one command per committed field.
class EditGraphCommand : public QUndoCommand
{
public:
    EditGraphCommand(GraphDocument *document, const GraphDocument::Header &after, const QString &text);

    void redo() override;
    void undo() override;

private:
    GraphDocument *m_document;
    GraphDocument::Header m_before, m_after;
};

} // namespace capgraph::editor
