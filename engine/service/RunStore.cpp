#include "service/RunStore.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QHostInfo>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QUrl>
#include <QUrlQuery>
#include <QUuid>
#include <QVariant>

#include <unistd.h>

namespace capgraph {

namespace {
// 1: runs and their events. 2: claims (owner, lease_until) and run_commands. 3: a run's
// debugger settings (debug: its breakpoints), kept across restarts and takeovers.
constexpr int SchemaVersion = 3;
const char *const Channel = "capgraph_runs";
const char *const Unfinished = "('queued', 'running', 'waiting', 'paused')";

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
    r.worker = q.value(15).toString();
    r.debug = QJsonDocument::fromJson(q.value(16).toString().toUtf8()).object();
    return r;
}

const char *const Columns = "id, graph, graph_file, graph_yaml, input, status, created_ms, updated_ms, steps, "
                            "prompt_tokens, completion_tokens, waiting, context, error, events, owner, debug";

QStringList ids(QSqlQuery &q)
{
    QStringList out;
    while (q.next())
        out << q.value(0).toString();
    return out;
}
} // namespace

std::unique_ptr<RunStore> RunStore::open(const QString &location, QString *error, int lockWaitMs)
{
    std::unique_ptr<RunStore> store(new RunStore);
    store->m_worker = QStringLiteral("%1:%2:%3").arg(QHostInfo::localHostName()).arg(::getpid())
                          .arg(QUuid::createUuid().toString(QUuid::WithoutBraces).left(8));
    store->m_connection = QStringLiteral("capgraph-runs-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    const bool postgres = location.startsWith(QLatin1String("postgresql://")) || location.startsWith(QLatin1String("postgres://"));
    QSqlDatabase db;
    if (postgres) {
        store->m_kind = Kind::PostgreSQL;
        QUrl url(location, QUrl::StrictMode);
        if (!url.isValid()) {
            *error = QStringLiteral("%1: not a PostgreSQL URL: %2").arg(location, url.errorString());
            return nullptr;
        }
        db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), store->m_connection);
        if (!db.isValid()) {
            *error = QStringLiteral("Qt SQL's PostgreSQL driver is not installed (Debian: libqt6sql6-psql)");
            return nullptr;
        }
        db.setHostName(url.host());
        if (url.port() > 0)
            db.setPort(url.port());
        db.setDatabaseName(url.path().mid(1));
        db.setUserName(url.userName());
        db.setPassword(url.password());
        // The URL's query is libpq's own options (host=/run/postgresql, sslmode=require, …).
        QStringList options;
        bool timeout = false;
        for (const auto &[key, value] : QUrlQuery(url).queryItems(QUrl::FullyDecoded)) {
            options << key + QLatin1Char('=') + value;
            timeout = timeout || key == QLatin1String("connect_timeout");
        }
        if (!timeout)
            options << QStringLiteral("connect_timeout=10");
        // A commit is reported once the database has it, not once its disk does (as SQLite's
        // WAL here): unless the URL's options ask for synchronous_commit themselves.
        store->m_asyncCommit = !options.join(QLatin1Char(' ')).contains(QLatin1String("synchronous_commit"));
        db.setConnectOptions(options.join(QLatin1Char(';')));
        url.setPassword(QString());
        store->m_location = url.toString();
    } else {
        const QFileInfo file(location);
        if (!QDir().mkpath(file.absolutePath())) {
            *error = QStringLiteral("%1: cannot make its folder").arg(location);
            return nullptr;
        }
        store->m_location = file.absoluteFilePath();
        store->m_lock = std::make_unique<QLockFile>(store->m_location + QStringLiteral(".lock"));
        store->m_lock->setStaleLockTime(0); // a lock left by a killed process is stale (its pid is gone)
        if (!store->m_lock->tryLock(std::max(0, lockWaitMs))) {
            qint64 pid = 0;
            QString host, app;
            store->m_lock->getLockInfo(&pid, &host, &app);
            *error = QStringLiteral("%1: in use by another process (pid %2); one server per SQLite store (several share a PostgreSQL one)")
                         .arg(location)
                         .arg(pid);
            return nullptr;
        }
        db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), store->m_connection);
        if (!db.isValid()) {
            *error = QStringLiteral("Qt SQL's SQLite driver is not installed (Debian: libqt6sql6-sqlite)");
            return nullptr;
        }
        db.setDatabaseName(store->m_location);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    }
    if (!db.open()) {
        *error = QStringLiteral("%1: cannot open: %2").arg(store->m_location, db.lastError().text().trimmed());
        return nullptr;
    }
    QString why;
    if (store->m_asyncCommit && !store->lowerSynchronousCommit(&why)) {
        *error = QStringLiteral("%1: %2").arg(store->m_location, why);
        return nullptr;
    }
    if (!store->createSchema(&why)) {
        *error = QStringLiteral("%1: %2").arg(store->m_location, why);
        return nullptr;
    }
    if (postgres) {
        RunStore *raw = store.get();
        QSqlDriver *driver = db.driver();
        if (!driver->subscribeToNotification(QLatin1String(Channel))) {
            *error = QStringLiteral("%1: cannot listen for the other servers: %2").arg(store->m_location, driver->lastError().text());
            return nullptr;
        }
        QObject::connect(driver, &QSqlDriver::notification, raw,
                         [raw](const QString &name, QSqlDriver::NotificationSource source, const QVariant &payload) {
                             if (name == QLatin1String(Channel) && source != QSqlDriver::SelfSource)
                                 emit raw->notified(payload.toString());
                         });
    }
    return store;
}

bool RunStore::createSchema(QString *why)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    const bool pg = m_kind == Kind::PostgreSQL;
    if (!pg) {
        // WAL: a commit is in the log before it returns, so a killed process loses none;
        // readers do not wait for the writer.
        if (!exec(QStringLiteral("PRAGMA journal_mode=WAL"), why) || !exec(QStringLiteral("PRAGMA synchronous=NORMAL"), why))
            return false;
    }
    if (!db.transaction()) {
        *why = db.lastError().text();
        return false;
    }
    const auto fail = [&] {
        db.rollback();
        return false;
    };
    // Several servers starting at once on one PostgreSQL database make its tables one at a time.
    if (pg && !exec(QStringLiteral("SELECT pg_advisory_xact_lock(8750)"), why))
        return fail();
    const QString blob = pg ? QStringLiteral("BYTEA") : QStringLiteral("BLOB");
    const QString serial = pg ? QStringLiteral("BIGSERIAL PRIMARY KEY") : QStringLiteral("INTEGER PRIMARY KEY AUTOINCREMENT");
    if (!exec(QStringLiteral("CREATE TABLE IF NOT EXISTS capgraph_store (version INTEGER NOT NULL)"), why))
        return fail();
    QSqlQuery version(db);
    if (!version.exec(QStringLiteral("SELECT version FROM capgraph_store"))) {
        *why = version.lastError().text();
        return fail();
    }
    const int found = version.next() ? version.value(0).toInt() : 0;
    version.finish();
    if (found > SchemaVersion) {
        *why = QStringLiteral("a run store of version %1; this capgraph reads versions up to %2").arg(found).arg(SchemaVersion);
        return fail();
    }
    if (found == 0) {
        if (!exec(QStringLiteral("CREATE TABLE IF NOT EXISTS runs (id TEXT PRIMARY KEY, graph TEXT NOT NULL, graph_file TEXT NOT NULL,"
                                 " graph_yaml %1 NOT NULL, input TEXT NOT NULL, status TEXT NOT NULL, created_ms BIGINT NOT NULL,"
                                 " updated_ms BIGINT NOT NULL, steps BIGINT NOT NULL DEFAULT 0, prompt_tokens BIGINT NOT NULL DEFAULT 0,"
                                 " completion_tokens BIGINT NOT NULL DEFAULT 0, waiting TEXT NOT NULL DEFAULT '[]',"
                                 " context TEXT NOT NULL DEFAULT '{}', error TEXT NOT NULL DEFAULT '',"
                                 " events BIGINT NOT NULL DEFAULT 0, checkpoint TEXT NOT NULL DEFAULT '',"
                                 " owner TEXT NOT NULL DEFAULT '', lease_until BIGINT NOT NULL DEFAULT 0,"
                                 " debug TEXT NOT NULL DEFAULT '{}')")
                      .arg(blob),
                  why)
            || !exec(QStringLiteral("CREATE INDEX IF NOT EXISTS runs_by_status ON runs (status, created_ms)"), why)
            || !exec(QStringLiteral("CREATE TABLE IF NOT EXISTS run_events (run_id TEXT NOT NULL, seq BIGINT NOT NULL,"
                                    " event TEXT NOT NULL, PRIMARY KEY (run_id, seq))"),
                     why))
            return fail();
    } else if (found == 1) { // a store of the first version: claims added
        if (!exec(QStringLiteral("ALTER TABLE runs ADD COLUMN owner TEXT NOT NULL DEFAULT ''"), why)
            || !exec(QStringLiteral("ALTER TABLE runs ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0"), why))
            return fail();
    }
    if ((found == 1 || found == 2) && !exec(QStringLiteral("ALTER TABLE runs ADD COLUMN debug TEXT NOT NULL DEFAULT '{}'"), why))
        return fail(); // a store of version 1 or 2: the debugger's settings added
    if (found < SchemaVersion) {
        if (!exec(QStringLiteral("CREATE TABLE IF NOT EXISTS run_commands (id %1, run_id TEXT NOT NULL, verb TEXT NOT NULL,"
                                 " args TEXT NOT NULL, created_ms BIGINT NOT NULL, state INTEGER NOT NULL DEFAULT 0,"
                                 " result TEXT NOT NULL DEFAULT '')")
                      .arg(serial),
                  why)
            || !exec(QStringLiteral("CREATE INDEX IF NOT EXISTS run_commands_waiting ON run_commands (state, run_id)"), why)
            || !exec(QStringLiteral("DELETE FROM capgraph_store"), why)
            || !exec(QStringLiteral("INSERT INTO capgraph_store (version) VALUES (%1)").arg(SchemaVersion), why))
            return fail();
    }
    if (!db.commit()) {
        *why = db.lastError().text();
        return fail();
    }
    return true;
}

RunStore::~RunStore()
{
    if (m_connection.isEmpty())
        return;
    m_statements.clear(); // before their connection goes
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connection);
}

bool RunStore::lowerSynchronousCommit(QString *error)
{
    // Only PostgreSQL's own default is lowered: a value the operator set (the server's
    // configuration, ALTER DATABASE/ROLE, PGOPTIONS) stays, and so does "on" where commits
    // wait for synchronous standbys (synchronous_standby_names).
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.exec(QStringLiteral("SELECT (SELECT source FROM pg_settings WHERE name = 'synchronous_commit'),"
                               " current_setting('synchronous_standby_names')"))
        || !q.next()) {
        if (error)
            *error = q.lastError().text();
        return false;
    }
    const bool ours = q.value(0).toString() == QLatin1String("default") && q.value(1).toString().trimmed().isEmpty();
    q.finish();
    return !ours || exec(QStringLiteral("SET synchronous_commit TO off"), error);
}

QString RunStore::now() const
{
    return m_kind == Kind::PostgreSQL ? QStringLiteral("CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)")
                                      : QStringLiteral("CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)");
}

QSqlQuery &RunStore::statement(const QString &sql) const
{
    auto it = m_statements.find(sql);
    if (it == m_statements.end() || !it->second.prepared) { // (one that did not prepare is tried again)
        QSqlQuery q(QSqlDatabase::database(m_connection, false));
        q.setForwardOnly(true); // rows read once, not cached by Qt
        const bool prepared = q.prepare(sql);
        it = m_statements.insert_or_assign(sql, Prepared{std::move(q), prepared}).first;
    }
    it->second.query.finish(); // (a statement left with rows unread would hold a read transaction)
    return it->second.query;
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

bool RunStore::create(StoredRun *run, QString *error, qint64 leaseMs)
{
    run->id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    run->createdMs = run->updatedMs = QDateTime::currentMSecsSinceEpoch();
    run->worker = leaseMs > 0 ? m_worker : QString();
    QSqlQuery &q = statement(QStringLiteral("INSERT INTO runs (id, graph, graph_file, graph_yaml, input, status, created_ms, updated_ms, debug,"
                                            " owner, lease_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CASE WHEN ? > 0 THEN %1 + ? ELSE 0 END)")
                                 .arg(now()));
    q.addBindValue(run->id);
    q.addBindValue(text(run->graph));
    q.addBindValue(text(run->graphFile));
    q.addBindValue(run->graphYaml);
    q.addBindValue(QString::fromUtf8(json(QJsonObject::fromVariantMap(run->input))));
    q.addBindValue(text(run->status));
    q.addBindValue(run->createdMs);
    q.addBindValue(run->updatedMs);
    q.addBindValue(QString::fromUtf8(json(run->debug)));
    q.addBindValue(text(run->worker));
    q.addBindValue(leaseMs);
    q.addBindValue(leaseMs);
    if (q.exec())
        return true;
    *error = q.lastError().text();
    return false;
}

std::optional<StoredRun> RunStore::run(const QString &id) const
{
    QSqlQuery &q = statement(QStringLiteral("SELECT %1 FROM runs WHERE id = ?").arg(QLatin1String(Columns)));
    q.addBindValue(id);
    if (!q.exec() || !q.next())
        return std::nullopt;
    StoredRun row = fromRow(q);
    q.finish();
    return row;
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
    if (!query.text.trimmed().isEmpty()) {
        // Anywhere in what it did: its status, error, final context, or a trace event (a
        // node's id, an output, a log line). Case is ignored (SQLite's LIKE: ASCII letters).
        QString pattern = query.text.trimmed();
        pattern.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('%'), QStringLiteral("\\%")).replace(QLatin1Char('_'), QStringLiteral("\\_"));
        pattern = QLatin1Char('%') + pattern + QLatin1Char('%');
        const QString like = isShared() ? QStringLiteral("ILIKE") : QStringLiteral("LIKE");
        where += QStringLiteral(" AND (status %1 ? ESCAPE '\\' OR error %1 ? ESCAPE '\\' OR context %1 ? ESCAPE '\\'"
                                " OR EXISTS (SELECT 1 FROM run_events e WHERE e.run_id = runs.id AND e.event %1 ? ESCAPE '\\'))")
                     .arg(like);
        binds << pattern << pattern << pattern << pattern;
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

QString RunStore::updateSql(bool withCheckpoint) const
{
    return QStringLiteral("UPDATE runs SET status = ?, updated_ms = ?, steps = ?, prompt_tokens = ?, completion_tokens = ?,"
                          " waiting = ?, context = ?, error = ?, events = ?, debug = ?, lease_until = %1 + ?%2"
                          " WHERE id = ? AND owner = ? AND status IN %3")
        .arg(now(), withCheckpoint ? QStringLiteral(", checkpoint = ?") : QString(), QLatin1String(Unfinished));
}

void RunStore::bindUpdate(QSqlQuery &q, const StoredRun &run, const QByteArray &checkpoint, qint64 leaseMs) const
{
    q.addBindValue(text(run.status));
    q.addBindValue(run.updatedMs > 0 ? run.updatedMs : QDateTime::currentMSecsSinceEpoch());
    q.addBindValue(run.steps);
    q.addBindValue(run.promptTokens);
    q.addBindValue(run.completionTokens);
    q.addBindValue(QString::fromUtf8(json(run.waiting)));
    q.addBindValue(QString::fromUtf8(json(run.context)));
    q.addBindValue(text(run.error));
    q.addBindValue(run.events);
    q.addBindValue(QString::fromUtf8(json(run.debug)));
    q.addBindValue(leaseMs);
    if (!checkpoint.isEmpty())
        q.addBindValue(QString::fromUtf8(checkpoint));
    q.addBindValue(run.id);
    q.addBindValue(m_worker);
}

RunStore::Commit RunStore::commit(const StoredRun &run, const QList<QByteArray> &events, const QByteArray &checkpoint, qint64 leaseMs,
                                  QString *error)
{
    if (isShared() && events.size() <= 64)
        return commitInOne(run, events, checkpoint, leaseMs, error);
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    if (!db.transaction()) {
        *error = db.lastError().text();
        return Commit::Failed;
    }
    const auto fail = [&](const QSqlQuery &q) {
        *error = q.lastError().text();
        db.rollback();
        return Commit::Failed;
    };
    // The run's row first: only its holder changes it (and adds its events).
    QSqlQuery &q = statement(updateSql(!checkpoint.isEmpty()));
    bindUpdate(q, run, checkpoint, leaseMs);
    if (!q.exec())
        return fail(q);
    if (q.numRowsAffected() != 1) {
        db.rollback();
        *error = QStringLiteral("run %1 is held by another server now (or has ended)").arg(run.id);
        return Commit::Lost;
    }
    if (!insertEvents(run.id, run.events - events.size(), events, error)) {
        db.rollback();
        return Commit::Failed;
    }
    if (isShared()) { // the others' event streams (sent when the transaction commits)
        QSqlQuery &tell = statement(QStringLiteral("SELECT pg_notify(?, ?)"));
        tell.addBindValue(QLatin1String(Channel));
        tell.addBindValue(QStringLiteral("committed %1 %2 %3").arg(run.id).arg(run.events).arg(run.status));
        if (!tell.exec())
            return fail(tell);
    }
    if (!db.commit()) {
        *error = db.lastError().text();
        db.rollback();
        return Commit::Failed;
    }
    return Commit::Done;
}

RunStore::Commit RunStore::commitInOne(const StoredRun &run, const QList<QByteArray> &events, const QByteArray &checkpoint, qint64 leaseMs,
                                       QString *error)
{
    // PostgreSQL: the row, the events and the other servers' notification in one statement,
    // its own transaction (one round trip, where BEGIN, three statements and COMMIT take five).
    // The events are added, and the others told, only when the row was this server's to change.
    QString sql = QStringLiteral("WITH changed AS (%1 RETURNING id)").arg(updateSql(!checkpoint.isEmpty()));
    if (!events.isEmpty()) {
        sql += QStringLiteral(", added AS (INSERT INTO run_events (run_id, seq, event) SELECT v.run_id, v.seq, v.event FROM (VALUES (?, CAST(? AS BIGINT), ?)");
        for (qsizetype i = 1; i < events.size(); ++i)
            sql += QStringLiteral(", (?, CAST(? AS BIGINT), ?)");
        sql += QStringLiteral(") AS v (run_id, seq, event) WHERE EXISTS (SELECT 1 FROM changed))");
    }
    sql += QStringLiteral(", told AS (SELECT pg_notify(?, ?) FROM changed) SELECT (SELECT COUNT(*) FROM changed), (SELECT COUNT(*) FROM told)");
    QSqlQuery &q = statement(sql);
    bindUpdate(q, run, checkpoint, leaseMs);
    qint64 seq = run.events - events.size();
    for (const QByteArray &e : events) {
        q.addBindValue(run.id);
        q.addBindValue(++seq);
        q.addBindValue(QString::fromUtf8(e));
    }
    q.addBindValue(QLatin1String(Channel));
    q.addBindValue(QStringLiteral("committed %1 %2 %3").arg(run.id).arg(run.events).arg(run.status));
    if (!q.exec() || !q.next()) {
        *error = q.lastError().text();
        q.finish();
        return Commit::Failed;
    }
    const bool done = q.value(0).toLongLong() == 1;
    q.finish();
    if (!done) {
        *error = QStringLiteral("run %1 is held by another server now (or has ended)").arg(run.id);
        return Commit::Lost;
    }
    return Commit::Done;
}

bool RunStore::insertEvents(const QString &id, qint64 after, const QList<QByteArray> &events, QString *error)
{
    // Up to 64 rows a statement (one round trip each to a PostgreSQL server), numbered on
    // from `after`.
    qint64 seq = after;
    for (qsizetype from = 0; from < events.size(); from += 64) {
        const qsizetype rows = std::min<qsizetype>(64, events.size() - from);
        QString sql = QStringLiteral("INSERT INTO run_events (run_id, seq, event) VALUES (?, ?, ?)");
        for (qsizetype i = 1; i < rows; ++i)
            sql += QStringLiteral(", (?, ?, ?)");
        QSqlQuery &add = statement(sql);
        for (qsizetype i = from; i < from + rows; ++i) {
            add.addBindValue(id);
            add.addBindValue(++seq);
            add.addBindValue(QString::fromUtf8(events.at(i)));
        }
        if (!add.exec()) {
            *error = add.lastError().text();
            return false;
        }
    }
    return true;
}

bool RunStore::record(const StoredRun &run, const QList<QByteArray> &events, QString *error)
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
    // Kept again: what was kept under its id makes way.
    QSqlQuery &dropEvents = statement(QStringLiteral("DELETE FROM run_events WHERE run_id = ?"));
    dropEvents.addBindValue(run.id);
    if (!dropEvents.exec())
        return fail(dropEvents);
    QSqlQuery &dropRun = statement(QStringLiteral("DELETE FROM runs WHERE id = ?"));
    dropRun.addBindValue(run.id);
    if (!dropRun.exec())
        return fail(dropRun);
    QSqlQuery &q = statement(QStringLiteral("INSERT INTO runs (id, graph, graph_file, graph_yaml, input, status, created_ms, updated_ms, steps,"
                                            " prompt_tokens, completion_tokens, waiting, context, error, events, debug)"
                                            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(run.id);
    q.addBindValue(text(run.graph));
    q.addBindValue(text(run.graphFile));
    q.addBindValue(run.graphYaml.isNull() ? QByteArray("") : run.graphYaml);
    q.addBindValue(QString::fromUtf8(json(QJsonObject::fromVariantMap(run.input))));
    q.addBindValue(text(run.status));
    q.addBindValue(run.createdMs);
    q.addBindValue(run.updatedMs);
    q.addBindValue(run.steps);
    q.addBindValue(run.promptTokens);
    q.addBindValue(run.completionTokens);
    q.addBindValue(QString::fromUtf8(json(run.waiting)));
    q.addBindValue(QString::fromUtf8(json(run.context)));
    q.addBindValue(text(run.error));
    q.addBindValue(qint64(events.size()));
    q.addBindValue(QString::fromUtf8(json(run.debug)));
    if (!q.exec())
        return fail(q);
    if (!insertEvents(run.id, 0, events, error)) {
        db.rollback();
        return false;
    }
    if (!db.commit()) {
        *error = db.lastError().text();
        db.rollback();
        return false;
    }
    return true;
}

bool RunStore::forget(const QString &id)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    if (!db.transaction())
        return false;
    QSqlQuery &row = statement(QStringLiteral("DELETE FROM runs WHERE id = ? AND status IN ('finished', 'failed', 'cancelled')"));
    row.addBindValue(id);
    if (!row.exec() || row.numRowsAffected() != 1) { // (a run not ended keeps its events too)
        db.rollback();
        return false;
    }
    QSqlQuery &events = statement(QStringLiteral("DELETE FROM run_events WHERE run_id = ?"));
    events.addBindValue(id);
    if (!events.exec()) {
        db.rollback();
        return false;
    }
    return db.commit();
}

bool RunStore::endUnstarted(const QString &id, const QString &status, const QString &why, QString *error)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE runs SET status = ?, error = ?, updated_ms = ?, owner = '' WHERE id = ? AND checkpoint = ''"
                             " AND status IN %1 AND (owner = ? OR owner = '' OR lease_until < %2)")
                  .arg(QLatin1String(Unfinished), now()));
    q.addBindValue(status);
    q.addBindValue(text(why));
    q.addBindValue(QDateTime::currentMSecsSinceEpoch());
    q.addBindValue(id);
    q.addBindValue(m_worker);
    if (!q.exec()) {
        *error = q.lastError().text();
        return false;
    }
    if (q.numRowsAffected() != 1) {
        *error = QStringLiteral("run %1 has started").arg(id);
        return false;
    }
    std::optional<StoredRun> row = run(id);
    notify(QStringLiteral("committed %1 %2 %3").arg(id).arg(row ? row->events : 0).arg(status));
    return true;
}

QList<QPair<qint64, QByteArray>> RunStore::events(const QString &id, qint64 after, int limit) const
{
    QSqlQuery &q = statement(QStringLiteral("SELECT seq, event FROM run_events WHERE run_id = ? AND seq > ? ORDER BY seq LIMIT ?"));
    q.addBindValue(id);
    q.addBindValue(after);
    q.addBindValue(limit);
    QList<QPair<qint64, QByteArray>> out;
    if (q.exec())
        while (q.next())
            out.append({q.value(0).toLongLong(), q.value(1).toString().toUtf8()});
    q.finish();
    return out;
}

std::optional<QByteArray> RunStore::checkpoint(const QString &id) const
{
    QSqlQuery &q = statement(QStringLiteral("SELECT checkpoint FROM runs WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return std::nullopt;
    const QByteArray out = q.next() ? q.value(0).toString().toUtf8() : QByteArray();
    q.finish();
    return out;
}

QStringList RunStore::claim(int queued, int started, qint64 leaseMs, QString *error)
{
    // The rows chosen are locked, and those another server is choosing are passed over: no
    // two servers take one run (SQLite has one writer at a time, and one server).
    const QString lock = isShared() ? QStringLiteral(" FOR UPDATE SKIP LOCKED") : QString();
    const QString sql = QStringLiteral("UPDATE runs SET owner = ?, lease_until = %1 + ? WHERE id IN (SELECT id FROM runs WHERE %2"
                                       " AND (owner = '' OR lease_until < %1) ORDER BY created_ms, id LIMIT ?%3) RETURNING id");
    QStringList out;
    // Up to `limit` runs `where` selects, taken in one statement; false with why.
    const auto take = [&](const QString &where, int limit) {
        QSqlQuery &q = statement(sql.arg(now(), where, lock));
        q.addBindValue(m_worker);
        q.addBindValue(leaseMs);
        q.addBindValue(limit);
        if (!q.exec()) {
            *error = q.lastError().text();
            return false;
        }
        out << ids(q);
        q.finish();
        return true;
    };
    // Runs that had started (their server died or stopped): up to `started` of them.
    if (started > 0 && !take(QStringLiteral("status IN ('running', 'waiting', 'paused')"), started))
        return out;
    if (queued <= 0)
        return out;
    if (!isShared()) {
        // One server on the file: nobody else chooses, so the oldest are chosen along the
        // index, then taken, in one transaction (no temporary tables for every claim).
        QSqlDatabase writer = QSqlDatabase::database(m_connection, false);
        if (!writer.transaction()) {
            *error = writer.lastError().text();
            return out;
        }
        QSqlQuery &choose = statement(QStringLiteral("SELECT id FROM runs WHERE status = 'queued' AND (owner = '' OR lease_until < %1)"
                                                     " ORDER BY created_ms LIMIT ?").arg(now()));
        choose.addBindValue(queued);
        const QStringList chosen = choose.exec() ? ids(choose) : QStringList();
        choose.finish();
        QSqlQuery &own = statement(QStringLiteral("UPDATE runs SET owner = ?, lease_until = %1 + ? WHERE id = ?").arg(now()));
        for (const QString &id : chosen) {
            own.addBindValue(m_worker);
            own.addBindValue(leaseMs);
            own.addBindValue(id);
            if (!own.exec()) {
                *error = own.lastError().text();
                writer.rollback();
                return out;
            }
        }
        if (!writer.commit()) {
            *error = writer.lastError().text();
            writer.rollback();
            return out;
        }
        return out << chosen;
    }
    take(QStringLiteral("status = 'queued'"), queued);
    return out;
}

bool RunStore::claimRun(const QString &id, qint64 leaseMs)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE runs SET owner = ?, lease_until = %1 + ? WHERE id = ? AND status IN %2 AND (owner = '' OR lease_until < %1)")
                  .arg(now(), QLatin1String(Unfinished)));
    q.addBindValue(m_worker);
    q.addBindValue(leaseMs);
    q.addBindValue(id);
    return q.exec() && q.numRowsAffected() == 1;
}

QStringList RunStore::renew(qint64 leaseMs, QString *error)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE runs SET lease_until = %1 + ? WHERE owner = ? AND status IN %2 RETURNING id").arg(now(), QLatin1String(Unfinished)));
    q.addBindValue(leaseMs);
    q.addBindValue(m_worker);
    if (!q.exec()) {
        *error = q.lastError().text();
        return {};
    }
    QStringList held = ids(q);
    // Requests carried out an hour ago are not asked about any more.
    QSqlQuery old(QSqlDatabase::database(m_connection, false));
    old.prepare(QStringLiteral("DELETE FROM run_commands WHERE state <> 0 AND created_ms < ?"));
    old.addBindValue(QDateTime::currentMSecsSinceEpoch() - 3600 * 1000);
    old.exec();
    return held;
}

void RunStore::releaseAll()
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE runs SET owner = '', lease_until = 0 WHERE owner = ?"));
    q.addBindValue(m_worker);
    if (q.exec() && q.numRowsAffected() > 0)
        notify(QStringLiteral("released"));
}

void RunStore::release(const QString &id)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE runs SET owner = '', lease_until = 0 WHERE id = ? AND owner = ?"));
    q.addBindValue(id);
    q.addBindValue(m_worker);
    q.exec();
}

bool RunStore::ping() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    return q.exec(QStringLiteral("SELECT 1")) && q.next();
}

void RunStore::reconnect()
{
    if (ping())
        return;
    m_statements.clear(); // prepared on the connection that broke
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    db.close();
    if (db.open() && isShared()) {
        if (m_asyncCommit)
            lowerSynchronousCommit(nullptr);
        db.driver()->subscribeToNotification(QLatin1String(Channel));
    }
}

void RunStore::releaseAbandoned()
{
    if (!isShared())
        exec(QStringLiteral("UPDATE runs SET owner = '', lease_until = 0 WHERE status IN %1").arg(QLatin1String(Unfinished)), nullptr);
}

QPair<QString, bool> RunStore::holder(const QString &id) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT owner, lease_until >= %1 FROM runs WHERE id = ?").arg(now()));
    q.addBindValue(id);
    if (!q.exec() || !q.next() || q.value(0).toString().isEmpty())
        return {};
    return {q.value(0).toString(), q.value(1).toBool()};
}

qint64 RunStore::addCommand(const QString &run, const QString &verb, const QJsonObject &args, QString *error)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("INSERT INTO run_commands (run_id, verb, args, created_ms) VALUES (?, ?, ?, ?) RETURNING id"));
    q.addBindValue(run);
    q.addBindValue(verb);
    q.addBindValue(QString::fromUtf8(json(args)));
    q.addBindValue(QDateTime::currentMSecsSinceEpoch());
    if (!q.exec() || !q.next()) {
        *error = q.lastError().text();
        return 0;
    }
    return q.value(0).toLongLong();
}

QList<RunCommand> RunStore::commands() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT c.id, c.run_id, c.verb, c.args FROM run_commands c JOIN runs r ON r.id = c.run_id"
                             " WHERE c.state = 0 AND r.owner = ? ORDER BY c.id"));
    q.addBindValue(m_worker);
    QList<RunCommand> out;
    if (q.exec())
        while (q.next())
            out.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                        QJsonDocument::fromJson(q.value(3).toString().toUtf8()).object()});
    return out;
}

bool RunStore::takeCommand(qint64 id)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE run_commands SET state = 4 WHERE id = ? AND state = 0"));
    q.addBindValue(id);
    return q.exec() && q.numRowsAffected() == 1;
}

bool RunStore::finishCommand(qint64 id, bool ok, const QString &why)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE run_commands SET state = ?, result = ? WHERE id = ? AND state = 4"));
    q.addBindValue(ok ? 1 : 2);
    q.addBindValue(text(why));
    q.addBindValue(id);
    const bool done = q.exec() && q.numRowsAffected() == 1;
    notify(QStringLiteral("done %1").arg(id));
    return done;
}

std::optional<QPair<bool, QString>> RunStore::commandResult(qint64 id) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT state, result FROM run_commands WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec() || !q.next() || q.value(0).toInt() == 0 || q.value(0).toInt() == 4)
        return std::nullopt; // waiting, or taken and not done yet
    return QPair<bool, QString>{q.value(0).toInt() == 1, q.value(1).toString()};
}

bool RunStore::withdrawCommand(qint64 id)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE run_commands SET state = 3 WHERE id = ? AND state = 0"));
    q.addBindValue(id);
    return q.exec() && q.numRowsAffected() == 1;
}

void RunStore::notify(const QString &payload)
{
    if (!isShared())
        return;
    QSqlQuery &q = statement(QStringLiteral("SELECT pg_notify(?, ?)"));
    q.addBindValue(QLatin1String(Channel));
    q.addBindValue(payload);
    q.exec();
    q.finish();
}

} // namespace capgraph
