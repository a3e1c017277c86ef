#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace capgraph {

// One property of an object schema, as a person reads it: for `capgraph capabilities show`,
// the studio's Capabilities and Properties docks, and the inputs of a dropped skill node.
struct SchemaProperty
{
    QString name;
    QString type;         // "string", "array of number", "Order", "string | null"
    bool required = false;
    QString description;
    QString defaultValue; // JSON text, empty when there is none
};

// The top-level properties of an object schema: the required ones first (in the order of
// `required`), then the others by name.
QList<SchemaProperty> schemaProperties(const QJsonObject &schema);

} // namespace capgraph
