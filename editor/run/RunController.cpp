#include "run/RunController.h"

#include "telemetry/OtlpExporter.h"

#include "service/RemoteRun.h"
#include "service/RunClient.h"
#include "yaml/GraphYamlWriter.h"

#include <QJsonArray>
#include <QPointer>
#include <QUrl>

#include "launch/RunFork.h"

#include "analysis/StaleResults.h"
#include "run/PinBoard.h"

#include "document/GraphDocument.h"
#include "launch/RunSetup.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <QApplication>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTimer>

namespace capgraph::editor {

RunController::RunController(GraphDocument *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_frame(new QTimer(this))
{
    // Breakpoints follow their nodes; another graph starts afresh.
    connect(document, &GraphDocument::nodeRenamed, this, [this](const QString &from, const QString &to) {
        if (m_breakpoints.contains(from))
            m_breakpoints.insert(to, m_breakpoints.take(from));
        applyBreakpoints();
        emit breakpointsChanged();
    });
    connect(document, &GraphDocument::nodeRemoved, this, [this](const QString &id) {
        if (m_breakpoints.remove(id)) {
            applyBreakpoints();
            emit breakpointsChanged();
        }
    });
    connect(document, &GraphDocument::graphReset, this, [this] {
        if (!m_document->isSameGraph()) // another graph; a sub-graph entered or left is not
            reset();
    });
    connect(document, &GraphDocument::levelChanged, this, &RunController::levelChanged);
    connect(document, &GraphDocument::savedAs, this, [this](const QString &path) { // the same graph, another name
        if (m_runFile == m_breakpointsFile)
            m_runFile = path;
        m_breakpointsFile = path;
    });
    // An edit after a run: which results it made out of date (and undo makes current again).
    connect(document, &GraphDocument::changed, this, &RunController::updateStale);
    // One repaint a frame, however many events a frame brings (a 100,000-step loop makes
    // millions): the canvas hears about the nodes that changed since the last frame.
    m_frame->setSingleShot(true);
    m_frame->setInterval(16);
    connect(m_frame, &QTimer::timeout, this, &RunController::flush);
    m_pulse = new QTimer(this);
    m_pulse->setInterval(100);
    connect(m_pulse, &QTimer::timeout, this, [this] {
        QSet<QString> running;
        for (auto it = m_snapshot.nodes().cbegin(); it != m_snapshot.nodes().cend(); ++it)
            if (it.value().state == NodeRunState::Running)
                running.insert(it.key());
        if (running.isEmpty() || status() != RunStatus::Running)
            return;
        emit changed(running);
    });
}

RunController::~RunController()
{
    // Quiet first: the window that listens is being destroyed with us. The run is cancelled
    // before its trace closes, so the trace ends with the cancellation.
    blockSignals(true);
    if (m_executor) {
        m_executor->disconnect(this);
        m_executor->removeObserver(this);
        m_executor->cancel();
        if (m_trace)
            m_executor->removeObserver(m_trace.get());
        if (m_otlpTracer)
            m_executor->removeObserver(m_otlpTracer.get());
    }
    m_otlpTracer.reset(); // its spans, ended here, go with the exporter's last batch
    if (m_otlp)
        m_otlp->flush(2000);
}

bool RunController::setTraceExport(const QString &url, bool content, QString *error)
{
    if (url.isEmpty()) {
        m_otlp.reset(); // (a run going on keeps its tracer, which has the old exporter by a guarded pointer)
        return true;
    }
    OtlpExporter::Options options;
    options.endpoint = QUrl(url);
    options.content = content;
    options.serviceName = QStringLiteral("capgraph-studio");
    QString why;
    if (!OtlpExporter::parseHeaders(qEnvironmentVariable("OTEL_EXPORTER_OTLP_HEADERS"), &options.headers, &why)) {
        if (error)
            *error = why;
        return false;
    }
    std::unique_ptr<OtlpExporter> exporter = OtlpExporter::create(options, &why);
    if (!exporter) {
        if (error)
            *error = why;
        return false;
    }
    connect(exporter.get(), &OtlpExporter::failed, this, &RunController::traceExportFailed);
    m_otlp = std::move(exporter);
    return true;
}

QString RunController::mockFile() const
{
    if (!m_mockFile.isEmpty())
        return m_mockFile;
    const QFileInfo graph(m_document->filePath());
    if (m_document->filePath().isEmpty())
        return QString();
    const QString beside = graph.dir().filePath(QStringLiteral("mocks/%1.mock.yaml").arg(graph.completeBaseName()));
    return QFileInfo::exists(beside) ? beside : QString();
}

QString RunController::statusText(RunStatus status)
{
    switch (status) {
    case RunStatus::Idle: return tr("idle");
    case RunStatus::Running: return tr("running");
    case RunStatus::Paused: return tr("paused");
    case RunStatus::WaitingForInput: return tr("waiting for an answer");
    case RunStatus::Finished: return tr("finished");
    case RunStatus::Failed: return tr("failed");
    case RunStatus::Cancelled: return tr("stopped");
    }
    return runStatusName(status);
}

RunStatus RunController::status() const
{
    if (m_remote) {
        // The events tell first; the server's fields when they are as new as the events (a
        // run restored from its checkpoint waits again without an event saying so), and
        // before the first event came (queued).
        const RunStatus fromEvents = m_snapshot.status();
        if (runStatusIsFinal(fromEvents))
            return fromEvents;
        if (m_remote->fieldsAreCurrent() || fromEvents == RunStatus::Idle)
            return m_remote->status();
        return fromEvents;
    }
    return m_executor ? m_executor->status() : RunStatus::Idle;
}

bool RunController::isRunning() const
{
    const RunStatus s = status();
    if (m_remote)
        return !m_remote->hasEnded() && !runStatusIsFinal(s);
    return m_executor && s != RunStatus::Idle && s != RunStatus::Finished && s != RunStatus::Failed && s != RunStatus::Cancelled;
}

bool RunController::attach(RunClient *client, const QString &runId, QString *error)
{
    if (runId.isEmpty()) {
        if (error)
            *error = tr("no run to show");
        return false;
    }
    stopReplay();
    if (m_executor && isRunning())
        stop();
    retire();
    detach();
    m_remote = std::make_unique<RemoteRun>(client, runId);
    m_remoteBreakpointsRead = false;
    m_remoteStatus = RunStatus::Idle;
    m_remoteActiveUs = 0;
    m_standIns.clear();
    m_runTo.clear();
    m_snapshot = RunSnapshot();
    m_executions.clear();
    m_ranGraph = m_document->graph();
    m_runLevel = m_document->levelPath();
    m_runFile = m_document->filePath();
    m_runClock.reset();
    m_dirty.clear();
    updateStale();
    for (const Node &n : m_document->graph().nodes)
        m_dirty.insert(n.id);
    // Its trace goes to this graph's Run History as it comes, as a run's started here does.
    m_trace = std::make_unique<TraceWriter>();
    QDir().mkpath(historyFolder());
    // One entry per server run: its trace comes whole again from its first event, so an
    // entry left from an earlier look at it makes way.
    QString safeId = runId;
    for (QChar &c : safeId)
        if (!c.isLetterOrNumber() && c != QLatin1Char('-'))
            c = QLatin1Char('_');
    const QString suffix = QStringLiteral("-run-%1.jsonl").arg(safeId);
    QDir history(historyFolder());
    for (const QString &old : history.entryList({QLatin1Char('*') + suffix}, QDir::Files))
        history.remove(old);
    m_tracePath = history.filePath(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")) + suffix);
    QString traceError;
    if (!m_trace->open(m_tracePath, false, &traceError))
        m_trace.reset();
    RemoteRun *remote = m_remote.get();
    connect(remote, &RemoteRun::received, this, [this](const RunEvent &e) {
        if (m_trace)
            m_trace->onRunEvent(e);
        apply(e);
        remoteStatusChanged();
    });
    connect(remote, &RemoteRun::runChanged, this, [this] {
        if (!m_remoteBreakpointsRead) { // the breakpoints the run has on the server, shown on its graph
            m_remoteBreakpointsRead = true;
            QHash<QString, Breakpoint> kept;
            const QHash<QString, QString> given = m_remote->breakpoints();
            for (auto it = given.cbegin(); it != given.cend(); ++it)
                if (m_document->node(it.key()))
                    kept.insert(it.key(), Breakpoint{it.value(), 0});
            if (!kept.isEmpty() && m_runFile == m_breakpointsFile) {
                const QSet<QString> before(m_breakpoints.keyBegin(), m_breakpoints.keyEnd());
                m_breakpoints = kept;
                emit breakpointsChanged();
                emit changed(before + QSet<QString>(kept.keyBegin(), kept.keyEnd()));
            }
        }
        remoteStatusChanged();
        emit interactionsChanged();
    });
    connect(remote, &RemoteRun::refused, this, [this](const QString &verb, const QString &node, const QString &why) {
        if (verb == QLatin1String("answers"))
            emit answerRefused(node, why); // (the Inbox says it, by its question)
        emit remoteProblem(why, false);
    });
    connect(remote, &RemoteRun::connectionChanged, this, [this](const QString &why, bool final) {
        if (!why.isEmpty())
            emit remoteProblem(why, final);
    });
    connect(remote, &RemoteRun::ended, this, &RunController::remoteEnded);
    // (its breakpoints are the server's: read with the run, sent when the user changes them)
    emit statusChanged(status());
    return true;
}

void RunController::startOnServer(RunClient *client, const QString &name, const QVariantMap &input, bool pause)
{
    QSet<QString> nodes;
    QJsonObject conditions;
    for (auto it = m_breakpoints.cbegin(); it != m_breakpoints.cend(); ++it) {
        nodes.insert(it.key());
        QStringList parts;
        if (it.value().onIteration > 0)
            parts << QStringLiteral("iteration >= %1").arg(it.value().onIteration);
        if (!it.value().condition.trimmed().isEmpty())
            parts << QStringLiteral("(%1)").arg(it.value().condition.trimmed());
        if (!parts.isEmpty())
            conditions.insert(it.key(), parts.join(QStringLiteral(" AND ")));
    }
    QStringList ids(nodes.cbegin(), nodes.cend());
    ids.sort();
    QJsonObject body{{QStringLiteral("graph_yaml"), QString::fromUtf8(GraphYamlWriter::toYaml(m_document->graph()))},
                     {QStringLiteral("name"), name},
                     {QStringLiteral("input"), QJsonObject::fromVariantMap(input)},
                     {QStringLiteral("breakpoints"), QJsonObject{{QStringLiteral("nodes"), QJsonArray::fromStringList(ids)},
                                                                 {QStringLiteral("conditions"), conditions}}}};
    if (pause)
        body.insert(QStringLiteral("pause"), true);
    QPointer<RunController> self(this);
    QPointer<RunClient> guard(client);
    const QString sentFile = m_document->filePath();
    const QString sentGraph = m_document->graph().id;
    client->post(QStringLiteral("/v1/runs"), body, [self, guard, sentFile, sentGraph](const RunClient::Answer &a) {
        if (!self || !guard)
            return;
        if (!a.ok()) {
            QString why = a.error;
            const QJsonArray findings = a.body.value(QStringLiteral("findings")).toArray();
            if (!findings.isEmpty() && findings.first().toString() != why)
                why += QStringLiteral(": ") + findings.first().toString();
            emit self->remoteProblem(why, true);
            return;
        }
        const QString id = a.body.value(QStringLiteral("id")).toString();
        if (self->m_document->filePath() != sentFile || self->m_document->graph().id != sentGraph) {
            // Another graph is open by now: the run is not drawn on it.
            emit self->remoteProblem(tr("run %1 started on the server; another graph is open now: open the run from Server Runs").arg(id), false);
            return;
        }
        QString error;
        if (!self->attach(guard, id, &error)) {
            emit self->remoteProblem(error, true);
            return;
        }
        emit self->serverRunStarted(id);
    });
}

void RunController::remoteStatusChanged()
{
    const RunStatus s = status();
    if (s == m_remoteStatus)
        return;
    m_remoteStatus = s;
    if (s == RunStatus::Running)
        m_pulse->start();
    else
        m_pulse->stop();
    emit statusChanged(s);
}

void RunController::remoteEnded()
{
    remoteStatusChanged();
    saveTrace();
}

void RunController::detach()
{
    if (!m_remote)
        return;
    m_remote->disconnect(this);
    m_remote->stop(); // its stream and timers end now: the client may go next
    if (m_trace) // its history entry ends where it was left
        commitTrace([this](const QString &path, const QString &error) {
            if (error.isEmpty())
                emit runEnded(path);
        });
    m_remote.release()->deleteLater();
    m_pulse->stop();
}

void RunController::letServerRunBe()
{
    if (!m_remote)
        return;
    detach();
    m_snapshot = RunSnapshot();
    m_executions.clear();
    m_runTo.clear();
    updateStale();
    emit statusChanged(RunStatus::Idle);
    QSet<QString> all;
    for (const Node &n : m_document->graph().nodes)
        all.insert(n.id);
    emit changed(all);
}

bool RunController::start(const QVariantMap &input, QString *error)
{
    return begin([input](Executor *ex, RunSetup &setup, QString *) {
        // What the form showed as "default: 2" and was left empty is what the run reads.
        ex->start(setup.completedInput(input));
        return true;
    }, error);
}

bool RunController::startFrom(const QString &nodeId, const RunContext &context, QString *error)
{
    return begin([nodeId, context](Executor *ex, RunSetup &, QString *why) { return ex->startAt(nodeId, context, why); }, error);
}

std::optional<ForkPoint> RunController::forkPoint(qsizetype position, QString *error) const
{
    if (!m_replaying) {
        *error = tr("Open a run from Run History first: a fork goes on from a step of a recorded run.");
        return std::nullopt;
    }
    QString why;
    std::optional<ForkPoint> point = RunFork::at(m_events, position, &why);
    if (!point) {
        *error = why;
        return std::nullopt;
    }
    if (!m_document->node(point->nodeId)) {
        *error = tr("The graph has no node %1 any more: the fork cannot go on from it.").arg(point->nodeId);
        return std::nullopt;
    }
    return point;
}

bool RunController::fork(qsizetype position, const QVariantMap &edits, QString *error)
{
    const std::optional<ForkPoint> point = forkPoint(position, error);
    if (!point)
        return false;
    // What the fork's trace begins with after its run.started: who its parent is, what ran
    // before (the parent's events), the edits.
    const QList<RunEvent> history = RunFork::traceStart(m_events, *point, edits, QFileInfo(m_replayPath).fileName());
    const RunContext context = RunFork::edited(point->context, edits);
    const QString node = point->nodeId;
    RunRequest req = request();
    req.options.firstStep = point->step;
    m_forkHistory = history;
    const bool ok = begin([node, context](Executor *ex, RunSetup &, QString *why) { return ex->startAt(node, context, why); }, error, req);
    if (!ok)
        m_forkHistory.clear();
    return ok;
}

RunRequest RunController::request() const
{
    const QString file = m_document->filePath();
    RunRequest request;
    request.graphFile = file.isEmpty() ? QString() : QFileInfo(file).absoluteFilePath();
    request.displayName = file;
    request.mockFile = mockFile();
    request.capabilities = m_capabilities ? m_capabilities() : nullptr;
    request.standIns = true; // the window names them
    request.options.runId = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    request.asker = m_trustAsker;
    if (m_pins)
        request.options.pinned = m_pins->forRun();
    request.options.depth = m_depth;
    request.options.budget = m_budget;
    return request;
}

bool RunController::begin(const std::function<bool(Executor *, RunSetup &, QString *)> &go, QString *error, std::optional<RunRequest> req)
{
    // Everything that can refuse comes first: a run that cannot start leaves the one on show
    // (paused at a breakpoint, say) as it is. The engine's set-up, as `capgraph run` does it:
    // the same lint with the capabilities, the same bindings, the same trust question.
    RunSetup setup(m_document->graph(), req ? std::move(*req) : request());
    std::unique_ptr<Executor> next = setup.makeExecutor();
    if (!next) {
        if (error)
            *error = setup.localProblems().join(QLatin1Char('\n'));
        return false;
    }
    m_trust = setup.trustGate();
    const QStringList standIns = setup.standIns();
    stopReplay();
    if (m_executor && isRunning())
        stop();
    retire();
    detach();
    m_executor = std::move(next);
    m_standIns = standIns;
    m_runTo.clear();
    m_snapshot = RunSnapshot();
    m_executions.clear();
    m_ranGraph = setup.graph();
    m_runLevel = m_document->levelPath();
    m_runFile = m_document->filePath();
    m_runClock.reset();
    m_dirty.clear();
    updateStale();
    for (const Node &n : setup.graph().nodes)
        m_dirty.insert(n.id); // every node back to pending
    // The trace goes to the history as the run goes: nothing to write all at once at the end.
    m_trace = std::make_unique<TraceWriter>();
    QDir().mkpath(historyFolder());
    m_tracePath = QDir(historyFolder()).filePath(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")) + QStringLiteral(".jsonl"));
    QString traceError;
    if (m_trace->open(m_tracePath, false, &traceError))
        m_executor->addObserver(m_trace.get());
    else
        m_trace.reset(); // the run goes on without a history entry
    m_executor->addObserver(this);
    if (m_otlp) { // Export Traces…: this run's spans
        m_otlpTracer = m_otlp->tracer(setup.graph().id.isEmpty() ? QFileInfo(m_runFile).completeBaseName() : setup.graph().id);
        m_executor->addObserver(m_otlpTracer.get());
    }
    connect(m_executor.get(), &Executor::statusChanged, this, [this](RunStatus s) {
        if (s == RunStatus::Running)
            m_pulse->start();
        else
            m_pulse->stop();
        emit statusChanged(s);
        if (s == RunStatus::Finished || s == RunStatus::Failed || s == RunStatus::Cancelled)
            saveTrace();
    });
    connect(m_executor.get(), &Executor::interactionRequested, this, &RunController::interactionsChanged);
    applyBreakpoints();
    if (!go(m_executor.get(), setup, error)) {
        retire();
        QFile::remove(m_tracePath);
        return false;
    }
    return true;
}

void RunController::retire()
{
    // The old run's executor: quiet, then gone (its queued calls die with it).
    if (!m_executor)
        return;
    m_executor->disconnect(this);
    m_executor->removeObserver(this);
    if (m_trace) {
        m_executor->removeObserver(m_trace.get());
        m_trace.reset();
    }
    if (m_otlpTracer) {
        m_executor->removeObserver(m_otlpTracer.get());
        m_otlpTracer.reset();
    }
    m_executor.release()->deleteLater();
}

void RunController::reset()
{
    stopReplay();
    if (m_executor && isRunning())
        stop();
    retire();
    detach(); // a server's run goes on there
    m_breakpoints.clear();
    m_levelBreakpoints.clear();
    m_levelFiles.clear();
    m_breakpointsFile = m_document->filePath();
    m_runLevel.clear();
    m_runFile.clear();
    m_runTo.clear();
    m_mockFile.clear();
    m_snapshot = RunSnapshot();
    m_executions.clear();
    m_ranGraph = Graph();
    m_events.clear();
    updateStale();
    emit breakpointsChanged();
    emit statusChanged(RunStatus::Idle);
    QSet<QString> all;
    for (const Node &n : m_document->graph().nodes)
        all.insert(n.id);
    emit changed(all);
}

void RunController::setPinBoard(PinBoard *pins)
{
    m_pins = pins;
    connect(pins, &PinBoard::changed, this, [this](const QString &nodeId) {
        if (!nodeId.isEmpty()) {
            m_dirty.insert(nodeId);
        } else {
            for (const Node &n : m_document->graph().nodes)
                m_dirty.insert(n.id);
        }
        if (!m_frame->isActive())
            m_frame->start();
    });
}

bool RunController::isPinned(const QString &nodeId) const
{
    return m_pins && m_pins->isPinned(nodeId);
}

void RunController::updateStale()
{
    // Only a run that is over has results to be out of date; a replay shows a recorded run.
    QSet<QString> stale;
    if (!m_replaying && hasRun() && !isRunning() && m_document->levelPath() == m_runLevel) {
        QSet<QString> ran;
        for (auto it = m_snapshot.nodes().cbegin(); it != m_snapshot.nodes().cend(); ++it)
            if (it.value().visits > 0)
                ran.insert(it.key());
        stale = StaleResults::of(m_ranGraph, m_document->graph(), ran);
    }
    if (stale == m_stale)
        return;
    m_dirty += m_stale;
    m_dirty += stale;
    m_stale = stale;
    if (!m_frame->isActive())
        m_frame->start();
}

void RunController::levelChanged()
{
    // Breakpoints are a graph's: those of the level left wait for it.
    if (m_breakpoints.isEmpty())
        m_levelBreakpoints.remove(m_breakpointsFile);
    else
        m_levelBreakpoints.insert(m_breakpointsFile, m_breakpoints);
    m_breakpointsFile = m_document->filePath();
    m_breakpoints = m_levelBreakpoints.take(m_breakpointsFile);
    m_levelFiles.insert(m_document->levelPath().join(QLatin1Char('/')), m_breakpointsFile);
    updateStale();
    emit breakpointsChanged();
}

void RunController::applyBreakpoints(std::function<void()> then)
{
    if (!m_executor && !m_remote)
        return;
    // A breakpoint as the engine takes it: from the n-th round on is a condition like any other.
    const auto conditionOf = [](const Breakpoint &b) {
        QStringList parts;
        if (b.onIteration > 0)
            parts << QStringLiteral("iteration >= %1").arg(b.onIteration);
        if (!b.condition.trimmed().isEmpty())
            parts << QStringLiteral("(%1)").arg(b.condition.trimmed());
        return parts.join(QStringLiteral(" AND "));
    };
    // The run's graph's breakpoints, whichever level is on screen.
    const QHash<QString, Breakpoint> breakpoints = m_runFile == m_breakpointsFile ? m_breakpoints : m_levelBreakpoints.value(m_runFile);
    QSet<QString> ids(breakpoints.keyBegin(), breakpoints.keyEnd());
    QHash<QString, QString> conditions;
    for (auto it = breakpoints.cbegin(); it != breakpoints.cend(); ++it)
        if (const QString c = conditionOf(it.value()); !c.isEmpty() && it.key() != m_runTo)
            conditions.insert(it.key(), c);
    if (!m_runTo.isEmpty())
        ids.insert(m_runTo);
    if (m_remote) { // a server's run: its own graph's breakpoints (not those inside its child runs)
        if (isRunning())
            m_remote->setBreakpoints(ids, conditions, std::move(then));
        return;
    }
    m_executor->setBreakpoints(ids);
    m_executor->setBreakpointConditions(conditions);
    // Those set inside the sub-graphs below the run's graph, by the nodes that lead there.
    QHash<QString, QHash<QString, QString>> below;
    const QString runLevel = m_runLevel.join(QLatin1Char('/'));
    for (auto it = m_levelFiles.cbegin(); it != m_levelFiles.cend(); ++it) {
        if (it.key().size() <= runLevel.size() || (!runLevel.isEmpty() && !it.key().startsWith(runLevel + QLatin1Char('/'))))
            continue;
        const QHash<QString, Breakpoint> set = it.value() == m_breakpointsFile ? m_breakpoints : m_levelBreakpoints.value(it.value());
        QHash<QString, QString> stops;
        for (auto b = set.cbegin(); b != set.cend(); ++b)
            stops.insert(b.key(), conditionOf(b.value()));
        if (!stops.isEmpty())
            below.insert(runLevel.isEmpty() ? it.key() : it.key().mid(runLevel.size() + 1), stops);
    }
    m_executor->setChildBreakpoints(below);
}

void RunController::pause()
{
    if (m_remote && m_remote->isQueued())
        emit remoteProblem(tr("the run has not started on the server yet"), false);
    else if (m_remote && isRunning())
        m_remote->pause();
    else if (m_executor)
        m_executor->pause();
}

void RunController::resume()
{
    if (m_remote && status() == RunStatus::Paused)
        m_remote->resume();
    else if (m_executor && m_executor->status() == RunStatus::Paused)
        m_executor->resume();
}

void RunController::step()
{
    if (m_remote) { // the server steps a paused run; a running one stops first
        if (m_remote->isQueued())
            emit remoteProblem(tr("the run has not started on the server yet"), false);
        else if (status() == RunStatus::Paused)
            m_remote->step();
        else if (status() == RunStatus::Running)
            m_remote->pause();
        return;
    }
    if (m_executor && (m_executor->status() == RunStatus::Paused || m_executor->status() == RunStatus::Running))
        m_executor->step();
}

void RunController::stepInto()
{
    if (m_remote) {
        step(); // a server steps over a node that runs a sub-graph
        return;
    }
    if (m_executor && (m_executor->status() == RunStatus::Paused || m_executor->status() == RunStatus::Running))
        m_executor->stepInto();
}

void RunController::stepOut()
{
    if (m_remote) {
        resume(); // (a server's run is stepped at its own level only)
        return;
    }
    if (m_executor && m_executor->status() == RunStatus::Paused)
        m_executor->stepOut();
}

void RunController::runTo(const QString &nodeId)
{
    m_runTo = nodeId;
    if (m_remote) { // once the server has the one-off breakpoint, a paused run goes on to it
        QPointer<RunController> self(this);
        applyBreakpoints([self] {
            if (self)
                self->resume();
        });
        return;
    }
    applyBreakpoints();
    if (m_executor)
        m_executor->resume(); // from a pause, or cancels a pause asked for but not yet made
}

void RunController::stop()
{
    if (m_remote && isRunning())
        m_remote->cancel();
    else if (m_executor && isRunning())
        m_executor->cancel();
}

RunContext RunController::context() const
{
    if (m_replaying || !m_executor)
        return m_snapshot.context();
    return m_executor->context();
}

bool RunController::canSetVariables(const QStringList &childPath) const
{
    if (m_remote && !m_replaying)
        return childPath.isEmpty() && isRunning() && (status() == RunStatus::Paused || status() == RunStatus::WaitingForInput);
    if (!m_executor || m_replaying)
        return false;
    const auto standsStill = [](RunStatus s) { return s == RunStatus::Paused || s == RunStatus::WaitingForInput; };
    if (!standsStill(m_executor->status()))
        return false;
    if (childPath.isEmpty())
        return true;
    const Executor *child = m_executor->childRun(childPath);
    return child && standsStill(child->status());
}

bool RunController::setVariable(const QString &name, const QVariant &value, QString *error, const QStringList &childPath)
{
    if (m_remote && !m_replaying) {
        if (!canSetVariables(childPath)) {
            if (error)
                *error = childPath.isEmpty() ? tr("pause the run first") : tr("a server's run is changed at its own level only");
            return false;
        }
        m_remote->setVariable(name, value); // the server's event shows it (or remoteProblem why not)
        return true;
    }
    if (!m_executor || m_replaying) {
        if (error)
            *error = tr("no run to change");
        return false;
    }
    Executor *run = childPath.isEmpty() ? m_executor.get() : m_executor->childRun(childPath);
    if (!run) {
        if (error)
            *error = tr("the child run of %1 has ended").arg(childPath.join(QStringLiteral(" › ")));
        return false;
    }
    if (!canSetVariables(childPath)) {
        if (error)
            *error = tr("pause the run first");
        return false;
    }
    if (!run->setVariable(name, value, error))
        return false;
    flush();
    return true;
}

QList<PendingInteraction> RunController::pendingInteractions() const
{
    if (m_remote && !m_replaying)
        return m_remote->waiting();
    return m_executor && !m_replaying ? m_executor->pendingInteractions() : QList<PendingInteraction>();
}

bool RunController::answer(const QString &requestId, const QVariant &value, QString *error)
{
    if (m_remote) {
        m_remote->answer(requestId, value); // the run goes on when the server has it
        return true;
    }
    if (!m_executor) {
        if (error)
            *error = tr("no run is waiting");
        return false;
    }
    const bool ok = m_executor->answer(requestId, value, error);
    emit interactionsChanged();
    return ok;
}

void RunController::toggleBreakpoint(const QString &nodeId)
{
    if (m_breakpoints.contains(nodeId))
        clearBreakpoint(nodeId);
    else
        setBreakpoint(nodeId, Breakpoint());
}

void RunController::setBreakpoint(const QString &nodeId, const Breakpoint &breakpoint)
{
    m_breakpoints.insert(nodeId, breakpoint);
    applyBreakpoints();
    emit breakpointsChanged();
    emit changed({nodeId});
}

void RunController::clearBreakpoint(const QString &nodeId)
{
    m_breakpoints.remove(nodeId);
    applyBreakpoints();
    emit breakpointsChanged();
    emit changed({nodeId});
}

qint64 RunController::runTimeUs() const
{
    if (m_remote)
        return m_remoteActiveUs;
    return m_executor ? m_runClock.activeAt(m_executor->elapsedUs()) : 0;
}

void RunController::onRunEvent(const RunEvent &event)
{
    if (event.type == RunEventType::RunStarted && !m_forkHistory.isEmpty()) {
        // A fork: after its run.started, what it forked from (RunFork), in its trace and on screen.
        const QList<RunEvent> history = std::exchange(m_forkHistory, {});
        apply(event);
        for (const RunEvent &e : history) {
            if (m_trace)
                m_trace->onRunEvent(e);
            apply(e);
        }
        return;
    }
    apply(event);
}

void RunController::apply(const RunEvent &event)
{
    const RunClock::Reading reading = m_runClock.apply(event);
    if (event.path.isEmpty())
        m_remoteActiveUs = reading.activeUs; // (a server's run: its time is that of its last event)
    const QString pausedBefore = m_snapshot.pausedAt();
    m_snapshot.apply(event);
    m_executions.apply(event);
    if (!event.path.isEmpty()) { // a child run's (composite capability): the Run Log shows it
        if (event.type == RunEventType::InteractionRequested || event.type == RunEventType::InteractionAnswered)
            m_dirty.insert(RunSnapshot::callingNode(event)); // it waits, or goes on
        emit logged(event);
        if (!m_frame->isActive())
            m_frame->start();
        if (event.type == RunEventType::InteractionAnswered || event.type == RunEventType::InteractionRequested)
            emit interactionsChanged();
        return;
    }
    if (!event.nodeId.isEmpty())
        m_dirty.insert(event.nodeId);
    if (m_snapshot.pausedAt() != pausedBefore && !pausedBefore.isEmpty())
        m_dirty.insert(pausedBefore); // its arrow goes (a resume names no node)
    if (!event.from.isEmpty()) {
        // The edge taken before this one is no longer "the last": it repaints too.
        m_dirty.insert(m_snapshot.lastEdgeBefore().first);
        m_dirty.insert(m_snapshot.lastEdgeBefore().second);
        m_dirty.insert(event.from);
        m_dirty.insert(event.to);
    }
    emit logged(event);
    if (event.type == RunEventType::BreakpointHit)
        breakpointHit(event.nodeId); // (conditions are the executor's: it stopped because they hold)
    if (event.type == RunEventType::InteractionAnswered || event.type == RunEventType::InteractionRequested)
        emit interactionsChanged();
    if (!m_frame->isActive())
        m_frame->start();
}

void RunController::breakpointHit(const QString &nodeId)
{
    if (nodeId == m_runTo) { // reached: the one-off breakpoint is done
        m_runTo.clear();
        applyBreakpoints();
    }
}

void RunController::flush()
{
    m_frame->stop();
    const QSet<QString> dirty = std::exchange(m_dirty, {});
    emit changed(dirty);
}

QString RunController::historyFolder() const
{
    const QString graph = m_document->graph().id.isEmpty() ? QStringLiteral("untitled") : m_document->graph().id;
    QString safe = graph;
    for (QChar &c : safe)
        if (!c.isLetterOrNumber() && c != QLatin1Char('-') && c != QLatin1Char('_'))
            c = QLatin1Char('_');
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/runs/") + safe;
}

QString RunController::graphName() const
{
    return m_document->graph().id.isEmpty() ? m_document->displayName() : m_document->graph().id;
}

QStringList RunController::history() const
{
    QDir dir(historyFolder());
    QStringList out;
    for (const QString &name : dir.entryList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Name | QDir::Reversed))
        out << dir.filePath(name);
    return out;
}

void RunController::saveTrace()
{
    m_runTo.clear(); // a run-to target the run never reached is not a breakpoint of the next
    applyBreakpoints();
    flush();
    if (!m_trace) {
        emit runEnded(m_lastTrace);
        return;
    }
    if (m_executor)
        m_executor->removeObserver(m_trace.get());
    commitTrace([this](const QString &path, const QString &error) {
        if (!error.isEmpty()) {
            qWarning("%s", qPrintable(error)); // the run stays on screen; only its history entry is missing
            return;
        }
        m_lastTrace = path;
        // The history keeps the newest runs; a long loop's trace is large.
        const QStringList all = history();
        for (qsizetype k = MaxHistory; k < all.size(); ++k)
            QFile::remove(all.at(k));
        emit runEnded(m_lastTrace);
    });
}

void RunController::commitTrace(std::function<void(const QString &path, const QString &error)> then)
{
    // Committing the trace syncs it to disk and renames it into place: for a long loop's tens
    // of megabytes that takes a good part of a second, so it is done on a worker thread and
    // `then` hears of it when its file is there. The writer is used by one thread at a time
    // and released here, on the thread it belongs to.
    std::shared_ptr<TraceWriter> trace(std::move(m_trace));
    const QString path = m_tracePath;
    auto *committed = new QFutureWatcher<QString>(this);
    connect(committed, &QFutureWatcher<QString>::finished, this, [committed, trace, path, then = std::move(then)]() mutable {
        const QString error = committed->result();
        committed->deleteLater();
        trace.reset();
        then(path, error);
    });
    committed->setFuture(QtConcurrent::run([trace] {
        QString error;
        trace->close(&error);
        return error;
    }));
}

bool RunController::replay(const QString &tracePath, QString *error)
{
    if (m_executor && isRunning()) {
        if (error)
            *error = tr("stop the run first (a replay would end it)");
        return false;
    }
    QFile f(tracePath);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("%1: %2").arg(tracePath, f.errorString());
        return false;
    }
    QList<RunEvent> events;
    int line = 0;
    while (!f.atEnd()) {
        const QByteArray text = f.readLine().trimmed();
        ++line;
        if (text.isEmpty())
            continue;
        RunEvent e;
        if (!RunEvent::fromJson(QJsonDocument::fromJson(text).object(), &e)) {
            if (error)
                *error = tr("%1:%2: not a run event").arg(tracePath).arg(line);
            return false;
        }
        events.append(e);
    }
    if (m_executor)
        stop();
    detach(); // a server's run goes on there
    m_events = events;
    m_runLevel = m_document->levelPath();
    m_runFile = m_document->filePath();
    m_replaying = true;
    m_replayPath = tracePath;
    seek(events.size());
    return true;
}

void RunController::seek(qsizetype count)
{
    if (!m_replaying)
        return;
    m_position = std::clamp<qsizetype>(count, 0, m_events.size());
    m_snapshot = RunSnapshot::upTo(m_events, m_position);
    m_executions = NodeExecutions::upTo(m_events, m_position);
    updateStale();
    QSet<QString> all;
    for (const Node &n : m_document->graph().nodes)
        all.insert(n.id);
    m_dirty = all;
    flush();
    emit replayChanged();
}

void RunController::stopReplay()
{
    if (!m_replaying)
        return;
    m_replaying = false;
    m_events.clear();
    m_snapshot = RunSnapshot();
    m_executions.clear();
    m_ranGraph = Graph();
    updateStale();
    QSet<QString> all;
    for (const Node &n : m_document->graph().nodes)
        all.insert(n.id);
    m_dirty = all;
    flush();
    emit replayChanged();
}

} // namespace capgraph::editor
