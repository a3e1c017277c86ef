#include "run/RunHistoryIndex.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QStandardPaths>

namespace capgraph::editor {

RunHistoryIndex::RunHistoryIndex(QString location)
    : m_location(std::move(location))
{
}

QString RunHistoryIndex::defaultLocation()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/history.sqlite");
}

QString RunHistoryIndex::idOf(const QString &tracePath)
{
    const QFileInfo info(tracePath);
    return info.dir().dirName() + QLatin1Char('/') + info.fileName();
}

std::unique_ptr<RunStore> RunHistoryIndex::open(QString *error) const
{
    // Another studio writing its runs has it for a moment: waited for.
    return RunStore::open(m_location, error, 3000);
}

std::optional<StoredRun> RunHistoryIndex::fromTrace(const QString &tracePath, const QString &graph, QList<QByteArray> *events)
{
    QFile f(tracePath);
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    events->clear();
    QJsonObject first, last;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const QJsonObject e = QJsonDocument::fromJson(line).object();
        if (e.isEmpty())
            continue; // (a line the studio did not finish writing)
        if (first.isEmpty())
            first = e;
        last = e;
        events->append(line);
    }
    StoredRun run;
    run.id = idOf(tracePath);
    run.graph = graph;
    run.graphFile = tracePath; // (where the run's trace is: what a replay reads)
    run.input = first.value(QStringLiteral("event")).toString() == QLatin1String("run.started")
        ? first.value(QStringLiteral("data")).toObject().toVariantMap()
        : QVariantMap();
    run.createdMs = first.value(QStringLiteral("time")).toInteger(QFileInfo(tracePath).birthTime().toMSecsSinceEpoch());
    run.updatedMs = last.value(QStringLiteral("time")).toInteger(run.createdMs);
    run.steps = last.value(QStringLiteral("step")).toInteger();
    const QString end = last.value(QStringLiteral("event")).toString();
    const QJsonObject data = last.value(QStringLiteral("data")).toObject();
    run.status = end == QLatin1String("run.finished") ? QStringLiteral("finished") : end == QLatin1String("run.cancelled") ? QStringLiteral("cancelled")
                                                                                                                             : QStringLiteral("failed");
    if (end == QLatin1String("run.failed"))
        run.error = last.value(QStringLiteral("message")).toString(); // (the event's own words)
    else if (run.status == QLatin1String("failed"))
        run.error = QStringLiteral("interrupted: the studio went away before the run ended");
    // What the run's last event said (total_tokens, costs): a trace does not split the tokens
    // into prompt and completion, so those two fields stay 0.
    run.context = data;
    run.events = events->size();
    return run;
}

bool RunHistoryIndex::sync(const QString &graph, const QStringList &tracePaths, QString *error)
{
    const std::unique_ptr<RunStore> store = open(error);
    if (!store)
        return false;
    RunQuery query;
    query.graph = graph;
    query.limit = 1000;
    QSet<QString> kept;
    for (const StoredRun &r : store->runs(query))
        kept.insert(r.id);
    QSet<QString> wanted;
    for (const QString &path : tracePaths) {
        const QString id = idOf(path);
        wanted.insert(id);
        if (kept.contains(id))
            continue;
        QList<QByteArray> events;
        const std::optional<StoredRun> run = fromTrace(path, graph, &events);
        if (run && !store->record(*run, events, error))
            return false;
    }
    for (const QString &id : std::as_const(kept))
        if (!wanted.contains(id))
            store->forget(id);
    return true;
}

std::optional<QStringList> RunHistoryIndex::search(const QString &graph, const QStringList &tracePaths, const QString &text, QString *error)
{
    const std::unique_ptr<RunStore> store = open(error);
    if (!store)
        return std::nullopt;
    RunQuery query;
    query.graph = graph;
    query.text = text;
    query.limit = 1000;
    QSet<QString> matching;
    for (const StoredRun &r : store->runs(query))
        matching.insert(r.id);
    QStringList out;
    for (const QString &path : tracePaths)
        if (matching.contains(idOf(path)))
            out << path;
    return out;
}

} // namespace capgraph::editor
