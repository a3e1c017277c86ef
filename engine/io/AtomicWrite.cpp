#include "io/AtomicWrite.h"

#include <QSaveFile>

#include <cerrno>

namespace capgraph {

namespace {
void fail(QString *error, const QString &what, const QString &path, const QString &why)
{
    if (error)
        *error = QStringLiteral("cannot write %1%2: %3").arg(what.isEmpty() ? QString() : what + QLatin1Char(' '), path, why);
}
} // namespace

bool commitSaveFile(QSaveFile &file, QString *error, const QString &what)
{
    // flush() reports what close() inside commit() would swallow.
    errno = 0;
    if (!file.flush()) {
        // QFileDevice says "Unknown error" here; the system said what (no space, too large).
        const int cause = errno;
        fail(error, what, file.fileName(), cause ? qt_error_string(cause) : file.errorString());
        file.cancelWriting();
        file.commit(); // discards the temporary file
        return false;
    }
    if (!file.commit()) {
        fail(error, what, file.fileName(), file.errorString());
        return false;
    }
    return true;
}

bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error, const QString &what)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        fail(error, what, path, file.errorString());
        return false;
    }
    if (file.write(bytes) != bytes.size()) {
        fail(error, what, path, file.errorString());
        file.cancelWriting();
        file.commit();
        return false;
    }
    return commitSaveFile(file, error, what);
}

} // namespace capgraph
