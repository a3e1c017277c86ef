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
    s.m_document = document;
    return s;
}

namespace {
// Follows a local JSON pointer ("#/components/schemas/Order"); an empty object when it leads nowhere.
QJsonObject resolveRef(const QJsonObject &document, const QString &ref)
{
    if (!ref.startsWith(QLatin1String("#/")))
        return {};
    QJsonValue at(document);
    for (QString part : ref.mid(2).split(QLatin1Char('/'))) {
        part.replace(QLatin1String("~1"), QLatin1String("/")).replace(QLatin1String("~0"), QLatin1String("~"));
        at = at.toObject().value(part);
    }
    return at.toObject();
}

QJsonValue fillDefaults(const QJsonObject &document, QJsonObject schema, const QJsonValue &instance, int depth)
{
    for (int hops = 0; schema.contains(QStringLiteral("$ref")) && hops < 32; ++hops)
        schema = resolveRef(document, schema.value(QStringLiteral("$ref")).toString());
    if (!instance.isObject() || depth > 64) // 64: a recursive schema must not recurse forever
        return instance;
    QJsonObject object = instance.toObject();
    const QJsonObject properties = schema.value(QStringLiteral("properties")).toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        QJsonObject propertySchema = it.value().toObject();
        for (int hops = 0; propertySchema.contains(QStringLiteral("$ref")) && hops < 32; ++hops)
            propertySchema = resolveRef(document, propertySchema.value(QStringLiteral("$ref")).toString());
        if (!object.contains(it.key())) {
            if (propertySchema.contains(QStringLiteral("default")))
                object.insert(it.key(), propertySchema.value(QStringLiteral("default")));
            continue;
        }
        object.insert(it.key(), fillDefaults(document, propertySchema, object.value(it.key()), depth + 1));
    }
    return object;
}
} // namespace

QJsonValue JsonSchema::withDefaults(const QJsonValue &instance) const
{
    return fillDefaults(m_document, m_source, instance, 0);
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
