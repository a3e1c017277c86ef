#include "commands/RewriteGraphCommand.h"

#include "io/AtomicWrite.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace capgraph::editor {

RewriteGraphCommand::RewriteGraphCommand(GraphDocument *document, const Graph &after, const QString &text, QList<File> files)
    : QUndoCommand(text)
    , m_document(document)
    , m_before(document->graph())
    , m_after(after)
    , m_files(std::move(files))
{
}

void RewriteGraphCommand::redo()
{
    for (const File &f : std::as_const(m_files)) {
        QDir().mkpath(QFileInfo(f.path).absolutePath());
        writeFileAtomically(f.path, f.bytes); // (written once already, before the first redo: the same bytes)
    }
    m_document->replaceContent(m_after);
}

void RewriteGraphCommand::undo()
{
    m_document->replaceContent(m_before);
    for (const File &f : std::as_const(m_files)) {
        QFile file(f.path);
        if (file.open(QIODevice::ReadOnly) && file.readAll() == f.bytes) { // edited since: the user's now
            file.close();
            file.remove();
        }
    }
}

} // namespace capgraph::editor
