#pragma once

#include "exec/RunEvent.h"

#include <QFile>
#include <QString>

namespace capgraph {

// Writes every event of a run as one JSON object per line (JSON Lines). The file is
// flushed at run boundaries and whenever the run stops to wait, so a trace is complete
// even if the process is then killed.
class TraceWriter : public RunObserver
{
public:
    bool open(const QString &path, bool append, QString *error);
    void onRunEvent(const RunEvent &event) override;
    qint64 eventsWritten() const { return m_count; }

private:
    QFile m_file;
    qint64 m_count = 0;
};

} // namespace capgraph
