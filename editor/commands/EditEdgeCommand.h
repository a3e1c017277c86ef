#pragma once

#include "model/Edge.h"

#include <QUndoCommand>

namespace capgraph::editor {

class GraphDocument;

// A property edit of one edge (type, condition, weight, bound, ends: a reconnection).
class EditEdgeCommand : public QUndoCommand
{
public:
    // Consecutive edits of the same edge with the same non-empty `mergeKey` merge into one.
    EditEdgeCommand(GraphDocument *document, int index, const Edge &before, const Edge &after, const QString &text,
                    const QString &mergeKey = QString());

    void redo() override;
    void undo() override;
    int id() const override { return m_mergeKey.isEmpty() ? -1 : 2; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    GraphDocument *m_document;
    int m_index;
    Edge m_before;
    Edge m_after;
    QString m_mergeKey;
};

} // namespace capgraph::editor
