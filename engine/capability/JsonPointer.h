#pragma once

#include <QJsonValue>
#include <QString>

namespace capgraph {

// RFC 6901: "/data/items/0/price" into a JSON value (a leading "/" may be left out; "" and "/"
// are the value itself; ~1 and ~0 stand for / and ~). False when it leads nowhere. Used for
// $refs in schemas and for picking outputs out of an api answer.
bool jsonPointer(const QJsonValue &root, const QString &pointer, QJsonValue *out);

} // namespace capgraph
