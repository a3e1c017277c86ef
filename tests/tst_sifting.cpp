// Sifting: a final pass that may only remove crossings.
#include "layout/CrossingMinimizer.h"
#include "layout/Sifting.h"

#include <QRandomGenerator>
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
    void groupedLayersUntouched()
    {
        LayeredGraph g = randomLayered(4, 9, 11, true);
        const QList<int> before = g.layers.at(1);
        siftLayers(g);
        QCOMPARE(g.layers.at(1), before);
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
        LayeredGraph tiny = randomLayered(2, 2, 1);
        QCOMPARE(siftLayers(tiny), 0); // layers of fewer than 3 nodes are left alone
    }
};

QTEST_GUILESS_MAIN(TestSifting)
#include "tst_sifting.moc"
