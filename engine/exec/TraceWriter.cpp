#include "exec/TraceWriter.h"

#include <QJsonDocument>

namespace capgraph {

bool TraceWriter::open(const QString &path, bool append, QString *error)
{
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | (append ? QIODevice::Append : QIODevice::Truncate))) {
        if (error)
            *error = QStringLiteral("cannot write trace %1: %2").arg(path, m_file.errorString());
        return false;
    }
    return true;
}

void TraceWriter::onRunEvent(const RunEvent &event)
{
    if (!m_file.isOpen())
        return;
    m_file.write(QJsonDocument(event.toJson()).toJson(QJsonDocument::Compact));
    m_file.write("\n", 1);
    ++m_count;
    switch (event.type) {
    case RunEventType::RunFinished:
    case RunEventType::RunFailed:
    case RunEventType::RunCancelled:
    case RunEventType::MainPathFinished:
    case RunEventType::InteractionRequested:
    case RunEventType::Paused:
    case RunEventType::BreakpointHit:
        m_file.flush();
        break;
    default:
        break;
    }
}

} // namespace capgraph
