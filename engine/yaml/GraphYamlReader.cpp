#include "yaml/GraphYamlReader.h"

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

namespace {

// Guards against alias expansion bombs: a document whose aliases expand to more nodes
// than this is refused rather than walked (the limit of every YAML reader).
constexpr qsizetype kMaxYamlNodes = kMaxYamlValues;

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

class Reader
{
public:
    explicit Reader(QString fileName) : m_file(std::move(fileName)) {}

    GraphLoadResult read(const QByteArray &raw);

private:
    QString m_file;
    Diagnostics m_diags;
    qsizetype m_visited = 0;
    QByteArray m_data;             // the document as parsed (UTF-8)
    QList<qsizetype> m_lineStarts; // byte offset of each line
    mutable int m_columnLine = -1;     // charColumn's place: line, byte offset, characters before it
    mutable qsizetype m_columnByte = 0;
    mutable qsizetype m_columnChars = 0;

    // yaml-cpp counts columns in bytes; people count characters.
    int charColumn(int line0, int byteColumn) const
    {
        if (line0 < 0 || line0 >= m_lineStarts.size() || byteColumn <= 0)
            return std::max(1, byteColumn + 1);
        // Characters are the bytes that do not continue a UTF-8 sequence. Findings come in
        // file order, so counting goes on from the last position asked on the same line:
        // linear on a line of 5,000 conditions, not quadratic.
        const qsizetype start = m_lineStarts.at(line0);
        const qsizetype end = std::min<qsizetype>(start + byteColumn, m_data.size());
        if (line0 != m_columnLine || end < m_columnByte) {
            m_columnLine = line0;
            m_columnByte = start;
            m_columnChars = 0;
        }
        for (const char *p = m_data.constData() + m_columnByte, *stop = m_data.constData() + end; p < stop; ++p)
            m_columnChars += (static_cast<unsigned char>(*p) & 0xC0) != 0x80;
        m_columnByte = std::max(m_columnByte, end);
        return int(m_columnChars) + 1;
    }

    void error(int line, int column, const QString &code, const TranslatableText &message)
    {
        Diagnostic d;
        d.severity = Severity::Error;
        d.code = code;
        d.message = message.english();
        d.text = message;
        d.file = m_file;
        d.line = line;
        d.column = column;
        m_diags.append(d);
    }
    void error(int line, int column, const QString &code, const QString &message)
    {
        error(line, column, code, TranslatableText::verbatim(message));
    }
    void error(const YAML::Node &at, const QString &code, const TranslatableText &message)
    {
        // Empty documents and synthesized nodes carry yaml-cpp's null mark (-1).
        const YAML::Mark m = at.Mark();
        error(std::max(1, m.line + 1), charColumn(m.line, m.column), code, message);
    }

    SourceLocation locationOf(const YAML::Node &n) const
    {
        SourceLocation loc;
        const YAML::Mark m = n.Mark();
        loc.line = std::max(1, m.line + 1);
        loc.column = charColumn(m.line, m.column);
        if (!n.IsScalar() || m.pos < 0 || m.pos >= m_data.size())
            return loc;
        const QByteArray value = QByteArray::fromStdString(n.Scalar());
        if (value.contains('\n'))
            return loc;
        const char first = m_data.at(m.pos);
        if (n.Tag() == "!" && (first == '"' || first == '\'')) {
            loc.contentOffset = 1;
            loc.exact = m_data.mid(m.pos + 1, value.size()) == value
                && m.pos + 1 + value.size() < m_data.size() && m_data.at(m.pos + 1 + value.size()) == first;
        } else if (n.Tag() != "!") {
            loc.exact = m_data.mid(m.pos, value.size()) == value;
        }
        return loc;
    }
    // Where a key's value was written; an empty value is located at its key.
    SourceLocation valueLocation(const YAML::Node &key, const YAML::Node &value) const
    {
        return value.IsNull() ? locationOf(key) : locationOf(value);
    }

    bool checkQuotesClosed(const YAML::Node &node);

    bool preflight(const QByteArray &data);
    bool checkDuplicateKeys(const YAML::Node &node);

    std::optional<QString> string(const YAML::Node &v, const QString &what);
    std::optional<int> integer(const YAML::Node &v, const QString &what);
    std::optional<double> number(const YAML::Node &v, const QString &what);
    std::optional<bool> boolean(const YAML::Node &v, const QString &what);
    std::optional<QStringList> stringList(const YAML::Node &v, const QString &what);
    std::optional<QPointF> point(const YAML::Node &v, const QString &what);

    void readGraph(const YAML::Node &g, const YAML::Node &gKey, Graph &graph);
    bool readNode(const YAML::Node &n, int index, Node &node);
    bool readCondition(const YAML::Node &c, const QString &where, BranchCondition &cond);
    bool readEdge(const YAML::Node &e, int index, Edge &edge);
    bool readFrame(const YAML::Node &f, int index, Frame &frame);
    bool readNote(const YAML::Node &n, int index, Note &note);
    void readExtra(const YAML::Node &key, const YAML::Node &value, ExtraFields &into);
};

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
        QHash<QString, int> seen;
        bool ok = true;
        for (auto it = node.begin(); it != node.end(); ++it) {
            if (it->first.IsScalar()) {
                const QString key = QString::fromStdString(it->first.Scalar());
                if (key == QLatin1String("<<") && it->first.Tag() != "!") {
                    error(it->first, QStringLiteral("merge-key"),
                          CAPGRAPH_TR("capgraph::GraphFile", "merge keys (<<) are not supported; write the keys out"));
                    ok = false;
                    continue;
                }
                const auto prev = seen.constFind(key);
                if (prev != seen.cend()) {
                    error(it->first, QStringLiteral("duplicate-key"),
                          CAPGRAPH_TR("capgraph::GraphFile", "duplicate key '%1' (first given on line %2); expected each key once")
                              .arg(key)
                              .arg(prev.value()));
                    ok = false;
                } else {
                    seen.insert(key, it->first.Mark().line + 1);
                }
            } else {
                error(it->first, QStringLiteral("complex-key"),
                      CAPGRAPH_TR("capgraph::GraphFile", "a mapping key must be a plain name, found %1").arg(describeType(it->first)));
                ok = false;
            }
            if (!checkDuplicateKeys(it->second))
                return false;
        }
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

std::optional<QString> Reader::string(const YAML::Node &v, const QString &what)
{
    if (v.IsNull())
        return QString();
    if (!v.IsScalar()) {
        error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a string, found %2").arg(what, describeType(v)));
        return std::nullopt;
    }
    return QString::fromStdString(v.Scalar());
}

std::optional<int> Reader::integer(const YAML::Node &v, const QString &what)
{
    if (v.IsScalar() && v.Tag() != "!") {
        const QString text = QString::fromStdString(v.Scalar());
        const QVariant x = interpretPlainScalar(text);
        if (x.typeId() == QMetaType::LongLong && x.toLongLong() >= INT_MIN && x.toLongLong() <= INT_MAX)
            return static_cast<int>(x.toLongLong());
        if (x.typeId() == QMetaType::LongLong || (x.typeId() == QMetaType::Double && !text.contains(QLatin1Char('.'))
                                                  && !text.contains(QLatin1Char('e'), Qt::CaseInsensitive))) {
            error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: %2 is out of range for an integer").arg(what, text));
            return std::nullopt;
        }
    }
    if (v.IsScalar() && v.Tag() == "!" && interpretPlainScalar(QString::fromStdString(v.Scalar())).typeId() == QMetaType::LongLong) {
        error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected an integer, found the string %2 (remove the quotes)")
                                                   .arg(what, describeType(v)));
        return std::nullopt;
    }
    error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected an integer, found %2").arg(what, describeType(v)));
    return std::nullopt;
}

std::optional<double> Reader::number(const YAML::Node &v, const QString &what)
{
    if (v.IsScalar() && v.Tag() != "!") {
        const QVariant x = interpretPlainScalar(QString::fromStdString(v.Scalar()));
        if ((x.typeId() == QMetaType::LongLong || x.typeId() == QMetaType::Double) && std::isfinite(x.toDouble()))
            return x.toDouble();
        if (x.typeId() == QMetaType::Double) {
            error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a finite number, found %2").arg(what, describeType(v)));
            return std::nullopt;
        }
    }
    if (v.IsScalar() && v.Tag() == "!") {
        const QVariant x = interpretPlainScalar(QString::fromStdString(v.Scalar()));
        if (x.typeId() == QMetaType::LongLong || x.typeId() == QMetaType::Double) {
            error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a number, found the string %2 (remove the quotes)")
                                                       .arg(what, describeType(v)));
            return std::nullopt;
        }
    }
    error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a number, found %2").arg(what, describeType(v)));
    return std::nullopt;
}

std::optional<bool> Reader::boolean(const YAML::Node &v, const QString &what)
{
    if (v.IsScalar() && v.Tag() != "!") {
        const QVariant x = interpretPlainScalar(QString::fromStdString(v.Scalar()));
        if (x.typeId() == QMetaType::Bool)
            return x.toBool();
    }
    error(v, QStringLiteral("wrong-type"),
          CAPGRAPH_TR("capgraph::GraphFile", "%1: expected true or false, found %2").arg(what, describeType(v)));
    return std::nullopt;
}

std::optional<QStringList> Reader::stringList(const YAML::Node &v, const QString &what)
{
    if (v.IsNull())
        return QStringList();
    if (!v.IsSequence()) {
        error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a list of strings, found %2").arg(what, describeType(v)));
        return std::nullopt;
    }
    QStringList out;
    bool ok = true;
    for (const auto &item : v) {
        if (!item.IsScalar()) {
            error(item, QStringLiteral("wrong-type"),
                  CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a string list entry, found %2").arg(what, describeType(item)));
            ok = false;
            continue;
        }
        out << QString::fromStdString(item.Scalar());
    }
    return ok ? std::optional<QStringList>(out) : std::nullopt;
}

std::optional<QPointF> Reader::point(const YAML::Node &v, const QString &what)
{
    YAML::Node x, y;
    if (v.IsMap() && v.size() == 2 && v["x"] && v["y"]) {
        x = v["x"];
        y = v["y"];
    } else if (v.IsSequence() && v.size() == 2) {
        x = v[0];
        y = v[1];
    } else {
        error(v, QStringLiteral("wrong-type"),
              CAPGRAPH_TR("capgraph::GraphFile", "%1: expected {x: number, y: number}, found %2").arg(what, describeType(v)));
        return std::nullopt;
    }
    const auto px = number(x, what + QStringLiteral(".x"));
    const auto py = number(y, what + QStringLiteral(".y"));
    if (!px || !py)
        return std::nullopt;
    return QPointF(*px, *py);
}

void Reader::readExtra(const YAML::Node &key, const YAML::Node &value, ExtraFields &into)
{
    ExtraFields::Field f;
    f.key = QString::fromStdString(key.Scalar());
    f.yaml = emitYamlNode(value);
    f.location = locationOf(key);
    into.append(std::move(f));
}

bool Reader::readCondition(const YAML::Node &c, const QString &where, BranchCondition &cond)
{
    cond.location = locationOf(c);
    if (!c.IsMap()) {
        error(c, QStringLiteral("wrong-type"),
              CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a mapping {name, expression, target}, found %2").arg(where, describeType(c)));
        return false;
    }
    bool ok = true;
    for (auto it = c.begin(); it != c.end(); ++it) {
        const std::string key = it->first.Scalar();
        const YAML::Node v = it->second;
        const QString what = where + QLatin1Char('.') + QString::fromStdString(key);
        if (key == "name") {
            if (auto s = string(v, what)) cond.name = *s; else ok = false;
        } else if (key == "expression") {
            if (auto s = string(v, what)) {
                cond.expression = *s;
                cond.expressionLocation = valueLocation(it->first, v);
            } else {
                ok = false;
            }
        } else if (key == "target") {
            if (auto s = string(v, what)) {
                cond.target = *s;
                cond.targetLocation = valueLocation(it->first, v);
            } else {
                ok = false;
            }
        } else {
            readExtra(it->first, v, cond.extra);
        }
    }
    return ok;
}

bool Reader::readNode(const YAML::Node &n, int index, Node &node)
{
    node.location = locationOf(n);
    const QString where = QStringLiteral("nodes[%1]").arg(index);
    if (!n.IsMap()) {
        error(n, QStringLiteral("wrong-type"),
              CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a node mapping (id, type, ...), found %2").arg(where, describeType(n)));
        return false;
    }
    bool ok = true;
    bool hasId = false, hasType = false;
    for (auto it = n.begin(); it != n.end(); ++it) {
        const std::string key = it->first.Scalar();
        const QString qkey = QString::fromStdString(key);
        const YAML::Node v = it->second;
        const QString what = where + QLatin1Char('.') + qkey;
        node.fieldLocations.insert(qkey, valueLocation(it->first, v));
        auto str = [&](QString &into) {
            if (auto s = string(v, what)) into = *s; else ok = false;
        };
        if (key == "id") {
            hasId = !v.IsNull(); // a wrong type is reported as such, not as missing
            str(node.id);
        } else if (key == "type") {
            hasType = !v.IsNull();
            str(node.type);
            node.kind = nodeKindFromTypeName(node.type);
        } else if (key == "label") {
            str(node.label);
        } else if (key == "skill_id") {
            str(node.skillId);
        } else if (key == "execution_mode") {
            str(node.executionMode);
        } else if (key == "max_iterations") {
            if (v.IsNull()) continue;
            if (auto i = integer(v, what)) node.maxIterations = *i; else ok = false;
        } else if (key == "timeout") {
            if (v.IsNull()) continue;
            if (auto d = number(v, what)) node.timeout = *d; else ok = false;
        } else if (key == "outputs") {
            if (auto l = stringList(v, what)) node.outputs = *l; else ok = false;
        } else if (key == "inputs") {
            if (v.IsNull()) continue;
            if (!v.IsMap()) {
                error(v, QStringLiteral("wrong-type"),
                      CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a mapping of input names to values, found %2").arg(what, describeType(v)));
                ok = false;
                continue;
            }
            for (auto in = v.begin(); in != v.end(); ++in)
                readExtra(in->first, in->second, node.inputs);
        } else if (key == "for_each") {
            str(node.forEach);
        } else if (key == "concurrency") {
            if (v.IsNull()) continue;
            if (auto i = integer(v, what)) node.concurrency = *i; else ok = false;
        } else if (key == "on_error") {
            str(node.onError);
        } else if (key == "retry") {
            if (v.IsNull()) continue;
            if (!v.IsMap()) {
                error(v, QStringLiteral("wrong-type"),
                      CAPGRAPH_TR("capgraph::GraphFile", "%1: expected {max_attempts, backoff, multiplier}, found %2").arg(what, describeType(v)));
                ok = false;
                continue;
            }
            for (auto r = v.begin(); r != v.end(); ++r) {
                const std::string rk = r->first.Scalar();
                const QString rwhat = what + QLatin1Char('.') + QString::fromStdString(rk);
                if (rk == "max_attempts") {
                    if (auto i = integer(r->second, rwhat)) node.retryAttempts = *i; else ok = false;
                } else if (rk == "backoff") {
                    if (auto d = number(r->second, rwhat)) node.retryBackoff = *d; else ok = false;
                } else if (rk == "multiplier") {
                    if (auto d = number(r->second, rwhat)) node.retryMultiplier = *d; else ok = false;
                } else {
                    error(r->first, QStringLiteral("unknown-key"),
                          CAPGRAPH_TR("capgraph::GraphFile", "%1: expected max_attempts, backoff or multiplier").arg(rwhat));
                    ok = false;
                }
            }
        } else if (key == "conditions") {
            if (v.IsNull()) continue;
            if (!v.IsSequence()) {
                error(v, QStringLiteral("wrong-type"),
                      CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a list of conditions, found %2").arg(what, describeType(v)));
                ok = false;
                continue;
            }
            int ci = 0;
            for (const auto &c : v) {
                BranchCondition cond;
                if (readCondition(c, QStringLiteral("%1[%2]").arg(what).arg(ci), cond))
                    node.conditions.append(cond);
                else
                    ok = false;
                ++ci;
            }
        } else if (key == "default") {
            str(node.defaultTarget);
        } else if (key == "loop_start") {
            str(node.loopStart);
        } else if (key == "prompt") {
            str(node.prompt);
        } else if (key == "options_from") {
            str(node.optionsFrom);
        } else if (key == "options") {
            if (auto l = stringList(v, what)) node.options = *l; else ok = false;
        } else if (key == "multiple") {
            if (v.IsNull()) continue;
            if (auto b = boolean(v, what)) node.multiple = *b; else ok = false;
        } else if (key == "min") {
            if (v.IsNull()) continue;
            if (auto i = integer(v, what)) node.minChoices = *i; else ok = false;
        } else if (key == "max") {
            if (v.IsNull()) continue;
            if (auto i = integer(v, what)) node.maxChoices = *i; else ok = false;
        } else if (key == "position") {
            if (auto p = point(v, what)) node.position = *p; else ok = false;
        } else {
            node.fieldLocations.remove(qkey);
            readExtra(it->first, v, node.extra);
        }
    }
    if (!hasId) {
        error(n, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected an 'id'").arg(where));
        ok = false;
    }
    if (!hasType) {
        error(n, QStringLiteral("missing-field"),
              CAPGRAPH_TR("capgraph::GraphFile", "%1 (%2): expected a 'type' (skill, control.start, interaction.select, ...)")
                  .arg(where, node.id.isEmpty() ? CAPGRAPH_TR("capgraph::GraphFile", "no id") : TranslatableText::verbatim(node.id)));
        ok = false;
    }
    return ok;
}

bool Reader::readEdge(const YAML::Node &e, int index, Edge &edge)
{
    edge.location = locationOf(e);
    const QString where = QStringLiteral("edges[%1]").arg(index);
    if (!e.IsMap()) {
        error(e, QStringLiteral("wrong-type"),
              CAPGRAPH_TR("capgraph::GraphFile", "%1: expected an edge mapping (from, to, type), found %2").arg(where, describeType(e)));
        return false;
    }
    bool ok = true;
    for (auto it = e.begin(); it != e.end(); ++it) {
        const std::string key = it->first.Scalar();
        const QString qkey = QString::fromStdString(key);
        const YAML::Node v = it->second;
        const QString what = where + QLatin1Char('.') + qkey;
        edge.fieldLocations.insert(qkey, valueLocation(it->first, v));
        auto str = [&](QString &into) {
            if (auto s = string(v, what)) into = *s; else ok = false;
        };
        if (key == "from") {
            str(edge.from);
        } else if (key == "to") {
            str(edge.to);
        } else if (key == "type") {
            str(edge.type);
            if (edge.type.isEmpty())
                edge.type = QStringLiteral("sequence");
            edge.kind = edgeKindFromTypeName(edge.type);
        } else if (key == "weight") {
            if (v.IsNull()) continue;
            if (auto d = number(v, what)) edge.weight = *d; else ok = false;
        } else if (key == "condition") {
            str(edge.condition);
        } else if (key == "max_count") {
            if (v.IsNull()) continue;
            if (auto i = integer(v, what)) edge.maxCount = *i; else ok = false;
        } else if (key == "exit_condition") {
            str(edge.exitCondition);
        } else if (key == "sync_required") {
            if (v.IsNull()) continue;
            if (auto b = boolean(v, what)) edge.syncRequired = *b; else ok = false;
        } else {
            edge.fieldLocations.remove(qkey);
            readExtra(it->first, v, edge.extra);
        }
    }
    if (edge.from.isEmpty()) {
        error(e, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected 'from' (a node id)").arg(where));
        ok = false;
    }
    if (edge.to.isEmpty()) {
        error(e, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected 'to' (a node id)").arg(where));
        ok = false;
    }
    return ok;
}

bool Reader::readFrame(const YAML::Node &f, int index, Frame &frame)
{
    const QString where = QStringLiteral("graph.frames[%1]").arg(index);
    frame.location = locationOf(f);
    if (!f.IsMap()) {
        error(f, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a mapping with id, title and nodes, found %2").arg(where, describeType(f)));
        return false;
    }
    bool ok = true;
    for (auto it = f.begin(); it != f.end(); ++it) {
        const std::string key = it->first.Scalar();
        const YAML::Node v = it->second;
        const QString what = where + QLatin1Char('.') + QString::fromStdString(key);
        if (key == "id") {
            if (auto s = string(v, what)) frame.id = *s; else ok = false;
        } else if (key == "title") {
            if (auto s = string(v, what)) frame.title = *s; else ok = false;
        } else if (key == "nodes") {
            if (auto l = stringList(v, what)) frame.nodes = *l; else ok = false;
        } else if (key == "color") {
            if (auto s = string(v, what)) frame.color = *s; else ok = false;
        } else {
            readExtra(it->first, v, frame.extra);
        }
    }
    if (frame.id.isEmpty()) {
        error(f, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected an 'id'").arg(where));
        ok = false;
    }
    return ok;
}

bool Reader::readNote(const YAML::Node &n, int index, Note &note)
{
    const QString where = QStringLiteral("graph.notes[%1]").arg(index);
    note.location = locationOf(n);
    if (!n.IsMap()) {
        error(n, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a mapping with id, text and position, found %2").arg(where, describeType(n)));
        return false;
    }
    bool ok = true;
    for (auto it = n.begin(); it != n.end(); ++it) {
        const std::string key = it->first.Scalar();
        const YAML::Node v = it->second;
        const QString what = where + QLatin1Char('.') + QString::fromStdString(key);
        if (key == "id") {
            if (auto s = string(v, what)) note.id = *s; else ok = false;
        } else if (key == "text") {
            if (auto s = string(v, what)) note.text = *s; else ok = false;
        } else if (key == "position") {
            if (auto p = point(v, what)) note.position = *p; else ok = false;
        } else if (key == "size") {
            YAML::Node w, h;
            if (v.IsMap() && v["width"] && v["height"]) {
                w = v["width"];
                h = v["height"];
            } else if (v.IsSequence() && v.size() == 2) {
                w = v[0];
                h = v[1];
            } else {
                error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected {width: number, height: number}, found %2").arg(what, describeType(v)));
                ok = false;
                continue;
            }
            const std::optional<double> pw = number(w, what + QStringLiteral(".width"));
            const std::optional<double> ph = number(h, what + QStringLiteral(".height"));
            if (!pw || !ph) {
                ok = false;
            } else if (!(*pw > 0) || !(*ph > 0)) {
                error(v, QStringLiteral("wrong-value"), CAPGRAPH_TR("capgraph::GraphFile", "%1: width and height must be positive").arg(what));
                ok = false;
            } else {
                note.size = QSizeF(*pw, *ph);
            }
        } else {
            readExtra(it->first, v, note.extra);
        }
    }
    if (note.id.isEmpty()) {
        error(n, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected an 'id'").arg(where));
        ok = false;
    }
    return ok;
}

void Reader::readGraph(const YAML::Node &g, const YAML::Node &gKey, Graph &graph)
{
    graph.location = locationOf(gKey);
    if (!g.IsMap()) {
        error(g.IsNull() ? gKey : g, QStringLiteral("wrong-type"),
              CAPGRAPH_TR("capgraph::GraphFile", "graph: expected a mapping with id, nodes and edges, found %1").arg(describeType(g)));
        return;
    }
    bool hasNodes = false;
    for (auto it = g.begin(); it != g.end(); ++it) {
        const std::string key = it->first.Scalar();
        const YAML::Node v = it->second;
        const QString what = QStringLiteral("graph.") + QString::fromStdString(key);
        if (key == "id") {
            if (auto s = string(v, what)) graph.id = *s;
        } else if (key == "version") {
            if (auto s = string(v, what)) graph.version = *s;
        } else if (key == "name") {
            if (auto s = string(v, what)) graph.name = *s;
        } else if (key == "description") {
            if (auto s = string(v, what)) graph.description = *s;
        } else if (key == "inputs") {
            if (v.IsNull())
                continue;
            if (!v.IsMap()) {
                error(v, QStringLiteral("wrong-type"),
                      CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a mapping of input names to values (the run's input when none is given), found %2").arg(what, describeType(v)));
                continue;
            }
            for (auto m = v.begin(); m != v.end(); ++m)
                readExtra(m->first, m->second, graph.inputs);
        } else if (key == "nodes") {
            hasNodes = true;
            if (v.IsNull())
                continue;
            if (!v.IsSequence()) {
                error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a list of nodes, found %2").arg(what, describeType(v)));
                continue;
            }
            int i = 0;
            for (const auto &n : v) {
                Node node;
                if (readNode(n, i, node))
                    graph.nodes.append(std::move(node));
                ++i;
            }
        } else if (key == "edges") {
            if (v.IsNull())
                continue;
            if (!v.IsSequence()) {
                error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a list of edges, found %2").arg(what, describeType(v)));
                continue;
            }
            int i = 0;
            for (const auto &e : v) {
                Edge edge;
                if (readEdge(e, i, edge))
                    graph.edges.append(std::move(edge));
                ++i;
            }
        } else if (key == "frames" || key == "notes") {
            if (v.IsNull())
                continue;
            if (!v.IsSequence()) {
                error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a list, found %2").arg(what, describeType(v)));
                continue;
            }
            int i = 0;
            for (const auto &item : v) {
                if (key == "frames") {
                    Frame frame;
                    if (readFrame(item, i, frame))
                        graph.frames.append(std::move(frame));
                } else {
                    Note note;
                    if (readNote(item, i, note))
                        graph.notes.append(std::move(note));
                }
                ++i;
            }
        } else if (key == "metadata") {
            if (v.IsNull())
                continue;
            if (!v.IsMap()) {
                error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a mapping, found %2").arg(what, describeType(v)));
                continue;
            }
            for (auto m = v.begin(); m != v.end(); ++m)
                readExtra(m->first, m->second, graph.metadata);
        } else {
            readExtra(it->first, v, graph.extra);
        }
    }
    if (graph.id.isEmpty())
        error(gKey, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::GraphFile", "graph: expected an 'id'"));
    if (!hasNodes)
        error(gKey, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::GraphFile", "graph: expected a 'nodes' list"));
}

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

} // namespace

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
    return Reader(fileName).read(data);
}

} // namespace capgraph
