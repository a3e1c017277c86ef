// studio_bench: the studio on a 5,000-node, ~9,000-edge capability graph, through the real
// widgets (MainWindow, GraphView, GraphScene). Not a test: it measures and prints.
//
//   studio_bench [--nodes N] [--edges M] [--graph FILE.yaml] [--keep FILE.yaml] [--json OUT.json]
//                [--no-overview] [--profile fit|dense|drag|items|items-fit]
//
// 1. generates the graph (bench/layout/gen_big.mjs's random layered DAG, same seed and the
//    same topology, made a capability graph: start, ends, branches, merges, parallel
//    split/join, loops, interactions, skills), without positions, so opening lays it out;
// 2. open: MainWindow::openFile until the view has painted it, median of 3 fresh windows;
// 3. repaint: viewport()->repaint() (synchronous) with the whole graph fitted, and at 100 %
//    over the densest area, median of 20 (and the first, cold one);
// 4. drag: one node by 200 px in 30 QMouseEvent moves on the viewport (as tests/tst_studio's
//    drag()), once with the event loop run after each move (Qt repaints what changed, as in
//    the studio), once with a synchronous repaint of the whole viewport after each move too;
// and prints the figures against the targets (open < 1.5 s, repaint < 16 ms, drag step
// < 16 ms) with the ratio ours / target. Run it with bench/studio/run.sh (bench/README.md).

#include "../../tests/support/TestPrompts.h"
#include "document/GraphDocument.h"
#include "layout/GraphAutoLayout.h"
#include "metrics/GraphMetrics.h"
#include "scene/EdgeItem.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "validation/GraphValidator.h"
#include "view/GraphView.h"
#include "view/OverviewView.h"
#include "window/MainWindow.h"
#include "yaml/GraphYamlReader.h"
#include "yaml/GraphYamlWriter.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QScreen>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QWindow>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <unordered_set>

using namespace capgraph;
using namespace capgraph::editor;

namespace {

// ---- the graph ----------------------------------------------------------------------------

// mulberry32, as in gen_big.mjs (and the shared corpus's generator).
struct Rng
{
    uint32_t a;
    double operator()()
    {
        a += 0x6D2B79F5u;
        uint32_t t = a;
        t = (t ^ (t >> 15)) * (t | 1u);
        t ^= t + (t ^ (t >> 7)) * (t | 61u);
        return double(t ^ (t >> 14)) / 4294967296.0;
    }
    int between(int lo, int hi) { return lo + int(std::floor((*this)() * (hi - lo + 1))); }
    template<typename T> const T &pick(const std::vector<T> &v) { return v[size_t(std::floor((*this)() * double(v.size())))]; }
    template<typename T> void shuffle(std::vector<T> &v)
    {
        for (size_t i = v.size() - 1; i > 0; --i)
            std::swap(v[i], v[size_t(std::floor((*this)() * double(i + 1)))]);
    }
};

struct Generated
{
    Graph graph;
    QMap<QString, int> kinds; // node type -> count
    int dagEdges = 0;
};

// gen_big.mjs's DAG (same seed, same draws: the same graph as bench/layout's big_5000_9000),
// then node kinds from a second generator so the topology does not depend on them.
Generated generate(int n, int m)
{
    Rng r{20261122u};
    const int L = std::max(3, int(std::floor(std::sqrt(double(n)) * 1.2 + 0.5)));
    std::vector<int> layerOf(static_cast<size_t>(n));
    std::vector<std::vector<int>> layers(static_cast<size_t>(L));
    for (int i = 0; i < n; ++i) {
        const int l = i < L ? i : r.between(0, L - 1);
        layerOf[size_t(i)] = l;
        layers[size_t(l)].push_back(i);
    }
    std::vector<std::pair<int, int>> edges;
    std::unordered_set<long long> has;
    auto add = [&](int a, int b) {
        if (has.insert(static_cast<long long>(a) * n + b).second)
            edges.emplace_back(a, b);
    };
    for (int v = 0; v < n; ++v)
        if (layerOf[size_t(v)] > 0)
            add(r.pick(layers[size_t(layerOf[size_t(v)] - 1)]), v);
    while (int(edges.size()) < m) {
        const int v = r.between(0, n - 1);
        const int lv = layerOf[size_t(v)];
        if (lv == 0)
            continue;
        int span = 1;
        if (r() < 0.3)
            span = std::min(r.between(2, 6), lv);
        add(r.pick(layers[size_t(lv - span)]), v);
    }
    std::vector<int> perm(static_cast<size_t>(n)), order(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i)
        perm[size_t(i)] = order[size_t(i)] = i;
    r.shuffle(perm);
    r.shuffle(order);
    r.shuffle(edges);

    // Kinds. Sources get an edge from the one start, sinks are ends; nodes that fan out become
    // branches (their edges become conditions) or parallel splits, nodes that fan in merges
    // or parallel joins; a few edges become loops (loop_start -> loop_end, iteration back).
    Rng k{7u};
    std::vector<int> outDeg(static_cast<size_t>(n)), inDeg(static_cast<size_t>(n));
    for (const auto &[a, b] : edges) {
        ++outDeg[size_t(a)];
        ++inDeg[size_t(b)];
    }
    enum Kind { Skill, Branch, Split, Merge, Join, LoopStart, LoopEnd, Confirm, Select, Input, End };
    std::vector<Kind> kind(static_cast<size_t>(n), Skill);
    for (int v = 0; v < n; ++v) {
        const double x = k();
        if (outDeg[size_t(v)] == 0)
            kind[size_t(v)] = End;
        else if (outDeg[size_t(v)] >= 2 && x < 0.22)
            kind[size_t(v)] = Branch;
        else if (outDeg[size_t(v)] >= 2 && x < 0.30)
            kind[size_t(v)] = Split;
        else if (inDeg[size_t(v)] >= 2 && x < 0.45)
            kind[size_t(v)] = Merge;
        else if (inDeg[size_t(v)] >= 2 && x < 0.50)
            kind[size_t(v)] = Join;
        else if (x < 0.53)
            kind[size_t(v)] = Confirm;
        else if (x < 0.55)
            kind[size_t(v)] = Select;
        else if (x < 0.57)
            kind[size_t(v)] = Input;
    }
    // ~1 % of the skill -> skill edges become loops.
    std::vector<std::pair<int, int>> loops;
    for (const auto &[a, b] : edges)
        if (kind[size_t(a)] == Skill && kind[size_t(b)] == Skill && outDeg[size_t(a)] == 1 && k() < 0.012) {
            kind[size_t(a)] = LoopStart;
            kind[size_t(b)] = LoopEnd;
            loops.emplace_back(b, a);
        }

    Generated out;
    out.dagEdges = int(edges.size());
    Graph &g = out.graph;
    g.id = QStringLiteral("studio-bench-%1-%2").arg(n).arg(m);
    g.version = QStringLiteral("1.0");
    auto id = [&](int v) { return QStringLiteral("n%1").arg(perm[size_t(v)]); };
    auto typed = [](Node &node, NodeKind nk) {
        node.kind = nk;
        node.type = canonicalTypeName(nk);
    };
    Node start;
    start.id = QStringLiteral("start");
    typed(start, NodeKind::Start);
    g.nodes.append(start);
    QHash<int, int> nodeAt; // original index -> index in g.nodes
    for (int i : order) {
        Node node;
        node.id = id(i);
        switch (kind[size_t(i)]) {
        case Skill:
            typed(node, NodeKind::Skill);
            node.skillId = QStringLiteral("skill-%1").arg(perm[size_t(i)] % 97);
            node.executionMode = QStringLiteral("single");
            break;
        case Branch: typed(node, NodeKind::Branch); break;
        case Split: typed(node, NodeKind::ParallelSplit); break;
        case Merge: typed(node, NodeKind::Merge); break;
        case Join: typed(node, NodeKind::ParallelJoin); break;
        case LoopStart:
            typed(node, NodeKind::LoopStart);
            node.maxIterations = 3;
            break;
        case LoopEnd: typed(node, NodeKind::LoopEnd); break;
        case Confirm:
            typed(node, NodeKind::Confirm);
            node.prompt = QStringLiteral("Go on with %1?").arg(node.id);
            break;
        case Select:
            typed(node, NodeKind::Select);
            node.prompt = QStringLiteral("Pick one");
            node.options = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
            break;
        case Input:
            typed(node, NodeKind::Input);
            node.prompt = QStringLiteral("Say more");
            break;
        case End: typed(node, NodeKind::End); break;
        }
        nodeAt.insert(i, int(g.nodes.size()));
        g.nodes.append(node);
    }
    for (const auto &[b, a] : loops)
        g.nodes[nodeAt.value(b)].loopStart = id(a);
    for (int v = 0; v < n; ++v)
        if (layerOf[size_t(v)] == 0) {
            Edge e;
            e.from = QStringLiteral("start");
            e.to = id(v);
            g.edges.append(e);
        }
    QHash<int, int> conditionCount;
    for (const auto &[a, b] : edges) {
        if (kind[size_t(a)] == Branch) {
            const int c = conditionCount[a]++;
            BranchCondition cond;
            cond.name = QStringLiteral("case_%1").arg(c + 1);
            cond.expression = QStringLiteral("input.mode == %1").arg(c + 1);
            cond.target = id(b);
            g.nodes[nodeAt.value(a)].conditions.append(cond);
            continue;
        }
        Edge e;
        e.from = id(a);
        e.to = id(b);
        if (kind[size_t(a)] == Split || kind[size_t(b)] == Join) {
            e.kind = EdgeKind::Parallel;
            e.type = edgeTypeName(EdgeKind::Parallel);
            if (kind[size_t(a)] == Split && k() < 0.15)
                e.syncRequired = false;
        }
        g.edges.append(e);
    }
    for (const auto &[b, a] : loops) {
        Edge e;
        e.from = id(b);
        e.to = id(a);
        e.kind = EdgeKind::Iteration;
        e.type = edgeTypeName(EdgeKind::Iteration);
        e.maxCount = 3;
        g.edges.append(e);
    }
    for (const Node &node : std::as_const(g.nodes))
        ++out.kinds[node.type];
    return out;
}

// ---- measuring ----------------------------------------------------------------------------

double ms(const QElapsedTimer &t) { return double(t.nsecsElapsed()) / 1e6; }

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? 0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

double maximum(const QList<double> &v) { return v.isEmpty() ? 0 : *std::max_element(v.begin(), v.end()); }

void settle(int rounds = 3)
{
    for (int i = 0; i < rounds; ++i)
        QCoreApplication::processEvents(QEventLoop::AllEvents);
}

bool waitExposed(QWidget *w)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 5000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        if (w->windowHandle() && w->windowHandle()->isExposed())
            return true;
    }
    return false;
}

// The longest single stretch the event loop was busy during `window` ms: what the user
// feels as a freeze (e.g. the debounced lint after an edit).
double longestStall(int windowMs)
{
    QElapsedTimer total;
    total.start();
    double worst = 0;
    while (total.elapsed() < windowMs) {
        QElapsedTimer t;
        t.start();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 2);
        worst = std::max(worst, ms(t));
        QTest::qSleep(1);
    }
    return worst;
}

// Counts the paint events a widget gets and the area they cover.
class PaintCounter : public QObject
{
public:
    int paints = 0;
    qint64 pixels = 0;
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint) {
            ++paints;
            for (const QRect &r : static_cast<QPaintEvent *>(event)->region())
                pixels += qint64(r.width()) * r.height();
        }
        return false;
    }
};

struct Row
{
    QString metric;
    double target;
    double ours;
    QString note;
};

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("CapGraphBench"));
    QCoreApplication::setApplicationName(QStringLiteral("studio_bench"));
    QStandardPaths::setTestModeEnabled(true); // no settings, recent files or autosaves of the user's

    QCommandLineParser p;
    const QCommandLineOption nodesOption(QStringLiteral("nodes"), QString(), QStringLiteral("N"), QStringLiteral("5000"));
    const QCommandLineOption edgesOption(QStringLiteral("edges"), QString(), QStringLiteral("M"), QStringLiteral("9000"));
    const QCommandLineOption graphOption(QStringLiteral("graph"), QString(), QStringLiteral("FILE"));
    const QCommandLineOption keepOption(QStringLiteral("keep"), QString(), QStringLiteral("FILE"));
    const QCommandLineOption jsonOption(QStringLiteral("json"), QString(), QStringLiteral("FILE"));
    const QCommandLineOption noOverviewOption(QStringLiteral("no-overview")); // View > Overview off
    const QCommandLineOption opensOption(QStringLiteral("opens"), QString(), QStringLiteral("N"), QStringLiteral("3")); // windows opened
    // For a profiler (perf record -g ... --profile dense): after the open, 5 s of one phase.
    // `items`/`items-fit`: what each item costs to paint at 100 % / with the graph fitted.
    const QCommandLineOption profileOption(QStringLiteral("profile"), QString(), QStringLiteral("fit|dense|drag|items|items-fit|edges"));
    p.addOptions({nodesOption, edgesOption, graphOption, keepOption, jsonOption, profileOption, noOverviewOption, opensOption});
    p.addHelpOption();
    p.process(app);
    const int n = p.value(nodesOption).toInt();
    const int m = p.value(edgesOption).toInt();

    // 1. The graph, as a file without positions.
    QTemporaryDir tmp;
    QString path = p.value(graphOption);
    QString described;
    if (path.isEmpty()) {
        const Generated gen = generate(n, m);
        path = p.isSet(keepOption) ? p.value(keepOption) : tmp.filePath(QStringLiteral("studio-bench.yaml"));
        QString error;
        if (!GraphYamlWriter::writeFile(gen.graph, path, &error)) {
            std::fprintf(stderr, "studio_bench: %s\n", qPrintable(error));
            return 2;
        }
        QStringList kinds;
        for (auto it = gen.kinds.cbegin(); it != gen.kinds.cend(); ++it)
            kinds.append(QStringLiteral("%1 %2").arg(it.value()).arg(it.key()));
        described = QStringLiteral("%1 nodes, %2 flow edges (gen_big.mjs's %3-node DAG with %4 edges, seed 20261122, plus the start's "
                                   "edges and loop back edges); %5; %6 KB of YAML, no positions")
                        .arg(gen.graph.nodes.size())
                        .arg(gen.graph.flowEdges().size())
                        .arg(n)
                        .arg(gen.dagEdges)
                        .arg(kinds.join(QStringLiteral(", ")))
                        .arg(QFileInfo(path).size() / 1024);
    }

    // Where an open's time goes (the same steps as GraphDocument::load, the scene and
    // MainWindow::refreshAnalysis), once, outside the window.
    QElapsedTimer t;
    t.start();
    const GraphLoadResult loaded = GraphYamlReader::readFile(path);
    const double readMs = ms(t);
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", qPrintable(loaded.errorText()));
        return 2;
    }
    if (described.isEmpty())
        described = QStringLiteral("%1: %2 nodes, %3 flow edges").arg(path).arg(loaded.graph->nodes.size()).arg(loaded.graph->flowEdges().size());
    t.restart();
    const GraphLayout laidOut = layOutGraph(*loaded.graph);
    const double layoutMs = ms(t);
    Graph placed = *loaded.graph;
    for (Node &node : placed.nodes)
        if (!node.position)
            node.position = laidOut.centres.value(node.id);
    double sceneMs = 0, lintMs = 0, metricsMs = 0;
    int findings = 0;
    {
        GraphDocument doc;
        t.restart();
        doc.reset(placed, path, laidOut.routes); // as opening does: the layout's routes for the edges
        GraphScene scene(&doc);
        sceneMs = ms(t);
        t.restart();
        const Diagnostics d = GraphValidator::validate(doc.graph(), path);
        lintMs = ms(t);
        findings = int(d.size());
        t.restart();
        GraphMetrics::compute(doc.graph());
        metricsMs = ms(t);
    }

    // 2. Open, in a fresh window each time.
    QList<double> opens, openFileParts, stallsAfterOpen;
    std::unique_ptr<MainWindow> w;
    const int openCount = std::max(1, p.value(opensOption).toInt());
    for (int rep = 0; rep < openCount; ++rep) {
        w.reset(); // the previous window goes first: one studio at a time
        w = std::make_unique<MainWindow>(testPrompts());
        if (p.isSet(noOverviewOption))
            w->overview()->setWanted(false); // View > Overview off
        w->show();
        if (!waitExposed(w.get())) {
            std::fprintf(stderr, "studio_bench: the window was never exposed\n");
            return 2;
        }
        settle();
        t.restart();
        QString error;
        if (!w->openFile(path, &error)) {
            std::fprintf(stderr, "studio_bench: %s\n", qPrintable(error));
            return 2;
        }
        openFileParts.append(ms(t));
        settle(1); // queued scene changes, update requests: the window paints
        w->view()->viewport()->repaint(); // and certainly has painted the graph
        opens.append(ms(t));
        // Anything the window still has queued (its debounced re-analysis is due 120 ms after
        // the document changed, so it usually ran in the settle above, inside the open).
        stallsAfterOpen.append(longestStall(600));
    }
    GraphView *view = w->view();
    QWidget *viewport = view->viewport();

    // 3. Repaint: the whole graph fitted, then 100 % over the densest area.
    auto repaints = [&](double *cold) {
        QElapsedTimer r;
        r.start();
        viewport->repaint();
        *cold = ms(r);
        QList<double> times;
        for (int i = 0; i < 20; ++i) {
            r.restart();
            viewport->repaint();
            times.append(ms(r));
        }
        return times;
    };
    view->fitEverything();
    settle();
    double fitCold = 0;
    const QList<double> fit = repaints(&fitCold);
    const double fitZoom = view->zoom();
    // The same repaint with only the nodes, only the edges, or nothing shown: what each costs.
    auto showOnly = [&](bool nodes, bool edges) {
        for (QGraphicsItem *item : w->scene()->items())
            item->setVisible(item->type() == NodeItem::Type ? nodes : item->type() == EdgeItem::Type ? edges : true);
        settle();
        double cold = 0;
        return median(repaints(&cold));
    };
    const double fitNodesOnly = showOnly(true, false);
    const double fitEdgesOnly = showOnly(false, true);
    const double fitNothing = showOnly(false, false);
    showOnly(true, true);

    const QSize vp = viewport->size();
    QList<QPointF> points;
    for (const Node &node : w->document()->graph().nodes)
        points.append(node.position.value_or(QPointF()));
    QPointF densest;
    int most = -1;
    for (const QPointF &c : std::as_const(points)) {
        int count = 0;
        for (const QPointF &q : std::as_const(points))
            count += std::abs(q.x() - c.x()) < vp.width() / 2.0 && std::abs(q.y() - c.y()) < vp.height() / 2.0;
        if (count > most) {
            most = count;
            densest = c;
        }
    }
    view->setZoom(1.0);
    view->centerOn(densest);
    settle();
    double denseCold = 0;
    const QList<double> dense = repaints(&denseCold);
    const int visibleItems = int(view->items(viewport->rect()).size());
    // Where a repaint at 100 % goes, item by item (each painted alone on an image like the
    // viewport, with the view's transform).
    if (p.value(profileOption) == QLatin1String("edges")) { // for a profiler: 5 s of the visible edges painted
        const QRectF visible = view->mapToScene(viewport->rect()).boundingRect();
        QImage image(viewport->size(), QImage::Format_ARGB32_Premultiplied);
        QList<QGraphicsItem *> edges;
        for (QGraphicsItem *item : w->scene()->items(visible))
            if (item->type() == EdgeItem::Type)
                edges.append(item);
        QElapsedTimer loop;
        loop.start();
        int rounds = 0;
        for (; loop.elapsed() < 5000; ++rounds)
            for (QGraphicsItem *item : std::as_const(edges)) {
                QPainter painter(&image);
                painter.setRenderHints(view->renderHints());
                painter.setWorldTransform(item->sceneTransform() * view->viewportTransform());
                QStyleOptionGraphicsItem option;
                option.exposedRect = item->mapFromScene(visible).boundingRect().intersected(item->boundingRect());
                item->paint(&painter, &option, nullptr);
            }
        std::printf("profile edges: %lld edges, %.2f ms a round\n", qlonglong(edges.size()), double(loop.elapsed()) / rounds);
        return 0;
    }
    if (p.value(profileOption) == QLatin1String("items") || p.value(profileOption) == QLatin1String("items-fit")) {
        if (p.value(profileOption) == QLatin1String("items-fit"))
            view->fitEverything();
        const QRectF visible = view->mapToScene(viewport->rect()).boundingRect();
        int byBounds = 0;
        for (QGraphicsItem *item : w->scene()->items())
            byBounds += item->sceneBoundingRect().intersects(visible);
        std::printf("items whose bounding rect meets the view: %d of %d (by shape: %d)\n", byBounds, int(w->scene()->items().size()),
                    int(view->items(viewport->rect()).size()));
        QImage image(viewport->size(), QImage::Format_ARGB32_Premultiplied);
        struct Sum { int count = 0; double ms = 0; double length = 0; };
        QMap<QString, Sum> sums;
        for (QGraphicsItem *item : w->scene()->items()) {
            if (!item->sceneBoundingRect().intersects(visible))
                continue;
            QPainter painter(&image);
            painter.setRenderHints(view->renderHints());
            painter.setWorldTransform(item->sceneTransform() * view->viewportTransform());
            QStyleOptionGraphicsItem option;
            // What the view asks of it: the part it shows (ItemUsesExtendedStyleOption).
            option.exposedRect = item->mapFromScene(visible).boundingRect().intersected(item->boundingRect());
            QString key = QStringLiteral("node");
            double length = 0;
            if (auto *edge = qgraphicsitem_cast<EdgeItem *>(item)) {
                key = QStringLiteral("edge %1%2").arg(edgeTypeName(edge->flow().kind), edge->flow().origin == FlowEdge::Origin::Edge ? QString() : QStringLiteral(" (branch condition)"));
                length = edge->shape().boundingRect().height() + edge->shape().boundingRect().width();
            }
            QElapsedTimer e;
            e.start();
            for (int i = 0; i < 10; ++i)
                item->paint(&painter, &option, nullptr);
            Sum &sum = sums[key];
            ++sum.count;
            sum.ms += ms(e) / 10;
            sum.length += length;
        }
        for (auto it = sums.cbegin(); it != sums.cend(); ++it)
            std::printf("%-40s %4d items, %7.2f ms in all, %6.3f ms each, bbox w+h %.0f px each\n", qPrintable(it.key()), it->count, it->ms,
                        it->ms / it->count, it->length / it->count);
        {
            QPainter painter(&image);
            painter.setRenderHints(view->renderHints());
            painter.setWorldTransform(view->viewportTransform());
            QElapsedTimer e;
            e.start();
            for (int i = 0; i < 10; ++i)
                w->scene()->drawBackground(&painter, visible);
            std::printf("%-40s %7.2f ms\n", "background (the grid)", ms(e) / 10);
        }
        return 0;
    }
    // For a profiler (perf record ... --profile dense): 5 s of one phase, then quit.
    if (p.value(profileOption) == QLatin1String("fit") || p.value(profileOption) == QLatin1String("dense")) {
        if (p.value(profileOption) == QLatin1String("fit"))
            view->fitEverything();
        QElapsedTimer loop;
        loop.start();
        int count = 0;
        for (; loop.elapsed() < 5000; ++count)
            viewport->repaint();
        std::printf("profile %s: %d repaints, %.2f ms each\n", qPrintable(p.value(profileOption)), count, double(loop.elapsed()) / count);
        return 0;
    }

    // 4. Drag the node nearest the middle of the view 200 px in 30 moves, twice: right, with
    //    the event loop after each move (Qt repaints what the move changed, as in the studio);
    //    then back left, with a synchronous repaint of the whole viewport after each move too.
    NodeItem *grabbed = nullptr;
    const QPointF middle = view->mapToScene(viewport->rect().center());
    for (const Node &node : w->document()->graph().nodes) {
        NodeItem *item = w->scene()->nodeItem(node.id);
        if (item && (!grabbed || QLineF(item->pos(), middle).length() < QLineF(grabbed->pos(), middle).length()))
            grabbed = item;
    }
    struct Drag
    {
        QList<double> steps, moveParts, repaintParts, loopParts;
        QList<double> movingSteps; // the steps that moved the node (the 10 px grid keeps some in place)
        double canvasPaints = 0, canvasArea = 0, overviewPaints = 0; // per step; area in viewports
        double dropMs = 0, stallAfterDrop = 0, moved = 0;
    };
    auto drag = [&](int dx, bool fullRepaint) {
        Drag d;
        const QPoint from = view->mapFromScene(grabbed->pos());
        const QPointF before = grabbed->pos();
        PaintCounter canvas, overview;
        viewport->installEventFilter(&canvas);
        w->overview()->viewport()->installEventFilter(&overview);
        QTest::mousePress(viewport, Qt::LeftButton, {}, from);
        settle();
        canvas.paints = overview.paints = 0;
        canvas.pixels = 0;
        for (int k = 1; k <= 30; ++k) {
            const QPoint at = from + QPoint(dx * k / 30, 0);
            const QPointF was = grabbed->pos();
            QElapsedTimer s;
            s.start();
            QMouseEvent move(QEvent::MouseMove, at, viewport->mapToGlobal(at), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(viewport, &move);
            const double a = ms(s);
            if (fullRepaint) {
                // The scene's queued processing of the moved items (it marks, and here paints,
                // what changed), then the whole viewport, synchronously.
                QCoreApplication::sendPostedEvents(nullptr, QEvent::MetaCall);
                viewport->repaint();
            }
            const double b = ms(s);
            QCoreApplication::processEvents(QEventLoop::AllEvents);
            const double c = ms(s);
            d.steps.append(c);
            if (grabbed->pos() != was)
                d.movingSteps.append(c);
            d.moveParts.append(a);
            d.repaintParts.append(b - a);
            d.loopParts.append(c - b);
        }
        d.canvasPaints = canvas.paints / 30.0;
        d.canvasArea = double(canvas.pixels) / 30 / (vp.width() * vp.height());
        d.overviewPaints = overview.paints / 30.0;
        if (p.value(profileOption) == QLatin1String("drag")) { // for a profiler: 5 s of drag steps
            QElapsedTimer loop;
            loop.start();
            int count = 0;
            for (; loop.elapsed() < 5000; ++count) {
                const QPoint at = from + QPoint(dx - (count % 60 < 30 ? count % 30 : 30 - count % 30) * dx / 30, 0);
                QMouseEvent move(QEvent::MouseMove, at, viewport->mapToGlobal(at), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
                QApplication::sendEvent(viewport, &move);
                QCoreApplication::processEvents(QEventLoop::AllEvents);
            }
            std::printf("profile drag: %d steps, %.2f ms each\n", count, double(loop.elapsed()) / count);
            std::exit(0);
        }
        viewport->removeEventFilter(&canvas);
        w->overview()->viewport()->removeEventFilter(&overview);
        QElapsedTimer r;
        r.start();
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, from + QPoint(dx, 0));
        settle(1);
        d.dropMs = ms(r);
        d.stallAfterDrop = longestStall(600);
        d.moved = grabbed->pos().x() - before.x();
        return d;
    };
    const Drag natural = drag(200, false);
    const Drag forced = drag(-200, true);
    const int undoSteps = w->document()->undoStack()->count();

    // ---- report ----------------------------------------------------------------------------
    const QString platform = QGuiApplication::platformName();
    const QScreen *screen = QGuiApplication::primaryScreen();
    std::printf("studio benchmark: %s\n", qPrintable(described));
    std::printf("platform %s, screen %dx%d, window %dx%d, view %dx%d, Qt %s\n\n", qPrintable(platform),
                screen ? screen->size().width() : 0, screen ? screen->size().height() : 0, w->width(), w->height(),
                vp.width(), vp.height(), qVersion());

    const QList<Row> rows{
        {QStringLiteral("open: MainWindow::openFile until painted (median of 3)"), 1500, median(opens),
         QStringLiteral("runs %1 ms; openFile returns after %2 ms, the rest is the window's queued work and first paint (medians)")
             .arg([&] {
                 QStringList s;
                 for (double v : opens)
                     s.append(QString::number(v, 'f', 0));
                 return s.join(QStringLiteral(", "));
             }())
             .arg(median(openFileParts), 0, 'f', 0)},
        {QStringLiteral("repaint, whole graph fitted (median of 20)"), 16, median(fit),
         QStringLiteral("zoom %1 %, first paint %2 ms; nodes only %3, edges only %4, neither %5 ms")
             .arg(fitZoom * 100, 0, 'f', 1)
             .arg(fitCold, 0, 'f', 1)
             .arg(fitNodesOnly, 0, 'f', 1)
             .arg(fitEdgesOnly, 0, 'f', 1)
             .arg(fitNothing, 0, 'f', 1)},
        {QStringLiteral("repaint, 100 % over the densest area (median of 20)"), 16, median(dense),
         QStringLiteral("%1 nodes in view, %2 items drawn, first paint %3 ms").arg(most).arg(visibleItems).arg(denseCold, 0, 'f', 1)},
        {QStringLiteral("drag step, median of 30 (move, then the event loop: Qt repaints what changed)"), 16, median(natural.steps),
         QStringLiteral("%6 of 30 steps moved the node (10 px grid), their median %7 ms; move %1 + event loop %2 ms (medians); "
                        "the canvas painted %3× a step (%4 % of its area), the overview %5×")
             .arg(median(natural.moveParts), 0, 'f', 2)
             .arg(median(natural.loopParts), 0, 'f', 2)
             .arg(natural.canvasPaints, 0, 'f', 1)
             .arg(100 * natural.canvasArea, 0, 'f', 0)
             .arg(natural.overviewPaints, 0, 'f', 1)
             .arg(natural.movingSteps.size())
             .arg(median(natural.movingSteps), 0, 'f', 2)},
        {QStringLiteral("drag step, max of 30"), 16, maximum(natural.steps),
         QStringLiteral("node moved %1 px").arg(natural.moved, 0, 'f', 0)},
        {QStringLiteral("drag step + full viewport repaint, median of 30"), 16, median(forced.steps),
         QStringLiteral("%6 of 30 steps moved the node, their median %7 ms; move %1 + scene updates and full repaint %2 + rest %3 ms "
                        "(medians); the canvas painted %4× a step (%5 % of its area)")
             .arg(median(forced.moveParts), 0, 'f', 2)
             .arg(median(forced.repaintParts), 0, 'f', 2)
             .arg(median(forced.loopParts), 0, 'f', 2)
             .arg(forced.canvasPaints, 0, 'f', 1)
             .arg(100 * forced.canvasArea, 0, 'f', 0)
             .arg(forced.movingSteps.size())
             .arg(median(forced.movingSteps), 0, 'f', 2)},
        {QStringLiteral("drag step + full viewport repaint, max of 30"), 16, maximum(forced.steps),
         QStringLiteral("node moved %1 px; %2 undo steps for the two drags").arg(forced.moved, 0, 'f', 0).arg(undoSteps)},
    };
    std::printf("| metric | target ms | CapGraph ms | ratio (ours/target) | met | notes |\n|---|---:|---:|---:|---|---|\n");
    for (const Row &r : rows)
        std::printf("| %s | %.0f | %.2f | %.3f× | %s | %s |\n", qPrintable(r.metric), r.target, r.ours, r.ours / r.target,
                    r.ours < r.target ? "yes" : "**no**", qPrintable(r.note));
    std::printf("\nwhere an open goes (once, outside the window): read YAML %.1f ms, auto-layout %.1f ms, document + scene %.1f ms, "
                "lint %.1f ms (%d findings), metrics %.1f ms\n",
                readMs, layoutMs, sceneMs, lintMs, findings, metricsMs);
    std::printf("longest event-loop stall in the 0.6 s after an open: %.1f ms (median of 3: %s)\n",
                median(stallsAfterOpen), qPrintable([&] {
                    QStringList s;
                    for (double v : stallsAfterOpen)
                        s.append(QString::number(v, 'f', 0));
                    return s.join(QStringLiteral(", "));
                }()));
    std::printf("drop (mouse release: one move command) %.1f / %.1f ms; then the longest event-loop stall (the window's re-analysis) "
                "%.1f / %.1f ms\n",
                natural.dropMs, forced.dropMs, natural.stallAfterDrop, forced.stallAfterDrop);

    if (p.isSet(jsonOption)) {
        QJsonArray list;
        for (const Row &r : rows)
            list.append(QJsonObject{{QStringLiteral("metric"), r.metric},
                                    {QStringLiteral("target_ms"), r.target},
                                    {QStringLiteral("ours_ms"), r.ours},
                                    {QStringLiteral("ratio"), r.ours / r.target},
                                    {QStringLiteral("met"), r.ours < r.target},
                                    {QStringLiteral("notes"), r.note}});
        auto array = [](const QList<double> &v) {
            QJsonArray a;
            for (double x : v)
                a.append(x);
            return a;
        };
        const QJsonObject o{
            {QStringLiteral("graph"), described},
            {QStringLiteral("platform"), platform},
            {QStringLiteral("qt"), QLatin1String(qVersion())},
            {QStringLiteral("window"), QStringLiteral("%1x%2").arg(w->width()).arg(w->height())},
            {QStringLiteral("view"), QStringLiteral("%1x%2").arg(vp.width()).arg(vp.height())},
            {QStringLiteral("rows"), list},
            {QStringLiteral("open_ms"), array(opens)},
            {QStringLiteral("open_file_returns_ms"), array(openFileParts)},
            {QStringLiteral("repaint_fit_ms"), array(fit)},
            {QStringLiteral("repaint_fit_cold_ms"), fitCold},
            {QStringLiteral("repaint_fit_parts_ms"),
             QJsonObject{{QStringLiteral("nodes_only"), fitNodesOnly}, {QStringLiteral("edges_only"), fitEdgesOnly}, {QStringLiteral("neither"), fitNothing}}},
            {QStringLiteral("repaint_dense_ms"), array(dense)},
            {QStringLiteral("repaint_dense_cold_ms"), denseCold},
            {QStringLiteral("drag_step_ms"), array(natural.steps)},
            {QStringLiteral("drag_step_full_repaint_ms"), array(forced.steps)},
            {QStringLiteral("drop_ms"), QJsonArray{natural.dropMs, forced.dropMs}},
            {QStringLiteral("stall_after_open_ms"), array(stallsAfterOpen)},
            {QStringLiteral("stall_after_drop_ms"), QJsonArray{natural.stallAfterDrop, forced.stallAfterDrop}},
            {QStringLiteral("open_breakdown_ms"),
             QJsonObject{{QStringLiteral("read"), readMs},
                         {QStringLiteral("layout"), layoutMs},
                         {QStringLiteral("document_scene"), sceneMs},
                         {QStringLiteral("lint"), lintMs},
                         {QStringLiteral("metrics"), metricsMs}}},
        };
        QFile f(p.value(jsonOption));
        if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(o).toJson()) < 0) {
            std::fprintf(stderr, "studio_bench: cannot write %s\n", qPrintable(p.value(jsonOption)));
            return 2;
        }
    }
    return 0;
}
