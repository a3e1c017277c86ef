// The layered layout end to end: every drawing valid (no overlapping boxes, edges start and
// end on their boxes, DAG edges go forward, no edge runs through another box), on random
// graphs of several sizes and on awkward inputs; groups adjacent; deterministic.
#include "layout/LayeredLayout.h"

#include <QRandomGenerator>
#include <QRectF>
#include <QtTest>

using namespace capgraph::layout;

namespace {

struct Input
{
    QList<LayoutNode> nodes;
    QList<LayoutEdge> edges;
};

Input randomDag(int n, double edgesPerNode, quint32 seed, bool withGroups = false)
{
    QRandomGenerator rng(seed);
    Input in;
    for (int i = 0; i < n; ++i)
        in.nodes.append({QStringLiteral("n%1").arg(i), 160, 60,
                         withGroups ? QStringLiteral("g%1").arg(rng.bounded(4)) : QString()});
    const int m = int(n * edgesPerNode);
    for (int e = 0; e < m && n > 1; ++e) {
        const int a = int(rng.bounded(n - 1));
        const int span = 1 + int(rng.bounded(std::min(8, n - 1 - a)));
        in.edges.append({in.nodes.at(a).id, in.nodes.at(a + span).id, false});
    }
    return in;
}

QRectF box(const LayoutResult &r, const QList<LayoutNode> &nodes, int i)
{
    const QPointF c = r.centers.at(i);
    return QRectF(c.x() - nodes.at(i).width / 2, c.y() - nodes.at(i).height / 2, nodes.at(i).width, nodes.at(i).height);
}

double distanceToRect(const QPointF &p, const QRectF &r)
{
    const double dx = std::max({r.left() - p.x(), 0.0, p.x() - r.right()});
    const double dy = std::max({r.top() - p.y(), 0.0, p.y() - r.bottom()});
    return std::hypot(dx, dy);
}

// Does the segment a-b pass through the inside of r (shrunk by 1 px)?
bool segmentCrossesRect(QPointF a, QPointF b, QRectF r)
{
    r.adjust(1, 1, -1, -1);
    if (r.isEmpty())
        return false;
    // Liang-Barsky clipping.
    double t0 = 0, t1 = 1;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {a.x() - r.left(), r.right() - a.x(), a.y() - r.top(), r.bottom() - a.y()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    return t1 - t0 > 1e-9;
}

// Every rule the benchmark's evaluator checks, and a few more.
QString validate(const Input &in, const LayoutResult &r, bool leftToRight = true)
{
    if (!r.ok)
        return QStringLiteral("not ok: ") + r.error;
    const int n = int(in.nodes.size());
    if (r.centers.size() != n || r.edgePoints.size() != in.edges.size())
        return QStringLiteral("wrong counts");
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            if (box(r, in.nodes, i).intersected(box(r, in.nodes, j)).width() > 1e-6
                && box(r, in.nodes, i).intersected(box(r, in.nodes, j)).height() > 1e-6)
                return QStringLiteral("boxes %1 and %2 overlap").arg(in.nodes.at(i).id, in.nodes.at(j).id);
    QHash<QString, int> index;
    for (int i = 0; i < n; ++i)
        index.insert(in.nodes.at(i).id, i);
    for (int e = 0; e < in.edges.size(); ++e) {
        const QList<QPointF> &pts = r.edgePoints.at(e);
        const int s = index.value(in.edges.at(e).from), t = index.value(in.edges.at(e).to);
        if (pts.size() < 2)
            return QStringLiteral("edge %1 has %2 points").arg(e).arg(pts.size());
        if (distanceToRect(pts.first(), box(r, in.nodes, s)) > 2 || distanceToRect(pts.last(), box(r, in.nodes, t)) > 2)
            return QStringLiteral("edge %1 does not start/end on its boxes").arg(e);
        if (!r.reversed.at(e) && s != t) {
            const double a = leftToRight ? r.centers.at(s).x() : r.centers.at(s).y();
            const double b = leftToRight ? r.centers.at(t).x() : r.centers.at(t).y();
            if (!(b > a))
                return QStringLiteral("edge %1 -> %2 is not drawn forward").arg(in.edges.at(e).from, in.edges.at(e).to);
        }
        for (int k = 0; k + 1 < pts.size(); ++k)
            for (int v = 0; v < n; ++v)
                if (v != s && v != t && segmentCrossesRect(pts.at(k), pts.at(k + 1), box(r, in.nodes, v)))
                    return QStringLiteral("edge %1 -> %2 runs through %3").arg(in.edges.at(e).from, in.edges.at(e).to, in.nodes.at(v).id);
    }
    return QString();
}

} // namespace

class TestLayout : public QObject
{
    Q_OBJECT

private slots:
    void randomDags_data();
    void randomDags();
    void awkwardInputs_data();
    void awkwardInputs();
    void cyclesBecomeBackEdges();
    void groupsStayAdjacent();
    void lanesAreBands_data();
    void lanesAreBands();
    void planarLadderHasNoCrossings();
    void dotGuideFigureHasNoCrossings();
    void messyRandomGraphs_data();
    void messyRandomGraphs();
    void deterministic();
    void errors();
};

void TestLayout::randomDags_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<double>("density");
    QTest::addColumn<bool>("leftToRight");
    for (int n : {10, 50, 200, 600})
        for (bool lr : {true, false})
            QTest::newRow(qPrintable(QStringLiteral("%1 nodes %2").arg(n).arg(lr ? QStringLiteral("LR") : QStringLiteral("TB"))))
                << n << 1.75 << lr;
}

void TestLayout::randomDags()
{
    QFETCH(int, n);
    QFETCH(double, density);
    QFETCH(bool, leftToRight);
    const Input in = randomDag(n, density, 20241122u + quint32(n));
    LayoutOptions o;
    o.direction = leftToRight ? LayoutDirection::LeftToRight : LayoutDirection::TopToBottom;
    const LayoutResult r = LayeredLayout::run(in.nodes, in.edges, o);
    const QString problem = validate(in, r, leftToRight);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    for (bool rev : r.reversed)
        QVERIFY(!rev); // a DAG needs no reversed edge
}

void TestLayout::awkwardInputs_data()
{
    QTest::addColumn<QStringList>("nodes");
    QTest::addColumn<QStringList>("edges"); // "a>b"
    QTest::newRow("empty") << QStringList() << QStringList();
    QTest::newRow("single node") << QStringList{QStringLiteral("a")} << QStringList();
    QTest::newRow("self-loop") << QStringList{QStringLiteral("a"), QStringLiteral("b")}
                               << QStringList{QStringLiteral("a>a"), QStringLiteral("a>b")};
    QTest::newRow("multi-edges") << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}
                                 << QStringList{QStringLiteral("a>b"), QStringLiteral("a>b"), QStringLiteral("b>c"), QStringLiteral("a>c"), QStringLiteral("a>c")};
    QTest::newRow("disconnected") << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d"), QStringLiteral("e")}
                                  << QStringList{QStringLiteral("a>b"), QStringLiteral("c>d")};
    QTest::newRow("two-cycle") << QStringList{QStringLiteral("a"), QStringLiteral("b")}
                               << QStringList{QStringLiteral("a>b"), QStringLiteral("b>a")};
    QTest::newRow("long edge over a chain") << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d"), QStringLiteral("e")}
                                            << QStringList{QStringLiteral("a>b"), QStringLiteral("b>c"), QStringLiteral("c>d"), QStringLiteral("d>e"), QStringLiteral("a>e")};
}

void TestLayout::awkwardInputs()
{
    QFETCH(QStringList, nodes);
    QFETCH(QStringList, edges);
    Input in;
    for (const QString &id : nodes)
        in.nodes.append({id, 160, 60, QString()});
    for (const QString &e : edges)
        in.edges.append({e.section(QLatin1Char('>'), 0, 0), e.section(QLatin1Char('>'), 1, 1), false});
    const LayoutResult r = LayeredLayout::run(in.nodes, in.edges);
    const QString problem = validate(in, r);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestLayout::cyclesBecomeBackEdges()
{
    // write-report's search loop: the iteration edge is the back edge, drawn against the flow.
    Input in;
    for (const char *id : {"start", "loop", "query", "search", "check", "expand", "loop_end", "end"})
        in.nodes.append({QString::fromLatin1(id), 160, 60, QString()});
    auto edge = [&](const char *a, const char *b, bool back = false) {
        in.edges.append({QString::fromLatin1(a), QString::fromLatin1(b), back});
    };
    edge("start", "loop");
    edge("loop", "query");
    edge("query", "search");
    edge("search", "check");
    edge("check", "expand");
    edge("expand", "loop", true);
    edge("check", "loop_end");
    edge("loop_end", "end");
    const LayoutResult r = LayeredLayout::run(in.nodes, in.edges);
    const QString problem = validate(in, r);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    for (int e = 0; e < in.edges.size(); ++e)
        QCOMPARE(r.reversed.at(e), e == 5);
    // Every other edge keeps the flow left to right, and the loop's exit follows it.
    QVERIFY(r.centers.at(6).x() > r.centers.at(4).x());
    QVERIFY(r.centers.at(7).x() > r.centers.at(6).x());
}

void TestLayout::groupsStayAdjacent()
{
    const Input in = randomDag(120, 1.5, 7, true);
    const LayoutResult r = LayeredLayout::run(in.nodes, in.edges);
    QVERIFY2(validate(in, r).isEmpty(), qPrintable(validate(in, r)));
    // Within each layer (same x), sorted by y, each group is one run.
    QMap<double, QList<QPair<double, QString>>> layers;
    for (int i = 0; i < in.nodes.size(); ++i)
        layers[r.centers.at(i).x()].append({r.centers.at(i).y(), in.nodes.at(i).group});
    for (auto it = layers.begin(); it != layers.end(); ++it) {
        QList<QPair<double, QString>> col = it.value();
        std::sort(col.begin(), col.end());
        QSet<QString> closed;
        for (int k = 0; k < col.size(); ++k) {
            if (k > 0 && col.at(k).second != col.at(k - 1).second)
                closed.insert(col.at(k - 1).second);
            QVERIFY2(!closed.contains(col.at(k).second), qPrintable(QStringLiteral("group %1 split in layer x=%2").arg(col.at(k).second).arg(it.key())));
        }
    }
}

void TestLayout::lanesAreBands_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<bool>("leftToRight");
    QTest::addColumn<bool>("someUngrouped");
    for (int n : {1, 2, 12, 60, 200})
        for (bool lr : {true, false})
            for (bool ungrouped : {false, true})
                QTest::newRow(qPrintable(QStringLiteral("n=%1 %2%3").arg(n).arg(QLatin1String(lr ? "LR" : "TB"), QLatin1String(ungrouped ? " +ungrouped" : ""))))
                    << n << lr << ungrouped;
}

void TestLayout::lanesAreBands()
{
    QFETCH(int, n);
    QFETCH(bool, leftToRight);
    QFETCH(bool, someUngrouped);
    Input in = randomDag(n, 1.6, quint32(40 + n), true);
    if (someUngrouped)
        for (int i = 0; i < in.nodes.size(); i += 5)
            in.nodes[i].group.clear();
    // Cycles too: back edges must not break the bands.
    if (n > 3)
        in.edges.append({in.nodes.at(n - 1).id, in.nodes.at(0).id, false});
    LayoutOptions o;
    o.direction = leftToRight ? LayoutDirection::LeftToRight : LayoutDirection::TopToBottom;
    o.lanes = true;
    const LayoutResult r = LayeredLayout::run(in.nodes, in.edges, o);
    QVERIFY2(validate(in, r, leftToRight).isEmpty(), qPrintable(validate(in, r, leftToRight)));
    // One band per group, in first-appearance order, the ungrouped last.
    QStringList keys;
    bool ungrouped = false;
    for (const LayoutNode &node : std::as_const(in.nodes)) {
        if (node.group.isEmpty())
            ungrouped = true;
        else if (!keys.contains(node.group))
            keys.append(node.group);
    }
    if (ungrouped)
        keys.append(QString());
    QStringList got;
    for (const LayoutLane &lane : r.lanes)
        got.append(lane.key);
    QCOMPARE(got, keys);
    // Bands follow each other without overlapping, and every box lies inside its own band.
    const auto lo = [leftToRight](const QRectF &b) { return leftToRight ? b.top() : b.left(); };
    const auto hi = [leftToRight](const QRectF &b) { return leftToRight ? b.bottom() : b.right(); };
    for (int k = 1; k < r.lanes.size(); ++k)
        QVERIFY(lo(r.lanes.at(k).band) >= hi(r.lanes.at(k - 1).band) - 1e-6);
    for (int i = 0; i < in.nodes.size(); ++i) {
        const int lane = int(keys.indexOf(in.nodes.at(i).group));
        const QRectF b = box(r, in.nodes, i), band = r.lanes.at(lane).band;
        QVERIFY2(lo(b) >= lo(band) - 1e-6 && hi(b) <= hi(band) + 1e-6,
                 qPrintable(QStringLiteral("%1 (group '%2') leaves its band").arg(in.nodes.at(i).id, in.nodes.at(i).group)));
        QVERIFY(band.contains(b.center()));
    }
    // The drawing's extent covers every band.
    if (!r.lanes.isEmpty())
        QVERIFY((leftToRight ? r.height : r.width) >= hi(r.lanes.last().band) - 1e-6);
}

void TestLayout::messyRandomGraphs_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<bool>("leftToRight");
    QTest::addColumn<bool>("lanes");
    for (int n : {3, 9, 30, 90})
        for (bool lr : {true, false})
            for (bool lanes : {false, true})
                QTest::newRow(qPrintable(QStringLiteral("n=%1 %2%3").arg(n).arg(QLatin1String(lr ? "LR" : "TB"), QLatin1String(lanes ? " lanes" : ""))))
                    << n << lr << lanes;
}

// Random graphs with everything at once: cycles, self-loops, repeated edges, 2-cycles, boxes
// of different sizes, some nodes grouped. Every drawing valid and deterministic; repeated
// edges drawn apart; the reported size holds every box and every edge point.
void TestLayout::messyRandomGraphs()
{
    QFETCH(int, n);
    QFETCH(bool, leftToRight);
    QFETCH(bool, lanes);
    for (quint32 seed = 1; seed <= 6; ++seed) {
        QRandomGenerator rng(seed * 7919 + quint32(n));
        Input in;
        for (int i = 0; i < n; ++i)
            in.nodes.append({QStringLiteral("v%1").arg(i), 40.0 + rng.bounded(200), 20.0 + rng.bounded(90),
                             rng.bounded(3) == 0 ? QString() : QStringLiteral("g%1").arg(rng.bounded(3))});
        const int m = 2 * n;
        for (int e = 0; e < m; ++e) {
            const int a = int(rng.bounded(n)), b = int(rng.bounded(n)); // any direction: cycles and self-loops
            in.edges.append({in.nodes.at(a).id, in.nodes.at(b).id, false});
            if (rng.bounded(5) == 0)
                in.edges.append({in.nodes.at(a).id, in.nodes.at(b).id, false}); // a repeat
            if (rng.bounded(6) == 0 && a != b)
                in.edges.append({in.nodes.at(b).id, in.nodes.at(a).id, false}); // a 2-cycle
        }
        LayoutOptions o;
        o.direction = leftToRight ? LayoutDirection::LeftToRight : LayoutDirection::TopToBottom;
        o.lanes = lanes;
        o.nodeSep = double(rng.bounded(30));
        const LayoutResult r = LayeredLayout::run(in.nodes, in.edges, o);
        QVERIFY2(validate(in, r, leftToRight).isEmpty(), qPrintable(QStringLiteral("seed %1: %2").arg(seed).arg(validate(in, r, leftToRight))));
        const LayoutResult again = LayeredLayout::run(in.nodes, in.edges, o);
        QCOMPARE(again.centers, r.centers);
        QCOMPARE(again.edgePoints, r.edgePoints);
        for (int e = 0; e < in.edges.size(); ++e) {
            for (const QPointF &p : r.edgePoints.at(e))
                QVERIFY2(p.x() <= r.width + 1e-6 && p.y() <= r.height + 1e-6 && p.x() >= -1e-6 && p.y() >= -1e-6,
                         qPrintable(QStringLiteral("seed %1: edge %2 leaves the drawing").arg(seed).arg(e)));
            for (int f = e + 1; f < in.edges.size(); ++f) {
                const bool samePair = (in.edges.at(e).from == in.edges.at(f).from && in.edges.at(e).to == in.edges.at(f).to)
                                      || (in.edges.at(e).from == in.edges.at(f).to && in.edges.at(e).to == in.edges.at(f).from);
                if (!samePair)
                    continue;
                QList<QPointF> a = r.edgePoints.at(e), b = r.edgePoints.at(f);
                std::sort(a.begin(), a.end(), [](QPointF x, QPointF y) { return std::pair(x.x(), x.y()) < std::pair(y.x(), y.y()); });
                std::sort(b.begin(), b.end(), [](QPointF x, QPointF y) { return std::pair(x.x(), x.y()) < std::pair(y.x(), y.y()); });
                QVERIFY2(a != b, qPrintable(QStringLiteral("seed %1: edges %2 and %3 drawn on top of each other").arg(seed).arg(e).arg(f)));
            }
        }
        for (const LayoutLane &lane : r.lanes)
            QVERIFY((leftToRight ? lane.band.right() : lane.band.bottom()) <= (leftToRight ? r.width : r.height) + 1e-6);
    }
}

void TestLayout::dotGuideFigureHasNoCrossings()
{
    // Figure 1 of the dot user guide: 0 crossings exist with the network-simplex layering;
    // one start of the median sweeps ends at 1, the restarts find 0.
    Input in;
    for (const char *id : {"main", "parse", "execute", "init", "cleanup", "make_string", "printf", "compare"})
        in.nodes.append({QString::fromLatin1(id), 160, 60, {}});
    const QList<QPair<const char *, const char *>> edges{{"main", "parse"}, {"parse", "execute"}, {"main", "init"},
                                                         {"main", "cleanup"}, {"execute", "make_string"}, {"execute", "printf"},
                                                         {"init", "make_string"}, {"main", "printf"}, {"execute", "compare"}};
    for (const auto &[a, b] : edges)
        in.edges.append({QString::fromLatin1(a), QString::fromLatin1(b), false});
    const LayoutResult r = LayeredLayout::run(in.nodes, in.edges);
    QVERIFY2(validate(in, r).isEmpty(), qPrintable(validate(in, r)));
    QCOMPARE(r.crossings, 0);
}

void TestLayout::planarLadderHasNoCrossings()
{
    // Ten parallel chains of six, declared in a scrambled order: a planar layered drawing exists.
    Input in;
    QRandomGenerator rng(3);
    QList<int> order;
    for (int i = 0; i < 60; ++i)
        order.append(i);
    std::shuffle(order.begin(), order.end(), rng);
    for (int i : order)
        in.nodes.append({QStringLiteral("p%1_%2").arg(i / 6).arg(i % 6), 160, 60, QString()});
    for (int p = 0; p < 10; ++p)
        for (int k = 0; k + 1 < 6; ++k)
            in.edges.append({QStringLiteral("p%1_%2").arg(p).arg(k), QStringLiteral("p%1_%2").arg(p).arg(k + 1), false});
    const LayoutResult r = LayeredLayout::run(in.nodes, in.edges);
    QVERIFY(validate(in, r).isEmpty());
    QCOMPARE(r.crossings, 0);
}

void TestLayout::deterministic()
{
    const Input in = randomDag(300, 1.75, 99);
    const LayoutResult a = LayeredLayout::run(in.nodes, in.edges);
    const LayoutResult b = LayeredLayout::run(in.nodes, in.edges);
    QCOMPARE(a.centers, b.centers);
    QCOMPARE(a.edgePoints, b.edgePoints);
}

void TestLayout::errors()
{
    QList<LayoutNode> nodes{{QStringLiteral("a"), 160, 60, QString()}, {QStringLiteral("a"), 160, 60, QString()}};
    LayoutResult r = LayeredLayout::run(nodes, {});
    QVERIFY(!r.ok);
    QVERIFY(r.error.contains(QStringLiteral("duplicate node id 'a'")));
    nodes.removeLast();
    r = LayeredLayout::run(nodes, {{QStringLiteral("a"), QStringLiteral("zz"), false}});
    QVERIFY(!r.ok);
    QVERIFY(r.error.contains(QStringLiteral("no node 'zz'")));
}

QTEST_GUILESS_MAIN(TestLayout)
#include "tst_layout.moc"
