// Coordinate assignment (Brandes & Koepf with the 2020 erratum): separation and order in every
// layer, straight long edges, symmetry, normalisation, determinism and speed.
#include "layout/CoordinateAssigner.h"
#include "support/TimeBounds.h"
#include "layout/LayeredGraph.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace capgraph::layout;

namespace {

// Builds a proper layered graph: real nodes are added first, then edges (spanning layers
// are split into dummy chains), then the layer orders are fixed.
struct Builder
{
    QList<int> realLayer;
    QList<double> realSize;
    QList<QPair<int, int>> edges; // between real nodes, from lower to higher layer

    int addReal(int layer, double size = 10.0)
    {
        realLayer.append(layer);
        realSize.append(size);
        return int(realLayer.size()) - 1;
    }
    void addEdge(int from, int to) { edges.append({from, to}); }

    // Returns the graph; `chains` receives per edge the dummies it was split into. Nodes keep
    // insertion order in their layer, the dummies of a layer after its real nodes.
    LayeredGraph build(QList<QList<int>> *chains = nullptr) const
    {
        LayeredGraph g;
        g.realCount = int(realLayer.size());
        int layerCount = 0;
        for (const int l : realLayer)
            layerCount = std::max(layerCount, l + 1);
        g.layers.resize(layerCount);
        for (int v = 0; v < g.realCount; ++v) {
            g.layerOf.append(realLayer.at(v));
            g.size.append(realSize.at(v));
            g.group.append(-1);
            g.up.append(QList<int>());
            g.down.append(QList<int>());
            g.layers[realLayer.at(v)].append(v);
        }
        for (const QPair<int, int> &e : edges) {
            QList<int> chain;
            int prev = e.first;
            for (int l = realLayer.at(e.first) + 1; l < realLayer.at(e.second); ++l) {
                const int d = g.nodeCount();
                g.layerOf.append(l);
                g.size.append(0.0);
                g.group.append(-1);
                g.up.append(QList<int>());
                g.down.append(QList<int>());
                g.layers[l].append(d);
                g.down[prev].append(d);
                g.up[d].append(prev);
                chain.append(d);
                prev = d;
            }
            g.down[prev].append(e.second);
            g.up[e.second].append(prev);
            if (chains)
                chains->append(chain);
        }
        return g;
    }
};

LayeredGraph randomGraph(quint32 seed, int layerCount, int perLayerMin, int perLayerMax, int edgeCount,
                         int maxSpan, double minSize, double maxSize)
{
    QRandomGenerator rng(seed);
    Builder b;
    QList<QList<int>> byLayer(layerCount);
    for (int l = 0; l < layerCount; ++l) {
        const int count = perLayerMin + int(rng.bounded(perLayerMax - perLayerMin + 1));
        for (int i = 0; i < count; ++i)
            byLayer[l].append(b.addReal(l, minSize + rng.generateDouble() * (maxSize - minSize)));
    }
    for (int i = 0; i < edgeCount && layerCount > 1; ++i) {
        const int l1 = int(rng.bounded(layerCount - 1));
        const int span = 1 + int(rng.bounded(std::min(maxSpan, layerCount - 1 - l1)));
        const QList<int> &a = byLayer.at(l1);
        const QList<int> &c = byLayer.at(l1 + span);
        b.addEdge(a.at(int(rng.bounded(int(a.size())))), c.at(int(rng.bounded(int(c.size())))));
    }
    LayeredGraph g = b.build();
    // Random order within each layer (creates crossings and type-1 conflicts).
    for (QList<int> &layer : g.layers)
        for (int i = int(layer.size()) - 1; i > 0; --i)
            layer.swapItemsAt(i, int(rng.bounded(i + 1)));
    return g;
}

// Empty string if the coordinates are valid for `g`, else a description of the first problem.
QString checkLayout(const LayeredGraph &g, const QList<double> &c, double sep)
{
    if (c.size() != g.nodeCount())
        return QStringLiteral("size %1 != %2").arg(c.size()).arg(g.nodeCount());
    double lo = std::numeric_limits<double>::infinity();
    for (int li = 0; li < g.layers.size(); ++li) {
        const QList<int> &layer = g.layers.at(li);
        for (int k = 0; k < layer.size(); ++k) {
            const int v = layer.at(k);
            if (!std::isfinite(c.at(v)))
                return QStringLiteral("node %1 not finite").arg(v);
            lo = std::min(lo, c.at(v) - g.size.at(v) / 2.0);
            if (k == 0)
                continue;
            const int u = layer.at(k - 1);
            const double need = g.size.at(u) / 2.0 + sep + g.size.at(v) / 2.0;
            if (!(c.at(v) > c.at(u)))
                return QStringLiteral("layer %1: order %2 -> %3 not increasing").arg(li).arg(u).arg(v);
            if (c.at(v) - c.at(u) < need - 1e-6)
                return QStringLiteral("layer %1: %2 -> %3 gap %4 < %5").arg(li).arg(u).arg(v).arg(c.at(v) - c.at(u)).arg(need);
        }
    }
    if (std::isfinite(lo) && std::abs(lo) > 1e-6)
        return QStringLiteral("minimum extent %1 != 0").arg(lo);
    return {};
}

} // namespace

class TestCoordinates : public QObject
{
    Q_OBJECT

private slots:
    void emptyGraph()
    {
        const LayeredGraph g;
        QVERIFY(assignCoordinates(g, 10.0).isEmpty());
    }

    void singleNode()
    {
        Builder b;
        b.addReal(0, 30.0);
        const LayeredGraph g = b.build();
        const QList<double> c = assignCoordinates(g, 10.0);
        QCOMPARE(c.size(), 1);
        QCOMPARE(c.at(0), 15.0);
    }

    void singleLayer()
    {
        Builder b;
        b.addReal(0, 10.0);
        b.addReal(0, 20.0);
        b.addReal(0, 40.0);
        const LayeredGraph g = b.build();
        const QList<double> c = assignCoordinates(g, 5.0);
        QCOMPARE(checkLayout(g, c, 5.0), QString());
        // Tight packing: 5, then +5+5+10, then +10+5+20.
        QCOMPARE(c.at(0), 5.0);
        QCOMPARE(c.at(1), 25.0);
        QCOMPARE(c.at(2), 60.0);
    }

    void chainIsStraight()
    {
        Builder b;
        int prev = b.addReal(0);
        for (int l = 1; l < 6; ++l) {
            const int v = b.addReal(l);
            b.addEdge(prev, v);
            prev = v;
        }
        const LayeredGraph g = b.build();
        const QList<double> c = assignCoordinates(g, 10.0);
        QCOMPARE(checkLayout(g, c, 10.0), QString());
        for (int v = 0; v < g.nodeCount(); ++v)
            QCOMPARE(c.at(v), 5.0);
    }

    void symmetricFan()
    {
        // 1 -> 3 -> 1, equal sizes: the top and bottom nodes sit above the middle one.
        Builder b;
        const int top = b.addReal(0, 10.0);
        const int m0 = b.addReal(1, 10.0);
        const int m1 = b.addReal(1, 10.0);
        const int m2 = b.addReal(1, 10.0);
        const int bottom = b.addReal(2, 10.0);
        for (const int m : {m0, m1, m2}) {
            b.addEdge(top, m);
            b.addEdge(m, bottom);
        }
        const LayeredGraph g = b.build();
        const QList<double> c = assignCoordinates(g, 10.0);
        QCOMPARE(checkLayout(g, c, 10.0), QString());
        const double centre = (c.at(m0) + c.at(m2)) / 2.0;
        QCOMPARE(c.at(m1), centre);
        QCOMPARE(c.at(top), centre);
        QCOMPARE(c.at(bottom), centre);
        QCOMPARE(c.at(m1) - c.at(m0), 20.0);
        QCOMPARE(c.at(m2) - c.at(m1), 20.0);
    }

    void symmetricWideFan()
    {
        // 1 -> 4 -> 1: the even fan is symmetric too (the average of the two medians).
        Builder b;
        const int top = b.addReal(0, 10.0);
        QList<int> mid;
        for (int i = 0; i < 4; ++i)
            mid.append(b.addReal(1, 10.0));
        const int bottom = b.addReal(2, 10.0);
        for (const int m : mid) {
            b.addEdge(top, m);
            b.addEdge(m, bottom);
        }
        const LayeredGraph g = b.build();
        const QList<double> c = assignCoordinates(g, 10.0);
        QCOMPARE(checkLayout(g, c, 10.0), QString());
        const double centre = (c.at(mid.first()) + c.at(mid.last())) / 2.0;
        QCOMPARE(c.at(top), centre);
        QCOMPARE(c.at(bottom), centre);
    }

    void longEdgeStraightWithoutConflicts()
    {
        // A long edge 0 -> 7 (layers 0..5) beside a column of real nodes with other sizes
        // and short edges that do not cross it.
        Builder b;
        const int s = b.addReal(0, 12.0);
        const int t = b.addReal(5, 12.0);
        b.addEdge(s, t);
        int prev = b.addReal(0, 30.0);
        for (int l = 1; l < 6; ++l) {
            const int v = b.addReal(l, 10.0 + 7.0 * l);
            b.addEdge(prev, v);
            if (l == 3)
                b.addEdge(b.addReal(2, 4.0), v); // a second parent, still not crossing
            prev = v;
        }
        QList<QList<int>> chains;
        LayeredGraph g = b.build(&chains);
        // Put the dummies first in each layer: the long edge runs left of the column.
        for (QList<int> &layer : g.layers)
            std::stable_sort(layer.begin(), layer.end(), [&](int a, int c) { return g.isDummy(a) && !g.isDummy(c); });
        const QList<double> c = assignCoordinates(g, 8.0);
        QCOMPARE(checkLayout(g, c, 8.0), QString());
        const QList<int> &chain = chains.first();
        QCOMPARE(chain.size(), 4);
        for (const int d : chain)
            QCOMPARE(c.at(d), c.at(chain.first()));
    }

    void longEdgeWinsTypeOneConflict()
    {
        // The long edge a -> b (layers 0..3) is crossed by the short edges x -> y and p -> q;
        // the inner segments must stay straight.
        Builder b;
        const int a = b.addReal(0, 10.0);
        const int x = b.addReal(1, 10.0);
        const int p = b.addReal(1, 10.0);
        const int y = b.addReal(2, 10.0);
        const int q = b.addReal(2, 10.0);
        const int bb = b.addReal(3, 10.0);
        const int z = b.addReal(0, 10.0);
        b.addEdge(a, bb);
        b.addEdge(x, y);
        b.addEdge(p, q);
        b.addEdge(z, x);
        QList<QList<int>> chains;
        LayeredGraph g = b.build(&chains);
        const QList<int> &chain = chains.first();
        QCOMPARE(chain.size(), 2);
        // layer 1: x, d1, p ; layer 2: q, d2, y -> (x,y) and (p,q) cross the inner segment.
        g.layers[1] = {x, chain.at(0), p};
        g.layers[2] = {q, chain.at(1), y};
        const QList<double> c = assignCoordinates(g, 10.0);
        QCOMPARE(checkLayout(g, c, 10.0), QString());
        QCOMPARE(c.at(chain.at(0)), c.at(chain.at(1)));
    }

    void randomGraphsValid_data()
    {
        QTest::addColumn<quint32>("seed");
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("edges");
        QTest::addColumn<double>("minSize");
        QTest::addColumn<double>("maxSize");
        QTest::addColumn<double>("sep");
        for (quint32 s = 1; s <= 40; ++s) {
            const int layers = 2 + int(s % 9);
            const int edges = 5 + int(s * 7 % 60);
            const double minSize = (s % 4 == 0) ? 10.0 : 1.0;
            const double maxSize = (s % 4 == 0) ? 10.0 : 80.0; // every 4th: uniform sizes
            const double sep = (s % 3 == 0) ? 0.5 : 12.0;
            QTest::addRow("seed%u", s) << s << layers << edges << minSize << maxSize << sep;
        }
    }

    void randomGraphsValid()
    {
        QFETCH(quint32, seed);
        QFETCH(int, layers);
        QFETCH(int, edges);
        QFETCH(double, minSize);
        QFETCH(double, maxSize);
        QFETCH(double, sep);
        const LayeredGraph g = randomGraph(seed, layers, 1, 8, edges, 3, minSize, maxSize);
        const QList<double> c = assignCoordinates(g, sep);
        QCOMPARE(checkLayout(g, c, sep), QString());
    }

    void deterministic()
    {
        const LayeredGraph g = randomGraph(4242, 12, 3, 15, 200, 4, 2.0, 60.0);
        const QList<double> c1 = assignCoordinates(g, 7.0);
        const QList<double> c2 = assignCoordinates(g, 7.0);
        const LayeredGraph copy = g;
        const QList<double> c3 = assignCoordinates(copy, 7.0);
        QCOMPARE(c1, c2);
        QCOMPARE(c1, c3);
        QCOMPARE(checkLayout(g, c1, 7.0), QString());
    }

    void largeGraphFast()
    {
        // ~6,700 real nodes, 10,700 edges (half of them spanning two layers) -> ~12k nodes
        // and ~16k edges in the proper layered graph.
        const LayeredGraph g = randomGraph(777, 40, 120, 215, 10700, 2, 5.0, 50.0);
        int edgeCount = 0;
        for (const QList<int> &u : g.up)
            edgeCount += int(u.size());
        qInfo("large graph: %d nodes (%d real), %d edges", int(g.nodeCount()), g.realCount, edgeCount);
        QVERIFY(g.nodeCount() >= 11000);
        QVERIFY(edgeCount >= 15000);
        QElapsedTimer timer;
        timer.start();
        const QList<double> c = assignCoordinates(g, 10.0);
        const qint64 ms = timer.elapsed();
        qInfo("assignCoordinates: %lld ms", ms);
        QVERIFY2(ms < 500 * kTimeBoundScale, qPrintable(QStringLiteral("took %1 ms").arg(ms)));
        QCOMPARE(checkLayout(g, c, 10.0), QString());
    }
};

QTEST_GUILESS_MAIN(TestCoordinates)
#include "tst_coordinates.moc"
