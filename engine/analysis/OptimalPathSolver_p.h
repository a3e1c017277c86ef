#pragma once

// The optimal path's search (seed 000's context-aware path choice): labels over moves and
// parallel regions, with dominance pruning; OptimalPath::find is its façade.

#include "analysis/GraphTopology.h"
#include "analysis/OptimalPath.h"
#include "analysis/PathCostModel.h"

#include <QList>
#include <QString>

#include <cmath>
#include <limits>

namespace capgraph::optimalpath {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

// Sums of decimal weights are not exact in doubles: a path that takes exactly the budget
// must not fail on the last bit.
inline bool fits(double time, double budget)
{
    return time <= budget + 1e-9 * std::max(1.0, std::abs(budget));
}

inline QString number(double v)
{
    return QString::number(v, 'g', 12);
}

// One step the search can take: a usable flow edge, or a whole parallel region (every
// branch of a split, up to its join) taken as one step.
struct Move
{
    int from = -1;
    int to = -1;
    double cost = 0; // without the target node's extra
    double time = 0;
    int hops = 1;      // flow edges it stands for
    int key = 0;       // tie-break among the moves leaving `from`: flow edge index, or option rank
    int flowEdge = -1; // a plain move
    int option = -1;   // a region move: index into the split's options
};

// One way to run a parallel region: one path per branch. Cost adds up, time is the
// slowest branch (the branches overlap).
struct RegionOption
{
    double cost = 0;
    double time = 0;
    int hops = 0;
    QList<QList<int>> branches; // move ids; each starts with the split's edge, ends at the join
};

struct Label
{
    int node = -1;
    int parent = -1;
    int move = -1;
    double cost = 0;
    double time = 0;
    int hops = 0;
    bool dead = false;
};

struct SearchRun
{
    QList<Label> labels;
    QList<int> hits; // labels at a target, in key order
};

class Solver
{
public:
    Solver(const Graph &graph, const GraphTopology &topology, const PathCostModel &model, double budget,
           bool timeFirst, bool useQuality, qint64 labelLimit)
        : m_graph(graph), m_topo(topology), m_model(model), m_budget(budget), m_timeFirst(timeFirst),
          m_pareto(std::isfinite(budget)), m_limit(labelLimit)
    {
        const int n = m_topo.nodeCount();
        m_allowed = useQuality ? m_model.nodeAllowed : QList<bool>(n, true);
        m_isEnd = QList<bool>(n, false);
        for (int v = 0; v < n; ++v)
            m_isEnd[v] = m_graph.nodes.at(v).kind == NodeKind::End;
        m_plainAdj.resize(n);
        for (int e : m_topo.validFlowEdges()) {
            if (!m_model.edgeUsable.at(e))
                continue;
            Move mv;
            mv.from = m_topo.sourceOf(e);
            mv.to = m_topo.targetOf(e);
            mv.cost = m_model.edgeCost.at(e);
            mv.time = m_model.edgeTime.at(e);
            mv.key = e;
            mv.flowEdge = e;
            m_plainAdj[mv.from].append(int(m_moves.size()));
            m_moves.append(mv);
        }
        m_adj = m_plainAdj;
        m_alive.resize(n);
    }

    bool limitHit() const { return m_limitHit; }
    qint64 labelsCreated() const { return m_created; }
    const QStringList &notes() const { return m_notes; }

    void buildRegions();
    // Fills `out` with the best start -> end path; false when there is none.
    bool solve(int start, PathResult *out);

private:
    const Graph &m_graph;
    const GraphTopology &m_topo;
    const PathCostModel &m_model;
    double m_budget;
    bool m_timeFirst;
    bool m_pareto;
    qint64 m_limit;
    qint64 m_created = 0;
    bool m_limitHit = false;
    QList<bool> m_allowed;
    QList<bool> m_isEnd;
    QList<Move> m_moves;
    QList<QList<int>> m_plainAdj; // usable flow edges
    QList<QList<int>> m_adj;      // what the search follows: a split with a region has region moves
    QHash<int, QList<RegionOption>> m_options; // per split with a region: its ways to run
    QList<QList<int>> m_alive; // per node: labels not dominated (current run)
    QStringList m_notes;

    double primary(double cost, double time) const { return m_timeFirst ? time : cost; }
    double secondary(double cost, double time) const { return m_timeFirst ? cost : time; }
    int compareKey(const Label &a, const Label &b) const;
    int lexCompare(const QList<Label> &labels, int a, int b) const;
    int compare(const QList<Label> &labels, int a, int b) const;
    bool dominates(const QList<Label> &labels, int a, int b) const;

    SearchRun run(const Label &init, const QList<bool> &nodeOk, const QList<bool> &isTarget, int noExtraAt,
                  bool pareto, bool stopAtFirst, const QList<double> *lowerBound);
    QList<int> movesOf(const QList<Label> &labels, int label) const;
    QList<double> timeToEnd() const;
    void flatten(const QList<int> &branchMoves, int join, double cost, double time, int level, const QString &split,
                 int branch, PathResult *out) const;
    PathStep plainStep(const Move &mv, double cost, double time) const;
    PathStep regionStep(const Move &mv, double cost, double time) const;
};

} // namespace capgraph::optimalpath
