#pragma once

#include <QVariant>
#include <QVariantList>

namespace capgraph {

// Values a trace records beside what it must (a node's resolved input in `node.started`, each
// item of a parallel map in `node.item`), cut to size so that one event stays small whatever
// a node was given (docs/execution.md, "Events and traces"): a text keeps its first
// kMaxText characters, a list or a map its first kMaxEntries entries, nesting stops at
// kMaxDepth levels, and all texts and entries together stay within kBudget characters (what
// is left over is cut). Each cut is noted with where it was and how big the value was.
namespace TraceValue {

inline constexpr int kMaxText = 4000;        // characters of one text
inline constexpr int kMaxEntries = 200;      // items of a list, keys of a map
inline constexpr int kMaxDepth = 32;         // nesting levels
inline constexpr qsizetype kBudget = 16000;  // characters of every text and entry together

// `value` within the limits above. Each cut adds {"path": "messages/0/content", "size": N}
// to *cuts: N characters of a text, N entries of a list or map, or (at kMaxDepth) N = -1.
QVariant bounded(const QVariant &value, QVariantList *cuts);

} // namespace TraceValue

} // namespace capgraph
