#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

namespace capgraph {

// Where the values of a JSON text start: QJsonDocument keeps no positions, so error messages
// about a task would have no line. Scans well-formed JSON once and maps the JSON Pointer of
// every object and array ("/data/plan_json/tasks/3") to its byte offset; lineColumn() turns
// an offset into a 1-based line and a column counted in characters (CJK text too).
class JsonOffsets
{
public:
    explicit JsonOffsets(const QByteArray &json);

    // -1 when the pointer names no object or array of the text.
    qsizetype offset(const QString &pointer) const { return m_offsets.value(pointer, -1); }
    // (0, 0) for a negative offset.
    QPair<int, int> lineColumn(qsizetype offset) const;
    QPair<int, int> lineColumn(const QString &pointer) const { return lineColumn(offset(pointer)); }

    // Line and column of a byte offset in any text.
    static QPair<int, int> lineColumnIn(const QByteArray &text, qsizetype offset);

private:
    QByteArray m_json;
    QHash<QString, qsizetype> m_offsets;
};

} // namespace capgraph
