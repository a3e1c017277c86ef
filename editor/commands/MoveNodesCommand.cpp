#include "commands/MoveNodesCommand.h"

#include "document/GraphDocument.h"

namespace capgraph::editor {

MoveNodesCommand::MoveNodesCommand(GraphDocument *document, const Positions &before, const QHash<QString, QPointF> &after,
                                   const QString &text)
    : QUndoCommand(text)
    , m_document(document)
    , m_before(before)
    , m_after(after)
{
}

void MoveNodesCommand::redo()
{
    for (auto it = m_after.cbegin(); it != m_after.cend(); ++it)
        m_document->setNodePosition(it.key(), it.value());
}

void MoveNodesCommand::undo()
{
    for (auto it = m_before.cbegin(); it != m_before.cend(); ++it) {
        const Node *n = m_document->node(it.key());
        if (!n)
            continue;
        if (it.value()) {
            m_document->setNodePosition(it.key(), *it.value());
        } else {
            Node copy = *n;
            copy.position.reset();
            m_document->replaceNode(it.key(), copy);
        }
    }
}

} // namespace capgraph::editor
