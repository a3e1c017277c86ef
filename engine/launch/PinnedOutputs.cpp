#include "launch/PinnedOutputs.h"

#include "io/AtomicWrite.h"
#include "io/YamlValue.h"

#include <QFile>
#include <QDir>
#include <QFileInfo>

namespace capgraph::PinnedOutputs {

QString fileFor(const QString &graphFile)
{
    const QFileInfo info(graphFile);
    QString base = info.fileName();
    for (const QLatin1String ext : {QLatin1String(".yaml"), QLatin1String(".yml")})
        if (base.endsWith(ext, Qt::CaseInsensitive)) {
            base.chop(ext.size());
            break;
        }
    return info.dir().filePath(base + QStringLiteral(".pins.yaml"));
}

bool fromVariant(const QVariant &doc, const QString &file, Pins *pins, QString *error)
{
    if (!doc.isValid() || doc.isNull() || (doc.typeId() == QMetaType::QString && doc.toString().isEmpty()))
        return true; // an empty file pins nothing
    if (doc.typeId() != QMetaType::QVariantMap) {
        *error = QStringLiteral("%1: expected a mapping of node ids to their pinned outputs").arg(file);
        return false;
    }
    const QVariantMap m = doc.toMap();
    for (auto it = m.cbegin(); it != m.cend(); ++it) {
        if (it.value().typeId() != QMetaType::QVariantMap) {
            *error = QStringLiteral("%1: '%2': expected a mapping of output names to values").arg(file, it.key());
            return false;
        }
        pins->insert(it.key(), it.value().toMap());
    }
    return true;
}

bool read(const QString &path, Pins *pins, QString *error)
{
    QVariant doc;
    if (!readYamlFile(path, &doc, error))
        return false;
    return fromVariant(doc, path, pins, error);
}

bool write(const QString &path, const Pins &pins, QString *error)
{
    if (pins.isEmpty()) {
        if (QFile::exists(path) && !QFile::remove(path)) {
            if (error)
                *error = QStringLiteral("cannot remove %1").arg(path);
            return false;
        }
        return true;
    }
    QVariantMap m;
    for (auto it = pins.cbegin(); it != pins.cend(); ++it)
        m.insert(it.key(), it.value());
    const QByteArray text = QByteArrayLiteral("# Pinned outputs: these nodes' handlers are not called; runs use these values (capgraph run --pinned).\n")
        + variantToYamlText(m).toUtf8();
    return writeFileAtomically(path, text, error, QStringLiteral("pinned outputs"));
}

} // namespace capgraph::PinnedOutputs
