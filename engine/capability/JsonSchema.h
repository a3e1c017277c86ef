#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

#include <memory>
#include <optional>

namespace valijson { class Schema; }

namespace capgraph {

// A JSON Schema (draft 7), compiled once by valijson and checked against instances many
// times: seed 003's static validation (is the schema well formed? do its $refs resolve?) and
// its dynamic validation (do these inputs fit?). Errors name the JSON path and the rule:
// "/symbol: expected type string, got number".
class JsonSchema
{
public:
    // Nullopt with the reason when the schema is not a schema (a wrong keyword type, a $ref
    // that does not resolve). `components` is where "#/components/schemas/X" references look
    // (seed 003's reusable schemas), merged into the document the schema is read from.
    // `baseDir`: where `$ref`s to shared schema files start ("schemas/common.yaml#/Symbol",
    // JSON or YAML); they are read and inlined when the schema is compiled. URLs are never
    // fetched (nothing is downloaded at run time).
    static std::optional<JsonSchema> compile(const QJsonObject &schema, QString *error, const QJsonObject &components = {},
                                             const QString &baseDir = QString());

    // Every violation, "path: what is wrong"; empty when the instance fits.
    QStringList validate(const QJsonValue &instance) const;
    // The instance with the schema's `default`s filled in where a property is missing, in
    // nested objects too, following local $refs ("#/components/schemas/X", "#/definitions/X").
    // Applied to a capability's inputs before they are checked (seed 003's defaults).
    QJsonValue withDefaults(const QJsonValue &instance) const;
    const QJsonObject &source() const { return m_source; }

private:
    std::shared_ptr<const valijson::Schema> m_schema;
    QJsonObject m_source;
    QJsonObject m_document; // the source with its components, where $refs point
};

} // namespace capgraph
