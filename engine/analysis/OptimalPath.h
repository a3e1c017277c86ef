#pragma once

#include "diagnostics/TranslatableText.h"

#include "analysis/PathCostModel.h"
#include "diagnostics/Diagnostic.h"
#include "model/Graph.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <limits>
#include <optional>

namespace capgraph {

// Seed 000's findOptimalPath(graph, context): the cheapest start -> end path under a
// preferred depth and a time budget ("dynamic composition", docs/path.md).
struct PathOptions
{
    PathDepth depth = PathDepth::Quick;
    // The seed's availableTime, in time units (edge weights; see PathCostModel). Infinity
    // = no budget.
    double budget = std::numeric_limits<double>::infinity();
    // Guard against pathological graphs: the search gives up (failure SearchLimit) after
    // creating this many labels.
    qint64 labelLimit = 4'000'000;
};

// The context a graph is searched (and run) under: the depth and budget given, else the
// graph's `execution_context`, else quick with no budget.
PathOptions pathOptionsFor(const Graph &graph, std::optional<PathDepth> depth, std::optional<double> budget);

// One node of a path. Steps inside a parallel region (all branches of a parallel_split run)
// follow the split's step, branch after branch, with `split` and `branch` set; the join
// comes after the last branch.
struct PathStep
{
    QString nodeId;
    int node = -1;          // index in Graph::nodes
    int flowEdge = -1;      // the flow edge taken into the node (index in Graph::flowEdges()); -1 for
                            // the start and for a join reached through its parallel region
    int edge = -1;          // that flow edge's index in Graph::edges, when it is an explicit edge
    QString condition;      // the branch condition whose target this is ("default" for a default)
    double stepCost = 0;    // entering this node: edge (or the whole region, for a join) + node extra
    double stepTime = 0;
    double repeatCost = 0;  // the node's own part of the step: the rounds of a loop it heads, an
    double repeatTime = 0;  // iterative skill's extra calls (PathCostModel::nodeCost/nodeTime)
    double cost = 0;        // cumulative from the start (inside a branch: split + branch so far)
    double time = 0;
    double quality = 1;     // the node's `quality`
    QString split;          // the innermost parallel_split this step is a branch step of
    int branch = -1;        // 0-based branch of that split
    int level = 0;          // parallel nesting depth (0 = the main route)
    int branchCount = 0;    // on a parallel_split with a region: how many branches run
};

enum class PathFailure { None, NoStart, MultipleStarts, NoEnd, Unreachable, BelowQuality, OverBudget, SearchLimit };

QString pathFailureCode(PathFailure failure); // "no-start", "over-budget", ...

struct PathResult
{
    bool found = false;
    PathDepth depth = PathDepth::Quick;
    double budget = std::numeric_limits<double>::infinity();
    double qualityThreshold = 0.5;

    QList<PathStep> steps;
    double cost = 0;
    double time = 0;
    double quality = 1; // the lowest node quality on the path

    PathFailure failure = PathFailure::None;
    QString reason; // one sentence when nothing was found
    TranslatableText reasonText; // the same, for programs that show it translated
    void setReason(const TranslatableText &why)
    {
        reasonText = why;
        reason = why.english();
    }

    // Over budget: the cheapest path without the budget, and the fastest path's time.
    // Below quality: the cheapest path without the quality threshold.
    bool hasCheapest = false;
    double cheapestCost = 0, cheapestTime = 0;
    bool hasFastest = false;
    double fastestTime = 0;
    QStringList cheapestPath;      // node ids of that cheapest path
    QStringList belowQualityNodes; // below quality: the offending nodes of that path

    QStringList notes;       // e.g. a parallel_split whose branches never meet again
    Diagnostics diagnostics; // bad `quality`/`weight` values (then nothing is searched)

    // Every flow edge the path takes (index in Graph::flowEdges()), in step order; for a
    // parallel region, branch after branch, each up to and including its edge into the join.
    QList<int> edgesTaken;

    QStringList nodeIds() const;
    QJsonObject toJson() const;
};

// Exact resource-constrained shortest path (label setting with dominance on cost and time),
// deterministic. Paths are simple: no node twice; iteration and background edges are never
// steps. Ties: lower cost, then lower time, then fewer edges, then the lexicographically
// smallest sequence of flow edges (file order).
// One way out of a branch, priced: its flow edge, then the cheapest path from its target
// to an end within what is left of the budget (OptimalPath::waysOut).
struct PathWayOut
{
    QString target;
    int flowEdge = -1;   // index in Graph::flowEdges()
    bool found = false;  // false: no end within the budget (or below the quality threshold)
    double cost = 0;     // the edge, the target's extra and the rest of the path
    double time = 0;
    int hops = 0;        // flow edges, the first included
    QStringList path;    // the target's cheapest path to an end (target first)
};

class OptimalPath
{
public:
    static PathResult find(const Graph &graph, const PathOptions &options);
    // The ways out of the node `from` (a branch), each with the cheapest path on from its
    // target under options.depth within options.budget (what is left of the run's budget),
    // in flow-edge order. The run's `select: optimal` branches choose among them.
    static QList<PathWayOut> waysOut(const Graph &graph, const QString &from, const PathOptions &options);
};

} // namespace capgraph
