#include "run/RunController.h"

#include "document/GraphDocument.h"
#include "exec/MockHandler.h"
#include "expr/Expression.h"
#include "validation/GraphValidator.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTimer>

namespace capgraph::editor {

RunController::RunController(GraphDocument *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_frame(new QTimer(this))
{
    // One repaint a frame, however many events a frame brings (a 100,000-step loop makes
    // millions): the canvas hears about the nodes that changed since the last frame.
    m_frame->setSingleShot(true);
    m_frame->setInterval(16);
    connect(m_frame, &QTimer::timeout, this, &RunController::flush);
}

RunController::~RunController()
{
    if (m_executor) {
        m_executor->removeObserver(this);
        m_executor->cancel();
    }
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

bool RunController::isRunning() const
{
    const RunStatus s = status();
    return m_executor && s != RunStatus::Idle && s != RunStatus::Finished && s != RunStatus::Failed && s != RunStatus::Cancelled;
}

bool RunController::start(const QVariantMap &input, QString *error)
{
    stopReplay();
    if (isRunning())
        stop();
    const Graph graph = m_document->graph();
    const Diagnostics lint = GraphValidator::validate(graph, m_document->filePath());
    QStringList problems;
    for (const Diagnostic &d : lint)
        if (d.severity == Severity::Error)
            problems << d.format();
    HandlerRegistry registry;
    registry.registerBuiltins();
    QString mockError;
    if (const QString mocks = mockFile(); !mocks.isEmpty() && !loadMockFile(mocks, &registry, &mockError))
        problems << mockError;
    if (problems.isEmpty()) {
        RunOptions options;
        options.runId = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
        m_executor = std::make_unique<Executor>(graph, registry, options);
        if (!m_executor->prepare(&problems))
            m_executor.reset();
    }
    if (!problems.isEmpty()) {
        if (error)
            *error = problems.join(QLatin1Char('\n'));
        return false;
    }
    m_events.clear();
    m_snapshot = RunSnapshot();
    m_dirty.clear();
    for (const Node &n : graph.nodes)
        m_dirty.insert(n.id); // every node back to pending
    m_executor->addObserver(this);
    connect(m_executor.get(), &Executor::statusChanged, this, [this](RunStatus s) {
        emit statusChanged(s);
        if (s == RunStatus::Finished || s == RunStatus::Failed || s == RunStatus::Cancelled)
            saveTrace();
    });
    connect(m_executor.get(), &Executor::interactionRequested, this, &RunController::interactionsChanged);
    applyBreakpoints();
    m_executor->start(input);
    return true;
}

void RunController::applyBreakpoints()
{
    if (!m_executor)
        return;
    QSet<QString> ids(m_breakpoints.keyBegin(), m_breakpoints.keyEnd());
    if (!m_runTo.isEmpty())
        ids.insert(m_runTo);
    m_executor->setBreakpoints(ids);
}

void RunController::pause()
{
    if (m_executor)
        m_executor->pause();
}

void RunController::resume()
{
    if (m_executor && m_executor->status() == RunStatus::Paused)
        m_executor->resume();
}

void RunController::step()
{
    if (m_executor && (m_executor->status() == RunStatus::Paused || m_executor->status() == RunStatus::Running))
        m_executor->step();
}

void RunController::runTo(const QString &nodeId)
{
    m_runTo = nodeId;
    applyBreakpoints();
    resume();
}

void RunController::stop()
{
    if (m_executor && isRunning())
        m_executor->cancel();
}

QVariantMap RunController::context() const
{
    if (m_replaying || !m_executor)
        return m_snapshot.context();
    return m_executor->context();
}

bool RunController::setVariable(const QString &name, const QVariant &value, QString *error)
{
    if (!m_executor || m_replaying) {
        if (error)
            *error = tr("no run to change");
        return false;
    }
    if (m_executor->status() != RunStatus::Paused && m_executor->status() != RunStatus::WaitingForInput) {
        if (error)
            *error = tr("pause the run first");
        return false;
    }
    if (!m_executor->setVariable(name, value, error))
        return false;
    flush();
    return true;
}

QList<PendingInteraction> RunController::pendingInteractions() const
{
    return m_executor && !m_replaying ? m_executor->pendingInteractions() : QList<PendingInteraction>();
}

bool RunController::answer(const QString &requestId, const QVariant &value, QString *error)
{
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

void RunController::onRunEvent(const RunEvent &event)
{
    m_events.append(event);
    m_snapshot.apply(event);
    if (!event.nodeId.isEmpty())
        m_dirty.insert(event.nodeId);
    if (!event.from.isEmpty()) {
        m_dirty.insert(event.from);
        m_dirty.insert(event.to);
    }
    emit logged(event);
    if (event.type == RunEventType::BreakpointHit)
        // Decided outside the executor's pump: a breakpoint whose condition does not hold
        // resumes the run at once.
        QTimer::singleShot(0, this, [this, id = event.nodeId, iteration = event.iteration] { breakpointHit(id, iteration); });
    if (event.type == RunEventType::InteractionAnswered || event.type == RunEventType::InteractionRequested)
        emit interactionsChanged();
    if (!m_frame->isActive())
        m_frame->start();
}

void RunController::breakpointHit(const QString &nodeId, int iteration)
{
    if (!m_executor || m_executor->status() != RunStatus::Paused)
        return;
    if (nodeId == m_runTo) { // reached: the one-off breakpoint is done
        m_runTo.clear();
        applyBreakpoints();
        return;
    }
    if (!m_breakpoints.contains(nodeId))
        return;
    const Breakpoint b = m_breakpoints.value(nodeId);
    bool stopHere = iteration >= b.onIteration;
    if (stopHere && !b.condition.trimmed().isEmpty()) {
        const QVariantMap c = m_executor->context();
        QVariantMap names = c.value(QStringLiteral("variables")).toMap();
        const QVariantMap outputs = c.value(QStringLiteral("outputs")).toMap();
        for (auto it = outputs.cbegin(); it != outputs.cend(); ++it)
            names.insert(it.key(), it.value());
        names.insert(QStringLiteral("input"), c.value(QStringLiteral("input")));
        names.insert(QStringLiteral("iteration"), iteration);
        const EvalResult r = Expression::parse(b.condition).evaluate(names);
        // A condition that cannot be evaluated stops the run: better a stop too many than a
        // missed one (the log says why).
        stopHere = !r.ok() || r.value.toBool();
        if (!r.ok()) {
            RunEvent note;
            note.type = RunEventType::Log;
            note.nodeId = nodeId;
            note.message = tr("breakpoint condition '%1': %2").arg(b.condition, r.error);
            emit logged(note);
        }
    }
    if (!stopHere)
        m_executor->resume();
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
    if (m_events.isEmpty())
        return;
    QDir().mkpath(historyFolder());
    const QString path = QDir(historyFolder()).filePath(
        QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")) + QStringLiteral(".jsonl"));
    QSaveFile f(path);
    if (f.open(QIODevice::WriteOnly)) {
        for (const RunEvent &e : std::as_const(m_events))
            f.write(QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact) + '\n');
        if (f.commit())
            m_lastTrace = path;
    }
    flush();
    emit runEnded(m_lastTrace);
}

bool RunController::replay(const QString &tracePath, QString *error)
{
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
    stop();
    m_events = events;
    m_replaying = true;
    seek(events.size());
    return true;
}

void RunController::seek(qsizetype count)
{
    if (!m_replaying)
        return;
    m_position = std::clamp<qsizetype>(count, 0, m_events.size());
    m_snapshot = RunSnapshot::upTo(m_events, m_position);
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
    QSet<QString> all;
    for (const Node &n : m_document->graph().nodes)
        all.insert(n.id);
    m_dirty = all;
    flush();
    emit replayChanged();
}

} // namespace capgraph::editor
