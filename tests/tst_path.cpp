// Seed 000's context-aware optimal path ("dynamic composition"): the cost model, the known
// paths of the examples under quick and thorough, budgets, quality, loops, parallel regions,
// parallel edges, a brute-force cross-check on random graphs, determinism, and the CLI.
#include "analysis/GraphTopology.h"
#include "analysis/OptimalPath.h"
#include "analysis/PathCostModel.h"
#include "yaml/GraphYamlReader.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include "support/CliRun.h"

#include <QtTest>

#include <cmath>
#include <functional>
#include <limits>
#include <tuple>

using namespace capgraph;

namespace {

constexpr double kNoBudget = std::numeric_limits<double>::infinity();

QString S(const char *text) { return QString::fromUtf8(text); }

Graph parse(const QByteArray &yaml)
{
    const GraphLoadResult r = GraphYamlReader::readBytes(yaml);
    if (!r.ok())
        qFatal("%s", qPrintable(r.errorText()));
    return *r.graph;
}

Graph loadFile(const QString &path)
{
    const GraphLoadResult r = GraphYamlReader::readFile(path);
    if (!r.ok())
        qFatal("%s", qPrintable(r.errorText()));
    return *r.graph;
}

Graph example(const char *name) { return loadFile(S(CAPGRAPH_SOURCE_DIR "/resources/examples/") + S(name)); }
Graph fixture(const char *name) { return loadFile(S(CAPGRAPH_FIXTURES_DIR "/path/") + S(name)); }

PathResult find(const Graph &g, PathDepth depth, double budget = kNoBudget)
{
    PathOptions o;
    o.depth = depth;
    o.budget = budget;
    return OptimalPath::find(g, o);
}

QStringList ids(const char *spaceSeparated) { return S(spaceSeparated).split(QLatin1Char(' '), Qt::SkipEmptyParts); }

// ---- brute force: every simple path, the same cost model, the same order ----------------

struct Brute
{
    bool found = false;
    QList<int> edges;
    double cost = 0, time = 0;
};

bool fits(double time, double budget) { return time <= budget + 1e-9 * std::max(1.0, std::abs(budget)); }

// Every simple start -> end path over usable edges, with its cost and time summed in path
// order (as the search sums them, so equal means equal).
QList<Brute> allPaths(const Graph &g, PathDepth depth, bool useQuality)
{
    const GraphTopology t(g);
    const PathCostModel m = PathCostModel::build(g, t, depth);
    int start = -1;
    for (int v = 0; v < t.nodeCount(); ++v)
        if (g.nodes.at(v).kind == NodeKind::Start)
            start = v;
    QList<Brute> paths;
    if (start < 0 || (useQuality && !m.nodeAllowed.at(start)))
        return paths;
    QList<bool> onPath(t.nodeCount(), false);
    QList<int> edges;
    std::function<void(int, double, double)> walk = [&](int v, double c, double tm) {
        if (g.nodes.at(v).kind == NodeKind::End) {
            paths.append({true, edges, c, tm});
            return;
        }
        onPath[v] = true;
        for (int e : t.outEdges(v)) {
            const int w = t.targetOf(e);
            if (!m.edgeUsable.at(e) || onPath.at(w) || (useQuality && !m.nodeAllowed.at(w)))
                continue;
            edges.append(e);
            walk(w, c + m.edgeCost.at(e) + m.nodeCost.at(w), tm + m.edgeTime.at(e) + m.nodeTime.at(w));
            edges.removeLast();
        }
        onPath[v] = false;
    };
    walk(start, m.nodeCost.at(start), m.nodeTime.at(start));
    return paths;
}

// The best path within the budget: cost, then time, then fewer edges, then flow edge order.
Brute best(const QList<Brute> &paths, double budget, bool timeFirst = false)
{
    Brute b;
    for (const Brute &p : paths) {
        if (!fits(p.time, budget))
            continue;
        const auto key = [timeFirst](const Brute &x) {
            return std::make_tuple(timeFirst ? x.time : x.cost, timeFirst ? x.cost : x.time, x.edges.size());
        };
        if (!b.found || key(p) < key(b)
            || (key(p) == key(b)
                && std::lexicographical_compare(p.edges.cbegin(), p.edges.cend(), b.edges.cbegin(), b.edges.cend())))
            b = p;
    }
    return b;
}

// Small random graphs with everything but parallel splits: branches with condition targets
// and defaults, loops, iteration and background edges, parallel (multi-)edges, zero
// weights, interactions, iterative skills, qualities, two ends.
Graph randomGraph(QRandomGenerator &rng)
{
    Graph g;
    g.id = S("random");
    const int n = int(rng.bounded(4, 13));
    const NodeKind middle[] = {NodeKind::Skill,     NodeKind::Skill,  NodeKind::Confirm, NodeKind::Select,
                               NodeKind::LoopStart, NodeKind::Branch, NodeKind::Merge,   NodeKind::Input};
    const int ends = rng.bounded(2) ? 2 : 1;
    for (int i = 0; i < n; ++i) {
        Node node;
        node.id = QStringLiteral("n%1").arg(i);
        node.kind = i == 0 ? NodeKind::Start : (i >= n - ends ? NodeKind::End : middle[rng.bounded(8)]);
        node.type = canonicalTypeName(node.kind);
        if (node.kind == NodeKind::Skill) {
            node.skillId = S("work");
            if (rng.bounded(4) == 0) {
                node.executionMode = S("iterative");
                node.maxIterations = int(rng.bounded(1, 4));
            }
        }
        if (node.kind == NodeKind::LoopStart)
            node.maxIterations = int(rng.bounded(1, 4));
        if (node.kind != NodeKind::Start && node.kind != NodeKind::End && rng.bounded(4) == 0) {
            const double q[] = {0.4, 0.6, 0.9};
            node.extra.setValue(S("quality"), q[rng.bounded(3)]);
        }
        g.nodes.append(node);
    }
    const double weights[] = {-1, 0, 0.5, 1, 2, 3, 5, 8, 12};
    const int edgeCount = int(rng.bounded(n, 3 * n + 1));
    for (int i = 0; i < edgeCount; ++i) {
        Edge e;
        // Mostly forward, so that there are many ways to an end; some backward, for cycles.
        const int from = int(rng.bounded(n - ends));
        const int to = rng.bounded(5) ? int(rng.bounded(from + 1, n)) : int(rng.bounded(1, n));
        e.from = g.nodes.at(from).id;
        e.to = g.nodes.at(to).id;
        const int kind = int(rng.bounded(12));
        e.kind = kind < 8 ? EdgeKind::Sequence : kind < 9 ? EdgeKind::Iteration : kind < 11 ? EdgeKind::Conditional
                                                                                             : EdgeKind::Parallel;
        e.type = edgeTypeName(e.kind);
        const double w = weights[rng.bounded(9)];
        if (w >= 0)
            e.weight = w;
        if (e.kind == EdgeKind::Iteration && rng.bounded(2))
            e.maxCount = int(rng.bounded(2, 4));
        if (e.kind == EdgeKind::Parallel && rng.bounded(3) == 0)
            e.syncRequired = false;
        g.edges.append(e);
    }
    for (Node &node : g.nodes) {
        if (node.kind != NodeKind::Branch)
            continue;
        const int conditions = int(rng.bounded(1, 3));
        for (int c = 0; c < conditions; ++c) {
            BranchCondition bc;
            bc.name = QStringLiteral("c%1").arg(c);
            bc.expression = S("true");
            bc.target = g.nodes.at(rng.bounded(1, n)).id;
            node.conditions.append(bc);
        }
        if (rng.bounded(3) == 0)
            node.defaultTarget = g.nodes.at(rng.bounded(1, n)).id;
    }
    return g;
}

// Layers of skills (some iterative) and interactions, densely connected with varied
// weights, plus a few backward edges: many paths whose cost and time disagree (thorough
// halves the edges into interactions, quick doubles an iterative skill's repeats), so the
// budget has real choices to make and partial paths have Pareto fronts to keep.
Graph layeredGraph(QRandomGenerator &rng)
{
    Graph g;
    g.id = S("layered");
    QList<QList<int>> layers;
    auto add = [&g](NodeKind kind, const QString &id) {
        Node node;
        node.id = id;
        node.kind = kind;
        node.type = canonicalTypeName(kind);
        g.nodes.append(node);
        return int(g.nodes.size() - 1);
    };
    layers.append(QList<int>{add(NodeKind::Start, S("start"))});
    const int depth = int(rng.bounded(2, 6));
    for (int l = 0; l < depth; ++l) {
        QList<int> layer;
        const int width = int(rng.bounded(2, 4));
        for (int i = 0; i < width; ++i) {
            const int v = add(rng.bounded(2) ? NodeKind::Confirm : NodeKind::Skill, QStringLiteral("l%1_%2").arg(l).arg(i));
            Node &node = g.nodes[v];
            if (node.kind == NodeKind::Skill) {
                node.skillId = S("work");
                if (rng.bounded(3) == 0) {
                    node.executionMode = S("iterative");
                    node.maxIterations = int(rng.bounded(2, 5));
                }
            }
            if (rng.bounded(8) == 0)
                node.extra.setValue(S("quality"), 0.6);
            layer.append(v);
        }
        layers.append(layer);
    }
    layers.append(QList<int>{add(NodeKind::End, S("end"))});
    auto edge = [&g](int from, int to, double weight, EdgeKind kind = EdgeKind::Sequence) {
        Edge e;
        e.from = g.nodes.at(from).id;
        e.to = g.nodes.at(to).id;
        e.kind = kind;
        e.type = edgeTypeName(kind);
        e.weight = weight;
        g.edges.append(e);
    };
    for (int l = 0; l + 1 < layers.size(); ++l)
        for (int a : layers.at(l))
            for (int b : layers.at(l + 1))
                if (rng.bounded(10))
                    edge(a, b, rng.bounded(17) * 0.5);
    for (int k = 0; k < 2; ++k) {
        const int l = int(rng.bounded(2, layers.size()));
        const QList<int> &from = layers.at(l), &to = layers.at(l - 1);
        edge(from.at(rng.bounded(from.size())), to.at(rng.bounded(to.size())), 1,
             rng.bounded(2) ? EdgeKind::Conditional : EdgeKind::Iteration);
    }
    return g;
}

// ---- the CLI -------------------------------------------------------------------------------

using Run = CliRun;
Run cli(const QStringList &args, const QByteArray &stdinData = QByteArray()) { return runCapgraph(args, stdinData); }

} // namespace

class TestPath : public QObject
{
    Q_OBJECT

private slots:
    void costModelFollowsTheSeed();
    void examples_data();
    void examples();
    void writeReportBudget();
    void quickAndThoroughChooseDifferently();
    void budgetPicksACostlierFasterPath();
    void qualityThreshold();
    void loopsArePaidAtTheirHead();
    void iterationAndBackgroundEdgesAreNeverSteps();
    void parallelRegionRunsEveryBranch();
    void nestedParallelRegions();
    void splitWithoutJoinFollowsOneBranch();
    void parallelEdgesAndTies();
    void structuralFailures();
    void invalidValuesAreDiagnostics();
    void bruteForceOnRandomGraphs();
    void deterministic();
    void largeGraph();
    void cliText();
    void cliJson();
    void runTakesThePathsWay_data();
    void runTakesThePathsWay();
    void runChoiceIsInTheTrace();
    void cliUsageAndInputErrors();
    void cliOutputFileAndStdin();
};

void TestPath::costModelFollowsTheSeed()
{
    const Graph g = example("write-report.yaml");
    const GraphTopology t(g);
    const PathCostModel quick = PathCostModel::build(g, t, PathDepth::Quick);
    const PathCostModel thorough = PathCostModel::build(g, t, PathDepth::Thorough);
    QCOMPARE(quick.qualityThreshold, 0.5);
    QCOMPARE(thorough.qualityThreshold, 0.8);
    QVERIFY(quick.diagnostics.isEmpty());
    const int loopHead = g.indexOfNode(S("loop_search_start"));
    // The search loop: 4 steps + the iteration edge, up to 5 rounds = 4 more rounds.
    QCOMPARE(quick.nodeTime.at(loopHead), 20.0);
    QCOMPARE(quick.nodeCost.at(loopHead), 24.0); // quick: the iteration edge weighs 2
    QCOMPARE(thorough.nodeTime.at(loopHead), 20.0);
    QCOMPARE(thorough.nodeCost.at(loopHead), 20.0);
    for (int e = 0; e < t.flowEdges().size(); ++e) {
        const FlowEdge &f = t.flowEdges().at(e);
        QCOMPARE(quick.edgeTime.at(e), 1.0);
        QCOMPARE(quick.edgeCost.at(e), f.kind == EdgeKind::Iteration ? 2.0 : 1.0);
        QCOMPARE(thorough.edgeCost.at(e), f.to == S("confirm_selection") ? 0.5 : 1.0);
        QCOMPARE(quick.edgeUsable.at(e), f.kind != EdgeKind::Iteration);
    }
    // Iterative skills: one unit per extra call, doubled when quick.
    const Graph it = parse("graph:\n  id: it\n  nodes:\n    - {id: s, type: control.start}\n"
                           "    - {id: w, type: skill, skill_id: x, execution_mode: iterative, max_iterations: 4}\n"
                           "    - {id: e, type: control.end}\n  edges:\n    - {from: s, to: w}\n    - {from: w, to: e}\n");
    const GraphTopology it_t(it);
    QCOMPARE(PathCostModel::build(it, it_t, PathDepth::Quick).nodeTime.at(1), 3.0);
    QCOMPARE(PathCostModel::build(it, it_t, PathDepth::Quick).nodeCost.at(1), 6.0);
    QCOMPARE(PathCostModel::build(it, it_t, PathDepth::Thorough).nodeCost.at(1), 3.0);
    const PathResult r = find(it, PathDepth::Quick);
    QCOMPARE(r.cost, 8.0);
    QCOMPARE(r.time, 5.0);
}

void TestPath::examples_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("depth");
    QTest::addColumn<QStringList>("path");
    QTest::addColumn<double>("cost");
    QTest::addColumn<double>("time");
    const int quick = int(PathDepth::Quick), thorough = int(PathDepth::Thorough);
    const QStringList pdf = ids("start identify_input branch_input_type read_pdf merge_content write_report end");
    QTest::newRow("write-report quick") << S("write-report.yaml") << quick << pdf << 6.0 << 6.0;
    QTest::newRow("write-report thorough") << S("write-report.yaml") << thorough << pdf << 6.0 << 6.0;
    const QStringList lit = ids("start identify_input branch_mode read_pdf merge_sources filter_results write_report "
                                "review_draft branch_review end");
    // The review loop (max_count 3) adds 2 rounds of 4 steps at write_report.
    QTest::newRow("literature-search quick") << S("literature-search.yaml") << quick << lit << 19.0 << 17.0;
    QTest::newRow("literature-search thorough") << S("literature-search.yaml") << thorough << lit << 15.5 << 17.0;
    const QStringList grades = ids("start query_grades branch_result format_output merge_reply end");
    QTest::newRow("grades-query") << S("grades-query.yaml") << quick << grades << 5.0 << 5.0;
    const QStringList cleanup = ids("start scan_workspace remove_build_artifacts prune_branches end");
    QTest::newRow("project-cleanup") << S("project-cleanup.yaml") << thorough << cleanup << 5.0 << 5.0;
    QTest::newRow("git-commit") << S("git-commit.yaml") << quick << ids("start collect_changes branch_changes end")
                                << 3.0 << 3.0;
    // The background branch (summary, score) is off the path: the answer does not wait for it.
    QTest::newRow("projectflow") << S("projectflow/projectflow.yaml") << quick
                                 << ids("start load_stages decision response remember end") << 5.0 << 5.0;
    const QStringList discussion = ids("start clarify clarify_ask clarify_assess clarify_round clarify_depth "
                                       "clarify_check clarify_end explore explore_ask explore_assess explore_round "
                                       "explore_depth explore_check explore_end after_explore summary "
                                       "confirm_summary end");
    QTest::newRow("discussion quick") << S("discussion.yaml") << quick << discussion << 54.0 << 54.0;
    QTest::newRow("discussion thorough") << S("discussion.yaml") << thorough << discussion << 49.5 << 54.0;
    QTest::newRow("depth fixture quick") << S("path:depth.yaml") << quick
                                         << ids("start plan skim_sources merge answer end") << 8.0 << 8.0;
    QTest::newRow("depth fixture thorough") << S("path:depth.yaml") << thorough
                                            << ids("start plan ask_user merge answer end") << 9.5 << 10.0;
}

void TestPath::examples()
{
    QFETCH(QString, file);
    QFETCH(int, depth);
    QFETCH(QStringList, path);
    QFETCH(double, cost);
    QFETCH(double, time);
    const Graph g = file.startsWith(S("path:")) ? fixture(qPrintable(file.mid(5))) : example(qPrintable(file));
    const PathResult r = find(g, PathDepth(depth));
    QVERIFY2(r.found, qPrintable(r.reason));
    QCOMPARE(r.nodeIds(), path);
    QCOMPARE(r.cost, cost);
    QCOMPARE(r.time, time);
    QCOMPARE(r.steps.last().cost, cost);
    QCOMPARE(r.steps.last().time, time);
    // The flow edges taken join the steps.
    QCOMPARE(r.edgesTaken.size(), r.steps.size() - 1);
    const QList<FlowEdge> flow = g.flowEdges();
    for (int i = 1; i < r.steps.size(); ++i) {
        QCOMPARE(r.steps.at(i).flowEdge, r.edgesTaken.at(i - 1));
        QCOMPARE(flow.at(r.steps.at(i).flowEdge).from, r.steps.at(i - 1).nodeId);
        QCOMPARE(flow.at(r.steps.at(i).flowEdge).to, r.steps.at(i).nodeId);
    }
}

void TestPath::writeReportBudget()
{
    const Graph g = example("write-report.yaml");
    QVERIFY(find(g, PathDepth::Quick, 6).found); // exactly the budget is enough
    QVERIFY(find(g, PathDepth::Quick, 0.1 + 0.2 + 5.7).found);
    const PathResult r = find(g, PathDepth::Quick, 5.5);
    QVERIFY(!r.found);
    QCOMPARE(r.failure, PathFailure::OverBudget);
    QVERIFY(r.hasCheapest);
    QCOMPARE(r.cheapestCost, 6.0);
    QCOMPARE(r.cheapestTime, 6.0);
    QVERIFY(r.hasFastest);
    QCOMPARE(r.fastestTime, 6.0);
    QCOMPARE(r.reason, S("every start -> end path takes longer than the budget of 5.5: the fastest takes 6; the "
                         "cheapest costs 6 and takes 6"));
    QCOMPARE(find(g, PathDepth::Thorough, 0).failure, PathFailure::OverBudget);
}

void TestPath::quickAndThoroughChooseDifferently()
{
    const Graph g = fixture("depth.yaml");
    const PathResult quick = find(g, PathDepth::Quick);
    const PathResult thorough = find(g, PathDepth::Thorough);
    QVERIFY(quick.nodeIds().contains(S("skim_sources")));
    QCOMPARE(quick.quality, 0.6);
    QVERIFY(thorough.nodeIds().contains(S("ask_user")));
    QCOMPARE(thorough.steps.at(2).condition, S("ask"));
    QCOMPARE(thorough.steps.at(2).stepCost, 0.5); // the seed: edges into interactions x 0.5
    QCOMPARE(thorough.steps.at(2).stepTime, 1.0);
    // The loop: quick avoids it, thorough takes it.
    const Graph loop = fixture("loop.yaml");
    QCOMPARE(find(loop, PathDepth::Quick).nodeIds(), ids("start direct end"));
    QCOMPARE(find(loop, PathDepth::Thorough).nodeIds(), ids("start rounds work check rounds_end end"));
}

void TestPath::budgetPicksACostlierFasterPath()
{
    const Graph g = fixture("depth.yaml");
    // Thorough: ask costs 9.5 but takes 10; lookup costs 9.8 and takes 9.8.
    PathResult r = find(g, PathDepth::Thorough, 9.9);
    QVERIFY(r.found);
    QCOMPARE(r.nodeIds(), ids("start plan lookup merge answer end"));
    QCOMPARE(r.cost, 9.8);
    r = find(g, PathDepth::Thorough, 9);
    QCOMPARE(r.failure, PathFailure::OverBudget);
    QCOMPARE(r.fastestTime, 9.8);
    QCOMPARE(r.cheapestCost, 9.5);
    QCOMPARE(r.cheapestTime, 10.0);
    QCOMPARE(r.cheapestPath, ids("start plan ask_user merge answer end"));
    // Quick on the loop fixture: direct is cheaper (14) but takes 14; the loop takes 13.
    const Graph loop = fixture("loop.yaml");
    r = find(loop, PathDepth::Quick, 13.5);
    QCOMPARE(r.nodeIds(), ids("start rounds work check rounds_end end"));
    QCOMPARE(r.cost, 15.0);
    QCOMPARE(r.time, 13.0);
    QCOMPARE(r.steps.at(1).repeatTime, 8.0);
    QCOMPARE(r.steps.at(1).repeatCost, 10.0);
    // Trade-offs on both sides of v: the cheapest way to v (via a) is the wrong one for a
    // budget of 11.5, where only the faster way to v leaves time for the cheap, slow c.
    const Graph pareto = parse("graph:\n  id: p\n  nodes:\n    - {id: s, type: control.start}\n"
                               "    - {id: a, type: interaction.confirm, prompt: p}\n"
                               "    - {id: b, type: skill, skill_id: x}\n    - {id: v, type: control.merge}\n"
                               "    - {id: c, type: interaction.confirm, prompt: p}\n"
                               "    - {id: d, type: skill, skill_id: x}\n    - {id: e, type: control.end}\n"
                               "  edges:\n    - {from: s, to: a, weight: 2}\n    - {from: s, to: b, weight: 1.5}\n"
                               "    - {from: a, to: v}\n    - {from: b, to: v}\n    - {from: v, to: c, weight: 8}\n"
                               "    - {from: v, to: d, weight: 6}\n    - {from: c, to: e}\n    - {from: d, to: e}\n");
    QCOMPARE(find(pareto, PathDepth::Thorough, 20).nodeIds(), ids("s a v c e")); // cost 7, time 12
    r = find(pareto, PathDepth::Thorough, 11.5);
    QCOMPARE(r.nodeIds(), ids("s b v c e"));
    QCOMPARE(r.cost, 7.5);
    QCOMPARE(r.time, 11.5);
    QCOMPARE(find(pareto, PathDepth::Thorough, 11).nodeIds(), ids("s a v d e")); // cost 9, time 10
}

void TestPath::qualityThreshold()
{
    const Graph g = parse("graph:\n  id: q\n  nodes:\n    - {id: s, type: control.start}\n"
                          "    - {id: cheap, type: skill, skill_id: x, quality: 0.7}\n"
                          "    - {id: good, type: skill, skill_id: x, quality: 0.9}\n"
                          "    - {id: e, type: control.end}\n  edges:\n"
                          "    - {from: s, to: cheap}\n    - {from: s, to: good, weight: 5}\n"
                          "    - {from: cheap, to: e}\n    - {from: good, to: e}\n");
    QCOMPARE(find(g, PathDepth::Quick).nodeIds(), ids("s cheap e"));
    const PathResult thorough = find(g, PathDepth::Thorough);
    QCOMPARE(thorough.nodeIds(), ids("s good e"));
    QCOMPARE(thorough.quality, 0.9);
    // Only shallow ways left: the reason names them.
    Graph shallow = g;
    shallow.nodes[2].extra.setValue(S("quality"), 0.5);
    const PathResult r = find(shallow, PathDepth::Thorough);
    QCOMPARE(r.failure, PathFailure::BelowQuality);
    QCOMPARE(r.belowQualityNodes, QStringList{S("cheap")});
    QCOMPARE(r.reason, S("every start -> end path passes a node whose quality is below 0.8 (depth thorough); the "
                         "cheapest passes cheap (0.7)"));
    // Over budget wins over quality when a good path exists but is too slow.
    QCOMPARE(find(g, PathDepth::Thorough, 4).failure, PathFailure::OverBudget);
}

void TestPath::loopsArePaidAtTheirHead()
{
    // A loop with max_count on its iteration edge and no loop_start; the head is a skill.
    const Graph g = parse("graph:\n  id: l\n  nodes:\n    - {id: s, type: control.start}\n"
                          "    - {id: draft, type: skill, skill_id: x}\n"
                          "    - {id: review, type: interaction.confirm, prompt: fine}\n"
                          "    - id: b\n      type: control.branch\n      conditions:\n"
                          "        - {name: ok, expression: review.answer, target: e}\n"
                          "        - {name: again, expression: NOT review.answer, target: fix}\n"
                          "    - {id: fix, type: skill, skill_id: y}\n"
                          "    - {id: e, type: control.end}\n  edges:\n"
                          "    - {from: s, to: draft}\n    - {from: draft, to: review}\n    - {from: review, to: b}\n"
                          "    - {from: fix, to: draft, type: iteration, max_count: 4, weight: 2}\n");
    // Body: draft -> review -> b -> fix (3) + the iteration edge (2) = 5, 3 more rounds.
    const PathResult quick = find(g, PathDepth::Quick);
    QCOMPARE(quick.nodeIds(), ids("s draft review b e"));
    QCOMPARE(quick.steps.at(1).repeatTime, 15.0);
    QCOMPARE(quick.steps.at(1).repeatCost, 21.0); // iteration edge 4 instead of 2
    QCOMPARE(quick.time, 19.0);
    const PathResult thorough = find(g, PathDepth::Thorough);
    QCOMPARE(thorough.steps.at(1).repeatCost, 13.5); // the edge into review 0.5
    QCOMPARE(thorough.cost, 13.5 + 3.5);
    // No node twice: the path never goes round the loop, however cheap the iteration edge.
    for (const PathResult &r : {quick, thorough}) {
        QStringList seen = r.nodeIds();
        seen.removeDuplicates();
        QCOMPARE(seen.size(), r.steps.size());
    }
}

void TestPath::iterationAndBackgroundEdgesAreNeverSteps()
{
    const Graph viaIteration = parse("graph:\n  id: i\n  nodes:\n    - {id: s, type: control.start}\n"
                                     "    - {id: a, type: skill, skill_id: x}\n    - {id: e, type: control.end}\n"
                                     "  edges:\n    - {from: s, to: a}\n    - {from: a, to: e, type: iteration}\n");
    PathResult r = find(viaIteration, PathDepth::Quick);
    QCOMPARE(r.failure, PathFailure::Unreachable);
    QCOMPARE(r.reason, S("no control.end can be reached from 's' (iteration and background edges are never steps "
                         "of a path)"));
    const Graph viaBackground = parse("graph:\n  id: b\n  nodes:\n    - {id: s, type: control.start}\n"
                                      "    - {id: a, type: skill, skill_id: x}\n    - {id: e, type: control.end}\n"
                                      "  edges:\n    - {from: s, to: a}\n"
                                      "    - {from: a, to: e, type: parallel, sync_required: false}\n");
    QCOMPARE(find(viaBackground, PathDepth::Thorough).failure, PathFailure::Unreachable);
    // A synchronised parallel edge outside a split is an ordinary step.
    Graph synced = viaBackground;
    synced.edges[1].syncRequired = true;
    QCOMPARE(find(synced, PathDepth::Thorough).nodeIds(), ids("s a e"));
}

void TestPath::parallelRegionRunsEveryBranch()
{
    const Graph g = fixture("parallel.yaml");
    const PathResult thorough = find(g, PathDepth::Thorough);
    QVERIFY(thorough.found);
    QCOMPARE(thorough.nodeIds(), ids("start prepare split a b b_ask join finish end"));
    // Region: a (1 + 2) and b (1 + 0.5 + 4): cost 3 + 5.5, time max(3, 6).
    QCOMPARE(thorough.cost, 12.5);
    QCOMPARE(thorough.time, 10.0);
    const PathStep &split = thorough.steps.at(2);
    QCOMPARE(split.branchCount, 2);
    QCOMPARE(thorough.steps.at(3).split, S("split"));
    QCOMPARE(thorough.steps.at(3).branch, 0);
    QCOMPARE(thorough.steps.at(4).branch, 1);
    QCOMPARE(thorough.steps.at(5).branch, 1);
    QCOMPARE(thorough.steps.at(5).level, 1);
    QCOMPARE(thorough.steps.at(6).nodeId, S("join"));
    QCOMPARE(thorough.steps.at(6).split, QString());
    QCOMPARE(thorough.steps.at(6).flowEdge, -1);
    QCOMPARE(thorough.steps.at(6).stepCost, 8.5);
    QCOMPARE(thorough.steps.at(6).stepTime, 6.0);
    // Every flow edge of both branches, into the join included; not the background one.
    QStringList taken;
    const QList<FlowEdge> flow = g.flowEdges();
    for (int e : thorough.edgesTaken)
        taken.append(flow.at(e).from + S("->") + flow.at(e).to);
    QCOMPARE(taken, S("start->prepare prepare->split split->a a->join split->b b->b_ask b_ask->join join->finish "
                      "finish->end")
                        .split(QLatin1Char(' ')));
    // Quick: the interaction is no cheaper, the automatic check wins.
    const PathResult quick = find(g, PathDepth::Quick);
    QCOMPARE(quick.nodeIds(), ids("start prepare split a b b_auto join finish end"));
    QCOMPARE(quick.cost, 12.8);
    QCOMPARE(quick.time, 9.8);
    // A budget chooses inside the region: thorough under 9.9 must check automatically.
    const PathResult budgeted = find(g, PathDepth::Thorough, 9.9);
    QCOMPARE(budgeted.nodeIds(), ids("start prepare split a b b_auto join finish end"));
    QCOMPARE(budgeted.cost, 12.8);
    const PathResult over = find(g, PathDepth::Thorough, 9.7);
    QCOMPARE(over.failure, PathFailure::OverBudget);
    QCOMPARE(over.fastestTime, 9.8);
    // A branch that cannot run makes the whole region impossible.
    Graph blocked = g;
    blocked.nodes[g.indexOfNode(S("a"))].extra.setValue(S("quality"), 0.1);
    const PathResult r = find(blocked, PathDepth::Quick);
    QCOMPARE(r.failure, PathFailure::BelowQuality);
    QVERIFY(r.notes.contains(S("parallel_split 'split': its branch to 'a' cannot reach 'join'")));
}

void TestPath::nestedParallelRegions()
{
    const Graph g = parse("graph:\n  id: n\n  nodes:\n    - {id: s, type: control.start}\n"
                          "    - {id: outer, type: control.parallel_split}\n"
                          "    - {id: x, type: skill, skill_id: x}\n"
                          "    - {id: inner, type: control.parallel_split}\n"
                          "    - {id: p, type: skill, skill_id: p}\n    - {id: q, type: skill, skill_id: q}\n"
                          "    - {id: inner_join, type: control.parallel_join}\n"
                          "    - {id: y, type: skill, skill_id: y}\n"
                          "    - {id: outer_join, type: control.parallel_join}\n"
                          "    - {id: e, type: control.end}\n  edges:\n"
                          "    - {from: s, to: outer}\n"
                          "    - {from: outer, to: x, type: parallel}\n    - {from: outer, to: y, type: parallel}\n"
                          "    - {from: x, to: inner}\n"
                          "    - {from: inner, to: p, type: parallel}\n    - {from: inner, to: q, type: parallel}\n"
                          "    - {from: p, to: inner_join}\n    - {from: q, to: inner_join, weight: 3}\n"
                          "    - {from: inner_join, to: outer_join}\n    - {from: y, to: outer_join}\n"
                          "    - {from: outer_join, to: e}\n");
    const PathResult r = find(g, PathDepth::Quick);
    QVERIFY2(r.found, qPrintable(r.reason));
    QCOMPARE(r.nodeIds(), ids("s outer x inner p q inner_join y outer_join e"));
    // inner: cost 2 + 4, time 4; branch x: 1 + 1 + inner + 1 = cost 9, time 7; branch y: 2, 2.
    QCOMPARE(r.cost, 1 + 9 + 2 + 1.0);
    QCOMPARE(r.time, 1 + 7 + 1.0);
    QCOMPARE(r.steps.at(1).branchCount, 2);
    QCOMPARE(r.steps.at(3).branchCount, 2);
    QCOMPARE(r.steps.at(4).split, S("inner"));
    QCOMPARE(r.steps.at(4).level, 2);
    QCOMPARE(r.steps.at(5).branch, 1);
    QCOMPARE(r.steps.at(6).split, S("outer")); // inner_join is a step of outer's first branch
    QCOMPARE(r.steps.at(6).level, 1);
    QCOMPARE(r.steps.at(6).time, 1 + 1 + 1 + 4.0);
    QCOMPARE(r.steps.at(7).branch, 1);
    QCOMPARE(r.edgesTaken.size(), 11);

    // Two splits closing at the same join.
    const Graph shared = parse("graph:\n  id: sh\n  nodes:\n    - {id: s, type: control.start}\n"
                               "    - {id: outer, type: control.parallel_split}\n"
                               "    - {id: inner, type: control.parallel_split}\n"
                               "    - {id: x, type: skill, skill_id: x}\n    - {id: p, type: skill, skill_id: p}\n"
                               "    - {id: q, type: skill, skill_id: q}\n    - {id: j, type: control.parallel_join}\n"
                               "    - {id: e, type: control.end}\n  edges:\n    - {from: s, to: outer}\n"
                               "    - {from: outer, to: inner, type: parallel}\n    - {from: outer, to: x, type: parallel}\n"
                               "    - {from: inner, to: p, type: parallel}\n    - {from: inner, to: q, type: parallel}\n"
                               "    - {from: p, to: j}\n    - {from: q, to: j}\n    - {from: x, to: j}\n"
                               "    - {from: j, to: e}\n");
    const PathResult rs = find(shared, PathDepth::Quick);
    QVERIFY2(rs.found, qPrintable(rs.reason));
    QCOMPARE(rs.nodeIds(), ids("s outer inner p q x j e"));
    QCOMPARE(rs.cost, 1 + (1 + 4) + 2 + 1.0);
    QCOMPARE(rs.time, 1 + 3 + 1.0);
    QCOMPARE(rs.edgesTaken.size(), 9);
}

void TestPath::splitWithoutJoinFollowsOneBranch()
{
    const Graph g = parse("graph:\n  id: nj\n  nodes:\n    - {id: s, type: control.start}\n"
                          "    - {id: split, type: control.parallel_split}\n"
                          "    - {id: a, type: skill, skill_id: a}\n    - {id: b, type: skill, skill_id: b}\n"
                          "    - {id: e1, type: control.end}\n    - {id: e2, type: control.end}\n  edges:\n"
                          "    - {from: s, to: split}\n    - {from: split, to: a, type: parallel}\n"
                          "    - {from: split, to: b, type: parallel}\n    - {from: a, to: e1, weight: 2}\n"
                          "    - {from: b, to: e2}\n");
    const PathResult r = find(g, PathDepth::Quick);
    QCOMPARE(r.nodeIds(), ids("s split b e2"));
    QCOMPARE(r.notes, QStringList{S("parallel_split 'split': its branches never meet again, so the path follows "
                                    "one of them")});
}

void TestPath::parallelEdgesAndTies()
{
    const Graph g = parse("graph:\n  id: pe\n  nodes:\n    - {id: s, type: control.start}\n"
                          "    - {id: a, type: skill, skill_id: a}\n    - {id: e, type: control.end}\n  edges:\n"
                          "    - {from: s, to: a, weight: 3}\n    - {from: s, to: a, weight: 2}\n"
                          "    - {from: s, to: a, weight: 2}\n    - {from: a, to: e}\n    - {from: a, to: e, weight: 0}\n");
    const PathResult r = find(g, PathDepth::Quick);
    QCOMPARE(r.steps.at(1).edge, 1); // the first of the two cheapest
    QCOMPARE(r.steps.at(2).edge, 4);
    QCOMPARE(r.cost, 2.0);
    // Equal cost and time: fewer edges win, then file order of the branch's conditions.
    const QByteArray branchy = "graph:\n  id: t\n  nodes:\n    - {id: s, type: control.start}\n"
                               "    - id: b\n      type: control.branch\n      conditions:\n"
                               "        - {name: first, expression: 'true', target: FIRST}\n"
                               "        - {name: second, expression: 'true', target: SECOND}\n"
                               "    - {id: x, type: skill, skill_id: x}\n    - {id: y, type: skill, skill_id: y}\n"
                               "    - {id: m, type: control.merge}\n    - {id: e, type: control.end}\n  edges:\n"
                               "    - {from: s, to: b}\n    - {from: x, to: m}\n    - {from: y, to: m}\n"
                               "    - {from: m, to: e}\n";
    QByteArray xy = branchy, yx = branchy;
    xy.replace("FIRST", "x").replace("SECOND", "y");
    yx.replace("FIRST", "y").replace("SECOND", "x");
    QCOMPARE(find(parse(xy), PathDepth::Quick).nodeIds(), ids("s b x m e"));
    QCOMPARE(find(parse(yx), PathDepth::Quick).nodeIds(), ids("s b y m e"));
    // Zero-weight ties: the path with fewer edges.
    const Graph zero = parse("graph:\n  id: z\n  nodes:\n    - {id: s, type: control.start}\n"
                             "    - {id: a, type: skill, skill_id: a}\n    - {id: b, type: skill, skill_id: b}\n"
                             "    - {id: e, type: control.end}\n  edges:\n    - {from: s, to: a, weight: 0}\n"
                             "    - {from: a, to: b, weight: 0}\n    - {from: b, to: e, weight: 0}\n"
                             "    - {from: a, to: e, weight: 0}\n    - {from: b, to: a, weight: 0}\n");
    QCOMPARE(find(zero, PathDepth::Quick).nodeIds(), ids("s a e"));
}

void TestPath::structuralFailures()
{
    const Graph noStart = parse("graph:\n  id: x\n  nodes:\n    - {id: e, type: control.end}\n");
    PathResult r = find(noStart, PathDepth::Quick);
    QCOMPARE(r.failure, PathFailure::NoStart);
    QCOMPARE(r.reason, S("the graph has no control.start node"));
    const Graph twoStarts = parse("graph:\n  id: x\n  nodes:\n    - {id: s1, type: control.start}\n"
                                  "    - {id: s2, type: start}\n    - {id: e, type: control.end}\n");
    r = find(twoStarts, PathDepth::Quick);
    QCOMPARE(r.failure, PathFailure::MultipleStarts);
    QCOMPARE(r.reason, S("the graph has 2 control.start nodes ('s1', 's2'); a path needs exactly one"));
    const Graph noEnd = parse("graph:\n  id: x\n  nodes:\n    - {id: s, type: control.start}\n");
    QCOMPARE(find(noEnd, PathDepth::Quick).failure, PathFailure::NoEnd);
    const Graph island = parse("graph:\n  id: x\n  nodes:\n    - {id: s, type: control.start}\n"
                               "    - {id: a, type: skill, skill_id: a}\n    - {id: e, type: control.end}\n"
                               "  edges:\n    - {from: s, to: a}\n    - {from: e, to: a}\n    - {from: a, to: nowhere}\n");
    r = find(island, PathDepth::Thorough, 100);
    QCOMPARE(r.failure, PathFailure::Unreachable);
    QVERIFY(!r.found);
    QCOMPARE(pathFailureCode(r.failure), S("unreachable"));
    const QJsonObject o = r.toJson();
    QCOMPARE(o.value(S("found")).toBool(), false);
    QCOMPARE(o.value(S("failure")).toString(), S("unreachable"));
}

void TestPath::invalidValuesAreDiagnostics()
{
    const PathResult r = find(fixture("bad-quality.yaml"), PathDepth::Quick);
    QVERIFY(!r.found);
    QCOMPARE(r.diagnostics.size(), 1);
    QCOMPARE(r.diagnostics.first().code, S("bad-quality"));
    QCOMPARE(r.diagnostics.first().line, 8);
    QCOMPARE(r.diagnostics.first().column, 7);
    QCOMPARE(r.diagnostics.first().nodeId, S("work"));
    Graph g = fixture("bad-quality.yaml");
    g.nodes[1].extra.setValue(S("quality"), 1.5);
    QCOMPARE(find(g, PathDepth::Quick).diagnostics.size(), 1);
    g.nodes[1].extra.setValue(S("quality"), 1);
    QVERIFY(find(g, PathDepth::Quick).found); // an integer is a number too
    g.edges[0].weight = -1;
    const PathResult neg = find(g, PathDepth::Quick);
    QCOMPARE(neg.diagnostics.size(), 1);
    QCOMPARE(neg.diagnostics.first().code, S("bad-number"));
    QCOMPARE(neg.diagnostics.first().edgeIndex, 0);
}

void TestPath::bruteForceOnRandomGraphs()
{
    QRandomGenerator rng(20241222);
    int graphs = 0, checks = 0, found = 0, overBudget = 0, belowQuality = 0, unreachable = 0, tradeOffs = 0;
    for (int i = 0; i < 1200; ++i) {
        const Graph g = i % 2 ? layeredGraph(rng) : randomGraph(rng);
        ++graphs;
        for (PathDepth depth : {PathDepth::Quick, PathDepth::Thorough}) {
            const QList<Brute> paths = allPaths(g, depth, true);
            const QList<Brute> anyQuality = allPaths(g, depth, false);
            // Budgets at every path's time and just under it: where the answer changes.
            QList<double> budgets{kNoBudget, 0};
            for (const Brute &p : paths)
                budgets << p.time << p.time - 0.25;
            std::sort(budgets.begin(), budgets.end());
            budgets.erase(std::unique(budgets.begin(), budgets.end()), budgets.end());
            if (budgets.size() > 60) { // keep the test quick: an even sample, both ends included
                QList<double> sample;
                for (int k = 0; k < 60; ++k)
                    sample.append(budgets.at(k * (budgets.size() - 1) / 59));
                budgets = sample;
            }
            const Brute cheapest = best(paths, kNoBudget);
            for (double budget : budgets) {
                if (budget < 0)
                    continue;
                ++checks;
                const PathResult r = find(g, depth, budget);
                const Brute b = best(paths, budget);
                const QByteArray where = QStringLiteral("graph %1, %2, budget %3: %4")
                                             .arg(i)
                                             .arg(pathDepthName(depth))
                                             .arg(budget)
                                             .arg(r.reason)
                                             .toUtf8();
                QVERIFY2(r.diagnostics.isEmpty(), where.constData());
                QVERIFY2(r.found == b.found, where.constData());
                if (b.found) {
                    ++found;
                    if (b.cost != cheapest.cost)
                        ++tradeOffs; // the budget forced a costlier path
                    QVERIFY2(r.edgesTaken == b.edges, where.constData());
                    QCOMPARE(r.cost, b.cost);
                    QCOMPARE(r.time, b.time);
                    continue;
                }
                if (cheapest.found) {
                    ++overBudget;
                    QVERIFY2(r.failure == PathFailure::OverBudget, where.constData());
                    QCOMPARE(r.cheapestCost, cheapest.cost);
                    QCOMPARE(r.cheapestTime, cheapest.time);
                    QCOMPARE(r.fastestTime, best(paths, kNoBudget, true).time);
                } else if (best(anyQuality, kNoBudget).found) {
                    ++belowQuality;
                    QVERIFY2(r.failure == PathFailure::BelowQuality, where.constData());
                    QCOMPARE(r.cheapestCost, best(anyQuality, kNoBudget).cost);
                } else {
                    ++unreachable;
                    QVERIFY2(r.failure == PathFailure::Unreachable, where.constData());
                }
            }
        }
    }
    qInfo("%d random graphs, %d checks: %d paths found (%d trading cost for time), %d over budget, %d below "
          "quality, %d unreachable",
          graphs, checks, found, tradeOffs, overBudget, belowQuality, unreachable);
    // The generator must exercise every outcome.
    QVERIFY(found > 1000);
    QVERIFY(tradeOffs > 100);
    QVERIFY(overBudget > 100);
    QVERIFY(belowQuality > 10);
    QVERIFY(unreachable > 10);
}

void TestPath::deterministic()
{
    for (const char *name : {"write-report.yaml", "literature-search.yaml", "discussion.yaml"}) {
        const Graph g = example(name);
        for (PathDepth depth : {PathDepth::Quick, PathDepth::Thorough}) {
            const QJsonObject first = find(g, depth, 30).toJson();
            for (int i = 0; i < 3; ++i)
                QCOMPARE(find(g, depth, 30).toJson(), first);
        }
    }
    const Graph p = fixture("parallel.yaml");
    QCOMPARE(find(p, PathDepth::Thorough, 9.9).toJson(), find(p, PathDepth::Thorough, 9.9).toJson());
}

void TestPath::largeGraph()
{
    // 60 layers of 50 nodes; every node reaches three of the next layer; interactions,
    // loops and parallel edges sprinkled in. 3,002 nodes, ~9,000 edges.
    QRandomGenerator rng(7);
    Graph g;
    g.id = S("large");
    const int layers = 60, width = 50;
    auto id = [](int l, int i) { return QStringLiteral("n%1_%2").arg(l).arg(i); };
    Node start;
    start.id = S("start");
    start.kind = NodeKind::Start;
    start.type = canonicalTypeName(start.kind);
    g.nodes.append(start);
    for (int l = 0; l < layers; ++l)
        for (int i = 0; i < width; ++i) {
            Node n;
            n.id = id(l, i);
            n.kind = rng.bounded(5) == 0 ? NodeKind::Confirm : NodeKind::Skill;
            n.type = canonicalTypeName(n.kind);
            n.skillId = S("work");
            g.nodes.append(n);
        }
    Node end;
    end.id = S("end");
    end.kind = NodeKind::End;
    end.type = canonicalTypeName(end.kind);
    g.nodes.append(end);
    auto edge = [&](const QString &from, const QString &to, double w, EdgeKind kind = EdgeKind::Sequence) {
        Edge e;
        e.from = from;
        e.to = to;
        e.kind = kind;
        e.type = edgeTypeName(kind);
        e.weight = w;
        if (kind == EdgeKind::Iteration)
            e.maxCount = 3;
        g.edges.append(e);
    };
    for (int i = 0; i < width; ++i) {
        edge(S("start"), id(0, i), 1 + rng.bounded(10) * 0.5);
        edge(id(layers - 1, i), S("end"), 1 + rng.bounded(10) * 0.5);
    }
    for (int l = 0; l + 1 < layers; ++l)
        for (int i = 0; i < width; ++i) {
            for (int k = 0; k < 3; ++k)
                edge(id(l, i), id(l + 1, int(rng.bounded(width))), 0.5 + rng.bounded(10) * 0.5);
            if (l > 2 && rng.bounded(20) == 0)
                edge(id(l, i), id(l - 2, int(rng.bounded(width))), 1, EdgeKind::Iteration);
        }
    for (PathDepth depth : {PathDepth::Quick, PathDepth::Thorough}) {
        QElapsedTimer timer;
        timer.start();
        const PathResult free = find(g, depth);
        const qint64 freeMs = timer.restart();
        QVERIFY(free.found);
        PathOptions o;
        o.depth = depth;
        o.budget = free.time - 3; // force the search to trade cost for time
        const PathResult tight = OptimalPath::find(g, o);
        const qint64 tightMs = timer.elapsed();
        qInfo("%s: cheapest cost %g time %g in %lld ms; budget %g: %s cost %g time %g in %lld ms",
              qPrintable(pathDepthName(depth)), free.cost, free.time, freeMs, o.budget,
              tight.found ? "found" : qPrintable(tight.reason), tight.cost, tight.time, tightMs);
        QCOMPARE(free.steps.size(), layers + 2);
        if (tight.found) {
            QVERIFY(tight.time <= o.budget);
            QVERIFY(tight.cost >= free.cost);
            // The same path is the answer for a budget of exactly its time.
            QCOMPARE(find(g, depth, tight.time).edgesTaken, tight.edgesTaken);
        } else {
            QCOMPARE(tight.failure, PathFailure::OverBudget);
        }
        QVERIFY2(freeMs + tightMs < 20000, "the search should take well under a second here");
    }
}

void TestPath::cliText()
{
    Run r = cli({S("path"), S("resources/examples/write-report.yaml"), S("--depth"), S("quick"), S("--budget"),
                      S("20")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, S("write-report (resources/examples/write-report.yaml): depth quick (quality >= 0.5), budget 20\n"
                      "    cost     time  node\n"
                      "       0        0  start\n"
                      "       1        1  identify_input\n"
                      "       2        2  branch_input_type\n"
                      "       3        3  read_pdf  (pdf_mode)\n"
                      "       4        4  merge_content\n"
                      "       5        5  write_report\n"
                      "       6        6  end\n"
                      "7 nodes, cost 6, time 6 of 20\n"));
    QCOMPARE(r.err, QString());
    r = cli({S("path"), S("resources/examples/write-report.yaml"), S("--budget"), S("5")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.endsWith(S("no path: every start -> end path takes longer than the budget of 5: the fastest takes "
                              "6; the cheapest costs 6 and takes 6\n")),
             qPrintable(r.out));
    r = cli({S("path"), S("tests/fixtures/path/parallel.yaml"), S("--depth"), S("THOROUGH")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(S("       2        2  split  (parallel: 2 branches)\n"
                              "       3        3    1| a\n"
                              "       3        3    2| b\n"
                              "     3.5        4    2| b_ask  (by_hand)\n"
                              "    10.5        8  join\n")),
             qPrintable(r.out));
    r = cli({S("path"), S("tests/fixtures/path/loop.yaml"), S("--budget"), S("13.5")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(S("      11        9  rounds  (repeats +8 time, +10 cost)\n")), qPrintable(r.out));
    const Run help = cli({S("--help")});
    QVERIFY(help.out.contains(S("  path FILE  ")));
    const Run own = cli({S("path"), S("--help")});
    QCOMPARE(own.exitCode, 0);
    QVERIFY(own.out.startsWith(S("usage: capgraph path FILE [--depth quick|thorough] [--budget N]")));
}

void TestPath::cliJson()
{
    const Run r = cli({S("path"), S("tests/fixtures/path/depth.yaml"), S("--depth"), S("thorough"), S("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value(S("file")).toString(), S("tests/fixtures/path/depth.yaml"));
    QCOMPARE(o.value(S("graph")).toString(), S("research-depth"));
    QCOMPARE(o.value(S("depth")).toString(), S("thorough"));
    QVERIFY(o.value(S("budget")).isNull());
    QCOMPARE(o.value(S("quality_threshold")).toDouble(), 0.8);
    QCOMPARE(o.value(S("found")).toBool(), true);
    QCOMPARE(o.value(S("cost")).toDouble(), 9.5);
    QCOMPARE(o.value(S("time")).toDouble(), 10.0);
    const QJsonArray path = o.value(S("path")).toArray();
    QCOMPARE(path.size(), 6);
    QCOMPARE(path.at(2).toObject().value(S("node")).toString(), S("ask_user"));
    QCOMPARE(path.at(2).toObject().value(S("condition")).toString(), S("ask"));
    QCOMPARE(path.at(2).toObject().value(S("step_cost")).toDouble(), 0.5);
    QCOMPARE(path.at(3).toObject().value(S("edge")).toInt(), 7);
    QCOMPARE(o.value(S("flow_edges")).toArray().size(), 5);

    const Run none = cli({S("path"), S("tests/fixtures/path/depth.yaml"), S("--depth"), S("thorough"),
                               S("--budget"), S("9"), S("--json")});
    QCOMPARE(none.exitCode, 1);
    const QJsonObject n = QJsonDocument::fromJson(none.out.toUtf8()).object();
    QCOMPARE(n.value(S("found")).toBool(), false);
    QCOMPARE(n.value(S("failure")).toString(), S("over-budget"));
    QCOMPARE(n.value(S("budget")).toDouble(), 9.0);
    QCOMPARE(n.value(S("fastest_time")).toDouble(), 9.8);
    QCOMPARE(n.value(S("cheapest")).toObject().value(S("cost")).toDouble(), 9.5);
    QVERIFY(n.value(S("reason")).toString().startsWith(S("every start -> end path takes longer")));
}

void TestPath::cliUsageAndInputErrors()
{
    const QString report = S("resources/examples/write-report.yaml");
    Run r = cli({S("path")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains(S("path: expected exactly one FILE")));
    r = cli({S("path"), report, S("--depth"), S("deep")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains(S("--depth is quick or thorough, not 'deep'")));
    for (const char *budget : {"-1", "abc", "inf", ""}) {
        r = cli({S("path"), report, S("--budget"), S(budget)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(S("--budget is a number >= 0")), qPrintable(r.err));
    }
    QCOMPARE(cli({S("path"), report, report}).exitCode, 2);
    QCOMPARE(cli({S("path"), report, S("--bogus")}).exitCode, 2);
    QCOMPARE(cli({S("path"), report, S("--budget"), S("3"), S("--budget"), S("4")}).exitCode, 2);
    r = cli({S("path"), S("no/such/file.yaml")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.startsWith(S("no/such/file.yaml")));
    r = cli({S("path"), S("tests/fixtures/malformed/duplicate-key.yaml")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains(S("tests/fixtures/malformed/duplicate-key.yaml:6:7: error: duplicate key 'type'")));
    QCOMPARE(r.out, QString());
    r = cli({S("path"), S("tests/fixtures/path/bad-quality.yaml")});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err, S("tests/fixtures/path/bad-quality.yaml:8:7: error: node 'work': quality must be a number from 0 "
                      "to 1, found 'high' [bad-quality]\n"));
    r = cli({S("path"), S("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith(S("usage: capgraph path FILE")));
}

void TestPath::cliOutputFileAndStdin()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(S("path.json"));
    Run r = cli({S("path"), S("resources/examples/literature-search.yaml"), S("--json"), S("-o"), out});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QString());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(f.readAll()).object().value(S("cost")).toDouble(), 19.0);
    r = cli({S("path"), S("resources/examples/write-report.yaml"), S("-o"), dir.filePath(S("missing/dir/x.txt"))});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.startsWith(S("capgraph: cannot write")));
    QFile yaml(S(CAPGRAPH_SOURCE_DIR "/resources/examples/project-cleanup.yaml"));
    QVERIFY(yaml.open(QIODevice::ReadOnly));
    r = cli({S("path"), S("-"), S("--depth"), S("thorough")}, yaml.readAll());
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith(S("project-cleanup (<stdin>): depth thorough")));
    QVERIFY(r.out.endsWith(S("5 nodes, cost 5, time 5\n")));
    // Notes go to standard error.
    const QByteArray noJoin = "graph:\n  id: nj\n  nodes:\n    - {id: s, type: control.start}\n"
                              "    - {id: split, type: control.parallel_split}\n"
                              "    - {id: a, type: skill, skill_id: a}\n    - {id: e1, type: control.end}\n"
                              "    - {id: e2, type: control.end}\n  edges:\n    - {from: s, to: split}\n"
                              "    - {from: split, to: a, type: parallel}\n    - {from: split, to: e2, type: parallel}\n"
                              "    - {from: a, to: e1}\n";
    r = cli({S("path"), S("-")}, noJoin);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.err, S("capgraph: note: <stdin>: parallel_split 'split': its branches never meet again, so the path "
                      "follows one of them\n"));
}


namespace {
// The nodes a run finished, in the order they first finished: its route (a loop's second
// pass adds nothing, as a path takes a loop once).
QStringList routeOf(const QString &traceFile)
{
    QFile f(traceFile);
    if (!f.open(QIODevice::ReadOnly))
        return {S("<no trace>")};
    QStringList route;
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QJsonObject e = QJsonDocument::fromJson(line).object();
        const QString node = e.value(S("node")).toString();
        if (e.value(S("event")).toString() == S("node.finished") && !route.contains(node))
            route.append(node);
    }
    return route;
}
} // namespace

void TestPath::runTakesThePathsWay_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("context"); // --depth / --budget as given to both commands
    QTest::addColumn<QStringList>("answers");
    QTest::addColumn<QString>("through");     // a node the route must pass (what this row is about)

    const QString depth = S("tests/fixtures/path/optimal/depth-run.yaml");
    const QString loop = S("tests/fixtures/path/optimal/loop-run.yaml");
    const QString two = S("tests/fixtures/path/optimal/two-choices.yaml");
    const QStringList ask{S("--answer"), S("ask_user=\"nothing yet\"")};
    const QStringList confirm{S("--answer"), S("ask_reviewer=true")};
    QTest::newRow("depth quick") << depth << QStringList{S("--depth"), S("quick")} << QStringList() << S("skim_sources");
    QTest::newRow("depth thorough") << depth << QStringList{S("--depth"), S("thorough")} << ask << S("ask_user");
    QTest::newRow("depth thorough, budget 9.9") << depth << QStringList{S("--depth"), S("thorough"), S("--budget"), S("9.9")}
                                                << QStringList() << S("lookup");
    QTest::newRow("depth quick, budget 7.5") << depth << QStringList{S("--depth"), S("quick"), S("--budget"), S("7.5")}
                                             << QStringList() << QString(); // nothing fits: path prints none, run takes the cheapest
    QTest::newRow("loop quick") << loop << QStringList{S("--depth"), S("quick")} << QStringList() << S("direct");
    QTest::newRow("loop thorough") << loop << QStringList{S("--depth"), S("thorough")} << QStringList() << S("rounds");
    QTest::newRow("loop quick, budget 13.5") << loop << QStringList{S("--depth"), S("quick"), S("--budget"), S("13.5")}
                                             << QStringList() << S("rounds");
    QTest::newRow("two: the graph's context") << two << QStringList() << QStringList() << S("publish");
    QTest::newRow("two thorough") << two << QStringList{S("--depth"), S("thorough")} << confirm << S("ask_reviewer");
    QTest::newRow("two thorough, budget 10") << two << QStringList{S("--depth"), S("thorough"), S("--budget"), S("10")} << confirm
                                             << S("careful_outline");
}

// Seed 000's dynamic composition: a run whose branches choose `select: optimal` goes the
// way `capgraph path` prints for the same context.
void TestPath::runTakesThePathsWay()
{
    QFETCH(QString, file);
    QFETCH(QStringList, context);
    QFETCH(QStringList, answers);
    QFETCH(QString, through);
    QTemporaryDir dir;
    const QString trace = dir.filePath(S("trace.jsonl"));
    const Run run = cli(QStringList{S("run"), file, S("--mock"), S("tests/fixtures/path/optimal/mocks.yaml"), S("--trace"), trace,
                                    S("--quiet")}
                        + context + answers);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QStringList route = routeOf(trace);

    const Run path = cli(QStringList{S("path"), file, S("--json")} + context);
    const QJsonObject o = QJsonDocument::fromJson(path.out.toUtf8()).object();
    if (through.isEmpty()) { // no path within the budget: the run still ends, by the cheapest way, and warns
        QCOMPARE(path.exitCode, 1);
        QCOMPARE(o.value(S("found")).toBool(), false);
        const Run unbounded = cli(QStringList{S("path"), file, S("--json"), S("--depth"), context.at(1)});
        QStringList cheapest;
        for (const QJsonValue &step : QJsonDocument::fromJson(unbounded.out.toUtf8()).object().value(S("path")).toArray())
            cheapest.append(step.toObject().value(S("node")).toString());
        QCOMPARE(route, cheapest);
        return;
    }
    QCOMPARE(path.exitCode, 0);
    QStringList printed;
    for (const QJsonValue &step : o.value(S("path")).toArray())
        printed.append(step.toObject().value(S("node")).toString());
    QCOMPARE(route, printed);
    QVERIFY2(route.contains(through), qPrintable(route.join(S(" -> "))));
}

// The choice and its reason go in the trace: the branch's node.finished says which way, at
// what cost each way, under what context; the CLI's --json run summary is unchanged.
void TestPath::runChoiceIsInTheTrace()
{
    QTemporaryDir dir;
    const QString trace = dir.filePath(S("trace.jsonl"));
    const Run run = cli({S("run"), S("tests/fixtures/path/optimal/loop-run.yaml"), S("--mock"),
                         S("tests/fixtures/path/optimal/mocks.yaml"), S("--trace"), trace, S("--depth"), S("quick")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QFile f(trace);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonObject choice;
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QJsonObject e = QJsonDocument::fromJson(line).object();
        if (e.value(S("event")).toString() == S("node.finished") && e.value(S("node")).toString() == S("choose"))
            choice = e;
    }
    QCOMPARE(choice.value(S("message")).toString(),
             S("took 'direct' on the cheapest path to an end (depth quick, budget left none): rounds 15 (time 13), direct 14 (time 14)"));
    const QJsonObject data = choice.value(S("data")).toObject();
    QCOMPARE(data.value(S("select")).toString(), S("optimal"));
    QCOMPARE(data.value(S("chosen")).toString(), S("direct"));
    QCOMPARE(data.value(S("depth")).toString(), S("quick"));
    const QJsonArray alternatives = data.value(S("alternatives")).toArray();
    QCOMPARE(alternatives.size(), 2);
    QCOMPARE(alternatives.at(0).toObject().value(S("target")).toString(), S("rounds"));
    QCOMPARE(alternatives.at(0).toObject().value(S("cost")).toDouble(), 15.0);
    QCOMPARE(alternatives.at(1).toObject().value(S("cost")).toDouble(), 14.0);
    // The way not taken is skipped, with the choice named.
    QVERIFY(f.seek(0));
    const QByteArray all = f.readAll();
    QVERIFY(all.contains(R"("event":"node.skipped","message":"branch 'choose' took 'direct'","node":"rounds")"));

    // A depth that is not one is refused before anything runs.
    const Run bad = cli({S("run"), S("tests/fixtures/path/optimal/loop-run.yaml"), S("--depth"), S("deep")});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains(S("--depth is quick or thorough, not 'deep'")), qPrintable(bad.err));
}

QTEST_GUILESS_MAIN(TestPath)
#include "tst_path.moc"
