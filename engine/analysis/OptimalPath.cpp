#include "analysis/OptimalPath.h"

#include "analysis/GraphTopology.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <queue>
#include <tuple>
#include <vector>

namespace capgraph {

QString pathFailureCode(PathFailure failure)
{
    switch (failure) {
    case PathFailure::None: return QString();
    case PathFailure::NoStart: return QStringLiteral("no-start");
    case PathFailure::MultipleStarts: return QStringLiteral("multiple-starts");
    case PathFailure::NoEnd: return QStringLiteral("no-end");
    case PathFailure::Unreachable: return QStringLiteral("unreachable");
    case PathFailure::BelowQuality: return QStringLiteral("below-quality");
    case PathFailure::OverBudget: return QStringLiteral("over-budget");
    case PathFailure::SearchLimit: return QStringLiteral("search-limit");
    }
    return QString();
}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Sums of decimal weights are not exact in doubles: a path that takes exactly the budget
// must not fail on the last bit.
bool fits(double time, double budget)
{
    return time <= budget + 1e-9 * std::max(1.0, std::abs(budget));
}

QString number(double v)
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

int Solver::compareKey(const Label &a, const Label &b) const
{
    const auto ka = std::make_tuple(primary(a.cost, a.time), secondary(a.cost, a.time), a.hops);
    const auto kb = std::make_tuple(primary(b.cost, b.time), secondary(b.cost, b.time), b.hops);
    return ka < kb ? -1 : (kb < ka ? 1 : 0);
}

int Solver::lexCompare(const QList<Label> &labels, int a, int b) const
{
    auto keys = [&](int x) {
        QList<int> k;
        for (; x >= 0; x = labels.at(x).parent)
            k.append(labels.at(x).move >= 0 ? m_moves.at(labels.at(x).move).key : -1);
        std::reverse(k.begin(), k.end());
        return k;
    };
    const QList<int> ka = keys(a), kb = keys(b);
    if (std::lexicographical_compare(ka.cbegin(), ka.cend(), kb.cbegin(), kb.cend()))
        return -1;
    return std::lexicographical_compare(kb.cbegin(), kb.cend(), ka.cbegin(), ka.cend()) ? 1 : 0;
}

int Solver::compare(const QList<Label> &labels, int a, int b) const
{
    const int c = compareKey(labels.at(a), labels.at(b));
    return c != 0 ? c : lexCompare(labels, a, b);
}

// Any completion of b is matched by the same completion of a, at no more cost or time and
// better in the tie-break (or, when a's completion repeats a node, by its shortcut, which
// is better still). Without a budget the secondary measure only breaks ties.
bool Solver::dominates(const QList<Label> &labels, int a, int b) const
{
    const Label &la = labels.at(a), &lb = labels.at(b);
    if (m_pareto && secondary(la.cost, la.time) > secondary(lb.cost, lb.time))
        return false;
    return compare(labels, a, b) < 0;
}

SearchRun Solver::run(const Label &init, const QList<bool> &nodeOk, const QList<bool> &isTarget, int noExtraAt,
                      bool pareto, bool stopAtFirst, const QList<double> *lowerBound)
{
    const bool savedPareto = m_pareto;
    m_pareto = pareto;
    SearchRun r;
    QList<int> touched;
    struct Entry
    {
        double p, s;
        int hops, id;
        bool operator>(const Entry &o) const { return std::tie(p, s, hops, id) > std::tie(o.p, o.s, o.hops, o.id); }
    };
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
    // Queues the last label of r.labels, which is not dominated at its node.
    auto enqueue = [&]() {
        const int id = int(r.labels.size() - 1);
        const Label &l = r.labels.at(id);
        heap.push({primary(l.cost, l.time), secondary(l.cost, l.time), l.hops, id});
        m_alive[l.node].append(id);
        touched.append(l.node);
    };
    r.labels.append(init);
    enqueue();
    ++m_created;
    bool haveBest = false;
    Label best;
    while (!heap.empty()) {
        const Entry top = heap.top();
        heap.pop();
        const Label cur = r.labels.at(top.id);
        if (cur.dead)
            continue;
        if (stopAtFirst && haveBest && compareKey(best, cur) < 0)
            break;
        if (isTarget.at(cur.node)) {
            r.hits.append(top.id);
            if (!haveBest) {
                haveBest = true;
                best = cur;
            }
            continue;
        }
        for (int mid : m_adj.at(cur.node)) {
            const Move &mv = m_moves.at(mid);
            const int w = mv.to;
            if (!nodeOk.at(w))
                continue;
            Label next;
            next.node = w;
            next.parent = top.id;
            next.move = mid;
            next.cost = cur.cost + mv.cost + (w == noExtraAt ? 0.0 : m_model.nodeCost.at(w));
            next.time = cur.time + mv.time + (w == noExtraAt ? 0.0 : m_model.nodeTime.at(w));
            next.hops = cur.hops + mv.hops;
            if (!fits(next.time, m_budget))
                continue;
            if (lowerBound && (std::isinf(lowerBound->at(w)) || !fits(next.time + lowerBound->at(w), m_budget)))
                continue;
            if (++m_created > m_limit) {
                m_limitHit = true;
                heap = {};
                break;
            }
            r.labels.append(next);
            const int id = int(r.labels.size() - 1);
            QList<int> &alive = m_alive[w];
            bool rejected = false;
            for (int other : alive)
                if (dominates(r.labels, other, id)) {
                    rejected = true;
                    break;
                }
            if (rejected) {
                r.labels.removeLast();
                continue;
            }
            alive.removeIf([&](int other) {
                if (!dominates(r.labels, id, other))
                    return false;
                r.labels[other].dead = true;
                return true;
            });
            enqueue();
        }
    }
    for (int v : touched)
        m_alive[v].clear();
    m_pareto = savedPareto;
    return r;
}

QList<int> Solver::movesOf(const QList<Label> &labels, int label) const
{
    QList<int> out;
    for (int x = label; x >= 0; x = labels.at(x).parent)
        if (labels.at(x).move >= 0)
            out.append(labels.at(x).move);
    std::reverse(out.begin(), out.end());
    return out;
}

void Solver::buildRegions()
{
    const int n = m_topo.nodeCount();
    QList<bool> removed(m_topo.flowEdges().size(), true);
    for (const Move &mv : m_moves)
        removed[mv.flowEdge] = false;
    const QList<int> ipdom = m_topo.immediatePostDominators(&removed);

    // Reachability over usable edges, forwards or backwards, never through `blocked`.
    auto reach = [&](const QList<int> &from, bool forward, const QList<int> &blocked) {
        QList<bool> seen(n, false);
        QList<int> stack;
        for (int b : blocked)
            seen[b] = true;
        for (int f : from)
            if (!seen.at(f)) {
                seen[f] = true;
                stack.append(f);
            }
        while (!stack.isEmpty()) {
            const int v = stack.takeLast();
            const QList<int> &edges = forward ? m_topo.outEdges(v) : m_topo.inEdges(v);
            for (int e : edges) {
                if (removed.at(e))
                    continue;
                const int w = forward ? m_topo.targetOf(e) : m_topo.sourceOf(e);
                if (!seen.at(w)) {
                    seen[w] = true;
                    stack.append(w);
                }
            }
        }
        for (int b : blocked)
            seen[b] = false;
        return seen;
    };

    struct Region
    {
        int split, join, size;
        QList<bool> nodes;
    };
    QList<Region> regions;
    for (int s = 0; s < n; ++s) {
        if (m_graph.nodes.at(s).kind != NodeKind::ParallelSplit || m_plainAdj.at(s).isEmpty() || !m_allowed.at(s))
            continue;
        const int j = ipdom.at(s);
        if (j < 0) {
            m_notes.append(QStringLiteral("parallel_split '%1': its branches never meet again, so the path follows "
                                          "one of them")
                               .arg(m_graph.nodes.at(s).id));
            continue;
        }
        // The region: what the branches reach before the join and that leads to it, less
        // anything that leads back to the split (which lies before it).
        QList<int> heads;
        for (int mid : m_plainAdj.at(s))
            heads.append(m_moves.at(mid).to);
        const QList<bool> fwd = reach(heads, true, {s, j});
        const QList<bool> back = reach({j}, false, {s});
        const QList<bool> pre = reach({s}, false, {j});
        Region region{s, j, 1, QList<bool>(n, false)};
        region.nodes[j] = true;
        for (int v = 0; v < n; ++v)
            if (fwd.at(v) && back.at(v) && !pre.at(v) && v != s && v != j) {
                region.nodes[v] = true;
                ++region.size;
            }
        regions.append(region);
    }
    // Inner regions first: an outer region's branches then cross them as one step.
    std::stable_sort(regions.begin(), regions.end(), [](const Region &a, const Region &b) { return a.size < b.size; });

    const std::size_t comboLimit = 200000;
    for (const Region &region : regions) {
        const int s = region.split, j = region.join;
        QList<bool> nodeOk(n, false);
        for (int v = 0; v < n; ++v)
            nodeOk[v] = region.nodes.at(v) && m_allowed.at(v);
        QList<bool> isTarget(n, false);
        isTarget[j] = true;
        QList<RegionOption> combos{RegionOption()};
        bool feasible = true;
        for (int first : m_plainAdj.at(s)) {
            const Move &mv = m_moves.at(first);
            QList<RegionOption> branch;
            if (mv.to == j) {
                if (fits(mv.time, m_budget))
                    branch.append({mv.cost, mv.time, 1, {{first}}});
            } else if (nodeOk.at(mv.to)) {
                Label init;
                init.node = mv.to;
                init.move = first;
                init.cost = mv.cost + m_model.nodeCost.at(mv.to);
                init.time = mv.time + m_model.nodeTime.at(mv.to);
                init.hops = 1;
                if (fits(init.time, m_budget)) {
                    const SearchRun r = run(init, nodeOk, isTarget, j, true, false, nullptr);
                    for (int hit : r.hits) {
                        const Label &l = r.labels.at(hit);
                        branch.append({l.cost, l.time, l.hops, {movesOf(r.labels, hit)}});
                    }
                }
            }
            if (m_limitHit)
                return;
            if (branch.isEmpty()) {
                feasible = false;
                m_notes.append(QStringLiteral("parallel_split '%1': its branch to '%2' cannot reach '%3'%4")
                                   .arg(m_graph.nodes.at(s).id, m_graph.nodes.at(mv.to).id, m_graph.nodes.at(j).id,
                                        std::isfinite(m_budget) ? QStringLiteral(" within the budget") : QString()));
                break;
            }
            // Every way so far times every way of this branch, keeping the Pareto front.
            QList<RegionOption> next;
            for (const RegionOption &c : combos)
                for (const RegionOption &b : branch) {
                    RegionOption o{c.cost + b.cost, std::max(c.time, b.time), c.hops + b.hops, c.branches};
                    o.branches.append(b.branches.first());
                    if (fits(o.time, m_budget))
                        next.append(o);
                }
            if (std::size_t(next.size()) > comboLimit) {
                m_limitHit = true;
                return;
            }
            std::stable_sort(next.begin(), next.end(), [this](const RegionOption &a, const RegionOption &b) {
                return std::make_tuple(primary(a.cost, a.time), secondary(a.cost, a.time), a.hops)
                       < std::make_tuple(primary(b.cost, b.time), secondary(b.cost, b.time), b.hops);
            });
            combos.clear();
            double bestSecondary = kInf;
            for (const RegionOption &o : next)
                if (secondary(o.cost, o.time) < bestSecondary) {
                    bestSecondary = secondary(o.cost, o.time);
                    combos.append(o);
                }
            if (combos.isEmpty()) {
                feasible = false;
                break;
            }
        }
        m_adj[s].clear();
        if (!feasible)
            continue;
        if (!m_pareto)
            combos.resize(1); // without a budget only the best way can matter
        m_options.insert(s, combos);
        for (int i = 0; i < combos.size(); ++i) {
            Move mv;
            mv.from = s;
            mv.to = j;
            mv.cost = combos.at(i).cost;
            mv.time = combos.at(i).time;
            mv.hops = combos.at(i).hops;
            mv.key = i;
            mv.option = i;
            m_adj[s].append(int(m_moves.size()));
            m_moves.append(mv);
        }
    }
}

// Least time from each node to an end (Dijkstra backwards): prunes labels that cannot
// finish within the budget, and nodes that cannot finish at all.
QList<double> Solver::timeToEnd() const
{
    const int n = m_topo.nodeCount();
    QList<QList<int>> radj(n);
    for (int v = 0; v < n; ++v)
        for (int mid : m_adj.at(v))
            radj[m_moves.at(mid).to].append(mid);
    QList<double> dist(n, kInf);
    using Entry = std::pair<double, int>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
    for (int v = 0; v < n; ++v)
        if (m_isEnd.at(v) && m_allowed.at(v)) {
            dist[v] = 0;
            heap.push({0.0, v});
        }
    while (!heap.empty()) {
        const auto [d, w] = heap.top();
        heap.pop();
        if (d > dist.at(w))
            continue;
        for (int mid : radj.at(w)) {
            const Move &mv = m_moves.at(mid);
            if (!m_allowed.at(mv.from) || m_isEnd.at(mv.from))
                continue;
            const double nd = d + mv.time + m_model.nodeTime.at(w);
            if (nd < dist.at(mv.from)) {
                dist[mv.from] = nd;
                heap.push({nd, mv.from});
            }
        }
    }
    return dist;
}

PathStep Solver::plainStep(const Move &mv, double cost, double time) const
{
    PathStep st;
    st.node = mv.to;
    st.nodeId = m_graph.nodes.at(mv.to).id;
    st.flowEdge = mv.flowEdge;
    const FlowEdge &f = m_topo.flowEdges().at(mv.flowEdge);
    if (f.origin == FlowEdge::Origin::Edge)
        st.edge = f.edgeIndex;
    else if (f.origin == FlowEdge::Origin::Condition)
        st.condition = m_graph.nodes.at(mv.from).conditions.at(f.conditionIndex).name;
    else
        st.condition = QStringLiteral("default");
    st.stepCost = mv.cost + m_model.nodeCost.at(mv.to);
    st.stepTime = mv.time + m_model.nodeTime.at(mv.to);
    st.repeatCost = m_model.nodeCost.at(mv.to);
    st.repeatTime = m_model.nodeTime.at(mv.to);
    st.cost = cost;
    st.time = time;
    st.quality = m_model.nodeQuality.at(mv.to);
    return st;
}

// The steps of one branch of a region: its nodes up to (not including) the join.
void Solver::flatten(const QList<int> &branchMoves, int join, double cost, double time, int level,
                     const QString &split, int branch, PathResult *out) const
{
    for (int mid : branchMoves) {
        const Move &mv = m_moves.at(mid);
        if (mv.option >= 0) {
            // A nested region: the inner split's branches, then (unless it is our join too)
            // the inner join.
            const RegionOption &o = m_options.value(mv.from).at(mv.option);
            out->steps.last().branchCount = int(o.branches.size());
            for (int b = 0; b < o.branches.size(); ++b)
                flatten(o.branches.at(b), mv.to, cost, time, level + 1, m_graph.nodes.at(mv.from).id, b, out);
        } else {
            out->edgesTaken.append(mv.flowEdge);
        }
        if (mv.to == join)
            break;
        cost += mv.cost + m_model.nodeCost.at(mv.to);
        time += mv.time + m_model.nodeTime.at(mv.to);
        PathStep st = mv.option >= 0 ? regionStep(mv, cost, time) : plainStep(mv, cost, time);
        st.split = split;
        st.branch = branch;
        st.level = level;
        out->steps.append(st);
    }
}

PathStep Solver::regionStep(const Move &mv, double cost, double time) const
{
    PathStep st;
    st.node = mv.to;
    st.nodeId = m_graph.nodes.at(mv.to).id;
    st.stepCost = mv.cost + m_model.nodeCost.at(mv.to);
    st.stepTime = mv.time + m_model.nodeTime.at(mv.to);
    st.repeatCost = m_model.nodeCost.at(mv.to);
    st.repeatTime = m_model.nodeTime.at(mv.to);
    st.cost = cost;
    st.time = time;
    st.quality = m_model.nodeQuality.at(mv.to);
    return st;
}

bool Solver::solve(int start, PathResult *out)
{
    if (!m_allowed.at(start))
        return false;
    buildRegions();
    if (m_limitHit)
        return false;
    const QList<double> toEnd = timeToEnd();
    if (std::isinf(toEnd.at(start)))
        return false;
    Label init;
    init.node = start;
    init.cost = m_model.nodeCost.at(start);
    init.time = m_model.nodeTime.at(start);
    if (!fits(init.time + toEnd.at(start), m_budget))
        return false;
    const SearchRun r = run(init, m_allowed, m_isEnd, -1, m_pareto, true, &toEnd);
    if (m_limitHit || r.hits.isEmpty())
        return false;
    int best = r.hits.first();
    for (int h : r.hits)
        if (compare(r.labels, h, best) < 0)
            best = h;

    QList<int> chain;
    for (int x = best; x >= 0; x = r.labels.at(x).parent)
        chain.append(x);
    std::reverse(chain.begin(), chain.end());
    out->steps.clear();
    out->edgesTaken.clear();
    PathStep first;
    first.node = start;
    first.nodeId = m_graph.nodes.at(start).id;
    first.stepCost = first.cost = init.cost;
    first.stepTime = first.time = init.time;
    first.repeatCost = init.cost;
    first.repeatTime = init.time;
    first.quality = m_model.nodeQuality.at(start);
    out->steps.append(first);
    for (qsizetype i = 1; i < chain.size(); ++i) {
        const Label &l = r.labels.at(chain.at(i));
        const Label &parent = r.labels.at(chain.at(i - 1));
        const Move &mv = m_moves.at(l.move);
        if (mv.option < 0) {
            out->steps.append(plainStep(mv, l.cost, l.time));
            out->edgesTaken.append(mv.flowEdge);
            continue;
        }
        const RegionOption &o = m_options.value(mv.from).at(mv.option);
        out->steps.last().branchCount = int(o.branches.size());
        for (int b = 0; b < o.branches.size(); ++b)
            flatten(o.branches.at(b), mv.to, parent.cost, parent.time, 1, m_graph.nodes.at(mv.from).id, b, out);
        out->steps.append(regionStep(mv, l.cost, l.time));
    }
    const Label &last = r.labels.at(best);
    out->cost = last.cost;
    out->time = last.time;
    out->quality = 1;
    for (const PathStep &st : std::as_const(out->steps))
        out->quality = std::min(out->quality, st.quality);
    return true;
}

QString idList(const QStringList &ids, int max = 4)
{
    QStringList quoted;
    for (qsizetype i = 0; i < ids.size() && i < max; ++i)
        quoted.append(QLatin1Char('\'') + ids.at(i) + QLatin1Char('\''));
    QString text = quoted.join(QStringLiteral(", "));
    if (ids.size() > max)
        text += QStringLiteral(" and %1 more").arg(ids.size() - max);
    return text;
}

// JSON carries what the text shows: sums of decimal weights without their last-bit noise
// (9.8, not 9.800000000000001).
QJsonValue jsonNumber(double v)
{
    return QJsonValue(QString::number(v, 'g', 12).toDouble());
}

} // namespace

QStringList PathResult::nodeIds() const
{
    QStringList ids;
    for (const PathStep &st : steps)
        ids.append(st.nodeId);
    return ids;
}

QJsonObject PathResult::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("depth"), pathDepthName(depth));
    o.insert(QStringLiteral("budget"), std::isfinite(budget) ? jsonNumber(budget) : QJsonValue());
    o.insert(QStringLiteral("quality_threshold"), jsonNumber(qualityThreshold));
    o.insert(QStringLiteral("found"), found);
    if (found) {
        o.insert(QStringLiteral("cost"), jsonNumber(cost));
        o.insert(QStringLiteral("time"), jsonNumber(time));
        o.insert(QStringLiteral("quality"), jsonNumber(quality));
        QJsonArray path;
        for (const PathStep &st : steps) {
            QJsonObject s;
            s.insert(QStringLiteral("node"), st.nodeId);
            s.insert(QStringLiteral("cost"), jsonNumber(st.cost));
            s.insert(QStringLiteral("time"), jsonNumber(st.time));
            s.insert(QStringLiteral("step_cost"), jsonNumber(st.stepCost));
            s.insert(QStringLiteral("step_time"), jsonNumber(st.stepTime));
            if (st.flowEdge >= 0)
                s.insert(QStringLiteral("flow_edge"), st.flowEdge);
            if (st.edge >= 0)
                s.insert(QStringLiteral("edge"), st.edge);
            if (!st.condition.isEmpty())
                s.insert(QStringLiteral("condition"), st.condition);
            if (st.quality < 1)
                s.insert(QStringLiteral("quality"), jsonNumber(st.quality));
            if (st.repeatCost > 0 || st.repeatTime > 0) {
                s.insert(QStringLiteral("repeat_cost"), jsonNumber(st.repeatCost));
                s.insert(QStringLiteral("repeat_time"), jsonNumber(st.repeatTime));
            }
            if (!st.split.isEmpty()) {
                s.insert(QStringLiteral("split"), st.split);
                s.insert(QStringLiteral("branch"), st.branch);
                s.insert(QStringLiteral("level"), st.level);
            }
            if (st.branchCount > 0)
                s.insert(QStringLiteral("branches"), st.branchCount);
            path.append(s);
        }
        o.insert(QStringLiteral("path"), path);
        QJsonArray flow;
        for (int e : edgesTaken)
            flow.append(e);
        o.insert(QStringLiteral("flow_edges"), flow);
    } else {
        o.insert(QStringLiteral("failure"), pathFailureCode(failure));
        o.insert(QStringLiteral("reason"), reason);
        if (hasCheapest) {
            QJsonObject c;
            c.insert(QStringLiteral("cost"), jsonNumber(cheapestCost));
            c.insert(QStringLiteral("time"), jsonNumber(cheapestTime));
            c.insert(QStringLiteral("path"), QJsonArray::fromStringList(cheapestPath));
            o.insert(QStringLiteral("cheapest"), c);
        }
        if (hasFastest)
            o.insert(QStringLiteral("fastest_time"), jsonNumber(fastestTime));
        if (!belowQualityNodes.isEmpty())
            o.insert(QStringLiteral("below_quality"), QJsonArray::fromStringList(belowQualityNodes));
    }
    o.insert(QStringLiteral("notes"), QJsonArray::fromStringList(notes));
    return o;
}

PathResult OptimalPath::find(const Graph &graph, const PathOptions &options)
{
    PathResult result;
    result.depth = options.depth;
    result.budget = options.budget;
    const GraphTopology topo(graph);
    const PathCostModel model = PathCostModel::build(graph, topo, options.depth);
    result.qualityThreshold = model.qualityThreshold;
    if (!model.diagnostics.isEmpty()) {
        result.diagnostics = model.diagnostics;
        result.setReason(CAPGRAPH_TR("capgraph::Path", "the graph has invalid weights or qualities"));
        return result;
    }
    const QList<int> starts = topo.nodesOfKind(graph, NodeKind::Start);
    QStringList startIds;
    for (int s : starts)
        startIds.append(graph.nodes.at(s).id);
    if (starts.isEmpty()) {
        result.failure = PathFailure::NoStart;
        result.setReason(CAPGRAPH_TR("capgraph::Path", "the graph has no control.start node"));
        return result;
    }
    if (starts.size() > 1) {
        result.failure = PathFailure::MultipleStarts;
        result.setReason(CAPGRAPH_TR("capgraph::Path", "the graph has %1 control.start nodes (%2); a path needs exactly one")
                            .arg(starts.size())
                            .arg(idList(startIds)));
        return result;
    }
    if (topo.nodesOfKind(graph, NodeKind::End).isEmpty()) {
        result.failure = PathFailure::NoEnd;
        result.setReason(CAPGRAPH_TR("capgraph::Path", "the graph has no control.end node"));
        return result;
    }
    const int start = starts.first();
    const QString startId = graph.nodes.at(start).id;
    auto limitReason = [&](const Solver &s) {
        result.failure = PathFailure::SearchLimit;
        result.setReason(CAPGRAPH_TR("capgraph::Path", "the search gave up after %1 labels; the graph has too many "
                                       "equally good alternatives under this budget")
                            .arg(s.labelsCreated()));
    };

    Solver main(graph, topo, model, options.budget, false, true, options.labelLimit);
    result.found = main.solve(start, &result);
    result.notes = main.notes();
    if (result.found)
        return result;
    if (main.limitHit()) {
        limitReason(main);
        return result;
    }

    // Why not: first without the budget, then without the quality threshold.
    PathResult relaxed;
    if (std::isfinite(options.budget)) {
        Solver cheapest(graph, topo, model, kInf, false, true, options.labelLimit);
        if (cheapest.solve(start, &relaxed)) {
            PathResult fastestPath;
            Solver fastest(graph, topo, model, kInf, true, true, options.labelLimit);
            result.failure = PathFailure::OverBudget;
            result.hasCheapest = true;
            result.cheapestCost = relaxed.cost;
            result.cheapestTime = relaxed.time;
            result.cheapestPath = relaxed.nodeIds();
            result.hasFastest = fastest.solve(start, &fastestPath);
            result.fastestTime = fastestPath.time;
            result.setReason(CAPGRAPH_TR("capgraph::Path", "every start -> end path takes longer than the budget of %1: the fastest "
                                           "takes %2; the cheapest costs %3 and takes %4")
                                .arg(number(options.budget), number(result.fastestTime), number(relaxed.cost),
                                     number(relaxed.time)));
            return result;
        }
        if (cheapest.limitHit()) {
            limitReason(cheapest);
            return result;
        }
    }
    Solver anyQuality(graph, topo, model, kInf, false, false, options.labelLimit);
    if (anyQuality.solve(start, &relaxed)) {
        result.failure = PathFailure::BelowQuality;
        result.hasCheapest = true;
        result.cheapestCost = relaxed.cost;
        result.cheapestTime = relaxed.time;
        result.cheapestPath = relaxed.nodeIds();
        QStringList low;
        for (const PathStep &st : std::as_const(relaxed.steps))
            if (!model.nodeAllowed.at(st.node) && !low.contains(st.nodeId))
                low.append(st.nodeId);
        result.belowQualityNodes = low;
        QStringList described;
        for (const QString &id : std::as_const(low))
            described.append(QStringLiteral("%1 (%2)").arg(id, number(model.nodeQuality.at(graph.indexOfNode(id)))));
        result.setReason(CAPGRAPH_TR("capgraph::Path", "every start -> end path passes a node whose quality is below %1 (depth %2); "
                                       "the cheapest passes %3")
                            .arg(number(model.qualityThreshold), pathDepthName(options.depth),
                                 described.join(QStringLiteral(", "))));
        return result;
    }
    if (anyQuality.limitHit()) {
        limitReason(anyQuality);
        return result;
    }
    result.failure = PathFailure::Unreachable;
    result.setReason(CAPGRAPH_TR("capgraph::Path", "no control.end can be reached from '%1' (iteration and background edges are "
                                   "never steps of a path)")
                        .arg(startId));
    return result;
}

} // namespace capgraph
