#include "service/RunService.h"

#include "exec/Executor.h"
#include "exec/PendingInteraction.h"
#include "exec/RunFiles.h"
#include "launch/CheckpointStore.h"
#include "launch/GraphCache.h"
#include "launch/RunSetup.h"
#include "telemetry/OtlpExporter.h"

#include <QDateTime>
#include <QJsonValue>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
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
    bool uncommitted = false; // row has fields the store does not have yet (a commit failed)
    bool adopted = false; // executor and setup are another's (adopt()): let go, never deleted
    std::unique_ptr<RunObserver> tracer; // --otlp: its spans

    ~Served()
    {
        if (adopted) {
            (void)executor.release();
            (void)setup.release();
        }
    }

    void onRunEvent(const RunEvent &event) override
    {
        pending.append(event.toCompactJson());
        service->scheduleCommit(this);
    }
    bool wantsChildEvents() const override { return true; } // the trace's every level
};

namespace {
// Whether the file `canonicalPath` (symbolic links resolved) is inside the folder `canonicalDir`.
bool inside(const QString &canonicalPath, const QString &canonicalDir)
{
    return !canonicalDir.isEmpty() && !canonicalPath.isEmpty() && canonicalPath.startsWith(canonicalDir + QLatin1Char('/'));
}
} // namespace

QString RunService::canonicalDir(const QString &dir) const
{
    // Resolved once: a folder that later becomes a link elsewhere holds nothing more (the
    // files' own paths are resolved each time).
    if (const auto it = m_canonicalDirs.constFind(dir); it != m_canonicalDirs.constEnd())
        return *it;
    const QString canonical = QFileInfo(dir).canonicalFilePath();
    if (!canonical.isEmpty()) // (a folder made later is looked for again)
        m_canonicalDirs.insert(dir, canonical);
    return canonical;
}

RunService::RunService(RunStore *store, Options options, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_options(std::move(options))
{
    m_options.workers = std::max(1, m_options.workers);
    m_options.leaseMs = std::max<qint64>(1000, m_options.leaseMs);
    m_forwardPoll.setInterval(250);
    connect(&m_forwardPoll, &QTimer::timeout, this, &RunService::checkForwarded);
}

RunService::~RunService()
{
    for (Served *s : std::as_const(m_active)) {
        if (s->executor) {
            s->executor->removeObserver(s);
            if (s->tracer)
                s->executor->removeObserver(s->tracer.get());
        }
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
    if (!run.worker.isEmpty())
        o.insert(QStringLiteral("worker"), run.worker);
    // Its breakpoints, as given with it or set since (a debugger attached shows them).
    if (const QJsonArray nodes = run.debug.value(QStringLiteral("breakpoints")).toArray(); !nodes.isEmpty())
        o.insert(QStringLiteral("breakpoints"), QJsonObject{{QStringLiteral("nodes"), nodes},
                                                            {QStringLiteral("conditions"), run.debug.value(QStringLiteral("conditions")).toObject()}});
    return o;
}

RunService::Submission RunService::submit(const QString &graphName, const QByteArray &graphYaml, const QVariantMap &input,
                                          const QJsonObject &debug, const QString &inlineName)
{
    Submission out;
    StoredRun row;
    row.debug = debug;
    if (!graphName.isEmpty()) {
        const QString dir = m_options.graphsDir;
        QString path = dir.isEmpty() ? QString() : QDir(dir).absoluteFilePath(graphName);
        if (!path.isEmpty() && !QFileInfo(path).isFile() && QFileInfo(path + QStringLiteral(".yaml")).isFile())
            path += QStringLiteral(".yaml");
        const QString canonical = path.isEmpty() ? QString() : QFileInfo(path).canonicalFilePath();
        if (dir.isEmpty() || QDir::isAbsolutePath(graphName) || !QFileInfo(path).isFile() || !inside(canonical, canonicalDir(dir))) {
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
        row.graphFile = canonical;
    } else {
        row.graphYaml = graphYaml;
        row.graph = inlineName.isEmpty() ? QStringLiteral("(inline)") : inlineName;
    }
    QString error;
    const RunRequest request = requestFor(&row, true); // as start() makes it: trust, its folder, this server's options
    std::unique_ptr<RunSetup> setup = RunSetup::fromBytes(row.graphYaml, request, &error, &m_graphs);
    if (!setup) {
        out.findings = error.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        return out;
    }
    std::unique_ptr<Executor> executor = setup->makeExecutor();
    if (!executor) { // lint errors, a skill without handler, a bad mock file: refused now
        out.findings = setup->problems();
        return out;
    }
    for (const QJsonValue &v : debug.value(QStringLiteral("breakpoints")).toArray())
        if (setup->graph().indexOfNode(v.toString()) < 0)
            out.findings << QStringLiteral("a breakpoint on '%1', which the graph has no node of").arg(v.toString());
    const QJsonObject conditions = debug.value(QStringLiteral("conditions")).toObject();
    for (auto it = conditions.begin(); it != conditions.end(); ++it)
        if (!debug.value(QStringLiteral("breakpoints")).toArray().contains(QJsonValue(it.key())))
            out.findings << QStringLiteral("a condition for '%1', which is not among the breakpoints' nodes").arg(it.key());
    if (!out.findings.isEmpty())
        return out;
    row.input = input;
    // With a slot free here and no run known to wait in the queue, the run is this server's
    // from the start: it goes on with the set-up just checked, and no server need claim it.
    // Else it waits in the store's queue for the first server with a free slot.
    // (Not while runs may wait in the queue: the oldest go first.)
    const bool here = m_recovered && !m_storeMayOffer && running() < m_options.workers;
    if (!m_store->create(&row, &error, here ? m_options.leaseMs : 0)) {
        out.findings << QStringLiteral("the run store refused the run: %1").arg(error);
        return out;
    }
    out.id = row.id;
    keepPrepared(row.id, std::move(setup), std::move(executor));
    if (here) {
        if (!start(row.id, &error, &row))
            failToStart(row.id, error);
        return out;
    }
    m_storeMayOffer = true;
    m_store->notify(QStringLiteral("queued")); // a server with a free slot takes it
    scheduleClaim();
    return out;
}

void RunService::recover()
{
    m_store->releaseAbandoned();
    m_lastRenewal = QDateTime::currentMSecsSinceEpoch();
    m_recovered = true;
    claimWork();
    // Leases are renewed three times in each; forwarded requests followed more often.
    m_ticker = new QTimer(this);
    m_ticker->setInterval(int(std::clamp<qint64>(m_options.leaseMs / 3, 100, 5000)));
    connect(m_ticker, &QTimer::timeout, this, &RunService::tick);
    m_ticker->start();
    connect(m_store, &RunStore::notified, this, &RunService::onNotified);
}

void RunService::shutdown()
{
    if (m_ticker)
        m_ticker->stop();
    for (Served *s : m_active.values()) {
        const QString id = s->row.id;
        commitNow(s); // (a run that ended is let go, and `s` with it)
        if (Served *still = m_active.value(id); still && still->tracer) { // its spans so far, before the exporter's last flush
            still->executor->removeObserver(still->tracer.get());
            still->tracer.reset();
        }
    }
    m_store->releaseAll();
}

const StoredRun *RunService::committedRow(const QString &id) const
{
    const Served *s = m_active.value(id);
    return s && !s->commitQueued && !s->uncommitted && s->pending.isEmpty() ? &s->row : nullptr;
}

int RunService::running() const
{
    int n = 0;
    for (const Served *s : std::as_const(m_active))
        if (s->executor && s->executor->status() == RunStatus::Running)
            ++n;
    return n;
}

void RunService::scheduleClaim()
{
    if (m_claimQueued || !m_recovered)
        return;
    m_claimQueued = true;
    QTimer::singleShot(0, this, [this] {
        m_claimQueued = false;
        claimWork();
    });
}

RunRequest RunService::requestFor(StoredRun *row, bool foundHere) const
{
    RunRequest request;
    // A named graph is found again under this server's --graphs (servers sharing a store
    // have the same graphs tree, not the same paths); the bytes run are the stored ones.
    if (!foundHere && !row->graphFile.isEmpty() && !m_options.graphsDir.isEmpty()) {
        const QString here = QDir(m_options.graphsDir).absoluteFilePath(row->graph);
        const QString found = QFileInfo(here).isFile() ? here : QFileInfo(here + QStringLiteral(".yaml")).isFile() ? here + QStringLiteral(".yaml") : QString();
        const QString canonical = found.isEmpty() ? QString() : QFileInfo(found).canonicalFilePath();
        if (inside(canonical, canonicalDir(m_options.graphsDir)))
            row->graphFile = canonical;
    }
    request.graphFile = row->graphFile;
    request.displayName = row->graphFile.isEmpty() ? QStringLiteral("graph_yaml") : row->graph;
    if (row->graphFile.isEmpty())
        request.workDir = m_inlineDir.path(); // nothing of the server's own folder
    request.capabilityDirs = m_options.capabilityDirs;
    request.mockFile = m_options.mockFile;
    request.options.maxSteps = m_options.maxSteps;
    const QString file = foundHere || m_options.trustedDirs.isEmpty() ? row->graphFile : QFileInfo(row->graphFile).canonicalFilePath();
    for (const QString &dir : std::as_const(m_options.trustedDirs))
        if (inside(file, canonicalDir(dir)))
            request.trusted = true;
    return request;
}

void RunService::keepPrepared(const QString &id, std::unique_ptr<RunSetup> setup, std::unique_ptr<Executor> executor)
{
    // At most a few slots' worth: a long queue is prepared again when its runs start.
    const qsizetype most = std::max(16, 4 * m_options.workers);
    while (m_preparedOrder.size() >= most) {
        m_prepared.erase(m_preparedOrder.first());
        m_preparedOrder.removeFirst();
    }
    m_prepared[id] = Prepared{std::move(setup), std::move(executor)};
    m_preparedOrder.append(id);
}

void RunService::claimWork(bool always)
{
    // The store is asked only when it may have runs for this server: queued ones since it last
    // had none (submitted here, or another server said so), started ones nobody holds (what a
    // last server left, a run let go). On a shared store a notification can be missed, and a
    // server can die without a word: each tick asks anyway (`always`).
    if (!always && !m_storeMayOffer && !m_startedMayWait)
        return;
    QString error;
    // On a shared store, runs another server left are taken a slot's worth at a time (the
    // servers share them out over their ticks); alone on SQLite, all of them at once.
    const int started = m_store->isShared() ? m_options.workers : m_startedMayWait ? 1 << 30 : 0;
    const int free = m_options.workers - running();
    const QStringList claimed = m_store->claim(free, started, m_options.leaseMs, &error);
    if (!error.isEmpty())
        qWarning("capgraph serve: cannot claim runs: %s", qPrintable(error));
    if (error.isEmpty()) {
        m_startedMayWait = false; // alone: all of them taken; shared: the next tick looks again
        if (free > 0 && claimed.size() < free)
            m_storeMayOffer = false; // it gave all it had
    }
    // Those that had started come back at once (waiting, paused or running as they were);
    // queued ones only as slots allow, so the claim asked for no more.
    for (const QString &id : claimed) {
        if (Served *stale = m_active.value(id)) {
            // Its lease ran out while this server stood still, another server went on with
            // it, and its lease ran out too: the store's checkpoint is newer than this copy.
            qWarning("capgraph serve: run %s came back to this server; going on from its last checkpoint", qPrintable(id));
            drop(stale);
        }
        if (!start(id, &error))
            failToStart(id, error);
    }
    if (!claimed.isEmpty() && m_store->isShared())
        takeCommands(); // requests that waited for a server to take the run
}

void RunService::tick()
{
    QString error;
    const QStringList held = m_store->renew(m_options.leaseMs, &error);
    if (error.isEmpty()) {
        for (Served *s : m_active.values())
            if (!held.contains(s->row.id)) {
                qWarning("capgraph serve: run %s is held by another server now (this one's lease ran out)", qPrintable(s->row.id));
                drop(s);
                m_startedMayWait = true; // (alone on SQLite: its own again at this tick's claim)
            }
        m_lastRenewal = QDateTime::currentMSecsSinceEpoch();
    } else {
        qWarning("capgraph serve: cannot renew leases: %s", qPrintable(error));
        m_store->reconnect();
        if (QDateTime::currentMSecsSinceEpoch() - m_lastRenewal >= m_options.leaseMs) {
            // Its leases have run out: the other servers may have its runs by now.
            for (Served *s : m_active.values()) {
                qWarning("capgraph serve: run %s let go: the store has not been reachable for a lease", qPrintable(s->row.id));
                drop(s);
            }
            m_storeMayOffer = m_startedMayWait = true; // claimed again once the store answers
        }
        return;
    }
    claimWork(m_store->isShared());
    takeCommands();
    checkForwarded();
}

void RunService::onNotified(const QString &payload)
{
    const QStringList words = payload.split(QLatin1Char(' '));
    const QString what = words.value(0);
    if (what == QLatin1String("committed")) { // another server's run moved on: streams here follow it
        // "committed ID LAST_EVENT STATUS" (nothing read here: most runs nobody follows here)
        const QString id = words.value(1);
        if (!m_active.contains(id))
            emit committed(id, words.value(2).toLongLong(), isFinalStatus(words.value(3)));
    } else if (what == QLatin1String("queued") || what == QLatin1String("released")) {
        m_storeMayOffer = true;
        m_startedMayWait = m_startedMayWait || what == QLatin1String("released");
        scheduleClaim();
    } else if (what == QLatin1String("command")) {
        if (m_active.contains(words.value(1)))
            takeCommands();
    } else if (what == QLatin1String("done")) {
        if (m_forwarded.contains(words.value(1).toLongLong()))
            checkForwarded();
    }
}

void RunService::drop(Served *run)
{
    m_active.remove(run->row.id);
    QObject::disconnect(run->executor.get(), nullptr, this, nullptr);
    run->executor->removeObserver(run);
    if (run->tracer) {
        run->executor->removeObserver(run->tracer.get());
        run->tracer.reset(); // a run let go before its end: its spans end here
    }
    if (!run->adopted)
        run->executor.release()->deleteLater();
    delete run;
}

QString RunService::adopt(Executor *executor, RunSetup *setup, const QString &graphName, const QVariantMap &input, QString *error)
{
    StoredRun row;
    row.graph = graphName;
    row.graphFile = setup->request().graphFile;
    QFile file(row.graphFile);
    row.graphYaml = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("");
    row.input = input;
    if (!m_store->create(&row, error) || !m_store->claimRun(row.id, m_options.leaseMs)) {
        if (error->isEmpty())
            *error = QStringLiteral("the run store did not take the run");
        return {};
    }
    auto *served = new Served;
    served->service = this;
    served->row = row;
    served->adopted = true;
    served->executor.reset(executor);
    served->setup.reset(setup);
    m_active.insert(row.id, served);
    executor->addObserver(served);
    connect(executor, &Executor::statusChanged, this, [this, served](RunStatus) { scheduleCommit(served); });
    scheduleCommit(served);
    return row.id;
}

void RunService::failToStart(const QString &id, const QString &error)
{
    std::optional<StoredRun> row = m_store->run(id);
    if (!row)
        return;
    if (std::exchange(m_startLater, false)) {
        // The store did not answer as the run was set up: let go, and taken again later.
        qWarning("capgraph serve: run %s: %s", qPrintable(id), qPrintable(error));
        m_store->release(id);
        m_storeMayOffer = m_startedMayWait = true;
        return;
    }
    row->status = QStringLiteral("failed");
    row->error = error;
    row->updatedMs = QDateTime::currentMSecsSinceEpoch();
    QString why;
    if (m_store->commit(*row, {}, {}, m_options.leaseMs, &why) != RunStore::Commit::Done) {
        qWarning("capgraph serve: run %s: %s", qPrintable(id), qPrintable(why));
        m_store->release(id); // not held here for ever: tried again, here or elsewhere
        m_storeMayOffer = m_startedMayWait = true;
    }
    emit committed(id, row->events, true);
}

bool RunService::start(const QString &id, QString *error, const StoredRun *fresh)
{
    std::optional<StoredRun> row = fresh ? std::optional<StoredRun>(*fresh) : m_store->run(id);
    if (!row) {
        *error = QStringLiteral("no run %1 in the store").arg(id);
        return false;
    }
    RunRequest request = requestFor(&*row);
    auto served = std::make_unique<Served>();
    served->service = this;
    served->row = *row;
    const std::optional<QByteArray> stored = fresh ? std::optional<QByteArray>(QByteArray()) : m_store->checkpoint(id);
    if (!stored || (stored->isEmpty() && row->status != QLatin1String("queued"))) {
        // A run that started has a checkpoint: not read now is not a run to start over.
        *error = stored ? QStringLiteral("its checkpoint is missing from the store") : QStringLiteral("the store did not give its checkpoint");
        m_startLater = !stored.has_value();
        return false;
    }
    const QByteArray saved = *stored;
    RunCheckpoint checkpoint;
    if (!saved.isEmpty()) {
        // It went on before this server stopped: from its last checkpoint.
        if (!RunFiles::parseCheckpoint(saved, QStringLiteral("run %1").arg(id), &checkpoint, error))
            return false;
        served->setup = RunSetup::resuming(checkpoint, QStringLiteral("run %1").arg(id), request, error, &row->graphYaml);
        if (!served->setup)
            return false;
        served->setup->options().maxSteps = m_options.maxSteps;
    } else if (auto kept = m_prepared.find(id); kept != m_prepared.end()) {
        // Submitted here: the set-up and executor its submission checked it with.
        served->setup = std::move(kept->second.setup);
        served->executor = std::move(kept->second.executor);
        m_prepared.erase(kept);
        m_preparedOrder.removeOne(id);
    } else {
        served->setup = RunSetup::fromBytes(row->graphYaml, request, error, &m_graphs);
        if (!served->setup)
            return false;
    }
    if (!served->executor)
        served->executor = served->setup->makeExecutor(saved.isEmpty() ? nullptr : &checkpoint);
    if (!served->executor) {
        *error = served->setup->problems().join(QLatin1Char('\n'));
        return false;
    }
    Served *raw = served.release();
    m_active.insert(id, raw);
    raw->executor->addObserver(raw);
    if (m_options.otlp) {
        raw->tracer = m_options.otlp->tracer(row->graph, id);
        raw->executor->addObserver(raw->tracer.get());
    }
    connect(raw->executor.get(), &Executor::statusChanged, this, [this, raw](RunStatus) {
        scheduleCommit(raw);
        scheduleClaim(); // a slot may be free now
    });
    applyDebug(raw); // its breakpoints, kept with it
    if (saved.isEmpty()) {
        raw->executor->start(raw->setup->completedInput(row->input));
        if (row->debug.value(QStringLiteral("pause")).toBool())
            raw->executor->pause(); // asked to stand before its first node
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

bool RunService::commitNow(Served *run)
{
    // Called from a request, between the executor's slices of work: its state is whole, and
    // the answer to the request shows the run as the verb left it. False when the run turned
    // out to be another server's (dropped here).
    const QString id = run->row.id;
    if (m_active.contains(id))
        commit(run);
    return m_active.contains(id) || (m_store->run(id) && m_store->holder(id).first == m_store->worker());
}

void RunService::commit(Served *run)
{
    run->commitQueued = false;
    Executor &ex = *run->executor;
    StoredRun &row = run->row;
    row.updatedMs = QDateTime::currentMSecsSinceEpoch();
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
            if (p.multiple) { // how many may be chosen (0: up to all the options)
                w.insert(QStringLiteral("min_choices"), p.minChoices);
                w.insert(QStringLiteral("max_choices"), p.maxChoices);
            }
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
    run->uncommitted = true;
    const RunStore::Commit done = m_store->commit(row, run->pending, checkpoint.toJson(), m_options.leaseMs, &error);
    if (done == RunStore::Commit::Lost) { // another server took it over (this one's lease ran out)
        qWarning("capgraph serve: %s", qPrintable(error));
        drop(run);
        m_startedMayWait = true;
        return;
    }
    if (done == RunStore::Commit::Failed) {
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
    run->uncommitted = false;
    emit committed(row.id, row.events, ended);
    if (ended) {
        drop(run); // (its executor deleted later: not from inside its own signals)
        scheduleClaim();
    }
}

bool RunService::isFinalStatus(const QString &name)
{
    return name == QLatin1String("finished") || name == QLatin1String("failed") || name == QLatin1String("cancelled");
}

void RunService::applyDebug(Served *s)
{
    QSet<QString> nodes;
    for (const QJsonValue &v : s->row.debug.value(QStringLiteral("breakpoints")).toArray())
        nodes.insert(v.toString());
    QHash<QString, QString> conditions;
    const QJsonObject given = s->row.debug.value(QStringLiteral("conditions")).toObject();
    for (auto it = given.begin(); it != given.end(); ++it)
        if (!it.value().toString().trimmed().isEmpty())
            conditions.insert(it.key(), it.value().toString());
    s->executor->setBreakpoints(nodes);
    s->executor->setBreakpointConditions(conditions);
}

bool RunService::apply(Served *s, const QString &verb, const QJsonObject &args, QString *error)
{
    Executor &ex = *s->executor;
    const QString id = s->row.id;
    const RunStatus status = ex.status();
    bool ok = true;
    if (verb == QLatin1String("answers")) {
        ok = ex.answer(args.value(QStringLiteral("node")).toString(), args.value(QStringLiteral("answer")).toVariant(), error);
    } else if (verb == QLatin1String("pause")) {
        ex.pause();
    } else if (verb == QLatin1String("resume") || verb == QLatin1String("step")) {
        if (status != RunStatus::Paused) {
            *error = QStringLiteral("run %1 is not paused").arg(id);
            return false;
        }
        if (verb == QLatin1String("resume"))
            ex.resume();
        else
            ex.step();
    } else if (verb == QLatin1String("cancel")) {
        ex.cancel();
    } else if (verb == QLatin1String("breakpoints")) {
        QSet<QString> nodes;
        for (const QJsonValue &v : args.value(QStringLiteral("nodes")).toArray()) {
            if (s->setup->graph().indexOfNode(v.toString()) < 0) {
                *error = QStringLiteral("run %1's graph has no node '%2'").arg(id, v.toString());
                return false;
            }
            nodes.insert(v.toString());
        }
        const QJsonObject given = args.value(QStringLiteral("conditions")).toObject(); // (the API checked that they parse)
        for (auto it = given.begin(); it != given.end(); ++it) {
            if (!nodes.contains(it.key())) {
                *error = QStringLiteral("a condition for '%1', which is not among the breakpoints' nodes").arg(it.key());
                return false;
            }
        }
        // Kept with the run (a restarted or another server sets them again) and applied.
        s->row.debug.insert(QStringLiteral("breakpoints"), args.value(QStringLiteral("nodes")).toArray());
        s->row.debug.insert(QStringLiteral("conditions"), given);
        applyDebug(s);
    } else if (verb == QLatin1String("variables")) {
        if (status != RunStatus::Paused && status != RunStatus::WaitingForInput) {
            *error = QStringLiteral("run %1 is %2: pause it first").arg(id, statusName(status));
            return false;
        }
        ok = ex.setVariable(args.value(QStringLiteral("name")).toString(), args.value(QStringLiteral("value")).toVariant(), error);
    } else {
        *error = QStringLiteral("no verb '%1'").arg(verb);
        return false;
    }
    if (ok && !commitNow(s)) { // its lease ran out before this: what it did here is not kept
        *error = QStringLiteral("run %1 is held by another server now; send the request again").arg(id);
        return false;
    }
    return ok;
}

void RunService::command(const QString &id, const QString &verb, const QJsonObject &args, Done done)
{
    QString error;
    if (Served *s = m_active.value(id)) {
        const bool ok = apply(s, verb, args, &error);
        done(ok, error);
        return;
    }
    const std::optional<StoredRun> row = m_store->run(id);
    if (!row)
        return done(false, QStringLiteral("no run %1").arg(id));
    if (isFinalStatus(row->status))
        return done(false, QStringLiteral("run %1 has ended (%2)").arg(id, row->status));
    const auto [holder, live] = m_store->holder(id);
    if (row->status == QLatin1String("queued") && (holder.isEmpty() || !live)) { // nobody has it yet
        if (verb != QLatin1String("cancel"))
            return done(false, QStringLiteral("run %1 has not started yet").arg(id));
        if (!m_store->endUnstarted(id, QStringLiteral("cancelled"), QString(), &error))
            return done(false, error);
        m_prepared.erase(id);
        m_preparedOrder.removeOne(id);
        emit committed(id, row->events, true);
        return done(true, QString());
    }
    if (holder == m_store->worker()) // taken here a moment ago, not going yet
        return done(false, QStringLiteral("run %1 has not started yet").arg(id));
    if (!live && m_store->claimRun(id, m_options.leaseMs)) { // its server died: it goes on here
        if (!start(id, &error)) {
            failToStart(id, error);
            return done(false, error);
        }
        Served *s = m_active.value(id);
        const bool ok = apply(s, verb, args, &error);
        return done(ok, error);
    }
    // Another server has it: the request goes through the store to it.
    const qint64 request = m_store->addCommand(id, verb, args, &error);
    if (request == 0)
        return done(false, QStringLiteral("the run store refused the request: %1").arg(error));
    m_forwarded.insert(request, {id, std::move(done), QDateTime::currentMSecsSinceEpoch() + 10000});
    m_store->notify(QStringLiteral("command %1").arg(id));
    if (!m_forwardPoll.isActive()) // (the holder's word comes as a notification; this is in case it is missed)
        m_forwardPoll.start();
}

void RunService::takeCommands()
{
    if (m_active.isEmpty())
        return;
    for (const RunCommand &c : m_store->commands()) {
        Served *s = m_active.value(c.run);
        QString error;
        if (!s) // held here but not going (it has not started, or it ended just now)
            continue;
        if (!m_store->takeCommand(c.id)) // withdrawn by its asker, or taken by another server
            continue;
        const bool ok = apply(s, c.verb, c.args, &error);
        m_store->finishCommand(c.id, ok, error);
    }
}

void RunService::checkForwarded()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (const qint64 request : m_forwarded.keys()) {
        std::optional<QPair<bool, QString>> result = m_store->commandResult(request);
        if (!result && now < m_forwarded.value(request).deadline)
            continue;
        if (!result && now < m_forwarded.value(request).deadline + 50000 && !m_store->withdrawCommand(request))
            continue; // taken by its holder: it answers when it is done (a minute at most)
        const Forwarded f = m_forwarded.take(request);
        if (result)
            f.done(result->first, result->second);
        else if (now < f.deadline + 50000)
            f.done(false, QStringLiteral("the server holding run %1 did not take the request within 10 s; try again").arg(f.run));
        else
            f.done(false, QStringLiteral("the server holding run %1 took the request but did not say how it went within a minute").arg(f.run));
    }
    if (m_forwarded.isEmpty())
        m_forwardPoll.stop();
}

} // namespace capgraph
