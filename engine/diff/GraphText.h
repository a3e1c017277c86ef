#pragma once

#include <QString>

namespace capgraph {

struct Graph;

// A graph as canonical text for line-based diffs (`capgraph diff --textconv`, git's
// `textconv`): one line a field, each naming what it belongs to, everything sorted (graph
// fields, then nodes by id, then edges by from, to and type), no positions and no comments,
// so two files that mean the same give the same text and `git diff` shows one line for each
// changed field:
//
//   graph: id: "write-report"
//   node read_pdf: type: "skill"
//   node read_pdf: skill_id: "pdf.read"
//   node check: condition 1 ok: expression: "score >= 3"
//   edge a → b (sequence): weight: 2
//
// A branch's conditions stay in their order (the first that holds is taken), numbered.
namespace GraphText {
QString of(const Graph &graph);
}

} // namespace capgraph
