#pragma once

#include "model/ExtraFields.h"

#include <QString>
#include <QStringList>

namespace capgraph {

// Appends `key: value` for one field at `indent` (after `prefix`, e.g. "- "), as the graph
// writer does: block collections on the lines below the key, literal blocks kept as such.
void appendYamlField(QString &text, int indent, const QString &prefix, const ExtraFields::Field &field);

// A set of fields as a block of `key: value` lines, for editing them as raw YAML (the studio's
// properties dock shows a node's inputs and unknown keys this way).
QString fieldsToYamlText(const ExtraFields &fields);

// Reads such a block back. Empty text (or only comments) gives no fields. Anything but a
// mapping, a duplicate key, a key that is not a plain string or one listed in `reserved`
// (a field the model owns) is refused with "line L, column C: why"; *out is then unchanged.
bool fieldsFromYamlText(const QString &text, const QStringList &reserved, ExtraFields *out, QString *error);

} // namespace capgraph
