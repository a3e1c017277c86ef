#include "io/AtomicWrite.h"

#include <QSaveFile>

namespace capgraph {

bool commitSaveFile(QSaveFile &file, QString *error)
{
    // flush() reports what close() inside commit() would swallow.
    if (!file.flush()) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString());
        file.cancelWriting();
        file.commit(); // discards the temporary file
        return false;
    }
    if (!file.commit()) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString());
        return false;
    }
    return true;
}

bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    if (file.write(bytes) != bytes.size()) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        file.cancelWriting();
        file.commit();
        return false;
    }
    return commitSaveFile(file, error);
}

} // namespace capgraph
