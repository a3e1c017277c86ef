#include "catalog/CapabilityNodeMime.h"

#include "capability/Capability.h"
#include "capability/SchemaProperties.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMimeData>

namespace capgraph::editor::CapabilityNodeMime {

Node skillNodeFor(const Capability &capability)
{
    Node n;
    n.kind = NodeKind::Skill;
    n.type = canonicalTypeName(NodeKind::Skill);
    n.id = capability.name.section(QLatin1Char('.'), -1);
    n.skillId = capability.name;
    for (const SchemaProperty &p : schemaProperties(capability.inputSchema))
        if (p.required)
            n.inputs.setValue(p.name, QStringLiteral("${input.%1}").arg(p.name));
    for (const SchemaProperty &p : schemaProperties(capability.outputSchema))
        n.outputs << p.name;
    return n;
}

QMimeData *toMimeData(const Capability &capability)
{
    const Node n = skillNodeFor(capability);
    QJsonArray inputs; // [name, value] pairs: a JSON object would sort them
    for (const ExtraFields::Field &f : n.inputs.fields())
        inputs.append(QJsonArray{f.key, n.inputs.value(f.key).toString()});
    const QJsonObject node{{QStringLiteral("id"), n.id},
                           {QStringLiteral("skill_id"), n.skillId},
                           {QStringLiteral("inputs"), inputs},
                           {QStringLiteral("outputs"), QJsonArray::fromStringList(n.outputs)}};
    auto *data = new QMimeData;
    data->setData(QLatin1String(MimeType), QJsonDocument(node).toJson(QJsonDocument::Compact));
    data->setText(n.skillId);
    return data;
}

std::optional<Node> nodeFrom(const QMimeData *data)
{
    if (!data || !data->hasFormat(QLatin1String(MimeType)))
        return std::nullopt;
    const QJsonObject o = QJsonDocument::fromJson(data->data(QLatin1String(MimeType))).object();
    if (o.value(QStringLiteral("skill_id")).toString().isEmpty())
        return std::nullopt;
    Node n;
    n.kind = NodeKind::Skill;
    n.type = canonicalTypeName(NodeKind::Skill);
    n.id = o.value(QStringLiteral("id")).toString();
    n.skillId = o.value(QStringLiteral("skill_id")).toString();
    for (const QJsonValue &pair : o.value(QStringLiteral("inputs")).toArray())
        n.inputs.setValue(pair.toArray().at(0).toString(), pair.toArray().at(1).toString());
    for (const QJsonValue &name : o.value(QStringLiteral("outputs")).toArray())
        n.outputs << name.toString();
    return n;
}

} // namespace capgraph::editor::CapabilityNodeMime
