#include "CallCommand.h"

#include "CliSpecs.h"

#include "exec/NodeExecutions.h"
#include "exec/RunFiles.h"
#include "launch/SingleNodeRun.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <unistd.h>

namespace capgraph {

int CallCommand::usage(const QString &problem)
{
    print(m_err, CliSpecs::usageError(QStringLiteral("call"), problem));
    return BadInput;
}

bool CallCommand::readObject(const QString &text, const QString &option, QVariantMap *value)
{
    QString body = text;
    QString name = option;
    if (text.startsWith(QLatin1Char('@'))) {
        name = text.mid(1);
        QFile f(name);
        if (!f.open(QIODevice::ReadOnly)) {
            print(m_err, QStringLiteral("capgraph: call: cannot read %1: %2\n").arg(name, f.errorString()));
            return false;
        }
        body = QString::fromUtf8(f.readAll());
    }
    QString error;
    if (!RunFiles::parseInput(body.toUtf8(), name, value, &error)) {
        print(m_err, QStringLiteral("capgraph: call: %1\n").arg(error));
        return false;
    }
    return true;
}

int CallCommand::run(const QStringList &args)
{
    CliParser p(QStringLiteral("call"));
    const QCommandLineOption &inputOption = p.option(QStringLiteral("input"));
    const QCommandLineOption &traceOption = p.option(QStringLiteral("from-trace"));
    const QCommandLineOption &settingsOption = p.option(QStringLiteral("settings"));
    const QCommandLineOption &showOption = p.option(QStringLiteral("show-settings"));
    const QCommandLineOption &mockOption = p.option(QStringLiteral("mock"));
    const QCommandLineOption &capabilitiesOption = p.option(QStringLiteral("capabilities"));
    const QCommandLineOption &trustOption = p.option(QStringLiteral("trust"));
    const QCommandLineOption &jsonOption = p.option(QStringLiteral("json"));
    if (const std::optional<int> done = p.open(args, [this](const QString &problem) { return usage(problem); }, [this](const QString &text) { print(m_out, text); }, QStringLiteral("call: ")))
        return *done;
    if (p.positionalArguments().size() != 2)
        return usage(QStringLiteral("call: expected a graph FILE and a NODE id"));
    const QString file = p.positionalArguments().at(0);
    const QString nodeId = p.positionalArguments().at(1);

    RunRequest request;
    request.graphFile = QFileInfo(file).absoluteFilePath();
    request.displayName = file;
    request.trusted = p.isSet(trustOption);
    if (::isatty(STDIN_FILENO) && ::isatty(STDERR_FILENO)) { // someone sees the question and can answer
        request.asker = [this, file](const QString &what, std::function<void(bool)> answer) {
            print(m_err, QStringLiteral("\n%1 wants to run commands or call web APIs: %2\n"
                                        "This graph's folder is not trusted. Allow it for this call? [y/N] ")
                             .arg(QFileInfo(file).fileName(), QString(what).replace(QLatin1Char('\n'), QStringLiteral("\n  "))));
            QTextStream in(stdin);
            const QString line = in.readLine().trimmed().toLower();
            answer(line == QLatin1String("y") || line == QLatin1String("yes"));
        };
    }
    for (const QString &dir : p.values(capabilitiesOption)) {
        if (!QFileInfo(dir).isDir()) {
            print(m_err, QStringLiteral("capgraph: call: --capabilities %1: no such folder\n").arg(dir));
            return BadInput;
        }
        request.capabilityDirs << QFileInfo(dir).absoluteFilePath();
    }
    if (p.isSet(mockOption))
        request.mockFile = QFileInfo(p.value(mockOption)).absoluteFilePath();
    QString error;
    const std::unique_ptr<RunSetup> graph = RunSetup::fromFile(request, &error);
    if (!graph) {
        print(m_err, error + QLatin1Char('\n'));
        return BadInput;
    }

    // The input: the node's last recorded one (--from-trace), with --input's keys over it.
    QVariantMap input;
    if (p.isSet(traceOption)) {
        const QString tracePath = p.value(traceOption);
        QFile f(tracePath);
        if (!f.open(QIODevice::ReadOnly)) {
            print(m_err, QStringLiteral("capgraph: call: cannot read %1: %2\n").arg(tracePath, f.errorString()));
            return BadInput;
        }
        QList<RunEvent> events;
        if (!RunFiles::parseTrace(f.readAll(), tracePath, &events, &error)) {
            print(m_err, error + QLatin1Char('\n'));
            return BadInput;
        }
        const NodeExecutions executions = NodeExecutions::upTo(events, events.size());
        const QList<NodeExecution> calls = executions.of(nodeId);
        const auto recorded = std::find_if(calls.crbegin(), calls.crend(), [](const NodeExecution &e) { return e.hasInput; });
        if (recorded == calls.crend()) {
            print(m_err, QStringLiteral("%1: error: the trace records no input of node '%2' (it did not run, or the trace is older than inputs in traces)\n")
                             .arg(tracePath, nodeId));
            return BadInput;
        }
        if (!recorded->truncated.isEmpty())
            print(m_err, QStringLiteral("%1: warning: the trace cut node '%2''s input to size; the call gets it as cut\n").arg(tracePath, nodeId));
        input = recorded->input;
    }
    if (p.isSet(inputOption)) {
        QVariantMap given;
        if (!readObject(p.value(inputOption), QStringLiteral("--input"), &given))
            return BadInput;
        for (auto it = given.cbegin(); it != given.cend(); ++it)
            input.insert(it.key(), it.value());
    }

    SingleNodeRun call(graph->graph(), nodeId, request);
    QVariantMap settings;
    if (p.isSet(showOption)) {
        settings = call.settingsFor(input, &error);
        if (!error.isEmpty()) {
            print(m_err, QStringLiteral("capgraph: call: %1\n").arg(error));
            return BadInput;
        }
        print(m_out, QString::fromUtf8(QJsonDocument(QJsonObject::fromVariantMap(settings)).toJson(QJsonDocument::Indented)));
        return Succeeded;
    }
    if (p.isSet(settingsOption) && !readObject(p.value(settingsOption), QStringLiteral("--settings"), &settings))
        return BadInput;

    QStringList problems;
    if (!call.start(input, settings, &problems)) {
        for (const QString &problem : std::as_const(problems))
            print(m_err, QStringLiteral("capgraph: call: %1\n").arg(problem));
        return BadInput;
    }
    call.waitUntilIdle();
    const std::optional<NodeExecution> result = call.result();
    const bool ok = call.status() == RunStatus::Finished && result && result->state == NodeExecution::State::Done;
    const QString why = result && !result->error.isEmpty() ? result->error : call.errorMessage();
    if (p.isSet(jsonOption)) {
        QJsonObject o{{QStringLiteral("node"), nodeId},
                      {QStringLiteral("status"), ok ? QStringLiteral("finished") : QStringLiteral("failed")},
                      {QStringLiteral("input"), QJsonObject::fromVariantMap(result ? result->input : input)}};
        if (ok)
            o.insert(QStringLiteral("outputs"), QJsonValue::fromVariant(result->outputs));
        else
            o.insert(QStringLiteral("error"), why);
        if (result) {
            o.insert(QStringLiteral("duration_us"), result->durationUs());
            o.insert(QStringLiteral("retries"), result->retries);
            if (result->promptTokens + result->completionTokens > 0)
                o.insert(QStringLiteral("tokens"), QJsonObject{{QStringLiteral("prompt"), result->promptTokens},
                                                               {QStringLiteral("completion"), result->completionTokens}});
        }
        o.insert(QStringLiteral("log"), QJsonArray::fromStringList(call.logLines()));
        print(m_out, QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
        return ok ? Succeeded : Failed;
    }
    for (const QString &line : call.logLines())
        print(m_err, QStringLiteral("  %1\n").arg(line));
    if (!ok) {
        print(m_err, QStringLiteral("capgraph: call: %1 failed: %2\n").arg(nodeId, why));
        return Failed;
    }
    print(m_out, QString::fromUtf8(QJsonDocument(QJsonObject::fromVariantMap(result->outputs.toMap())).toJson(QJsonDocument::Indented)));
    QString note = QStringLiteral("%1: done in %2 ms").arg(nodeId).arg(result->durationUs() / 1000.0, 0, 'f', 1);
    if (result->retries > 0)
        note += QStringLiteral(", %1 retries").arg(result->retries);
    if (const qint64 tokens = result->promptTokens + result->completionTokens; tokens > 0)
        note += QStringLiteral(", %1 tokens").arg(tokens);
    print(m_err, note + QLatin1Char('\n'));
    return Succeeded;
}

} // namespace capgraph
