#include "plan/JsonOffsets.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QList>

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

QPair<int, int> JsonOffsets::lineColumn(qsizetype offset) const
{
    return lineColumnIn(m_json, offset);
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
