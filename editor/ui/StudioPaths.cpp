#include "ui/StudioPaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStringList>

namespace capgraph::editor::StudioPaths {

QString examplesDir()
{
    // Installed (resources/CMakeLists.txt), then the source tree of a build.
    const QStringList candidates{QCoreApplication::applicationDirPath() + QStringLiteral("/../share/capgraph-studio/examples"),
                                 QStringLiteral(CAPGRAPH_EXAMPLES_DIR)};
    for (const QString &dir : candidates)
        if (QFileInfo(dir).isDir())
            return QDir(dir).absolutePath();
    return QString();
}

QString docsDir()
{
    const QStringList candidates{QCoreApplication::applicationDirPath() + QStringLiteral("/../share/doc/capgraph-studio"),
                                 QStringLiteral(CAPGRAPH_DOCS_DIR)};
    for (const QString &dir : candidates)
        if (QFileInfo(dir).isDir() && !QDir(dir).entryList({QStringLiteral("*.md")}, QDir::Files).isEmpty())
            return QDir(dir).absolutePath();
    return QString();
}

} // namespace capgraph::editor::StudioPaths
