#include "exec/TraceWriter.h"

#include "io/AtomicWrite.h"

#include <QFile>

namespace capgraph {

TraceWriter::~TraceWriter()
{
    close();
}

bool TraceWriter::open(const QString &path, bool append, QString *error)
{
    m_file.setFileName(path);
    QByteArray previous;
    if (append) {
        QFile old(path);
        if (old.exists() && !old.open(QIODevice::ReadOnly)) {
            if (error)
                *error = QStringLiteral("cannot read trace %1 to append to it: %2").arg(path, old.errorString());
            return false;
        }
        previous = old.readAll();
    }
    if (!m_file.open(QIODevice::WriteOnly) || m_file.write(previous) != previous.size()) {
        if (error)
            *error = QStringLiteral("cannot write trace %1: %2").arg(path, m_file.errorString());
        m_file.cancelWriting();
        return false;
    }
    return true;
}

void TraceWriter::onRunEvent(const RunEvent &event)
{
    if (!m_file.isOpen())
        return;
    m_file.write(event.toCompactJson() + '\n');
    ++m_count;
}

bool TraceWriter::close(QString *error)
{
    if (!m_file.isOpen())
        return true;
    // A failed write along the way, or of the last buffered lines, fails the commit.
    return commitSaveFile(m_file, error, QStringLiteral("trace"));
}

} // namespace capgraph
