#pragma once

#include "model/Node.h"

#include <QUndoCommand>

namespace capgraph::editor {

class GraphDocument;

// A property edit of one node (its id included: edges and branch targets follow a rename).
class EditNodeCommand : public QUndoCommand
{
public:
    EditNodeCommand(GraphDocument *document, const Node &before, const Node &after, const QString &text);

    void redo() override;
    void undo() override;

private:
    GraphDocument *m_document;
    Node m_before;
    Node m_after;
};

} // namespace capgraph::editor
