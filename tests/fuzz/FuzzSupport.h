#pragma once

// What the fuzz targets share: the input as a QByteArray, Qt's warnings kept quiet (a reader
// refusing input may warn; that is not a finding), and a finding reported loudly: the
// property that failed, then abort() so that libFuzzer (or the corpus replay) saves and names
// the input.
#include <QByteArray>
#include <QString>
#include <QtGlobal>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace capgraph::fuzz {

inline QByteArray bytes(const uint8_t *data, size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

inline void quiet()
{
    static const bool once = [] {
        qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &, const QString &message) {
            if (type == QtFatalMsg) {
                std::fprintf(stderr, "qFatal: %s\n", qPrintable(message));
                std::abort();
            }
        });
        return true;
    }();
    Q_UNUSED(once);
}

[[noreturn]] inline void finding(const char *property, const QByteArray &detail = QByteArray())
{
    std::fprintf(stderr, "FUZZ FINDING: %s\n%s\n", property, detail.constData());
    std::fflush(stderr);
    std::abort();
}

} // namespace capgraph::fuzz
