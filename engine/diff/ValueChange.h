#pragma once

#include <QJsonObject>
#include <QString>
#include <QVariant>

namespace capgraph {

// One field of a graph, a node, an edge or a branch condition that two versions of a graph
// give different values: `field` is its YAML key, or a path for a value inside a mapping
// ("inputs.query", "retry.max_attempts", "metadata.owner"). A side without the field holds an
// invalid QVariant (`hadOld` / `hasNew` false). Values are parsed views (QString, qlonglong,
// double, bool, QVariantList, QVariantMap, or a null QVariant::fromValue(nullptr)).
struct ValueChange
{
    QString field;
    QVariant oldValue;
    QVariant newValue;

    bool hadOld() const { return oldValue.isValid(); }
    bool hasNew() const { return newValue.isValid(); }

    // {"field", "old", "new"}; a side without the field is left out.
    QJsonObject toJson() const;
    // `field: "old" → "new"`, `field: added "new"`, `field: removed "old"`; text values longer
    // than `maxChars` characters are cut with "…" (-1: never).
    QString describe(int maxChars = -1) const;

    // How a value reads in a diff: text in double quotes with JSON escapes (so one value is one
    // line), numbers and booleans as written, lists and maps as compact JSON. Text longer than
    // `maxChars` characters is cut with "…" (-1: never).
    static QString valueText(const QVariant &value, int maxChars = -1);
    // True when the two values mean the same (compared as JSON: "123" differs from 123, the
    // order of a map's keys does not matter).
    static bool sameValue(const QVariant &a, const QVariant &b);
};

} // namespace capgraph
