#include "service/RunService.h"

#include "exec/Executor.h"
#include "exec/PendingInteraction.h"
#include "exec/RunFiles.h"
#include "launch/CheckpointStore.h"
#include "launch/RunSetup.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

namespace capgraph {

// A run going on in the service: its set-up, its executor, and the events not committed yet.
struct RunService::Served : RunObserver
{
    RunService *service = nullptr;
    StoredRun row;
    std::unique_ptr<RunSetup> setup;
    std::unique_ptr<Executor> executor;
    QList<QByteArray> pending; // trace events (JSON) since the last commit
    bool commitQueued = false;

    void onRunEvent(const RunEvent &event) override
    {
        pending.append(QJsonDocument(event.toJson()).toJson(QJsonDocument::Compact));
        service->scheduleCommit(this);
    }
    bool wantsChildEvents() const override { return true; } // the trace's every level
};

namespace {
bool under(const QString &path, const QString &dir)
{
    const QString d = QFileInfo(dir).canonicalFilePath();
    const QString p = QFileInfo(path).canonicalFilePath();
    return !d.isEmpty() && !p.isEmpty() && p.startsWith(d + QLatin1Char('/'));
}
} // namespace

RunService::RunService(RunStore *store, Options options, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_options(std::move(options))
{
    m_options.workers = std::max(1, m_options.workers);
}

RunService::~RunService()
{
    for (Served *s : std::as_const(m_active)) {
        if (s->executor)
            s->executor->removeObserver(s);
        delete s;
    }
}

QString RunService::statusName(RunStatus status)
{
    switch (status) {
    case RunStatus::Idle:
        return QStringLiteral("queued");
    case RunStatus::Running:
        return QStringLiteral("running");
    case RunStatus::Paused:
        return QStringLiteral("paused");
    case RunStatus::WaitingForInput:
        return QStringLiteral("waiting");
    case RunStatus::Finished:
        return QStringLiteral("finished");
    case RunStatus::Failed:
        return QStringLiteral("failed");
    case RunStatus::Cancelled:
        return QStringLiteral("cancelled");
    }
    return QStringLiteral("queued");
}

QJsonObject RunService::toJson(const StoredRun &run)
{
    QJsonObject o{{QStringLiteral("id"), run.id},
                  {QStringLiteral("graph"), run.graph},
                  {QStringLiteral("status"), run.status},
                  {QStringLiteral("created"), QDateTime::fromMSecsSinceEpoch(run.createdMs, Qt::UTC).toString(Qt::ISODateWithMs)},
                  {QStringLiteral("updated"), QDateTime::fromMSecsSinceEpoch(run.updatedMs, Qt::UTC).toString(Qt::ISODateWithMs)},
                  {QStringLiteral("steps"), run.steps},
                  {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), run.promptTokens},
                                                        {QStringLiteral("completion_tokens"), run.completionTokens},
                                                        {QStringLiteral("total_tokens"), run.promptTokens + run.completionTokens}}},
                  {QStringLiteral("events"), run.events},
                  {QStringLiteral("waiting"), run.waiting}};
    if (!run.context.isEmpty())
        o.insert(QStringLiteral("context"), run.context);
    if (!run.error.isEmpty())
        o.insert(QStringLiteral("error"), run.error);
    return o;
}

RunService::Submission RunService::submit(const QString &graphName, const QByteArray &graphYaml, const QVariantMap &input)
{
    Submission out;
    StoredRun row;
    RunRequest request;
    request.capabilityDirs = m_options.capabilityDirs;
    request.mockFile = m_options.mockFile;
    request.options.maxSteps = m_options.maxSteps;
    if (!graphName.isEmpty()) {
        const QString dir = m_options.graphsDir;
        QString path = dir.isEmpty() ? QString() : QDir(dir).absoluteFilePath(graphName);
        if (!path.isEmpty() && !QFileInfo(path).isFile() && QFileInfo(path + QStringLiteral(".yaml")).isFile())
            path += QStringLiteral(".yaml");
        if (dir.isEmpty() || QDir::isAbsolutePath(graphName) || !QFileInfo(path).isFile() || !under(path, dir)) {
            out.notFound = true;
            out.findings << QStringLiteral("no graph '%1' under the server's graphs folder").arg(graphName);
            return out;
        }
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            out.findings << QStringLiteral("%1: error: cannot read file: %2").arg(graphName, f.errorString());
            return out;
        }
        row.graphYaml = f.readAll();
        row.graph = graphName;
        row.graphFile = QFileInfo(path).canonicalFilePath();
        request.graphFile = row.graphFile;
        request.displayName = graphName;
    } else {
        row.graphYaml = graphYaml;
        row.graph = QStringLiteral("(inline)");
        request.displayName = QStringLiteral("graph_yaml");
        request.workDir = m_inlineDir.path(); // nothing of the server's own folder
    }
    QString error;
    std::unique_ptr<RunSetup> setup = RunSetup::fromBytes(row.graphYaml, request, &error);
    if (!setup) {
        out.findings = error.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        return out;
    }
    if (!setup->makeExecutor()) { // lint errors, a skill without handler, a bad mock file: refused now
        out.findings = setup->problems();
        return out;
    }
    row.input = input;
    if (!m_store->create(&row, &error)) {
        out.findings << QStringLiteral("the run store refused the run: %1").arg(error);
        return out;
    }
    out.id = row.id;
    m_queue.append(row.id);
    QTimer::singleShot(0, this, &RunService::startQueued);
    return out;
}

void RunService::recover()
{
    for (const QString &id : m_store->unfinished()) {
        if (m_active.contains(id) || m_queue.contains(id))
            continue;
        if (m_store->checkpoint(id).isEmpty()) {
            m_queue.append(id); // never started: in turn
            continue;
        }
        // It went on before: back at once, waiting, paused or running as it was (those that
        // run count against the workers from now on).
        QString error;
        if (!start(id, &error))
            failToStart(id, error);
    }
    startQueued();
}

void RunService::failToStart(const QString &id, const QString &error)
{
    std::optional<StoredRun> row = m_store->run(id);
    if (!row)
        return;
    row->status = QStringLiteral("failed");
    row->error = error;
    QString why;
    if (!m_store->commit(*row, {}, {}, &why))
        qWarning("capgraph serve: run %s: %s", qPrintable(id), qPrintable(why));
    emit committed(id, row->events, true);
}

void RunService::startQueued()
{
    const auto working = [this] {
        int n = 0;
        for (const Served *s : std::as_const(m_active))
            if (s->executor && s->executor->status() == RunStatus::Running)
                ++n;
        return n;
    };
    while (!m_queue.isEmpty() && working() < m_options.workers) {
        const QString id = m_queue.takeFirst();
        QString error;
        if (!start(id, &error))
            failToStart(id, error);
    }
}

bool RunService::start(const QString &id, QString *error)
{
    std::optional<StoredRun> row = m_store->run(id);
    if (!row) {
        *error = QStringLiteral("no run %1 in the store").arg(id);
        return false;
    }
    RunRequest request;
    request.graphFile = row->graphFile;
    request.displayName = row->graphFile.isEmpty() ? QStringLiteral("graph_yaml") : row->graph;
    if (row->graphFile.isEmpty())
        request.workDir = m_inlineDir.path();
    request.capabilityDirs = m_options.capabilityDirs;
    request.mockFile = m_options.mockFile;
    request.options.maxSteps = m_options.maxSteps;
    for (const QString &dir : std::as_const(m_options.trustedDirs))
        if (!row->graphFile.isEmpty() && under(row->graphFile, dir))
            request.trusted = true;
    auto served = std::make_unique<Served>();
    served->service = this;
    served->row = *row;
    const QByteArray saved = m_store->checkpoint(id);
    RunCheckpoint checkpoint;
    if (!saved.isEmpty()) {
        // It went on before this server stopped: from its last checkpoint.
        if (!RunFiles::parseCheckpoint(saved, QStringLiteral("run %1").arg(id), &checkpoint, error))
            return false;
        served->setup = RunSetup::resuming(checkpoint, QStringLiteral("run %1").arg(id), request, error, &row->graphYaml);
        if (!served->setup)
            return false;
        served->setup->options().maxSteps = m_options.maxSteps;
    } else {
        served->setup = RunSetup::fromBytes(row->graphYaml, request, error);
        if (!served->setup)
            return false;
    }
    served->executor = served->setup->makeExecutor(saved.isEmpty() ? nullptr : &checkpoint);
    if (!served->executor) {
        *error = served->setup->problems().join(QLatin1Char('\n'));
        return false;
    }
    Served *raw = served.release();
    m_active.insert(id, raw);
    raw->executor->addObserver(raw);
    connect(raw->executor.get(), &Executor::statusChanged, this, [this, raw](RunStatus) {
        scheduleCommit(raw);
        QTimer::singleShot(0, this, &RunService::startQueued); // a slot may be free now
    });
    if (saved.isEmpty()) {
        raw->executor->start(raw->setup->completedInput(row->input));
    } else {
        raw->executor->continueRun();
        if (row->status == QLatin1String("paused"))
            raw->executor->pause(); // paused in the debugger before the restart: it stands so again
    }
    scheduleCommit(raw);
    return true;
}

void RunService::scheduleCommit(Served *run)
{
    if (run->commitQueued)
        return;
    run->commitQueued = true;
    const QString id = run->row.id;
    // Once the executor hands control back (between nodes): its state is whole there.
    QTimer::singleShot(0, this, [this, id] {
        if (Served *s = m_active.value(id))
            commit(s);
    });
}

void RunService::commitNow(Served *run)
{
    // Called from a request, between the executor's slices of work: its state is whole, and
    // the answer to the request shows the run as the verb left it.
    if (m_active.contains(run->row.id))
        commit(run);
}

void RunService::commit(Served *run)
{
    run->commitQueued = false;
    Executor &ex = *run->executor;
    StoredRun &row = run->row;
    const RunStatus status = ex.status();
    row.status = statusName(status);
    row.steps = ex.steps();
    row.promptTokens = row.completionTokens = 0;
    const QHash<QString, TokenUsage> usage = ex.tokenUsage();
    for (const TokenUsage &u : usage) {
        row.promptTokens += u.prompt;
        row.completionTokens += u.completion;
    }
    row.waiting = QJsonArray();
    for (const PendingInteraction &p : ex.pendingInteractions()) {
        QJsonObject w{{QStringLiteral("node"), p.id}, {QStringLiteral("kind"), p.kind}, {QStringLiteral("prompt"), p.prompt}};
        if (p.kind == QLatin1String("select")) {
            w.insert(QStringLiteral("options"), QJsonArray::fromVariantList(p.options));
            w.insert(QStringLiteral("multiple"), p.multiple);
        }
        row.waiting.append(w);
    }
    const bool ended = runStatusIsFinal(status);
    if (ended) {
        row.context = QJsonObject::fromVariantMap(ex.context().toVariant());
        row.error = ex.errorMessage();
    }
    row.events += run->pending.size();
    const RunCheckpoint checkpoint = CheckpointStore::capture(ex, row.graphFile, run->setup->graphHash(), m_options.mockFile,
                                                              run->setup->request().capabilityDirs, QString());
    QString error;
    if (!m_store->commit(row, run->pending, checkpoint.toJson(), &error)) {
        // Nothing is told before it is kept: the events wait for the next commit.
        row.events -= run->pending.size();
        qWarning("capgraph serve: run %s: cannot commit: %s", qPrintable(row.id), qPrintable(error));
        QTimer::singleShot(1000, this, [this, id = row.id] {
            if (Served *s = m_active.value(id))
                scheduleCommit(s);
        });
        return;
    }
    run->pending.clear();
    emit committed(row.id, row.events, ended);
    if (ended) {
        m_active.remove(row.id);
        QObject::disconnect(run->executor.get(), nullptr, this, nullptr); // its signals no longer reach `run`
        run->executor->removeObserver(run);
        run->executor.release()->deleteLater(); // not from inside its own signals
        delete run;
        startQueued();
    }
}

RunService::Served *RunService::active(const QString &id, QString *error) const
{
    if (Served *s = m_active.value(id))
        return s;
    const std::optional<StoredRun> row = m_store->run(id);
    *error = !row ? QStringLiteral("no run %1").arg(id)
           : m_queue.contains(id) || row->status == QLatin1String("queued") ? QStringLiteral("run %1 has not started yet").arg(id)
                                                                           : QStringLiteral("run %1 has ended (%2)").arg(id, row->status);
    return nullptr;
}

bool RunService::answer(const QString &id, const QString &node, const QVariant &value, QString *error)
{
    Served *s = active(id, error);
    if (!s)
        return false;
    if (!s->executor->answer(node, value, error))
        return false;
    commitNow(s);
    return true;
}

bool RunService::pause(const QString &id, QString *error)
{
    Served *s = active(id, error);
    if (!s)
        return false;
    s->executor->pause();
    commitNow(s);
    return true;
}

RunService::Served *RunService::paused(const QString &id, QString *error) const
{
    Served *s = active(id, error);
    if (s && s->executor->status() != RunStatus::Paused) {
        *error = QStringLiteral("run %1 is not paused").arg(id);
        return nullptr;
    }
    return s;
}

bool RunService::isFinalStatus(const QString &name)
{
    return name == QLatin1String("finished") || name == QLatin1String("failed") || name == QLatin1String("cancelled");
}

bool RunService::resume(const QString &id, QString *error)
{
    Served *s = paused(id, error);
    if (!s)
        return false;
    s->executor->resume();
    commitNow(s);
    return true;
}

bool RunService::step(const QString &id, QString *error)
{
    Served *s = paused(id, error);
    if (!s)
        return false;
    s->executor->step();
    commitNow(s);
    return true;
}

bool RunService::cancel(const QString &id, QString *error)
{
    if (Served *s = m_active.value(id)) {
        s->executor->cancel();
        commitNow(s);
        return true;
    }
    std::optional<StoredRun> row = m_store->run(id);
    if (row && m_queue.contains(id)) { // not started: it never will
        m_queue.removeAll(id);
        row->status = QStringLiteral("cancelled");
        if (!m_store->commit(*row, {}, {}, error))
            return false;
        emit committed(id, row->events, true);
        return true;
    }
    return active(id, error) != nullptr;
}

bool RunService::setBreakpoints(const QString &id, const QSet<QString> &nodes, QString *error)
{
    Served *s = active(id, error);
    if (!s)
        return false;
    for (const QString &node : nodes)
        if (s->setup->graph().indexOfNode(node) < 0) {
            *error = QStringLiteral("run %1's graph has no node '%2'").arg(id, node);
            return false;
        }
    s->executor->setBreakpoints(nodes);
    return true;
}

bool RunService::setVariable(const QString &id, const QString &name, const QVariant &value, QString *error)
{
    Served *s = active(id, error);
    if (!s)
        return false;
    const RunStatus st = s->executor->status();
    if (st != RunStatus::Paused && st != RunStatus::WaitingForInput) {
        *error = QStringLiteral("run %1 is %2: pause it first").arg(id, statusName(st));
        return false;
    }
    if (!s->executor->setVariable(name, value, error))
        return false;
    commitNow(s);
    return true;
}

} // namespace capgraph
