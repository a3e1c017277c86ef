#include "launch/CheckpointStore.h"

#include "exec/Executor.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>

#include <cmath>

namespace capgraph {

CheckpointStore::~CheckpointStore() = default;

RunCheckpoint CheckpointStore::capture(const Executor &executor, const QString &graphFile, const QByteArray &graphSha256,
                                       const QString &mockFile, const QStringList &capabilityDirs, const QString &sessionFile)
{
    RunCheckpoint cp;
    cp.graphFile = graphFile;
    cp.graphSha256 = graphSha256;
    cp.mockFile = mockFile;
    cp.capabilityDirs = capabilityDirs;
    if (!sessionFile.isEmpty())
        cp.sessionFile = QFileInfo(sessionFile).absoluteFilePath();
    cp.state = executor.saveState();
    return cp;
}

QByteArray CheckpointStore::graphHash(const QByteArray &graphBytes)
{
    return QCryptographicHash::hash(graphBytes, QCryptographicHash::Sha256).toHex();
}

qint64 CheckpointStore::maxSteps(const RunCheckpoint &checkpoint)
{
    const qint64 fallback = RunOptions().maxSteps;
    const double steps = checkpoint.state.value(QStringLiteral("max_steps")).toDouble(double(fallback));
    return std::isfinite(steps) && steps >= 1 && steps <= 1e15 ? qint64(steps) : fallback;
}

void CheckpointStore::routeContext(const RunCheckpoint &checkpoint, RunOptions *options)
{
    if (const auto depth = pathDepthFromName(checkpoint.state.value(QStringLiteral("depth")).toString()))
        options->depth = *depth;
    const double budget = checkpoint.state.value(QStringLiteral("budget")).toDouble(-1);
    if (std::isfinite(budget) && budget >= 0)
        options->budget = budget;
}

CheckpointFile::CheckpointFile(QString path, QString what)
    : m_path(std::move(path))
    , m_what(std::move(what))
{
}

bool CheckpointFile::write(const RunCheckpoint &checkpoint, QString *error)
{
    return RunFiles::writeCheckpoint(checkpoint, m_path, error, m_what);
}

bool CheckpointFile::read(RunCheckpoint *checkpoint, QString *error) const
{
    QFile f(m_path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read checkpoint %1: %2").arg(m_path, f.errorString());
        return false;
    }
    return RunFiles::parseCheckpoint(f.readAll(), m_path, checkpoint, error);
}

} // namespace capgraph
