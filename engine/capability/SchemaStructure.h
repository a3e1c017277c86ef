#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace capgraph {

// What a JSON Schema must be before valijson compiles it, and an instance before it is
// checked (docs/reliability.md). valijson recurses as deep as the schema and the instance
// nest and follows $refs as written: a schema nested deeper than MaxDepth, one whose $refs
// lead back to where they started without descending into the value (A: {$ref: B},
// B: {allOf: [{$ref: A}]}), or a pattern that is not a regular expression would overflow the
// stack or throw mid-validation. Each is refused with a reason instead.
namespace SchemaStructure {

inline constexpr int MaxDepth = 100;          // nesting of the schema document
inline constexpr int MaxInstanceDepth = 256;  // nesting of a value checked against it
inline constexpr int MaxPatternLength = 1000; // a patternProperties key (std::regex in valijson)

// False with the reason ("$ref cycle: #/components/schemas/A → #/components/schemas/B → …").
bool check(const QJsonObject &document, QString *error);

// How deep a value nests (a scalar is 0), counting no further than `limit` + 1.
int depth(const QJsonValue &value, int limit);

} // namespace SchemaStructure

} // namespace capgraph
