// Sifting: moves that may only remove crossings; groups move as blocks.
#include "layout/CrossingMinimizer.h"

#include <QRandomGenerator>
#include <QSet>
#include <QtTest>

using namespace capgraph::layout;

namespace {
// A proper layered graph: `layers` layers of `width` nodes, each node linked to 1-3 random
// nodes of the next layer; orders shuffled.
LayeredGraph randomLayered(int layers, int width, quint32 seed, bool grouped = false)
{
    QRandomGenerator rng(seed);
    LayeredGraph g;
    g.realCount = layers * width;
    g.layers = QList<QList<int>>(layers);
    for (int l = 0; l < layers; ++l)
        for (int i = 0; i < width; ++i) {
            const int v = l * width + i;
            g.layerOf.append(l);
            g.layers[l].append(v);
            g.size.append(60);
            g.group.append(grouped && l == 1 ? i % 3 : -1);
        }
    g.up = QList<QList<int>>(g.realCount);
    g.down = QList<QList<int>>(g.realCount);
    for (int l = 0; l + 1 < layers; ++l)
        for (int i = 0; i < width; ++i) {
            const int v = l * width + i;
            const int edges = 1 + int(rng.bounded(3));
            for (int e = 0; e < edges; ++e) {
                const int w = (l + 1) * width + int(rng.bounded(width));
                g.down[v].append(w);
                g.up[w].append(v);
            }
        }
    for (QList<int> &layer : g.layers)
        std::shuffle(layer.begin(), layer.end(), rng);
    return g;
}

QList<QList<int>> sortedLayers(const LayeredGraph &g)
{
    QList<QList<int>> s = g.layers;
    for (QList<int> &l : s)
        std::sort(l.begin(), l.end());
    return s;
}
} // namespace

class TestSifting : public QObject
{
    Q_OBJECT

private slots:
    void neverWorse_data()
    {
        QTest::addColumn<int>("seed");
        for (int s = 1; s <= 25; ++s)
            QTest::newRow(qPrintable(QString::number(s))) << s;
    }
    void neverWorse()
    {
        QFETCH(int, seed);
        LayeredGraph g = randomLayered(6, 12, quint32(seed));
        const long long shuffled = countCrossings(g);
        const QList<QList<int>> sets = sortedLayers(g);
        const long long removed = siftLayers(g);
        const long long after = countCrossings(g);
        QVERIFY(after <= shuffled);
        QCOMPARE(shuffled - after, removed); // what it reports is what it did
        QVERIFY(removed > 0);                // a shuffled order always has something to gain
        QCOMPARE(sortedLayers(g), sets);
        // After the median sweeps it still never makes things worse.
        LayeredGraph h = randomLayered(6, 12, quint32(seed));
        minimizeCrossings(h);
        const long long swept = countCrossings(h);
        siftLayers(h);
        QVERIFY(countCrossings(h) <= swept);
    }
    void groupsMoveAsBlocks_data()
    {
        QTest::addColumn<int>("seed");
        for (int s = 1; s <= 15; ++s)
            QTest::newRow(qPrintable(QString::number(s))) << s;
    }
    void groupsMoveAsBlocks()
    {
        QFETCH(int, seed);
        LayeredGraph g = randomLayered(4, 9, quint32(seed), true);
        // Make every group contiguous first (layer 1 holds groups 0, 1, 2 = i % 3).
        std::stable_sort(g.layers[1].begin(), g.layers[1].end(), [&g](int a, int b) { return g.group.at(a) < g.group.at(b); });
        const long long before = countCrossings(g);
        const long long removed = siftLayers(g, 8);
        QCOMPARE(before - countCrossings(g), removed);
        // Still contiguous: each group's members form one run.
        const QList<int> &layer = g.layers.at(1);
        QSet<int> closed;
        for (int i = 0; i < layer.size(); ++i) {
            const int gr = g.group.at(layer.at(i));
            QVERIFY2(!closed.contains(gr), "a group was split");
            if (i + 1 == layer.size() || g.group.at(layer.at(i + 1)) != gr)
                closed.insert(gr);
        }
    }
    void movesFarInOneStep()
    {
        // Layer 0: a b c d e; layer 1: x y z w v with a-y b-z c-w d-v, and e-x: e-x crosses
        // all four others. One sifting pass puts e at the far left (or x at the far right).
        LayeredGraph g;
        g.realCount = 10;
        for (int v = 0; v < 10; ++v) {
            g.layerOf.append(v < 5 ? 0 : 1);
            g.size.append(60);
            g.group.append(-1);
        }
        g.layers = {{0, 1, 2, 3, 4}, {5, 6, 7, 8, 9}};
        g.up = QList<QList<int>>(10);
        g.down = QList<QList<int>>(10);
        const QList<QPair<int, int>> edges{{0, 6}, {1, 7}, {2, 8}, {3, 9}, {4, 5}};
        for (const auto &[u, w] : edges) {
            g.down[u].append(w);
            g.up[w].append(u);
        }
        QCOMPARE(countCrossings(g), 4);
        QCOMPARE(siftLayers(g, 1), 4);
        QCOMPARE(countCrossings(g), 0);
    }
    void deterministic()
    {
        LayeredGraph a = randomLayered(8, 15, 5), b = randomLayered(8, 15, 5);
        siftLayers(a);
        siftLayers(b);
        QCOMPARE(a.layers, b.layers);
    }
    void smallAndEmpty()
    {
        LayeredGraph empty;
        QCOMPARE(siftLayers(empty), 0);
        LayeredGraph one = randomLayered(1, 5, 1);
        QCOMPARE(siftLayers(one), 0); // no edges, nothing to gain
        for (quint32 seed = 1; seed <= 20; ++seed) {
            LayeredGraph tiny = randomLayered(2, 2, seed);
            const long long before = countCrossings(tiny);
            const long long gained = siftLayers(tiny); // (before QCOMPARE: its arguments' order is unspecified)
            QCOMPARE(before - countCrossings(tiny), gained);
            QVERIFY(countCrossings(tiny) <= before);
        }
    }
};

QTEST_GUILESS_MAIN(TestSifting)
#include "tst_sifting.moc"
