#pragma once

#include <QByteArray>
#include <QString>

class QSaveFile;

namespace capgraph {

// Every file the programs write goes through here (docs/reliability.md, "What writes files"):
// to a temporary file in the same folder, renamed over `path` only when all of it is on disk.
// On any failure (no room, no permission, a file-size limit) the old file is untouched, no
// temporary file is left, and `error` says "cannot write WHAT PATH: why" (`what`: "checkpoint",
// "trace"; none for a plain "cannot write PATH: why").
bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error = nullptr, const QString &what = QString());

// For a writer that streams (a trace): flushes what QSaveFile still buffers and commits, failing
// when any byte did not reach the file. QSaveFile::commit() alone misses a failed final flush
// (a full disk after the last buffered write) and would rename a truncated file into place.
bool commitSaveFile(QSaveFile &file, QString *error = nullptr, const QString &what = QString());

} // namespace capgraph
