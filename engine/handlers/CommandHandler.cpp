#include "handlers/CommandHandler.h"

#include "handlers/HandlerEnvironment.h"
#include "handlers/Placeholders.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTimer>

#include <signal.h>
#include <unistd.h>

namespace capgraph {

CommandHandler::CommandHandler(QJsonObject spec, QString definitionDir, std::shared_ptr<HandlerEnvironment> env)
    : m_spec(std::move(spec)), m_dir(std::move(definitionDir)), m_env(std::move(env))
{
}

namespace {
void killGroup(QProcess *p)
{
    if (p->processId() > 0)
        ::kill(-pid_t(p->processId()), SIGKILL); // the whole group: setsid() made it one
    p->kill();
}

QString tail(const QByteArray &bytes, int max = 600)
{
    QString s = QString::fromUtf8(bytes).trimmed();
    if (s.size() > max)
        s = QStringLiteral("…") + s.right(max);
    return s;
}
} // namespace

void CommandHandler::start(const SkillCallPtr &call)
{
    QString program = m_spec.value(QStringLiteral("program")).toString();
    if (program.contains(QLatin1Char('/')) && QFileInfo(program).isRelative())
        program = QDir(m_dir).absoluteFilePath(program);
    QStringList arguments;
    for (const QJsonValue &a : m_spec.value(QStringLiteral("arguments")).toArray()) {
        QString filled, error;
        const QString text = a.isString() ? a.toString() : a.toVariant().toString();
        if (!fillPlaceholders(text, call->inputs, false, &filled, nullptr, &error)) {
            call->fail(QStringLiteral("argument %1").arg(error));
            return;
        }
        arguments << filled;
    }
    QProcessEnvironment env = m_env->environment;
    const QJsonObject extra = m_spec.value(QStringLiteral("environment")).toObject();
    for (auto it = extra.begin(); it != extra.end(); ++it) {
        QString value, error;
        if (!expandEnvironment(it.value().toString(), m_env->environment, &value, &error)) {
            call->fail(QStringLiteral("environment %1: %2").arg(it.key(), error));
            return;
        }
        env.insert(it.key(), value);
    }
    const QString wd = m_spec.value(QStringLiteral("working_directory")).toString();
    const bool jsonOutput = m_spec.value(QStringLiteral("output")).toString(QStringLiteral("json")) != QLatin1String("text");
    const double seconds = m_spec.value(QStringLiteral("timeout")).toDouble(60.0);
    const int timeoutMs = seconds <= 0 ? 0 : int(std::clamp(seconds * 1000.0, 1.0, 8.64e7)); // 0: no limit

    // Deleted later: never inside one of its own signals.
    std::shared_ptr<QProcess> process(new QProcess, [](QProcess *p) {
        p->disconnect();
        if (p->state() != QProcess::NotRunning) {
            killGroup(p);
            p->waitForFinished(1000); // reaps it: no zombie left behind by a cancelled call
        }
        p->deleteLater();
    });
    // Its own process group, so that a kill reaches what it started too (sh -c, npm, python).
    process->setChildProcessModifier([] { ::setsid(); });
    process->setProgram(program);
    process->setArguments(arguments);
    process->setProcessEnvironment(env);
    process->setWorkingDirectory(wd.isEmpty() ? m_dir : QDir(m_dir).absoluteFilePath(wd));
    auto timer = std::make_shared<QTimer>();
    timer->setSingleShot(true);
    auto timedOut = std::make_shared<bool>(false);
    std::weak_ptr<SkillCall> weak = call;
    const QString name = QFileInfo(program).fileName();
    QProcess *p = process.get();
    QObject::connect(timer.get(), &QTimer::timeout, p, [p, timedOut] {
        *timedOut = true;
        killGroup(p);
    });
    QObject::connect(p, &QProcess::errorOccurred, p, [weak, p, name](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return; // crashes and kills arrive as finished()
        if (const SkillCallPtr c = weak.lock())
            c->fail(QStringLiteral("cannot start '%1': %2").arg(name, p->errorString()));
    });
    QObject::connect(p, &QProcess::finished, p, [weak, p, name, timer, timedOut, timeoutMs, jsonOutput](int code, QProcess::ExitStatus status) {
        timer->stop();
        const SkillCallPtr c = weak.lock();
        if (!c)
            return;
        const QByteArray out = p->readAllStandardOutput();
        const QByteArray err = p->readAllStandardError();
        if (*timedOut) {
            c->fail(QStringLiteral("'%1' was killed after %2 s (its timeout)").arg(name).arg(timeoutMs / 1000.0));
            return;
        }
        if (status == QProcess::CrashExit) {
            c->fail(QStringLiteral("'%1' crashed%2").arg(name, err.isEmpty() ? QString() : QStringLiteral(": ") + tail(err)));
            return;
        }
        if (code != 0) {
            c->fail(QStringLiteral("'%1' exited with code %2%3").arg(name).arg(code).arg(err.isEmpty() ? QString() : QStringLiteral(": ") + tail(err)));
            return;
        }
        if (!err.trimmed().isEmpty())
            c->log(CAPGRAPH_TR("capgraph::Run", "%1 (stderr): %2").arg(name, tail(err, 2000)));
        if (!jsonOutput) {
            c->finish({{QStringLiteral("stdout"), QString::fromUtf8(out)}});
            return;
        }
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(out, &pe);
        if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
            c->fail(QStringLiteral("'%1' should print one JSON object on stdout, but printed %2%3")
                        .arg(name, out.trimmed().isEmpty() ? QStringLiteral("nothing") : QStringLiteral("'%1'").arg(tail(out, 120)),
                             pe.error != QJsonParseError::NoError && !out.trimmed().isEmpty()
                                 ? QStringLiteral(" (%1 at byte %2)").arg(pe.errorString()).arg(pe.offset)
                                 : QString()));
            return;
        }
        c->finish(doc.object().toVariantMap());
    });
    QStringList shown;
    for (const QString &a : std::as_const(arguments))
        shown << (a.isEmpty() || a.contains(QLatin1Char(' ')) || a.contains(QLatin1Char('"')) ? QLatin1Char('"') + a + QLatin1Char('"') : a);
    if (const QString shownAs = m_spec.value(QStringLiteral("shown_as")).toString(); !shownAs.isEmpty())
        call->log(CAPGRAPH_TR("capgraph::Run", "run %1").arg(shownAs)); // a runner the user did not write (builtin.code)
    else
        call->log(CAPGRAPH_TR("capgraph::Run", "run %1 %2").arg(program, shown.join(QLatin1Char(' '))));
    // Started asynchronously: start() must not block the event loop.
    const QByteArray stdinData = QJsonDocument(QJsonObject::fromVariantMap(call->inputs)).toJson(QJsonDocument::Compact);
    QObject::connect(p, &QProcess::started, p, [p, stdinData, timer, timeoutMs] {
        p->write(stdinData);
        p->closeWriteChannel();
        if (timeoutMs > 0)
            timer->start(timeoutMs);
    });
    call->onCancel([process, timer] { timer->stop(); }); // dropping the last reference kills it
    process->start(QIODevice::ReadWrite);
}

} // namespace capgraph
