#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QVariantMap>

#include <QLockFile>

#include <memory>
#include <optional>

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
};

struct RunQuery
{
    QString status; // empty: any
    QString graph;  // empty: any
    int offset = 0;
    int limit = 50;
};

// The runs of a run server, their trace events and their latest checkpoints, in an SQL
// database through Qt SQL: an SQLite file (the embedded default; WAL, so that a commit is
// durable against a killed process without a flush of the disk per step). Every change of a
// run is one transaction (commit): its new events, its fields and its checkpoint together, so
// what a client reads of a run always has its checkpoint behind it.
class RunStore
{
public:
    // Opens (creating when needed) the store at `location`: an SQLite file's path. Null with
    // why when it cannot be opened, when it is no store of ours, or when another process has
    // it open (a lock file beside it, FILE.lock: two servers would both go on with its runs).
    static std::unique_ptr<RunStore> open(const QString &location, QString *error);
    ~RunStore();
    RunStore(const RunStore &) = delete;
    RunStore &operator=(const RunStore &) = delete;

    QString location() const { return m_location; }

    // A new run (queued): its id and times are given here.
    bool create(StoredRun *run, QString *error);
    std::optional<StoredRun> run(const QString &id) const;
    // The runs a query selects, newest first; *total: how many it selects in all.
    QList<StoredRun> runs(const RunQuery &query, int *total = nullptr) const;
    // A run moved on: its fields (not its graph or input) as `run` has them, `events` (JSON
    // objects, one per event) numbered on after run.events - events.size(), and its
    // checkpoint (empty: keep the one kept), all or nothing.
    bool commit(const StoredRun &run, const QList<QByteArray> &events, const QByteArray &checkpoint, QString *error);
    // Its events after number `after`, at most `limit`, with their numbers.
    QList<QPair<qint64, QByteArray>> events(const QString &id, qint64 after, int limit = 1000) const;
    // Its latest checkpoint (RunCheckpoint's JSON), empty when none was kept.
    QByteArray checkpoint(const QString &id) const;
    // The runs that have not ended (queued, running, waiting, paused), oldest first: a server
    // started again goes on with them.
    QStringList unfinished() const;

private:
    RunStore() = default;
    bool exec(const QString &sql, QString *error) const;
    QString m_connection;
    QString m_location;
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace capgraph
