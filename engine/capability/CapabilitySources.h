#pragma once

#include "capability/CapabilityRegistry.h"

#include <QString>
#include <QStringList>

namespace capgraph {

// Where a graph's capabilities come from (docs/capabilities.md), in the order they are read
// (a name and version defined twice: the first one read wins, and the other is reported):
//   1. folders given explicitly (`--capabilities DIR`, the studio's settings),
//   2. the `capabilities/` folder beside the graph file,
//   3. the user's folder: <GenericDataLocation>/CapGraph/capabilities (~/.local/share/CapGraph/capabilities),
//      shared by the studio and the CLI.
// Folders that do not exist are skipped silently; they are the normal case.
class CapabilitySources
{
public:
    static QStringList folders(const QString &graphFile, const QStringList &explicitFolders = {});
    static QString userFolder();
    static CapabilityRegistry load(const QString &graphFile, const QStringList &explicitFolders = {});
};

} // namespace capgraph
