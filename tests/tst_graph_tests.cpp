// Graph test suites (`capgraph test`, docs/testing.md), pinned outputs (`capgraph run --pinned`)
// and what a trace records of a node's input (docs/execution.md), as a user meets them on the
// command line: exit codes, messages, the JUnit report read back, the trace's lines.
#include "support/CliRun.h"
#include "support/ExampleGraphs.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <QtTest>

namespace {

CliRun capgraph(const QStringList &args) { return runCapgraph(args); }

void write(const QString &path, const QByteArray &text)
{
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(path));
    f.write(text);
}

// A copy of write-report.yaml and its mocks in `dir`, so suites there can name them.
void copyWriteReport(const QString &dir)
{
    QVERIFY(QFile::copy(QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/write-report.yaml"), dir + QStringLiteral("/write-report.yaml")));
    QVERIFY(QDir(dir).mkpath(QStringLiteral("mocks")));
    QVERIFY(QFile::copy(QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/mocks/write-report.mock.yaml"),
                        dir + QStringLiteral("/mocks/write-report.mock.yaml")));
}

QList<QJsonObject> traceEvents(const QString &path)
{
    QList<QJsonObject> events;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return events;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (!line.trimmed().isEmpty())
            events << QJsonDocument::fromJson(line).object();
    return events;
}

struct JUnitCounts
{
    int suites = 0, tests = 0, failures = 0, errors = 0;
    QStringList failureMessages;
    QStringList caseNames;
};

JUnitCounts readJUnit(const QString &path)
{
    JUnitCounts c;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return c;
    QXmlStreamReader x(&f);
    while (!x.atEnd()) {
        if (x.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (x.name() == QLatin1String("testsuite")) {
            ++c.suites;
        } else if (x.name() == QLatin1String("testcase")) {
            ++c.tests;
            c.caseNames << x.attributes().value(QStringLiteral("name")).toString();
        } else if (x.name() == QLatin1String("failure")) {
            ++c.failures;
            c.failureMessages << x.attributes().value(QStringLiteral("message")).toString();
        } else if (x.name() == QLatin1String("error")) {
            ++c.errors;
        }
    }
    if (x.hasError())
        c.suites = -1;
    return c;
}

const QByteArray kPassing = R"(graph: write-report.yaml
mocks: mocks/write-report.mock.yaml
tests:
  - name: pdf
    input: {type: pdf}
    expect:
      status: finished
      route: [identify_input, read_pdf, write_report]
      not_route: [fetch_pmid]
      outputs: [read_pdf.source == 'pdf']
  - name: search waits
    input: {type: search}
    expect: {status: waiting, route: [confirm_selection], not_route: [write_report]}
)";

} // namespace

class TestGraphTests : public QObject
{
    Q_OBJECT

private slots:
    void passingSuiteExitsZeroAndWritesJUnit();
    void failingCaseSaysWhatWasExpectedAndWhatHappened();
    void inlineMocksAndAnswersShapeTheRun();
    void invalidSuiteIsExitTwoWithFileLineColumn();
    void folderIsSearchedAndCaseFilterApplies();
    void pinnedOutputsReplaceTheHandler();
    void pinsThatDoNotFitAreRefused();
    void traceRecordsTheResolvedInput();
    void traceCutsLongInputsAndSaysSo();
    void examplesPassTheirSuites();
    void slowCaseTimesOut();
    void backgroundFailureAfterTheMainPathEndsTheRun();
};

void TestGraphTests::passingSuiteExitsZeroAndWritesJUnit()
{
    QTemporaryDir dir;
    copyWriteReport(dir.path());
    write(dir.filePath(QStringLiteral("ok.test.yaml")), kPassing);
    const QString junit = dir.filePath(QStringLiteral("out.xml"));
    const CliRun r = capgraph({QStringLiteral("test"), dir.filePath(QStringLiteral("ok.test.yaml")), QStringLiteral("--junit"), junit});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("PASS  ")) && r.out.contains(QStringLiteral("  pdf (")), qPrintable(r.out));
    QVERIFY2(r.out.endsWith(QStringLiteral("2 cases in 1 file: 2 passed\n")), qPrintable(r.out));
    const JUnitCounts j = readJUnit(junit);
    QCOMPARE(j.suites, 1);
    QCOMPARE(j.tests, 2);
    QCOMPARE(j.failures, 0);
    QCOMPARE(j.errors, 0);
    QCOMPARE(j.caseNames, (QStringList{QStringLiteral("pdf"), QStringLiteral("search waits")}));
}

void TestGraphTests::failingCaseSaysWhatWasExpectedAndWhatHappened()
{
    QTemporaryDir dir;
    copyWriteReport(dir.path());
    write(dir.filePath(QStringLiteral("bad.test.yaml")), R"(graph: write-report.yaml
mocks: mocks/write-report.mock.yaml
tests:
  - name: wrong way
    input: {type: pdf}
    expect:
      route: [identify_input, fetch_pmid, write_report]
      not_route: [read_pdf]
      outputs:
        - len(read_pdf.content) > 1000
        - nothing.here == 1
      max_steps: 3
  - name: right way
    input: {type: pmid}
    expect: {status: finished, route: [fetch_pmid]}
  - name: expected to finish but waits
    input: {type: search}
    expect: {status: finished}
)");
    const QString junit = dir.filePath(QStringLiteral("out.xml"));
    const CliRun r = capgraph({QStringLiteral("test"), dir.filePath(QStringLiteral("bad.test.yaml")), QStringLiteral("--junit"), junit});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains(QStringLiteral("FAIL  ")) && r.out.contains(QStringLiteral("bad.test.yaml:4  wrong way")), qPrintable(r.out));
    // The route: which node was never reached after which, and the way the run went.
    QVERIFY2(r.out.contains(QStringLiteral("after 'identify_input' the run never entered 'fetch_pmid'; it went start → identify_input → branch_input_type → read_pdf")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("not_route: the run entered 'read_pdf' (step 4 of")), qPrintable(r.out));
    // An expression that does not hold says what its names held; one that cannot be evaluated says why.
    QVERIFY2(r.out.contains(QStringLiteral("`len(read_pdf.content) > 1000` (line 10) is false, where read_pdf.content = Full text of the uploaded PDF")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("`nothing.here == 1` (line 11) cannot be evaluated on the final context: unknown name 'nothing'")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("max_steps: expected at most 3 node executions, the run took 7")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("status: expected finished, the run waits for an answer")), qPrintable(r.out));
    QVERIFY2(r.out.endsWith(QStringLiteral("3 cases in 1 file: 1 passed, 2 failed\n")), qPrintable(r.out));
    const JUnitCounts j = readJUnit(junit);
    QCOMPARE(j.tests, 3);
    QCOMPARE(j.failures, 2);
    QVERIFY2(j.failureMessages.value(0).startsWith(QStringLiteral("route: expected identify_input → fetch_pmid → write_report")),
             qPrintable(j.failureMessages.join(QLatin1Char('\n'))));
}

void TestGraphTests::inlineMocksAndAnswersShapeTheRun()
{
    QTemporaryDir dir;
    copyWriteReport(dir.path());
    write(dir.filePath(QStringLiteral("shape.test.yaml")), R"(graph: write-report.yaml
mocks: mocks/write-report.mock.yaml
tests:
  - name: a failing reader fails the run
    input: {type: pdf}
    mocks: {skills: {pdf-reader: {fail: "the PDF is encrypted"}}}
    expect: {status: failed, route: [read_pdf], not_route: [write_report]}
  - name: the chosen paper is the answer
    input: {type: search}
    answers: {confirm_selection: Hamilton 2017}
    expect:
      status: finished
      outputs: [confirm_selection.answer == 'Hamilton 2017']
  - name: an answer that is not an option is refused
    input: {type: search}
    answers: {confirm_selection: Nobody 1999}
    expect: {status: waiting}
)");
    const CliRun r = capgraph({QStringLiteral("test"), dir.filePath(QStringLiteral("shape.test.yaml"))});
    QVERIFY2(r.out.contains(QStringLiteral("PASS  ")) && r.out.contains(QStringLiteral("a failing reader fails the run")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("the chosen paper is the answer (")), qPrintable(r.out));
    // A refused answer is a failure of the case, with the run's reason.
    QVERIFY2(r.out.contains(QStringLiteral("answers: the answer for 'confirm_selection' was refused")), qPrintable(r.out));
    QCOMPARE(r.exitCode, 1);
}

void TestGraphTests::invalidSuiteIsExitTwoWithFileLineColumn()
{
    QTemporaryDir dir;
    copyWriteReport(dir.path());
    const QString file = dir.filePath(QStringLiteral("invalid.test.yaml"));
    const struct
    {
        QByteArray text;
        QString message;
    } cases[] = {
        {"tests:\n  - name: x\n    graph: write-report.yaml\n    expect:\n      stauts: finished\n",
         QStringLiteral(":5:7: error: unknown key 'stauts' in expect (expected one of: status, route, not_route, outputs, max_steps, max_tokens)")},
        {"tests:\n  - name: x\n    graph: nowhere.yaml\n    expect: {status: finished}\n",
         QStringLiteral(":3:12: error: graph: no such file: nowhere.yaml (paths are relative to the test file's folder)")},
        {"tests:\n  - name: x\n    graph: write-report.yaml\n    expect: {status: done}\n",
         QStringLiteral(":4:22: error: expect.status: expected finished, failed or waiting, got 'done'")},
        {"tests:\n  - graph: write-report.yaml\n    expect: {status: finished}\n",
         QStringLiteral(":2:5: error: a test case without a name")},
        {"graph: write-report.yaml\ntests:\n  - name: x\n    expect: {route: start}\n",
         QStringLiteral(":4:21: error: expect.route: expected a list of node ids")},
        {"graph: write-report.yaml\ntests:\n  - name: x\n    expect: {status: finished}\n  - name: x\n    expect: {status: finished}\n",
         QStringLiteral(":5:11: error: a second test case named 'x'")},
        {"nodes: []\n", QStringLiteral(":1:1: error: not a test suite: expected a mapping with `tests:`")},
        {"tests: [\n", QStringLiteral(":2:1: error: ")},
    };
    for (const auto &c : cases) {
        write(file, c.text);
        const CliRun r = capgraph({QStringLiteral("test"), file});
        QVERIFY2(r.exitCode == 2, qPrintable(QString::fromUtf8(c.text) + r.out + r.err));
        QVERIFY2(r.err.contains(file + c.message), qPrintable(QStringLiteral("expected %1%2 in:\n%3").arg(file, c.message, r.err)));
    }
    // The other files still run; the summary counts the invalid one.
    write(dir.filePath(QStringLiteral("ok.test.yaml")), kPassing);
    const CliRun both = capgraph({QStringLiteral("test"), dir.path()});
    QCOMPARE(both.exitCode, 2);
    QVERIFY2(both.out.contains(QStringLiteral("2 cases in 2 files: 2 passed, 1 invalid test file")), qPrintable(both.out));
    // A path that does not exist.
    const CliRun none = capgraph({QStringLiteral("test"), dir.filePath(QStringLiteral("nope.test.yaml"))});
    QCOMPARE(none.exitCode, 2);
    QVERIFY2(none.err.contains(QStringLiteral("no such file or folder")), qPrintable(none.err));
}

void TestGraphTests::folderIsSearchedAndCaseFilterApplies()
{
    QTemporaryDir dir;
    copyWriteReport(dir.path());
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("sub")));
    write(dir.filePath(QStringLiteral("ok.test.yaml")), kPassing);
    write(dir.filePath(QStringLiteral("sub/more.test.yaml")), "graph: ../write-report.yaml\nmocks: ../mocks/write-report.mock.yaml\n"
                                                              "tests:\n  - name: pmid\n    input: {type: pmid}\n    expect: {route: [fetch_pmid]}\n");
    write(dir.filePath(QStringLiteral("not-a-suite.yaml")), "tests: nonsense\n"); // not *.test.yaml: not read
    const CliRun all = capgraph({QStringLiteral("test"), dir.path()});
    QCOMPARE(all.exitCode, 0);
    QVERIFY2(all.out.endsWith(QStringLiteral("3 cases in 2 files: 3 passed\n")), qPrintable(all.out));
    const CliRun one = capgraph({QStringLiteral("test"), dir.path(), QStringLiteral("--case"), QStringLiteral("PMID"), QStringLiteral("--verbose")});
    QCOMPARE(one.exitCode, 0);
    QVERIFY2(one.out.endsWith(QStringLiteral("1 case in 2 files: 1 passed\n")), qPrintable(one.out));
    QVERIFY2(one.out.contains(QStringLiteral("route: start → identify_input → branch_input_type → fetch_pmid")), qPrintable(one.out));
}

void TestGraphTests::pinnedOutputsReplaceTheHandler()
{
    QTemporaryDir dir;
    copyWriteReport(dir.path());
    // The mock would fail the search; the pin keeps it from being called at all.
    write(dir.filePath(QStringLiteral("fail.mock.yaml")),
          "skills:\n  input-classifier: {outputs: {input_kind: search}}\n  query-generator: {outputs: {query: q}}\n"
          "  literature-search: {fail: \"the search must not be called\"}\n  query-expander: {outputs: {expanded: true}}\n"
          "  report-writer: {outputs: {report: r, word_count: 1}}\n  pdf-reader: {outputs: {content: c}}\n  pubmed-fetcher: {outputs: {content: c}}\n");
    write(dir.filePath(QStringLiteral("write-report.pins.yaml")),
          "search_literature:\n  result_count: 11\n  results: [Pinned 2024, Kipf 2017]\n");
    const QString trace = dir.filePath(QStringLiteral("run.jsonl"));
    const CliRun r = capgraph({QStringLiteral("run"), dir.filePath(QStringLiteral("write-report.yaml")), QStringLiteral("--mock"),
                               dir.filePath(QStringLiteral("fail.mock.yaml")), QStringLiteral("--pinned"),
                               dir.filePath(QStringLiteral("write-report.pins.yaml")), QStringLiteral("--input"), QStringLiteral("{\"type\": \"search\"}"),
                               QStringLiteral("--answer"), QStringLiteral("confirm_selection=\"Pinned 2024\""), QStringLiteral("--trace"), trace});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("result_count = 11")), qPrintable(r.out));
    int pinnedStarts = 0, finished = 0;
    for (const QJsonObject &e : traceEvents(trace)) {
        if (e.value(QStringLiteral("node")).toString() != QLatin1String("search_literature"))
            continue;
        if (e.value(QStringLiteral("event")).toString() == QLatin1String("node.started")) {
            QCOMPARE(e.value(QStringLiteral("data")).toObject().value(QStringLiteral("pinned")).toBool(), true);
            ++pinnedStarts;
        }
        if (e.value(QStringLiteral("event")).toString() == QLatin1String("node.finished")) {
            QCOMPARE(e.value(QStringLiteral("data")).toObject().value(QStringLiteral("result_count")).toInt(), 11);
            ++finished;
        }
    }
    QCOMPARE(pinnedStarts, 1); // 11 results: enough at once
    QCOMPARE(finished, 1);
    // The same pin in a test case.
    write(dir.filePath(QStringLiteral("pin.test.yaml")), R"(graph: write-report.yaml
mocks: fail.mock.yaml
tests:
  - name: pinned search
    input: {type: search}
    answers: {confirm_selection: Kipf 2017}
    pinned: write-report.pins.yaml
    expect: {status: finished, outputs: [result_count == 11], max_steps: 12}
  - name: unpinned search fails
    input: {type: search}
    expect: {status: failed, not_route: [confirm_selection]}
)");
    const CliRun t = capgraph({QStringLiteral("test"), dir.filePath(QStringLiteral("pin.test.yaml"))});
    QVERIFY2(t.exitCode == 0, qPrintable(t.out + t.err));
}

void TestGraphTests::pinsThatDoNotFitAreRefused()
{
    QTemporaryDir dir;
    copyWriteReport(dir.path());
    const QString pins = dir.filePath(QStringLiteral("p.yaml"));
    const QStringList run{QStringLiteral("run"), dir.filePath(QStringLiteral("write-report.yaml")), QStringLiteral("--mock"),
                          dir.filePath(QStringLiteral("mocks/write-report.mock.yaml")), QStringLiteral("--pinned"), pins};
    write(pins, "no_such_node: {x: 1}\n");
    CliRun r = capgraph(run);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("pinned output for 'no_such_node': the graph has no node with that id")), qPrintable(r.err));
    write(pins, "branch_enough: {x: 1}\n");
    r = capgraph(run);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("pinned output for 'branch_enough': only a skill node's output can be pinned, this is a control.branch node")),
             qPrintable(r.err));
    write(pins, "search_literature: [1, 2]\n");
    r = capgraph(run);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("'search_literature': expected a mapping of output names to values")), qPrintable(r.err));
    write(pins, "search_literature: {x: [1, 2\n");
    r = capgraph(run);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(pins + QStringLiteral(":")), qPrintable(r.err));
}

void TestGraphTests::traceRecordsTheResolvedInput()
{
    // literature-search.yaml maps its inputs with templates and maps fetch_selected over the papers chosen.
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("t.jsonl"));
    const CliRun r = capgraph({QStringLiteral("run"), QStringLiteral("resources/examples/literature-search.yaml"), QStringLiteral("--mock"),
                               QStringLiteral("resources/examples/mocks/literature-search.mock.yaml"), QStringLiteral("--answers"),
                               QStringLiteral("resources/examples/mocks/literature-search.answers.yaml"), QStringLiteral("--trace"), trace});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QList<int> items;
    bool mapStarted = false;
    for (const QJsonObject &e : traceEvents(trace)) {
        const QString type = e.value(QStringLiteral("event")).toString();
        const QJsonObject data = e.value(QStringLiteral("data")).toObject();
        if (e.value(QStringLiteral("node")).toString() != QLatin1String("fetch_selected"))
            continue;
        if (type == QLatin1String("node.started")) {
            QCOMPARE(data.value(QStringLiteral("items")).toInt(), 3);
            mapStarted = true;
        } else if (type == QLatin1String("node.item")) {
            const int item = data.value(QStringLiteral("item")).toInt();
            items << item;
            // Each item's own input (the template `${item}` filled in) and its outputs.
            const QStringList chosen{QStringLiteral("PMID:2"), QStringLiteral("PMID:7"), QStringLiteral("PMID:9")};
            QCOMPARE(data.value(QStringLiteral("input")).toObject().value(QStringLiteral("paper")).toString(), chosen.value(item));
            QCOMPARE(data.value(QStringLiteral("outputs")).toObject().value(QStringLiteral("papers")).toString(), QStringLiteral("fetched"));
        }
    }
    QVERIFY(mapStarted);
    std::sort(items.begin(), items.end());
    QCOMPARE(items, (QList<int>{0, 1, 2}));
}

void TestGraphTests::traceCutsLongInputsAndSaysSo()
{
    QTemporaryDir dir;
    write(dir.filePath(QStringLiteral("g.yaml")), R"(graph:
  id: long_input
  nodes:
    - id: start
      type: control.start
    - id: echo
      type: skill
      skill_id: echoer
      inputs:
        text: "${input.text}"
        short: "${len(input.text)}"
        many: "${input.many}"
    - id: end
      type: control.end
  edges:
    - {from: start, to: echo, type: sequence}
    - {from: echo, to: end, type: sequence}
)");
    write(dir.filePath(QStringLiteral("m.yaml")), "skills:\n  echoer: {outputs: {ok: true}}\n");
    QString many = QStringLiteral("[");
    for (int i = 0; i < 500; ++i)
        many += QString::number(i) + (i < 499 ? QStringLiteral(",") : QStringLiteral("]"));
    const QString input = QStringLiteral("{\"text\": \"%1\", \"many\": %2}").arg(QString(10000, QLatin1Char('x')), many);
    write(dir.filePath(QStringLiteral("in.json")), input.toUtf8());
    const QString trace = dir.filePath(QStringLiteral("t.jsonl"));
    const CliRun r = capgraph({QStringLiteral("run"), dir.filePath(QStringLiteral("g.yaml")), QStringLiteral("--mock"), dir.filePath(QStringLiteral("m.yaml")),
                               QStringLiteral("--input"), QStringLiteral("@") + dir.filePath(QStringLiteral("in.json")), QStringLiteral("--trace"), trace});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    bool seen = false;
    for (const QJsonObject &e : traceEvents(trace)) {
        if (e.value(QStringLiteral("event")).toString() != QLatin1String("node.started") || e.value(QStringLiteral("node")).toString() != QLatin1String("echo"))
            continue;
        seen = true;
        const QJsonObject data = e.value(QStringLiteral("data")).toObject();
        const QJsonObject in = data.value(QStringLiteral("input")).toObject();
        QCOMPARE(in.value(QStringLiteral("short")).toInt(), 10000);          // small values whole
        QCOMPARE(in.value(QStringLiteral("many")).toArray().size(), 200);    // a list: its first 200 items
        QCOMPARE(in.value(QStringLiteral("text")).toString().size(), 4001);  // a text: 4,000 characters and "…"
        QVariantList cuts = data.value(QStringLiteral("truncated")).toArray().toVariantList();
        QCOMPARE(cuts.size(), 2);
        QVERIFY2(cuts.contains(QVariantMap{{QStringLiteral("path"), QStringLiteral("many")}, {QStringLiteral("size"), 500}}), QJsonDocument(data.value(QStringLiteral("truncated")).toArray()).toJson().constData());
        QVERIFY(cuts.contains(QVariantMap{{QStringLiteral("path"), QStringLiteral("text")}, {QStringLiteral("size"), 10000}}));
        // The line stays small although the input was not.
        QVERIFY(QJsonDocument(e).toJson(QJsonDocument::Compact).size() < 20000);
    }
    QVERIFY(seen);
}

void TestGraphTests::examplesPassTheirSuites()
{
    // Every example has a suite beside it, and all of them pass (CTest also runs
    // `capgraph test resources/examples` as example_suites, for its JUnit-free line per case).
    const QDir examples(QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples"));
    QStringList graphs = exampleGraphFiles(examples);
    graphs << QStringLiteral("projectflow/projectflow.yaml") << QStringLiteral("newsletter/newsletter.yaml");
    for (const QString &g : std::as_const(graphs)) {
        QString suite = g;
        suite.replace(QStringLiteral(".yaml"), QStringLiteral(".test.yaml"));
        QVERIFY2(examples.exists(suite), qPrintable(QStringLiteral("%1 has no test suite %2").arg(g, suite)));
    }
    const CliRun r = capgraph({QStringLiteral("test"), QStringLiteral("resources/examples")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
}

void TestGraphTests::slowCaseTimesOut()
{
    QTemporaryDir dir;
    copyWriteReport(dir.path());
    write(dir.filePath(QStringLiteral("slow.test.yaml")), R"(graph: write-report.yaml
mocks: mocks/write-report.mock.yaml
tests:
  - name: the reader takes too long
    input: {type: pdf}
    mocks: {skills: {pdf-reader: {delay_ms: 20000, outputs: {content: late}}}}
    timeout: 0.5
    expect: {status: finished}
  - name: the next case still runs
    input: {type: pmid}
    expect: {status: finished}
)");
    QElapsedTimer clock;
    clock.start();
    const CliRun r = capgraph({QStringLiteral("test"), dir.filePath(QStringLiteral("slow.test.yaml"))});
    QVERIFY2(clock.elapsed() < 15000, "the slow case was not stopped");
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains(QStringLiteral("timeout: the run was still going after 0.5 s (at step 4, in 'read_pdf')")), qPrintable(r.out));
    QVERIFY2(r.out.endsWith(QStringLiteral("2 cases in 1 file: 1 passed, 1 failed\n")), qPrintable(r.out));
    write(dir.filePath(QStringLiteral("bad.test.yaml")), "graph: write-report.yaml\ntests:\n  - name: x\n    timeout: -1\n    expect: {status: finished}\n");
    const CliRun bad = capgraph({QStringLiteral("test"), dir.filePath(QStringLiteral("bad.test.yaml"))});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains(QStringLiteral(":4:14: error: timeout: expected a number of seconds above 0 (at most 86400), got '-1'")), qPrintable(bad.err));
}

void TestGraphTests::backgroundFailureAfterTheMainPathEndsTheRun()
{
    // paper-review's critique runs in the background; failing after the main path ended, it
    // used to leave the run going for ever.
    QTemporaryDir dir;
    write(dir.filePath(QStringLiteral("m.yaml")), "nodes:\n  critique: {delay_ms: 50, fail: \"the critic is down\"}\n");
    QElapsedTimer clock;
    clock.start();
    const CliRun r = capgraph({QStringLiteral("run"), QStringLiteral("resources/examples/paper-review.yaml"), QStringLiteral("--mock"),
                               dir.filePath(QStringLiteral("m.yaml")), QStringLiteral("--answer"), QStringLiteral("ask_topic=graphs")});
    QVERIFY2(clock.elapsed() < 20000, "the run did not end");
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("background branch failed")), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestGraphTests)
#include "tst_graph_tests.moc"
