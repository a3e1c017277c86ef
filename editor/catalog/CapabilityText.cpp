#include "catalog/CapabilityText.h"

#include "capability/Capability.h"
#include "capability/SchemaProperties.h"

#include <QObject>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace capgraph::editor::CapabilityText {

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
    const QList<SchemaProperty> props = schemaProperties(schema);
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
