#include "capability/SchemaProperties.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace capgraph {

namespace {
QString jsonText(const QJsonValue &value)
{
    // A bare value through an array: QJsonDocument writes only arrays and objects.
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

QString typeOf(const QJsonObject &schema)
{
    if (const QString ref = schema.value(QStringLiteral("$ref")).toString(); !ref.isEmpty())
        return ref.section(QLatin1Char('/'), -1);
    const QJsonValue type = schema.value(QStringLiteral("type"));
    QString text;
    if (type.isArray()) {
        QStringList types;
        for (const QJsonValue &t : type.toArray())
            types << t.toString();
        text = types.join(QStringLiteral(" | "));
    } else {
        text = type.toString();
    }
    if (text == QLatin1String("array")) {
        const QString items = typeOf(schema.value(QStringLiteral("items")).toObject());
        if (!items.isEmpty())
            text = QCoreApplication::translate("SchemaProperties", "array of %1").arg(items);
    }
    if (const QJsonArray values = schema.value(QStringLiteral("enum")).toArray(); !values.isEmpty()) {
        QStringList shown;
        for (const QJsonValue &v : values)
            shown << (v.isString() ? v.toString() : jsonText(v));
        text = (text.isEmpty() ? QString() : text + QLatin1Char(' ')) + QLatin1Char('(') + shown.join(QStringLiteral(" | ")) + QLatin1Char(')');
    }
    if (text.isEmpty() && schema.contains(QStringLiteral("oneOf")))
        text = QCoreApplication::translate("SchemaProperties", "one of several");
    return text.isEmpty() ? QCoreApplication::translate("SchemaProperties", "any") : text;
}

} // namespace

QList<SchemaProperty> schemaProperties(const QJsonObject &schema)
{
    const QJsonObject props = schema.value(QStringLiteral("properties")).toObject();
    QStringList required;
    for (const QJsonValue &r : schema.value(QStringLiteral("required")).toArray())
        if (!r.toString().isEmpty() && !required.contains(r.toString())) // required without a schema of its own too
            required << r.toString();
    QStringList order = required;
    for (auto it = props.begin(); it != props.end(); ++it)
        if (!order.contains(it.key()))
            order << it.key();
    QList<SchemaProperty> out;
    for (const QString &name : std::as_const(order)) {
        const QJsonObject p = props.value(name).toObject();
        SchemaProperty sp;
        sp.name = name;
        sp.type = typeOf(p);
        sp.required = required.contains(name);
        sp.description = p.value(QStringLiteral("description")).toString();
        if (p.contains(QStringLiteral("default")))
            sp.defaultValue = jsonText(p.value(QStringLiteral("default")));
        out << sp;
    }
    return out;
}

} // namespace capgraph
