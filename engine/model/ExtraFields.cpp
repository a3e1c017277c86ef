#include "model/ExtraFields.h"

#include "io/YamlValue.h"

namespace capgraph {

QStringList ExtraFields::keys() const
{
    QStringList k;
    for (const Field &f : m_fields)
        k << f.key;
    return k;
}

bool ExtraFields::contains(const QString &key) const
{
    for (const Field &f : m_fields)
        if (f.key == key)
            return true;
    return false;
}

QString ExtraFields::yaml(const QString &key) const
{
    for (const Field &f : m_fields)
        if (f.key == key)
            return f.yaml;
    return {};
}

QVariant ExtraFields::value(const QString &key) const
{
    for (const Field &f : m_fields)
        if (f.key == key)
            return yamlTextToVariant(f.yaml);
    return {};
}

bool ExtraFields::setYaml(const QString &key, const QString &yamlText, QString *error)
{
    QString canonical;
    if (!canonicalizeYamlText(yamlText, &canonical, error))
        return false;
    for (Field &f : m_fields) {
        if (f.key == key) {
            f.yaml = canonical;
            return true;
        }
    }
    m_fields.append({key, canonical, {}});
    return true;
}

void ExtraFields::setValue(const QString &key, const QVariant &value)
{
    setYaml(key, variantToYamlText(value));
}

bool ExtraFields::remove(const QString &key)
{
    for (qsizetype i = 0; i < m_fields.size(); ++i) {
        if (m_fields.at(i).key == key) {
            m_fields.removeAt(i);
            return true;
        }
    }
    return false;
}

bool ExtraFields::operator==(const ExtraFields &other) const
{
    if (m_fields.size() != other.m_fields.size())
        return false;
    for (qsizetype i = 0; i < m_fields.size(); ++i)
        if (m_fields.at(i).key != other.m_fields.at(i).key || m_fields.at(i).yaml != other.m_fields.at(i).yaml)
            return false;
    return true;
}

} // namespace capgraph
