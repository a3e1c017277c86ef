// valijson reports bad schemas by throwing only when asked to; otherwise it aborts the
// process. A schema in a user's file must be an error message, never a crash.
#define VALIJSON_USE_EXCEPTIONS 1

#include "capability/JsonSchema.h"

#include "capability/JsonPointer.h"
#include "capability/SchemaStructure.h"
#include "io/YamlValue.h"

#include <QDir>
#include <QJsonArray>
#include <QFileInfo>


#include <valijson/adapters/qtjson_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <QDate>
#include <QHash>
#include <QRegularExpression>

#include <stdexcept>

// valijson checks `pattern` and `format` with std::regex, which recurses once per character
// of the text: a long string overflows the stack, and a pattern that backtracks
// catastrophically never ends. These two checks are replaced, for the adapters we use, by
// PCRE2 (through QRegularExpression), whose match limit turns a runaway match into an error.
namespace capgraph::schemaregex {

enum class Outcome { Match, NoMatch, TooCostly, Invalid };

Outcome search(const std::string &pattern, const std::string &text)
{
    thread_local QHash<QString, QRegularExpression> cache;
    const QString p = QString::fromStdString(pattern);
    auto it = cache.find(p);
    if (it == cache.end()) {
        if (cache.size() >= 256)
            cache.clear();
        it = cache.insert(p, QRegularExpression(p));
    }
    if (!it->isValid())
        return Outcome::Invalid;
    const QRegularExpressionMatch m = it->match(QString::fromStdString(text));
    if (!m.isValid()) // PCRE2 stopped: its match or stack limit
        return Outcome::TooCostly;
    return m.hasMatch() ? Outcome::Match : Outcome::NoMatch;
}

// Empty when `text` is a valid `format` (date, time, date-time per RFC 3339; other formats
// are not checked, as in valijson), else why not.
std::string formatProblem(const std::string &format, const std::string &text)
{
    static const QRegularExpression date(QStringLiteral("^(\\d{4})-(\\d{2})-(\\d{2})$"));
    static const QRegularExpression time(QStringLiteral("^([01]\\d|2[0-3]):[0-5]\\d:([0-5]\\d|60)(\\.\\d+)?([Zz]|[+-]([01]\\d|2[0-3]):[0-5]\\d)$"));
    const QString s = QString::fromStdString(text);
    const auto validDate = [&](const QString &d) {
        const QRegularExpressionMatch m = date.match(d);
        return m.hasMatch() && QDate(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt()).isValid();
    };
    if (format == "date")
        return validDate(s) ? std::string() : "String should be a valid date";
    if (format == "time")
        return time.match(s).hasMatch() ? std::string() : "String should be a valid time";
    if (format == "date-time") {
        const qsizetype t = s.indexOf(QRegularExpression(QStringLiteral("[Tt]")));
        return t == 10 && validDate(s.left(10)) && time.match(s.mid(11)).hasMatch() ? std::string() : "String should be a valid date-time";
    }
    return {};
}

template <typename Target, typename Results>
bool checkPattern(const Target &target, bool strictTypes, Results *results, const std::vector<std::string> &context,
                  const std::string &pattern)
{
    if ((strictTypes && !target.isString()) || !target.maybeString())
        return true;
    switch (search(pattern, target.asString())) {
    case Outcome::Match:
        return true;
    case Outcome::NoMatch:
        if (results)
            results->pushError(context, "Failed to match regex specified by 'pattern' constraint.");
        return false;
    case Outcome::TooCostly:
        if (results)
            results->pushError(context, "pattern '" + pattern + "' is too costly to match against this text (it backtracks catastrophically)");
        return false;
    case Outcome::Invalid:
        if (results)
            results->pushError(context, "pattern '" + pattern + "' is not a valid regular expression");
        return false;
    }
    return false;
}

template <typename Target, typename Results>
bool checkFormat(const Target &target, bool strictTypes, Results *results, const std::vector<std::string> &context,
                 const std::string &format)
{
    if ((strictTypes && !target.isString()) || !target.maybeString())
        return true;
    const std::string problem = formatProblem(format, target.asString());
    if (problem.empty())
        return true;
    if (results)
        results->pushError(context, problem);
    return false;
}

} // namespace capgraph::schemaregex

namespace valijson {
// Explicit specializations: declared before anything below instantiates the visitor.
template <>
bool ValidationVisitor<adapters::QtJsonAdapter>::visit(const constraints::PatternConstraint &constraint)
{
    return capgraph::schemaregex::checkPattern(m_target, m_strictTypes, m_results, m_context,
                                               constraint.getPattern<std::string::allocator_type>());
}
template <>
bool ValidationVisitor<adapters::StdStringAdapter>::visit(const constraints::PatternConstraint &constraint)
{
    return capgraph::schemaregex::checkPattern(m_target, m_strictTypes, m_results, m_context,
                                               constraint.getPattern<std::string::allocator_type>());
}
template <>
bool ValidationVisitor<adapters::QtJsonAdapter>::visit(const constraints::FormatConstraint &constraint)
{
    return capgraph::schemaregex::checkFormat(m_target, m_strictTypes, m_results, m_context, constraint.getFormat());
}
template <>
bool ValidationVisitor<adapters::StdStringAdapter>::visit(const constraints::FormatConstraint &constraint)
{
    return capgraph::schemaregex::checkFormat(m_target, m_strictTypes, m_results, m_context, constraint.getFormat());
}
} // namespace valijson

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

// How much inlining may add: a few shared files that refer to each other twice per level
// would otherwise expand exponentially.
constexpr qsizetype kMaxInlinedValues = 200'000;

struct Inliner
{
    QString baseDir;  // the definition's folder: shared schema files must be in it (or below)
    QString error;
    qsizetype values = 0;

    // True when `path` (absolute, cleaned) is inside baseDir, symbolic links followed.
    bool inside(const QString &path) const
    {
        const QString base = QFileInfo(baseDir).canonicalFilePath();
        const QString target = QFileInfo(path).canonicalFilePath();
        if (base.isEmpty() || target.isEmpty())
            return !base.isEmpty() && QDir::cleanPath(path).startsWith(QDir::cleanPath(baseDir) + QLatin1Char('/'));
        return target.startsWith(base + QLatin1Char('/'));
    }

    // Replaces each $ref to a shared schema file ("schemas/common.yaml#/definitions/Symbol") by
    // what it points to, so the schema valijson compiles is one document. Inside inlined
    // content, local refs ("#/...") point into that file and are inlined too. `file` is the
    // document being walked (empty: the definition itself, whose local refs valijson resolves).
    QJsonValue inlineRefs(const QJsonValue &value, const QString &file, const QJsonObject &fileRoot, int depth)
    {
        if (!error.isEmpty())
            return value;
        if (++values > kMaxInlinedValues) {
            error = QStringLiteral("the schema's $refs expand to more than %1 values").arg(kMaxInlinedValues);
            return value;
        }
        if (depth > 32) {
            error = QStringLiteral("$refs nest more than 32 deep (a schema file that refers to itself?)");
            return value;
        }
        if (value.isArray()) {
            QJsonArray out;
            for (const QJsonValue &v : value.toArray())
                out.append(inlineRefs(v, file, fileRoot, depth));
            return out;
        }
        if (!value.isObject())
            return value;
        const QJsonObject object = value.toObject();
        const QString ref = object.value(QStringLiteral("$ref")).toString();
        const bool local = ref.startsWith(QLatin1Char('#'));
        if (!ref.isEmpty() && (!local || !file.isEmpty())) {
            QString target = file;
            QJsonObject root = fileRoot;
            if (!local) {
                const QString path = ref.section(QLatin1Char('#'), 0, 0);
                if (ref.contains(QLatin1String("://")) || path.startsWith(QLatin1String("//"))) {
                    error = QStringLiteral("$ref '%1': schemas are not downloaded; keep a copy beside the definition").arg(ref);
                    return value;
                }
                if (QDir::isAbsolutePath(path)) {
                    error = QStringLiteral("$ref '%1': an absolute path; refer to shared schemas relative to the definition's folder").arg(ref);
                    return value;
                }
                target = QDir::cleanPath(QDir(file.isEmpty() ? baseDir : QFileInfo(file).absolutePath()).absoluteFilePath(path));
                if (!inside(target)) {
                    error = QStringLiteral("$ref '%1': refers outside the definition's folder %2; shared schemas must be in it or below")
                                .arg(ref, QDir::toNativeSeparators(baseDir));
                    return value;
                }
                root = readSchemaFile(target, &error);
                if (!error.isEmpty())
                    return value;
            }
            QJsonValue pointed;
            if (!jsonPointer(root, ref.section(QLatin1Char('#'), 1), &pointed)) {
                error = QStringLiteral("$ref '%1': %2 has nothing at '%3'").arg(ref, QFileInfo(target).fileName(), ref.section(QLatin1Char('#'), 1));
                return value;
            }
            return inlineRefs(pointed, target, root, depth + 1);
        }
        QJsonObject out;
        for (auto it = object.begin(); it != object.end(); ++it)
            out.insert(it.key(), inlineRefs(it.value(), file, fileRoot, depth));
        return out;
    }
};
} // namespace

std::optional<JsonSchema> JsonSchema::compile(const QJsonObject &schema, QString *error, const QJsonObject &components, const QString &baseDir)
{
    // The schema lives in a document that also holds the reusable components, so that
    // "#/components/schemas/Order" resolves against it.
    Inliner inliner;
    inliner.baseDir = QDir::cleanPath(QDir(baseDir.isEmpty() ? QDir::currentPath() : baseDir).absolutePath());
    QJsonObject document = inliner.inlineRefs(schema, QString(), {}, 0).toObject();
    if (!inliner.error.isEmpty()) {
        if (error)
            *error = inliner.error;
        return std::nullopt;
    }
    if (!components.isEmpty() && !document.contains(QStringLiteral("components")))
        document.insert(QStringLiteral("components"), components);
    QString structureError;
    if (!SchemaStructure::check(document, &structureError)) {
        if (error)
            *error = structureError;
        return std::nullopt;
    }
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
    if (SchemaStructure::depth(instance, SchemaStructure::MaxInstanceDepth) > SchemaStructure::MaxInstanceDepth)
        return {QStringLiteral("/: the value nests more than %1 levels deep; it cannot be checked").arg(SchemaStructure::MaxInstanceDepth)};
    valijson::Validator validator(valijson::Validator::kStrongTypes);
    valijson::ValidationResults results;
    valijson::adapters::QtJsonAdapter adapter(instance);
    try {
        if (validator.validate(*m_schema, adapter, &results))
            return out;
    } catch (const std::exception &e) {
        return {QStringLiteral("/: the value cannot be checked against the schema: %1").arg(QString::fromUtf8(e.what()))};
    }
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
