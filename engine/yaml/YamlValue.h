#pragma once

#include <QString>
#include <QVariant>

namespace YAML { class Node; }

namespace capgraph {

// Canonical YAML text of a yaml-cpp node: collections keep their flow/block style, quoted
// scalars stay quoted (so "123" stays a string), multi-line strings become literal blocks.
QString emitYamlNode(const YAML::Node &node);
// A parsed view: maps -> QVariantMap, sequences -> QVariantList, plain scalars per YAML 1.2's
// core schema, quoted scalars -> QString, null -> QVariant::fromValue(nullptr).
QVariant yamlNodeToVariant(const YAML::Node &node);

QVariant yamlTextToVariant(const QString &yamlText);
// A YAML (or JSON) file as a parsed view; false with "cannot read PATH: why" or
// "PATH:line:col: what" when it cannot be read or parsed.
bool readYamlFile(const QString &path, QVariant *value, QString *error);
bool canonicalizeYamlText(const QString &yamlText, QString *canonical, QString *error);
QString variantToYamlText(const QVariant &value);
// True when the text is a non-empty block mapping or sequence (written on the lines below
// its key rather than after it).
bool yamlTextIsBlockCollection(const QString &yamlText);

} // namespace capgraph
