#pragma once

#include "document/GraphDocument.h"

#include <QByteArray>
#include <QList>
#include <QUndoCommand>

namespace capgraph::editor {

// An edit that rewrites the graph whole in one undo step (Extract to Sub-graph, Inline
// Sub-graph): its nodes, edges, frames and notes before and after. The files it made (an
// extracted sub-graph and its capability definition) go with it: undo removes them (when they
// are still as it wrote them), redo writes them again.
class RewriteGraphCommand : public QUndoCommand
{
public:
    struct File
    {
        QString path;
        QByteArray bytes;
    };

    RewriteGraphCommand(GraphDocument *document, const Graph &after, const QString &text, QList<File> files = {});

    void redo() override;
    void undo() override;

private:
    GraphDocument *m_document;
    Graph m_before, m_after;
    QList<File> m_files;
};

} // namespace capgraph::editor
