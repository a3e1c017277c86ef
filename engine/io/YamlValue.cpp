#include "io/YamlValue.h"

#include "io/YamlScalar.h"

#include <QFile>
#include <QVariantList>
#include <QVariantMap>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <sstream>

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>
#include <yaml-cpp/yaml.h>

namespace capgraph {

namespace {

// A literal block (`|`) reads back exactly only for text that ends in one newline, does not
// start with a space, and has no line of only spaces or trailing spaces; anything else
// multi-line is written double-quoted, which is always exact.
bool literalBlockIsExact(const std::string &text)
{
    if (text.size() < 2 || text.back() != '\n' || text[text.size() - 2] == '\n' || text.front() == ' ')
        return false;
    size_t lineStart = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\n')
            continue;
        if (i > lineStart && (text[i - 1] == ' ' || text[i - 1] == '\t'))
            return false;
        if (i == lineStart && i + 1 < text.size())
            return false; // an empty line inside: fine for YAML, but our writer indents lines
        lineStart = i + 1;
    }
    for (char c : text)
        if ((static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
            return false;
    return true;
}

void emitScalarText(YAML::Emitter &out, const std::string &text, bool quoted)
{
    if (text.find('\n') != std::string::npos)
        out << (literalBlockIsExact(text) ? YAML::Literal : YAML::DoubleQuoted) << text;
    else if (quoted)
        out << YAML::DoubleQuoted << text;
    else
        out << text;
}

// A node's tag as yaml-cpp reports it: "?" plain, "!" quoted, "tag:yaml.org,2002:str" for
// !!str, "!name" for a local tag.
bool isStringTag(const std::string &tag) { return tag == "!" || tag == "tag:yaml.org,2002:str"; }
void emitTag(YAML::Emitter &out, const std::string &tag)
{
    if (tag.empty() || tag == "?" || tag == "!" || tag.rfind("tag:yaml.org,2002:", 0) == 0)
        return;
    // yaml-cpp's emitter stops for good (and drops the rest of the document) on a tag with a
    // character its grammar does not allow, so pick the form that can carry it: a local tag
    // (!name) when every character may stand in one, else the verbatim form (!<...>), which
    // also takes '!' (a named handle such as !a!b), ',' and brackets.
    const auto only = [&](size_t from, const char *extra) {
        return std::all_of(tag.begin() + qsizetype(from), tag.end(),
                           [extra](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || std::strchr(extra, c); });
    };
    if (tag.size() > 1 && tag.front() == '!' && only(1, "#;/?:@&=+$_.~*'()"))
        out << YAML::LocalTag(tag.substr(1));
    else if (only(0, "#;/?:@&=+$,_.!~*'()[]"))
        out << YAML::VerbatimTag(tag);
    // else: no form can carry it; the value is written untagged
}

void emitNode(YAML::Emitter &out, const YAML::Node &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null:
        out << YAML::Null;
        break;
    case YAML::NodeType::Scalar:
        emitTag(out, node.Tag());
        emitScalarText(out, node.Scalar(), isStringTag(node.Tag()));
        break;
    case YAML::NodeType::Sequence:
        emitTag(out, node.Tag());
        out << (node.Style() == YAML::EmitterStyle::Flow ? YAML::Flow : YAML::Block) << YAML::BeginSeq;
        for (const auto &child : node)
            emitNode(out, child);
        out << YAML::EndSeq;
        break;
    case YAML::NodeType::Map:
        emitTag(out, node.Tag());
        out << (node.Style() == YAML::EmitterStyle::Flow ? YAML::Flow : YAML::Block) << YAML::BeginMap;
        for (auto it = node.begin(); it != node.end(); ++it) {
            out << YAML::Key;
            emitNode(out, it->first);
            out << YAML::Value;
            emitNode(out, it->second);
        }
        out << YAML::EndMap;
        break;
    }
}

void emitVariant(YAML::Emitter &out, const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::Nullptr:
    case QMetaType::UnknownType:
        out << YAML::Null;
        return;
    case QMetaType::Bool:
        out << (v.toBool() ? "true" : "false");
        return;
    case QMetaType::Int:
    case QMetaType::LongLong:
    case QMetaType::UInt:
    case QMetaType::ULongLong:
    case QMetaType::Double:
    case QMetaType::Float:
        out << yamlNumber(v.toDouble()).toStdString();
        return;
    case QMetaType::QVariantList:
    case QMetaType::QStringList: {
        out << YAML::BeginSeq;
        for (const QVariant &item : v.toList())
            emitVariant(out, item);
        out << YAML::EndSeq;
        return;
    }
    case QMetaType::QVariantMap:
    case QMetaType::QVariantHash: {
        const QVariantMap map = v.toMap();
        out << YAML::BeginMap;
        for (auto it = map.cbegin(); it != map.cend(); ++it) {
            out << YAML::Key << it.key().toStdString() << YAML::Value;
            emitVariant(out, it.value());
        }
        out << YAML::EndMap;
        return;
    }
    default:
        break;
    }
    const QString s = v.toString();
    const bool ambiguous = interpretPlainScalar(s).typeId() != QMetaType::QString;
    emitScalarText(out, s.toStdString(), ambiguous);
}

} // namespace

namespace {
// Values once aliases are expanded, stopping past `budget`. yaml-cpp lets an alias sit inside
// its own anchor (&a [*a]): the document is then a cycle, which no walk must follow; the parser
// already refuses nesting past kMaxYamlDepth, so a walk twice as deep has met such a cycle.
qsizetype countValues(const YAML::Node &node, qsizetype budget, int depth)
{
    if (depth > 2 * kMaxYamlDepth)
        throw YamlExpansionError(node.Mark(), "a value contains itself (an alias *name inside its own anchor &name)", true);
    qsizetype used = 1;
    if (node.IsMap()) {
        for (auto it = node.begin(); it != node.end() && used <= budget; ++it)
            used += countValues(it->first, budget - used, depth + 1) + countValues(it->second, budget - used, depth + 1);
    } else if (node.IsSequence()) {
        for (auto it = node.begin(); it != node.end() && used <= budget; ++it)
            used += countValues(*it, budget - used, depth + 1);
    }
    return used;
}
} // namespace

void checkYamlExpansion(const YAML::Node &node)
{
    if (countValues(node, kMaxYamlValues, 0) > kMaxYamlValues)
        throw YamlExpansionError(node.Mark(), "the document expands to more than " + std::to_string(kMaxYamlValues)
                                               + " values (alias bomb?)");
}

YAML::Node loadYaml(const std::string &text)
{
    if (qsizetype(text.size()) > kMaxYamlBytes)
        throw YAML::Exception(YAML::Mark::null_mark(), "the file is larger than " + std::to_string(kMaxYamlBytes / (1024 * 1024))
                                                           + " MiB, the limit for YAML files");
    YAML::Node node;
    try {
        node = YAML::Load(text);
    } catch (const YAML::DeepRecursion &e) {
        // yaml-cpp says only "bad file"; say what the limit is.
        throw YAML::Exception(e.mark, "collections nested more than " + std::to_string(kMaxYamlDepth) + " levels deep (the limit for YAML)");
    }
    checkYamlExpansion(node);
    return node;
}

namespace {
// Notes whether a document holds anything but an empty node, and where it starts.
class DocumentProbe final : public YAML::EventHandler
{
public:
    std::optional<YAML::Mark> content;
    void OnDocumentStart(const YAML::Mark &) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark &, YAML::anchor_t) override {}
    void OnAlias(const YAML::Mark &mark, YAML::anchor_t) override { note(mark); }
    void OnScalar(const YAML::Mark &mark, const std::string &, YAML::anchor_t, const std::string &) override { note(mark); }
    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override { note(mark); }
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override { note(mark); }
    void OnMapEnd() override {}

private:
    void note(const YAML::Mark &mark)
    {
        if (!content)
            content = mark;
    }
};
} // namespace

namespace {
// Whether a stream may hold a document after its first one. Every document after the first
// begins after a line that starts with a directives-end marker (`---`) or follows a
// document-end marker (`...`), both at the start of a line (YAML 1.2, l-yaml-stream); the
// first document may itself begin with `---`. A stream with no such line past its first
// content holds one document, and parsing it a second time to look for another (a third of a
// big graph's opening) is skipped.
bool mayHoldMoreDocuments(const std::string &text)
{
    bool content = false; // a line of the first document that is neither blank nor a comment
    bool started = false; // the first document began with `---`
    size_t line = 0;
    while (line < text.size()) {
        size_t end = text.find('\n', line);
        if (end == std::string::npos)
            end = text.size();
        const std::string_view l(text.data() + line, end - line);
        const bool marker = l.size() >= 3 && (l.substr(0, 3) == "---" || l.substr(0, 3) == "...")
            && (l.size() == 3 || l[3] == ' ' || l[3] == '\t' || l[3] == '\r');
        if (marker && (content || started || l[0] == '.'))
            return true;
        started = started || marker;
        if (!marker && !content) {
            const size_t first = l.find_first_not_of(" \t\r");
            content = first != std::string_view::npos && l[first] != '#' && l[first] != '%';
        }
        line = end + 1;
    }
    return false;
}
} // namespace

YamlFirstDocument loadYamlFirstDocument(const std::string &text)
{
    YamlFirstDocument result;
    result.node = loadYaml(text);
    if (!mayHoldMoreDocuments(text))
        return result;
    std::istringstream in(text);
    YAML::Parser parser(in);
    DocumentProbe first;
    if (!parser.HandleNextDocument(first))
        return result;
    for (int d = 1; d <= kMaxYamlDocuments; ++d) {
        DocumentProbe probe;
        if (!parser.HandleNextDocument(probe))
            return result;
        if (probe.content) {
            result.secondDocument = probe.content;
            return result;
        }
    }
    throw YAML::Exception(YAML::Mark::null_mark(), "the stream holds more than " + std::to_string(kMaxYamlDocuments) + " YAML documents");
}

QString emitYamlNode(const YAML::Node &node)
{
    YAML::Emitter out;
    out.SetIndent(2);
    emitNode(out, node);
    return QString::fromUtf8(out.c_str());
}

QVariant yamlNodeToVariant(const YAML::Node &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null:
        return QVariant::fromValue(nullptr);
    case YAML::NodeType::Scalar: {
        const QString text = QString::fromStdString(node.Scalar());
        return node.Tag() == "?" ? interpretPlainScalar(text) : QVariant(text);
    }
    case YAML::NodeType::Sequence: {
        QVariantList list;
        for (const auto &child : node)
            list.append(yamlNodeToVariant(child));
        return list;
    }
    case YAML::NodeType::Map: {
        QVariantMap map;
        for (auto it = node.begin(); it != node.end(); ++it)
            map.insert(QString::fromStdString(it->first.Scalar()), yamlNodeToVariant(it->second));
        return map;
    }
    }
    return {};
}

QVariant yamlTextToVariant(const QString &yamlText)
{
    QVariant value;
    return parseYamlValue(yamlText.toUtf8(), QString(), &value, nullptr) ? value : QVariant();
}

bool parseYamlValue(const QByteArray &text, const QString &file, QVariant *value, QString *error)
{
    try {
        *value = yamlNodeToVariant(loadYaml(text.toStdString()));
        return true;
    } catch (const YAML::Exception &e) {
        if (error)
            *error = QStringLiteral("%1:%2:%3: error: %4")
                         .arg(file.isEmpty() ? QStringLiteral("<text>") : file)
                         .arg(std::max(1, e.mark.line + 1))
                         .arg(std::max(1, e.mark.column + 1))
                         .arg(QString::fromStdString(e.msg));
        return false;
    }
}

bool readYamlFile(const QString &path, QVariant *value, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return false;
    }
    if (f.size() > kMaxYamlBytes) {
        *error = QStringLiteral("%1: the file is larger than %2 MiB, the limit for YAML files").arg(path).arg(kMaxYamlBytes / (1024 * 1024));
        return false;
    }
    return parseYamlValue(f.readAll(), path, value, error);
}

bool canonicalizeYamlText(const QString &yamlText, QString *canonical, QString *error)
{
    try {
        const YAML::Node node = loadYaml(yamlText.toStdString());
        *canonical = emitYamlNode(node);
        return true;
    } catch (const YAML::Exception &e) {
        if (error)
            *error = QStringLiteral("line %1, column %2: %3")
                         .arg(e.mark.line + 1)
                         .arg(e.mark.column + 1)
                         .arg(QString::fromStdString(e.msg));
        return false;
    }
}

QString variantToYamlText(const QVariant &value)
{
    YAML::Emitter out;
    out.SetIndent(2);
    emitVariant(out, value);
    return QString::fromUtf8(out.c_str());
}

bool yamlTextIsBlockCollection(const QString &yamlText)
{
    try {
        const YAML::Node node = loadYaml(yamlText.toStdString());
        return (node.IsMap() || node.IsSequence()) && node.size() > 0
            && node.Style() != YAML::EmitterStyle::Flow;
    } catch (const YAML::Exception &) {
        return false;
    }
}

} // namespace capgraph
