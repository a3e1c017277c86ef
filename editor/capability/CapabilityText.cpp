#include "capability/CapabilityText.h"

#include "capability/Capability.h"

#include <QObject>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace capgraph::editor::CapabilityText {

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
            text = QObject::tr("array of %1").arg(items);
    }
    if (const QJsonArray values = schema.value(QStringLiteral("enum")).toArray(); !values.isEmpty()) {
        QStringList shown;
        for (const QJsonValue &v : values)
            shown << (v.isString() ? v.toString() : jsonText(v));
        text = (text.isEmpty() ? QString() : text + QLatin1Char(' ')) + QLatin1Char('(') + shown.join(QStringLiteral(" | ")) + QLatin1Char(')');
    }
    if (text.isEmpty() && schema.contains(QStringLiteral("oneOf")))
        text = QObject::tr("one of several");
    return text.isEmpty() ? QObject::tr("any") : text;
}

} // namespace

QList<SchemaProperty> properties(const QJsonObject &schema)
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

QString reference(const Capability &capability)
{
    return capability.version.isEmpty() ? capability.name : capability.name + QLatin1Char('@') + capability.version;
}

QString handlerType(const Capability &capability)
{
    return capability.isComposite() ? QObject::tr("composite") : capability.handler.value(QStringLiteral("type")).toString();
}

QString handlerTarget(const Capability &capability)
{
    const QJsonObject &h = capability.isComposite() ? capability.workflowDefinition : capability.handler;
    const auto value = [&h](const char *key) { return h.value(QLatin1String(key)).toString(); };
    const QString type = value("type");
    if (capability.isComposite())
        return QStringList{type, value("name"), value("path")}.join(QLatin1Char(' ')).simplified();
    if (type == QLatin1String("api"))
        return (value("method").isEmpty() ? QStringLiteral("GET") : value("method").toUpper()) + QLatin1Char(' ') + value("endpoint");
    if (type == QLatin1String("command")) {
        QStringList words{value("program")};
        for (const QJsonValue &a : h.value(QStringLiteral("arguments")).toArray())
            words << a.toString();
        return words.join(QLatin1Char(' '));
    }
    if (type == QLatin1String("llm"))
        return value("model");
    if (type == QLatin1String("graph"))
        return value("path");
    if (type == QLatin1String("builtin"))
        return value("name");
    return QString();
}

QString schemaHtml(const QJsonObject &schema)
{
    const QList<SchemaProperty> props = properties(schema);
    if (props.isEmpty())
        return QStringLiteral("<p style='color:gray'>%1</p>").arg(QObject::tr("no properties"));
    QString html;
    for (const SchemaProperty &p : props) {
        // A block per property: it wraps in a narrow dock, where a table would not.
        html += QStringLiteral("<p style='margin:0 0 4px 0'><b>%1</b> <span style='color:#2a6fb0'>%2</span>")
                    .arg(p.name.toHtmlEscaped(), p.type.toHtmlEscaped());
        if (p.required)
            html += QStringLiteral(" <span style='color:#b3261e'>%1</span>").arg(QObject::tr("required"));
        if (!p.defaultValue.isEmpty())
            html += QStringLiteral(" <span style='color:gray'>%1</span>").arg(QObject::tr("default: %1").arg(p.defaultValue.toHtmlEscaped()));
        if (!p.description.isEmpty())
            html += QStringLiteral("<br><span style='color:gray'>%1</span>").arg(p.description.toHtmlEscaped());
        html += QStringLiteral("</p>");
    }
    return html;
}

} // namespace capgraph::editor::CapabilityText
