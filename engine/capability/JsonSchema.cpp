// valijson reports bad schemas by throwing only when asked to; otherwise it aborts the
// process. A schema in a user's file must be an error message, never a crash.
#define VALIJSON_USE_EXCEPTIONS 1

#include "capability/JsonSchema.h"

#include "capability/JsonPointer.h"
#include "yaml/YamlValue.h"

#include <QDir>
#include <QJsonArray>
#include <QFileInfo>


#include <valijson/adapters/qtjson_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <stdexcept>

namespace capgraph {

namespace {
// A shared schema file (YAML, or JSON, which YAML reads too) as a JSON object; empty with
// the reason when it cannot be read.
QJsonObject readSchemaFile(const QString &path, QString *error)
{
    QVariant value;
    if (!readYamlFile(path, &value, error))
        return {};
    if (value.typeId() != QMetaType::QVariantMap)
        *error = QStringLiteral("%1 is not a mapping").arg(path);
    return QJsonObject::fromVariantMap(value.toMap());
}

// Replaces each $ref to a shared schema file ("schemas/common.yaml#/definitions/Symbol") by
// what it points to, so the schema valijson compiles is one document. Inside inlined content,
// local refs ("#/...") point into that file and are inlined too. `file` is the document being
// walked (empty: the definition itself, whose local refs valijson resolves).
QJsonValue inlineFileRefs(const QJsonValue &value, const QString &baseDir, const QString &file, const QJsonObject &fileRoot, int depth, QString *error)
{
    if (!error->isEmpty())
        return value;
    if (depth > 32) {
        *error = QStringLiteral("$refs nest more than 32 deep (a schema file that refers to itself?)");
        return value;
    }
    if (value.isArray()) {
        QJsonArray out;
        for (const QJsonValue &v : value.toArray())
            out.append(inlineFileRefs(v, baseDir, file, fileRoot, depth, error));
        return out;
    }
    if (!value.isObject())
        return value;
    const QJsonObject object = value.toObject();
    const QString ref = object.value(QStringLiteral("$ref")).toString();
    const bool local = ref.startsWith(QLatin1Char('#'));
    if (!ref.isEmpty() && (!local || !file.isEmpty())) {
        if (ref.contains(QLatin1String("://"))) {
            *error = QStringLiteral("$ref '%1': schemas are not downloaded; keep a copy beside the definition").arg(ref);
            return value;
        }
        QString target = file;
        QJsonObject root = fileRoot;
        if (!local) {
            target = QDir::cleanPath(QDir(file.isEmpty() ? baseDir : QFileInfo(file).absolutePath()).absoluteFilePath(ref.section(QLatin1Char('#'), 0, 0)));
            root = readSchemaFile(target, error);
            if (!error->isEmpty())
                return value;
        }
        QJsonValue pointed;
        if (!jsonPointer(root, ref.section(QLatin1Char('#'), 1), &pointed)) {
            *error = QStringLiteral("$ref '%1': %2 has nothing at '%3'").arg(ref, QFileInfo(target).fileName(), ref.section(QLatin1Char('#'), 1));
            return value;
        }
        return inlineFileRefs(pointed, baseDir, target, root, depth + 1, error);
    }
    QJsonObject out;
    for (auto it = object.begin(); it != object.end(); ++it)
        out.insert(it.key(), inlineFileRefs(it.value(), baseDir, file, fileRoot, depth, error));
    return out;
}
} // namespace

std::optional<JsonSchema> JsonSchema::compile(const QJsonObject &schema, QString *error, const QJsonObject &components, const QString &baseDir)
{
    // The schema lives in a document that also holds the reusable components, so that
    // "#/components/schemas/Order" resolves against it.
    QString refError;
    QJsonObject document = inlineFileRefs(schema, baseDir.isEmpty() ? QDir::currentPath() : baseDir, QString(), {}, 0, &refError).toObject();
    if (!refError.isEmpty()) {
        if (error)
            *error = refError;
        return std::nullopt;
    }
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
// Follows a local $ref ("#/components/schemas/Order"); an empty object when it leads nowhere.
QJsonObject resolveRef(const QJsonObject &document, const QString &ref)
{
    QJsonValue at;
    return ref.startsWith(QLatin1String("#/")) && jsonPointer(document, ref.mid(1), &at) ? at.toObject() : QJsonObject();
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
    return fillDefaults(m_document, m_document, instance, 0); // the document: shared files inlined
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
