// The `capgraph` command line as a user runs it: exit codes, message format, JSON output
// and the fmt round trip.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QDir>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include "support/CliRun.h"

#include <QtTest>

namespace {
using Run = CliRun;
Run capgraph(const QStringList &args, const QByteArray &stdinData = QByteArray()) { return runCapgraph(args, stdinData); }

QString example(const char *name) { return QStringLiteral("resources/examples/") + QLatin1String(name); }
QString fixture(const char *name) { return QStringLiteral("tests/fixtures/") + QLatin1String(name); }

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void helpAndVersion();
    void usageErrors();
    void validateCleanExamples();
    void validateReportsFindingsAsFileLineCol();
    void warningsPassUnlessWerror();
    void malformedAndMissingAreExitTwo();
    void validateJson();
    void metricsText();
    void metricsJson();
    void fmtWritesCanonicalForm();
    void fmtCheck();
    void fmtInPlaceNeverClobbersOnError();
    void fmtFromStdin();
    void runSeedExample();
    void runWaitsThenResumesInANewProcess();
    void resumeRefusesAChangedGraph();
    void runRefusesBrokenGraphs();
    void runFailureReportsNodeAndPath();
    void runStepLimitNamesTheHottestNode();
    void runWithAnswersFile();
    void callRunsOneNodeAlone();
    void runForksARecordedRun();
    void childQuestionsAndResumeInANewProcess();
    void runSaysWhatItWaitsForAndLogs();
    void everyCommandHasHelpAndTheDocsAgree();
    void validateFlagsMissingRequiredInputs();
    void runAppliesTheCapabilitiesDefaultsToItsInput();
    void planCheckReportsWhatSeed004Requires();
    void layoutPlacesJsonSlips();
    void runInterruptedSavesCheckpoint();
    void regressions_data();
    void regressions();
    void iterationLoopSurvivesResume();
    void resumeLintsLikeRun();
    void layoutWritesTheBenchmarkDrawingFormat();
    void layoutInputsAndConventions();
};

void TestCli::helpAndVersion()
{
    const Run help = capgraph({QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.startsWith(QStringLiteral("Usage: capgraph")));
    for (const char *cmd : {"validate", "metrics", "fmt"})
        QVERIFY(help.out.contains(QLatin1String(cmd)));
    const Run version = capgraph({QStringLiteral("--version")});
    QCOMPARE(version.exitCode, 0);
    QVERIFY(QRegularExpression(QStringLiteral("^capgraph \\d+\\.\\d+\\.\\d+\\n$")).match(version.out).hasMatch());
}

void TestCli::usageErrors()
{
    const Run none = capgraph({});
    QCOMPARE(none.exitCode, 2);
    QVERIFY(none.err.contains(QStringLiteral("no command given")));
    const Run unknown = capgraph({QStringLiteral("frobnicate")});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY(unknown.err.contains(QStringLiteral("unknown command 'frobnicate'")));
    QCOMPARE(capgraph({QStringLiteral("validate")}).exitCode, 2);
    QCOMPARE(capgraph({QStringLiteral("validate"), QStringLiteral("--bogus"), example("write-report.yaml")}).exitCode, 2);
}

void TestCli::validateCleanExamples()
{
    const Run r = capgraph({QStringLiteral("validate"), example("write-report.yaml"), example("project-cleanup.yaml"),
                            example("grades-query.yaml"), example("git-commit.yaml"), example("literature-search.yaml")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QString());
    QVERIFY2(r.err.contains(QStringLiteral("5 files checked: 0 errors, 0 warnings")), qPrintable(r.err));
}

void TestCli::validateReportsFindingsAsFileLineCol()
{
    const QString path = fixture("lint/expressions.yaml");
    const Run r = capgraph({QStringLiteral("validate"), path});
    QCOMPARE(r.exitCode, 1);
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 8);
    const QRegularExpression shape(QStringLiteral("^%1:\\d+:\\d+: (error|warning|info): .+ \\[[a-z-]+\\]$")
                                       .arg(QRegularExpression::escape(path)));
    for (const QString &l : lines)
        QVERIFY2(shape.match(l).hasMatch(), qPrintable(l));
    QVERIFY(r.out.contains(path + QStringLiteral(":10:53: error: branch 'check' condition 'chained': '=' is not an operator; use '==' to compare")));
    QVERIFY(r.err.contains(QStringLiteral("1 file checked: 4 errors, 4 warnings")));
}

void TestCli::warningsPassUnlessWerror()
{
    const Run plain = capgraph({QStringLiteral("validate"), fixture("lint/parallel.yaml")});
    QCOMPARE(plain.exitCode, 0);
    QVERIFY(plain.out.contains(QStringLiteral("warning:")));
    QCOMPARE(capgraph({QStringLiteral("validate"), QStringLiteral("--werror"), fixture("lint/parallel.yaml")}).exitCode, 1);
}

void TestCli::malformedAndMissingAreExitTwo()
{
    const Run bad = capgraph({QStringLiteral("validate"), fixture("malformed/duplicate-key.yaml")});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY(bad.out.contains(fixture("malformed/duplicate-key.yaml") + QStringLiteral(":6:7: error: duplicate key 'type'")));
    const Run mixed = capgraph({QStringLiteral("validate"), example("write-report.yaml"), fixture("lint/loops.yaml"),
                                fixture("malformed/truncated.yaml")});
    QCOMPARE(mixed.exitCode, 2); // unreadable input outranks findings
    const Run missing = capgraph({QStringLiteral("validate"), QStringLiteral("no/such/file.yaml")});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY(missing.out.contains(QStringLiteral("no/such/file.yaml: error: cannot read file")));
}

void TestCli::validateJson()
{
    const Run r = capgraph({QStringLiteral("validate"), QStringLiteral("--json"), example("write-report.yaml"),
                            fixture("lint/loops.yaml")});
    QCOMPARE(r.exitCode, 1);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    const QJsonArray files = doc.array();
    QCOMPARE(files.size(), 2);
    QCOMPARE(files.at(0).toObject().value(QStringLiteral("errors")).toInt(), 0);
    const QJsonObject loops = files.at(1).toObject();
    QCOMPARE(loops.value(QStringLiteral("loaded")).toBool(), true);
    QCOMPARE(loops.value(QStringLiteral("errors")).toInt(), 3);
    QCOMPARE(loops.value(QStringLiteral("warnings")).toInt(), 1);
    const QJsonObject first = loops.value(QStringLiteral("diagnostics")).toArray().first().toObject();
    QCOMPARE(first.value(QStringLiteral("code")).toString(), QStringLiteral("loop-start-without-end"));
    QCOMPARE(first.value(QStringLiteral("line")).toInt(), 5);
    QCOMPARE(first.value(QStringLiteral("column")).toInt(), 7);
    QCOMPARE(first.value(QStringLiteral("node")).toString(), QStringLiteral("lonely_start"));
    QCOMPARE(first.value(QStringLiteral("severity")).toString(), QStringLiteral("warning"));
}

void TestCli::metricsText()
{
    const Run r = capgraph({QStringLiteral("metrics"), example("write-report.yaml")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(QRegularExpression(QStringLiteral("cyclomatic complexity:\\s+4"))));
    QVERIFY(r.out.contains(QRegularExpression(QStringLiteral("complexity score:\\s+72 / 100"))));
    QVERIFY(r.out.contains(QRegularExpression(QStringLiteral("level:\\s+Complex\\n"))));
    QCOMPARE(capgraph({QStringLiteral("metrics"), fixture("malformed/tab-indent.yaml")}).exitCode, 2);
}

void TestCli::metricsJson()
{
    const Run r = capgraph({QStringLiteral("metrics"), QStringLiteral("--json"), example("literature-search.yaml")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("graph")).toString(), QStringLiteral("literature-search"));
    QCOMPARE(o.value(QStringLiteral("level")).toString(), QStringLiteral("Very Complex"));
    QCOMPARE(o.value(QStringLiteral("interactionCount")).toInt(), 2);
    QCOMPARE(o.value(QStringLiteral("loopCount")).toInt(), 2);
}

void TestCli::fmtWritesCanonicalForm()
{
    const Run r = capgraph({QStringLiteral("fmt"), example("write-report.yaml")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.toUtf8(), readAll(QStringLiteral(CAPGRAPH_FIXTURES_DIR "/golden/write-report.canonical.yaml")));

    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out.yaml"));
    QCOMPARE(capgraph({QStringLiteral("fmt"), example("literature-search.yaml"), QStringLiteral("-o"), out}).exitCode, 0);
    const Run again = capgraph({QStringLiteral("fmt"), out});
    QCOMPARE(again.out.toUtf8(), readAll(out)); // fmt of fmt is the same bytes
    QCOMPARE(capgraph({QStringLiteral("validate"), out}).exitCode, 0);
}

void TestCli::fmtCheck()
{
    QCOMPARE(capgraph({QStringLiteral("fmt"), QStringLiteral("--check"),
                       QStringLiteral(CAPGRAPH_FIXTURES_DIR "/golden/write-report.canonical.yaml")}).exitCode, 0);
    const Run r = capgraph({QStringLiteral("fmt"), QStringLiteral("--check"), example("write-report.yaml")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains(QStringLiteral("not in canonical form")));
}

void TestCli::fmtInPlaceNeverClobbersOnError()
{
    QTemporaryDir dir;
    const QString good = dir.filePath(QStringLiteral("good.yaml"));
    QVERIFY(QFile::copy(QStringLiteral(CAPGRAPH_SOURCE_DIR "/") + example("git-commit.yaml"), good));
    QVERIFY(QFile::setPermissions(good, QFile::ReadOwner | QFile::WriteOwner));
    QCOMPARE(capgraph({QStringLiteral("fmt"), QStringLiteral("-i"), good}).exitCode, 0);
    QCOMPARE(capgraph({QStringLiteral("fmt"), QStringLiteral("--check"), good}).exitCode, 0);

    const QString bad = dir.filePath(QStringLiteral("bad.yaml"));
    QVERIFY(QFile::copy(QStringLiteral(CAPGRAPH_FIXTURES_DIR "/malformed/truncated.yaml"), bad));
    const QByteArray before = readAll(bad);
    const Run r = capgraph({QStringLiteral("fmt"), QStringLiteral("-i"), bad});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains(QStringLiteral(":6:1: error: YAML syntax error")));
    QCOMPARE(readAll(bad), before);
}

void TestCli::fmtFromStdin()
{
    const Run r = capgraph({QStringLiteral("fmt"), QStringLiteral("-")},
                           "graph: {id: s, nodes: [{id: start, type: control.start}], edges: []}\n");
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QStringLiteral("graph:\n  id: s\n\n  nodes:\n    - id: start\n      type: control.start\n\n  edges: []\n"));
    const Run bad = capgraph({QStringLiteral("validate"), QStringLiteral("-")}, "graph: [");
    QCOMPARE(bad.exitCode, 2);
    QVERIFY(bad.out.startsWith(QStringLiteral("<stdin>:")));
}

namespace {
QStringList writeReportArgs()
{
    return {QStringLiteral("run"), example("write-report.yaml"), QStringLiteral("--mock"),
            QStringLiteral("resources/examples/mocks/write-report.mock.yaml"), QStringLiteral("--input"),
            QStringLiteral("{\"type\": \"search\"}")};
}
QJsonObject jsonOf(const Run &r) { return QJsonDocument::fromJson(r.out.toUtf8()).object(); }
} // namespace

void TestCli::runSeedExample()
{
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("run.jsonl"));
    const Run r = capgraph(writeReportArgs() + QStringList{QStringLiteral("--answer"), QStringLiteral("confirm_selection=\"Kipf 2017\""),
                                                           QStringLiteral("--trace"), trace, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = jsonOf(r);
    QCOMPARE(o.value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
    QCOMPARE(o.value(QStringLiteral("steps")).toInt(), 22); // three rounds of the search loop
    QVERIFY(o.value(QStringLiteral("peak_rss_kb")).toInt() > 0);
    const QJsonObject outputs = o.value(QStringLiteral("context")).toObject().value(QStringLiteral("outputs")).toObject();
    QCOMPARE(outputs.value(QStringLiteral("confirm_selection")).toObject().value(QStringLiteral("answer")).toString(), QStringLiteral("Kipf 2017"));
    QCOMPARE(outputs.value(QStringLiteral("search_literature")).toObject().value(QStringLiteral("result_count")).toInt(), 12);
    QVERIFY(outputs.contains(QStringLiteral("write_report")));
    QVERIFY(!outputs.contains(QStringLiteral("read_pdf"))); // the search mode was taken
    // The trace replays the run: every node start, the branch choices, the interaction.
    QStringList started;
    int requested = 0;
    for (const QByteArray &line : readAll(trace).split('\n')) {
        if (line.isEmpty())
            continue;
        const QJsonObject e = QJsonDocument::fromJson(line).object();
        if (e.value(QStringLiteral("event")).toString() == QLatin1String("node.started"))
            started << e.value(QStringLiteral("node")).toString();
        requested += e.value(QStringLiteral("event")).toString() == QLatin1String("interaction.requested");
    }
    QCOMPARE(started.size(), 22);
    QCOMPARE(started.count(QStringLiteral("generate_query")), 3);
    QCOMPARE(started.first(), QStringLiteral("start"));
    QCOMPARE(started.last(), QStringLiteral("end"));
    QCOMPARE(requested, 1);
}

void TestCli::runWaitsThenResumesInANewProcess()
{
    QTemporaryDir dir;
    const QString checkpoint = dir.filePath(QStringLiteral("run.json"));
    const Run first = capgraph(writeReportArgs() + QStringList{QStringLiteral("--checkpoint"), checkpoint});
    QCOMPARE(first.exitCode, 3); // no answer and no terminal
    QVERIFY(first.err.contains(QStringLiteral("waiting for input:\n  confirm_selection")));
    QVERIFY(first.err.contains(QStringLiteral("capgraph resume ") + checkpoint));
    const QJsonObject cp = QJsonDocument::fromJson(readAll(checkpoint)).object();
    QCOMPARE(cp.value(QStringLiteral("format")).toString(), QStringLiteral("capgraph-checkpoint"));
    QCOMPARE(cp.value(QStringLiteral("version")).toInt(), 1);
    QCOMPARE(cp.value(QStringLiteral("state")).toObject().value(QStringLiteral("pending")).toArray().size(), 1);

    const Run wrong = capgraph({QStringLiteral("resume"), checkpoint, QStringLiteral("--answer"), QStringLiteral("confirm_selection=Nope")});
    QCOMPARE(wrong.exitCode, 3);
    QVERIFY(wrong.err.contains(QStringLiteral("is not one of the options")));

    const Run resumed = capgraph({QStringLiteral("resume"), checkpoint, QStringLiteral("--answer"),
                                  QStringLiteral("confirm_selection=Kipf 2017"), QStringLiteral("--json")});
    QCOMPARE(resumed.exitCode, 0);
    const Run straight = capgraph(writeReportArgs() + QStringList{QStringLiteral("--answer"), QStringLiteral("confirm_selection=Kipf 2017"),
                                                                  QStringLiteral("--json")});
    QCOMPARE(jsonOf(resumed).value(QStringLiteral("context")), jsonOf(straight).value(QStringLiteral("context")));
    QCOMPARE(jsonOf(resumed).value(QStringLiteral("steps")), jsonOf(straight).value(QStringLiteral("steps")));
}

void TestCli::resumeRefusesAChangedGraph()
{
    QTemporaryDir dir;
    const QString graph = dir.filePath(QStringLiteral("g.yaml"));
    QVERIFY(QFile::copy(QStringLiteral(CAPGRAPH_SOURCE_DIR "/") + example("write-report.yaml"), graph));
    QFile::setPermissions(graph, QFile::ReadOwner | QFile::WriteOwner);
    const QString checkpoint = dir.filePath(QStringLiteral("run.json"));
    QStringList args = writeReportArgs();
    args[1] = graph;
    QCOMPARE(capgraph(args + QStringList{QStringLiteral("--checkpoint"), checkpoint}).exitCode, 3);
    QFile f(graph);
    QVERIFY(f.open(QIODevice::Append));
    f.write("# edited\n");
    f.close();
    const Run r = capgraph({QStringLiteral("resume"), checkpoint, QStringLiteral("--answer"), QStringLiteral("confirm_selection=Kipf 2017")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains(QStringLiteral("has changed since the checkpoint")));
}

void TestCli::runRefusesBrokenGraphs()
{
    const Run lint = capgraph({QStringLiteral("run"), fixture("lint/loops.yaml")});
    QCOMPARE(lint.exitCode, 2);
    QVERIFY(lint.err.contains(QStringLiteral("cannot run until they are fixed")));
    const Run noHandler = capgraph({QStringLiteral("run"), example("write-report.yaml"), QStringLiteral("--input"), QStringLiteral("{}")});
    QCOMPARE(noHandler.exitCode, 2);
    QVERIFY(noHandler.err.contains(QStringLiteral("no handler for skill_id 'literature-search' (node search_literature)")));
    QCOMPARE(capgraph({QStringLiteral("run"), fixture("malformed/truncated.yaml")}).exitCode, 2);
    QCOMPARE(capgraph({QStringLiteral("run"), example("write-report.yaml"), QStringLiteral("--input"), QStringLiteral("[1, 2]")}).exitCode, 2);
}

void TestCli::runFailureReportsNodeAndPath()
{
    const Run r = capgraph({QStringLiteral("run"), fixture("run/fails.yaml"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains(QStringLiteral("run failed: node 'explode' failed: disk full")));
    QVERIFY(r.err.contains(QStringLiteral("path: start -> prepare -> explode")));
    const QJsonObject o = jsonOf(r);
    QCOMPARE(o.value(QStringLiteral("failed_node")).toString(), QStringLiteral("explode"));
    QCOMPARE(o.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
}

void TestCli::runStepLimitNamesTheHottestNode()
{
    const QString loop = QStringLiteral(CAPGRAPH_SOURCE_DIR "/../shared/bench/engine/graphs/loop-10000.yaml");
    if (!QFile::exists(loop))
        QSKIP("../shared/bench is not beside the project");
    const Run r = capgraph({QStringLiteral("run"), loop, QStringLiteral("--max-steps"), QStringLiteral("100")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("step limit of 100 node executions reached; the hottest node is")), qPrintable(r.err));
}

void TestCli::runWithAnswersFile()
{
    const Run r = capgraph({QStringLiteral("run"), example("discussion.yaml"), QStringLiteral("--mock"),
                            QStringLiteral("resources/examples/mocks/discussion.mock.yaml"), QStringLiteral("--answers"),
                            QStringLiteral("resources/examples/mocks/discussion.answers.yaml"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject outputs = jsonOf(r).value(QStringLiteral("context")).toObject().value(QStringLiteral("outputs")).toObject();
    QCOMPARE(outputs.value(QStringLiteral("summary")).toObject().value(QStringLiteral("text")).toString(),
             QStringLiteral("共 4 轮讨论。结论：我选择 Milvus"));
    QCOMPARE(outputs.value(QStringLiteral("converge_depth")).toObject().value(QStringLiteral("decision")).toString(), QStringLiteral("converge"));
}

namespace {
// write-report's search route with its mocks and one answer, traced to `trace`.
bool recordSearchRun(const QString &trace)
{
    return capgraph({QStringLiteral("run"), example("write-report.yaml"), QStringLiteral("--mock"),
                     QStringLiteral("resources/examples/mocks/write-report.mock.yaml"), QStringLiteral("--input"), QStringLiteral("{\"type\": \"search\"}"),
                     QStringLiteral("--answer"), QStringLiteral("confirm_selection=\"Kipf 2017\""), QStringLiteral("--trace"), trace, QStringLiteral("--quiet")})
               .exitCode
           == 0;
}
} // namespace

// docs/cli.md, "call": one skill node alone, from the input a run's trace recorded, with keys
// replaced; what it gave back on standard output; refusals are exit 2.
void TestCli::callRunsOneNodeAlone()
{
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("run.jsonl"));
    const QString mock = QStringLiteral("resources/examples/mocks/write-report.mock.yaml");
    QVERIFY(recordSearchRun(trace));
    // The trace begins with run.started, like the studio's (its observers watch before the run starts).
    QFile traceFile(trace);
    QVERIFY(traceFile.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(traceFile.readLine()).object().value(QStringLiteral("event")).toString(), QStringLiteral("run.started"));
    traceFile.close();
    const Run r = capgraph({QStringLiteral("call"), example("write-report.yaml"), QStringLiteral("search_literature"), QStringLiteral("--from-trace"), trace,
                            QStringLiteral("--mock"), mock, QStringLiteral("--input"), QStringLiteral("{\"query\": \"graph attention\"}"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject o = jsonOf(r);
    QCOMPARE(o.value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
    QCOMPARE(o.value(QStringLiteral("input")).toObject().value(QStringLiteral("query")).toString(), QStringLiteral("graph attention"));
    QCOMPARE(o.value(QStringLiteral("outputs")).toObject().value(QStringLiteral("result_count")).toInt(), 4); // the mock's first answer
    // Plain: the outputs as JSON, the note on standard error.
    const Run plain = capgraph({QStringLiteral("call"), example("write-report.yaml"), QStringLiteral("search_literature"), QStringLiteral("--mock"), mock});
    QCOMPARE(plain.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(plain.out.toUtf8()).object().value(QStringLiteral("result_count")).toInt(), 4);
    QVERIFY2(plain.err.startsWith(QStringLiteral("search_literature: done in ")), qPrintable(plain.err));
    // Refusals.
    const Run branch = capgraph({QStringLiteral("call"), example("write-report.yaml"), QStringLiteral("branch_enough")});
    QCOMPARE(branch.exitCode, 2);
    QVERIFY2(branch.err.contains(QStringLiteral("'branch_enough' is a control.branch node: only a skill node runs alone")), qPrintable(branch.err));
    const Run notRecorded = capgraph({QStringLiteral("call"), example("write-report.yaml"), QStringLiteral("read_pdf"), QStringLiteral("--from-trace"), trace});
    QCOMPARE(notRecorded.exitCode, 2);
    QVERIFY2(notRecorded.err.contains(QStringLiteral("the trace records no input of node 'read_pdf'")), qPrintable(notRecorded.err));
    const Run badInput = capgraph({QStringLiteral("call"), example("write-report.yaml"), QStringLiteral("search_literature"), QStringLiteral("--input"), QStringLiteral("{oops")});
    QCOMPARE(badInput.exitCode, 2);
    QVERIFY2(badInput.err.contains(QStringLiteral("--input:1:")), qPrintable(badInput.err));
}

// docs/execution.md, "Forking a run": --fork TRACE --at STEP --set NAME=VALUE goes on from that
// step with the value changed; the fork's trace names its parent, and diff --runs says where they part.
// Three levels (resources/examples/newsletter): the child's question is answered from the
// command line as write_issue/approve; without it the run waits (exit 3) with the question in
// --json, its checkpoint keeps the waiting child, and `capgraph resume` in a new process goes
// on inside the child without running the grandchild's loop again. Traces carry the path.
void TestCli::childQuestionsAndResumeInANewProcess()
{
    const QString graph = QStringLiteral("resources/examples/newsletter/newsletter.yaml");
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("run.jsonl"));
    Run r = capgraph({QStringLiteral("run"), graph, QStringLiteral("--answers"), QStringLiteral("resources/examples/newsletter/newsletter.answers.yaml"),
                      QStringLiteral("--trace"), trace, QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(jsonOf(r).value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject().value(QStringLiteral("text")).toString(),
             QStringLiteral("Published: On graph editors***"));
    QFile f(trace);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray lines = f.readAll();
    QVERIFY(lines.contains(R"("path":["write_issue","polish"])"));
    QVERIFY(lines.contains(R"("event":"interaction.answered")"));

    // No answer: exit 3, the question in --json under its address.
    const QString checkpoint = dir.filePath(QStringLiteral("cp.json"));
    r = capgraph({QStringLiteral("run"), graph, QStringLiteral("--checkpoint"), checkpoint, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 3);
    const QJsonArray waiting = jsonOf(r).value(QStringLiteral("waiting")).toArray();
    QCOMPARE(waiting.size(), 1);
    QCOMPARE(waiting.first().toObject().value(QStringLiteral("id")).toString(), QStringLiteral("write_issue/approve"));
    QCOMPARE(waiting.first().toObject().value(QStringLiteral("prompt")).toString(), QStringLiteral("Publish \"On graph editors***\"?"));

    // A new process answers it, from the checkpoint; the grandchild does not run again.
    const QString resumed = dir.filePath(QStringLiteral("resumed.jsonl"));
    r = capgraph({QStringLiteral("resume"), checkpoint, QStringLiteral("--answer"), QStringLiteral("write_issue/approve=false"),
                  QStringLiteral("--trace"), resumed, QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject vars = jsonOf(r).value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject();
    QCOMPARE(vars.value(QStringLiteral("approved")).toBool(true), false);
    QCOMPARE(vars.value(QStringLiteral("text")).toString(), QStringLiteral("Published: On graph editors***"));
    QFile g(resumed);
    QVERIFY(g.open(QIODevice::ReadOnly));
    const QByteArray after = g.readAll();
    QVERIFY(!after.contains(R"("path":["write_issue","polish"])"));
    QVERIFY(after.contains(R"("path":["write_issue"])"));

    // An address nobody asks for is named in the warning about unused answers.
    r = capgraph({QStringLiteral("run"), graph, QStringLiteral("--answer"), QStringLiteral("write_issue/approve=true"), QStringLiteral("--answer"),
                  QStringLiteral("write_issue/nobody=1")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("write_issue/nobody")), qPrintable(r.err));
}

void TestCli::runForksARecordedRun()
{
    QTemporaryDir dir;
    const QString parent = dir.filePath(QStringLiteral("parent.jsonl"));
    const QString fork = dir.filePath(QStringLiteral("fork.jsonl"));
    const QString mock = QStringLiteral("resources/examples/mocks/write-report.mock.yaml");
    QVERIFY(recordSearchRun(parent));
    const Run r = capgraph({QStringLiteral("run"), example("write-report.yaml"), QStringLiteral("--mock"), mock, QStringLiteral("--fork"), parent,
                            QStringLiteral("--at"), QStringLiteral("3"), QStringLiteral("--set"), QStringLiteral("input.type=pdf"), QStringLiteral("--trace"), fork,
                            QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject outputs = jsonOf(r).value(QStringLiteral("context")).toObject().value(QStringLiteral("outputs")).toObject();
    QVERIFY(outputs.contains(QStringLiteral("read_pdf")));
    QVERIFY(outputs.contains(QStringLiteral("identify_input"))); // what ran before, as recorded
    QFile f(fork);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(f.readLine()).object().value(QStringLiteral("event")).toString(), QStringLiteral("run.started"));
    const QJsonObject forked = QJsonDocument::fromJson(f.readLine()).object();
    QCOMPARE(forked.value(QStringLiteral("event")).toString(), QStringLiteral("run.forked"));
    QCOMPARE(forked.value(QStringLiteral("data")).toObject().value(QStringLiteral("parent_trace")).toString(), QStringLiteral("parent.jsonl"));
    QCOMPARE(forked.value(QStringLiteral("data")).toObject().value(QStringLiteral("step")).toInt(), 3);
    f.close();
    const Run diff = capgraph({QStringLiteral("diff"), QStringLiteral("--runs"), parent, fork});
    QCOMPARE(diff.exitCode, 1);
    QVERIFY2(diff.out.contains(QStringLiteral("routes part at node 4 of the route: loop_search_start (old) / read_pdf (new)")), qPrintable(diff.out));
    // A step the run never reached, and --fork without --at.
    const Run far = capgraph({QStringLiteral("run"), example("write-report.yaml"), QStringLiteral("--fork"), parent, QStringLiteral("--at"), QStringLiteral("99")});
    QCOMPARE(far.exitCode, 2);
    QVERIFY2(far.err.contains(QStringLiteral("the run has no step 99 to go on from (its last is 22)")), qPrintable(far.err));
    QCOMPARE(capgraph({QStringLiteral("run"), example("write-report.yaml"), QStringLiteral("--fork"), parent}).exitCode, 2);
}

void TestCli::runInterruptedSavesCheckpoint()
{
    QTemporaryDir dir;
    const QString checkpoint = dir.filePath(QStringLiteral("slow.json"));
    QProcess p;
    p.setProgram(QStringLiteral(CAPGRAPH_CLI));
    p.setArguments({QStringLiteral("run"), fixture("run/slow.yaml"), QStringLiteral("--checkpoint"), checkpoint});
    p.setWorkingDirectory(QStringLiteral(CAPGRAPH_SOURCE_DIR));
    p.start();
    QVERIFY(p.waitForStarted());
    QTest::qWait(1500); // the ticker that watches for Ctrl-C runs every second
    p.terminate();      // SIGTERM, handled like Ctrl-C
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitCode(), 130);
    QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains(QStringLiteral("interrupted")));
    // Saved before stopping, so it can be resumed: the token still stands at the delay.
    const QJsonObject state = QJsonDocument::fromJson(readAll(checkpoint)).object().value(QStringLiteral("state")).toObject();
    QCOMPARE(state.value(QStringLiteral("status")).toString(), QStringLiteral("running"));
    const QJsonArray tokens = state.value(QStringLiteral("tokens")).toArray();
    QCOMPARE(tokens.size(), 1);
    QCOMPARE(tokens.first().toObject().value(QStringLiteral("node")).toString(), QStringLiteral("wait"));
}

void TestCli::regressions_data()
{
    // Found in review: each graph once misbehaved. expect = "var=json" pairs checked in the
    // final variables.
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("expect");
    QTest::addColumn<int>("maxMs"); // -1 = no bound
    QTest::newRow("nested split ending elsewhere credits the parent")
        << "nestsplit.yaml" << QStringList() << 0 << QStringList{QStringLiteral("done=true")} << -1;
    QTest::newRow("nested split closing at the outer join waits for the outer branch")
        << "nestsplit3.yaml" << QStringList() << 0 << QStringList{QStringLiteral("a_done=200"), QStringLiteral("y=1")} << -1;
    QTest::newRow("parallel edges from an ordinary node meet at the join once")
        << "pedge.yaml" << QStringList() << 0 << QStringList{QStringLiteral("d_runs=1")} << -1;
    QTest::newRow("a failing background branch does not fail the main path")
        << "bgfail.yaml" << QStringList() << 0 << QStringList{QStringLiteral("reply=\"hi\"")} << -1;
    QTest::newRow("a branch out of a loop closes its level")
        << "exitbranch.yaml" << QStringList() << 0 << QStringList{QStringLiteral("it_after=0"), QStringLiteral("w=2")} << -1;
    QTest::newRow("a question is answered while another branch works")
        << "answer-while-running.yaml" << QStringList{QStringLiteral("--answer"), QStringLiteral("ask=y")} << 0
        << QStringList{QStringLiteral("answer=true")} << 290 + 150;
    QTest::newRow("a select with no options fails clearly")
        << "empty-select.yaml" << QStringList() << 1 << QStringList() << -1;
}

void TestCli::regressions()
{
    QFETCH(QString, file);
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QStringList, expect);
    QFETCH(int, maxMs);
    const Run r = capgraph(QStringList{QStringLiteral("run"), QStringLiteral("tests/fixtures/run/regressions/") + file, QStringLiteral("--json")} + args);
    QCOMPARE(r.exitCode, exitCode);
    const QJsonObject o = jsonOf(r);
    const QJsonObject vars = o.value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject();
    for (const QString &e : expect) {
        const QString name = e.section(QLatin1Char('='), 0, 0);
        const QJsonValue want = QJsonDocument::fromJson(QStringLiteral("[%1]").arg(e.section(QLatin1Char('='), 1)).toUtf8()).array().first();
        QVERIFY2(vars.value(name) == want, qPrintable(QStringLiteral("%1: got %2").arg(e, QString::fromUtf8(QJsonDocument(vars).toJson(QJsonDocument::Compact)))));
    }
    if (maxMs >= 0)
        QVERIFY2(o.value(QStringLiteral("elapsed_ms")).toInt() < maxMs, qPrintable(QString::number(o.value(QStringLiteral("elapsed_ms")).toInt())));
    if (file == QLatin1String("bgfail.yaml")) {
        QCOMPARE(o.value(QStringLiteral("background_errors")).toArray().size(), 1);
        QVERIFY(r.err.contains(QStringLiteral("background branch failed: node 'summary' failed: summary LLM quota")));
    }
    if (file == QLatin1String("empty-select.yaml"))
        QVERIFY(o.value(QStringLiteral("error")).toString().contains(QStringLiteral("select 'pick' has no options to choose from")));
}

// `capgraph resume` sets the run up as `run` does (the engine's RunSetup): the graph is
// linted with its capabilities again, and what it finds is said again.
void TestCli::resumeLintsLikeRun()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("capabilities"))));
    QFile c(dir.filePath(QStringLiteral("capabilities/quote.yaml")));
    QVERIFY(c.open(QIODevice::WriteOnly));
    c.write("name: finance.get_stock_price\ndescription: Latest price.\nversion: \"1.0.0\"\n"
            "input_schema: {type: object, properties: {symbol: {type: string}}, required: [symbol]}\n"
            "output_schema: {type: object}\nhandler: {type: mock, outputs: {price: 1}}\n");
    c.close();
    QFile g(dir.filePath(QStringLiteral("g.yaml")));
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write("graph:\n  id: quotes\n  nodes:\n"
            "    - {id: start, type: control.start}\n"
            "    - {id: ask, type: interaction.input, prompt: \"which?\"}\n"
            "    - {id: quote, type: skill, skill_id: finance.get_stock_price, inputs: {ticker: AAPL}}\n"
            "    - {id: end, type: control.end}\n"
            "  edges:\n    - {from: start, to: ask}\n    - {from: ask, to: quote}\n    - {from: quote, to: end}\n");
    g.close();
    const QString warning = QStringLiteral("warning: 'quote' does not give 'symbol', which finance.get_stock_price@1.0.0 requires");
    const QString cp = dir.filePath(QStringLiteral("cp.json"));
    const Run first = capgraph({QStringLiteral("run"), g.fileName(), QStringLiteral("--checkpoint"), cp});
    QCOMPARE(first.exitCode, 3);
    QVERIFY2(first.err.contains(warning), qPrintable(first.err));
    const Run resumed = capgraph({QStringLiteral("resume"), cp, QStringLiteral("--answer"), QStringLiteral("ask=AAPL")});
    QVERIFY2(resumed.err.contains(warning), qPrintable(resumed.err));
    QCOMPARE(resumed.err.count(warning), 1);
    QCOMPARE(resumed.exitCode, 1); // and the call fails as the warning said it would
    QVERIFY2(resumed.err.contains(QStringLiteral("symbol")), qPrintable(resumed.err));
}

void TestCli::iterationLoopSurvivesResume()
{
    // An iteration-edge loop waiting for input at every pass: stop and resume at each
    // question, and the run must end as an uninterrupted one does.
    const QString graph = QStringLiteral("tests/fixtures/run/regressions/iterask.yaml");
    const Run straight = capgraph({QStringLiteral("run"), graph, QStringLiteral("--json"), QStringLiteral("--answer"), QStringLiteral("ask=a"),
                                   QStringLiteral("--answer"), QStringLiteral("ask=b"), QStringLiteral("--answer"), QStringLiteral("ask=c"),
                                   QStringLiteral("--answer"), QStringLiteral("ask=d")});
    QCOMPARE(straight.exitCode, 0);
    QTemporaryDir dir;
    const QString cp = dir.filePath(QStringLiteral("cp.json"));
    Run r = capgraph({QStringLiteral("run"), graph, QStringLiteral("--checkpoint"), cp});
    QCOMPARE(r.exitCode, 3);
    int rounds = 0;
    while (r.exitCode == 3 && rounds++ < 10)
        r = capgraph({QStringLiteral("resume"), cp, QStringLiteral("--answer"), QStringLiteral("ask=x"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject a = jsonOf(straight).value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject();
    const QJsonObject b = jsonOf(r).value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject();
    QCOMPARE(b.value(QStringLiteral("log")), a.value(QStringLiteral("log")));
    QCOMPARE(b.value(QStringLiteral("final_it")), a.value(QStringLiteral("final_it")));
}

void TestCli::layoutWritesTheBenchmarkDrawingFormat()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("drawing.json"));
    // A plan_json (seed 004): prerequisites and topology.edges merged, grouped by assignee.
    const Run plan = capgraph({QStringLiteral("layout"), fixture("layout/plan.json"), out, QStringLiteral("--group-by"), QStringLiteral("assignee")});
    QCOMPARE(plan.exitCode, 0);
    QVERIFY(QRegularExpression(QStringLiteral("^layout_ms=[0-9.]+\\n")).match(plan.out).hasMatch());
    const QJsonObject drawing = QJsonDocument::fromJson(readAll(out)).object();
    const QJsonArray nodes = drawing.value(QStringLiteral("nodes")).toArray();
    QCOMPARE(nodes.size(), 3);
    QCOMPARE(drawing.value(QStringLiteral("edges")).toArray().size(), 2); // the duplicates merged
    QHash<QString, QJsonObject> byId;
    for (const QJsonValue &n : nodes)
        byId.insert(n.toObject().value(QStringLiteral("id")).toString(), n.toObject());
    QCOMPARE(byId.value(QStringLiteral("task_1")).value(QStringLiteral("w")).toDouble(), 160.0);
    QCOMPARE(byId.value(QStringLiteral("task_1")).value(QStringLiteral("h")).toDouble(), 60.0);
    QVERIFY(byId.value(QStringLiteral("task_3")).value(QStringLiteral("x")).toDouble() > byId.value(QStringLiteral("task_1")).value(QStringLiteral("x")).toDouble());
    for (const QJsonValue &e : drawing.value(QStringLiteral("edges")).toArray())
        QVERIFY(e.toObject().value(QStringLiteral("points")).toArray().size() >= 2);

    // Lanes: one band per assignee, in order of appearance, each task inside its own.
    QCOMPARE(capgraph({QStringLiteral("layout"), fixture("layout/plan.json"), out, QStringLiteral("--lanes")}).exitCode, 0);
    const QJsonObject laned = QJsonDocument::fromJson(readAll(out)).object();
    const QJsonArray lanes = laned.value(QStringLiteral("lanes")).toArray();
    QCOMPARE(lanes.size(), 2);
    QCOMPARE(lanes.at(0).toObject().value(QStringLiteral("key")).toString(), QStringLiteral("agent_abc123"));
    QCOMPARE(lanes.at(1).toObject().value(QStringLiteral("key")).toString(), QStringLiteral("agent_def456"));
    const auto bandOf = [&lanes](int k) {
        const QJsonObject l = lanes.at(k).toObject();
        const double y = l.value(QStringLiteral("y")).toDouble(), h = l.value(QStringLiteral("h")).toDouble();
        return qMakePair(y - h / 2, y + h / 2);
    };
    QVERIFY(bandOf(0).second <= bandOf(1).first + 1e-6);
    for (const QJsonValue &v : laned.value(QStringLiteral("nodes")).toArray()) {
        const QJsonObject n = v.toObject();
        const int lane = n.value(QStringLiteral("id")).toString() == QLatin1String("task_2") ? 1 : 0;
        const double y = n.value(QStringLiteral("y")).toDouble(), h = n.value(QStringLiteral("h")).toDouble();
        QVERIFY(y - h / 2 >= bandOf(lane).first && y + h / 2 <= bandOf(lane).second);
    }

    // The capability graph YAML: its loop's iteration edge is drawn as a back edge.
    QCOMPARE(capgraph({QStringLiteral("layout"), example("write-report.yaml"), out, QStringLiteral("--direction"), QStringLiteral("TB")}).exitCode, 0);
    int back = 0;
    for (const QJsonValue &e : QJsonDocument::fromJson(readAll(out)).object().value(QStringLiteral("edges")).toArray())
        back += e.toObject().value(QStringLiteral("back_edge")).toBool();
    QCOMPARE(back, 1);

    // Not a graph: a clear error, exit 2, nothing written.
    const QString bad = dir.filePath(QStringLiteral("bad.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"nodes\": [1, 2");
    f.close();
    const Run r = capgraph({QStringLiteral("layout"), bad, dir.filePath(QStringLiteral("x.json"))});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains(QStringLiteral("not JSON")));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.json"))));
}

void TestCli::layoutInputsAndConventions()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("d.json"));
    const auto write = [&dir](const char *name, const QByteArray &text) {
        const QString path = dir.filePath(QLatin1String(name));
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write(text);
        return path;
    };
    const auto nodesOf = [&out] {
        QHash<QString, QJsonObject> byId;
        for (const QJsonValue &n : QJsonDocument::fromJson(readAll(out)).object().value(QStringLiteral("nodes")).toArray())
            byId.insert(n.toObject().value(QStringLiteral("id")).toString(), n.toObject());
        return byId;
    };
    // The benchmark's topology format, with its environment: box size, gaps, repetitions.
    const QString topo = write("topo.json", R"({"nodes":[{"id":"a"},{"id":"b"},{"id":"c"}],"edges":[{"from":"a","to":"b"},{"from":"a","to":"c"}]})");
    qputenv("BENCH_NODE_W", "100");
    qputenv("BENCH_NODE_H", "40");
    qputenv("BENCH_NODE_SEP", "0");
    qputenv("BENCH_LAYER_SEP", "10");
    qputenv("BENCH_REPS", "4");
    const Run r = capgraph({QStringLiteral("layout"), topo, out});
    for (const char *v : {"BENCH_NODE_W", "BENCH_NODE_H", "BENCH_NODE_SEP", "BENCH_LAYER_SEP", "BENCH_REPS"})
        qunsetenv(v);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(QRegularExpression(QStringLiteral("layout_runs_ms=([0-9.,]+)")).match(r.out).captured(1).split(QLatin1Char(',')).size(), 4);
    QHash<QString, QJsonObject> n = nodesOf();
    QCOMPARE(n.value(QStringLiteral("a")).value(QStringLiteral("w")).toDouble(), 100.0);
    QCOMPARE(n.value(QStringLiteral("a")).value(QStringLiteral("h")).toDouble(), 40.0);
    // Layer gap 10: b starts 10 right of a's end; node gap 0: b and c touch.
    QCOMPARE(n.value(QStringLiteral("b")).value(QStringLiteral("x")).toDouble() - n.value(QStringLiteral("a")).value(QStringLiteral("x")).toDouble(), 110.0);
    QCOMPARE(std::abs(n.value(QStringLiteral("b")).value(QStringLiteral("y")).toDouble() - n.value(QStringLiteral("c")).value(QStringLiteral("y")).toDouble()), 40.0);

    // --direction TB with groups: layers go down.
    QCOMPARE(capgraph({QStringLiteral("layout"), fixture("layout/plan.json"), out, QStringLiteral("--direction"), QStringLiteral("TB"),
                       QStringLiteral("--group-by"), QStringLiteral("assignee"), QStringLiteral("--node-sep"), QStringLiteral("5")}).exitCode, 0);
    n = nodesOf();
    QVERIFY(n.value(QStringLiteral("task_3")).value(QStringLiteral("y")).toDouble() > n.value(QStringLiteral("task_1")).value(QStringLiteral("y")).toDouble());

    // A whole plan.ready event; numeric ids; assignee as a participant object.
    const QString event = write("event.json", R"({"event_type":"plan.ready","data":{"plan_text":"...","plan_json":{"tasks":[
        {"id":1,"assignee":{"agent_id":"x"},"prerequisites":[]},{"id":2,"assignee":{"agent_id":"y"},"prerequisites":[1]}]}}})");
    QCOMPARE(capgraph({QStringLiteral("layout"), event, out, QStringLiteral("--lanes")}).exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(readAll(out)).object().value(QStringLiteral("lanes")).toArray().size(), 2);
    QVERIFY(nodesOf().contains(QStringLiteral("2")));

    // Clear errors, exit 2, nothing written.
    const auto fails = [&](const QStringList &args, const QString &message) {
        QFile::remove(out);
        const Run bad = capgraph(QStringList{QStringLiteral("layout")} + args);
        QVERIFY2(bad.exitCode == 2, qPrintable(bad.err));
        QVERIFY2(bad.err.contains(message), qPrintable(bad.err));
        QVERIFY(!QFile::exists(out));
    };
    fails({write("textonly.json", R"({"plan_text":"just words","plan_json":null})"), out}, QStringLiteral("no plan_json"));
    fails({write("noid.json", R"({"nodes":[{"id":"a"},{"label":"x"}],"edges":[]})"), out}, QStringLiteral("nodes[1] has no \"id\""));
    fails({write("noto.json", R"({"nodes":[{"id":"a"}],"edges":[{"from":"a"}]})"), out}, QStringLiteral("edges[0] lacks \"to\""));
    fails({write("dup.json", R"({"nodes":[{"id":"a"},{"id":"a"}],"edges":[]})"), out}, QStringLiteral("duplicate node id 'a'"));
    fails({write("ghost.json", R"({"nodes":[{"id":"a"}],"edges":[{"from":"a","to":"z"}]})"), out}, QStringLiteral("no node 'z'"));
    fails({topo, out, QStringLiteral("--layer-sep"), QStringLiteral("-500")}, QStringLiteral("--layer-sep wants a finite number"));
    fails({topo, out, QStringLiteral("--node-sep"), QStringLiteral("abc")}, QStringLiteral("--node-sep wants a finite number"));
    fails({topo, out, QStringLiteral("--layer-sep"), QStringLiteral("inf")}, QStringLiteral("--layer-sep wants a finite number"));
    qputenv("BENCH_NODE_W", "inf");
    fails({topo, out}, QStringLiteral("BENCH_NODE_W=inf"));
    qunsetenv("BENCH_NODE_W");
}



void TestCli::runSaysWhatItWaitsForAndLogs()
{
    // A question not answered: each listed with what it accepts (a select's options numbered).
    Run r = capgraph({QStringLiteral("run"), QStringLiteral("resources/examples/write-report.yaml"), QStringLiteral("--mock"),
                    QStringLiteral("resources/examples/mocks/write-report.mock.yaml"), QStringLiteral("--input"),
                    QStringLiteral(R"({"type": "search", "topic": "x"})")});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(QStringLiteral("waiting for input:\n  confirm_selection (select): ")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("    1) Scarselli 2009\n    2) Kipf 2017\n")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("--answer confirm_selection='\"Scarselli 2009\"'")), qPrintable(r.err));
    // The answer it suggests is one it takes.
    r = capgraph({QStringLiteral("run"), QStringLiteral("resources/examples/write-report.yaml"), QStringLiteral("--mock"),
             QStringLiteral("resources/examples/mocks/write-report.mock.yaml"), QStringLiteral("--input"),
             QStringLiteral(R"({"type": "search", "topic": "x"})"), QStringLiteral("--answer"), QStringLiteral(R"(confirm_selection="Scarselli 2009")")});
    QCOMPARE(r.exitCode, 0);

    // A comma missing in --input: where, and what was expected.
    r = capgraph({QStringLiteral("run"), QStringLiteral("resources/examples/write-report.yaml"), QStringLiteral("--input"),
             QStringLiteral(R"({"type": "search" "topic": "x"})")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--input:1:")) && r.err.contains(QStringLiteral("expected a JSON object")), qPrintable(r.err));

    // builtin.log's messages on stderr as the run goes; not with --quiet.
    QTemporaryDir dir;
    const QString graph = dir.filePath(QStringLiteral("log.yaml"));
    QFile f(graph);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("graph:\n  id: log\n  nodes:\n    - {id: start, type: control.start}\n"
            "    - {id: say, type: skill, skill_id: builtin.log, inputs: {message: 'hello from the graph'}}\n"
            "    - {id: end, type: control.end}\n  edges:\n    - {from: start, to: say}\n    - {from: say, to: end}\n");
    f.close();
    r = capgraph({QStringLiteral("run"), graph});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains(QStringLiteral("capgraph: [say] hello from the graph")), qPrintable(r.err));
    r = capgraph({QStringLiteral("run"), graph, QStringLiteral("--quiet")});
    QVERIFY2(!r.err.contains(QStringLiteral("hello from the graph")), qPrintable(r.err));
}

// `capgraph COMMAND --help` for every command `capgraph --help` lists: exit 0, the synopsis and
// the options; docs/cli.md's synopsis block holds exactly those synopses (both ways), and every
// option a help lists is in its synopsis.
void TestCli::everyCommandHasHelpAndTheDocsAgree()
{
    const Run overview = capgraph({QStringLiteral("--help")});
    QCOMPARE(overview.exitCode, 0);
    QStringList commands;
    const QRegularExpression commandLine(QStringLiteral("^  ([a-z]+(?: [a-z]+)?)(?= [A-Z\\[]| {2,}|$)"), QRegularExpression::MultilineOption);
    for (auto it = commandLine.globalMatch(overview.out.section(QStringLiteral("Options:"), 0, 0)); it.hasNext();) {
        const QString c = it.next().captured(1);
        if (c != QLatin1String("help"))
            commands << c;
    }
    QCOMPARE(commands.size(), 18);

    QStringList synopses;
    QMultiHash<QString, QString> longOptions; // command -> every long option its help lists
    for (const QString &command : commands) {
        QStringList args = command.split(QLatin1Char(' '));
        const Run help = capgraph(args << QStringLiteral("--help"));
        QVERIFY2(help.exitCode == 0, qPrintable(command + QStringLiteral(": ") + help.err));
        QVERIFY2(help.err.isEmpty(), qPrintable(help.err));
        QVERIFY2(help.out.startsWith(QStringLiteral("usage: capgraph %1").arg(command)), qPrintable(help.out));
        QVERIFY2(help.out.contains(QStringLiteral("\nOptions:\n")) && help.out.contains(QStringLiteral("-h, --help")), qPrintable(help.out));
        // The synopsis: the usage line and its indented continuation lines.
        QStringList lines = help.out.split(QLatin1Char('\n'));
        QString synopsis = lines.takeFirst().mid(7);
        while (!lines.isEmpty() && lines.first().startsWith(QLatin1Char(' ')))
            synopsis += QLatin1Char('\n') + lines.takeFirst();
        synopses << synopsis;
        // Each option the help describes is in the synopsis.
        const QString options = help.out.section(QStringLiteral("\nOptions:\n"), 1);
        const QRegularExpression optionLine(QStringLiteral("^  (?:(-\\w), )?(--[a-z-]+)"), QRegularExpression::MultilineOption);
        for (auto it = optionLine.globalMatch(options); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            if (m.captured(2) == QLatin1String("--help"))
                continue;
            const bool listed = synopsis.contains(QLatin1Char('[') + m.captured(2))
                                || (!m.captured(1).isEmpty() && synopsis.contains(QLatin1Char('[') + m.captured(1) + QLatin1Char(' ')))
                                || (!m.captured(1).isEmpty() && synopsis.contains(QLatin1Char('[') + m.captured(1) + QLatin1Char(']')));
            QVERIFY2(listed, qPrintable(command + QStringLiteral(": ") + m.captured(0) + QStringLiteral(" is not in the synopsis ") + synopsis));
            longOptions.insert(command, m.captured(2));
        }
        // An unknown option still says what the command takes, with exit 2.
        const Run wrong = capgraph(command.split(QLatin1Char(' ')) << QStringLiteral("--no-such-option"));
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY2(wrong.err.contains(QStringLiteral("capgraph %1").arg(command)), qPrintable(wrong.err));
    }

    QFile doc(QStringLiteral(CAPGRAPH_SOURCE_DIR "/docs/cli.md"));
    QVERIFY(doc.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(doc.readAll());
    const qsizetype from = text.indexOf(QStringLiteral("```\ncapgraph validate"));
    QVERIFY(from >= 0);
    const QString block = text.mid(from + 4, text.indexOf(QStringLiteral("```"), from + 4) - from - 4);
    QStringList documented; // the block's synopses, continuation lines joined
    for (const QString &line : block.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (line.startsWith(QLatin1Char(' ')) && !documented.isEmpty())
            documented.last() += QLatin1Char('\n') + line;
        else
            documented << line;
    }
    QVERIFY(documented.removeOne(QStringLiteral("capgraph --help | --version")));
    for (const QString &s : std::as_const(synopses))
        QVERIFY2(documented.contains(s), qPrintable(QStringLiteral("docs/cli.md lacks:\n") + s));
    for (const QString &s : std::as_const(documented))
        QVERIFY2(synopses.contains(s), qPrintable(QStringLiteral("no --help prints docs/cli.md's:\n") + s));
    // Every long form a help lists (--output beside -o, --in-place beside -i) is named in the
    // docs as written, so that a reader of either finds the other's words.
    for (auto it = longOptions.cbegin(); it != longOptions.cend(); ++it) {
        const QRegularExpression named(QStringLiteral("`[^`\\n]*") + QRegularExpression::escape(it.value()) + QStringLiteral("(?![a-z-])[^`\\n]*`"));
        QVERIFY2(named.match(text).hasMatch(), qPrintable(QStringLiteral("docs/cli.md never names %1 (capgraph %2 --help)").arg(it.value(), it.key())));
    }
}

// An input the graph passes to a capability that gives it a default (the studio's Run Input
// form shows "default: 2"), left out of --input: the run reads the default. It once failed with
// "input 'factor': 'input' has no field 'factor'" before the capability saw the call.
void TestCli::runAppliesTheCapabilitiesDefaultsToItsInput()
{
    const QString graph = fixture("defaults/scale.yaml");
    Run r = capgraph({QStringLiteral("run"), graph, QStringLiteral("--input"), QStringLiteral("{\"base\": 5}"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QJsonObject vars = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject();
    QCOMPARE(vars.value(QStringLiteral("factor")).toInt(), 2);
    QCOMPARE(vars.value(QStringLiteral("base")).toInt(), 5);
    // Given, the input wins over the default.
    r = capgraph({QStringLiteral("run"), graph, QStringLiteral("--input"), QStringLiteral("{\"base\": 5, \"factor\": 3}"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    vars = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject();
    QCOMPARE(vars.value(QStringLiteral("factor")).toInt(), 3);
}

// A skill bound to a capability whose input_schema requires a property the node does not map
// in inputs: `validate` warns before a run fails at the first call.
void TestCli::validateFlagsMissingRequiredInputs()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("capabilities"))));
    QVERIFY(QFile::copy(QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/capabilities/finance.get_stock_price.yaml"),
                        dir.filePath(QStringLiteral("capabilities/finance.get_stock_price.yaml"))));
    QFile g(dir.filePath(QStringLiteral("g.yaml")));
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write("graph:\n  id: quotes\n  nodes:\n"
            "    - {id: start, type: control.start}\n"
            "    - {id: quote, type: skill, skill_id: finance.get_stock_price, inputs: {ticker: AAPL}}\n"
            "    - {id: end, type: control.end}\n"
            "  edges:\n    - {from: start, to: quote}\n    - {from: quote, to: end}\n");
    g.close();
    const Run r = capgraph({QStringLiteral("validate"), g.fileName()});
    QCOMPARE(r.exitCode, 0); // a warning
    QVERIFY2(r.out.contains(g.fileName() + QStringLiteral(":5:") ), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("warning: 'quote' does not give 'symbol', which finance.get_stock_price@1.0.0 requires (its input_schema); "
                                           "add it under inputs [missing-input]")),
             qPrintable(r.out));
    QCOMPARE(capgraph({QStringLiteral("validate"), QStringLiteral("--werror"), g.fileName()}).exitCode, 1);
}

// Seed 004's schema requires a participant's display_name and role_in_plan, a task's title and
// a plan.ready's plan_text: each missing one is a warning naming its task or participant.
void TestCli::planCheckReportsWhatSeed004Requires()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile f(dir.filePath(QStringLiteral("p.json")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"event_type": "plan.ready", "data": {"plan_json": {
  "participants": [{"agent_id": "ana", "display_name": "Ana"}, {"agent_id": "bo", "role_in_plan": "review"}],
  "tasks": [{"id": "t1", "title": "Draft", "assignee_id": "ana"}, {"id": "t2", "assignee_id": "bo", "prerequisites": ["t1"]}]}}}
)");
    f.close();
    const Run r = capgraph({QStringLiteral("plan"), QStringLiteral("check"), f.fileName()});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    const QString said = r.out + r.err;
    for (const QString &expected : {QStringLiteral("p.json:2:20: warning: participant 'ana' has no role_in_plan"),
                                    QStringLiteral("warning: participant 'bo' has no display_name"),
                                    QStringLiteral("warning: task 't2' has no title"),
                                    QStringLiteral("warning: the plan.ready has no plan_text (the plan as text)")})
        QVERIFY2(said.contains(expected), qPrintable(expected + QStringLiteral("\n---\n") + said));
    QCOMPARE(capgraph({QStringLiteral("plan"), QStringLiteral("check"), QStringLiteral("--werror"), f.fileName()}).exitCode, 1);
}

// `layout` names a JSON slip as file:line:column, like every other reader.
void TestCli::layoutPlacesJsonSlips()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile f(dir.filePath(QStringLiteral("bad.json")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"nodes\": [{\"id\": \"a\"},\n           {\"id\": \"b\"}\n  \"edges\": []}\n");
    f.close();
    const Run r = capgraph({QStringLiteral("layout"), f.fileName(), dir.filePath(QStringLiteral("out.json"))});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QRegularExpression(QRegularExpression::escape(f.fileName()) + QStringLiteral(":3:4: error: not JSON: ")).match(r.err).hasMatch(), qPrintable(r.err));
    QVERIFY(!r.err.contains(QStringLiteral("offset")));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("out.json"))));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
