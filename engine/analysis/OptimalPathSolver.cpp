#include "analysis/OptimalPathSolver_p.h"

#include <algorithm>
#include <queue>
#include <tuple>
#include <vector>

namespace capgraph::optimalpath {

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

} // namespace capgraph::optimalpath
