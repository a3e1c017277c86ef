#include "diff/ValueChange.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>

namespace capgraph {

namespace {

QJsonValue jsonOf(const QVariant &value)
{
    if (!value.isValid() || value.isNull())
        return QJsonValue(QJsonValue::Null);
    return QJsonValue::fromVariant(value);
}

QString compactJson(const QJsonValue &v)
{
    if (v.isObject())
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    if (v.isArray())
        return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    // A scalar: wrap it in an array and take the brackets off.
    const QByteArray text = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(text.mid(1, text.size() - 2));
}

} // namespace

QJsonObject ValueChange::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("field"), field);
    if (hadOld())
        o.insert(QStringLiteral("old"), jsonOf(oldValue));
    if (hasNew())
        o.insert(QStringLiteral("new"), jsonOf(newValue));
    return o;
}

QString ValueChange::describe(int maxChars) const
{
    if (!hadOld())
        return QStringLiteral("%1: added %2").arg(field, valueText(newValue, maxChars));
    if (!hasNew())
        return QStringLiteral("%1: removed %2").arg(field, valueText(oldValue, maxChars));
    return QStringLiteral("%1: %2 → %3").arg(field, valueText(oldValue, maxChars), valueText(newValue, maxChars));
}

QString ValueChange::valueText(const QVariant &value, int maxChars)
{
    QString text = compactJson(jsonOf(value));
    if (maxChars > 0 && text.size() > maxChars) {
        const bool quoted = text.startsWith(QLatin1Char('"'));
        text.truncate(maxChars - 1);
        // Not half an escape or half a surrogate pair.
        if (text.endsWith(QLatin1Char('\\')) || text.back().isHighSurrogate())
            text.chop(1);
        text += QStringLiteral("…");
        if (quoted)
            text += QLatin1Char('"');
    }
    return text;
}

bool ValueChange::sameValue(const QVariant &a, const QVariant &b)
{
    if (a.isValid() != b.isValid())
        return false;
    return jsonOf(a) == jsonOf(b);
}

} // namespace capgraph
