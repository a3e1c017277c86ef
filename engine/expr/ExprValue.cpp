#include "expr/ExprValue.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QLocale>
#include <QVariantList>
#include <QVariantMap>

#include <cmath>

namespace capgraph::ExprValue {

QVariant normalized(const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::QJsonValue: return normalized(v.value<QJsonValue>().toVariant());
    case QMetaType::QJsonObject: return v.value<QJsonObject>().toVariantMap();
    case QMetaType::QJsonArray: return v.value<QJsonArray>().toVariantList();
    case QMetaType::QVariantHash: {
        QVariantMap m;
        const QVariantHash h = v.toHash();
        for (auto it = h.cbegin(); it != h.cend(); ++it)
            m.insert(it.key(), it.value());
        return m;
    }
    case QMetaType::QStringList: return v.toList();
    default: return v;
    }
}

ValueKind kindOf(const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::UnknownType:
    case QMetaType::Nullptr: return ValueKind::Null;
    case QMetaType::Bool: return ValueKind::Bool;
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Double:
    case QMetaType::Float:
    case QMetaType::Short:
    case QMetaType::UShort:
    case QMetaType::Long:
    case QMetaType::ULong: return ValueKind::Number;
    case QMetaType::QString:
    case QMetaType::QChar:
    case QMetaType::QByteArray: return ValueKind::String;
    case QMetaType::QVariantList:
    case QMetaType::QStringList:
    case QMetaType::QJsonArray: return ValueKind::List;
    case QMetaType::QVariantMap:
    case QMetaType::QVariantHash:
    case QMetaType::QJsonObject: return ValueKind::Map;
    case QMetaType::QJsonValue: return kindOf(normalized(v));
    default: return v.isNull() ? ValueKind::Null : ValueKind::String;
    }
}

QString kindName(ValueKind kind)
{
    switch (kind) {
    case ValueKind::Null: return QStringLiteral("null");
    case ValueKind::Bool: return QStringLiteral("boolean");
    case ValueKind::Number: return QStringLiteral("number");
    case ValueKind::String: return QStringLiteral("string");
    case ValueKind::List: return QStringLiteral("list");
    case ValueKind::Map: return QStringLiteral("map");
    }
    return QStringLiteral("value");
}

QString kindName(const QVariant &v) { return kindName(kindOf(v)); }

bool truthy(const QVariant &v)
{
    switch (kindOf(v)) {
    case ValueKind::Null: return false;
    case ValueKind::Bool: return v.toBool();
    case ValueKind::Number: return v.toDouble() != 0.0;
    case ValueKind::String: return !v.toString().isEmpty();
    case ValueKind::List: return !normalized(v).toList().isEmpty();
    case ValueKind::Map: return !normalized(v).toMap().isEmpty();
    }
    return false;
}

bool equals(const QVariant &a, const QVariant &b)
{
    const ValueKind ka = kindOf(a);
    if (ka != kindOf(b))
        return false;
    switch (ka) {
    case ValueKind::Null: return true;
    case ValueKind::Bool: return a.toBool() == b.toBool();
    case ValueKind::Number: return a.toDouble() == b.toDouble();
    case ValueKind::String: return a.toString() == b.toString();
    case ValueKind::List: {
        const QVariantList la = normalized(a).toList(), lb = normalized(b).toList();
        if (la.size() != lb.size())
            return false;
        for (qsizetype i = 0; i < la.size(); ++i)
            if (!equals(la.at(i), lb.at(i)))
                return false;
        return true;
    }
    case ValueKind::Map: {
        const QVariantMap ma = normalized(a).toMap(), mb = normalized(b).toMap();
        if (ma.size() != mb.size())
            return false;
        for (auto it = ma.cbegin(); it != ma.cend(); ++it) {
            const auto other = mb.constFind(it.key());
            if (other == mb.cend() || !equals(it.value(), other.value()))
                return false;
        }
        return true;
    }
    }
    return false;
}

bool compare(const QVariant &a, const QVariant &b, int *order)
{
    const ValueKind ka = kindOf(a), kb = kindOf(b);
    if (ka != kb)
        return false;
    if (ka == ValueKind::Number) {
        const double x = a.toDouble(), y = b.toDouble();
        if (std::isnan(x) || std::isnan(y))
            return false;
        *order = x < y ? -1 : x > y ? 1 : 0;
        return true;
    }
    if (ka == ValueKind::String) {
        const int c = a.toString().compare(b.toString());
        *order = c < 0 ? -1 : c > 0 ? 1 : 0;
        return true;
    }
    return false;
}

QString toDisplayString(const QVariant &v)
{
    switch (kindOf(v)) {
    case ValueKind::Null: return QStringLiteral("null");
    case ValueKind::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case ValueKind::Number: {
        const double d = v.toDouble();
        if (d == std::floor(d) && std::fabs(d) < 1e15)
            return QString::number(static_cast<qlonglong>(d));
        return QString::number(d, 'g', QLocale::FloatingPointShortest);
    }
    case ValueKind::String: return v.toString();
    case ValueKind::List:
        return QString::fromUtf8(QJsonDocument(QJsonArray::fromVariantList(normalized(v).toList())).toJson(QJsonDocument::Compact));
    case ValueKind::Map:
        return QString::fromUtf8(QJsonDocument(QJsonObject::fromVariantMap(normalized(v).toMap())).toJson(QJsonDocument::Compact));
    }
    return {};
}

QString toText(const QVariant &v)
{
    if (kindOf(v) != ValueKind::List)
        return toDisplayString(v);
    QStringList items;
    for (const QVariant &item : normalized(v).toList())
        items.append(toText(item));
    return items.join(QStringLiteral(", "));
}

} // namespace capgraph::ExprValue
