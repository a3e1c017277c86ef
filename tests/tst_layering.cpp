// Layer assignment: network simplex (optimality against brute force, feasibility on random
// DAGs, classic examples, components, weights, balancing, guards, speed) and longest path.
#include "layout/Layering.h"
#include "support/TimeBounds.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QtTest>

#include <algorithm>
#include <functional>
#include <numeric>

using namespace capgraph::layout;

namespace {

struct TestGraph
{
    int n = 0;
    QList<QPair<int, int>> edges;
    QList<int> weight;    // empty = all 1
    QList<int> minLength; // empty = all 1

    int w(qsizetype e) const { return e < weight.size() ? weight[e] : 1; }
    int ml(qsizetype e) const { return e < minLength.size() ? minLength[e] : 1; }
};

QList<int> solve(const TestGraph &g)
{
    return assignLayersNetworkSimplex(g.n, g.edges, g.weight, g.minLength);
}

// Empty string when every edge respects its minimum length and no layer is negative.
QString feasibilityError(const TestGraph &g, const QList<int> &layer)
{
    if (layer.size() != g.n)
        return QStringLiteral("size %1 != %2").arg(layer.size()).arg(g.n);
    for (int v = 0; v < g.n; ++v)
        if (layer[v] < 0)
            return QStringLiteral("negative layer at %1").arg(v);
    for (qsizetype e = 0; e < g.edges.size(); ++e) {
        const auto [u, v] = g.edges[e];
        if (u == v)
            continue;
        if (layer[v] - layer[u] < g.ml(e))
            return QStringLiteral("edge %1->%2 spans %3 < %4").arg(u).arg(v).arg(layer[v] - layer[u]).arg(g.ml(e));
    }
    return {};
}

long long cost(const TestGraph &g, const QList<int> &layer)
{
    long long c = 0;
    for (qsizetype e = 0; e < g.edges.size(); ++e)
        c += static_cast<long long>(g.w(e)) * (layer[g.edges[e].second] - layer[g.edges[e].first]);
    return c;
}

QList<int> components(const TestGraph &g)
{
    QList<int> comp(g.n);
    std::iota(comp.begin(), comp.end(), 0);
    std::function<int(int)> find = [&](int v) { return comp[v] == v ? v : comp[v] = find(comp[v]); };
    for (const auto &[u, v] : g.edges)
        comp[find(u)] = find(v);
    for (int v = 0; v < g.n; ++v)
        comp[v] = find(v);
    return comp;
}

// Empty string when every weakly connected component has its lowest layer at 0.
QString componentError(const TestGraph &g, const QList<int> &layer)
{
    const QList<int> comp = components(g);
    QList<int> minLayer(g.n, std::numeric_limits<int>::max());
    for (int v = 0; v < g.n; ++v)
        minLayer[comp[v]] = std::min(minLayer[comp[v]], layer[v]);
    for (int v = 0; v < g.n; ++v)
        if (comp[v] == v && minLayer[v] != 0)
            return QStringLiteral("component of %1 starts at %2").arg(v).arg(minLayer[v]);
    return {};
}

// Necessary optimality condition: no single node can move by one layer and lower the cost.
QString localOptimalityError(const TestGraph &g, const QList<int> &layer)
{
    QList<long long> inW(g.n, 0), outW(g.n, 0);
    QList<int> lo(g.n, std::numeric_limits<int>::min()), hi(g.n, std::numeric_limits<int>::max());
    for (qsizetype e = 0; e < g.edges.size(); ++e) {
        const auto [u, v] = g.edges[e];
        if (u == v)
            continue;
        outW[u] += g.w(e);
        inW[v] += g.w(e);
        lo[v] = std::max(lo[v], layer[u] + g.ml(e));
        hi[u] = std::min(hi[u], layer[v] - g.ml(e));
    }
    for (int v = 0; v < g.n; ++v) {
        if (inW[v] > outW[v] && layer[v] > lo[v])
            return QStringLiteral("node %1 could move down").arg(v);
        if (outW[v] > inW[v] && layer[v] < hi[v])
            return QStringLiteral("node %1 could move up").arg(v);
    }
    return {};
}

// Random DAG: edges go from lower to higher rank of a random permutation. `reach` limits how
// far apart (in that order) the end points are; 0 = unlimited.
TestGraph randomDag(quint32 seed, int n, int m, int reach = 0, int maxWeight = 1, int maxMinLength = 1)
{
    QRandomGenerator rng(seed);
    TestGraph g;
    g.n = n;
    QList<int> perm(n);
    std::iota(perm.begin(), perm.end(), 0);
    for (int i = n - 1; i > 0; --i)
        std::swap(perm[i], perm[rng.bounded(i + 1)]);
    if (n < 2)
        return g;
    for (int k = 0; k < m; ++k) {
        int a = rng.bounded(n);
        int b = reach > 0 ? std::min(n - 1, a + 1 + int(rng.bounded(reach))) : int(rng.bounded(n));
        if (a == b)
            b = (a + 1) % n;
        if (a > b)
            std::swap(a, b);
        g.edges.append({perm[a], perm[b]});
        g.weight.append(1 + int(rng.bounded(maxWeight)));
        g.minLength.append(1 + int(rng.bounded(maxMinLength)));
    }
    return g;
}

// Exact minimum cost by enumeration (small DAGs only).
long long bruteForceMinimum(const TestGraph &g)
{
    int maxMl = 1;
    for (qsizetype e = 0; e < g.edges.size(); ++e)
        maxMl = std::max(maxMl, g.ml(e));
    const int bound = std::max(0, g.n - 1) * maxMl; // an optimal layering fits in [0, bound]
    // enumerate in a topological order (Kahn)
    QList<int> indeg(g.n, 0), order;
    for (const auto &edge : g.edges)
        ++indeg[edge.second];
    for (int v = 0; v < g.n; ++v)
        if (indeg[v] == 0)
            order.append(v);
    for (qsizetype i = 0; i < order.size(); ++i)
        for (const auto &edge : g.edges)
            if (edge.first == order[i] && --indeg[edge.second] == 0)
                order.append(edge.second);
    if (order.size() != g.n)
        qFatal("bruteForceMinimum: not a DAG");
    QList<QList<qsizetype>> preds(g.n);
    for (qsizetype e = 0; e < g.edges.size(); ++e)
        preds[g.edges[e].second].append(e);
    QList<int> layer(g.n, 0);
    long long best = std::numeric_limits<long long>::max();
    std::function<void(int, long long)> rec = [&](int i, long long partial) {
        if (partial >= best)
            return;
        if (i == g.n) {
            best = partial;
            return;
        }
        const int v = order[i];
        int lo = 0;
        for (qsizetype e : preds[v])
            lo = std::max(lo, layer[g.edges[e].first] + g.ml(e));
        for (int r = lo; r <= bound; ++r) {
            layer[v] = r;
            long long add = 0;
            for (qsizetype e : preds[v])
                add += static_cast<long long>(g.w(e)) * (r - layer[g.edges[e].first]);
            rec(i + 1, partial + add);
        }
    };
    rec(0, 0);
    return best;
}

TestGraph named(int n, const QList<QPair<int, int>> &edges, const QList<int> &weight = {},
                const QList<int> &minLength = {})
{
    TestGraph g;
    g.n = n;
    g.edges = edges;
    g.weight = weight;
    g.minLength = minLength;
    return g;
}

} // namespace

class TestLayering : public QObject
{
    Q_OBJECT

private slots:
    void emptyAndSingle()
    {
        QCOMPARE(assignLayersNetworkSimplex(0, {}), QList<int>());
        QCOMPARE(assignLayersLongestPath(0, {}), QList<int>());
        QCOMPARE(assignLayersNetworkSimplex(1, {}), QList<int>{0});
        QCOMPARE(assignLayersLongestPath(1, {}), QList<int>{0});
        QCOMPARE(assignLayersNetworkSimplex(4, {}), QList<int>({0, 0, 0, 0}));
    }

    void longestPath()
    {
        // 0->1->2, 0->2, 3->2, 4 isolated, 5->6
        const QList<QPair<int, int>> edges{{0, 1}, {1, 2}, {0, 2}, {3, 2}, {5, 6}};
        QCOMPARE(assignLayersLongestPath(7, edges), QList<int>({0, 1, 2, 0, 0, 0, 1}));
        // sources at 0, everything else 1 + max of predecessors, on random DAGs
        const TestGraph g = randomDag(7, 300, 600);
        const QList<int> layer = assignLayersLongestPath(g.n, g.edges);
        QList<int> expectedLow(g.n, 0);
        QList<bool> hasPred(g.n, false);
        for (const auto &[u, v] : g.edges) {
            hasPred[v] = true;
            expectedLow[v] = std::max(expectedLow[v], layer[u] + 1);
        }
        for (int v = 0; v < g.n; ++v)
            QCOMPARE(layer[v], hasPred[v] ? expectedLow[v] : 0);
    }

    void diamond()
    {
        const TestGraph g = named(4, {{0, 1}, {0, 2}, {1, 3}, {2, 3}});
        QCOMPARE(solve(g), QList<int>({0, 1, 1, 2}));
    }

    void chainWithSkipEdge()
    {
        // a->b->c->d plus a->d: total span 3 + 3 = 6 is forced; here the point is that it is
        // not more, and every chain edge is tight.
        const TestGraph g = named(4, {{0, 1}, {1, 2}, {2, 3}, {0, 3}});
        const QList<int> layer = solve(g);
        QCOMPARE(layer, QList<int>({0, 1, 2, 3}));
        QCOMPARE(cost(g, layer), 6LL);
        // the chain part alone spans 3: the skip edge adds no layers
        QCOMPARE(layer[3] - layer[0], 3);
    }

    void chainSpanTotal()
    {
        // the brief's wording: chain a->b->c->d plus a->d. Chain edges each span 1 (total 3),
        // the whole drawing is 4 layers tall.
        const TestGraph g = named(4, {{0, 1}, {1, 2}, {2, 3}, {0, 3}});
        const QList<int> layer = solve(g);
        QCOMPARE(*std::max_element(layer.begin(), layer.end()) + 1, 4);
    }

    void paperFigure2()
    {
        // Gansner et al. Figure 2-1: a->b->c->d->h, a->e, a->f, e->g, f->g, g->h.
        enum { a, b, c, d, e, f, g, h };
        const TestGraph gr = named(8, {{a, b}, {b, c}, {c, d}, {d, h}, {a, e}, {a, f}, {e, g}, {f, g}, {g, h}});
        const QList<int> layer = solve(gr);
        QCOMPARE(feasibilityError(gr, layer), QString());
        QCOMPARE(cost(gr, layer), 10LL); // Figure 2-2(c): only g->h spans 2
        QCOMPARE(layer, QList<int>({0, 1, 2, 3, 1, 1, 2, 4}));
        QCOMPARE(cost(gr, layer), bruteForceMinimum(gr));
        // longest path puts e, f at 1 and g at 2 as well, but puts nothing below the optimum
        QVERIFY(cost(gr, assignLayersLongestPath(gr.n, gr.edges)) >= cost(gr, layer));
    }

    void longestPathIsImproved()
    {
        // Longest path puts source 3 at layer 0 (edge 3->2 spans 2); network simplex pulls it
        // up next to its only successor.
        const TestGraph g = named(4, {{0, 1}, {1, 2}, {3, 2}});
        const QList<int> lp = assignLayersLongestPath(g.n, g.edges);
        const QList<int> ns = solve(g);
        QCOMPARE(lp, QList<int>({0, 1, 2, 0}));
        QCOMPARE(ns, QList<int>({0, 1, 2, 1}));
        QCOMPARE(cost(g, ns), 3LL);
    }

    void weightsAndMultiEdges()
    {
        // p->q->r->y forces y to layer >= 3; x sits between p and y.
        enum { p, q, r, y, x };
        const QList<QPair<int, int>> base{{p, q}, {q, r}, {r, y}, {p, x}, {x, y}};
        // heavy x->y: that edge gets span 1
        QList<int> layer = solve(named(5, base, {1, 1, 1, 1, 5}));
        QCOMPARE(layer[x], 2);
        QCOMPARE(layer[y] - layer[x], 1);
        // heavy p->x: that edge gets span 1
        layer = solve(named(5, base, {1, 1, 1, 5, 1}));
        QCOMPARE(layer[x], 1);
        // the same through multi-edges: three parallel x->y edges weigh 3
        const TestGraph multi = named(5, base + QList<QPair<int, int>>{{x, y}, {x, y}});
        layer = solve(multi);
        QCOMPARE(layer[x], 2);
        QCOMPARE(feasibilityError(multi, layer), QString());
        QCOMPARE(cost(multi, layer), bruteForceMinimum(multi));
        // multi-edges with different minimum lengths: the largest wins
        const TestGraph ml = named(2, {{0, 1}, {0, 1}}, {}, {1, 3});
        QCOMPARE(solve(ml), QList<int>({0, 3}));
    }

    void minLength()
    {
        const TestGraph g = named(4, {{0, 1}, {1, 3}, {0, 2}, {2, 3}}, {1, 1, 1, 1}, {2, 1, 1, 1});
        const QList<int> layer = solve(g);
        QCOMPARE(feasibilityError(g, layer), QString());
        QCOMPARE(layer[1], 2);
        QCOMPARE(layer[3], 3);
        QCOMPARE(cost(g, layer), bruteForceMinimum(g));
        // minLength 0 lets both ends share a layer
        QCOMPARE(solve(named(2, {{0, 1}}, {}, {0})), QList<int>({0, 0}));
    }

    void balancing()
    {
        // s->p1->p2->p3->t and s->x->t: x costs the same anywhere in 1..3; layer 1 is crowded
        // (p1, a, b), so balancing moves x to a less populated layer.
        enum { s, p1, p2, p3, t, x, a, b };
        const TestGraph g = named(8, {{s, p1}, {p1, p2}, {p2, p3}, {p3, t}, {s, x}, {x, t}, {s, a}, {s, b}});
        const QList<int> layer = solve(g);
        QCOMPARE(feasibilityError(g, layer), QString());
        QCOMPARE(cost(g, layer), bruteForceMinimum(g));
        QVERIFY2(layer[x] == 2 || layer[x] == 3, qPrintable(QString::number(layer[x])));
        QCOMPARE(int(std::count(layer.begin(), layer.end(), 1)), 3);
    }

    void disconnectedComponents()
    {
        // three components and an isolated node; each starts at layer 0
        const TestGraph g = named(9, {{0, 1}, {1, 2}, {3, 5}, {4, 5}, {5, 6}, {8, 7}});
        const QList<int> layer = solve(g);
        QCOMPARE(feasibilityError(g, layer), QString());
        QCOMPARE(componentError(g, layer), QString());
        QCOMPARE(layer, QList<int>({0, 1, 2, 0, 0, 1, 2, 1, 0}));
        // a component whose longest-path ranks would float: 2's only edge is into 4
        const TestGraph h = named(6, {{0, 1}, {1, 4}, {2, 4}, {3, 5}});
        const QList<int> lh = solve(h);
        QCOMPARE(componentError(h, lh), QString());
        QCOMPARE(lh, QList<int>({0, 1, 1, 0, 2, 1}));
    }

    void guards()
    {
        // self-loops are ignored
        const TestGraph loop = named(3, {{0, 0}, {0, 1}, {1, 2}, {2, 2}});
        QCOMPARE(solve(loop), QList<int>({0, 1, 2}));
        QCOMPARE(assignLayersLongestPath(3, loop.edges), QList<int>({0, 1, 2}));
        // a cycle terminates and yields a layering of the DFS-acyclic subgraph
        const QList<QPair<int, int>> cyc{{0, 1}, {1, 2}, {2, 0}, {2, 3}};
        const QList<int> lc = assignLayersNetworkSimplex(4, cyc);
        QCOMPARE(lc, QList<int>({0, 1, 2, 3}));
        QCOMPARE(assignLayersLongestPath(4, cyc), QList<int>({0, 1, 2, 3}));
        // out-of-range edges are ignored, short weight lists default to 1
        QCOMPARE(assignLayersNetworkSimplex(2, {{0, 1}, {0, 5}, {-1, 1}}, {3}), QList<int>({0, 1}));
    }

    void bruteForceOptimal_data()
    {
        QTest::addColumn<int>("maxWeight");
        QTest::addColumn<int>("maxMinLength");
        QTest::newRow("unit") << 1 << 1;
        QTest::newRow("weighted") << 4 << 1;
        QTest::newRow("weighted, minLength") << 3 << 2;
    }

    void bruteForceOptimal()
    {
        QFETCH(int, maxWeight);
        QFETCH(int, maxMinLength);
        QRandomGenerator rng(20240601);
        int checked = 0;
        for (int round = 0; round < 150; ++round) {
            const int n = 2 + int(rng.bounded(6)); // 2..7
            TestGraph g;
            g.n = n;
            const int m = int(rng.bounded(n * 2));
            for (int k = 0; k < m; ++k) {
                int a = int(rng.bounded(n));
                int b = int(rng.bounded(n));
                if (a == b)
                    continue;
                if (a > b)
                    std::swap(a, b); // index order is a topological order
                g.edges.append({a, b});
                g.weight.append(1 + int(rng.bounded(maxWeight)));
                g.minLength.append(1 + int(rng.bounded(maxMinLength)));
            }
            const QList<int> layer = solve(g);
            QVERIFY2(feasibilityError(g, layer).isEmpty(), qPrintable(feasibilityError(g, layer)));
            QVERIFY2(componentError(g, layer).isEmpty(), qPrintable(componentError(g, layer)));
            const long long best = bruteForceMinimum(g);
            if (cost(g, layer) != best) {
                QString desc;
                for (qsizetype e = 0; e < g.edges.size(); ++e)
                    desc += QStringLiteral("%1->%2 w%3 l%4; ")
                                .arg(g.edges[e].first).arg(g.edges[e].second).arg(g.w(e)).arg(g.ml(e));
                QFAIL(qPrintable(QStringLiteral("round %1: cost %2, optimum %3: %4")
                                     .arg(round).arg(cost(g, layer)).arg(best).arg(desc)));
            }
            ++checked;
        }
        QCOMPARE(checked, 150);
    }

    void randomDags_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("m");
        QTest::addColumn<int>("reach");
        QTest::addColumn<int>("maxWeight");
        QTest::addColumn<int>("maxMinLength");
        QTest::newRow("10") << 10 << 15 << 0 << 1 << 1;
        QTest::newRow("10 sparse") << 10 << 5 << 0 << 1 << 1;
        QTest::newRow("50") << 50 << 90 << 0 << 1 << 1;
        QTest::newRow("50 weighted") << 50 << 90 << 0 << 5 << 1;
        QTest::newRow("200 local") << 200 << 360 << 8 << 1 << 1;
        QTest::newRow("200 minLength") << 200 << 360 << 0 << 3 << 3;
        QTest::newRow("1000") << 1000 << 1800 << 0 << 1 << 1;
        QTest::newRow("1000 local weighted") << 1000 << 1800 << 20 << 4 << 2;
        QTest::newRow("3000") << 3000 << 5400 << 0 << 1 << 1;
        QTest::newRow("3000 sparse") << 3000 << 2000 << 0 << 2 << 1;
        QTest::newRow("3000 local") << 3000 << 5400 << 10 << 1 << 1;
    }

    void randomDags()
    {
        QFETCH(int, n);
        QFETCH(int, m);
        QFETCH(int, reach);
        QFETCH(int, maxWeight);
        QFETCH(int, maxMinLength);
        const TestGraph g = randomDag(quint32(n * 31 + m), n, m, reach, maxWeight, maxMinLength);
        const QList<int> layer = solve(g);
        QVERIFY2(feasibilityError(g, layer).isEmpty(), qPrintable(feasibilityError(g, layer)));
        QVERIFY2(componentError(g, layer).isEmpty(), qPrintable(componentError(g, layer)));
        QVERIFY2(localOptimalityError(g, layer).isEmpty(), qPrintable(localOptimalityError(g, layer)));
        if (maxMinLength == 1) {
            // longest path is feasible too, and never better
            const QList<int> lp = assignLayersLongestPath(g.n, g.edges);
            QCOMPARE(feasibilityError(g, lp), QString());
            QVERIFY(cost(g, layer) <= cost(g, lp));
        }
        QCOMPARE(solve(g), layer); // deterministic
    }

    void deterministic()
    {
        const TestGraph g = randomDag(99, 2000, 3600, 0, 3, 2);
        const QList<int> first = solve(g);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(solve(g), first);
        // permuting the input edge list gives the same layering (multi-edges merged, sorted)
        TestGraph shuffled = g;
        std::reverse(shuffled.edges.begin(), shuffled.edges.end());
        std::reverse(shuffled.weight.begin(), shuffled.weight.end());
        std::reverse(shuffled.minLength.begin(), shuffled.minLength.end());
        QCOMPARE(solve(shuffled), first);
    }

    void performance_data()
    {
        QTest::addColumn<int>("reach");
        QTest::newRow("uniform") << 0;
        QTest::newRow("local") << 15;
        QTest::newRow("very local") << 3;
    }

    void performance()
    {
        QFETCH(int, reach);
        const TestGraph g = randomDag(5000, 5000, 9000, reach);
        QElapsedTimer timer;
        timer.start();
        const QList<int> layer = solve(g);
        const qint64 ms = timer.elapsed();
        qInfo("network simplex, 5000 nodes / 9000 edges (reach %d): %lld ms", reach, ms);
        QVERIFY2(ms < 500 * kTimeBoundScale, qPrintable(QString::number(ms)));
        QVERIFY2(feasibilityError(g, layer).isEmpty(), qPrintable(feasibilityError(g, layer)));
        QVERIFY2(localOptimalityError(g, layer).isEmpty(), qPrintable(localOptimalityError(g, layer)));
        QVERIFY(cost(g, layer) <= cost(g, assignLayersLongestPath(g.n, g.edges)));
    }
};

QTEST_GUILESS_MAIN(TestLayering)
#include "tst_layering.moc"
