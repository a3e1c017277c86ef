#include "capability/JsonPointer.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace capgraph {

bool jsonPointer(const QJsonValue &root, const QString &pointer, QJsonValue *out)
{
    QJsonValue at = root;
    if (pointer.isEmpty() || pointer == QLatin1String("/")) {
        *out = at;
        return true;
    }
    for (QString part : pointer.mid(pointer.startsWith(QLatin1Char('/')) ? 1 : 0).split(QLatin1Char('/'))) {
        part.replace(QLatin1String("~1"), QLatin1String("/")).replace(QLatin1String("~0"), QLatin1String("~"));
        if (at.isObject() && at.toObject().contains(part)) {
            at = at.toObject().value(part);
        } else if (at.isArray()) {
            bool ok = false;
            const int i = part.toInt(&ok);
            if (!ok || i < 0 || i >= at.toArray().size())
                return false;
            at = at.toArray().at(i);
        } else {
            return false;
        }
    }
    *out = at;
    return true;
}

} // namespace capgraph
