#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>
#include <QVariantMap>

#include <QLockFile>
#include <QSqlQuery>

#include <memory>
#include <optional>
#include <unordered_map>

namespace capgraph {

// A run as a run server keeps it (docs/server.md): what it was started with, where it stands,
// and what it gave. `status` is the API's name for it (RunService::statusName).
struct StoredRun
{
    QString id;
    QString graph;          // the name it was asked for (a file under --graphs), or "(inline)"
    QString graphFile;      // that file (absolute), empty for a graph sent as text
    QByteArray graphYaml;   // the graph's bytes as the run started with them
    QVariantMap input;
    QString status = QStringLiteral("queued");
    qint64 createdMs = 0;
    qint64 updatedMs = 0;
    qint64 steps = 0;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    QJsonArray waiting;     // [{node, kind, prompt, options, multiple}]
    QJsonObject context;    // the final context (input, outputs, variables) once it ended
    QString error;
    qint64 events = 0;      // how many trace events it has (numbered 1…events)
    QString worker;         // the server that holds it (or last held it), empty: none yet
    // The debugger's settings: {"breakpoints": [NODE…], "conditions": {NODE: EXPRESSION},
    // "pause": true (stand paused before the first node)}; a restarted or another server
    // applies them again.
    QJsonObject debug;
};

struct RunQuery
{
    QString status; // empty: any
    QString graph;  // empty: any
    QString text;   // runs whose status, error, final context or a trace event contains it; empty: any
    int offset = 0;
    int limit = 50;
};

// A request for a run that another server holds (RunService forwards it through the store).
struct RunCommand
{
    qint64 id = 0;
    QString run;
    QString verb;     // answers, pause, resume, step, cancel, breakpoints, variables
    QJsonObject args; // the request's body
};

// The runs of run servers, their trace events and their latest checkpoints, in an SQL
// database through Qt SQL. Two kinds: an SQLite file (the embedded default; WAL, so that a
// commit is durable against a killed process without a flush of the disk per step; one server
// at a time, a lock file beside it), or a PostgreSQL database that several servers share
// (docs/deploy.md). Every change of a run is one transaction (commit): its new events, its
// fields and its checkpoint together, so what a client reads of a run always has its
// checkpoint behind it.
//
// Servers share the work by claims: a run not ended is held by one server (its `worker` name)
// until a lease runs out; a server renews the leases of the runs it holds, and takes the runs
// whose lease ran out (their server died) and the queued ones (row locks, FOR UPDATE SKIP
// LOCKED: no two take the same). Only the holder commits a run. Times of leases are the
// database's clock, so the servers' clocks need not agree.
class RunStore : public QObject
{
    Q_OBJECT

public:
    enum class Kind { SQLite, PostgreSQL };

    // Opens (creating when needed) the store at `location`: an SQLite file's path, or a
    // PostgreSQL URL (postgresql://USER@HOST:PORT/DATABASE?OPTIONS, libpq's; the password
    // best from PGPASSWORD or ~/.pgpass). Null with why when it cannot be opened, when it is no
    // store of ours, or (SQLite) when another process has it open (after waiting lockWaitMs
    // for it to let go).
    static std::unique_ptr<RunStore> open(const QString &location, QString *error, int lockWaitMs = 0);
    ~RunStore() override;
    RunStore(const RunStore &) = delete;
    RunStore &operator=(const RunStore &) = delete;

    Kind kind() const { return m_kind; }
    // Whether several servers may use it at once (PostgreSQL).
    bool isShared() const { return m_kind == Kind::PostgreSQL; }
    // Where it is, as the health check shows it (a URL without its password).
    QString location() const { return m_location; }
    // This server's name in claims: host, process id and a random part.
    QString worker() const { return m_worker; }

    // A new run, queued: its id and times are given here. Held by nobody, or (leaseMs > 0)
    // by this server from the start, until leaseMs from now.
    bool create(StoredRun *run, QString *error, qint64 leaseMs = 0);
    std::optional<StoredRun> run(const QString &id) const;
    // The runs a query selects, newest first; *total: how many it selects in all.
    QList<StoredRun> runs(const RunQuery &query, int *total = nullptr) const;

    enum class Commit { Done, Lost, Failed };
    // A run moved on: its fields (not its graph or input) as `run` has them, `events` (JSON
    // objects, one per event) numbered on after run.events - events.size(), and its
    // checkpoint (empty: keep the one kept), all or nothing; the lease is renewed with it.
    // Lost: this server no longer holds the run (its lease ran out and another took it), and
    // nothing was written.
    Commit commit(const StoredRun &run, const QList<QByteArray> &events, const QByteArray &checkpoint, qint64 leaseMs, QString *error);
    // A run that went on elsewhere (the studio's own runs), kept as it ended: its row with the
    // id, times and fields `run` has, held by nobody, and its events numbered from 1; what was
    // kept under that id before makes way. All or nothing.
    bool record(const StoredRun &run, const QList<QByteArray> &events, QString *error);
    // Lets go of a run that ended, and its events.
    bool forget(const QString &id);
    // A run that never started is given up as failed (or cancelled), saying why; by whoever
    // holds it, or anyone when nobody does. False when another server holds it or it started.
    bool endUnstarted(const QString &id, const QString &status, const QString &why, QString *error);
    // Its events after number `after`, at most `limit`, with their numbers.
    QList<QPair<qint64, QByteArray>> events(const QString &id, qint64 after, int limit = 1000) const;
    // Its latest checkpoint (RunCheckpoint's JSON), empty when none was kept; nullopt when
    // the store did not answer.
    std::optional<QByteArray> checkpoint(const QString &id) const;

    // Claims for this server, each until `leaseMs` from now: up to `started` runs that had
    // started and that nobody holds, and up to `queued` queued runs nobody holds, oldest first.
    QStringList claim(int queued, int started, qint64 leaseMs, QString *error);
    // Claims one run nobody holds (its server died); false when someone does.
    bool claimRun(const QString &id, qint64 leaseMs);
    // Renews the leases of the runs this server holds; the ids it still holds.
    QStringList renew(qint64 leaseMs, QString *error);
    // Lets go of every run this server holds (it stops): the others take them at once.
    void releaseAll();
    // Lets go of one run this server holds.
    void release(const QString &id);
    // Whether the database answers (SELECT 1).
    bool ping() const;
    // Opens the connection again when the database does not answer (and listens again).
    void reconnect();
    // SQLite: lets go of every run not ended (a server started again on its store is the
    // only one: what the last one held is its). Nothing for a shared store.
    void releaseAbandoned();
    // Who holds the run: a server's name, and whether its lease still runs (empty: nobody).
    QPair<QString, bool> holder(const QString &id) const;

    // Requests for runs held elsewhere: added by any server, carried out by the holder.
    qint64 addCommand(const QString &run, const QString &verb, const QJsonObject &args, QString *error);
    // The requests not carried out yet for runs this server holds, oldest first.
    QList<RunCommand> commands() const;
    // Takes a request to carry it out; false when it was withdrawn (or taken) first.
    bool takeCommand(qint64 id);
    // Marks a request taken as carried out (ok) or refused (with why).
    bool finishCommand(qint64 id, bool ok, const QString &why);
    // A request's outcome once carried out: {ok, why}; nullopt while it waits.
    std::optional<QPair<bool, QString>> commandResult(qint64 id) const;
    // Withdraws a request nobody has taken yet (its asker gave up); false when one has.
    bool withdrawCommand(qint64 id);

    // Tells every server on a shared store (and not this one) `payload`: notified().
    void notify(const QString &payload);

signals:
    // Another server on the same store said `payload` (RunService's messages).
    void notified(const QString &payload);

private:
    RunStore() = default;
    bool exec(const QString &sql, QString *error) const;
    // Adds a run's events, numbered on from `after` (inside the caller's transaction).
    bool insertEvents(const QString &id, qint64 after, const QList<QByteArray> &events, QString *error);
    // The holder's UPDATE of a run's row (commit()), and its values.
    QString updateSql(bool withCheckpoint) const;
    void bindUpdate(QSqlQuery &q, const StoredRun &run, const QByteArray &checkpoint, qint64 leaseMs) const;
    Commit commitInOne(const StoredRun &run, const QList<QByteArray> &events, const QByteArray &checkpoint, qint64 leaseMs, QString *error);
    // The statement for `sql`, prepared once on this store's connection and kept (finished:
    // ready to bind and run again).
    QSqlQuery &statement(const QString &sql) const;
    bool createSchema(QString *error);
    QString now() const; // the database's clock in ms since the epoch, as SQL
    Kind m_kind = Kind::SQLite;
    QString m_connection;
    QString m_location;
    QString m_worker;
    std::unique_ptr<QLockFile> m_lock;
    bool m_asyncCommit = false; // PostgreSQL: synchronous_commit off for this connection (unless set elsewhere)
    bool lowerSynchronousCommit(QString *error);
    struct Prepared
    {
        QSqlQuery query;
        bool prepared = false;
    };
    mutable std::unordered_map<QString, Prepared> m_statements; // (node-based: references stay valid)
};

} // namespace capgraph
