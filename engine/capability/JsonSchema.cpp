// valijson reports bad schemas by throwing only when asked to; otherwise it aborts the
// process. A schema in a user's file must be an error message, never a crash.
#define VALIJSON_USE_EXCEPTIONS 1

#include "capability/JsonSchema.h"

#include <QJsonArray>

#include <valijson/adapters/qtjson_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <stdexcept>

namespace capgraph {

std::optional<JsonSchema> JsonSchema::compile(const QJsonObject &schema, QString *error, const QJsonObject &components)
{
    // The schema lives in a document that also holds the reusable components, so that
    // "#/components/schemas/Order" resolves against it.
    QJsonObject document = schema;
    if (!components.isEmpty() && !document.contains(QStringLiteral("components")))
        document.insert(QStringLiteral("components"), components);
    auto compiled = std::make_shared<valijson::Schema>();
    try {
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        const QJsonValue root(document);
        valijson::adapters::QtJsonAdapter adapter(root);
        parser.populateSchema(adapter, *compiled);
    } catch (const std::exception &e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return std::nullopt;
    }
    JsonSchema s;
    s.m_schema = compiled;
    s.m_source = schema;
    return s;
}

QStringList JsonSchema::validate(const QJsonValue &instance) const
{
    QStringList out;
    if (!m_schema)
        return out;
    valijson::Validator validator(valijson::Validator::kStrongTypes);
    valijson::ValidationResults results;
    valijson::adapters::QtJsonAdapter adapter(instance);
    if (validator.validate(*m_schema, adapter, &results))
        return out;
    valijson::ValidationResults::Error e;
    while (results.popError(e)) {
        // valijson's context is a list of path parts: "<root>", "[symbol]", "[0]".
        QString path;
        for (const std::string &part : e.context) {
            QString p = QString::fromStdString(part);
            if (p == QLatin1String("<root>"))
                continue;
            if (p.startsWith(QLatin1Char('[')) && p.endsWith(QLatin1Char(']')))
                p = p.mid(1, p.size() - 2);
            if (p.startsWith(QLatin1Char('"')) && p.endsWith(QLatin1Char('"')))
                p = p.mid(1, p.size() - 2);
            path += QLatin1Char('/') + p;
        }
        const QString line = (path.isEmpty() ? QStringLiteral("/") : path) + QStringLiteral(": ") + QString::fromStdString(e.description);
        if (!out.contains(line))
            out << line;
    }
    return out;
}

} // namespace capgraph
