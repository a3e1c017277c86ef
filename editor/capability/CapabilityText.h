#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace capgraph {
struct Capability;
}

namespace capgraph::editor {

// How the studio shows a capability (the Capabilities dock's details, the properties dock's
// bound-capability section): the same words and the same schema rendering in both places.
namespace CapabilityText {

// One property of an object schema, as a person reads it.
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
QList<SchemaProperty> properties(const QJsonObject &schema);

// "name@1.0.0", or the bare name when there is no version.
QString reference(const Capability &capability);
// api, command, llm, graph, builtin, mock — or "composite" for a workflow_definition.
QString handlerType(const Capability &capability);
// What the handler calls, in one line: "GET https://api.example.com/stocks/{symbol}",
// "python3 quote.py", "gpt-4o-mini", the sub-graph's path; empty when there is nothing to say.
QString handlerTarget(const Capability &capability);

// A schema's properties as HTML (for a QLabel or QTextBrowser): one short block per property
// that wraps in a narrow dock — name, type, "required", description, default.
QString schemaHtml(const QJsonObject &schema);

} // namespace CapabilityText

} // namespace capgraph::editor
