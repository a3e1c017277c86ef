#pragma once

#include <QString>
#include <QVariant>

namespace capgraph {

// The language's six value kinds, read off any QVariant (ints, floats, QJsonValue, string
// lists and hashes included).
enum class ValueKind { Null, Bool, Number, String, List, Map };

namespace ExprValue {

// Turns JSON types, hashes and string lists into the plain forms the evaluator works on.
QVariant normalized(const QVariant &v);
ValueKind kindOf(const QVariant &v);
QString kindName(ValueKind kind);
QString kindName(const QVariant &v);

bool truthy(const QVariant &v);
bool equals(const QVariant &a, const QVariant &b);
// -1, 0, 1; false when the two cannot be ordered (different kinds, or not numbers/strings).
bool compare(const QVariant &a, const QVariant &b, int *order);
// Text for str() and messages: numbers without a needless ".0", lists/maps as JSON.
QString toDisplayString(const QVariant &v);
// A value as people write it, for text shown to them (a ${...} inside a prompt or other
// text): scalars as toDisplayString, a list as its items joined by ", " (["Milvus",
// "Qdrant"] -> "Milvus, Qdrant"), a map as compact JSON.
QString toText(const QVariant &value);

} // namespace ExprValue
} // namespace capgraph
