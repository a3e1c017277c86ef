#include "service/RunStore.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>
#include <QVariant>

namespace capgraph {

namespace {
constexpr int SchemaVersion = 1;

QByteArray json(const QJsonArray &a) { return QJsonDocument(a).toJson(QJsonDocument::Compact); }
QByteArray json(const QJsonObject &o) { return QJsonDocument(o).toJson(QJsonDocument::Compact); }
// Text for a NOT NULL column: a null QString binds as NULL.
QString text(const QString &s) { return s.isNull() ? QStringLiteral("") : s; }

StoredRun fromRow(const QSqlQuery &q)
{
    StoredRun r;
    r.id = q.value(0).toString();
    r.graph = q.value(1).toString();
    r.graphFile = q.value(2).toString();
    r.graphYaml = q.value(3).toByteArray(); // the bytes as given (a BLOB: not only UTF-8)
    r.input = QJsonDocument::fromJson(q.value(4).toString().toUtf8()).object().toVariantMap();
    r.status = q.value(5).toString();
    r.createdMs = q.value(6).toLongLong();
    r.updatedMs = q.value(7).toLongLong();
    r.steps = q.value(8).toLongLong();
    r.promptTokens = q.value(9).toLongLong();
    r.completionTokens = q.value(10).toLongLong();
    r.waiting = QJsonDocument::fromJson(q.value(11).toString().toUtf8()).array();
    r.context = QJsonDocument::fromJson(q.value(12).toString().toUtf8()).object();
    r.error = q.value(13).toString();
    r.events = q.value(14).toLongLong();
    return r;
}

const char *const Columns = "id, graph, graph_file, graph_yaml, input, status, created_ms, updated_ms, steps, "
                            "prompt_tokens, completion_tokens, waiting, context, error, events";
} // namespace

std::unique_ptr<RunStore> RunStore::open(const QString &location, QString *error)
{
    if (location.startsWith(QLatin1String("postgresql://")) || location.startsWith(QLatin1String("postgres://"))) {
        *error = QStringLiteral("%1: PostgreSQL stores are not supported yet; give an SQLite file").arg(location);
        return nullptr;
    }
    const QFileInfo file(location);
    if (!QDir().mkpath(file.absolutePath())) {
        *error = QStringLiteral("%1: cannot make its folder").arg(location);
        return nullptr;
    }
    std::unique_ptr<RunStore> store(new RunStore);
    store->m_location = file.absoluteFilePath();
    store->m_lock = std::make_unique<QLockFile>(store->m_location + QStringLiteral(".lock"));
    store->m_lock->setStaleLockTime(0); // a lock left by a killed process is stale (its pid is gone)
    if (!store->m_lock->tryLock(0)) {
        qint64 pid = 0;
        QString host, app;
        store->m_lock->getLockInfo(&pid, &host, &app);
        *error = QStringLiteral("%1: in use by another process (pid %2); one server per store").arg(location).arg(pid);
        return nullptr;
    }
    store->m_connection = QStringLiteral("capgraph-runs-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), store->m_connection);
    if (!db.isValid()) {
        *error = QStringLiteral("Qt SQL's SQLite driver is not installed (Debian: libqt6sql6-sqlite)");
        return nullptr;
    }
    db.setDatabaseName(store->m_location);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    if (!db.open()) {
        *error = QStringLiteral("%1: cannot open: %2").arg(location, db.lastError().text());
        return nullptr;
    }
    QString why;
    // WAL: a commit is in the log before it returns, so a killed process loses none; readers
    // (another process's API) do not wait for the writer.
    if (!store->exec(QStringLiteral("PRAGMA journal_mode=WAL"), &why) || !store->exec(QStringLiteral("PRAGMA synchronous=NORMAL"), &why)
        || !store->exec(QStringLiteral("CREATE TABLE IF NOT EXISTS capgraph_store (version INTEGER NOT NULL)"), &why)
        || !store->exec(QStringLiteral("CREATE TABLE IF NOT EXISTS runs (id TEXT PRIMARY KEY, graph TEXT NOT NULL, graph_file TEXT NOT NULL,"
                                       " graph_yaml BLOB NOT NULL, input TEXT NOT NULL, status TEXT NOT NULL, created_ms BIGINT NOT NULL,"
                                       " updated_ms BIGINT NOT NULL, steps BIGINT NOT NULL DEFAULT 0, prompt_tokens BIGINT NOT NULL DEFAULT 0,"
                                       " completion_tokens BIGINT NOT NULL DEFAULT 0, waiting TEXT NOT NULL DEFAULT '[]',"
                                       " context TEXT NOT NULL DEFAULT '{}', error TEXT NOT NULL DEFAULT '',"
                                       " events BIGINT NOT NULL DEFAULT 0, checkpoint TEXT NOT NULL DEFAULT '')"),
                        &why)
        || !store->exec(QStringLiteral("CREATE INDEX IF NOT EXISTS runs_by_status ON runs (status, created_ms)"), &why)
        || !store->exec(QStringLiteral("CREATE TABLE IF NOT EXISTS run_events (run_id TEXT NOT NULL, seq BIGINT NOT NULL,"
                                       " event TEXT NOT NULL, PRIMARY KEY (run_id, seq))"),
                        &why)) {
        *error = QStringLiteral("%1: %2").arg(location, why);
        return nullptr;
    }
    QSqlQuery version(db);
    if (!version.exec(QStringLiteral("SELECT version FROM capgraph_store"))) {
        *error = QStringLiteral("%1: %2").arg(location, version.lastError().text());
        return nullptr;
    }
    if (!version.next()) {
        if (!store->exec(QStringLiteral("INSERT INTO capgraph_store (version) VALUES (%1)").arg(SchemaVersion), &why)) {
            *error = QStringLiteral("%1: %2").arg(location, why);
            return nullptr;
        }
    } else if (version.value(0).toInt() != SchemaVersion) {
        *error = QStringLiteral("%1: a run store of version %2; this capgraph reads version %3").arg(location).arg(version.value(0).toInt()).arg(SchemaVersion);
        return nullptr;
    }
    return store;
}

RunStore::~RunStore()
{
    if (m_connection.isEmpty())
        return;
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connection);
}

bool RunStore::exec(const QString &sql, QString *error) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (q.exec(sql))
        return true;
    if (error)
        *error = q.lastError().text();
    return false;
}

bool RunStore::create(StoredRun *run, QString *error)
{
    run->id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    run->createdMs = run->updatedMs = QDateTime::currentMSecsSinceEpoch();
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("INSERT INTO runs (id, graph, graph_file, graph_yaml, input, status, created_ms, updated_ms)"
                             " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(run->id);
    q.addBindValue(text(run->graph));
    q.addBindValue(text(run->graphFile));
    q.addBindValue(run->graphYaml);
    q.addBindValue(QString::fromUtf8(json(QJsonObject::fromVariantMap(run->input))));
    q.addBindValue(text(run->status));
    q.addBindValue(run->createdMs);
    q.addBindValue(run->updatedMs);
    if (q.exec())
        return true;
    *error = q.lastError().text();
    return false;
}

std::optional<StoredRun> RunStore::run(const QString &id) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT %1 FROM runs WHERE id = ?").arg(QLatin1String(Columns)));
    q.addBindValue(id);
    if (!q.exec() || !q.next())
        return std::nullopt;
    return fromRow(q);
}

QList<StoredRun> RunStore::runs(const RunQuery &query, int *total) const
{
    QString where = QStringLiteral(" WHERE 1 = 1");
    QVariantList binds;
    if (!query.status.isEmpty()) {
        where += QStringLiteral(" AND status = ?");
        binds << query.status;
    }
    if (!query.graph.isEmpty()) {
        where += QStringLiteral(" AND graph = ?");
        binds << query.graph;
    }
    const QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    if (total) {
        QSqlQuery count(db);
        count.prepare(QStringLiteral("SELECT COUNT(*) FROM runs") + where);
        for (const QVariant &b : std::as_const(binds))
            count.addBindValue(b);
        *total = count.exec() && count.next() ? count.value(0).toInt() : 0;
    }
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT %1 FROM runs%2 ORDER BY created_ms DESC, id LIMIT ? OFFSET ?").arg(QLatin1String(Columns), where));
    for (const QVariant &b : std::as_const(binds))
        q.addBindValue(b);
    q.addBindValue(query.limit);
    q.addBindValue(query.offset);
    QList<StoredRun> out;
    if (q.exec())
        while (q.next())
            out.append(fromRow(q));
    return out;
}

bool RunStore::commit(const StoredRun &run, const QList<QByteArray> &events, const QByteArray &checkpoint, QString *error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    const auto fail = [&](const QSqlQuery &q) {
        *error = q.lastError().text();
        db.rollback();
        return false;
    };
    if (!events.isEmpty()) {
        QSqlQuery add(db);
        add.prepare(QStringLiteral("INSERT INTO run_events (run_id, seq, event) VALUES (?, ?, ?)"));
        qint64 seq = run.events - events.size();
        for (const QByteArray &e : events) {
            add.bindValue(0, run.id);
            add.bindValue(1, ++seq);
            add.bindValue(2, QString::fromUtf8(e));
            if (!add.exec())
                return fail(add);
        }
    }
    QSqlQuery q(db);
    q.prepare(QStringLiteral("UPDATE runs SET status = ?, updated_ms = ?, steps = ?, prompt_tokens = ?, completion_tokens = ?,"
                             " waiting = ?, context = ?, error = ?, events = ?%1 WHERE id = ?")
                  .arg(checkpoint.isEmpty() ? QString() : QStringLiteral(", checkpoint = ?")));
    q.addBindValue(text(run.status));
    q.addBindValue(QDateTime::currentMSecsSinceEpoch());
    q.addBindValue(run.steps);
    q.addBindValue(run.promptTokens);
    q.addBindValue(run.completionTokens);
    q.addBindValue(QString::fromUtf8(json(run.waiting)));
    q.addBindValue(QString::fromUtf8(json(run.context)));
    q.addBindValue(text(run.error));
    q.addBindValue(run.events);
    if (!checkpoint.isEmpty())
        q.addBindValue(QString::fromUtf8(checkpoint));
    q.addBindValue(run.id);
    if (!q.exec())
        return fail(q);
    if (!db.commit()) {
        *error = db.lastError().text();
        db.rollback();
        return false;
    }
    return true;
}

QList<QPair<qint64, QByteArray>> RunStore::events(const QString &id, qint64 after, int limit) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT seq, event FROM run_events WHERE run_id = ? AND seq > ? ORDER BY seq LIMIT ?"));
    q.addBindValue(id);
    q.addBindValue(after);
    q.addBindValue(limit);
    QList<QPair<qint64, QByteArray>> out;
    if (q.exec())
        while (q.next())
            out.append({q.value(0).toLongLong(), q.value(1).toString().toUtf8()});
    return out;
}

QByteArray RunStore::checkpoint(const QString &id) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT checkpoint FROM runs WHERE id = ?"));
    q.addBindValue(id);
    return q.exec() && q.next() ? q.value(0).toString().toUtf8() : QByteArray();
}

QStringList RunStore::unfinished() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    QStringList out;
    if (q.exec(QStringLiteral("SELECT id FROM runs WHERE status IN ('queued', 'running', 'waiting', 'paused') ORDER BY created_ms, id")))
        while (q.next())
            out << q.value(0).toString();
    return out;
}

} // namespace capgraph
