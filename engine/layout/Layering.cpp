// Layer assignment: longest path and network simplex (Gansner, Koutsofios, North, Vo,
// "A Technique for Drawing Directed Graphs", IEEE TSE 1993, section 2).
#include "layout/Layering.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

namespace capgraph::layout {

namespace {

struct Edge
{
    int tail;
    int head;
    long long weight;
    int minLen;
};

// Drops out-of-range edges and self-loops, merges multi-edges (weights add up, the largest
// minimum length wins). Negative weights and lengths are clamped to 0. Sorted by (tail, head).
std::vector<Edge> sanitize(int n, const QList<QPair<int, int>> &edges, const QList<int> &weight,
                           const QList<int> &minLength)
{
    std::vector<Edge> raw;
    raw.reserve(size_t(edges.size()));
    for (qsizetype i = 0; i < edges.size(); ++i) {
        const int u = edges[i].first;
        const int v = edges[i].second;
        if (u < 0 || v < 0 || u >= n || v >= n || u == v)
            continue;
        const long long w = i < weight.size() ? std::max(0, weight[i]) : 1;
        const int ml = i < minLength.size() ? std::max(0, minLength[i]) : 1;
        raw.push_back({u, v, w, ml});
    }
    std::stable_sort(raw.begin(), raw.end(), [](const Edge &a, const Edge &b) {
        return a.tail != b.tail ? a.tail < b.tail : a.head < b.head;
    });
    std::vector<Edge> merged;
    merged.reserve(raw.size());
    for (const Edge &e : raw) {
        if (!merged.empty() && merged.back().tail == e.tail && merged.back().head == e.head) {
            merged.back().weight += e.weight;
            merged.back().minLen = std::max(merged.back().minLen, e.minLen);
        } else {
            merged.push_back(e);
        }
    }
    return merged;
}

// Compressed adjacency: for each node the indices of its out- (or in-) edges.
struct Csr
{
    std::vector<int> start;
    std::vector<int> list;

    void build(int n, const std::vector<Edge> &edges, bool byTail, const std::vector<char> *skip = nullptr)
    {
        start.assign(size_t(n) + 1, 0);
        for (size_t e = 0; e < edges.size(); ++e)
            if (!skip || !(*skip)[e])
                ++start[size_t(byTail ? edges[e].tail : edges[e].head) + 1];
        for (int v = 0; v < n; ++v)
            start[size_t(v) + 1] += start[size_t(v)];
        list.assign(size_t(start[size_t(n)]), 0);
        std::vector<int> fill(start.begin(), start.end() - 1);
        for (size_t e = 0; e < edges.size(); ++e)
            if (!skip || !(*skip)[e])
                list[size_t(fill[size_t(byTail ? edges[e].tail : edges[e].head)]++)] = int(e);
    }
    const int *begin(int v) const { return list.data() + start[size_t(v)]; }
    const int *end(int v) const { return list.data() + start[size_t(v) + 1]; }
};

// Longest path (Kahn's algorithm, sources at 0, rank[v] = max(rank[u] + minLen)). Returns
// false if not every node could be ranked, i.e. the graph has a cycle.
bool longestPathRanks(int n, const std::vector<Edge> &edges, std::vector<int> &rank,
                      const std::vector<char> *skip = nullptr)
{
    Csr out;
    out.build(n, edges, true, skip);
    std::vector<int> indeg(size_t(n), 0);
    for (size_t e = 0; e < edges.size(); ++e)
        if (!skip || !(*skip)[e])
            ++indeg[size_t(edges[e].head)];
    rank.assign(size_t(n), 0);
    std::vector<int> queue;
    queue.reserve(size_t(n));
    for (int v = 0; v < n; ++v)
        if (indeg[size_t(v)] == 0)
            queue.push_back(v);
    for (size_t qi = 0; qi < queue.size(); ++qi) {
        const int u = queue[qi];
        for (const int *p = out.begin(u); p != out.end(u); ++p) {
            const Edge &e = edges[size_t(*p)];
            rank[size_t(e.head)] = std::max(rank[size_t(e.head)], rank[size_t(u)] + e.minLen);
            if (--indeg[size_t(e.head)] == 0)
                queue.push_back(e.head);
        }
    }
    return int(queue.size()) == n;
}

// Marks the back edges of an iterative depth-first search (roots in index order): without
// them the graph is acyclic.
std::vector<char> backEdges(int n, const std::vector<Edge> &edges)
{
    Csr out;
    out.build(n, edges, true);
    std::vector<char> back(edges.size(), 0);
    std::vector<char> state(size_t(n), 0); // 0 new, 1 on stack, 2 done
    std::vector<std::pair<int, int>> stack; // node, next out position
    for (int root = 0; root < n; ++root) {
        if (state[size_t(root)])
            continue;
        state[size_t(root)] = 1;
        stack.push_back({root, out.start[size_t(root)]});
        while (!stack.empty()) {
            auto &[v, pos] = stack.back();
            if (pos == out.start[size_t(v) + 1]) {
                state[size_t(v)] = 2;
                stack.pop_back();
                continue;
            }
            const int e = out.list[size_t(pos++)];
            const int w = edges[size_t(e)].head;
            if (state[size_t(w)] == 1) {
                back[size_t(e)] = 1;
            } else if (state[size_t(w)] == 0) {
                state[size_t(w)] = 1;
                stack.push_back({w, out.start[size_t(w)]});
            }
        }
    }
    return back;
}

// Longest path on the graph without the back edges of a DFS (identical to plain longest
// path for a DAG).
std::vector<int> longestPathAcyclic(int n, const std::vector<Edge> &edges)
{
    std::vector<int> rank;
    if (!longestPathRanks(n, edges, rank)) {
        const std::vector<char> back = backEdges(n, edges);
        longestPathRanks(n, edges, rank, &back);
    }
    return rank;
}

// Network simplex on one weakly connected component (local node indices 0..n-1, edges
// simple and acyclic, `rank` a feasible ranking on entry). On return `rank` is optimal,
// normalised to start at 0 and balanced.
class NetworkSimplex
{
public:
    void run(int nodeCount, const std::vector<Edge> &edgeList, std::vector<int> &rankRef)
    {
        n = nodeCount;
        m = int(edgeList.size());
        E = &edgeList;
        rank = &rankRef;
        out.build(n, edgeList, true);
        in.build(n, edgeList, false);

        improveRanking();
        feasibleTree();
        initCutValues();
        const long long maxIter = 100LL * (n + m) + 1000; // guard against degenerate cycling
        long long iter = 0;
        int f;
        while ((f = leaveEdge()) >= 0) {
            const int e = enterEdge(f);
            if (e < 0)
                break; // cannot happen on a connected component; be safe
            update(f, e);
            if (++iter >= maxIter)
                break;
        }
        normalize();
        balance();
        normalize();
    }

private:
    int n = 0;
    int m = 0;
    const std::vector<Edge> *E = nullptr;
    std::vector<int> *rank = nullptr;
    Csr out;
    Csr in;
    std::vector<int> treeIndex;            // per edge: position in treeEdges, -1 = non-tree
    std::vector<int> treeEdges;            // the n-1 tree edges
    std::vector<std::vector<int>> treeAdj; // per node: incident tree edges
    std::vector<int> par;                  // per node: tree edge to the parent, -1 at the root
    std::vector<int> low;                  // per node: smallest postorder number in its subtree
    std::vector<int> lim;                  // per node: its postorder number
    std::vector<int> nodeAtLim;            // inverse of lim: a subtree is a contiguous range
    std::vector<long long> cut;            // per edge: cut value (tree edges only)
    std::vector<int> dfsStack;
    std::vector<int> dfsPos;
    std::vector<int> oldOrder;             // scratch for dfsRange
    std::vector<int> pathStamp;            // per node: == stamp if on the current cycle path
    int stamp = 0;
    int searchPos = 0;
    int searchSize = 30;

    const Edge &edge(int e) const { return (*E)[size_t(e)]; }
    int &rk(int v) { return (*rank)[size_t(v)]; }
    int slack(int e) const
    {
        const Edge &ed = edge(e);
        return (*rank)[size_t(ed.head)] - (*rank)[size_t(ed.tail)] - ed.minLen;
    }
    bool inSubtree(int v, int w) const // is w in the subtree of v?
    {
        return low[size_t(v)] <= lim[size_t(w)] && lim[size_t(w)] <= lim[size_t(v)];
    }

    void addTreeEdge(int e)
    {
        treeIndex[size_t(e)] = int(treeEdges.size());
        treeEdges.push_back(e);
        treeAdj[size_t(edge(e).tail)].push_back(e);
        treeAdj[size_t(edge(e).head)].push_back(e);
    }

    // Cheap pre-pass (not in the paper): coordinate descent moving single nodes whose in- and
    // out-weight differ to the favourable end of their feasible interval. It keeps the ranking
    // feasible and lowers the cost, so network simplex starts with far fewer negative cut values.
    void improveRanking()
    {
        for (int sweep = 0; sweep < 8; ++sweep) {
            bool changed = false;
            for (int v = 0; v < n; ++v) {
                long long balanceW = 0; // out-weight - in-weight
                int lowR = std::numeric_limits<int>::min();
                int highR = std::numeric_limits<int>::max();
                for (const int *p = in.begin(v); p != in.end(v); ++p) {
                    balanceW -= edge(*p).weight;
                    lowR = std::max(lowR, rk(edge(*p).tail) + edge(*p).minLen);
                }
                for (const int *p = out.begin(v); p != out.end(v); ++p) {
                    balanceW += edge(*p).weight;
                    highR = std::min(highR, rk(edge(*p).head) - edge(*p).minLen);
                }
                if (balanceW > 0 && highR != std::numeric_limits<int>::max() && rk(v) < highR) {
                    rk(v) = highR;
                    changed = true;
                } else if (balanceW < 0 && lowR != std::numeric_limits<int>::min() && rk(v) > lowR) {
                    rk(v) = lowR;
                    changed = true;
                }
            }
            if (!changed)
                break;
        }
    }

    // Feasible tight spanning tree. Tight-tree growth from node 0: the tree is extended along
    // the incident edge of minimal slack; if that slack is positive (no tight edge leaves the
    // tree) the whole tree is shifted by it first, which keeps the ranking feasible. The shift
    // is kept lazily as an offset `shift` for tree nodes (actual rank = rel + shift); two heaps
    // hold the incident edges whose slack shrinks (tree node is the tail) or grows (tree node
    // is the head) with the shift. O(E log E) instead of repeated tight-tree searches.
    void feasibleTree()
    {
        treeIndex.assign(size_t(m), -1);
        treeEdges.clear();
        treeEdges.reserve(size_t(std::max(0, n - 1)));
        treeAdj.assign(size_t(n), {});
        std::vector<char> inTree(size_t(n), 0);
        std::vector<long long> rel(size_t(n), 0);
        long long shift = 0;
        using Item = std::pair<long long, int>; // key, edge
        std::priority_queue<Item, std::vector<Item>, std::greater<Item>> fromTree; // tail in tree
        std::priority_queue<Item, std::vector<Item>, std::greater<Item>> intoTree; // head in tree

        auto addNode = [&](int x) {
            const long long r = rk(x);
            inTree[size_t(x)] = 1;
            rel[size_t(x)] = r - shift;
            for (const int *p = out.begin(x); p != out.end(x); ++p) {
                const Edge &ed = edge(*p);
                if (!inTree[size_t(ed.head)]) // slack = key - shift
                    fromTree.push({rk(ed.head) - rel[size_t(x)] - ed.minLen, *p});
            }
            for (const int *p = in.begin(x); p != in.end(x); ++p) {
                const Edge &ed = edge(*p);
                if (!inTree[size_t(ed.tail)]) // slack = key + shift
                    intoTree.push({rel[size_t(x)] - rk(ed.tail) - ed.minLen, *p});
            }
        };

        addNode(0);
        int treeSize = 1;
        while (treeSize < n) {
            while (!fromTree.empty() && inTree[size_t(edge(fromTree.top().second).head)])
                fromTree.pop();
            while (!intoTree.empty() && inTree[size_t(edge(intoTree.top().second).tail)])
                intoTree.pop();
            if (fromTree.empty() && intoTree.empty())
                break; // not connected: cannot happen for a component
            const long long maxKey = std::numeric_limits<long long>::max();
            const long long sOut = fromTree.empty() ? maxKey : fromTree.top().first - shift;
            const long long sIn = intoTree.empty() ? maxKey : intoTree.top().first + shift;
            const bool useOut = sOut < sIn || (sOut == sIn && fromTree.top().second < intoTree.top().second);
            int e;
            int x;
            if (useOut) {
                e = fromTree.top().second;
                fromTree.pop();
                shift += sOut; // move the tree up onto the head
                x = edge(e).head;
            } else {
                e = intoTree.top().second;
                intoTree.pop();
                shift -= sIn; // move the tree down onto the tail
                x = edge(e).tail;
            }
            addTreeEdge(e);
            addNode(x);
            ++treeSize;
        }
        for (int v = 0; v < n; ++v)
            rk(v) = int(rel[size_t(v)] + shift);
    }

    // Postorder numbering (low, lim, par) of the subtree of `root`, entered through `parEdge`,
    // numbers starting at `first`. Iterative. When `incremental` (after an exchange), a subtree
    // off the cycle path with an unchanged parent edge has an unchanged structure: its numbers
    // are kept, or shifted as a block (a contiguous lim range), without a traversal.
    void dfsRange(int root, int parEdge, int first, bool incremental = false)
    {
        int counter = first;
        if (incremental) // old order of the range being renumbered
            oldOrder.assign(nodeAtLim.begin() + first, nodeAtLim.begin() + lim[size_t(root)] + 1);
        dfsStack.clear();
        dfsPos.clear();
        par[size_t(root)] = parEdge;
        low[size_t(root)] = counter;
        dfsStack.push_back(root);
        dfsPos.push_back(0);
        while (!dfsStack.empty()) {
            const int v = dfsStack.back();
            int &pos = dfsPos.back();
            const std::vector<int> &adj = treeAdj[size_t(v)];
            if (pos < int(adj.size())) {
                const int e = adj[size_t(pos++)];
                if (e == par[size_t(v)])
                    continue;
                const int w = edge(e).tail == v ? edge(e).head : edge(e).tail;
                if (incremental && pathStamp[size_t(w)] != stamp && par[size_t(w)] == e) {
                    const int oldLow = low[size_t(w)];
                    const int oldLim = lim[size_t(w)];
                    const int d = counter - oldLow;
                    if (d != 0) {
                        for (int l = oldLow; l <= oldLim; ++l) {
                            const int x = oldOrder[size_t(l - first)];
                            low[size_t(x)] += d;
                            lim[size_t(x)] += d;
                            nodeAtLim[size_t(l + d)] = x;
                        }
                    }
                    counter = oldLim + d + 1;
                    continue;
                }
                par[size_t(w)] = e;
                low[size_t(w)] = counter;
                dfsStack.push_back(w);
                dfsPos.push_back(0);
            } else {
                lim[size_t(v)] = counter;
                nodeAtLim[size_t(counter)] = v;
                ++counter;
                dfsStack.pop_back();
                dfsPos.pop_back();
            }
        }
    }

    // Contribution of edge e (incident on v) to the cut value of v's parent edge.
    long long xVal(int e, int v, int dir) const
    {
        const Edge &ed = edge(e);
        const int other = ed.tail == v ? ed.head : ed.tail;
        long long rv;
        bool outside;
        if (!inSubtree(v, other)) {
            outside = true;
            rv = ed.weight;
        } else {
            outside = false;
            rv = (treeIndex[size_t(e)] >= 0 ? cut[size_t(e)] : 0) - ed.weight;
        }
        int d;
        if (dir > 0)
            d = ed.head == v ? 1 : -1;
        else
            d = ed.tail == v ? 1 : -1;
        if (outside)
            d = -d;
        return d < 0 ? -rv : rv;
    }

    // Cut value of tree edge f from the cut values of the tree edges below it: only the edges
    // incident on the lower end point of f are looked at (paper section 2.4).
    void xCutval(int f)
    {
        const Edge &ed = edge(f);
        int v;
        int dir;
        if (par[size_t(ed.tail)] == f) {
            v = ed.tail;
            dir = 1;
        } else {
            v = ed.head;
            dir = -1;
        }
        long long sum = 0;
        for (const int *p = out.begin(v); p != out.end(v); ++p)
            sum += xVal(*p, v, dir);
        for (const int *p = in.begin(v); p != in.end(v); ++p)
            sum += xVal(*p, v, dir);
        cut[size_t(f)] = sum;
    }

    void initCutValues()
    {
        par.assign(size_t(n), -1);
        low.assign(size_t(n), 0);
        lim.assign(size_t(n), 0);
        nodeAtLim.assign(size_t(n), 0);
        cut.assign(size_t(m), 0);
        pathStamp.assign(size_t(n), 0);
        stamp = 0;
        searchPos = 0;
        // Graphviz searches 30 candidates; on large random graphs that leads to long runs of
        // degenerate pivots (measured: > 10 s for 5000 nodes), a quarter of the tree (~100 ms).
        searchSize = std::max(30, n / 4);
        dfsRange(0, -1, 0);
        for (int l = 0; l < n; ++l) { // postorder: children before parents
            const int v = nodeAtLim[size_t(l)];
            if (par[size_t(v)] >= 0)
                xCutval(par[size_t(v)]);
        }
    }

    // A tree edge with a negative cut value, searched cyclically from where the last search
    // stopped; among the first searchSize negative candidates the most negative one.
    int leaveEdge()
    {
        const int size = int(treeEdges.size());
        if (size == 0)
            return -1;
        int best = -1;
        int count = 0;
        const int startPos = searchPos % size;
        for (int k = 0; k < size; ++k) {
            const int pos = startPos + k < size ? startPos + k : startPos + k - size;
            const int f = treeEdges[size_t(pos)];
            if (cut[size_t(f)] < 0) {
                if (best < 0 || cut[size_t(f)] < cut[size_t(best)])
                    best = f;
                if (++count >= searchSize) {
                    searchPos = pos;
                    return best;
                }
            }
        }
        searchPos = startPos;
        return best;
    }

    // The non-tree edge of minimal slack going from the head component of f to its tail
    // component. The component not holding the root is a contiguous lim range.
    int enterEdge(int f)
    {
        const Edge &ed = edge(f);
        int v;
        bool outSearch;
        if (lim[size_t(ed.tail)] < lim[size_t(ed.head)]) {
            v = ed.tail; // tail component below: edges entering it
            outSearch = false;
        } else {
            v = ed.head; // head component below: edges leaving it
            outSearch = true;
        }
        const int lo = low[size_t(v)];
        const int hi = lim[size_t(v)];
        int best = -1;
        int bestSlack = std::numeric_limits<int>::max();
        for (int l = lo; l <= hi; ++l) {
            const int x = nodeAtLim[size_t(l)];
            const Csr &adj = outSearch ? out : in;
            for (const int *p = adj.begin(x); p != adj.end(x); ++p) {
                if (treeIndex[size_t(*p)] >= 0)
                    continue;
                const int other = outSearch ? edge(*p).head : edge(*p).tail;
                if (lo <= lim[size_t(other)] && lim[size_t(other)] <= hi)
                    continue;
                const int s = slack(*p);
                if (s < bestSlack) {
                    bestSlack = s;
                    best = *p;
                    if (s == 0)
                        return best;
                }
            }
        }
        return best;
    }

    // Walks from v up to the common ancestor with w, adjusting cut values on the way.
    int treeUpdate(int v, int w, long long cutvalue, bool dir)
    {
        pathStamp[size_t(v)] = stamp;
        while (!inSubtree(v, w)) {
            const int e = par[size_t(v)];
            const Edge &ed = edge(e);
            const bool d = v == ed.tail ? dir : !dir;
            cut[size_t(e)] += d ? cutvalue : -cutvalue;
            v = lim[size_t(ed.tail)] > lim[size_t(ed.head)] ? ed.tail : ed.head;
            pathStamp[size_t(v)] = stamp;
        }
        return v;
    }

    static void removeFrom(std::vector<int> &list, int e)
    {
        const auto it = std::find(list.begin(), list.end(), e);
        if (it != list.end())
            list.erase(it);
    }

    // Exchanges leaving tree edge f for entering edge e.
    void update(int f, int e)
    {
        const int delta = slack(e);
        if (delta > 0) {
            // Make e tight: lower the tail component of f or raise its head component, whichever
            // is cheaper; the component below f is the lim range of its lower end point.
            const Edge &fe = edge(f);
            const bool tailBelow = lim[size_t(fe.tail)] < lim[size_t(fe.head)];
            const int v = tailBelow ? fe.tail : fe.head;
            const int lo = low[size_t(v)];
            const int hi = lim[size_t(v)];
            const int below = tailBelow ? -delta : delta; // change for the component below
            if (hi - lo + 1 <= n / 2) {
                for (int l = lo; l <= hi; ++l)
                    rk(nodeAtLim[size_t(l)]) += below;
            } else {
                for (int l = 0; l < lo; ++l)
                    rk(nodeAtLim[size_t(l)]) -= below;
                for (int l = hi + 1; l < n; ++l)
                    rk(nodeAtLim[size_t(l)]) -= below;
            }
        }

        ++stamp;
        const long long cutvalue = cut[size_t(f)];
        const int lca = treeUpdate(edge(e).tail, edge(e).head, cutvalue, true);
        treeUpdate(edge(e).head, edge(e).tail, cutvalue, false);
        cut[size_t(e)] = -cutvalue;
        cut[size_t(f)] = 0;

        // exchange in the tree
        const int pos = treeIndex[size_t(f)];
        treeIndex[size_t(f)] = -1;
        treeIndex[size_t(e)] = pos;
        treeEdges[size_t(pos)] = e;
        removeFrom(treeAdj[size_t(edge(f).tail)], f);
        removeFrom(treeAdj[size_t(edge(f).head)], f);
        treeAdj[size_t(edge(e).tail)].push_back(e);
        treeAdj[size_t(edge(e).head)].push_back(e);

        dfsRange(lca, par[size_t(lca)], low[size_t(lca)], true);
    }

    void normalize()
    {
        if (n == 0)
            return;
        int minRank = std::numeric_limits<int>::max();
        for (int v = 0; v < n; ++v)
            minRank = std::min(minRank, rk(v));
        for (int v = 0; v < n; ++v)
            rk(v) -= minRank;
    }

    // Nodes whose in-weight equals their out-weight can sit on any rank between their
    // neighbours at no cost: move each to the feasible rank with the fewest nodes (stays put
    // on ties).
    void balance()
    {
        int maxRank = 0;
        for (int v = 0; v < n; ++v)
            maxRank = std::max(maxRank, rk(v));
        std::vector<int> count(size_t(maxRank) + 1, 0);
        for (int v = 0; v < n; ++v)
            ++count[size_t(rk(v))];
        for (int v = 0; v < n; ++v) {
            long long inWeight = 0;
            long long outWeight = 0;
            int lowR = 0;
            int highR = maxRank;
            for (const int *p = in.begin(v); p != in.end(v); ++p) {
                inWeight += edge(*p).weight;
                lowR = std::max(lowR, rk(edge(*p).tail) + edge(*p).minLen);
            }
            for (const int *p = out.begin(v); p != out.end(v); ++p) {
                outWeight += edge(*p).weight;
                highR = std::min(highR, rk(edge(*p).head) - edge(*p).minLen);
            }
            if (inWeight != outWeight || lowR >= highR)
                continue;
            const int current = rk(v);
            int choice = current;
            int choiceCount = count[size_t(current)] - 1;
            for (int r = lowR; r <= highR; ++r) {
                if (r != current && count[size_t(r)] < choiceCount) {
                    choice = r;
                    choiceCount = count[size_t(r)];
                }
            }
            if (choice != current) {
                --count[size_t(current)];
                ++count[size_t(choice)];
                rk(v) = choice;
            }
        }
    }
};

} // namespace

QList<int> assignLayersLongestPath(int nodeCount, const QList<QPair<int, int>> &edges)
{
    if (nodeCount <= 0)
        return {};
    const std::vector<Edge> simple = sanitize(nodeCount, edges, {}, {});
    const std::vector<int> rank = longestPathAcyclic(nodeCount, simple);
    return QList<int>(rank.begin(), rank.end());
}

QList<int> assignLayersNetworkSimplex(int nodeCount, const QList<QPair<int, int>> &edges,
                                      const QList<int> &weight, const QList<int> &minLength)
{
    if (nodeCount <= 0)
        return {};
    const int n = nodeCount;
    const std::vector<Edge> simple = sanitize(n, edges, weight, minLength);

    // Initial feasible ranking; a cycle (which the caller should have broken) makes us fall
    // back to longest path on the DFS-acyclic subgraph.
    std::vector<int> initial;
    if (!longestPathRanks(n, simple, initial)) {
        const std::vector<int> rank = longestPathAcyclic(n, simple);
        return QList<int>(rank.begin(), rank.end());
    }

    // Weakly connected components (union-find); each is solved and normalised on its own.
    std::vector<int> parent(static_cast<size_t>(n));
    for (int v = 0; v < n; ++v)
        parent[size_t(v)] = v;
    auto find = [&parent](int v) {
        while (parent[size_t(v)] != v) {
            parent[size_t(v)] = parent[size_t(parent[size_t(v)])];
            v = parent[size_t(v)];
        }
        return v;
    };
    for (const Edge &e : simple) {
        const int a = find(e.tail);
        const int b = find(e.head);
        if (a != b)
            parent[size_t(std::max(a, b))] = std::min(a, b);
    }
    std::vector<int> compOf(static_cast<size_t>(n));
    std::vector<int> compIdOfRoot(size_t(n), -1);
    std::vector<int> compSize;
    std::vector<int> localIdx(static_cast<size_t>(n));
    int compCount = 0;
    for (int v = 0; v < n; ++v) {
        const int r = find(v);
        if (compIdOfRoot[size_t(r)] < 0) {
            compIdOfRoot[size_t(r)] = compCount++;
            compSize.push_back(0);
        }
        const int c = compIdOfRoot[size_t(r)];
        compOf[size_t(v)] = c;
        localIdx[size_t(v)] = compSize[size_t(c)]++; // ascending global order
    }
    // Bucket nodes and edges per component.
    std::vector<int> nodeStart(size_t(compCount) + 1, 0);
    for (int c = 0; c < compCount; ++c)
        nodeStart[size_t(c) + 1] = nodeStart[size_t(c)] + compSize[size_t(c)];
    std::vector<int> nodes(static_cast<size_t>(n));
    for (int v = 0; v < n; ++v)
        nodes[size_t(nodeStart[size_t(compOf[size_t(v)])] + localIdx[size_t(v)])] = v;
    std::vector<int> edgeStart(size_t(compCount) + 1, 0);
    for (const Edge &e : simple)
        ++edgeStart[size_t(compOf[size_t(e.tail)]) + 1];
    for (int c = 0; c < compCount; ++c)
        edgeStart[size_t(c) + 1] += edgeStart[size_t(c)];
    std::vector<int> edgeOrder(simple.size());
    {
        std::vector<int> fill(edgeStart.begin(), edgeStart.end() - 1);
        for (size_t i = 0; i < simple.size(); ++i)
            edgeOrder[size_t(fill[size_t(compOf[size_t(simple[i].tail)])]++)] = int(i);
    }

    QList<int> result(n, 0);
    NetworkSimplex solver;
    std::vector<Edge> local;
    std::vector<int> rank;
    for (int c = 0; c < compCount; ++c) {
        const int size = compSize[size_t(c)];
        if (size == 1)
            continue; // isolated node: layer 0
        local.clear();
        for (int i = edgeStart[size_t(c)]; i < edgeStart[size_t(c) + 1]; ++i) {
            const Edge &e = simple[size_t(edgeOrder[size_t(i)])];
            local.push_back({localIdx[size_t(e.tail)], localIdx[size_t(e.head)], e.weight, e.minLen});
        }
        rank.resize(size_t(size));
        for (int i = 0; i < size; ++i)
            rank[size_t(i)] = initial[size_t(nodes[size_t(nodeStart[size_t(c)] + i)])];
        solver.run(size, local, rank);
        for (int i = 0; i < size; ++i)
            result[nodes[size_t(nodeStart[size_t(c)] + i)]] = rank[size_t(i)];
    }
    return result;
}

} // namespace capgraph::layout
