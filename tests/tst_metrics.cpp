// Complexity metrics: seed 000's GraphMetrics on the examples, the calibrated score and the
// five levels of the seed's table.
#include "metrics/GraphMetrics.h"
#include "yaml/GraphYamlReader.h"

#include <QtTest>

#include <cmath>

using namespace capgraph;

namespace {
Graph load(const QString &name)
{
    const GraphLoadResult r = GraphYamlReader::readFile(QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/") + name);
    if (!r.ok())
        qFatal("%s", qPrintable(r.errorText()));
    return *r.graph;
}

Graph parse(const QByteArray &yaml)
{
    const GraphLoadResult r = GraphYamlReader::readBytes(yaml);
    if (!r.ok())
        qFatal("%s", qPrintable(r.errorText()));
    return *r.graph;
}

Graph chain(int skills)
{
    QByteArray y = "graph:\n  id: chain\n  nodes:\n    - {id: start, type: control.start}\n";
    for (int i = 0; i < skills; ++i)
        y += QStringLiteral("    - {id: s%1, type: skill, skill_id: x}\n").arg(i).toUtf8();
    y += "    - {id: end, type: control.end}\n  edges:\n";
    QString prev = QStringLiteral("start");
    for (int i = 0; i < skills; ++i) {
        y += QStringLiteral("    - {from: %1, to: s%2}\n").arg(prev).arg(i).toUtf8();
        prev = QStringLiteral("s%1").arg(i);
    }
    y += QStringLiteral("    - {from: %1, to: end}\n").arg(prev).toUtf8();
    return parse(y);
}
} // namespace

class TestMetrics : public QObject
{
    Q_OBJECT

private slots:
    void seedTableLevels_data();
    void seedTableLevels();
    void writeReportMetrics();
    void scoreIsTheDocumentedFormula_data();
    void scoreIsTheDocumentedFormula();
    void levelBoundaries();
    void linearChain();
    void parallelAndBackground();
    void weightsAndLoopsInDuration();
    void disconnectedAndEmpty();
    void jsonHasEveryField();
};

void TestMetrics::seedTableLevels_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("score");
    QTest::addColumn<ComplexityLevel>("level");
    // Seed 000, "複雜度分級": project cleanup Trivial, grades query Simple, git commit
    // Moderate, report writing Complex, literature search Very Complex.
    QTest::newRow("project cleanup") << "project-cleanup.yaml" << 10 << ComplexityLevel::Trivial;
    QTest::newRow("grades query") << "grades-query.yaml" << 30 << ComplexityLevel::Simple;
    QTest::newRow("git commit") << "git-commit.yaml" << 55 << ComplexityLevel::Moderate;
    QTest::newRow("report writing") << "write-report.yaml" << 72 << ComplexityLevel::Complex;
    QTest::newRow("literature search") << "literature-search.yaml" << 100 << ComplexityLevel::VeryComplex;
}

void TestMetrics::seedTableLevels()
{
    QFETCH(QString, file);
    QFETCH(int, score);
    QFETCH(ComplexityLevel, level);
    const GraphMetrics m = GraphMetrics::compute(load(file));
    QCOMPARE(m.complexityScore, score);
    QCOMPARE(m.level, level);
}

void TestMetrics::writeReportMetrics()
{
    const GraphMetrics m = GraphMetrics::compute(load(QStringLiteral("write-report.yaml")));
    QCOMPARE(m.nodeCount, 15);
    QCOMPARE(m.edgeCount, 17); // 12 edges + 5 branch condition targets
    QCOMPARE(m.connectedComponents, 1);
    QCOMPARE(m.cyclomaticComplexity, 4); // 17 - 15 + 2
    QCOMPARE(m.maxDepth, 3);             // expand_query: inside the mode branch, the loop and branch_enough
    QCOMPARE(m.branchFactor, 17.0 / 14.0);
    QCOMPARE(m.loopCount, 1);
    QCOMPARE(m.maxIterations, 5);
    QCOMPARE(m.interactionCount, 1);
    QCOMPARE(m.parallelBranches, 0);
    QCOMPARE(m.structureScore, 40.0);
    QVERIFY(std::fabs(m.loopScore - 15.0 * std::log10(6.0)) < 1e-9);
    QCOMPARE(m.interactionScore, 20.0);
    // Longest forward path start..end is 11 edges (search mode); the loop body
    // (loop_search_start -> generate -> search -> branch -> expand -> back) costs 5 and may
    // run 4 more times.
    QCOMPARE(m.estimatedDuration, 11.0 + 4 * 5.0);
}

void TestMetrics::scoreIsTheDocumentedFormula_data()
{
    QTest::addColumn<QString>("file");
    for (const char *f : {"project-cleanup.yaml", "grades-query.yaml", "git-commit.yaml", "write-report.yaml",
                          "literature-search.yaml"})
        QTest::newRow(f) << QString::fromLatin1(f);
}

void TestMetrics::scoreIsTheDocumentedFormula()
{
    QFETCH(QString, file);
    const Graph g = load(file);
    const GraphMetrics m = GraphMetrics::compute(g);
    // Recompute the loop term independently from the graph's bounds.
    double loops = 0;
    for (const Node &n : g.nodes)
        if (n.kind == NodeKind::LoopStart)
            loops += 15.0 * std::min(1.0, std::log10(1.0 + n.maxIterations.value_or(0)));
    for (const Edge &e : g.edges)
        if (e.kind == EdgeKind::Iteration && g.node(e.to)->kind != NodeKind::LoopStart)
            loops += 15.0 * std::min(1.0, std::log10(1.0 + e.maxCount.value_or(0)));
    const double raw = 10.0 * m.cyclomaticComplexity + loops + 20.0 * m.interactionCount + 5.0 * m.parallelBranches;
    QCOMPARE(m.complexityScore, int(std::lround(std::clamp(raw, 0.0, 100.0))));
    QCOMPARE(m.level, complexityLevelForScore(m.complexityScore));
}

void TestMetrics::levelBoundaries()
{
    QCOMPARE(complexityLevelForScore(0), ComplexityLevel::Trivial);
    QCOMPARE(complexityLevelForScore(20), ComplexityLevel::Trivial);
    QCOMPARE(complexityLevelForScore(21), ComplexityLevel::Simple);
    QCOMPARE(complexityLevelForScore(40), ComplexityLevel::Simple);
    QCOMPARE(complexityLevelForScore(41), ComplexityLevel::Moderate);
    QCOMPARE(complexityLevelForScore(60), ComplexityLevel::Moderate);
    QCOMPARE(complexityLevelForScore(61), ComplexityLevel::Complex);
    QCOMPARE(complexityLevelForScore(80), ComplexityLevel::Complex);
    QCOMPARE(complexityLevelForScore(81), ComplexityLevel::VeryComplex);
    QCOMPARE(complexityLevelForScore(100), ComplexityLevel::VeryComplex);
    QCOMPARE(complexityLevelName(ComplexityLevel::VeryComplex), QStringLiteral("Very Complex"));
}

void TestMetrics::linearChain()
{
    const GraphMetrics m = GraphMetrics::compute(chain(6));
    QCOMPARE(m.nodeCount, 8);
    QCOMPARE(m.edgeCount, 7);
    QCOMPARE(m.cyclomaticComplexity, 1);
    QCOMPARE(m.maxDepth, 0);
    QCOMPARE(m.branchFactor, 1.0);
    QCOMPARE(m.maxIterations, 0);
    QCOMPARE(m.estimatedDuration, 7.0);
    QCOMPARE(m.complexityScore, 10);
    QCOMPARE(m.level, ComplexityLevel::Trivial);
}

void TestMetrics::parallelAndBackground()
{
    const GraphMetrics git = GraphMetrics::compute(load(QStringLiteral("git-commit.yaml")));
    QCOMPARE(git.parallelBranches, 3);
    QCOMPARE(git.maxDepth, 2);
    QCOMPARE(git.cyclomaticComplexity, 4);

    const GraphMetrics bg = GraphMetrics::compute(parse(R"(graph:
  id: bg
  nodes:
    - {id: start, type: control.start}
    - {id: main, type: skill, skill_id: x}
    - {id: side, type: skill, skill_id: y}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: main}
    - {from: main, to: side, type: parallel, sync_required: false}
    - {from: main, to: end}
)"));
    QCOMPARE(bg.parallelBranches, 1);
}

void TestMetrics::weightsAndLoopsInDuration()
{
    // project-cleanup: four edges, one of weight 2.
    QCOMPARE(GraphMetrics::compute(load(QStringLiteral("project-cleanup.yaml"))).estimatedDuration, 5.0);
    // A self-iterating node bounded by max_count 4: body cost 1 (the edge), 3 extra rounds.
    const GraphMetrics m = GraphMetrics::compute(parse(R"(graph:
  id: self
  nodes:
    - {id: start, type: control.start}
    - {id: w, type: skill, skill_id: x, outputs: [ok]}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: w}
    - {from: w, to: w, type: iteration, max_count: 4, exit_condition: ok}
    - {from: w, to: end, weight: 0.5}
)"));
    QCOMPARE(m.estimatedDuration, 1.5 + 3 * 1.0);
    QCOMPARE(m.loopCount, 1);
    QCOMPARE(m.maxIterations, 4);
    QVERIFY(std::fabs(m.loopScore - 15.0 * std::log10(5.0)) < 1e-9);
}

void TestMetrics::disconnectedAndEmpty()
{
    const GraphMetrics empty = GraphMetrics::compute(Graph{});
    QCOMPARE(empty.nodeCount, 0);
    QCOMPARE(empty.complexityScore, 0);
    const GraphMetrics two = GraphMetrics::compute(parse(R"(graph:
  id: two
  nodes:
    - {id: start, type: control.start}
    - {id: end, type: control.end}
    - {id: island_a, type: skill, skill_id: x}
    - {id: island_b, type: skill, skill_id: x}
  edges:
    - {from: start, to: end}
    - {from: island_a, to: island_b}
)"));
    QCOMPARE(two.connectedComponents, 2);
    QCOMPARE(two.cyclomaticComplexity, 2 - 4 + 4);
}

void TestMetrics::jsonHasEveryField()
{
    const QJsonObject o = GraphMetrics::compute(load(QStringLiteral("write-report.yaml"))).toJson();
    for (const char *key : {"nodeCount", "edgeCount", "cyclomaticComplexity", "maxDepth", "branchFactor", "maxIterations",
                            "interactionCount", "parallelBranches", "complexityScore", "estimatedDuration", "level"})
        QVERIFY2(o.contains(QLatin1String(key)), key);
    QCOMPARE(o.value(QStringLiteral("level")).toString(), QStringLiteral("Complex"));
    QCOMPARE(o.value(QStringLiteral("complexityScore")).toInt(), 72);
}

QTEST_GUILESS_MAIN(TestMetrics)
#include "tst_metrics.moc"
