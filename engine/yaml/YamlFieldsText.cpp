#include "yaml/YamlFieldsText.h"

#include "io/YamlScalar.h"
#include "io/YamlValue.h"

#include <yaml-cpp/yaml.h>

#include <QSet>

namespace capgraph {

namespace {
void appendLine(QString &text, int indent, const QString &s)
{
    if (!s.isEmpty())
        text += QString(indent, QLatin1Char(' ')) + s;
    text += QLatin1Char('\n');
}

QString where(const YAML::Mark &mark)
{
    return QStringLiteral("line %1, column %2").arg(mark.line + 1).arg(mark.column + 1);
}
} // namespace

void appendYamlField(QString &text, int indent, const QString &prefix, const ExtraFields::Field &field)
{
    const QString key = yamlString(field.key);
    if (yamlTextIsBlockCollection(field.yaml)) {
        appendLine(text, indent, prefix + key + QLatin1Char(':'));
        for (const QString &l : field.yaml.split(QLatin1Char('\n')))
            appendLine(text, indent + 2, l);
        return;
    }
    QStringList lines = field.yaml.split(QLatin1Char('\n'));
    if (lines.size() > 1 && lines.last().isEmpty())
        lines.removeLast(); // the newline that ends a literal block
    appendLine(text, indent, prefix + key + QStringLiteral(": ") + lines.first());
    // Continuation lines of a literal block scalar keep their relative indentation.
    for (qsizetype i = 1; i < lines.size(); ++i)
        appendLine(text, indent + int(prefix.size()), lines.at(i));
}

QString fieldsToYamlText(const ExtraFields &fields)
{
    QString text;
    for (const ExtraFields::Field &f : fields.fields())
        appendYamlField(text, 0, QString(), f);
    return text;
}

bool fieldsFromYamlText(const QString &text, const QStringList &reserved, ExtraFields *out, QString *error)
{
    const auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    YAML::Node root;
    try {
        root = loadYaml(text.toStdString());
    } catch (const YAML::Exception &e) {
        return fail(QStringLiteral("%1: %2").arg(where(e.mark), QString::fromStdString(e.msg)));
    }
    ExtraFields fields;
    if (root.IsNull()) {
        *out = fields;
        return true;
    }
    if (!root.IsMap())
        return fail(QStringLiteral("%1: expected `key: value` lines (a mapping)").arg(where(root.Mark())));
    QSet<QString> seen;
    for (auto it = root.begin(); it != root.end(); ++it) {
        const YAML::Node k = it->first;
        if (!k.IsScalar())
            return fail(QStringLiteral("%1: a key must be a plain name").arg(where(k.Mark())));
        const QString key = QString::fromStdString(k.Scalar());
        if (key.isEmpty())
            return fail(QStringLiteral("%1: empty key").arg(where(k.Mark())));
        if (seen.contains(key))
            return fail(QStringLiteral("%1: duplicate key '%2'").arg(where(k.Mark()), key));
        if (reserved.contains(key))
            return fail(QStringLiteral("%1: '%2' has its own field above").arg(where(k.Mark()), key));
        seen.insert(key);
        ExtraFields::Field f;
        f.key = key;
        const YAML::Node value = it->second;
        f.yaml = emitYamlNode(value);
        fields.append(std::move(f));
    }
    *out = fields;
    return true;
}

} // namespace capgraph
