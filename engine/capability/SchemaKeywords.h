#pragma once

#include "diagnostics/TranslatableText.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace capgraph {

// The keywords of a JSON Schema (draft 7) checked for their own types before the schema is
// compiled, so that a mistake is named and placed: "'required' should be a list of property
// names, not a string" at /properties/order/required, rather than valijson's "JSON value is
// not an array" at the schema's first line. Not a full metaschema: the keywords people write
// (type, required, properties, items, enum, the bounds, pattern, additionalProperties, $ref…).
struct SchemaKeywordProblem
{
    QString pointer; // JSON Pointer of the offending value in the schema ("" for the schema itself)
    TranslatableText message;
};

class SchemaKeywords
{
public:
    static QList<SchemaKeywordProblem> check(const QJsonObject &schema);
};

} // namespace capgraph
