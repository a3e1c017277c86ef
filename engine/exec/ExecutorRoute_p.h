#pragma once

#include "analysis/OptimalPath.h"
#include "diagnostics/TranslatableText.h"

#include <QHash>
#include <QVariantMap>

#include <optional>

namespace capgraph {

class ExecutorPrivate;

// Seed 000's dynamic composition at run time (docs/path.md, "Choosing at run time"): a branch
// with `select: optimal` whose conditions do not decide takes the way on the cheapest path
// to an end under the run's context: its depth and time budget (RunOptions, else the graph's
// `execution_context`). The path from the start is searched once, on the first choice; a
// branch on it takes that path's next step, so a run goes the way `capgraph path` prints. A
// branch off it takes its cheapest way within the whole budget.
class ExecutorRoute
{
public:
    explicit ExecutorRoute(ExecutorPrivate &d) : d(d) {}

    struct Choice
    {
        int target = -1;   // node index
        int edge = -1;     // the explicit edge taken (index in the compiled edges), -1 for a condition or default
        TranslatableText reason; // "took 'x' on the cheapest path (depth quick, budget 10): x costs 5, y 7"
        QVariantMap data;  // {select: optimal, depth, budget, alternatives: [{target, cost, time, found}]}
    };
    // False when no way out leads to an end at all (the run fails with *why).
    bool choose(int branch, Choice *out, TranslatableText *why);

    // The context the run chooses under.
    PathOptions options() const;

private:
    ExecutorPrivate &d;
    std::optional<PathResult> m_plan;
    // Per branch node: what it chose. The graph, the context and the plan do not change during
    // a run, so neither does a branch's choice: a branch in a loop searches once.
    QHash<int, Choice> m_chosen;
};

} // namespace capgraph
