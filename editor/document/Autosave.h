#pragma once

#include <QDateTime>
#include <QObject>
#include <QString>

#include <memory>

class QLockFile;
class QTimer;

namespace capgraph::editor {

class GraphDocument;

// Crash safety: while a document has unsaved changes, a copy is written every `interval`
// into the autosave folder (QStandardPaths::AppDataLocation/autosave), atomically, with a
// note of which file it belongs to. A lock file marks the copy as owned by a running studio;
// when the studio ends normally (or the document is saved) the copy is removed. A copy whose
// lock is stale was left by a crash: recoverable() lists them at the next start.
class Autosave : public QObject
{
    Q_OBJECT

public:
    struct Recovery
    {
        QString copyPath;     // the autosaved YAML
        QString originalPath; // the file it was a copy of ("" for a new, unsaved graph)
        QDateTime savedAt;
    };

    Autosave(GraphDocument *document, const QString &folder = QString(), int intervalMs = 30000, QObject *parent = nullptr);
    ~Autosave() override; // removes the copy: a normal end

    static QString defaultFolder();
    static QList<Recovery> recoverable(const QString &folder = QString());
    // Forgets a recovery (after it was restored or declined).
    static void discard(const Recovery &recovery);

    void saveNow();
    QString copyPath() const { return m_copy; }
    // For tests: leave the copy behind and drop the lock, as a crash would.
    void simulateCrash();

private:
    void removeCopy();

    GraphDocument *m_document;
    QString m_folder;
    QString m_copy;
    std::unique_ptr<QLockFile> m_lock;
    QTimer *m_timer;
    bool m_crashed = false;
};

} // namespace capgraph::editor
