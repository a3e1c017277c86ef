#pragma once

#include "model/SourceLocation.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace capgraph {

// Keys the model does not know, kept in their written order and written back on save
// (definitions are extensible, see seed 003). Each value is held as canonical YAML text,
// so nothing is lost and equality is exact; value() gives a parsed view of it.
class ExtraFields
{
public:
    struct Field
    {
        QString key;
        QString yaml; // canonical YAML of the value (may span lines)
        SourceLocation location;
    };

    bool isEmpty() const { return m_fields.isEmpty(); }
    qsizetype size() const { return m_fields.size(); }
    const QList<Field> &fields() const { return m_fields; }
    QStringList keys() const;
    bool contains(const QString &key) const;

    QString yaml(const QString &key) const;
    // Null QVariant when absent. Maps become QVariantMap, sequences QVariantList,
    // plain scalars bool/qlonglong/double/QString as YAML's core schema reads them.
    QVariant value(const QString &key) const;

    // Sets (or appends) a field from YAML text. Returns false (and changes nothing)
    // when the text is not a single valid YAML value; *error then says why.
    bool setYaml(const QString &key, const QString &yamlText, QString *error = nullptr);
    void setValue(const QString &key, const QVariant &value);
    void append(Field field) { m_fields.append(std::move(field)); }
    bool remove(const QString &key);

    bool operator==(const ExtraFields &other) const;
    bool operator!=(const ExtraFields &other) const { return !(*this == other); }

private:
    QList<Field> m_fields;
};

} // namespace capgraph
