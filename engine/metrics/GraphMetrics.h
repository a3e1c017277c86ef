#pragma once

#include "model/Graph.h"

#include <QJsonObject>
#include <QString>

namespace capgraph {

enum class ComplexityLevel { Trivial, Simple, Moderate, Complex, VeryComplex };

QString complexityLevelName(ComplexityLevel level); // "Trivial" ... "Very Complex"
ComplexityLevel complexityLevelForScore(int score); // 0-20, 21-40, 41-60, 61-80, 81-100

// Seed 000's GraphMetrics, computed from the graph's control flow (explicit edges plus
// branch condition targets). Definitions and the score's calibration: docs/metrics.md.
struct GraphMetrics
{
    int nodeCount = 0;
    int edgeCount = 0;            // control-flow edges
    int connectedComponents = 0;  // P
    int cyclomaticComplexity = 0; // E - N + 2P
    int maxDepth = 0;             // deepest nesting of branch/parallel/loop regions
    double branchFactor = 0;      // mean successors of nodes that have any
    int maxIterations = 0;        // largest loop bound (0 = no loops)
    int loopCount = 0;
    int interactionCount = 0;
    int parallelBranches = 0;
    double estimatedDuration = 0; // cost units (edge weights, default 1), loops at their bound

    // The score's four terms, so the number can be explained.
    double structureScore = 0;    // 10 x cyclomatic
    double loopScore = 0;         // 15 x min(1, log10(1 + bound)) per loop
    double interactionScore = 0;  // 20 x interactions
    double parallelScore = 0;     // 5 x parallel branches
    int complexityScore = 0;      // 0-100
    ComplexityLevel level = ComplexityLevel::Trivial;

    static GraphMetrics compute(const Graph &graph);
    QJsonObject toJson() const;
};

} // namespace capgraph
