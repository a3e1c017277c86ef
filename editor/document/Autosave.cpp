#include "document/Autosave.h"
#include "io/AtomicWrite.h"

#include "document/GraphDocument.h"
#include "yaml/GraphYamlWriter.h"

#include <QCoreApplication>
#include <QDir>
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
    // Saved or reverted to the saved state: the copy is no longer needed.
    connect(document, &GraphDocument::cleanChanged, this, [this](bool clean) {
        if (clean && !m_crashed && !m_document->isSameGraph()) // (a sub-graph entered is not a save)
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
    if (m_crashed || !m_document->isModified())
        return;
    if (!writeFileAtomically(m_copy, GraphYamlWriter::toYaml(m_document->graph())))
        return; // the earlier copy stays whole; the next tick tries again
    writeFileAtomically(m_copy.chopped(5) + QStringLiteral(".json"),
                        QJsonDocument(QJsonObject{{QStringLiteral("file"), m_document->filePath()},
                                                  {QStringLiteral("saved"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)}})
                            .toJson());
}

void Autosave::removeCopy()
{
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
    for (const QString &name : dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Time)) {
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
        out.append({dir.filePath(name), o.value(QStringLiteral("file")).toString(),
                    QDateTime::fromString(o.value(QStringLiteral("saved")).toString(), Qt::ISODateWithMs)});
    }
    return out;
}

void Autosave::discard(const Recovery &recovery)
{
    QFile::remove(recovery.copyPath);
    QFile::remove(recovery.copyPath.chopped(5) + QStringLiteral(".json"));
    QFile::remove(recovery.copyPath.chopped(5) + QStringLiteral(".lock"));
}

} // namespace capgraph::editor
