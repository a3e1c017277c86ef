#pragma once

#include "diagnostics/Diagnostic.h"
#include "model/Graph.h"

namespace capgraph {

class CapabilityRegistry;

// The lint checks that need the capabilities a graph can call (docs/graph-format.md, "Lint"):
//   unknown-capability    a skill_id in capability form (domain.verb_noun, not builtin.*)
//                         that the registry does not resolve: it can only run with a mock
//   undeclared-output     a condition reads `node.field` of a skill whose capability's
//                         output_schema lists its properties and not that one
// Both are warnings: a mock may stand in, and schemas may be looser than they look.
class CapabilityLint
{
public:
    static Diagnostics check(const Graph &graph, const CapabilityRegistry &capabilities, const QString &fileName = QString());
    // domain.verb_noun (optionally @version), not builtin.*: a skill_id meant to name a capability.
    static bool looksLikeCapability(const QString &skillId);
};

} // namespace capgraph
