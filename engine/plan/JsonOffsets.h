#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

namespace capgraph {

// Where the values of a JSON text start: QJsonDocument keeps no positions, so error messages
// about a task would have no line. Scans well-formed JSON once, on the first question (a
// text that did not parse is never scanned), and maps the JSON Pointer of every object and
// array ("/data/plan_json/tasks/3") to its byte offset; lineColumn() turns an offset into a
// 1-based line and a column counted in characters (CJK text too), in time independent of
// the text's length, so that thousands of diagnostics on a megabyte plan stay fast.
class JsonOffsets
{
public:
    explicit JsonOffsets(const QByteArray &json);

    // -1 when the pointer names no object or array of the text.
    qsizetype offset(const QString &pointer) const;
    // (0, 0) for a negative offset.
    QPair<int, int> lineColumn(qsizetype offset) const;
    QPair<int, int> lineColumn(const QString &pointer) const { return lineColumn(offset(pointer)); }

    // Line and column of a byte offset in any text (one question: a linear scan).
    static QPair<int, int> lineColumnIn(const QByteArray &text, qsizetype offset);

private:
    void scan() const;
    void index() const;
    qsizetype unitsBefore(qsizetype offset) const;

    QByteArray m_json;
    mutable bool m_scanned = false;
    mutable QHash<QString, qsizetype> m_offsets;
    mutable bool m_indexed = false;
    mutable QList<qsizetype> m_lineStarts;
    mutable QList<qsizetype> m_blockUnits; // UTF-16 units before each 1 KiB block
};

} // namespace capgraph
