#pragma once

#include "exec/RunStatus.h"
#include "launch/GraphCache.h"
#include "service/RunStore.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QVariant>
#include <QTimer>

#include <QTemporaryDir>

#include <functional>
#include <unordered_map>
#include <memory>

namespace capgraph {

class Executor;
class OtlpExporter;
class RunSetup;
struct RunRequest;

// Runs graphs as a service (docs/server.md): the third user of the one run set-up
// (RunSetup), beside the command line and the studio, with its runs kept in a RunStore. A run
// is submitted (queued in the store), claimed by a server with a free slot (`workers` running
// at once), and each time it moves on — when the executor hands control back to the event
// loop — its new trace events, its fields and its checkpoint are committed in one transaction
// before anyone is told (committed()): what a client reads always has a checkpoint behind it.
// Started again on the same store, recover() goes on with every run that had not ended, from
// its last checkpoint. On a shared store (PostgreSQL) several services share the runs: each
// renews the leases of those it holds, takes over those whose server died, and carries out
// the requests other servers forward to it for its runs (command()).
class RunService : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QString graphsDir;           // where `graph: NAME` is looked up (absolute); empty: none
        QStringList capabilityDirs;  // read before a graph's own capabilities/ folder
        QStringList trustedDirs;     // graphs under these may run commands and call web APIs
        QString mockFile;            // stand-ins for skills, for every run (empty: none)
        int workers = 4;             // runs going at once
        qint64 leaseMs = 15000;      // how long a run stays this server's without a renewal
        OtlpExporter *otlp = nullptr; // every run's spans go there (--otlp); not owned
        qint64 maxSteps = 1000000;
    };
    RunService(RunStore *store, Options options, QObject *parent = nullptr);
    ~RunService() override;

    struct Submission
    {
        QString id;           // the new run's, when it was accepted
        QStringList findings; // why the graph cannot run ("file:line:col: error: …"), when not
        bool notFound = false; // `graph` names no file under graphsDir
    };
    // A run of the graph file `graphName` (relative to graphsDir, never outside it) or of the
    // YAML text `graphYaml`, with `input`. Refused with findings when the graph does not load
    // or lint finds errors (the run set-up's own refusal).
    // `debug`: the debugger's settings the run starts with (StoredRun::debug: breakpoints,
    // their conditions, pause before the first node), kept with it. `inlineName`: what a graph
    // sent as text is listed as ("(inline)" when empty).
    Submission submit(const QString &graphName, const QByteArray &graphYaml, const QVariantMap &input, const QJsonObject &debug = {},
                      const QString &inlineName = {});

    // The debugger's and the inbox's verbs for a run not ended, by name: answers ({node,
    // answer}), pause, resume, step, cancel, breakpoints ({nodes}), variables ({name, value}).
    // `done` is told whether it was done, or why not: at once for a run going on here (or
    // queued, or ended, or whose server's lease ran out: taken over here first), later for one
    // another server holds (the request goes to it through the store; a holder that does not
    // take it within 10 s is reported, and one that took it answers when it is done).
    using Done = std::function<void(bool ok, const QString &error)>;
    void command(const QString &id, const QString &verb, const QJsonObject &args, Done done);
    // Whether the run is going on in this service (not queued, not ended).
    bool isActive(const QString &id) const { return m_active.contains(id); }
    // The run as this service last committed it, while it is going on here (and while
    // committed() tells its end); null otherwise: the store has it.
    const StoredRun *committedRow(const QString &id) const;

    // A run going on outside the service (`capgraph run --debug-listen`): kept in the store
    // from now on, and served like the service's own (its verbs act on `executor`). Both stay
    // the caller's and must outlive the service; nothing else is claimed or started. Its id,
    // or empty with why.
    QString adopt(Executor *executor, RunSetup *setup, const QString &graphName, const QVariantMap &input, QString *error);

    // Goes on with the store's runs that had not ended (a server started again), and from
    // now on claims queued runs and renews its leases.
    void recover();
    // Commits what every run here did, then lets go of them (the server stops): on a shared
    // store the others go on with them at once.
    void shutdown();
    RunStore *store() const { return m_store; }

    // The API's name of a run status: queued (not started), running, waiting, paused,
    // finished, failed, cancelled.
    static QString statusName(RunStatus status);
    // Whether an API status name is one a run does not leave (finished, failed, cancelled).
    static bool isFinalStatus(const QString &name);
    // A run as the API gives it (docs/server.md, openapi.yaml's Run).
    static QJsonObject toJson(const StoredRun &run);

signals:
    // The run's new events (numbers up to `lastEvent`) and fields are in the store.
    void committed(const QString &id, qint64 lastEvent, bool ended);

private:
    struct Served;
    struct Forwarded
    {
        QString run;
        Done done;
        qint64 deadline = 0;
    };
    bool apply(Served *run, const QString &verb, const QJsonObject &args, QString *error);
    void applyDebug(Served *run); // its stored breakpoints, to its executor
    void claimWork(bool always = false); // takes what the store offers this server now
    void scheduleClaim();  // soon (once for many reasons)
    void tick();           // leases renewed, runs lost let go, forwarded requests followed
    void takeCommands();   // carries out what other servers forwarded for runs held here
    void checkForwarded(); // tells the askers whose requests were carried out (or timed out)
    void onNotified(const QString &payload);
    void drop(Served *run); // no longer this server's: let go without a commit
    // Goes on with a run this server holds: from its last checkpoint, or from the start.
    // `fresh`: the row of a run created here a moment ago (nothing to read back).
    bool start(const QString &id, QString *error, const StoredRun *fresh = nullptr);
    // What a run is set up with here (its graph found again under this server's --graphs).
    // `foundHere`: its graphFile was just found under --graphs (canonical).
    RunRequest requestFor(StoredRun *row, bool foundHere = false) const;
    QString canonicalDir(const QString &dir) const; // (kept: asked for every run)
    // A run submitted here, checked and ready: start() goes on with it if it claims the run.
    void keepPrepared(const QString &id, std::unique_ptr<RunSetup> setup, std::unique_ptr<Executor> executor);
    void failToStart(const QString &id, const QString &error); // kept as failed, saying why
    void scheduleCommit(Served *run);
    void commit(Served *run);
    bool commitNow(Served *run);
    int running() const;

    RunStore *m_store;
    Options m_options;
    QHash<QString, Served *> m_active;
    QHash<qint64, Forwarded> m_forwarded; // requests this server sent to others, by id
    QTimer *m_ticker = nullptr;
    QTimer m_forwardPoll;
    struct Prepared
    {
        std::unique_ptr<RunSetup> setup;
        std::unique_ptr<Executor> executor;
    };
    std::unordered_map<QString, Prepared> m_prepared; // runs submitted here, not started yet
    QStringList m_preparedOrder;                      // their ids, oldest first
    // (SQLite: one server) whether the store may have queued runs for this server to claim, and
    // started ones nobody holds (what the last server left, a run let go).
    bool m_storeMayOffer = true;
    bool m_startedMayWait = true;
    bool m_startLater = false; // start() failed for a moment (the store): failToStart lets the run go
    bool m_claimQueued = false;
    bool m_recovered = false;
    qint64 m_lastRenewal = 0; // when the leases were last renewed (ms since the epoch)
    mutable QHash<QString, QString> m_canonicalDirs;
    GraphCache m_graphs; // the graphs its runs were read from, for the next runs of the same bytes
    QTemporaryDir m_inlineDir; // an empty folder: where graphs sent as text read relative paths
};

} // namespace capgraph
