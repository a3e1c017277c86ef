#pragma once

#include "analysis/PathCostModel.h"

#include <optional>

namespace capgraph::editor {

// The context a run's `select: optimal` branches choose their way under (docs/path.md,
// "Choosing at run time"), as the Run Input dialog offers it: unset fields take the graph's
// `execution_context` (shown as what they default to).
struct RunPathChoice
{
    std::optional<PathDepth> depth;
    std::optional<double> budget;
    // What the graph says (its execution_context), for "default: …".
    PathDepth graphDepth = PathDepth::Quick;
    std::optional<double> graphBudget;
};

} // namespace capgraph::editor
