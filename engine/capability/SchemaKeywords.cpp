#include "capability/SchemaKeywords.h"

#include <QJsonArray>
#include <QSet>

namespace capgraph {

namespace {

TranslatableText kindOf(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool: return CAPGRAPH_TR("capgraph::Capability", "a boolean");
    case QJsonValue::Double: return CAPGRAPH_TR("capgraph::Capability", "a number");
    case QJsonValue::String: return CAPGRAPH_TR("capgraph::Capability", "a string");
    case QJsonValue::Array: return CAPGRAPH_TR("capgraph::Capability", "a list");
    case QJsonValue::Object: return CAPGRAPH_TR("capgraph::Capability", "a mapping");
    default: break;
    }
    return TranslatableText::verbatim(QStringLiteral("null"));
}

QString escaped(const QString &key)
{
    return QString(key).replace(QLatin1Char('~'), QStringLiteral("~0")).replace(QLatin1Char('/'), QStringLiteral("~1"));
}

class Checker
{
public:
    QList<SchemaKeywordProblem> problems;

    void schema(const QJsonValue &value, const QString &at, int depth)
    {
        if (depth > 64 || problems.size() > 50)
            return;
        if (value.isBool())
            return; // true / false are schemas too
        if (!value.isObject()) {
            add(at, CAPGRAPH_TR("capgraph::Capability", "a schema should be a mapping, not %1").arg(kindOf(value)));
            return;
        }
        const QJsonObject o = value.toObject();
        static const QSet<QString> types{QStringLiteral("string"), QStringLiteral("number"), QStringLiteral("integer"),
                                         QStringLiteral("boolean"), QStringLiteral("object"), QStringLiteral("array"),
                                         QStringLiteral("null")};
        const auto known = [](const QString &t) { return types.contains(t); };
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString key = it.key();
            const QJsonValue v = it.value();
            const QString here = at + QLatin1Char('/') + escaped(key);
            if (key == QLatin1String("type")) {
                if (v.isString()) {
                    if (!known(v.toString()))
                        add(here, CAPGRAPH_TR("capgraph::Capability", "'type' is '%1', which is no JSON Schema type (string, number, integer, boolean, object, array, null)")
                                      .arg(v.toString()));
                } else if (v.isArray()) {
                    for (const QJsonValue &t : v.toArray())
                        if (!t.isString() || !known(t.toString()))
                            add(here, CAPGRAPH_TR("capgraph::Capability", "'type' lists '%1', which is no JSON Schema type").arg(t.toVariant().toString()));
                } else {
                    add(here, CAPGRAPH_TR("capgraph::Capability", "'type' should be a type name or a list of them, not %1").arg(kindOf(v)));
                }
            } else if (key == QLatin1String("required")) {
                if (!v.isArray())
                    add(here, CAPGRAPH_TR("capgraph::Capability", "'required' should be a list of property names, not %1").arg(kindOf(v)));
                else
                    for (const QJsonValue &name : v.toArray())
                        if (!name.isString())
                            add(here, CAPGRAPH_TR("capgraph::Capability", "'required' should list property names, and %1 is not one").arg(kindOf(name)));
            } else if (key == QLatin1String("properties") || key == QLatin1String("patternProperties") || key == QLatin1String("definitions")
                       || key == QLatin1String("$defs")) {
                if (!v.isObject()) {
                    add(here, CAPGRAPH_TR("capgraph::Capability", "'%1' should be a mapping of names to schemas, not %2").arg(key).arg(kindOf(v)));
                    continue;
                }
                const QJsonObject props = v.toObject();
                for (auto p = props.begin(); p != props.end(); ++p)
                    schema(p.value(), here + QLatin1Char('/') + escaped(p.key()), depth + 1);
            } else if (key == QLatin1String("items")) {
                if (v.isArray()) {
                    const QJsonArray list = v.toArray();
                    for (int i = 0; i < list.size(); ++i)
                        schema(list.at(i), here + QLatin1Char('/') + QString::number(i), depth + 1);
                } else {
                    schema(v, here, depth + 1);
                }
            } else if (key == QLatin1String("additionalProperties") || key == QLatin1String("additionalItems") || key == QLatin1String("not")
                       || key == QLatin1String("contains") || key == QLatin1String("propertyNames") || key == QLatin1String("if")
                       || key == QLatin1String("then") || key == QLatin1String("else")) {
                schema(v, here, depth + 1);
            } else if (key == QLatin1String("allOf") || key == QLatin1String("anyOf") || key == QLatin1String("oneOf")) {
                if (!v.isArray() || v.toArray().isEmpty()) {
                    add(here, CAPGRAPH_TR("capgraph::Capability", "'%1' should be a non-empty list of schemas, not %2").arg(key).arg(kindOf(v)));
                    continue;
                }
                const QJsonArray list = v.toArray();
                for (int i = 0; i < list.size(); ++i)
                    schema(list.at(i), here + QLatin1Char('/') + QString::number(i), depth + 1);
            } else if (key == QLatin1String("enum")) {
                if (!v.isArray())
                    add(here, CAPGRAPH_TR("capgraph::Capability", "'enum' should be a list of the allowed values, not %1").arg(kindOf(v)));
            } else if (key == QLatin1String("minimum") || key == QLatin1String("maximum") || key == QLatin1String("exclusiveMinimum")
                       || key == QLatin1String("exclusiveMaximum") || key == QLatin1String("multipleOf")) {
                if (!v.isDouble())
                    add(here, CAPGRAPH_TR("capgraph::Capability", "'%1' should be a number, not %2").arg(key).arg(kindOf(v)));
            } else if (key == QLatin1String("minLength") || key == QLatin1String("maxLength") || key == QLatin1String("minItems")
                       || key == QLatin1String("maxItems") || key == QLatin1String("minProperties") || key == QLatin1String("maxProperties")) {
                if (!v.isDouble() || v.toDouble() < 0 || v.toDouble() != double(qint64(v.toDouble())))
                    add(here, CAPGRAPH_TR("capgraph::Capability", "'%1' should be a whole number of at least 0, not %2").arg(key).arg(kindOf(v)));
            } else if (key == QLatin1String("pattern") || key == QLatin1String("format") || key == QLatin1String("$ref")
                       || key == QLatin1String("description") || key == QLatin1String("title")) {
                if (!v.isString())
                    add(here, CAPGRAPH_TR("capgraph::Capability", "'%1' should be text, not %2").arg(key).arg(kindOf(v)));
            } else if (key == QLatin1String("uniqueItems")) {
                if (!v.isBool())
                    add(here, CAPGRAPH_TR("capgraph::Capability", "'%1' should be true or false, not %2").arg(key).arg(kindOf(v)));
            }
        }
    }

private:
    void add(const QString &pointer, const TranslatableText &message) { problems.append({pointer, message}); }
};

} // namespace

QList<SchemaKeywordProblem> SchemaKeywords::check(const QJsonObject &schema)
{
    Checker c;
    c.schema(schema, QString(), 0);
    return c.problems;
}

} // namespace capgraph
