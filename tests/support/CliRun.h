#pragma once

// Runs the `capgraph` command line (CAPGRAPH_CLI, set by tests/CMakeLists.txt) in the source
// folder, as a user would from there, and collects what it printed. `withoutDisplay` removes
// DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM, as on CI: drawing commands must cope alone.
#include <QByteArray>
#include <QHash>
#include <QProcess>
#include <QString>
#include <QStringList>

struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

// `environment`: added to (or, with an empty value, removed from) the test's own.
inline CliRun runCapgraph(const QStringList &args, const QByteArray &stdinData = QByteArray(), bool withoutDisplay = false,
                          const QHash<QString, QString> &environment = {})
{
    QProcess p;
    p.setProgram(QStringLiteral(CAPGRAPH_CLI));
    p.setArguments(args);
    p.setWorkingDirectory(QStringLiteral(CAPGRAPH_SOURCE_DIR));
    if (withoutDisplay || !environment.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        if (withoutDisplay) {
            env.remove(QStringLiteral("DISPLAY"));
            env.remove(QStringLiteral("WAYLAND_DISPLAY"));
            env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        }
        for (auto it = environment.cbegin(); it != environment.cend(); ++it) {
            if (it.value().isEmpty())
                env.remove(it.key());
            else
                env.insert(it.key(), it.value());
        }
        p.setProcessEnvironment(env);
    }
    p.start();
    if (!p.waitForStarted(10000))
        qFatal("cannot start %s", CAPGRAPH_CLI);
    if (!stdinData.isEmpty())
        p.write(stdinData);
    p.closeWriteChannel();
    if (!p.waitForFinished(60000))
        qFatal("capgraph did not finish");
    CliRun r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}
