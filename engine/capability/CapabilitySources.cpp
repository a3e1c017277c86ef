#include "capability/CapabilitySources.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace capgraph {

QString CapabilitySources::userFolder()
{
    // Shared by the studio and the CLI, whose application names (and so AppDataLocation) differ.
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return base.isEmpty() ? QString() : QDir(base).filePath(QStringLiteral("CapGraph/capabilities"));
}

QStringList CapabilitySources::folders(const QString &graphFile, const QStringList &explicitFolders)
{
    QStringList out;
    const auto add = [&out](const QString &dir) {
        if (dir.isEmpty())
            return;
        const QString clean = QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
        if (QFileInfo(clean).isDir() && !out.contains(clean))
            out << clean;
    };
    for (const QString &d : explicitFolders)
        add(d);
    if (!graphFile.isEmpty())
        add(QFileInfo(graphFile).absoluteDir().filePath(QStringLiteral("capabilities")));
    add(userFolder());
    return out;
}

CapabilityRegistry CapabilitySources::load(const QString &graphFile, const QStringList &explicitFolders)
{
    CapabilityRegistry registry;
    for (const QString &dir : folders(graphFile, explicitFolders))
        registry.addFolder(dir);
    return registry;
}

} // namespace capgraph
