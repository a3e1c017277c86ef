#include "document/Autosave.h"
#include "io/AtomicWrite.h"

#include "document/GraphDocument.h"
#include "yaml/GraphYamlWriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QStandardPaths>
#include <QTimer>
#include <QUuid>

namespace capgraph::editor {

Autosave::Autosave(GraphDocument *document, const QString &folder, int intervalMs, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_folder(folder.isEmpty() ? defaultFolder() : folder)
    , m_timer(new QTimer(this))
{
    QDir().mkpath(m_folder);
    // One copy per window and session: a fresh name, locked while we live.
    const QString stem = QDir(m_folder).filePath(QUuid::createUuid().toString(QUuid::WithoutBraces));
    m_copy = stem + QStringLiteral(".yaml");
    m_lock = std::make_unique<QLockFile>(stem + QStringLiteral(".lock"));
    m_lock->setStaleLockTime(0);
    m_lock->tryLock(100);
    m_timer->setInterval(intervalMs);
    connect(m_timer, &QTimer::timeout, this, &Autosave::saveNow);
    m_timer->start();
    // Saved or reverted to the saved state: the copies are no longer needed.
    connect(document, &GraphDocument::cleanChanged, this, [this](bool clean) {
        if (clean && !m_crashed && !m_document->isSameGraph() // (a sub-graph entered is not a save)
            && m_document->unsavedGraphs().isEmpty())
            removeCopy();
    });
}

Autosave::~Autosave()
{
    if (!m_crashed) {
        removeCopy();
        if (m_lock)
            m_lock->unlock();
    }
}

QString Autosave::defaultFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave");
}

void Autosave::saveNow()
{
    if (m_crashed)
        return;
    const QList<GraphDocument::Unsaved> unsaved = m_document->unsavedGraphs();
    if (unsaved.isEmpty())
        return;
    // The top graph's copy at <stem>.yaml, the sub-graphs' at <stem>.1.yaml, <stem>.2.yaml…
    const QString stem = m_copy.chopped(5);
    QList<Copy> written;
    QJsonArray subgraphs;
    bool topWritten = false;
    for (const GraphDocument::Unsaved &u : unsaved) {
        const QString copy = u.top ? m_copy : QStringLiteral("%1.%2.yaml").arg(stem).arg(subgraphs.size() + 1);
        if (!writeFileAtomically(copy, GraphYamlWriter::toYaml(*u.graph)))
            return; // the earlier copies stay whole; the next tick tries again
        written.append({copy, u.filePath});
        if (u.top)
            topWritten = true;
        else
            subgraphs.append(QJsonObject{{QStringLiteral("file"), u.filePath}, {QStringLiteral("copy"), QFileInfo(copy).fileName()}});
    }
    if (!writeFileAtomically(stem + QStringLiteral(".json"),
                             QJsonDocument(QJsonObject{{QStringLiteral("file"), m_document->topFilePath()},
                                                       {QStringLiteral("top_changed"), topWritten},
                                                       {QStringLiteral("sub_graphs"), subgraphs},
                                                       {QStringLiteral("saved"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)}})
                                 .toJson()))
        return;
    // Copies of graphs saved since: gone.
    for (const Copy &old : std::as_const(m_written))
        if (std::none_of(written.cbegin(), written.cend(), [&](const Copy &c) { return c.copyPath == old.copyPath; }))
            QFile::remove(old.copyPath);
    m_written = written;
}

void Autosave::removeCopy()
{
    for (const Copy &c : std::as_const(m_written))
        QFile::remove(c.copyPath);
    m_written.clear();
    QFile::remove(m_copy);
    QFile::remove(m_copy.chopped(5) + QStringLiteral(".json"));
}

void Autosave::simulateCrash()
{
    m_crashed = true;
    m_timer->stop();
    m_lock->unlock();
    // A crashed process leaves its lock file behind with a dead owner; removing it is what
    // QLockFile does with a stale lock, so the result is the same.
}

QList<Autosave::Recovery> Autosave::recoverable(const QString &folder)
{
    const QDir dir(folder.isEmpty() ? defaultFolder() : folder);
    QList<Recovery> out;
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Time)) {
        const QString stem = dir.filePath(name.chopped(5));
        QLockFile lock(stem + QStringLiteral(".lock"));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0))
            continue; // a running studio owns it
        lock.unlock();
        QFile note(stem + QStringLiteral(".json"));
        QJsonObject o;
        if (note.open(QIODevice::ReadOnly))
            o = QJsonDocument::fromJson(note.readAll()).object();
        Recovery r;
        r.originalPath = o.value(QStringLiteral("file")).toString();
        r.savedAt = QDateTime::fromString(o.value(QStringLiteral("saved")).toString(), Qt::ISODateWithMs);
        // (A note without top_changed was written before sub-graphs had copies: the top's is there.)
        if (o.value(QStringLiteral("top_changed")).toBool(true) && QFile::exists(stem + QStringLiteral(".yaml")))
            r.copyPath = stem + QStringLiteral(".yaml");
        for (const QJsonValue &v : o.value(QStringLiteral("sub_graphs")).toArray()) {
            const QString copy = dir.filePath(QFileInfo(v.toObject().value(QStringLiteral("copy")).toString()).fileName());
            const QString file = v.toObject().value(QStringLiteral("file")).toString();
            if (!file.isEmpty() && QFile::exists(copy))
                r.subgraphs.append({copy, file});
        }
        if (!r.copyPath.isEmpty() || (!r.subgraphs.isEmpty() && !r.originalPath.isEmpty()))
            out.append(r);
        else
            QFile::remove(stem + QStringLiteral(".json")); // nothing left to offer
    }
    return out;
}

void Autosave::discard(const Recovery &recovery)
{
    const QString stem = !recovery.copyPath.isEmpty() ? recovery.copyPath.chopped(5)
                       : !recovery.subgraphs.isEmpty() ? recovery.subgraphs.first().copyPath.section(QLatin1Char('.'), 0, -3)
                                                        : QString();
    for (const Copy &c : recovery.subgraphs)
        QFile::remove(c.copyPath);
    if (stem.isEmpty())
        return;
    QFile::remove(stem + QStringLiteral(".yaml"));
    QFile::remove(stem + QStringLiteral(".json"));
    QFile::remove(stem + QStringLiteral(".lock"));
}

} // namespace capgraph::editor
