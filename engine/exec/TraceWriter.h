#pragma once

#include "exec/RunEvent.h"

#include <QSaveFile>
#include <QString>

namespace capgraph {

// Writes every event of a run as one JSON object per line (JSON Lines), into a temporary file
// beside the trace (QSaveFile) that replaces it when the writer closes: a crash, a full disk
// or a refused run never leaves a half-written or emptied trace, and the one there before
// stays whole until the new one is complete. Appending (a resumed run) starts the new file
// with the old one's lines.
class TraceWriter : public RunObserver
{
public:
    ~TraceWriter() override;

    bool open(const QString &path, bool append, QString *error);
    void onRunEvent(const RunEvent &event) override;
    bool wantsChildEvents() const override { return true; } // a trace has every level, with its path
    // Writes the trace in place. False with the reason (e.g. the disk is full); the file that
    // was there before is then untouched. Closing twice, or an unopened writer, is fine.
    bool close(QString *error = nullptr);
    qint64 eventsWritten() const { return m_count; }

private:
    QSaveFile m_file;
    qint64 m_count = 0;
};

} // namespace capgraph
