#include "yaml/GraphYamlReader.h"

#include "yaml/GraphYamlReader_p.h"

#include "io/YamlScalar.h"
#include "io/YamlValue.h"

#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QStringDecoder>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <climits>

namespace capgraph {

QString GraphLoadResult::errorText() const
{
    QStringList lines;
    for (const Diagnostic &d : diagnostics)
        lines << d.format();
    return lines.join(QLatin1Char('\n'));
}

namespace graphyaml {

TranslatableText describeType(const YAML::Node &n)
{
    switch (n.Type()) {
    case YAML::NodeType::Null: return CAPGRAPH_TR("capgraph::GraphFile", "nothing (null)");
    case YAML::NodeType::Scalar:
        return TranslatableText::verbatim(QStringLiteral("'%1'").arg(QString::fromStdString(n.Scalar()).left(40)));
    case YAML::NodeType::Sequence: return CAPGRAPH_TR("capgraph::GraphFile", "a list");
    case YAML::NodeType::Map: return CAPGRAPH_TR("capgraph::GraphFile", "a mapping");
    case YAML::NodeType::Undefined: break;
    }
    return CAPGRAPH_TR("capgraph::GraphFile", "nothing");
}

// yaml-cpp's parser messages, said as what was expected.
QString explainParserMessage(const std::string &raw)
{
    static const QList<QPair<const char *, const char *>> known{
        {"end of map flow not found", "expected '}' to close a {...} mapping"},
        {"end of sequence flow not found", "expected ']' to close a [...] list"},
        {"end of map not found", "expected the mapping to go on at this indentation (check the indentation)"},
        {"end of sequence not found", "expected the list to go on at this indentation (check the indentation)"},
        {"illegal map value", "unexpected ':' (quote the value, or check the indentation)"},
        {"end of string not found", "expected a closing quote"},
        {"unknown escape character", "unknown escape sequence in a double-quoted string"},
        {"block sequence entries are not allowed in this context", "a '- ' list entry is not allowed here (check the indentation)"},
        {"unexpected character in block scalar", "unexpected character after '|' or '>'"},
        {"the content of an anchor or alias may not be empty", "expected a name after '&' or '*'"},
        {"bad file", "collections nested more than 2000 levels deep (the limit for YAML)"}, // yaml-cpp's DeepRecursion
        {"the referenced anchor is not defined", "the alias (*name) refers to an anchor (&name) that is not defined"},
    };
    for (const auto &k : known)
        if (raw.rfind(k.first, 0) == 0)
            return QString::fromLatin1(k.second);
    QString msg = QString::fromStdString(raw);
    if (!msg.isEmpty())
        msg[0] = msg.at(0).toLower();
    return msg;
}


bool Reader::preflight(const QByteArray &data)
{
    if (data.size() > kMaxYamlBytes) {
        error(1, 1, QStringLiteral("too-large"),
              CAPGRAPH_TR("capgraph::GraphFile", "the file is larger than %1 MiB, the limit for graph files").arg(kMaxYamlBytes / (1024 * 1024)));
        return false;
    }
    // Binary data and invalid UTF-8 give a clear position instead of a parser's guess.
    int line = 1;
    int column = 1;
    for (qsizetype i = 0; i < data.size(); ++i) {
        const char c = data.at(i);
        if (c == '\0') {
            error(line, column, QStringLiteral("binary-data"),
                  CAPGRAPH_TR("capgraph::GraphFile", "binary data (a NUL byte); expected YAML text"));
            return false;
        }
        if (c == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
            ++column;
        }
    }
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder.decode(data);
    if (decoder.hasError()) {
        // Find the first undecodable byte for the position.
        line = 1;
        column = 1;
        qsizetype i = 0;
        while (i < data.size()) {
            const unsigned char c = static_cast<unsigned char>(data.at(i));
            int len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
            bool bad = len == 0 || i + len > data.size();
            for (int k = 1; !bad && k < len; ++k)
                bad = (static_cast<unsigned char>(data.at(i + k)) & 0xC0) != 0x80;
            if (!bad && len > 1) {
                QStringDecoder one(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
                (void)one.decode(data.mid(i, len));
                bad = one.hasError();
            }
            if (bad)
                break;
            if (c == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
            i += len;
        }
        error(line, column, QStringLiteral("encoding"),
              CAPGRAPH_TR("capgraph::GraphFile", "invalid UTF-8 byte sequence; expected UTF-8 text"));
        return false;
    }
    // YAML forbids tabs in indentation; yaml-cpp's own message for them is misleading.
    // Lines inside a literal or folded block (`key: |`) are content and may hold tabs.
    static const QRegularExpression blockStart(QStringLiteral("(^|[:\\-]\\s)\\s*[|>][-+0-9]*\\s*(#.*)?$"));
    const QStringList lines = text.split(QLatin1Char('\n'));
    int blockParent = -1; // indentation of the line that opened a block scalar
    for (int l = 0; l < lines.size(); ++l) {
        const QString &s = lines.at(l);
        int indent = 0;
        while (indent < s.size() && s.at(indent) == QLatin1Char(' '))
            ++indent;
        if (blockParent >= 0) {
            if (s.trimmed().isEmpty() || indent > blockParent)
                continue;
            blockParent = -1;
        }
        for (int col = 0; col < s.size(); ++col) {
            const QChar ch = s.at(col);
            if (ch == QLatin1Char('\t')) {
                error(l + 1, col + 1, QStringLiteral("tab-indent"),
                      CAPGRAPH_TR("capgraph::GraphFile", "tab character in indentation; YAML expects spaces"));
                return false;
            }
            if (ch != QLatin1Char(' ') && ch != QLatin1Char('-'))
                break;
        }
        if (blockStart.match(s).hasMatch())
            blockParent = indent;
    }
    if (text.trimmed().isEmpty()) {
        error(1, 1, QStringLiteral("empty-file"),
              CAPGRAPH_TR("capgraph::GraphFile", "the file is empty; expected a mapping with a 'graph' key"));
        return false;
    }
    return true;
}

bool Reader::checkQuotesClosed(const YAML::Node &node)
{
    // yaml-cpp 0.7 accepts a quoted scalar that runs to the end of the file; a truncated
    // file must not load (and `fmt -i` must not save the damage).
    if (node.IsScalar() || node.IsNull()) {
        const YAML::Mark m = node.Mark();
        if (node.IsNull() || node.Tag() != "!" || m.pos < 0 || m.pos >= m_data.size())
            return true;
        const char q = m_data.at(m.pos);
        if (q != '"' && q != '\'')
            return true;
        for (qsizetype i = m.pos + 1; i < m_data.size(); ++i) {
            const char c = m_data.at(i);
            if (q == '"' && c == '\\') {
                ++i;
                continue;
            }
            if (c == q) {
                if (q == '\'' && i + 1 < m_data.size() && m_data.at(i + 1) == '\'') {
                    ++i; // '' is an escaped quote
                    continue;
                }
                return true;
            }
        }
        error(node, QStringLiteral("yaml-syntax"),
              CAPGRAPH_TR("capgraph::GraphFile", "YAML syntax error: this string is never closed; expected a closing %1").arg(QString(QLatin1Char(q))));
        return false;
    }
    if (node.IsMap()) {
        for (auto it = node.begin(); it != node.end(); ++it)
            if (!checkQuotesClosed(it->first) || !checkQuotesClosed(it->second))
                return false;
    } else if (node.IsSequence()) {
        for (const auto &child : node)
            if (!checkQuotesClosed(child))
                return false;
    }
    return true;
}

bool Reader::checkDuplicateKeys(const YAML::Node &node)
{
    if (++m_visited > kMaxYamlNodes) {
        error(node, QStringLiteral("too-large"),
              CAPGRAPH_TR("capgraph::GraphFile", "the document expands to more than %1 values (alias bomb?)").arg(kMaxYamlNodes));
        return false;
    }
    if (node.IsMap()) {
        bool ok = GraphYamlReader::checkMappingKeys(node, [this](const YAML::Node &key, const QString &code, const TranslatableText &why) {
            error(key, code, why);
        });
        for (auto it = node.begin(); it != node.end(); ++it)
            if (!checkDuplicateKeys(it->second))
                return false;
        return ok;
    }
    if (node.IsSequence()) {
        bool ok = true;
        for (const auto &child : node) {
            if (m_visited > kMaxYamlNodes)
                return false;
            ok = checkDuplicateKeys(child) && ok;
        }
        return ok;
    }
    return true;
}

} // namespace graphyaml

bool GraphYamlReader::checkMappingKeys(const YAML::Node &map,
                                       const std::function<void(const YAML::Node &key, const QString &code, const TranslatableText &why)> &refuse)
{
    QHash<QString, int> seen;
    bool ok = true;
    for (auto it = map.begin(); it != map.end(); ++it) {
        if (!it->first.IsScalar()) {
            refuse(it->first, QStringLiteral("complex-key"),
                   CAPGRAPH_TR("capgraph::GraphFile", "a mapping key must be a plain name, found %1").arg(graphyaml::describeType(it->first)));
            ok = false;
            continue;
        }
        const QString key = QString::fromStdString(it->first.Scalar());
        if (key == QLatin1String("<<") && it->first.Tag() != "!") {
            refuse(it->first, QStringLiteral("merge-key"), CAPGRAPH_TR("capgraph::GraphFile", "merge keys (<<) are not supported; write the keys out"));
            ok = false;
            continue;
        }
        const auto prev = seen.constFind(key);
        if (prev != seen.cend()) {
            refuse(it->first, QStringLiteral("duplicate-key"),
                   CAPGRAPH_TR("capgraph::GraphFile", "duplicate key '%1' (first given on line %2); expected each key once").arg(key).arg(prev.value()));
            ok = false;
        } else {
            seen.insert(key, it->first.Mark().line + 1);
        }
    }
    return ok;
}

namespace graphyaml {

GraphLoadResult Reader::read(const QByteArray &raw)
{
    GraphLoadResult result;
    QByteArray data = raw;
    if (data.startsWith("\xEF\xBB\xBF"))
        data.remove(0, 3);
    if (!preflight(data)) {
        result.diagnostics = m_diags;
        return result;
    }

    Graph graph;
    // Leading comment lines are kept so that `capgraph fmt` does not drop a file's header.
    for (const QByteArray &line : data.split('\n')) {
        const QByteArray t = line.trimmed();
        if (t.isEmpty())
            continue;
        if (!t.startsWith('#'))
            break;
        graph.headerComment << QString::fromUtf8(t);
    }

    m_data = data;
    m_lineStarts = {0};
    for (qsizetype i = 0; i < data.size(); ++i)
        if (data.at(i) == '\n')
            m_lineStarts.append(i + 1);

    YAML::Node root;
    try {
        const YamlFirstDocument docs = loadYamlFirstDocument(data.toStdString());
        root = docs.node;
        if (docs.secondDocument) {
            error(std::max(1, docs.secondDocument->line + 1), charColumn(docs.secondDocument->line, docs.secondDocument->column),
                  QStringLiteral("multiple-documents"),
                  CAPGRAPH_TR("capgraph::GraphFile", "a second YAML document starts here; a graph file holds exactly one"));
            result.diagnostics = m_diags;
            return result;
        }
    } catch (const YamlExpansionError &e) {
        error(std::max(1, e.mark.line + 1), charColumn(e.mark.line, e.mark.column), QStringLiteral("too-large"),
              e.isCycle ? CAPGRAPH_TR("capgraph::GraphFile", "a value contains itself (an alias *name inside its own anchor &name)")
                        : CAPGRAPH_TR("capgraph::GraphFile", "the document expands to more than %1 values (alias bomb?)").arg(kMaxYamlNodes));
        result.diagnostics = m_diags;
        return result;
    } catch (const YAML::Exception &e) {
        error(std::max(1, e.mark.line + 1), charColumn(e.mark.line, e.mark.column), QStringLiteral("yaml-syntax"),
              CAPGRAPH_TR("capgraph::GraphFile", "YAML syntax error: %1").arg(explainParserMessage(e.msg)));
        result.diagnostics = m_diags;
        return result;
    } catch (const std::exception &e) {
        error(1, 1, QStringLiteral("yaml-syntax"), CAPGRAPH_TR("capgraph::GraphFile", "cannot parse YAML: %1").arg(QString::fromUtf8(e.what())));
        result.diagnostics = m_diags;
        return result;
    }

    try {
        if (!checkDuplicateKeys(root) || !checkQuotesClosed(root)) {
            result.diagnostics = m_diags;
            return result;
        }
        if (!root.IsMap()) {
            error(root, QStringLiteral("wrong-type"),
                  CAPGRAPH_TR("capgraph::GraphFile", "expected a mapping with a 'graph' key at the top level, found %1").arg(describeType(root)));
        } else {
            bool found = false;
            for (auto it = root.begin(); it != root.end(); ++it) {
                if (it->first.Scalar() == "graph") {
                    found = true;
                    readGraph(it->second, it->first, graph);
                } else {
                    readExtra(it->first, it->second, graph.documentExtra);
                }
            }
            if (!found)
                error(root, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::GraphFile", "expected a top-level 'graph' key"));
        }
    } catch (const std::exception &e) {
        // yaml-cpp conversions should not throw here, but a malformed file must never crash.
        error(1, 1, QStringLiteral("internal"), CAPGRAPH_TR("capgraph::GraphFile", "cannot read the document: %1").arg(QString::fromUtf8(e.what())));
    }

    std::stable_sort(m_diags.begin(), m_diags.end(), [](const Diagnostic &a, const Diagnostic &b) {
        return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
    result.diagnostics = m_diags;
    if (!hasErrors(m_diags))
        result.graph = std::move(graph);
    return result;
}

} // namespace graphyaml

GraphLoadResult GraphYamlReader::readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        GraphLoadResult r;
        r.unreadable = true;
        r.diagnostics.append(unreadableFile(path, file.errorString()));
        return r;
    }
    return readBytes(file.readAll(), path);
}

GraphLoadResult GraphYamlReader::readBytes(const QByteArray &data, const QString &fileName)
{
    return graphyaml::Reader(fileName).read(data);
}

} // namespace capgraph
