#include "commands/EditGraphCommand.h"

namespace capgraph::editor {

EditGraphCommand::EditGraphCommand(GraphDocument *document, const GraphDocument::Header &after, const QString &text)
    : QUndoCommand(text)
    , m_document(document)
    , m_before(document->header())
    , m_after(after)
{
}

void EditGraphCommand::redo()
{
    m_document->setHeader(m_after);
}

void EditGraphCommand::undo()
{
    m_document->setHeader(m_before);
}

} // namespace capgraph::editor
