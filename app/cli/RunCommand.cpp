#include "RunCommand.h"

#include "PathCommand.h"

#include "launch/RunFork.h"

#include "CliSpecs.h"

#include "exec/Executor.h"
#include "exec/RunFiles.h"
#include "exec/TraceWriter.h"
#include "expr/ExprValue.h"
#include "launch/CheckpointStore.h"
#include "launch/PinnedOutputs.h"
#include "telemetry/OtlpExporter.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QTextStream>
#include <QTimer>

#include <atomic>
#include <cmath>
#include <csignal>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

namespace capgraph {

namespace {

std::atomic<bool> g_interrupted{false};
extern "C" void onSigint(int) { g_interrupted = true; }

// A value as JSON text (an option to paste into --answer).
QString compactJson(const QVariant &v)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray{QJsonValue::fromVariant(v)}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

QString compact(const QVariant &v)
{
    return ExprValue::toDisplayString(v);
}

// ", cost 0.00024 USD" (", cost 0.5 CNY + 0.00024 USD" in several currencies) after the
// run's tokens; empty when no node was priced.
QString costText(const QMap<QString, double> &costs)
{
    QStringList amounts;
    for (auto it = costs.cbegin(); it != costs.cend(); ++it)
        amounts << QStringLiteral("%1 %2").arg(QString::number(it.value(), 'g', 12), it.key());
    return amounts.isEmpty() ? QString() : QStringLiteral(", cost ") + amounts.join(QStringLiteral(" + "));
}
} // namespace

void RunCommand::print(const QString &text)
{
    const QByteArray b = text.toUtf8();
    std::fwrite(b.constData(), 1, size_t(b.size()), m_out);
}

void RunCommand::printErr(const QString &text)
{
    std::fflush(m_out);
    const QByteArray b = text.toUtf8();
    std::fwrite(b.constData(), 1, size_t(b.size()), m_err);
}

int RunCommand::usage(const QString &problem)
{
    printErr(QStringLiteral("capgraph: %1\nusage: %2\n       %3\n(capgraph run --help and capgraph resume --help list the options)\n")
                 .arg(problem, CliSpecs::synopsis(CliSpecs::of(QStringLiteral("run"))),
                      CliSpecs::synopsis(CliSpecs::of(QStringLiteral("resume"))).replace(QLatin1Char('\n'), QStringLiteral("\n       "))));
    return BadInput;
}

RunRequest RunCommand::request(bool trust)
{
    RunRequest r;
    r.trusted = trust;
    if (::isatty(STDIN_FILENO) && ::isatty(STDERR_FILENO)) { // someone sees the question and can answer
        r.asker = [this](const QString &what, std::function<void(bool)> answer) {
            printErr(QStringLiteral("\n%1 wants to run commands or call web APIs: %2\n"
                                    "This graph's folder is not trusted. Allow it for this run? [y/N] ")
                         .arg(QFileInfo(m_setup->request().graphFile).fileName(), QString(what).replace(QLatin1Char('\n'), QStringLiteral("\n  "))));
            QTextStream in(stdin);
            const QString line = in.readLine().trimmed().toLower();
            answer(line == QLatin1String("y") || line == QLatin1String("yes"));
        };
    }
    return r;
}

bool RunCommand::lint()
{
    if (!m_quiet) // broken definitions are left out, and said once
        for (const Diagnostic &d : m_setup->capabilities()->diagnostics())
            printErr(d.format() + QLatin1Char('\n'));
    const Diagnostics &lint = m_setup->lint();
    for (const Diagnostic &d : lint)
        if (d.severity != Severity::Info && !m_quiet)
            printErr(d.format() + QLatin1Char('\n'));
    if (hasErrors(lint)) {
        printErr(QStringLiteral("capgraph: the graph has errors; it cannot run until they are fixed\n"));
        return false;
    }
    return true;
}

std::unique_ptr<Executor> RunCommand::makeExecutor(const RunCheckpoint *checkpoint)
{
    std::unique_ptr<Executor> ex = m_setup->makeExecutor(checkpoint);
    if (ex)
        return ex;
    const QString name = m_setup->request().displayName;
    for (const QString &problem : m_setup->problems()) {
        switch (m_setup->refusal()) {
        case RunSetup::Refusal::Executor:
            printErr(QStringLiteral("%1: error: %2\n").arg(name, problem));
            break;
        case RunSetup::Refusal::Restore:
            printErr(problem + QLatin1Char('\n'));
            break;
        default:
            printErr(QStringLiteral("capgraph: %1\n").arg(problem));
            break;
        }
    }
    return nullptr;
}

bool RunCommand::saveSession(const Executor &ex, QString *error)
{
    if (m_sessionPath.isEmpty())
        return true;
    const QString keep = std::exchange(m_checkpointPath, m_sessionPath);
    const bool ok = saveCheckpoint(ex, error, QStringLiteral("the session"));
    m_checkpointPath = keep;
    return ok;
}

int RunCommand::run(const QStringList &args)
{
    CliParser p(QStringLiteral("run"));
    const QCommandLineOption &input = p.option(QStringLiteral("input"));
    const QCommandLineOption &answers = p.option(QStringLiteral("answers"));
    const QCommandLineOption &answer = p.option(QStringLiteral("answer"));
    const QCommandLineOption &mock = p.option(QStringLiteral("mock"));
    const QCommandLineOption &pinned = p.option(QStringLiteral("pinned"));
    const QCommandLineOption &forkOption = p.option(QStringLiteral("fork"));
    const QCommandLineOption &atOption = p.option(QStringLiteral("at"));
    const QCommandLineOption &setOption = p.option(QStringLiteral("set"));
    const QCommandLineOption &trace = p.option(QStringLiteral("trace"));
    const QCommandLineOption &checkpoint = p.option(QStringLiteral("checkpoint"));
    const QCommandLineOption &maxSteps = p.option(QStringLiteral("max-steps"));
    const QCommandLineOption &cancelBackground = p.option(QStringLiteral("cancel-background"));
    const QCommandLineOption &json = p.option(QStringLiteral("json"));
    const QCommandLineOption &quiet = p.option(QStringLiteral("quiet"));
    const QCommandLineOption &warmup = p.option(QStringLiteral("warmup"));
    const QCommandLineOption &capabilitiesDir = p.option(QStringLiteral("capabilities"));
    const QCommandLineOption &trust = p.option(QStringLiteral("trust"));
    const QCommandLineOption &session = p.option(QStringLiteral("session"));
    const QCommandLineOption &debugListen = p.option(QStringLiteral("debug-listen"));
    const QCommandLineOption &debugPause = p.option(QStringLiteral("debug-pause"));
    const QCommandLineOption &otlpOption = p.option(QStringLiteral("otlp"));
    const QCommandLineOption &otlpContent = p.option(QStringLiteral("otlp-content"));
    if (const std::optional<int> done = p.open(args, [this](const QString &problem) { return usage(problem); }, [this](const QString &text) { print(text); }))
        return *done;
    if (p.positionalArguments().size() != 1)
        return usage(QStringLiteral("run: expected exactly one graph FILE"));
    if (p.isSet(debugPause) && !p.isSet(debugListen))
        return usage(QStringLiteral("run: --debug-pause goes with --debug-listen (something must resume the run)"));
    if (p.isSet(otlpContent) && !p.isSet(otlpOption))
        return usage(QStringLiteral("run: --otlp-content goes with --otlp URL"));
    if (p.isSet(debugPause) && p.isSet(QStringLiteral("fork")))
        return usage(QStringLiteral("run: --debug-pause does not go with --fork (a fork goes on at once from its step)"));
    m_json = p.isSet(json);
    m_quiet = p.isSet(quiet);
    m_checkpointPath = p.value(checkpoint);
    m_sessionPath = p.value(session);
    RunRequest req = request(p.isSet(trust));
    req.graphFile = QFileInfo(p.positionalArguments().first()).absoluteFilePath();
    req.displayName = p.positionalArguments().first();
    for (const QString &dir : p.values(capabilitiesDir)) {
        if (!QFileInfo(dir).isDir()) {
            printErr(QStringLiteral("capgraph: --capabilities %1: no such folder\n").arg(dir));
            return BadInput;
        }
        req.capabilityDirs << QFileInfo(dir).absoluteFilePath();
    }
    if (p.isSet(mock))
        req.mockFile = QFileInfo(p.value(mock)).absoluteFilePath();
    QString error;
    m_setup = RunSetup::fromFile(req, &error);
    if (!m_setup) {
        printErr(error + QLatin1Char('\n'));
        return BadInput;
    }
    if (!lint())
        return BadInput;

    QVariantMap inputValue;
    if (p.isSet(input)) {
        QString text = p.value(input);
        QString name = QStringLiteral("--input");
        if (text.startsWith(QLatin1Char('@'))) {
            name = text.mid(1);
            QFile f(name);
            if (!f.open(QIODevice::ReadOnly)) {
                printErr(QStringLiteral("capgraph: cannot read input %1: %2\n").arg(name, f.errorString()));
                return BadInput;
            }
            text = QString::fromUtf8(f.readAll());
        }
        if (!RunFiles::parseInput(text.toUtf8(), name, &inputValue, &error)) {
            printErr(QStringLiteral("capgraph: %1\n").arg(error));
            return BadInput;
        }
    }
    // A session (seed 002: state kept between turns) is the checkpoint of the previous turn:
    // its variables come back as input.session.
    if (!m_sessionPath.isEmpty() && QFileInfo::exists(m_sessionPath)) {
        RunCheckpoint previous;
        QString why;
        if (!CheckpointFile(m_sessionPath).read(&previous, &why)) {
            printErr(QStringLiteral("%1: error: not a capgraph session (a checkpoint written by --session): %2\n").arg(m_sessionPath, why));
            return BadInput;
        }
        inputValue.insert(QStringLiteral("session"), previous.state.value(QStringLiteral("variables")).toObject().toVariantMap());
    }
    for (const QString &a : p.values(answer)) // --answer first, then --answers FILE
        if (!m_answers.addArgument(a, &error))
            return usage(error);
    if (p.isSet(answers) && !m_answers.load(p.value(answers), &error))
        return usage(error);
    if (p.isSet(maxSteps)) {
        bool ok = false;
        const qint64 steps = p.value(maxSteps).toLongLong(&ok);
        if (!ok || steps < 1)
            return usage(QStringLiteral("--max-steps expects a positive number"));
        m_setup->options().maxSteps = steps;
    }
    m_setup->options().cancelBackgroundAtEnd = p.isSet(cancelBackground);
    {
        QString problem;
        if (!PathCommand::readContext(p, &m_setup->options().depth, &m_setup->options().budget, &problem))
            return usage(QStringLiteral("run: ") + problem);
    }
    if (p.isSet(pinned) && !PinnedOutputs::read(p.value(pinned), &m_setup->options().pinned, &error)) {
        printErr(QStringLiteral("capgraph: %1\n").arg(error));
        return BadInput;
    }
    if (!m_sessionPath.isEmpty()) { // find out now, not after a whole (billed) turn
        QSaveFile probe(m_sessionPath);
        if (!probe.open(QIODevice::WriteOnly)) {
            printErr(QStringLiteral("capgraph: cannot write the session %1: %2\n").arg(m_sessionPath, probe.errorString()));
            return BadInput;
        }
        probe.cancelWriting();
    }
    // --fork: where it goes on from (its steps counted on from there).
    if (p.isSet(forkOption) || p.isSet(atOption) || p.isSet(setOption)) {
        if (!p.isSet(forkOption) || !p.isSet(atOption))
            return usage(QStringLiteral("run: --fork TRACE goes with --at STEP (and --at and --set with --fork)"));
        bool ok = false;
        const qint64 step = p.value(atOption).toLongLong(&ok);
        if (!ok || step < 1)
            return usage(QStringLiteral("--at expects a step number of 1 or more, not '%1'").arg(p.value(atOption)));
        if (!forkPoint(p.value(forkOption), step, &error)) {
            printErr(error + QLatin1Char('\n'));
            return BadInput;
        }
        m_setup->options().firstStep = m_fork->step;
    }
    // What the graph (its `inputs`) and its capabilities give defaults for and --input leaves out, as in the studio.
    inputValue = m_setup->completedInput(inputValue);
    // Benchmarks: runs thrown away first, so the timed one runs warm code (as the LangGraph
    // harness warms up before it times invoke()).
    const int warmups = p.value(warmup).toInt();
    for (int w = 0; w < warmups; ++w) {
        std::unique_ptr<Executor> warm = m_setup->makeExecutor();
        if (!warm)
            break;
        warm->start(inputValue);
        warm->waitUntilIdle();
        warm->cancel();
    }
    std::unique_ptr<Executor> ex = makeExecutor();
    if (!ex)
        return BadInput;
    if (!saveCheckpoint(*ex, &error)) { // find out now, not after the run
        printErr(QStringLiteral("capgraph: %1\n").arg(error));
        return BadInput;
    }
    // --otlp: the run's spans go to a collector, from a thread of their own.
    std::unique_ptr<OtlpExporter> otlp;
    std::unique_ptr<RunObserver> tracer;
    if (p.isSet(otlpOption)) {
        OtlpExporter::Options options;
        options.endpoint = QUrl(p.value(otlpOption));
        options.content = p.isSet(otlpContent);
        if (!OtlpExporter::parseHeaders(qEnvironmentVariable("OTEL_EXPORTER_OTLP_HEADERS"), &options.headers, &error)
            || !(otlp = OtlpExporter::create(options, &error))) {
            printErr(QStringLiteral("capgraph: --otlp %1\n").arg(error));
            return BadInput;
        }
        tracer = otlp->tracer(m_setup->graph().id.isEmpty() ? req.displayName : m_setup->graph().id);
        ex->addObserver(tracer.get());
    }
    // The run server's API for this run, from before it starts (its trace from run.started).
    if (p.isSet(debugListen) && !listenForDebugger(p.value(debugListen), ex.get(), req.displayName, inputValue))
        return BadInput;
    const bool pauseFirst = p.isSet(debugPause);
    const int code = p.isSet(forkOption) ? fork(*ex, p.value(forkOption), p.value(trace), p.values(setOption))
                                         : drive(*ex, p.value(trace), false, [&ex, &inputValue, pauseFirst] {
                                               ex->start(inputValue);
                                               if (pauseFirst) // before its first node: a client resumes or steps it
                                                   ex->pause();
                                           });
    if (m_debug) {
        m_debug->finish(); // the last events to the clients
        m_debug.reset();   // before the executor it serves goes
    }
    if (tracer) {
        ex->removeObserver(tracer.get());
        tracer.reset(); // (what it had not handed over yet goes now)
        const bool flushed = otlp->flush(5000);
        if (!otlp->problem().isEmpty() && !m_quiet)
            printErr(QStringLiteral("capgraph: warning: %1\n").arg(otlp->problem()));
        if (!flushed && !m_quiet)
            printErr(QStringLiteral("capgraph: warning: OpenTelemetry export: the collector did not answer within 5 s; the rest of the spans are dropped\n"));
    }
    return code;
}

bool RunCommand::listenForDebugger(const QString &address, Executor *ex, const QString &graphName, const QVariantMap &input)
{
    QString error;
    m_debug = DebugListener::listen(address, &error);
    if (!m_debug || !m_debug->attach(ex, m_setup.get(), graphName, input, &error)) {
        m_debug.reset();
        printErr(QStringLiteral("capgraph: %1\n").arg(error));
        return false;
    }
    printErr(QStringLiteral("capgraph: debugging on %1 (--debug-listen)\n").arg(m_debug->runUrl().toString()));
    std::fflush(stderr);
    return true;
}

void RunCommand::waitForDebugger(Executor &ex)
{
    if (ex.status() == RunStatus::WaitingForInput) {
        QStringList asked;
        for (const PendingInteraction &p : ex.pendingInteractions())
            asked << p.id;
        printErr(QStringLiteral("capgraph: waiting for an answer to %1 (POST %2/answers)\n").arg(asked.join(QStringLiteral(", ")), m_debug->runUrl().toString()));
    } else if (!m_quiet) {
        printErr(QStringLiteral("capgraph: paused (POST %1/resume or /step)\n").arg(m_debug->runUrl().toString()));
    }
    QEventLoop loop; // until a client moves it on, or Ctrl-C cancels it (the tick's work)
    const auto changed = QObject::connect(&ex, &Executor::statusChanged, &loop, &QEventLoop::quit);
    loop.exec();
    QObject::disconnect(changed);
}

int RunCommand::resume(const QStringList &args)
{
    CliParser p(QStringLiteral("resume"));
    const QCommandLineOption &answers = p.option(QStringLiteral("answers"));
    const QCommandLineOption &answer = p.option(QStringLiteral("answer"));
    const QCommandLineOption &mock = p.option(QStringLiteral("mock"));
    const QCommandLineOption &trace = p.option(QStringLiteral("trace"));
    const QCommandLineOption &json = p.option(QStringLiteral("json"));
    const QCommandLineOption &quiet = p.option(QStringLiteral("quiet"));
    const QCommandLineOption &checkpointOut = p.option(QStringLiteral("checkpoint"));
    const QCommandLineOption &trust = p.option(QStringLiteral("trust"));
    const QCommandLineOption &debugListen = p.option(QStringLiteral("debug-listen"));
    const QCommandLineOption &debugPause = p.option(QStringLiteral("debug-pause"));
    if (const std::optional<int> done = p.open(args, [this](const QString &problem) { return usage(problem); }, [this](const QString &text) { print(text); }))
        return *done;
    if (p.positionalArguments().size() != 1)
        return usage(QStringLiteral("resume: expected exactly one CHECKPOINT file"));
    if (p.isSet(debugPause) && !p.isSet(debugListen))
        return usage(QStringLiteral("resume: --debug-pause goes with --debug-listen (something must resume the run)"));
    m_json = p.isSet(json);
    m_quiet = p.isSet(quiet);
    m_checkpointPath = p.positionalArguments().first();

    RunCheckpoint cp;
    QString error;
    if (!CheckpointFile(m_checkpointPath).read(&cp, &error)) {
        printErr(QStringLiteral("capgraph: error: %1\n").arg(error));
        return BadInput;
    }
    RunRequest req = request(p.isSet(trust));
    if (p.isSet(mock))
        req.mockFile = QFileInfo(p.value(mock)).absoluteFilePath();
    m_setup = RunSetup::resuming(cp, m_checkpointPath, req, &error);
    if (!m_setup) {
        printErr(error + QLatin1Char('\n'));
        return BadInput;
    }
    m_sessionPath = cp.sessionFile;
    if (!lint()) // the graph is the one the run started with, but its capabilities may have changed
        return BadInput;
    for (const QString &a : p.values(answer)) // --answer first, then --answers FILE
        if (!m_answers.addArgument(a, &error))
            return usage(error);
    if (p.isSet(answers) && !m_answers.load(p.value(answers), &error))
        return usage(error);
    std::unique_ptr<Executor> ex = makeExecutor(&cp);
    if (!ex)
        return BadInput;
    if (p.isSet(checkpointOut))
        m_checkpointPath = p.value(checkpointOut); // keep the checkpoint read as it is
    if (ex->status() != RunStatus::Paused) {
        if (!m_answers.isEmpty())
            printErr(QStringLiteral("capgraph: warning: the run has already ended; answers are not used\n"));
        return report(*ex, ex->status() == RunStatus::Finished ? Finished : RunFailed); // nothing left to do
    }
    // --debug-listen: the API for the run from where it goes on (its events from now).
    if (p.isSet(debugListen) && !listenForDebugger(p.value(debugListen), ex.get(), m_setup->request().displayName, ex->context().input))
        return BadInput;
    const bool pauseFirst = p.isSet(debugPause);
    const int code = drive(*ex, p.value(trace), true, [&ex, pauseFirst] {
        ex->continueRun();
        if (pauseFirst) // before it goes on: a client resumes or steps it
            ex->pause();
    });
    if (m_debug) {
        m_debug->finish();
        m_debug.reset();
    }
    return code;
}

bool RunCommand::answerFromQueue(Executor &ex)
{
    bool answered = false;
    for (const AnswerQueue::Given &g : m_answers.answerWaiting(ex)) {
        if (!g.refusal.isEmpty()) {
            printErr(QStringLiteral("capgraph: answer for '%1' refused: %2\n").arg(g.id, g.refusal));
            continue;
        }
        if (!m_quiet)
            printErr(QStringLiteral("capgraph: answered %1 = %2\n").arg(g.id, compact(g.value)));
        answered = true;
    }
    return answered;
}

bool RunCommand::answerOnTerminal(Executor &ex)
{
    if (!::isatty(STDIN_FILENO))
        return false;
    QTextStream in(stdin);
    const QList<PendingInteraction> pending = ex.pendingInteractions();
    for (const PendingInteraction &req : pending) {
        for (;;) {
            QString prompt = QStringLiteral("\n[%1] %2\n").arg(req.id, req.prompt);
            if (req.kind == QLatin1String("select")) {
                for (int i = 0; i < req.options.size(); ++i)
                    prompt += QStringLiteral("  %1) %2\n").arg(i + 1).arg(compact(req.options.at(i)));
                if (!req.multiple) {
                    prompt += QStringLiteral("choose one (number): ");
                } else {
                    const int most = req.maxChoices > 0 ? std::min<int>(req.maxChoices, int(req.options.size())) : int(req.options.size());
                    prompt += req.minChoices == most ? QStringLiteral("choose %1 (numbers with commas): ").arg(most)
                                                     : QStringLiteral("choose %1 to %2 (numbers with commas): ").arg(req.minChoices).arg(most);
                }
            } else if (req.kind == QLatin1String("confirm")) {
                prompt += QStringLiteral("confirm [y/n]: ");
            } else {
                prompt += QStringLiteral("> ");
            }
            printErr(prompt);
            const QString line = in.readLine();
            if (line.isNull() || g_interrupted)
                return false; // end of input, or Ctrl-C
            QVariant value = line;
            if (req.kind == QLatin1String("select")) {
                QVariantList chosen;
                bool ok = true;
                for (const QString &part : line.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                    const int n = part.trimmed().toInt(&ok);
                    if (!ok || n < 1 || n > req.options.size()) {
                        ok = false;
                        break;
                    }
                    chosen.append(req.options.at(n - 1));
                }
                if (!ok || (chosen.isEmpty() && !req.multiple)) {
                    printErr(QStringLiteral("  please give option numbers between 1 and %1\n").arg(req.options.size()));
                    continue;
                }
                if (!req.multiple && chosen.size() > 1) {
                    printErr(QStringLiteral("  please give one option number\n"));
                    continue;
                }
                value = req.multiple ? QVariant(chosen) : chosen.first();
            }
            QString error;
            if (ex.answer(req.id, value, &error))
                break;
            printErr(QStringLiteral("  %1\n").arg(error));
        }
    }
    return true;
}

bool RunCommand::saveCheckpoint(const Executor &ex, QString *error, const QString &what)
{
    if (m_checkpointPath.isEmpty())
        return true;
    const RunRequest &r = m_setup->request();
    return CheckpointFile(m_checkpointPath, what)
        .write(CheckpointStore::capture(ex, r.graphFile, m_setup->graphHash(), r.mockFile, r.capabilityDirs, m_sessionPath), error);
}

bool RunCommand::forkPoint(const QString &tracePath, qint64 step, QString *error)
{
    QFile f(tracePath);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("capgraph: cannot read the trace %1: %2").arg(tracePath, f.errorString());
        return false;
    }
    if (!RunFiles::parseTrace(f.readAll(), tracePath, &m_forkParent, error))
        return false;
    // The step as the trace counts it: the execution that started as that step.
    qsizetype position = -1;
    qint64 last = 0;
    for (qsizetype i = 0; i < m_forkParent.size() && position < 0; ++i) {
        const RunEvent &e = m_forkParent.at(i);
        if (!e.path.isEmpty())
            continue; // a child run's steps are its own
        last = std::max(last, e.step);
        if (e.type == RunEventType::NodeStarted && e.step >= step)
            position = i + 1;
    }
    if (position < 0) {
        *error = QStringLiteral("%1: error: the run has no step %2 to go on from (its last is %3)").arg(tracePath).arg(step).arg(last);
        return false;
    }
    QString why;
    m_fork = RunFork::at(m_forkParent, position, &why);
    if (!m_fork) {
        *error = QStringLiteral("%1: error: %2").arg(tracePath, why);
        return false;
    }
    return true;
}

int RunCommand::fork(Executor &ex, const QString &parentTrace, const QString &tracePath, const QStringList &sets)
{
    QVariantMap edits;
    for (const QString &s : sets) {
        const qsizetype eq = s.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return usage(QStringLiteral("--set expects NAME=VALUE, got '%1'").arg(s));
        edits.insert(s.left(eq), RunFiles::parseValue(s.mid(eq + 1)));
    }
    m_forkStart = RunFork::traceStart(m_forkParent, *m_fork, edits, QFileInfo(parentTrace).fileName());
    const RunContext context = RunFork::edited(m_fork->context, edits);
    const QString node = m_fork->nodeId;
    if (!m_quiet)
        printErr(QStringLiteral("capgraph: forked from %1: going on from %2 (step %3)\n").arg(parentTrace, node).arg(m_fork->step + 1));
    return drive(ex, tracePath, false, [this, &ex, node, context] {
        QString why;
        if (!ex.startAt(node, context, &why)) {
            printErr(QStringLiteral("capgraph: %1\n").arg(why));
            ex.cancel();
        }
    });
}

int RunCommand::drive(Executor &ex, const QString &tracePath, bool appendTrace, const std::function<void()> &go)
{
    TraceWriter traceWriter;
    ForkedEvents forked(m_forkStart, &traceWriter); // a fork's trace: its history after run.started
    QString error;
    if (!tracePath.isEmpty()) {
        if (!traceWriter.open(tracePath, appendTrace, &error)) {
            printErr(QStringLiteral("capgraph: %1\n").arg(error));
            ex.cancel();
            return BadInput;
        }
        ex.addObserver(m_forkStart.isEmpty() ? static_cast<RunObserver *>(&traceWriter) : &forked);
    }
    // builtin.log's messages (and the engine's warnings) on stderr as the run goes.
    struct LogPrinter : RunObserver
    {
        RunCommand *command;
        explicit LogPrinter(RunCommand *c) : command(c) {}
        // Only these: a run watched for its log lines costs what an unwatched one costs.
        RunEventTypes wantedEvents() const override { return runEventBit(RunEventType::Log) | runEventBit(RunEventType::Warning); }
        void onRunEvent(const RunEvent &e) override
        {
            if (e.type == RunEventType::Log)
                command->printErr(QStringLiteral("capgraph: [%1] %2\n").arg(e.nodeId, e.message));
            else if (e.type == RunEventType::Warning)
                command->printErr(QStringLiteral("capgraph: warning: %1%2\n").arg(e.nodeId.isEmpty() ? QString() : QStringLiteral("[%1] ").arg(e.nodeId), e.message));
        }
    } logPrinter(this);
    if (!m_quiet)
        ex.addObserver(&logPrinter);
    g_interrupted = false;
    struct sigaction sa{};
    sa.sa_handler = onSigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; // no SA_RESTART: a blocked read at a prompt returns on Ctrl-C
    struct sigaction oldInt{}, oldTerm{};
    sigaction(SIGINT, &sa, &oldInt);
    sigaction(SIGTERM, &sa, &oldTerm);
    // Answer each question as soon as it is asked, while other branches keep running.
    const auto asked = QObject::connect(&ex, &Executor::interactionRequested, &ex, [this, &ex] {
        if (!g_interrupted)
            answerFromQueue(ex);
    }, Qt::QueuedConnection);
    // Started once everything that watches it is in place: the trace begins with run.started.
    go();
    // Between slices of work: Ctrl-C, progress on stderr, periodic checkpoints.
    QTimer tick;
    QElapsedTimer sinceStart;
    sinceStart.start();
    qint64 lastCheckpoint = 0;
    bool interruptSaved = false;
    qint64 lastProgress = 0;
    QObject::connect(&tick, &QTimer::timeout, &tick, [&] {
        if (g_interrupted) {
            // Keep the run resumable: save it as it stands (between nodes), then stop.
            QString why;
            if (!saveCheckpoint(ex, &why))
                printErr(QStringLiteral("capgraph: %1\n").arg(why));
            interruptSaved = true;
            ex.cancel();
            return;
        }
        if (!m_quiet && ex.status() == RunStatus::Running && sinceStart.elapsed() >= 1000
            && sinceStart.elapsed() - lastProgress >= 1000) {
            lastProgress = sinceStart.elapsed();
            printErr(QStringLiteral("capgraph: running... %1 steps, %2 s\n").arg(ex.steps()).arg(sinceStart.elapsed() / 1000.0, 0, 'f', 1));
        }
        if (sinceStart.elapsed() - lastCheckpoint >= 2000) {
            lastCheckpoint = sinceStart.elapsed();
            QString why;
            if (!saveCheckpoint(ex, &why))
                printErr(QStringLiteral("capgraph: %1\n").arg(why));
        }
    });
    tick.start(100);

    int exitCode = RunFailed;
    for (;;) {
        const RunStatus s = ex.waitUntilIdle();
        // --debug-listen: a run paused, or waiting for an answer not given here, waits for a
        // client (the terminal is not asked: its blocking read would stop the API).
        if (m_debug && !g_interrupted && (s == RunStatus::Paused || s == RunStatus::WaitingForInput)) {
            if (s == RunStatus::WaitingForInput && answerFromQueue(ex))
                continue;
            waitForDebugger(ex);
            continue;
        }
        if (s == RunStatus::WaitingForInput) {
            if (answerFromQueue(ex) || answerOnTerminal(ex)) {
                sinceStart.restart(); // progress counts running time, not time spent answering
                lastCheckpoint = 0;
                lastProgress = 0;
                continue;
            }
            if (g_interrupted) { // Ctrl-C at a prompt
                if (!saveCheckpoint(ex, &error))
                    printErr(QStringLiteral("capgraph: %1\n").arg(error));
                interruptSaved = true;
                ex.cancel();
                exitCode = Interrupted;
                break;
            }
            exitCode = NeedsInput;
            break;
        }
        exitCode = s == RunStatus::Finished ? Finished : s == RunStatus::Cancelled ? Interrupted : RunFailed;
        break;
    }
    tick.stop();
    QObject::disconnect(asked);
    sigaction(SIGINT, &oldInt, nullptr);
    sigaction(SIGTERM, &oldTerm, nullptr);
    if (!interruptSaved && !saveCheckpoint(ex, &error)) {
        printErr(QStringLiteral("capgraph: %1\n").arg(error));
        if (exitCode == Finished)
            exitCode = BadInput; // the state the user asked to keep is not kept
    }
    if (exitCode == Finished && !saveSession(ex, &error)) {
        printErr(QStringLiteral("capgraph: %1\n").arg(error));
        exitCode = BadInput; // the next turn would start without this one's memory
    }
    ex.removeObserver(&traceWriter);
    if (!traceWriter.close(&error)) {
        printErr(QStringLiteral("capgraph: %1\n").arg(error));
        if (exitCode == Finished)
            exitCode = BadInput;
    }
    return report(ex, exitCode);
}

int RunCommand::report(const Executor &ex, int exitCode)
{
    const RunContext context = ex.context();
    const QStringList unused = m_answers.unused();
    if (!m_quiet) {
        for (const QString &w : ex.warnings())
            printErr(QStringLiteral("capgraph: warning: %1\n").arg(w));
        if (!unused.isEmpty() && exitCode == Finished)
            printErr(QStringLiteral("capgraph: warning: answers not used: %1\n").arg(unused.join(QStringLiteral(", "))));
    }
    for (const QString &e : ex.backgroundErrors())
        printErr(QStringLiteral("capgraph: background branch failed: %1\n").arg(e));
    if (m_json) {
        QJsonObject o;
        o.insert(QStringLiteral("status"), runStatusName(ex.status()));
        o.insert(QStringLiteral("steps"), ex.steps());
        o.insert(QStringLiteral("elapsed_ms"), ex.elapsedMs());
        o.insert(QStringLiteral("elapsed_us"), ex.elapsedUs());
        struct rusage usage{};
        if (::getrusage(RUSAGE_SELF, &usage) == 0)
            o.insert(QStringLiteral("peak_rss_kb"), qint64(usage.ru_maxrss));
        if (!ex.errorMessage().isEmpty()) {
            o.insert(QStringLiteral("error"), ex.errorMessage());
            o.insert(QStringLiteral("failed_node"), ex.failedNode());
            o.insert(QStringLiteral("path"), QJsonArray::fromStringList(ex.failedPath()));
        }
        QJsonArray waiting;
        for (const PendingInteraction &p : ex.pendingInteractions()) {
            QJsonObject w = QJsonObject::fromVariantMap(p.toVariant(p.id.section(QLatin1Char('#'), 0, 0)));
            w.insert(QStringLiteral("options"), QJsonArray::fromVariantList(p.options));
            waiting.append(w);
        }
        if (!waiting.isEmpty())
            o.insert(QStringLiteral("waiting"), waiting);
        o.insert(QStringLiteral("main_path_finished"), ex.mainPathFinished());
        o.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(ex.warnings()));
        o.insert(QStringLiteral("background_errors"), QJsonArray::fromStringList(ex.backgroundErrors()));
        o.insert(QStringLiteral("context"), QJsonObject::fromVariantMap(context.toVariant()));
        const auto tokens = ex.tokenUsage();
        if (!tokens.isEmpty()) {
            QJsonObject nodes;
            for (auto it = tokens.cbegin(); it != tokens.cend(); ++it) {
                QJsonObject node{{QStringLiteral("prompt_tokens"), it->prompt}, {QStringLiteral("completion_tokens"), it->completion},
                                 {QStringLiteral("total_tokens"), it->total()}};
                if (it->priced()) { // its capability or the graph declares a price
                    node.insert(QStringLiteral("cost"), roundedCost(it->cost));
                    node.insert(QStringLiteral("currency"), it->currency);
                }
                nodes.insert(it.key(), node);
            }
            const TokenUsage total = ex.totalTokenUsage();
            QJsonObject tokenUsage = QJsonObject::fromVariantMap(costFields(ex.costTotals())); // as run.finished says it
            tokenUsage.insert(QStringLiteral("prompt_tokens"), total.prompt);
            tokenUsage.insert(QStringLiteral("completion_tokens"), total.completion);
            tokenUsage.insert(QStringLiteral("total_tokens"), total.total());
            tokenUsage.insert(QStringLiteral("nodes"), nodes);
            o.insert(QStringLiteral("token_usage"), tokenUsage);
        }
        print(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
    } else {
        for (auto it = context.variables.cbegin(); it != context.variables.cend(); ++it)
            print(QStringLiteral("%1 = %2\n").arg(it.key(), compact(it.value())));
    }
    switch (exitCode) {
    case Finished:
        if (!m_quiet)
            printErr(QStringLiteral("capgraph: finished: %1 steps in %2 ms%3\n")
                         .arg(ex.steps())
                         .arg(ex.elapsedMs())
                         .arg(ex.tokenUsage().isEmpty() ? QString()
                                                        : QStringLiteral("; %1 tokens (prompt %2, completion %3)%4")
                                                              .arg(ex.totalTokenUsage().total())
                                                              .arg(ex.totalTokenUsage().prompt)
                                                              .arg(ex.totalTokenUsage().completion)
                                                              .arg(costText(ex.costTotals()))));
        break;
    case NeedsInput: {
        // Each question with what it accepts: a select's options numbered, a confirm's yes/no.
        QStringList ids;
        for (const PendingInteraction &p : ex.pendingInteractions()) {
            QString q = QStringLiteral("  %1 (%2): %3\n").arg(p.id, p.kind, p.prompt.isEmpty() ? QStringLiteral("(no prompt)") : p.prompt);
            if (p.kind == QLatin1String("select")) {
                for (int i = 0; i < p.options.size(); ++i)
                    q += QStringLiteral("    %1) %2\n").arg(i + 1).arg(compact(p.options.at(i)));
                const QString first = p.options.isEmpty() ? QStringLiteral("\"...\"") : compactJson(p.options.constFirst());
                q += p.multiple ? QStringLiteral("    answer with a list of options: --answer %1='[%2]'\n").arg(p.id, first)
                                : QStringLiteral("    answer with one of the options: --answer %1='%2'\n").arg(p.id, first);
            } else if (p.kind == QLatin1String("confirm")) {
                q += QStringLiteral("    answer --answer %1=yes or --answer %1=no\n").arg(p.id);
            } else {
                q += QStringLiteral("    answer with --answer %1=TEXT (or JSON)\n").arg(p.id);
            }
            ids << q;
        }
        printErr(QStringLiteral("capgraph: waiting for input:\n%1%2").arg(ids.join(QString()),
            m_checkpointPath.isEmpty() ? QStringLiteral("  answer with --answer ID=VALUE or --answers FILE, or run it on a terminal; "
                                                        "add --checkpoint FILE to go on later with `capgraph resume`\n")
                                       : QStringLiteral("  go on with: capgraph resume %1 --answer ID=VALUE\n").arg(m_checkpointPath)));
        break;
    }
    case Interrupted:
        printErr(QStringLiteral("capgraph: interrupted after %1 steps%2\n")
                     .arg(ex.steps())
                     .arg(m_checkpointPath.isEmpty() ? QString()
                                                     : QStringLiteral("; go on with: capgraph resume ") + m_checkpointPath));
        break;
    case BadInput:
        if (ex.status() == RunStatus::Finished) { // the run ended well; an output it keeps did not (said above)
            printErr(QStringLiteral("capgraph: finished: %1 steps, but not all of its output was written\n").arg(ex.steps()));
            break;
        }
        [[fallthrough]];
    default:
        printErr(QStringLiteral("capgraph: run failed: %1\n").arg(ex.errorMessage()));
        if (!ex.failedPath().isEmpty())
            printErr(QStringLiteral("  path: %1\n").arg(ex.failedPath().join(QStringLiteral(" -> "))));
        break;
    }
    return exitCode;
}

} // namespace capgraph
