#include "catalog/CapabilityFileText.h"

#include "yaml/YamlFieldsText.h"
#include "io/YamlScalar.h"
#include "io/YamlValue.h"

#include <QRegularExpression>

namespace capgraph::editor {

const QStringList &CapabilityFileText::formKeys()
{
    static const QStringList keys{QStringLiteral("name"),         QStringLiteral("description"),   QStringLiteral("version"),
                                  QStringLiteral("tags"),         QStringLiteral("input_schema"),  QStringLiteral("output_schema"),
                                  QStringLiteral("handler")};
    return keys;
}

std::optional<CapabilityFileText> CapabilityFileText::parse(const QString &text, QString *error)
{
    CapabilityFileText file;
    if (!fieldsFromYamlText(text, {}, &file.m_fields, error))
        return std::nullopt;
    return file;
}

QString CapabilityFileText::toYaml() const
{
    return fieldsToYamlText(m_fields);
}

QString CapabilityFileText::scalar(const QString &key) const
{
    const QVariant v = m_fields.value(key);
    if (v.typeId() == QMetaType::QString)
        return v.toString();
    if (v.typeId() == QMetaType::QVariantMap || v.typeId() == QMetaType::QVariantList || v.typeId() == QMetaType::Nullptr || !v.isValid())
        return QString();
    return m_fields.yaml(key).trimmed(); // a number or a bool: as written (1.0 is not 1)
}

void CapabilityFileText::setScalar(const QString &key, const QString &value)
{
    if (value.isEmpty())
        m_fields.remove(key);
    else if (value != scalar(key) || !m_fields.contains(key))
        put(key, variantToYamlText(value));
}

QStringList CapabilityFileText::list(const QString &key) const
{
    QStringList out;
    for (const QVariant &item : m_fields.value(key).toList())
        out << item.toString();
    return out;
}

void CapabilityFileText::setList(const QString &key, const QStringList &items)
{
    if (items.isEmpty()) {
        m_fields.remove(key);
        return;
    }
    if (items == list(key) && m_fields.contains(key))
        return;
    put(key, flowList(items));
}

QString CapabilityFileText::flowList(const QStringList &items)
{
    QStringList written;
    for (const QString &item : items)
        written << yamlString(item);
    return QLatin1Char('[') + written.join(QStringLiteral(", ")) + QLatin1Char(']');
}

bool CapabilityFileText::setYaml(const QString &key, const QString &yamlText, QString *error)
{
    if (yamlText.trimmed().isEmpty()) {
        m_fields.remove(key);
        return true;
    }
    QString canonical;
    if (!canonicalizeYamlText(yamlText, &canonical, error))
        return false;
    if (canonical != m_fields.yaml(key))
        put(key, canonical);
    return true;
}

ExtraFields CapabilityFileText::handler() const
{
    ExtraFields fields;
    if (m_fields.value(QStringLiteral("handler")).typeId() == QMetaType::QVariantMap)
        fieldsFromYamlText(m_fields.yaml(QStringLiteral("handler")), {}, &fields, nullptr);
    return fields;
}

void CapabilityFileText::setHandler(const ExtraFields &fields)
{
    if (fields.isEmpty())
        m_fields.remove(QStringLiteral("handler"));
    else if (fields != handler() || !m_fields.contains(QStringLiteral("handler")))
        setYaml(QStringLiteral("handler"), fieldsToYamlText(fields));
}

QStringList CapabilityFileText::otherKeys() const
{
    QStringList out;
    for (const QString &key : m_fields.keys())
        if (!formKeys().contains(key))
            out << key;
    return out;
}

void CapabilityFileText::put(const QString &key, const QString &yamlText)
{
    QString canonicalYaml;
    if (!canonicalizeYamlText(yamlText, &canonicalYaml, nullptr))
        return; // not reached: the setters write valid YAML
    if (m_fields.contains(key)) {
        m_fields.setYaml(key, canonicalYaml);
        return;
    }
    // A new key of the form goes after the last key that comes before it in seed 003's order
    // (the first when there is none); any other key at the end.
    const qsizetype rank = formKeys().indexOf(key);
    const QList<ExtraFields::Field> &fields = m_fields.fields();
    qsizetype at = rank < 0 ? fields.size() : 0;
    for (qsizetype i = 0; rank >= 0 && i < fields.size(); ++i)
        if (const qsizetype r = formKeys().indexOf(fields.at(i).key); r >= 0 && r < rank)
            at = i + 1;
    ExtraFields ordered;
    for (qsizetype i = 0; i <= fields.size(); ++i) {
        if (i == at)
            ordered.append({key, canonicalYaml, {}});
        if (i < fields.size())
            ordered.append(fields.at(i));
    }
    m_fields = ordered;
}

QString CapabilityFileText::keyAtLine(const QString &text, int line)
{
    static const QRegularExpression topKey(QStringLiteral("^([\"']?)([A-Za-z_$][\\w.$-]*)\\1\\s*:"));
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = qMin(line, int(lines.size())) - 1; i >= 0; --i)
        if (const QRegularExpressionMatch m = topKey.match(lines.at(i)); m.hasMatch())
            return m.captured(2);
    return QString();
}

} // namespace capgraph::editor
