#include "layout/Sifting.h"

#include <algorithm>
#include <vector>

namespace capgraph::layout {

namespace {

// Crossings between the edges of u and of v (to one neighbouring layer) when u stands left
// of v: pairs of neighbour positions (x of u, y of v) with x > y. `a`, `b` sorted.
long long crossingsLeftOf(const std::vector<int> &a, const std::vector<int> &b)
{
    long long c = 0;
    std::size_t j = 0;
    for (const int x : a) {
        while (j < b.size() && b[j] < x)
            ++j;
        c += static_cast<long long>(j);
    }
    return c;
}

} // namespace

long long siftLayers(LayeredGraph &g, int passes)
{
    const int n = g.nodeCount();
    const int layerCount = int(g.layers.size());
    if (n == 0 || layerCount == 0)
        return 0;
    QList<int> pos = g.positions();
    std::vector<std::vector<int>> upPos{std::size_t(n)}, downPos{std::size_t(n)};
    auto refresh = [&](int v) {
        auto &u = upPos[std::size_t(v)];
        u.clear();
        for (int w : g.up.at(v))
            u.push_back(pos.at(w));
        std::sort(u.begin(), u.end());
        auto &d = downPos[std::size_t(v)];
        d.clear();
        for (int w : g.down.at(v))
            d.push_back(pos.at(w));
        std::sort(d.begin(), d.end());
    };
    long long removed = 0;
    std::vector<long long> leftCost, rightCost;
    for (int pass = 0; pass < passes; ++pass) {
        long long passGain = 0;
        for (int step = 0; step < layerCount; ++step) {
            const int l = pass % 2 == 0 ? step : layerCount - 1 - step;
            QList<int> &layer = g.layers[l];
            const int k = int(layer.size());
            if (k < 3)
                continue;
            if (std::any_of(layer.cbegin(), layer.cend(), [&g](int v) { return g.group.at(v) >= 0; }))
                continue;
            for (int v : layer)
                refresh(v); // the neighbouring layers may have moved since
            const QList<int> order = layer; // sift every node once, in the current order
            for (const int v : order) {
                const int from = pos.at(v);
                layer.removeAt(from);
                // Cost of v left of each other node u, and right of it.
                leftCost.assign(std::size_t(k - 1), 0);
                rightCost.assign(std::size_t(k - 1), 0);
                long long total = 0; // v at the far left: left of everyone
                for (int i = 0; i < k - 1; ++i) {
                    const int u = layer.at(i);
                    const long long vu = crossingsLeftOf(upPos[std::size_t(v)], upPos[std::size_t(u)])
                        + crossingsLeftOf(downPos[std::size_t(v)], downPos[std::size_t(u)]);
                    const long long uv = crossingsLeftOf(upPos[std::size_t(u)], upPos[std::size_t(v)])
                        + crossingsLeftOf(downPos[std::size_t(u)], downPos[std::size_t(v)]);
                    leftCost[std::size_t(i)] = vu;
                    rightCost[std::size_t(i)] = uv;
                    total += vu;
                }
                // Slide v right past one node at a time; keep the first best, preferring
                // where it was.
                long long cost = total, best = -1, bestCost = 0, original = 0;
                for (int at = 0; at <= k - 1; ++at) {
                    if (at == from)
                        original = cost;
                    if (best < 0 || cost < bestCost) {
                        best = at;
                        bestCost = cost;
                    }
                    if (at < k - 1)
                        cost += rightCost[std::size_t(at)] - leftCost[std::size_t(at)];
                }
                const int to = bestCost < original ? int(best) : from;
                passGain += original - (bestCost < original ? bestCost : original);
                layer.insert(to, v);
                for (int i = std::min(from, to); i <= std::max(from, to); ++i)
                    pos[layer.at(i)] = i;
            }
            // Positions in this layer changed: the neighbours' views are stale.
            const int lo = std::max(0, l - 1), hi = std::min(layerCount - 1, l + 1);
            for (int other = lo; other <= hi; ++other)
                if (other != l)
                    for (int w : g.layers.at(other))
                        refresh(w);
        }
        removed += passGain;
        if (passGain == 0)
            break;
    }
    return removed;
}

} // namespace capgraph::layout
