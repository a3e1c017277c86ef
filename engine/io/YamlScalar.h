#pragma once

#include <QString>
#include <QVariant>

namespace capgraph {

// How YAML 1.2's core schema reads a plain (unquoted) scalar: null, bool, integer
// (qlonglong), float (double) or string.
QVariant interpretPlainScalar(const QString &text);

// A string written so that it reads back as the same string: plain when that is safe
// and unambiguous, double-quoted otherwise.
QString yamlString(const QString &text);
// Always double-quoted, with YAML escapes.
QString yamlDoubleQuoted(const QString &text);
// Shortest text that reads back as the same double; integers without a fraction.
QString yamlNumber(double value);

} // namespace capgraph
