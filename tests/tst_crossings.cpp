// Crossing minimisation of the proper layered graph: the accumulator-tree crossing count
// against a brute-force count, the sweep (median + transpose) on inputs with a known minimum,
// groups, determinism and speed on a large graph.
#include "layout/CrossingMinimizer.h"
#include "support/TimeBounds.h"
#include "layout/LayeredGraph.h"

#include <QElapsedTimer>
#include <QtTest>

#include <climits>

#include <algorithm>
#include <random>
#include <set>

using namespace capgraph::layout;

namespace {

// Builds a proper layered graph node by node and edge by edge.
struct Builder
{
    LayeredGraph g;

    explicit Builder(int layerCount) { g.layers.resize(layerCount); }
    int addNode(int layer, int group = -1, bool dummy = false)
    {
        const int v = g.nodeCount();
        g.layerOf.append(layer);
        g.layers[layer].append(v);
        g.up.append(QList<int>());
        g.down.append(QList<int>());
        g.size.append(dummy ? 0.0 : 30.0);
        g.group.append(dummy ? -1 : group);
        if (!dummy)
            g.realCount = v + 1;
        return v;
    }
    void addEdge(int u, int v)
    {
        Q_ASSERT(g.layerOf.at(v) == g.layerOf.at(u) + 1);
        g.down[u].append(v);
        g.up[v].append(u);
    }
};

long long bruteForce(const LayeredGraph &g, int r)
{
    const QList<int> pos = g.positions();
    QList<QPair<int, int>> edges;
    for (const int u : g.layers.at(r))
        for (const int v : g.down.at(u))
            edges.append({pos.at(u), pos.at(v)});
    long long c = 0;
    for (int i = 0; i < edges.size(); ++i)
        for (int j = i + 1; j < edges.size(); ++j) {
            const auto &a = edges.at(i);
            const auto &b = edges.at(j);
            if ((a.first < b.first && a.second > b.second) || (a.first > b.first && a.second < b.second))
                ++c;
        }
    return c;
}

long long bruteForce(const LayeredGraph &g)
{
    long long c = 0;
    for (int r = 0; r + 1 < g.layers.size(); ++r)
        c += bruteForce(g, r);
    return c;
}

void shuffleLayers(LayeredGraph &g, unsigned seed)
{
    std::mt19937 rng(seed);
    for (QList<int> &layer : g.layers)
        std::shuffle(layer.begin(), layer.end(), rng);
}

// Random proper graph: `layerCount` layers of 1..maxWidth nodes, edges between consecutive
// layers with probability `density` (plus a few parallel edges); groups in [0, groups).
LayeredGraph randomGraph(unsigned seed, int layerCount, int maxWidth, double density, int groups = 0)
{
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> width(1, maxWidth);
    std::uniform_real_distribution<double> coin(0.0, 1.0);
    Builder b(layerCount);
    for (int r = 0; r < layerCount; ++r) {
        const int w = width(rng);
        for (int i = 0; i < w; ++i)
            b.addNode(r, groups > 0 ? int(rng() % unsigned(groups + 1)) - 1 : -1);
    }
    for (int r = 0; r + 1 < layerCount; ++r)
        for (const int u : b.g.layers.at(r))
            for (const int v : b.g.layers.at(r + 1))
                if (coin(rng) < density) {
                    b.addEdge(u, v);
                    if (coin(rng) < 0.05)
                        b.addEdge(u, v); // a parallel edge
                }
    return b.g;
}

// Every layer holds the same nodes as before, and layerOf still agrees.
bool samePartition(const LayeredGraph &before, const LayeredGraph &after)
{
    if (before.layers.size() != after.layers.size())
        return false;
    for (int r = 0; r < before.layers.size(); ++r) {
        QList<int> a = before.layers.at(r), b = after.layers.at(r);
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        if (a != b)
            return false;
        for (const int v : after.layers.at(r))
            if (after.layerOf.at(v) != r)
                return false;
    }
    return true;
}

bool groupsContiguous(const LayeredGraph &g)
{
    for (const QList<int> &layer : g.layers) {
        std::set<int> closed;
        int current = -2;
        for (const int v : layer) {
            const int gr = g.group.at(v);
            if (gr == current)
                continue;
            if (current >= 0)
                closed.insert(current);
            if (gr >= 0 && closed.count(gr))
                return false;
            current = gr;
        }
    }
    return true;
}

LayeredGraph ladder(int chains, int length)
{
    Builder b(length);
    QList<int> prev;
    for (int r = 0; r < length; ++r) {
        QList<int> cur;
        for (int c = 0; c < chains; ++c) {
            cur.append(b.addNode(r, c / 2));
            if (r > 0)
                b.addEdge(prev.at(c), cur.at(c));
        }
        prev = cur;
    }
    return b.g;
}

// A proper graph from random long edges: `realNodes` spread over `layerCount` layers,
// `edgeCount` edges of span 1..4 broken into chains of dummies.
LayeredGraph largeGraph(unsigned seed, int realNodes, int layerCount, int edgeCount)
{
    std::mt19937 rng(seed);
    Builder b(layerCount);
    QList<QList<int>> real(layerCount);
    for (int i = 0; i < realNodes; ++i) {
        const int r = i % layerCount;
        real[r].append(b.addNode(r, int(rng() % 200u) - 20));
    }
    for (int r = 0; r < layerCount; ++r) // keep the real nodes first
        Q_ASSERT(!real.at(r).isEmpty());
    for (int e = 0; e < edgeCount; ++e) {
        const unsigned roll = rng() % 10u;
        const int span = roll < 5 ? 1 : roll < 8 ? 2 : roll < 9 ? 3 : 4;
        const int r0 = int(rng() % unsigned(layerCount - span));
        // Mostly local edges (like real diagrams), some long-range ones.
        const QList<int> &from = real.at(r0);
        const QList<int> &to = real.at(r0 + span);
        const int i = int(rng() % unsigned(from.size()));
        int j = int(double(i) / from.size() * to.size()) + int(rng() % 11u) - 5;
        if (rng() % 8u == 0)
            j = int(rng() % unsigned(to.size()));
        j = std::clamp(j, 0, int(to.size()) - 1);
        int u = from.at(i);
        for (int r = r0 + 1; r < r0 + span; ++r) {
            const int d = b.addNode(r, -1, true);
            b.addEdge(u, d);
            u = d;
        }
        b.addEdge(u, to.at(j));
    }
    return b.g;
}

int edgeCount(const LayeredGraph &g)
{
    int e = 0;
    for (const QList<int> &d : g.down)
        e += int(d.size());
    return e;
}

} // namespace

class TestCrossings : public QObject
{
    Q_OBJECT

private slots:
    void countTwoLayersMatchesBruteForce()
    {
        for (unsigned seed = 1; seed <= 300; ++seed) {
            const LayeredGraph g = randomGraph(seed, 2, 3 + int(seed % 14), 0.1 + (seed % 7) * 0.1);
            QCOMPARE(countCrossings(g, 0), bruteForce(g, 0));
            QCOMPARE(countCrossings(g), bruteForce(g));
        }
    }

    void countMultiLayerMatchesBruteForce()
    {
        for (unsigned seed = 1; seed <= 100; ++seed) {
            LayeredGraph g = randomGraph(1000 + seed, 2 + int(seed % 6), 12, 0.25);
            shuffleLayers(g, seed);
            for (int r = 0; r + 1 < g.layers.size(); ++r)
                QCOMPARE(countCrossings(g, r), bruteForce(g, r));
            QCOMPARE(countCrossings(g), bruteForce(g));
        }
    }

    void countKnownValuesAndEdgeCases()
    {
        Builder b(2);
        const int a0 = b.addNode(0), a1 = b.addNode(0);
        const int b0 = b.addNode(1), b1 = b.addNode(1);
        b.addEdge(a0, b1);
        b.addEdge(a1, b0);
        QCOMPARE(countCrossings(b.g, 0), 1LL);
        b.addEdge(a0, b1); // parallel edge: crosses a1->b0 too
        QCOMPARE(countCrossings(b.g, 0), 2LL);
        QCOMPARE(countCrossings(b.g, -1), 0LL);
        QCOMPARE(countCrossings(b.g, 1), 0LL);
        QCOMPARE(countCrossings(b.g, 7), 0LL);
        QCOMPARE(countCrossings(LayeredGraph()), 0LL);
        LayeredGraph empty;
        minimizeCrossings(empty); // no crash
        QCOMPARE(empty.layers.size(), 0);
    }

    void scrambledLadderReachesZero()
    {
        LayeredGraph g = ladder(20, 6);
        for (unsigned seed = 1; seed <= 5; ++seed) {
            LayeredGraph h = g;
            shuffleLayers(h, seed);
            QVERIFY(countCrossings(h) > 0);
            const LayeredGraph before = h;
            minimizeCrossings(h);
            QVERIFY(samePartition(before, h));
            QCOMPARE(countCrossings(h), 0LL);
            QVERIFY(groupsContiguous(h));
            CrossingOptions noGroups;
            noGroups.keepGroupsTogether = false;
            LayeredGraph k = before;
            minimizeCrossings(k, noGroups);
            QCOMPARE(countCrossings(k), 0LL);
        }
    }

    void scrambledBinaryTreeReachesZero()
    {
        const int depth = 7;
        Builder b(depth);
        QList<int> prev{b.addNode(0)};
        for (int r = 1; r < depth; ++r) {
            QList<int> cur;
            for (const int p : prev)
                for (int k = 0; k < 2; ++k) {
                    const int v = b.addNode(r);
                    b.addEdge(p, v);
                    cur.append(v);
                }
            prev = cur;
        }
        for (unsigned seed = 1; seed <= 5; ++seed) {
            LayeredGraph g = b.g;
            shuffleLayers(g, seed);
            QVERIFY(countCrossings(g) > 0);
            // Only the given order and the reverse: the DFS seed alone would be trivially planar.
            CrossingOptions o;
            o.seedOrders = 1;
            minimizeCrossings(g, o);
            QCOMPARE(countCrossings(g), 0LL);
        }
    }

    void gridReachesZero()
    {
        // 8x8 grid, (i, j) -> (i+1, j) and (i, j+1), layered by i + j.
        const int n = 8;
        Builder b(2 * n - 1);
        QList<int> id(n * n);
        for (int s = 0; s < 2 * n - 1; ++s)
            for (int i = 0; i < n; ++i) {
                const int j = s - i;
                if (j >= 0 && j < n)
                    id[i * n + j] = b.addNode(s);
            }
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                if (i + 1 < n)
                    b.addEdge(id.at(i * n + j), id.at((i + 1) * n + j));
                if (j + 1 < n)
                    b.addEdge(id.at(i * n + j), id.at(i * n + j + 1));
            }
        for (unsigned seed = 1; seed <= 5; ++seed) {
            LayeredGraph g = b.g;
            shuffleLayers(g, seed);
            QVERIFY(countCrossings(g) > 0);
            minimizeCrossings(g);
            QCOMPARE(countCrossings(g), 0LL);
            LayeredGraph h = b.g;
            shuffleLayers(h, seed);
            CrossingOptions o;
            o.seedOrders = 1;
            minimizeCrossings(h, o);
            QCOMPARE(countCrossings(h), 0LL);
        }
    }

    void completeBipartiteK55()
    {
        Builder b(2);
        QList<int> top, bottom;
        for (int i = 0; i < 5; ++i)
            top.append(b.addNode(0));
        for (int i = 0; i < 5; ++i)
            bottom.append(b.addNode(1));
        for (const int u : top)
            for (const int v : bottom)
                b.addEdge(u, v);
        QCOMPARE(countCrossings(b.g), 100LL);
        QCOMPARE(bruteForce(b.g), 100LL);
        LayeredGraph g = b.g;
        shuffleLayers(g, 3);
        minimizeCrossings(g);
        QCOMPARE(countCrossings(g), 100LL);
        QVERIFY(samePartition(b.g, g));
    }

    void neverWorseThanInput()
    {
        for (unsigned seed = 1; seed <= 60; ++seed) {
            LayeredGraph g = randomGraph(5000 + seed, 3 + int(seed % 5), 10, 0.2 + (seed % 3) * 0.15);
            const LayeredGraph before = g;
            const long long input = countCrossings(g);
            CrossingOptions o;
            o.keepGroupsTogether = false;
            o.seedOrders = 1 + int(seed % 4);
            o.transpose = seed % 5 != 0;
            o.maxSweeps = int(seed % 6); // includes 0: the input order must come back
            o.sifting = seed % 7 < 4;
            minimizeCrossings(g, o);
            QVERIFY(samePartition(before, g));
            const long long after = countCrossings(g);
            QVERIFY2(after <= input, qPrintable(QStringLiteral("seed %1: %2 > %3").arg(seed).arg(after).arg(input)));
            if (o.maxSweeps == 0 && o.seedOrders == 1 && !o.sifting)
                QCOMPARE(g.layers, before.layers);
        }
        // An input that is already optimal is kept (ties go to the first, the given order).
        LayeredGraph l = ladder(10, 5);
        const LayeredGraph before = l;
        minimizeCrossings(l);
        QCOMPARE(l.layers, before.layers);
    }

    void clearlyBetterThanRandom()
    {
        // Sparse random graphs: the sweep must remove most of the crossings of a shuffled order.
        long long input = 0, after = 0;
        for (unsigned seed = 1; seed <= 20; ++seed) {
            LayeredGraph g = randomGraph(9000 + seed, 8, 14, 0.12);
            shuffleLayers(g, seed);
            input += countCrossings(g);
            minimizeCrossings(g);
            after += countCrossings(g);
        }
        QVERIFY2(after * 3 < input, qPrintable(QStringLiteral("%1 vs %2").arg(after).arg(input)));
    }

    void groupsStayContiguous()
    {
        for (unsigned seed = 1; seed <= 60; ++seed) {
            LayeredGraph g = randomGraph(7000 + seed, 3 + int(seed % 5), 14, 0.15 + (seed % 4) * 0.1, 1 + int(seed % 4));
            shuffleLayers(g, seed); // groups scattered in the input
            const LayeredGraph before = g;
            CrossingOptions o;
            o.seedOrders = 1 + int(seed % 4);
            minimizeCrossings(g, o);
            QVERIFY(samePartition(before, g));
            QVERIFY2(groupsContiguous(g), qPrintable(QStringLiteral("seed %1").arg(seed)));
        }
        // When the input is already contiguous the result is never worse.
        for (unsigned seed = 1; seed <= 30; ++seed) {
            LayeredGraph g = randomGraph(8000 + seed, 4, 12, 0.2, 3);
            for (QList<int> &layer : g.layers)
                std::stable_sort(layer.begin(), layer.end(), [&g](int a, int b) { return g.group.at(a) < g.group.at(b); });
            QVERIFY(groupsContiguous(g));
            const long long input = countCrossings(g);
            minimizeCrossings(g);
            QVERIFY(groupsContiguous(g));
            QVERIFY(countCrossings(g) <= input);
        }
    }

    void lanesKeepOneGroupOrder()
    {
        // fixedGroupOrder (lanes): in every layer the groups come in ascending key order,
        // ungrouped nodes last, and the crossings never exceed the input's (made lane-ordered).
        for (unsigned seed = 1; seed <= 60; ++seed) {
            LayeredGraph g = randomGraph(9000 + seed, 3 + int(seed % 5), 12, 0.15 + (seed % 4) * 0.1, 1 + int(seed % 4));
            shuffleLayers(g, seed);
            for (int v = 0; v < g.nodeCount(); v += 5)
                g.group[v] = -1; // some ungrouped
            const auto rank = [&g](int v) { return g.group.at(v) < 0 ? INT_MAX : g.group.at(v); };
            for (QList<int> &layer : g.layers)
                std::stable_sort(layer.begin(), layer.end(), [&](int a, int b) { return rank(a) < rank(b); });
            const LayeredGraph before = g;
            const long long input = countCrossings(g);
            CrossingOptions o;
            o.fixedGroupOrder = true;
            o.seedOrders = 1 + int(seed % 6);
            minimizeCrossings(g, o);
            QVERIFY(samePartition(before, g));
            QVERIFY(countCrossings(g) <= input);
            for (const QList<int> &layer : std::as_const(g.layers))
                for (int i = 1; i < layer.size(); ++i)
                    QVERIFY2(rank(layer.at(i - 1)) <= rank(layer.at(i)), qPrintable(QStringLiteral("seed %1: lane order broken").arg(seed)));
        }
    }

    void deterministic()
    {
        for (unsigned seed = 1; seed <= 10; ++seed) {
            LayeredGraph a = randomGraph(6000 + seed, 6, 12, 0.2, int(seed % 3));
            shuffleLayers(a, seed);
            LayeredGraph b = a;
            minimizeCrossings(a);
            minimizeCrossings(b);
            QCOMPARE(a.layers, b.layers);
        }
    }

    void largeGraphIsFast()
    {
        LayeredGraph g = largeGraph(42, 5000, 40, 9000);
        const int nodes = g.nodeCount();
        const int edges = edgeCount(g);
        QVERIFY(nodes > 10000 && nodes < 14000);
        QVERIFY(edges > 14000 && edges < 18000);
        shuffleLayers(g, 7);
        const LayeredGraph before = g;
        const long long input = countCrossings(g);
        QElapsedTimer timer;
        timer.start();
        minimizeCrossings(g);
        const qint64 ms = timer.elapsed();
        const long long after = countCrossings(g);
        qInfo("large graph: %d nodes, %d edges, %lld -> %lld crossings in %lld ms", nodes, edges, input, after,
              static_cast<long long>(ms));
        QVERIFY(samePartition(before, g));
        QVERIFY(groupsContiguous(g));
        QVERIFY(after * 2 < input);
        // A bound against runaway work only (the work budget is deterministic): how fast it
        // is, the performance guard holds (bench/guard, layout.*.ms). 1.5 s and then 3 s
        // flaked on a loaded 2-core machine (a parallel build beside the tests); a runaway
        // takes far longer than 15 s.
        QVERIFY2(ms < 15000 * kTimeBoundScale, qPrintable(QStringLiteral("%1 ms").arg(ms)));
    }
};

QTEST_GUILESS_MAIN(TestCrossings)
#include "tst_crossings.moc"
