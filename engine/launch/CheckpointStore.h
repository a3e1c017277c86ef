#pragma once

#include "exec/RunFiles.h"

#include <QString>

namespace capgraph {

struct RunOptions;

class Executor;

// Where a run's checkpoints are kept (docs/execution.md, "Checkpoints"): written while a run
// goes and when it stops, read to resume it. CheckpointFile is today's (a JSON file, what
// `capgraph run --checkpoint` and `--session` write); a run server keeps them in a database.
// A checkpoint holds everything a resume needs: the graph's file and the SHA-256 of its bytes
// (a changed graph is refused), the mock file and capability folders it was started with,
// the session file, and the executor's state, step limit included.
class CheckpointStore
{
public:
    virtual ~CheckpointStore();
    // How messages name it (the file's path).
    virtual QString name() const = 0;
    // Keeps `checkpoint`, whole or not at all (the previous one stays when writing fails).
    virtual bool write(const RunCheckpoint &checkpoint, QString *error) = 0;
    // The checkpoint kept, or false with a message saying why it cannot be read (naming it).
    virtual bool read(RunCheckpoint *checkpoint, QString *error) const = 0;

    // What a run started from `graphBytes` (its file's bytes) keeps of `executor` now.
    static RunCheckpoint capture(const Executor &executor, const QString &graphFile, const QByteArray &graphSha256,
                                 const QString &mockFile, const QStringList &capabilityDirs, const QString &sessionFile);
    // The SHA-256 a checkpoint records for a graph file's bytes (hex).
    static QByteArray graphHash(const QByteArray &graphBytes);
    // The step limit the run had (RunOptions::maxSteps), from its saved state.
    static qint64 maxSteps(const RunCheckpoint &checkpoint);
    // The depth and budget its `select: optimal` branches chose under (RunOptions), when the run named them.
    static void routeContext(const RunCheckpoint &checkpoint, RunOptions *options);
};

// A checkpoint as a JSON file, written atomically.
class CheckpointFile final : public CheckpointStore
{
public:
    // `what` names it in a message when writing fails ("checkpoint", "the session").
    explicit CheckpointFile(QString path, QString what = QStringLiteral("checkpoint"));
    QString name() const override { return m_path; }
    bool write(const RunCheckpoint &checkpoint, QString *error) override;
    bool read(RunCheckpoint *checkpoint, QString *error) const override;

private:
    QString m_path;
    QString m_what;
};

} // namespace capgraph
