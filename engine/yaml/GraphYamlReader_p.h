#pragma once

// The graph file reader's inside: GraphYamlReader is its façade.

#include "diagnostics/Diagnostic.h"
#include "io/YamlValue.h"
#include "model/Graph.h"
#include "yaml/GraphYamlReader.h"

#include <QByteArray>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <optional>

namespace capgraph::graphyaml {

// Guards against alias expansion bombs: a document whose aliases expand to more nodes
// than this is refused rather than walked (the limit of every YAML reader).
constexpr qsizetype kMaxYamlNodes = kMaxYamlValues;

// "nothing (null)", "a list", "a mapping" or the scalar quoted: what a field holds instead
// of what was expected.
TranslatableText describeType(const YAML::Node &n);
// yaml-cpp's parser messages, said as what was expected.
QString explainParserMessage(const std::string &raw);

// Reads one graph file: the document's checks (GraphYamlReader.cpp: encoding, syntax,
// unclosed quotes, duplicate keys, size limits) and its sections with their typed fields
// (GraphYamlSections.cpp), every finding placed at file:line:column.
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
        m_diags.append(Diagnostic::make(Severity::Error, code, message, m_file, line, column));
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

    // `execution_context: {preferred_depth: quick|thorough, available_time: N}` under `graph:`.
    void readExecutionContext(const YAML::Node &v, const QString &what, Graph &graph);
    void readGraph(const YAML::Node &g, const YAML::Node &gKey, Graph &graph);
    bool readNode(const YAML::Node &n, int index, Node &node);
    bool readCondition(const YAML::Node &c, const QString &where, BranchCondition &cond);
    bool readEdge(const YAML::Node &e, int index, Edge &edge);
    bool readFrame(const YAML::Node &f, int index, Frame &frame);
    bool readNote(const YAML::Node &n, int index, Note &note);
    void readExtra(const YAML::Node &key, const YAML::Node &value, ExtraFields &into);
};

} // namespace capgraph::graphyaml
