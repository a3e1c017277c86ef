#pragma once

#include "model/Node.h"

#include <QUndoCommand>

namespace capgraph::editor {

class GraphDocument;

// A property edit of one node (its id included: edges and branch targets follow a rename).
class EditNodeCommand : public QUndoCommand
{
public:
    // Consecutive edits of the same node with the same non-empty `mergeKey` (the steps of one
    // spin box, say) merge into one command.
    EditNodeCommand(GraphDocument *document, const Node &before, const Node &after, const QString &text,
                    const QString &mergeKey = QString());

    void redo() override;
    void undo() override;
    int id() const override { return m_mergeKey.isEmpty() ? -1 : 1; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    GraphDocument *m_document;
    Node m_before;
    Node m_after;
    QString m_mergeKey;
};

} // namespace capgraph::editor
