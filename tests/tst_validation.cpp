// Lint: every class has a fixture that fails with exactly the expected findings at the
// expected line and column; the shipped examples are clean.
#include "support/ExampleGraphs.h"
#include "validation/GraphValidator.h"
#include "yaml/GraphYamlReader.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

using namespace capgraph;

namespace {
QString lintDir() { return QStringLiteral(CAPGRAPH_FIXTURES_DIR "/lint"); }

// Severity of every lint class, as docs/graph-format.md lists them.
const QHash<QString, Severity> &documentedSeverities()
{
    static const QHash<QString, Severity> s{
        {QStringLiteral("missing-id"), Severity::Error},
        {QStringLiteral("duplicate-id"), Severity::Error},
        {QStringLiteral("unknown-node-type"), Severity::Error},
        {QStringLiteral("unknown-edge-type"), Severity::Error},
        {QStringLiteral("missing-skill-id"), Severity::Error},
        {QStringLiteral("bad-execution-mode"), Severity::Error},
        {QStringLiteral("unbounded-iterative-skill"), Severity::Warning},
        {QStringLiteral("bad-number"), Severity::Error},
        {QStringLiteral("branch-without-conditions"), Severity::Error},
        {QStringLiteral("select-without-options"), Severity::Error},
        {QStringLiteral("interaction-without-prompt"), Severity::Info},
        {QStringLiteral("conditional-without-condition"), Severity::Warning},
        {QStringLiteral("dangling-edge"), Severity::Error},
        {QStringLiteral("dangling-target"), Severity::Error},
        {QStringLiteral("missing-target"), Severity::Error},
        {QStringLiteral("missing-start"), Severity::Error},
        {QStringLiteral("multiple-starts"), Severity::Error},
        {QStringLiteral("missing-end"), Severity::Error},
        {QStringLiteral("edge-into-start"), Severity::Error},
        {QStringLiteral("edge-from-end"), Severity::Error},
        {QStringLiteral("unreachable"), Severity::Warning},
        {QStringLiteral("cannot-reach-end"), Severity::Error},
        {QStringLiteral("loop-end-without-start"), Severity::Error},
        {QStringLiteral("loop-start-without-end"), Severity::Warning},
        {QStringLiteral("unbounded-cycle"), Severity::Error},
        {QStringLiteral("parallel-split-single-branch"), Severity::Warning},
        {QStringLiteral("unmatched-parallel-split"), Severity::Warning},
        {QStringLiteral("unmatched-parallel-join"), Severity::Warning},
        {QStringLiteral("expression-syntax"), Severity::Error},
        {QStringLiteral("unknown-name"), Severity::Warning},
        {QStringLiteral("unknown-output"), Severity::Warning},
        {QStringLiteral("bad-on-error"), Severity::Error},
        {QStringLiteral("parallel-without-for-each"), Severity::Error},
        {QStringLiteral("for-each-without-parallel"), Severity::Warning},
    };
    return s;
}

QStringList expectations(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    static const QRegularExpression re(QStringLiteral("^# expect: (\\S+) (\\d+):(\\d+)$"));
    QStringList out;
    for (const QByteArray &line : f.readAll().split('\n')) {
        const auto m = re.match(QString::fromUtf8(line.trimmed()));
        if (m.hasMatch())
            out << QStringLiteral("%1 %2:%3").arg(m.captured(1), m.captured(2), m.captured(3));
    }
    out.sort();
    return out;
}

QStringList describe(const Diagnostics &diags)
{
    QStringList out;
    for (const Diagnostic &d : diags)
        out << QStringLiteral("%1 %2:%3").arg(d.code).arg(d.line).arg(d.column);
    out.sort();
    return out;
}

Diagnostics lint(const QByteArray &yaml)
{
    const GraphLoadResult r = GraphYamlReader::readBytes(yaml, QStringLiteral("inline.yaml"));
    if (!r.ok())
        qFatal("inline fixture does not load: %s", qPrintable(r.errorText()));
    return GraphValidator::validate(*r.graph, QStringLiteral("inline.yaml"));
}

QStringList codes(const Diagnostics &diags)
{
    QStringList out;
    for (const Diagnostic &d : diags)
        out << d.code;
    return out;
}
} // namespace

class TestValidation : public QObject
{
    Q_OBJECT

private slots:
    void fixtures_data();
    void fixtures();
    void everyClassHasAFixture();
    void examplesAreClean_data();
    void examplesAreClean();
    void findingsNameTheirNodeOrEdge();
    void inMemoryGraph();
    void emptyGraph();
    void namesFromDownstreamAreUnknown();
    void loopBodySeesItsOwnOutputs();
    void backgroundBranchMayJustFinish();
    void iterationEdgeBoundsACycle();
    void explicitEdgesStandInForBranchTargets();
    void branchEdgeConditionConflicts();
    void selectChoices();
};

void TestValidation::fixtures_data()
{
    QTest::addColumn<QString>("path");
    const QDir dir(lintDir());
    for (const QString &f : dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(f)) << dir.filePath(f);
}

void TestValidation::fixtures()
{
    QFETCH(QString, path);
    const GraphLoadResult r = GraphYamlReader::readFile(path);
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Diagnostics diags = GraphValidator::validate(*r.graph, path);
    const QStringList expected = expectations(path);
    QVERIFY2(!expected.isEmpty(), "a lint fixture must say what it expects");
    QCOMPARE(describe(diags), expected);
    for (const Diagnostic &d : diags) {
        QVERIFY2(documentedSeverities().contains(d.code), qPrintable(d.code));
        QCOMPARE(d.severity, documentedSeverities().value(d.code));
        QCOMPARE(d.file, path);
        QVERIFY(!d.message.isEmpty());
    }
}

void TestValidation::everyClassHasAFixture()
{
    QSet<QString> covered;
    const QDir dir(lintDir());
    for (const QString &f : dir.entryList({QStringLiteral("*.yaml")}))
        for (const QString &e : expectations(dir.filePath(f)))
            covered.insert(e.section(QLatin1Char(' '), 0, 0));
    covered.insert(QStringLiteral("missing-id")); // cannot come from YAML (the reader refuses it): see inMemoryGraph
    covered.insert(QStringLiteral("branch-without-conditions"));
    QStringList missing;
    for (auto it = documentedSeverities().cbegin(); it != documentedSeverities().cend(); ++it)
        if (!covered.contains(it.key()))
            missing << it.key();
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));
}

void TestValidation::examplesAreClean_data()
{
    QTest::addColumn<QString>("path");
    const QDir dir(QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples"));
    for (const QString &f : exampleGraphFiles(dir))
        QTest::newRow(qPrintable(f)) << dir.filePath(f);
}

void TestValidation::examplesAreClean()
{
    QFETCH(QString, path);
    const GraphLoadResult r = GraphYamlReader::readFile(path);
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Diagnostics diags = GraphValidator::validate(*r.graph, path);
    QStringList text;
    for (const Diagnostic &d : diags)
        text << d.format();
    QVERIFY2(diags.isEmpty(), qPrintable(text.join(QLatin1Char('\n'))));
}

void TestValidation::findingsNameTheirNodeOrEdge()
{
    const Diagnostics diags = GraphValidator::validate(
        *GraphYamlReader::readFile(lintDir() + QStringLiteral("/node-fields.yaml")).graph);
    bool sawNode = false, sawEdge = false;
    for (const Diagnostic &d : diags) {
        if (d.code == QLatin1String("missing-skill-id")) {
            QCOMPARE(d.nodeId, QStringLiteral("noskill"));
            sawNode = true;
        }
        if (d.code == QLatin1String("conditional-without-condition")) {
            QCOMPARE(d.edgeIndex, 5);
            QVERIFY(d.nodeId.isEmpty());
            sawEdge = true;
        }
    }
    QVERIFY(sawNode && sawEdge);
}

void TestValidation::inMemoryGraph()
{
    // Graphs built in code (the editor's, a script's) lint the same way, without lines.
    Graph g;
    g.id = QStringLiteral("mem");
    Node start;
    start.id = QStringLiteral("start");
    start.kind = NodeKind::Start;
    start.type = canonicalTypeName(NodeKind::Start);
    Node nameless;
    nameless.kind = NodeKind::Merge;
    nameless.type = canonicalTypeName(NodeKind::Merge);
    Node branch;
    branch.id = QStringLiteral("route");
    branch.kind = NodeKind::Branch;
    branch.type = canonicalTypeName(NodeKind::Branch);
    Node end;
    end.id = QStringLiteral("end");
    end.kind = NodeKind::End;
    end.type = canonicalTypeName(NodeKind::End);
    g.nodes = {start, nameless, branch, end};
    Edge a;
    a.from = QStringLiteral("start");
    a.to = QStringLiteral("route");
    Edge b;
    b.from = QStringLiteral("route");
    b.to = QStringLiteral("end");
    g.edges = {a, b};
    const Diagnostics diags = GraphValidator::validate(g);
    QVERIFY(codes(diags).contains(QStringLiteral("missing-id")));
    QVERIFY(codes(diags).contains(QStringLiteral("branch-without-conditions")));
    for (const Diagnostic &d : diags) {
        QCOMPARE(d.line, 0);
        QVERIFY(d.format().startsWith(QStringLiteral("<graph>: ")));
    }
}

void TestValidation::emptyGraph()
{
    const Diagnostics diags = lint("graph: {id: empty, nodes: []}\n");
    QCOMPARE(codes(diags), QStringList({QStringLiteral("missing-start"), QStringLiteral("missing-end")}));
}

void TestValidation::namesFromDownstreamAreUnknown()
{
    const Diagnostics diags = lint(R"(graph:
  id: order
  nodes:
    - {id: start, type: control.start}
    - id: check
      type: control.branch
      conditions:
        - {name: yes, expression: "late_value > 1 OR exists(late_value) OR default(other, 1) == 1", target: later}
        - {name: no, expression: "true", target: end}
    - {id: later, type: skill, skill_id: x, outputs: [late_value]}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: check}
    - {from: later, to: end}
)");
    // `late_value` is produced only after the branch; the guarded uses are fine.
    QCOMPARE(describe(diags), QStringList{QStringLiteral("unknown-name 8:36")});
}

void TestValidation::loopBodySeesItsOwnOutputs()
{
    const Diagnostics diags = lint(R"(graph:
  id: loop
  nodes:
    - {id: start, type: control.start}
    - {id: loop, type: control.loop_start, max_iterations: 3}
    - id: check
      type: control.branch
      conditions:
        - {name: again, expression: "NOT exists(count) OR count < 3", target: work}
        - {name: done, expression: "count >= 3", target: loop_end}
    - {id: work, type: skill, skill_id: x, outputs: [count]}
    - {id: loop_end, type: control.loop_end, loop_start: loop}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: loop}
    - {from: loop, to: check}
    - {from: work, to: loop, type: iteration}
    - {from: loop_end, to: end}
)");
    QVERIFY2(diags.isEmpty(), qPrintable(describe(diags).join(QLatin1Char(','))));
}

void TestValidation::backgroundBranchMayJustFinish()
{
    // Seed 002: Summary -> Score runs in the background and simply finishes.
    const Diagnostics diags = lint(R"(graph:
  id: projectflow
  nodes:
    - {id: start, type: control.start}
    - {id: split, type: control.parallel_split}
    - {id: decision, type: skill, skill_id: agents.decide}
    - {id: response, type: skill, skill_id: agents.respond}
    - {id: summary, type: skill, skill_id: agents.summarize}
    - {id: score, type: skill, skill_id: agents.score}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: split}
    - {from: split, to: decision, type: parallel}
    - {from: split, to: summary, type: parallel, sync_required: false}
    - {from: decision, to: response}
    - {from: response, to: end}
    - {from: summary, to: score}
)");
    QVERIFY2(!codes(diags).contains(QStringLiteral("cannot-reach-end")), qPrintable(describe(diags).join(QLatin1Char(','))));
}

void TestValidation::iterationEdgeBoundsACycle()
{
    const QByteArray base = R"(graph:
  id: it
  nodes:
    - {id: start, type: control.start}
    - {id: work, type: skill, skill_id: x, outputs: [ok]}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: work}
    - {from: work, to: work, type: iteration%1}
    - {from: work, to: end}
)";
    QVERIFY(codes(lint(QString::fromUtf8(base).arg(QString()).toUtf8())).contains(QStringLiteral("unbounded-cycle")));
    QCOMPARE(lint(QString::fromUtf8(base).arg(QStringLiteral(", max_count: 3, exit_condition: \"ok\"")).toUtf8()).size(), 0);
}

void TestValidation::explicitEdgesStandInForBranchTargets()
{
    // A branch may still route through conditional edges instead of condition targets (files
    // written that way run), but a branch decides by its conditions list: each edge condition
    // gets a warning that says which one the executor uses.
    const Diagnostics diags = lint(R"(graph:
  id: edges-only
  nodes:
    - {id: start, type: control.start}
    - {id: route, type: control.branch}
    - {id: a, type: skill, skill_id: x}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: route}
    - {from: route, to: a, type: conditional, condition: "input.go"}
    - {from: route, to: end, type: conditional, condition: "NOT input.go"}
    - {from: a, to: end}
)");
    QCOMPARE(describe(diags), (QStringList{QStringLiteral("branch-edge-condition 10:58"), QStringLiteral("branch-edge-condition 11:60")}));
    for (const Diagnostic &d : diags) {
        QCOMPARE(d.severity, Severity::Warning);
        QVERIFY2(d.message.contains(QStringLiteral("the executor uses the edge's")), qPrintable(d.message));
    }
}

void TestValidation::branchEdgeConditionConflicts()
{
    // One branch model: an edge out of a branch that carries a condition of its own beside the
    // branch's conditions is flagged, naming the conflict and the one the executor uses.
    const Diagnostics diags = lint(R"(graph:
  id: both
  nodes:
    - {id: start, type: control.start}
    - id: route
      type: control.branch
      conditions:
        - {name: good, expression: "score >= 0.8", target: a}
    - {id: a, type: skill, skill_id: x}
    - {id: b, type: skill, skill_id: x}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: route}
    - {from: route, to: a, type: conditional, condition: "true"}
    - {from: route, to: b, type: conditional, condition: "score < 0.8"}
    - {from: a, to: end}
    - {from: b, to: end}
)");
    QStringList conflicts;
    for (const Diagnostic &d : diags)
        if (d.code == QLatin1String("branch-edge-condition"))
            conflicts << d.message;
    QCOMPARE(conflicts.size(), 2);
    QVERIFY2(conflicts.at(0).contains(QStringLiteral("branch's condition 'good' also leads to 'a'"))
                 && conflicts.at(0).contains(QStringLiteral("the executor uses 'good'")),
             qPrintable(conflicts.at(0)));
    QVERIFY2(conflicts.at(1).contains(QStringLiteral("only when none of them holds")), qPrintable(conflicts.at(1)));
}

void TestValidation::selectChoices()
{
    const auto findings = [](const char *node) {
        return describe(lint(QStringLiteral(R"(graph:
  id: s
  nodes:
    - {id: start, type: control.start}
    - %1
    - {id: end, type: control.end}
  edges:
    - {from: start, to: pick}
    - {from: pick, to: end}
)").arg(QLatin1String(node)).toUtf8()));
    };
    QCOMPARE(findings("{id: pick, type: interaction.select, prompt: p, options: [a, b, c], multiple: true, min: 1, max: 2}"), QStringList());
    QCOMPARE(findings("{id: pick, type: interaction.select, prompt: p, options: [a, b], min: 1}"), QStringList{QStringLiteral("choices-without-multiple 5:77")});
    QCOMPARE(findings("{id: pick, type: interaction.select, prompt: p, options: [a, b], multiple: true, min: 3, max: 2}"),
             (QStringList{QStringLiteral("bad-number 5:93"), QStringLiteral("bad-number 5:93")}));
    QCOMPARE(findings("{id: pick, type: interaction.select, prompt: p, options: [a, b], multiple: true, max: 0}"), QStringList{QStringLiteral("bad-number 5:93")});
}

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
