#include "plan/JsonOffsets.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QList>

#include <algorithm>

namespace capgraph {

namespace {
// The offset after the JSON string whose opening quote is at `i`; `raw`, if given, gets
// what stands between the quotes (escapes still escaped).
qsizetype readString(const QByteArray &s, qsizetype i, QByteArray *raw)
{
    const qsizetype start = ++i;
    while (i < s.size() && s.at(i) != '"')
        i += s.at(i) == '\\' ? 2 : 1;
    if (raw)
        *raw = s.mid(start, i - start);
    return i + 1;
}

// A key as JSON means it: "t\u0061sks" is "tasks".
QString decodeKey(const QByteArray &raw)
{
    if (!raw.contains('\\'))
        return QString::fromUtf8(raw);
    return QJsonDocument::fromJson("[\"" + raw + "\"]").array().at(0).toString();
}

QString escapePointerToken(const QString &key)
{
    QString k = key;
    k.replace(QLatin1Char('~'), QStringLiteral("~0"));
    k.replace(QLatin1Char('/'), QStringLiteral("~1"));
    return k;
}
} // namespace

JsonOffsets::JsonOffsets(const QByteArray &json)
    : m_json(json)
{
}

qsizetype JsonOffsets::offset(const QString &pointer) const
{
    scan();
    return m_offsets.value(pointer, -1);
}

void JsonOffsets::scan() const
{
    if (m_scanned)
        return;
    m_scanned = true;
    const QByteArray &json = m_json;
    // A stack of containers: for an object the key of the value being read, for an array the
    // index of the next element.
    struct Level {
        bool array;
        int index = 0;
        QString key;
        QString pointer;
    };
    QList<Level> stack;
    const auto valuePointer = [&stack]() -> QString {
        if (stack.isEmpty())
            return QString();
        const Level &top = stack.last();
        return top.pointer + QLatin1Char('/') + (top.array ? QString::number(top.index) : escapePointerToken(top.key));
    };
    bool expectKey = false;
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json.at(i);
        switch (c) {
        case '{':
        case '[': {
            const QString pointer = valuePointer();
            m_offsets.insert(pointer, i);
            stack.append(Level{c == '[', 0, QString(), pointer});
            expectKey = c == '{';
            break;
        }
        case '}':
        case ']':
            if (!stack.isEmpty())
                stack.removeLast();
            expectKey = false;
            break;
        case ',':
            if (!stack.isEmpty()) {
                if (stack.last().array)
                    ++stack.last().index;
                else
                    expectKey = true;
            }
            break;
        case '"': {
            QByteArray text;
            const qsizetype end = readString(json, i, expectKey ? &text : nullptr);
            if (expectKey && !stack.isEmpty() && !stack.last().array) {
                stack.last().key = decodeKey(text);
                expectKey = false;
            }
            i = end - 1;
            break;
        }
        default:
            break;
        }
    }
}

namespace {
constexpr qsizetype kBlock = 1024;
// UTF-16 units a UTF-8 byte adds: none for a continuation byte, two for the lead byte of a
// character outside the BMP.
int unitsOf(char c)
{
    const auto b = static_cast<unsigned char>(c);
    return (b & 0xC0) == 0x80 ? 0 : (b & 0xF8) == 0xF0 ? 2 : 1;
}
} // namespace

void JsonOffsets::index() const
{
    if (m_indexed)
        return;
    m_indexed = true;
    m_lineStarts = {0};
    m_blockUnits = {0};
    qsizetype units = 0;
    for (qsizetype i = 0; i < m_json.size(); ++i) {
        if (i > 0 && i % kBlock == 0)
            m_blockUnits.append(units);
        const char c = m_json.at(i);
        units += unitsOf(c);
        if (c == '\n')
            m_lineStarts.append(i + 1);
    }
}

qsizetype JsonOffsets::unitsBefore(qsizetype offset) const
{
    const qsizetype block = std::min<qsizetype>(offset / kBlock, m_blockUnits.size() - 1);
    qsizetype units = m_blockUnits.at(block);
    for (qsizetype i = block * kBlock; i < offset; ++i)
        units += unitsOf(m_json.at(i));
    return units;
}

QPair<int, int> JsonOffsets::lineColumn(qsizetype offset) const
{
    if (offset < 0)
        return {0, 0};
    index();
    offset = std::min(offset, m_json.size());
    const auto next = std::upper_bound(m_lineStarts.cbegin(), m_lineStarts.cend(), offset);
    const qsizetype line = next - m_lineStarts.cbegin(); // 1-based
    const qsizetype lineStart = m_lineStarts.at(line - 1);
    return {int(line), int(unitsBefore(offset) - unitsBefore(lineStart)) + 1};
}

QPair<int, int> JsonOffsets::lineColumnIn(const QByteArray &text, qsizetype offset)
{
    if (offset < 0)
        return {0, 0};
    offset = std::min(offset, text.size());
    int line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < offset; ++i)
        if (text.at(i) == '\n') {
            ++line;
            lineStart = i + 1;
        }
    return {line, int(QString::fromUtf8(text.mid(lineStart, offset - lineStart)).size()) + 1};
}

} // namespace capgraph
