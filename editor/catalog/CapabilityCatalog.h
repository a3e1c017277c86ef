#pragma once

#include "capability/CapabilityRegistry.h"

#include <QObject>
#include <QStringList>

#include <memory>

class QFileSystemWatcher;
class QTimer;

namespace capgraph::editor {

// The capabilities the open graph can call (docs/capabilities.md): a registry loaded from
// the folders CapabilitySources names for the graph's file (folders given explicitly, the
// graph's capabilities/ folder, the user's folder). It reloads when the graph's file changes
// and, shortly after, when a definition file in those folders is added, changed or removed,
// then emits changed(). Pointers into registry() are valid until the next changed().
class CapabilityCatalog : public QObject
{
    Q_OBJECT

public:
    explicit CapabilityCatalog(QObject *parent = nullptr);

    void setGraphFile(const QString &path);
    QString graphFile() const { return m_graphFile; }
    // Folders read before the graph's own (`--capabilities DIR`).
    void setExtraFolders(const QStringList &folders);
    QStringList extraFolders() const { return m_extraFolders; }

    const CapabilityRegistry &registry() const { return *m_registry; }
    // The same, shared: a run keeps the capabilities it started with however the folders change.
    std::shared_ptr<const CapabilityRegistry> shared() const { return m_registry; }
    // Definition files that failed static validation, and duplicates (warnings).
    const Diagnostics &diagnostics() const { return m_registry->diagnostics(); }
    // The folders read, in order (only those that exist).
    QStringList folders() const;
    // Where a new capability is saved: the graph's capabilities/ folder when the graph has a
    // file, else the user's folder; then the other folders one may choose. They need not exist yet.
    QStringList saveFolders() const;

    // Reads every folder again now (a file change does it by itself, a moment later).
    void reload();
    // Reads them now when a change is waiting to be read (a run starting right after a save).
    void reloadIfPending();

signals:
    void changed();

private:
    void watch();

    QString m_graphFile;
    QStringList m_extraFolders;
    std::shared_ptr<const CapabilityRegistry> m_registry;
    QFileSystemWatcher *m_watcher;
    QTimer *m_reloadTimer; // debounces bursts of file events (an editor's save is several)
};

} // namespace capgraph::editor
