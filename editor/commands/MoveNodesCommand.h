#pragma once

#include <QHash>
#include <QPointF>
#include <QUndoCommand>

#include <optional>

namespace capgraph::editor {

class GraphDocument;

// Places nodes: one drag (all the nodes it moved), an alignment or an auto-layout. Positions
// are node centres; a node that had no position gets it back unset on undo.
class MoveNodesCommand : public QUndoCommand
{
public:
    using Positions = QHash<QString, std::optional<QPointF>>;
    MoveNodesCommand(GraphDocument *document, const Positions &before, const QHash<QString, QPointF> &after, const QString &text);

    void redo() override;
    void undo() override;

private:
    GraphDocument *m_document;
    Positions m_before;
    QHash<QString, QPointF> m_after;
};

} // namespace capgraph::editor
