// Crossing minimisation for the proper layered graph: the layer-by-layer sweep of dot
// (Gansner, Koutsofios, North, Vo 1993, section 3: weighted median + transpose) from several
// initial orders, each followed by sifting (Matuszewski, Schoenfeld, Molitor 1999), and the
// Barth-Juenger-Mutzel accumulator-tree crossing count.
#include "layout/CrossingMinimizer.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <thread>
#include <unordered_map>
#include <vector>

namespace capgraph::layout {

namespace {

// Fenwick (binary indexed) tree over the positions of the lower layer: the accumulator tree
// of Barth, Juenger and Mutzel in its compact form. Counts, for each edge taken in the order
// (upper position, lower position), the earlier edges whose lower end lies strictly further
// right: exactly the pairs of edges that cross.
class Accumulator
{
public:
    void reset(int size)
    {
        m_tree.assign(std::size_t(size) + 1, 0);
        m_count = 0;
    }
    // Number of inserted entries with a position > p.
    long long greaterThan(int p) const
    {
        long long s = 0;
        for (int i = p + 1; i > 0; i -= i & -i)
            s += m_tree[std::size_t(i)];
        return m_count - s;
    }
    void insert(int p)
    {
        const int n = int(m_tree.size());
        for (int i = p + 1; i < n; i += i & -i)
            ++m_tree[std::size_t(i)];
        ++m_count;
    }

private:
    std::vector<long long> m_tree;
    long long m_count = 0;
};

// Crossings between `upper` and the next layer; `lowerPos` gives the positions of the lower
// layer's nodes (-1 for nodes not in it, whose edges are ignored).
template<typename Upper, typename NeighboursOf>
long long countBetween(const Upper &upper, int lowerSize, const std::vector<int> &lowerPos, NeighboursOf neighbours,
                       Accumulator &acc, std::vector<int> &buf)
{
    if (lowerSize < 2 || upper.size() < 2)
        return 0;
    acc.reset(lowerSize);
    long long crossings = 0;
    for (const int u : upper) {
        buf.clear();
        neighbours(u, [&](int w) {
            const int p = lowerPos[std::size_t(w)];
            if (p >= 0)
                buf.push_back(p);
        });
        std::sort(buf.begin(), buf.end());
        for (const int p : buf)
            crossings += acc.greaterThan(p);
        for (const int p : buf)
            acc.insert(p);
    }
    return crossings;
}

// Pairs (x of a, y of b) with x > y (crossings when a's node is left of b's) and x < y
// (crossings after swapping them). Sorts both buffers when they are large.
void pairCrossings(std::vector<int> &a, std::vector<int> &b, long long &keep, long long &swapped)
{
    keep = 0;
    swapped = 0;
    if (a.empty() || b.empty())
        return;
    if (a.size() * b.size() <= 48) {
        for (const int x : a)
            for (const int y : b) {
                keep += x > y;
                swapped += x < y;
            }
        return;
    }
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    std::size_t lo = 0, hi = 0; // b[0, lo) < x, b[0, hi) <= x
    const std::size_t nb = b.size();
    for (const int x : a) {
        while (lo < nb && b[lo] < x)
            ++lo;
        if (hi < lo)
            hi = lo;
        while (hi < nb && b[hi] <= x)
            ++hi;
        keep += static_cast<long long>(lo);
        swapped += static_cast<long long>(nb - hi);
    }
}

class Engine
{
public:
    Engine(const LayeredGraph &g, bool groups, bool fixedGroupOrder = false)
    {
        m_fixed = groups && fixedGroupOrder;
        m_n = g.nodeCount();
        const int layerCount = int(g.layers.size());
        m_layerOf.assign(std::size_t(m_n), -1);
        m_group.assign(std::size_t(m_n), -1);
        m_given.resize(std::size_t(layerCount));
        for (int r = 0; r < layerCount; ++r) {
            for (const int v : g.layers.at(r)) {
                if (v < 0 || v >= m_n || m_layerOf[std::size_t(v)] >= 0)
                    continue; // malformed input: ignore unknown or repeated nodes
                m_layerOf[std::size_t(v)] = r;
                m_given[std::size_t(r)].push_back(v);
            }
        }
        if (groups)
            for (int v = 0; v < m_n && v < int(g.group.size()); ++v)
                m_group[std::size_t(v)] = std::max(-1, g.group.at(v));
        if (m_fixed) { // lanes: ungrouped nodes form one more group, after the others
            const int last = *std::max_element(m_group.begin(), m_group.end()) + 1;
            for (int &gr : m_group)
                if (gr < 0)
                    gr = last;
        }
        // Adjacency in compressed form, only edges between consecutive layers.
        buildCsr(g.up, -1, m_upStart, m_upAdj);
        buildCsr(g.down, +1, m_dnStart, m_dnAdj);
        m_edgeCount = int(m_dnAdj.size());
        m_pos.assign(std::size_t(m_n), -1);
        m_med.assign(std::size_t(m_n), -1.0);
        m_bary.assign(std::size_t(m_n), 0.0);
    }

    void run(const CrossingOptions &options, QList<QList<int>> &out)
    {
        const int layerCount = int(m_given.size());
        if (layerCount == 0)
            return;
        const int sweeps = std::max(0, options.maxSweeps);
        // Initial orders by size (nodes + edges of the proper graph): small graphs, where a
        // restart costs well under a millisecond, try many; large ones few. Measured on the
        // benchmark corpus (docs/layout.md): restarts beyond 2 buy < 0.5% on 1,000+ nodes at
        // 2x the time, while on graphs under ~100 nodes they find the optimum dot finds.
        const double unit = double(m_n) + double(m_edgeCount);
        int seeds = options.seedOrders;
        if (seeds <= 0)
            seeds = unit <= 400 ? 32 : unit <= 1500 ? 8 : unit <= 3000 ? 4 : 2;
        seeds = std::clamp(seeds, 1, 64);
        // A deterministic budget of elementary steps (neighbours looked at) shared by the
        // seeds, so that ~12k nodes and ~16k edges take well under a second even when the
        // graph is full of crossings.
        constexpr double totalBudget = 8.0e7;
        m_workLimit = static_cast<long long>(std::max(totalBudget / seeds, 40.0 * unit));

        // The seeds are independent (each its own work budget): on a graph large enough to
        // pay for a thread, they run on every core, each thread on a copy of the engine. The
        // best is the one with the fewest crossings, the first seed of those on a tie, as when
        // they run one after the other: the drawing does not depend on the threads.
        std::vector<SeedResult> results(static_cast<std::size_t>(seeds));
        const int threads = unit < ParallelFrom ? 1 : std::clamp(int(std::thread::hardware_concurrency()), 1, std::min(seeds, MaxThreads));
        if (threads <= 1) {
            for (int s = 0; s < seeds; ++s) {
                results[std::size_t(s)] = runSeed(s, sweeps, options);
                if (results[std::size_t(s)].crossings == 0)
                    break; // no seed does better
            }
        } else {
            std::vector<std::thread> pool;
            std::vector<Engine> copies(std::size_t(threads - 1), *this);
            for (int t = 1; t < threads; ++t)
                pool.emplace_back([&, t] {
                    for (int s = t; s < seeds; s += threads)
                        results[std::size_t(s)] = copies[std::size_t(t - 1)].runSeed(s, sweeps, options);
                });
            for (int s = 0; s < seeds; s += threads)
                results[std::size_t(s)] = runSeed(s, sweeps, options);
            for (std::thread &th : pool)
                th.join();
        }
        int best = -1;
        for (int s = 0; s < seeds; ++s)
            if (results[std::size_t(s)].crossings >= 0 && (best < 0 || results[std::size_t(s)].crossings < results[std::size_t(best)].crossings))
                best = s;
        writeBack(results[std::size_t(best)].order, out);
    }

    static constexpr double ParallelFrom = 1500; // nodes + edges of the proper graph
    static constexpr int MaxThreads = 8;

private:
    struct SeedResult
    {
        long long crossings = -1; // -1: not run
        std::vector<std::vector<int>> order;
    };

    // One initial order (seedOrder(s)), improved: sweeps with transpose, then sifting.
    SeedResult runSeed(int s, int sweeps, const CrossingOptions &options)
    {
        m_work = 0;
        m_order = seedOrder(s);
        normaliseGroups();
        refreshPositions();
        SeedResult r;
        r.order = m_order;
        r.crossings = totalCrossings();
        optimise(sweeps, options.transpose, r.order, r.crossings);
        if (options.sifting && r.crossings > 0) {
            m_order = r.order;
            refreshPositions();
            siftUntilStable(options.siftPasses);
            const long long c = totalCrossings();
            if (c < r.crossings) {
                r.crossings = c;
                r.order = m_order;
            }
        }
        return r;
    }

    void writeBack(const std::vector<std::vector<int>> &order, QList<QList<int>> &out) const
    {
        for (int r = 0; r < int(order.size()) && r < int(out.size()); ++r) {
            QList<int> &layer = out[r];
            // Nodes the input listed but we ignored (malformed) are appended unchanged.
            QList<int> rest;
            for (const int v : layer)
                if (v < 0 || v >= m_n || m_layerOf[std::size_t(v)] != r)
                    rest.append(v);
            layer.clear();
            layer.reserve(qsizetype(order[std::size_t(r)].size()) + rest.size());
            for (const int v : order[std::size_t(r)])
                layer.append(v);
            layer.append(rest);
        }
    }

private:
    void buildCsr(const QList<QList<int>> &lists, int dir, std::vector<int> &start, std::vector<int> &adj)
    {
        start.assign(std::size_t(m_n) + 1, 0);
        adj.clear();
        for (int v = 0; v < m_n; ++v) {
            start[std::size_t(v)] = int(adj.size());
            const int lv = m_layerOf[std::size_t(v)];
            if (lv < 0 || v >= int(lists.size()))
                continue;
            for (const int w : lists.at(v))
                if (w >= 0 && w < m_n && m_layerOf[std::size_t(w)] == lv + dir)
                    adj.push_back(w);
        }
        start[std::size_t(m_n)] = int(adj.size());
    }

    template<typename F>
    void forUp(int v, F f) const
    {
        for (int i = m_upStart[std::size_t(v)], e = m_upStart[std::size_t(v) + 1]; i < e; ++i)
            f(m_upAdj[std::size_t(i)]);
    }
    template<typename F>
    void forDown(int v, F f) const
    {
        for (int i = m_dnStart[std::size_t(v)], e = m_dnStart[std::size_t(v) + 1]; i < e; ++i)
            f(m_dnAdj[std::size_t(i)]);
    }
    int upDegree(int v) const { return m_upStart[std::size_t(v) + 1] - m_upStart[std::size_t(v)]; }

    void refreshPositions()
    {
        for (const auto &layer : m_order)
            for (std::size_t i = 0; i < layer.size(); ++i)
                m_pos[std::size_t(layer[i])] = int(i);
    }

    long long layerCrossings(int r)
    {
        const auto &upper = m_order[std::size_t(r)];
        const int lowerSize = int(m_order[std::size_t(r) + 1].size());
        return countBetween(upper, lowerSize, m_pos, [this](int v, auto f) { forDown(v, f); }, m_acc, m_bufA);
    }

    long long totalCrossings()
    {
        long long c = 0;
        for (int r = 0; r + 1 < int(m_order.size()); ++r)
            c += layerCrossings(r);
        return c;
    }

    // ---- initial orders ---------------------------------------------------------------

    // 0: the given order; 1: DFS from the sources (dot's init_order); 2: BFS from the sources
    // (dot's build_ranks); 3..5: the reverses of 0..2; 6 and up: the given order shuffled by
    // a Mersenne twister seeded with s (its output is fixed by the standard, and the shuffle
    // is ours, so the drawing is the same on every platform).
    std::vector<std::vector<int>> seedOrder(int s)
    {
        std::vector<std::vector<int>> order;
        if (s >= 6) {
            order = m_given;
            std::mt19937 rng{static_cast<std::uint32_t>(s)};
            for (auto &layer : order)
                for (std::size_t i = layer.size(); i > 1; --i)
                    std::swap(layer[i - 1], layer[std::size_t(rng() % i)]);
            return order;
        }
        const int kind = s % 3;
        if (kind == 0)
            order = m_given;
        else
            order = traversalOrder(kind == 1);
        if (s >= 3)
            for (auto &layer : order)
                std::reverse(layer.begin(), layer.end());
        return order;
    }

    std::vector<std::vector<int>> traversalOrder(bool depthFirst)
    {
        std::vector<std::vector<int>> order(m_given.size());
        for (std::size_t r = 0; r < order.size(); ++r)
            order[r].reserve(m_given[r].size());
        std::vector<char> seen(std::size_t(m_n), 0);
        std::vector<int> work; // DFS stack or BFS queue
        std::vector<int> cursor(std::size_t(m_n), 0);
        const auto visit = [&](int v) {
            seen[std::size_t(v)] = 1;
            order[std::size_t(m_layerOf[std::size_t(v)])].push_back(v);
            work.push_back(v);
        };
        const auto neighbour = [&](int v, int k) -> int { // k-th neighbour: down, then up
            const int dd = m_dnStart[std::size_t(v) + 1] - m_dnStart[std::size_t(v)];
            if (k < dd)
                return m_dnAdj[std::size_t(m_dnStart[std::size_t(v)] + k)];
            k -= dd;
            if (k < upDegree(v))
                return m_upAdj[std::size_t(m_upStart[std::size_t(v)] + k)];
            return -1;
        };
        const auto explore = [&](int root) {
            work.clear();
            visit(root);
            if (depthFirst) {
                while (!work.empty()) {
                    const int v = work.back();
                    const int w = neighbour(v, cursor[std::size_t(v)]++);
                    if (w < 0)
                        work.pop_back();
                    else if (!seen[std::size_t(w)])
                        visit(w);
                }
            } else {
                for (std::size_t head = 0; head < work.size(); ++head) {
                    const int v = work[head];
                    for (int k = 0;; ++k) {
                        const int w = neighbour(v, k);
                        if (w < 0)
                            break;
                        if (!seen[std::size_t(w)])
                            visit(w);
                    }
                }
            }
        };
        for (int pass = 0; pass < 2; ++pass) // sources first, then anything left
            for (const auto &layer : m_given)
                for (const int v : layer)
                    if (!seen[std::size_t(v)] && (pass == 1 || upDegree(v) == 0))
                        explore(v);
        return order;
    }

    // Makes every group contiguous in every layer: a group is gathered where its first member
    // stands; an order already contiguous is unchanged.
    void normaliseGroups()
    {
        if (m_fixed) { // lanes: groups in the order of their keys, the same in every layer
            for (auto &layer : m_order)
                std::stable_sort(layer.begin(), layer.end(),
                                 [this](int a, int b) { return m_group[std::size_t(a)] < m_group[std::size_t(b)]; });
            return;
        }
        std::unordered_map<int, std::vector<int>> members;
        std::vector<int> out;
        for (auto &layer : m_order) {
            bool any = false;
            for (const int v : layer)
                any = any || m_group[std::size_t(v)] >= 0;
            if (!any)
                continue;
            members.clear();
            for (const int v : layer)
                if (m_group[std::size_t(v)] >= 0)
                    members[m_group[std::size_t(v)]].push_back(v);
            out.clear();
            for (const int v : layer) {
                const int gr = m_group[std::size_t(v)];
                if (gr < 0) {
                    out.push_back(v);
                    continue;
                }
                auto it = members.find(gr);
                if (it == members.end())
                    continue; // already emitted
                out.insert(out.end(), it->second.begin(), it->second.end());
                members.erase(it);
            }
            layer = out;
        }
    }

    // ---- the sweep ----------------------------------------------------------------------

    void optimise(int sweeps, bool transpose, std::vector<std::vector<int>> &best, long long &bestCross)
    {
        const int layerCount = int(m_order.size());
        if (layerCount < 2 || bestCross == 0)
            return;
        constexpr int minQuit = 6;
        int stale = 0;
        for (int it = 0; it < sweeps; ++it) {
            // dot swaps equal-crossing neighbours on some passes ("reverse"); doing it on every
            // pass measured ~1% fewer crossings on random sparse graphs, ~15% fewer than never.
            const bool equalSwaps = true;
            for (int r = 1; r < layerCount; ++r)
                reorderLayer(r, true);
            if (transpose)
                transposeAll(equalSwaps);
            for (int r = layerCount - 2; r >= 0; --r)
                reorderLayer(r, false);
            if (transpose)
                transposeAll(equalSwaps);
            const long long c = totalCrossings();
            if (c < bestCross) {
                stale = (double(c) < 0.995 * double(bestCross)) ? 0 : stale + 1;
                bestCross = c;
                best = m_order;
                if (c == 0)
                    return;
            } else if (++stale >= minQuit) {
                return;
            }
            if (m_work > m_workLimit)
                return;
        }
    }

    // Weighted median of the sorted neighbour positions in `p` (Gansner et al., fig. 3-2).
    static double weightedMedian(const std::vector<int> &p)
    {
        const std::size_t n = p.size();
        const std::size_t m = n / 2;
        if (n % 2 == 1)
            return p[m];
        if (n == 2)
            return (p[0] + p[1]) / 2.0;
        const double left = p[m - 1] - p[0];
        const double right = p[n - 1] - p[m];
        if (left + right <= 0)
            return (p[m - 1] + p[m]) / 2.0;
        return (p[m - 1] * right + p[m] * left) / (left + right);
    }

    struct Block
    {
        int begin = 0, end = 0; // [begin, end) in the layer
        double key = 0, bary = 0;
        bool fixed = true;
    };

    // Orders layer r by the weighted medians of its neighbours in the layer above (useUp) or
    // below. Nodes (and whole groups) without such neighbours keep their positions.
    void reorderLayer(int r, bool useUp)
    {
        std::vector<int> &layer = m_order[std::size_t(r)];
        const std::size_t size = layer.size();
        if (size == 0)
            return;
        m_work += static_cast<long long>(size);
        for (const int v : layer) {
            m_bufA.clear();
            const auto add = [this](int w) { m_bufA.push_back(m_pos[std::size_t(w)]); };
            if (useUp)
                forUp(v, add);
            else
                forDown(v, add);
            if (m_bufA.empty()) {
                m_med[std::size_t(v)] = -1;
                continue;
            }
            std::sort(m_bufA.begin(), m_bufA.end());
            long long sum = 0;
            for (const int p : m_bufA)
                sum += p;
            m_med[std::size_t(v)] = weightedMedian(m_bufA);
            m_bary[std::size_t(v)] = double(sum) / double(m_bufA.size());
        }
        // Blocks: runs of one group (>= 0); other nodes stand alone.
        m_blocks.clear();
        for (std::size_t i = 0; i < size;) {
            std::size_t j = i + 1;
            const int gr = m_group[std::size_t(layer[i])];
            if (gr >= 0)
                while (j < size && m_group[std::size_t(layer[j])] == gr)
                    ++j;
            Block b;
            b.begin = int(i);
            b.end = int(j);
            int with = 0;
            for (std::size_t k = i; k < j; ++k) {
                const int v = layer[k];
                if (m_med[std::size_t(v)] >= 0) {
                    b.key += m_med[std::size_t(v)];
                    b.bary += m_bary[std::size_t(v)];
                    ++with;
                }
            }
            if (with > 0) {
                b.fixed = false;
                b.key /= with;
                b.bary /= with;
            }
            m_blocks.push_back(b);
            i = j;
        }
        if (m_blocks.size() == size && !m_fixed) { // all singletons: the common, fast case
            orderSlots(layer, 0, int(size));
            return;
        }
        // Order the movable blocks, the fixed ones keep their block slots.
        m_movable.clear();
        for (int k = 0; k < int(m_blocks.size()); ++k)
            if (!m_blocks[std::size_t(k)].fixed && !m_fixed)
                m_movable.push_back(k);
        std::sort(m_movable.begin(), m_movable.end(), [this](int a, int b) {
            const Block &x = m_blocks[std::size_t(a)], &y = m_blocks[std::size_t(b)];
            if (x.key != y.key)
                return x.key < y.key;
            if (x.bary != y.bary)
                return x.bary < y.bary;
            return a < b;
        });
        std::vector<int> next;
        next.reserve(size);
        std::size_t mi = 0;
        for (const Block &b : m_blocks) {
            const Block &take = (b.fixed || m_fixed) ? b : m_blocks[std::size_t(m_movable[mi++])];
            for (int k = take.begin; k < take.end; ++k)
                next.push_back(layer[std::size_t(k)]);
        }
        layer.swap(next);
        // Inside each block, by median.
        for (std::size_t i = 0; i < size;) {
            std::size_t j = i + 1;
            const int gr = m_group[std::size_t(layer[i])];
            if (gr >= 0)
                while (j < size && m_group[std::size_t(layer[j])] == gr)
                    ++j;
            if (j - i > 1)
                orderSlots(layer, int(i), int(j));
            i = j;
        }
        for (std::size_t i = 0; i < size; ++i)
            m_pos[std::size_t(layer[i])] = int(i);
    }

    // Sorts layer[begin, end) by (median, barycenter, position); nodes without a median keep
    // their slots. Updates the positions.
    void orderSlots(std::vector<int> &layer, int begin, int end)
    {
        m_movable.clear();
        for (int i = begin; i < end; ++i)
            if (m_med[std::size_t(layer[std::size_t(i)])] >= 0)
                m_movable.push_back(layer[std::size_t(i)]);
        std::sort(m_movable.begin(), m_movable.end(), [this](int a, int b) {
            const double ma = m_med[std::size_t(a)], mb = m_med[std::size_t(b)];
            if (ma != mb)
                return ma < mb;
            const double ba = m_bary[std::size_t(a)], bb = m_bary[std::size_t(b)];
            if (ba != bb)
                return ba < bb;
            return m_pos[std::size_t(a)] < m_pos[std::size_t(b)];
        });
        std::size_t mi = 0;
        for (int i = begin; i < end; ++i) {
            int &slot = layer[std::size_t(i)];
            if (m_med[std::size_t(slot)] >= 0)
                slot = m_movable[mi++];
        }
        for (int i = begin; i < end; ++i)
            m_pos[std::size_t(layer[std::size_t(i)])] = i;
    }

    // ---- transpose ----------------------------------------------------------------------

    void transposeAll(bool equalSwaps)
    {
        const int layerCount = int(m_order.size());
        m_candidate.assign(std::size_t(layerCount), 1);
        bool again = true;
        int rounds = 0;
        while (again && rounds++ < 64) {
            again = false;
            for (int r = 0; r < layerCount; ++r) {
                if (!m_candidate[std::size_t(r)] || m_work > m_workLimit)
                    continue;
                m_candidate[std::size_t(r)] = 0;
                if (transposeLayer(r, equalSwaps)) {
                    again = true;
                    if (r > 0)
                        m_candidate[std::size_t(r) - 1] = 1;
                    if (r + 1 < layerCount)
                        m_candidate[std::size_t(r) + 1] = 1;
                }
            }
        }
    }

    // Crossings among the edges of the units layer[a0, a1) and layer[b0, b1) (a left of b):
    // as they stand and after swapping the units.
    void unitCrossings(const std::vector<int> &layer, int a0, int a1, int b0, int b1, long long &keep,
                       long long &swapped)
    {
        keep = 0;
        swapped = 0;
        if (a1 - a0 == 1 && b1 - b0 == 1) {
            // Two single nodes, the hot case of transpose: all pairs of their edges in place
            // (degrees are small), no buffers.
            const int v = layer[std::size_t(a0)], w = layer[std::size_t(b0)];
            const auto pairs = [&](const std::vector<int> &start, const std::vector<int> &adj) {
                const int v0 = start[std::size_t(v)], v1 = start[std::size_t(v) + 1];
                const int w0 = start[std::size_t(w)], w1 = start[std::size_t(w) + 1];
                m_work += (v1 - v0) + (w1 - w0) + 1;
                for (int i = v0; i < v1; ++i) {
                    const int x = m_pos[std::size_t(adj[std::size_t(i)])];
                    for (int j = w0; j < w1; ++j) {
                        const int y = m_pos[std::size_t(adj[std::size_t(j)])];
                        keep += x > y;
                        swapped += x < y;
                    }
                }
            };
            pairs(m_upStart, m_upAdj);
            pairs(m_dnStart, m_dnAdj);
            return;
        }
        for (int dir = 0; dir < 2; ++dir) {
            m_bufA.clear();
            m_bufB.clear();
            const auto gather = [&](int from, int to, std::vector<int> &buf) {
                const auto add = [&](int w) { buf.push_back(m_pos[std::size_t(w)]); };
                for (int i = from; i < to; ++i) {
                    if (dir == 0)
                        forUp(layer[std::size_t(i)], add);
                    else
                        forDown(layer[std::size_t(i)], add);
                }
            };
            gather(a0, a1, m_bufA);
            gather(b0, b1, m_bufB);
            m_work += static_cast<long long>(m_bufA.size() + m_bufB.size()) + 1;
            long long k = 0, s = 0;
            pairCrossings(m_bufA, m_bufB, k, s);
            keep += k;
            swapped += s;
        }
    }

    int unitEnd(const std::vector<int> &layer, int i) const
    {
        const int gr = m_group[std::size_t(layer[std::size_t(i)])];
        int j = i + 1;
        if (gr >= 0)
            while (j < int(layer.size()) && m_group[std::size_t(layer[std::size_t(j)])] == gr)
                ++j;
        return j;
    }

    // Swaps adjacent units of layer r while that reduces the crossings with both adjacent
    // layers: nodes within a group, and whole blocks (groups or ungrouped nodes). Returns
    // whether the crossings went down.
    bool transposeLayer(int r, bool equalSwaps)
    {
        std::vector<int> &layer = m_order[std::size_t(r)];
        const int size = int(layer.size());
        if (size < 2)
            return false;
        bool improvedAny = false;
        for (int pass = 0; pass < 32 && m_work <= m_workLimit; ++pass) {
            bool improved = false;
            // Whole blocks (singletons included); lanes keep their order.
            for (int i = 0; i < size && !m_fixed;) {
                const int a1 = unitEnd(layer, i);
                if (a1 >= size)
                    break;
                const int b1 = unitEnd(layer, a1);
                long long keep = 0, swapped = 0;
                unitCrossings(layer, i, a1, a1, b1, keep, swapped);
                if (swapped < keep || (equalSwaps && keep > 0 && swapped == keep)) {
                    improved = improved || swapped < keep;
                    std::rotate(layer.begin() + i, layer.begin() + a1, layer.begin() + b1);
                    for (int k = i; k < b1; ++k)
                        m_pos[std::size_t(layer[std::size_t(k)])] = k;
                    i += b1 - a1; // the moved block now starts here: try it against the next
                } else {
                    i = a1;
                }
            }
            // Nodes within a group.
            for (int i = 0; i + 1 < size; ++i) {
                const int v = layer[std::size_t(i)], w = layer[std::size_t(i) + 1];
                const int gr = m_group[std::size_t(v)];
                if (gr < 0 || gr != m_group[std::size_t(w)])
                    continue;
                long long keep = 0, swapped = 0;
                unitCrossings(layer, i, i + 1, i + 1, i + 2, keep, swapped);
                if (swapped < keep || (equalSwaps && keep > 0 && swapped == keep)) {
                    improved = improved || swapped < keep;
                    std::swap(layer[std::size_t(i)], layer[std::size_t(i) + 1]);
                    m_pos[std::size_t(w)] = i;
                    m_pos[std::size_t(v)] = i + 1;
                }
            }
            if (!improved)
                break;
            improvedAny = true;
        }
        return improvedAny;
    }


    // ---- sifting ------------------------------------------------------------------------

public:
    // Sifting passes over all layers, alternately downwards and upwards. The first passes
    // also move a node to an equally good place further left (the first of its best places):
    // like transpose's equal swaps, that walks across plateaus and measured ~2% fewer
    // crossings on random graphs than strict moves alone; the last passes move only on a
    // strict gain, so the order ends in a local optimum. Returns the crossings removed.
    long long siftUntilStable(int passes)
    {
        long long removed = 0;
        for (int pass = 0; pass < passes && m_work <= 2 * m_workLimit; ++pass) {
            const long long gain = siftAll(pass % 2 == 0, true);
            removed += gain;
            if (gain == 0)
                break;
        }
        for (int pass = 0; pass < passes && m_work <= 2 * m_workLimit; ++pass) {
            const long long gain = siftAll(pass % 2 == 0, false);
            removed += gain;
            if (gain == 0)
                break;
        }
        return removed;
    }

    // Strict sifting of the given order (the public siftLayers).
    long long siftGiven(int passes, QList<QList<int>> &out)
    {
        m_order = m_given;
        refreshPositions();
        m_work = 0;
        m_workLimit = std::numeric_limits<long long>::max() / 4;
        long long removed = 0;
        for (int pass = 0; pass < passes; ++pass) {
            const long long gain = siftAll(pass % 2 == 0, false);
            removed += gain;
            if (gain == 0)
                break;
        }
        writeBack(m_order, out);
        return removed;
    }

private:
    long long siftAll(bool downwards, bool moveOnTies)
    {
        long long gain = 0;
        const int layerCount = int(m_order.size());
        for (int s = 0; s < layerCount; ++s) {
            const int r = downwards ? s : layerCount - 1 - s;
            if (!m_fixed)
                gain += siftRange(r, 0, int(m_order[std::size_t(r)].size()), true, moveOnTies);
            if (!hasGroups(r))
                continue;
            // Then the nodes inside each group's block.
            const std::vector<int> &layer = m_order[std::size_t(r)];
            for (int i = 0; i < int(layer.size());) {
                const int j = unitEnd(layer, i);
                if (j - i > 1)
                    gain += siftRange(r, i, j, false, moveOnTies);
                i = j;
            }
        }
        return gain;
    }

    bool hasGroups(int r) const
    {
        for (const int v : m_order[std::size_t(r)])
            if (m_group[std::size_t(v)] >= 0)
                return true;
        return false;
    }

    // Sifts the units of layer r in [lo, hi) - whole groups and single nodes when `blocks`,
    // single nodes otherwise: each unit in turn is taken out and put back where it crosses
    // least with both neighbouring layers. Crossings between two units depend only on the
    // neighbouring layers, so a unit's costs come from tables over those layers' positions
    // (eq[y]: its edges ending at y, gt[y]: its edges ending right of y) in O(layer + edges),
    // and the layer itself is rewritten once at the end.
    long long siftRange(int r, int lo, int hi, bool blocks, bool moveOnTies)
    {
        std::vector<int> &layer = m_order[std::size_t(r)];
        if (hi - lo < 2)
            return 0;
        const int layerCount = int(m_order.size());
        const int upSize = r > 0 ? int(m_order[std::size_t(r) - 1].size()) : 0;
        const int dnSize = r + 1 < layerCount ? int(m_order[std::size_t(r) + 1].size()) : 0;
        // Units: m_pool[m_unitStart[t], m_unitStart[t + 1]); m_seq is their current order.
        m_pool.assign(layer.begin() + lo, layer.begin() + hi);
        m_unitStart.clear();
        for (int i = lo; i < hi;) {
            m_unitStart.push_back(i - lo);
            i = blocks ? std::min(unitEnd(layer, i), hi) : i + 1;
        }
        const int units = int(m_unitStart.size());
        m_unitStart.push_back(hi - lo);
        if (units < 2)
            return 0;
        m_seq.resize(std::size_t(units));
        for (int t = 0; t < units; ++t)
            m_seq[std::size_t(t)] = t;
        // Per unit: its degrees and its edges' ends, gathered once.
        m_unitUp.assign(std::size_t(units), 0);
        m_unitDn.assign(std::size_t(units), 0);
        for (int t = 0; t < units; ++t)
            for (int i = m_unitStart[std::size_t(t)]; i < m_unitStart[std::size_t(t) + 1]; ++i) {
                const int v = m_pool[std::size_t(i)];
                m_unitUp[std::size_t(t)] += upDegree(v);
                m_unitDn[std::size_t(t)] += m_dnStart[std::size_t(v) + 1] - m_dnStart[std::size_t(v)];
            }
        m_eqUp.assign(std::size_t(upSize) + 1, 0);
        m_gtUp.assign(std::size_t(upSize) + 1, 0);
        m_eqDn.assign(std::size_t(dnSize) + 1, 0);
        m_gtDn.assign(std::size_t(dnSize) + 1, 0);
        m_leftCost.resize(std::size_t(units));
        m_rightCost.resize(std::size_t(units));
        long long gain = 0;
        bool moved = false;
        for (int t = 0; t < units; ++t) {
            if (m_work > 2 * m_workLimit)
                break;
            const long long du = m_unitUp[std::size_t(t)], dd = m_unitDn[std::size_t(t)];
            if (du + dd == 0)
                continue; // no edges: crosses nothing anywhere, stays put
            std::fill(m_eqUp.begin(), m_eqUp.end(), 0);
            std::fill(m_eqDn.begin(), m_eqDn.end(), 0);
            for (int i = m_unitStart[std::size_t(t)]; i < m_unitStart[std::size_t(t) + 1]; ++i) {
                const int v = m_pool[std::size_t(i)];
                forUp(v, [this](int w) { ++m_eqUp[std::size_t(m_pos[std::size_t(w)])]; });
                forDown(v, [this](int w) { ++m_eqDn[std::size_t(m_pos[std::size_t(w)])]; });
            }
            for (int y = upSize - 1, acc = 0; y >= 0; --y) {
                m_gtUp[std::size_t(y)] = acc;
                acc += m_eqUp[std::size_t(y)];
            }
            for (int y = dnSize - 1, acc = 0; y >= 0; --y) {
                m_gtDn[std::size_t(y)] = acc;
                acc += m_eqDn[std::size_t(y)];
            }
            m_work += upSize + dnSize + units;
            // Cost of t left of each other unit (leftCost) and right of it (rightCost), in the
            // current order without t; t starts at the far left.
            long long cost = 0;
            int from = 0, slot = 0;
            for (int k = 0; k < units; ++k) {
                const int o = m_seq[std::size_t(k)];
                if (o == t) {
                    from = k;
                    continue;
                }
                long long leftUp = 0, sameUp = 0, leftDn = 0, sameDn = 0;
                for (int i = m_unitStart[std::size_t(o)]; i < m_unitStart[std::size_t(o) + 1]; ++i) {
                    const int v = m_pool[std::size_t(i)];
                    forUp(v, [&](int w) {
                        const std::size_t y = std::size_t(m_pos[std::size_t(w)]);
                        leftUp += m_gtUp[y];
                        sameUp += m_eqUp[y];
                    });
                    forDown(v, [&](int w) {
                        const std::size_t y = std::size_t(m_pos[std::size_t(w)]);
                        leftDn += m_gtDn[y];
                        sameDn += m_eqDn[y];
                    });
                }
                const long long ou = m_unitUp[std::size_t(o)], od = m_unitDn[std::size_t(o)];
                m_work += ou + od;
                m_leftCost[std::size_t(slot)] = leftUp + leftDn;
                m_rightCost[std::size_t(slot)] = (du * ou - leftUp - sameUp) + (dd * od - leftDn - sameDn);
                cost += leftUp + leftDn;
                ++slot;
            }
            // Slide t right past one unit at a time; the first cheapest place wins.
            long long bestCost = cost, original = 0;
            int best = 0;
            for (int at = 0; at < units; ++at) {
                if (at == from)
                    original = cost;
                if (cost < bestCost) {
                    best = at;
                    bestCost = cost;
                }
                if (at + 1 < units)
                    cost += m_rightCost[std::size_t(at)] - m_leftCost[std::size_t(at)];
            }
            if (best == from || bestCost > original || (bestCost == original && !moveOnTies))
                continue;
            gain += original - bestCost;
            moved = true;
            if (best < from)
                std::rotate(m_seq.begin() + best, m_seq.begin() + from, m_seq.begin() + from + 1);
            else
                std::rotate(m_seq.begin() + from, m_seq.begin() + from + 1, m_seq.begin() + best + 1);
        }
        if (!moved)
            return 0;
        int at = lo;
        for (const int t : m_seq)
            for (int i = m_unitStart[std::size_t(t)]; i < m_unitStart[std::size_t(t) + 1]; ++i) {
                const int v = m_pool[std::size_t(i)];
                layer[std::size_t(at)] = v;
                m_pos[std::size_t(v)] = at++;
            }
        return gain;
    }

    std::vector<int> m_pool, m_unitStart, m_seq;
    std::vector<long long> m_unitUp, m_unitDn, m_leftCost, m_rightCost;
    std::vector<int> m_eqUp, m_gtUp, m_eqDn, m_gtDn;

    int m_n = 0;
    bool m_fixed = false; // lanes: the groups' order is fixed (by key) in every layer
    int m_edgeCount = 0;
    long long m_work = 0, m_workLimit = 0;
    std::vector<int> m_layerOf, m_group;
    std::vector<int> m_upStart, m_upAdj, m_dnStart, m_dnAdj;
    std::vector<std::vector<int>> m_given, m_order;
    std::vector<int> m_pos;
    std::vector<double> m_med, m_bary;
    std::vector<Block> m_blocks;
    std::vector<int> m_movable, m_bufA, m_bufB;
    std::vector<char> m_candidate;
    Accumulator m_acc;
};

} // namespace

long long countCrossings(const LayeredGraph &g, int upperLayer)
{
    if (upperLayer < 0 || upperLayer + 1 >= int(g.layers.size()))
        return 0;
    const int n = g.nodeCount();
    const QList<int> &upper = g.layers.at(upperLayer);
    const QList<int> &lower = g.layers.at(upperLayer + 1);
    std::vector<int> pos(std::size_t(n), -1);
    for (int i = 0; i < lower.size(); ++i)
        if (lower.at(i) >= 0 && lower.at(i) < n)
            pos[std::size_t(lower.at(i))] = i;
    Accumulator acc;
    std::vector<int> buf;
    const auto down = [&g, n](int v, auto f) {
        if (v < 0 || v >= n || v >= g.down.size())
            return;
        for (const int w : g.down.at(v))
            if (w >= 0 && w < n)
                f(w);
    };
    return countBetween(upper, int(lower.size()), pos, down, acc, buf);
}

long long countCrossings(const LayeredGraph &g)
{
    const int n = g.nodeCount();
    std::vector<int> pos(std::size_t(n), -1);
    Accumulator acc;
    std::vector<int> buf;
    const auto down = [&g, n](int v, auto f) {
        if (v < 0 || v >= n || v >= g.down.size())
            return;
        for (const int w : g.down.at(v))
            if (w >= 0 && w < n)
                f(w);
    };
    long long total = 0;
    for (int r = 0; r + 1 < int(g.layers.size()); ++r) {
        const QList<int> &lower = g.layers.at(r + 1);
        for (int i = 0; i < lower.size(); ++i)
            if (lower.at(i) >= 0 && lower.at(i) < n)
                pos[std::size_t(lower.at(i))] = i;
        total += countBetween(g.layers.at(r), int(lower.size()), pos, down, acc, buf);
        for (const int v : lower)
            if (v >= 0 && v < n)
                pos[std::size_t(v)] = -1;
    }
    return total;
}

void minimizeCrossings(LayeredGraph &g, const CrossingOptions &options)
{
    if (g.layers.isEmpty() || g.nodeCount() == 0)
        return;
    Engine engine(g, options.keepGroupsTogether || options.fixedGroupOrder, options.fixedGroupOrder);
    engine.run(options, g.layers);
}

long long siftLayers(LayeredGraph &g, int passes)
{
    if (g.layers.isEmpty() || g.nodeCount() == 0)
        return 0;
    Engine engine(g, true);
    return engine.siftGiven(std::max(0, passes), g.layers);
}

} // namespace capgraph::layout
