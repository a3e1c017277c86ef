#include "handlers/TrustedFolders.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace capgraph {

namespace {
const char kKey[] = "trusted_folders";

QSettings settings()
{
    return QSettings(QSettings::IniFormat, QSettings::UserScope, QStringLiteral("CapGraph"), QStringLiteral("trust"));
}

QString canonical(const QString &path)
{
    const QFileInfo fi(path);
    const QString c = fi.canonicalFilePath();
    return QDir::cleanPath(c.isEmpty() ? fi.absoluteFilePath() : c);
}
} // namespace

QString TrustedFolders::fileName()
{
    return settings().fileName();
}

QStringList TrustedFolders::all()
{
    return settings().value(QLatin1String(kKey)).toStringList();
}

bool TrustedFolders::contains(const QString &graphFile)
{
    const QString file = canonical(graphFile);
    for (const QString &folder : all()) {
        const QString f = canonical(folder);
        if (file == f || file.startsWith(f.endsWith(QLatin1Char('/')) ? f : f + QLatin1Char('/')))
            return true;
    }
    return false;
}

void TrustedFolders::add(const QString &folder)
{
    QStringList list = all();
    const QString f = canonical(folder);
    if (!list.contains(f)) {
        list << f;
        settings().setValue(QLatin1String(kKey), list);
    }
}

void TrustedFolders::remove(const QString &folder)
{
    QStringList list = all();
    list.removeAll(canonical(folder));
    settings().setValue(QLatin1String(kKey), list);
}

} // namespace capgraph
