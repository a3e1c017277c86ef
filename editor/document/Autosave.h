#pragma once

#include <QDateTime>
#include <QObject>
#include <QString>

#include <memory>

class QLockFile;
class QTimer;

namespace capgraph::editor {

class GraphDocument;

// Crash safety: while a document has unsaved changes, a copy of each graph with unsaved
// changes (the top graph's and its sub-graphs', GraphDocument::unsavedGraphs) is written every
// `interval` into the autosave folder (QStandardPaths::AppDataLocation/autosave), atomically,
// with a note of which files they belong to. A lock file marks the copies as owned by a
// running studio; when the studio ends normally (or every graph is saved) they are removed.
// Copies whose lock is stale were left by a crash: recoverable() lists them at the next start.
class Autosave : public QObject
{
    Q_OBJECT

public:
    struct Copy
    {
        QString copyPath;     // the autosaved YAML
        QString originalPath; // the file it was a copy of
    };
    struct Recovery
    {
        QString copyPath;     // the top graph's autosaved YAML; empty when only sub-graphs had changes
        QString originalPath; // the top graph's file ("" for a new, unsaved graph)
        QDateTime savedAt;
        QList<Copy> subgraphs; // sub-graphs with unsaved changes
    };

    Autosave(GraphDocument *document, const QString &folder = QString(), int intervalMs = 30000, QObject *parent = nullptr);
    ~Autosave() override; // removes the copy: a normal end

    static QString defaultFolder();
    static QList<Recovery> recoverable(const QString &folder = QString());
    // Forgets a recovery (after it was restored or declined).
    static void discard(const Recovery &recovery);

    void saveNow();
    QString copyPath() const { return m_copy; } // the top graph's copy
    // The copies written by the last save, the top graph's first when it had changes.
    QList<Copy> copies() const { return m_written; }
    // For tests: leave the copy behind and drop the lock, as a crash would.
    void simulateCrash();

private:
    void removeCopy();

    GraphDocument *m_document;
    QString m_folder;
    QString m_copy;
    std::unique_ptr<QLockFile> m_lock;
    QTimer *m_timer;
    QList<Copy> m_written;
    bool m_crashed = false;
};

} // namespace capgraph::editor
