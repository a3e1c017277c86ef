#pragma once

#include <QString>
#include <QVariant>

#include <optional>
#include <string>

#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/node/node.h>

namespace capgraph {

// Limits of every YAML reader (docs/reliability.md). yaml-cpp itself refuses collections
// nested deeper than 2,000 levels; a document may expand to at most kMaxYamlValues values
// (an alias counted each time it is used), so an alias bomb is refused before anything walks
// it, and a file may be at most kMaxYamlBytes long.
inline constexpr int kMaxYamlDepth = 2000; // yaml-cpp's DepthGuard default
inline constexpr qsizetype kMaxYamlValues = 2'000'000;
inline constexpr qsizetype kMaxYamlBytes = 64 * 1024 * 1024;

// Thrown when a document passes kMaxYamlValues (an alias bomb), or contains itself.
class YamlExpansionError : public YAML::Exception
{
public:
    YamlExpansionError(const YAML::Mark &mark, const std::string &message, bool cycle = false)
        : YAML::Exception(mark, message), isCycle(cycle)
    {
    }
    bool isCycle; // an alias inside its own anchor, rather than too many values
};

// One YAML document, parsed and checked against the limits above. Throws YAML::Exception
// (with the line and column of the trouble) as yaml-cpp does for syntax errors.
YAML::Node loadYaml(const std::string &text);
// A file's first YAML document, as loadYaml, and where a second document with content
// starts (std::nullopt when there is none; empty documents do not count). Unlike
// YAML::LoadAll, which loops without end on some malformed streams, at most
// kMaxYamlDocuments documents are looked at; more throw YAML::Exception.
inline constexpr int kMaxYamlDocuments = 1000;
struct YamlFirstDocument
{
    YAML::Node node;
    std::optional<YAML::Mark> secondDocument;
};
YamlFirstDocument loadYamlFirstDocument(const std::string &text);
// Throws YAML::Exception when `node` expands to more than kMaxYamlValues values.
void checkYamlExpansion(const YAML::Node &node);

// Canonical YAML text of a yaml-cpp node: collections keep their flow/block style, quoted
// scalars stay quoted (so "123" stays a string), multi-line strings become literal blocks.
QString emitYamlNode(const YAML::Node &node);
// A parsed view: maps -> QVariantMap, sequences -> QVariantList, plain scalars per YAML 1.2's
// core schema, quoted scalars -> QString, null -> QVariant::fromValue(nullptr).
QVariant yamlNodeToVariant(const YAML::Node &node);

// Invalid when the text is not YAML (or exceeds the limits).
QVariant yamlTextToVariant(const QString &yamlText);
// YAML (or JSON) text as a parsed view; false with "FILE:line:col: what" when it does not
// parse or exceeds the limits.
bool parseYamlValue(const QByteArray &text, const QString &file, QVariant *value, QString *error);
// A YAML (or JSON) file as a parsed view; false with "cannot read PATH: why" or
// "PATH:line:col: what" when it cannot be read or parsed.
bool readYamlFile(const QString &path, QVariant *value, QString *error);
bool canonicalizeYamlText(const QString &yamlText, QString *canonical, QString *error);
QString variantToYamlText(const QVariant &value);
// True when the text is a non-empty block mapping or sequence (written on the lines below
// its key rather than after it).
bool yamlTextIsBlockCollection(const QString &yamlText);

} // namespace capgraph
