#include "catalog/CapabilityCatalog.h"

#include "capability/CapabilitySources.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

namespace capgraph::editor {

CapabilityCatalog::CapabilityCatalog(QObject *parent)
    : QObject(parent)
    , m_watcher(new QFileSystemWatcher(this))
    , m_reloadTimer(new QTimer(this))
{
    m_reloadTimer->setSingleShot(true);
    m_reloadTimer->setInterval(250);
    connect(m_reloadTimer, &QTimer::timeout, this, &CapabilityCatalog::reload);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, m_reloadTimer, qOverload<>(&QTimer::start));
    connect(m_watcher, &QFileSystemWatcher::fileChanged, m_reloadTimer, qOverload<>(&QTimer::start));
    reload();
}

void CapabilityCatalog::setGraphFile(const QString &path)
{
    m_graphFile = path;
    reload();
}

void CapabilityCatalog::setExtraFolders(const QStringList &folders)
{
    m_extraFolders = folders;
    reload();
}

QStringList CapabilityCatalog::folders() const
{
    return CapabilitySources::folders(m_graphFile, m_extraFolders);
}

QStringList CapabilityCatalog::saveFolders() const
{
    QStringList out;
    const auto add = [&out](const QString &dir) {
        const QString clean = dir.isEmpty() ? QString() : QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
        if (!clean.isEmpty() && !out.contains(clean))
            out << clean;
    };
    if (!m_graphFile.isEmpty())
        add(QFileInfo(m_graphFile).absoluteDir().filePath(QStringLiteral("capabilities")));
    add(CapabilitySources::userFolder());
    for (const QString &dir : m_extraFolders)
        add(dir);
    return out;
}

void CapabilityCatalog::reload()
{
    m_reloadTimer->stop();
    m_registry = std::make_shared<const CapabilityRegistry>(CapabilitySources::load(m_graphFile, m_extraFolders));
    watch();
    emit changed();
}

void CapabilityCatalog::reloadIfPending()
{
    if (m_reloadTimer->isActive())
        reload();
}

void CapabilityCatalog::watch()
{
    // Saving replaces a file (a new inode), which drops its watch: watch everything afresh.
    if (const QStringList watched = m_watcher->files() + m_watcher->directories(); !watched.isEmpty())
        m_watcher->removePaths(watched);
    QStringList paths;
    for (const QString &dir : folders()) {
        paths << dir;
        QDirIterator it(dir, {QStringLiteral("*.yaml"), QStringLiteral("*.yml"), QStringLiteral("*.json")},
                        QDir::Files | QDir::AllDirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext())
            paths << it.next();
    }
    // The graph's folder too: a capabilities/ folder made there later is read at once.
    if (!m_graphFile.isEmpty() && QFileInfo(m_graphFile).absoluteDir().exists())
        paths << QFileInfo(m_graphFile).absolutePath();
    if (!paths.isEmpty())
        m_watcher->addPaths(paths);
}

} // namespace capgraph::editor
