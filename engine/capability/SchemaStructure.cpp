#include "capability/SchemaStructure.h"

#include "capability/JsonPointer.h"

#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>

#include <regex>

namespace capgraph::SchemaStructure {

namespace {
QString escaped(const QString &key)
{
    QString k = key;
    k.replace(QLatin1Char('~'), QStringLiteral("~0"));
    k.replace(QLatin1Char('/'), QStringLiteral("~1"));
    return k;
}

// The schemas of a document as a graph: for each schema (by JSON Pointer), the schemas that
// apply to the same value ($ref, allOf, anyOf, oneOf, not, if/then/else, dependencies) and
// those that apply to a part of it (properties, items, ...: they descend, so they end).
struct Walker
{
    QJsonObject document;
    QHash<QString, QStringList> sameValue;
    QSet<QString> seen;
    QStringList queue;
    QString error;

    void add(const QString &pointer)
    {
        if (!seen.contains(pointer)) {
            seen.insert(pointer);
            queue << pointer;
        }
    }

    void visit(const QString at) // a copy: visiting adds to the queue it comes from
    {
        QJsonValue value;
        if (!jsonPointer(document, at, &value) || !value.isObject())
            return; // `true`/`false` schemas, or a $ref valijson will report
        const QJsonObject schema = value.toObject();
        QStringList &same = sameValue[at];
        const auto sameAs = [&](const QString &pointer) {
            same << pointer;
            add(pointer);
        };
        const QJsonValue ref = schema.value(QStringLiteral("$ref"));
        if (ref.isString() && ref.toString().startsWith(QLatin1Char('#')))
            sameAs(ref.toString().mid(1));
        for (const char *key : {"allOf", "anyOf", "oneOf"}) {
            const QJsonArray list = schema.value(QLatin1String(key)).toArray();
            for (qsizetype i = 0; i < list.size(); ++i)
                sameAs(at + QLatin1Char('/') + QLatin1String(key) + QLatin1Char('/') + QString::number(i));
        }
        for (const char *key : {"not", "if", "then", "else"})
            if (schema.contains(QLatin1String(key)))
                sameAs(at + QLatin1Char('/') + QLatin1String(key));
        const QJsonObject dependencies = schema.value(QStringLiteral("dependencies")).toObject();
        for (auto it = dependencies.begin(); it != dependencies.end(); ++it)
            if (it.value().isObject())
                sameAs(at + QStringLiteral("/dependencies/") + escaped(it.key()));
        // Parts of the value.
        for (const char *key : {"properties", "patternProperties", "definitions"}) {
            const QJsonObject children = schema.value(QLatin1String(key)).toObject();
            for (auto it = children.begin(); it != children.end(); ++it)
                add(at + QLatin1Char('/') + QLatin1String(key) + QLatin1Char('/') + escaped(it.key()));
        }
        for (const char *key : {"additionalProperties", "additionalItems", "contains", "propertyNames"})
            if (schema.value(QLatin1String(key)).isObject())
                add(at + QLatin1Char('/') + QLatin1String(key));
        const QJsonValue items = schema.value(QStringLiteral("items"));
        if (items.isObject())
            add(at + QStringLiteral("/items"));
        for (qsizetype i = 0; i < items.toArray().size(); ++i)
            add(at + QStringLiteral("/items/") + QString::number(i));
        checkPatterns(schema, at);
    }

    void checkPatterns(const QJsonObject &schema, const QString &at)
    {
        if (!error.isEmpty())
            return;
        const QJsonValue pattern = schema.value(QStringLiteral("pattern"));
        if (pattern.isString()) {
            const QRegularExpression re(pattern.toString());
            if (!re.isValid())
                error = QStringLiteral("%1/pattern: '%2' is not a regular expression: %3").arg(at, pattern.toString(), re.errorString());
        }
        const QJsonObject patterns = schema.value(QStringLiteral("patternProperties")).toObject();
        for (auto it = patterns.begin(); it != patterns.end() && error.isEmpty(); ++it) {
            const QString p = it.key();
            if (p.size() > MaxPatternLength) {
                error = QStringLiteral("%1/patternProperties: a pattern longer than %2 characters").arg(at).arg(MaxPatternLength);
                return;
            }
            // valijson matches property names with std::regex (ECMAScript), which must accept it.
            try {
                const std::regex r(p.toStdString());
            } catch (const std::exception &e) {
                error = QStringLiteral("%1/patternProperties: '%2' is not a regular expression: %3").arg(at, p, QString::fromUtf8(e.what()));
            }
        }
    }

    // A cycle among schemas that apply to the same value: valijson would follow it forever.
    QStringList cycle() const
    {
        enum Mark { Unseen, OnPath, Done };
        QHash<QString, Mark> mark;
        for (auto start = sameValue.cbegin(); start != sameValue.cend(); ++start) {
            if (mark.value(start.key(), Unseen) != Unseen)
                continue;
            // Iterative depth-first search: (schema, next successor to try).
            QList<QPair<QString, int>> path{{start.key(), 0}};
            mark[start.key()] = OnPath;
            while (!path.isEmpty()) {
                auto &[at, next] = path.last();
                const QStringList successors = sameValue.value(at);
                if (next >= successors.size()) {
                    mark[at] = Done;
                    path.removeLast();
                    continue;
                }
                const QString to = successors.at(next++);
                const Mark m = mark.value(to, Unseen);
                if (m == OnPath) {
                    QStringList loop;
                    bool in = false;
                    for (const auto &step : std::as_const(path)) {
                        in = in || step.first == to;
                        if (in)
                            loop << QLatin1Char('#') + step.first;
                    }
                    return loop << QLatin1Char('#') + to;
                }
                if (m == Unseen) {
                    mark[to] = OnPath;
                    path.append({to, 0});
                }
            }
        }
        return {};
    }
};
} // namespace

int depth(const QJsonValue &value, int limit)
{
    if (limit < 0)
        return 1;
    int deepest = 0;
    if (value.isObject()) {
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end() && deepest <= limit; ++it)
            deepest = std::max(deepest, depth(it.value(), limit - 1));
        return deepest + 1;
    }
    if (value.isArray()) {
        const QJsonArray a = value.toArray();
        for (qsizetype i = 0; i < a.size() && deepest <= limit; ++i)
            deepest = std::max(deepest, depth(a.at(i), limit - 1));
        return deepest + 1;
    }
    return 0;
}

bool check(const QJsonObject &document, QString *error)
{
    if (depth(document, MaxDepth) > MaxDepth) {
        *error = QStringLiteral("the schema nests more than %1 levels deep").arg(MaxDepth);
        return false;
    }
    Walker w;
    w.document = document;
    w.add(QString());
    const QJsonObject schemas = document.value(QStringLiteral("components")).toObject().value(QStringLiteral("schemas")).toObject();
    for (auto it = schemas.begin(); it != schemas.end(); ++it)
        w.add(QStringLiteral("/components/schemas/") + escaped(it.key()));
    for (qsizetype i = 0; i < w.queue.size(); ++i)
        w.visit(w.queue.at(i));
    if (!w.error.isEmpty()) {
        *error = w.error;
        return false;
    }
    if (const QStringList loop = w.cycle(); !loop.isEmpty()) {
        *error = QStringLiteral("$ref cycle: %1 (each refers to the next without descending into the value)").arg(loop.join(QStringLiteral(" → ")));
        return false;
    }
    return true;
}

} // namespace capgraph::SchemaStructure
