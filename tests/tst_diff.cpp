// Semantic diffs (docs/cli.md, "diff"): GraphDiff and GraphText on real files, `capgraph diff`
// on graphs and on traces of real runs, and `capgraph diff` inside git as textconv, external
// diff driver and difftool.
#include "diff/GraphDiff.h"
#include "diff/GraphText.h"
#include "diff/RunDiff.h"
#include "exec/RunFiles.h"
#include "model/Graph.h"
#include "yaml/GraphYamlReader.h"

#include "support/CliRun.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <QtTest>

using namespace capgraph;

namespace {

const QString kBase = QStringLiteral(CAPGRAPH_FIXTURES_DIR "/diff/base.yaml");
const QString kReordered = QStringLiteral(CAPGRAPH_FIXTURES_DIR "/diff/reordered.yaml");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
    QCOMPARE(f.write(bytes), bytes.size());
}

Graph load(const QString &path)
{
    const GraphLoadResult r = GraphYamlReader::readFile(path);
    if (!r.ok())
        qFatal("%s", qPrintable(r.errorText()));
    return *r.graph;
}

// base.yaml with `from` replaced by `to` (exactly once), as a file in `dir`.
QString edited(const QTemporaryDir &dir, const QString &from, const QString &to, const QString &name = QStringLiteral("new.yaml"))
{
    QString text = QString::fromUtf8(readAll(kBase));
    if (text.count(from) != 1)
        qFatal("'%s' is not in base.yaml exactly once", qPrintable(from));
    text.replace(from, to);
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text.toUtf8()) < 0)
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

QJsonObject jsonOf(const CliRun &r)
{
    QJsonParseError e;
    const QJsonDocument d = QJsonDocument::fromJson(r.out.toUtf8(), &e);
    if (e.error != QJsonParseError::NoError)
        qFatal("not JSON (%s): %s", qPrintable(e.errorString()), qPrintable(r.out));
    return d.object();
}

struct GitRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

// git in `repo`, with a private HOME and no system configuration, so only the test's own
// settings count.
GitRun git(const QString &repo, const QStringList &args)
{
    QProcess p;
    p.setProgram(QStringLiteral("git"));
    p.setArguments(args);
    p.setWorkingDirectory(repo);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), repo + QStringLiteral("/.home"));
    env.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
    env.insert(QStringLiteral("GIT_PAGER"), QStringLiteral("cat"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    env.remove(QStringLiteral("GIT_EXTERNAL_DIFF"));
    env.remove(QStringLiteral("GIT_DIR"));
    env.remove(QStringLiteral("GIT_WORK_TREE"));
    p.setProcessEnvironment(env);
    p.start();
    if (!p.waitForFinished(60000))
        qFatal("git %s did not finish", qPrintable(args.join(QLatin1Char(' '))));
    GitRun r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace

class TestDiff : public QObject
{
    Q_OBJECT

private slots:
    void equalAfterReorderingKeysNodesAndMovingThem();
    void eachChangeIsFound_data();
    void eachChangeIsFound();
    void conditionRenamedIsNotAnEdgeRemovedAndAdded();
    void conditionRetargetedMovesItsEdge();
    void changesAsJsonForTheStudio();
    void cliExitCodesLikeDiff();
    void cliInvalidFileSaysWhere();
    void cliJsonAndLayout();
    void docsExampleIsWhatItPrints();
    void runsCompared();
    void runsTokensAndInvalidTraces();
    void textconvIsCanonical();
    void gitTextconvExternalDiffAndDifftool();
};

void TestDiff::equalAfterReorderingKeysNodesAndMovingThem()
{
    const Graph a = load(kBase);
    const Graph b = load(kReordered);
    const GraphDiff d = GraphDiff::compare(a, b);
    QVERIFY2(d.isEmpty(), qPrintable(d.lines().join(QLatin1Char('\n'))));
    QVERIFY(d.lines().isEmpty());
    // Positions are layout: listed apart, a difference only when asked for.
    QVERIFY(!d.isEmpty(true));
    QStringList moved;
    for (const LayoutChange &l : d.layout)
        moved << l.id;
    QCOMPARE(moved, (QStringList{QStringLiteral("check"), QStringLiteral("draft"), QStringLiteral("start")}));
    const QStringList layoutLines = d.lines(true);
    QVERIFY2(layoutLines.contains(QStringLiteral("@ node check moved (360, 100) → (900, 40)")), qPrintable(layoutLines.join(QLatin1Char('\n'))));
    QVERIFY2(layoutLines.contains(QStringLiteral("@ node start moved (40, 100) → (none)")), qPrintable(layoutLines.join(QLatin1Char('\n'))));
    // A graph against itself.
    QVERIFY(GraphDiff::compare(a, a).isEmpty(true));
}

void TestDiff::eachChangeIsFound_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QStringList>("expected");
    auto row = [](const char *name, const char *from, const char *to, QStringList expected) {
        QTest::newRow(name) << QString::fromUtf8(from) << QString::fromUtf8(to) << expected;
    };
    row("label", "label: Write the draft", "label: Draft it", {QStringLiteral("~ node draft: label: \"Write the draft\" → \"Draft it\"")});
    row("type", "type: interaction.confirm", "type: interaction.input",
        {QStringLiteral("~ node ask: type: \"interaction.confirm\" → \"interaction.input\"")});
    row("capability version", "writer.draft@1.0", "writer.draft@2.0", {QStringLiteral("~ node draft: skill_id: \"writer.draft@1.0\" → \"writer.draft@2.0\"")});
    row("prompt", "prompt: \"Publish the draft about ${input.topic}?\"", "prompt: \"Publish it?\"",
        {QStringLiteral("~ node ask: prompt: \"Publish the draft about ${input.topic}?\" → \"Publish it?\"")});
    row("input mapping changed", "style: formal", "style: casual", {QStringLiteral("~ node draft: inputs.style: \"formal\" → \"casual\"")});
    row("input mapping added", "style: formal", "style: formal\n        tone: warm", {QStringLiteral("~ node draft: inputs.tone: added \"warm\"")});
    row("input mapping removed", "        style: formal\n", "", {QStringLiteral("~ node draft: inputs.style: removed \"formal\"")});
    row("condition expression", "score >= 3", "score >= 4", {QStringLiteral("~ node check: condition good expression: \"score >= 3\" → \"score >= 4\"")});
    row("loop bound", "max_iterations: 3", "max_iterations: 5", {QStringLiteral("~ node loop_start: max_iterations: 3 → 5")});
    row("retry", "max_attempts: 2", "max_attempts: 4", {QStringLiteral("~ node draft: retry.max_attempts: 2 → 4")});
    row("timeout", "timeout: 30", "timeout: 45.5", {QStringLiteral("~ node draft: timeout: 30 → 45.5")});
    row("outputs", "outputs: [text, score]", "outputs: [text]", {QStringLiteral("~ node draft: outputs: [\"text\",\"score\"] → [\"text\"]")});
    row("unknown node key", "      owner: alice", "      owner: bob", {QStringLiteral("~ node draft: owner: \"alice\" → \"bob\"")});
    row("quoted number is text", "rounds: 2}", "rounds: \"2\"}", {QStringLiteral("~ graph: inputs.rounds: 2 → \"2\"")});
    row("default", "default: end", "default: ask",
        {QStringLiteral("~ node check: default: \"end\" → \"ask\""), QStringLiteral("- edge check → end (conditional: default)")});
    row("condition order", "        - name: good\n          expression: \"score >= 3\"\n          target: ask\n        - name: poor\n          expression: \"score < 3\"\n          target: loop_start\n",
        "        - name: poor\n          expression: \"score < 3\"\n          target: loop_start\n        - name: good\n          expression: \"score >= 3\"\n          target: ask\n",
        {QStringLiteral("~ node check: conditions (order): [\"good\",\"poor\"] → [\"poor\",\"good\"]")});
    row("condition added", "      default: end", "        - name: odd\n          expression: \"score == 7\"\n          target: end\n      default: end",
        {QStringLiteral("~ node check: + condition odd (expression \"score == 7\", target \"end\")")});
    row("condition removed", "        - name: poor\n          expression: \"score < 3\"\n          target: loop_start\n", "",
        {QStringLiteral("~ node check: - condition poor"), QStringLiteral("- edge check → loop_start (conditional: poor)")});
    row("graph name", "name: Review a draft", "name: Review", {QStringLiteral("~ graph: name: \"Review a draft\" → \"Review\"")});
    row("graph inputs", "rounds: 2}", "rounds: 3}", {QStringLiteral("~ graph: inputs.rounds: 2 → 3")});
    row("graph metadata", "owner: team-a", "owner: team-b", {QStringLiteral("~ graph: metadata.owner: \"team-a\" → \"team-b\"")});
    row("graph version", "version: \"1.0\"", "version: \"1.1\"", {QStringLiteral("~ graph: version: \"1.0\" → \"1.1\"")});
    row("edge weight", "weight: 2", "weight: 5", {QStringLiteral("~ edge draft → check (sequence): weight: 2 → 5")});
    row("iteration bound", "max_count: 3", "max_count: 4", {QStringLiteral("~ edge loop_end → draft (iteration): max_count: 3 → 4")});
    row("edge added", "    - {from: ask, to: end}\n", "    - {from: ask, to: end}\n    - {from: draft, to: end}\n", {QStringLiteral("+ edge draft → end (sequence)")});
    row("edge removed", "    - {from: ask, to: end}\n", "", {QStringLiteral("- edge ask → end (sequence)")});
    row("edge kind", "{from: ask, to: end}", "{from: ask, to: end, type: parallel}",
        {QStringLiteral("- edge ask → end (sequence)"), QStringLiteral("+ edge ask → end (parallel)")});
    row("node added", "    - id: end\n", "    - id: log\n      type: skill\n      skill_id: builtin.log\n    - id: end\n", {QStringLiteral("+ node log (skill)")});
    row("node removed", "    - id: ask\n      type: interaction.confirm\n      prompt: \"Publish the draft about ${input.topic}?\"\n", "",
        {QStringLiteral("- node ask (interaction.confirm)")});
}

void TestDiff::eachChangeIsFound()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QStringList, expected);
    QTemporaryDir dir;
    const QString path = edited(dir, from, to);
    const GraphDiff d = GraphDiff::compare(load(kBase), load(path));
    QVERIFY(!d.isEmpty());
    const QStringList lines = d.lines();
    for (const QString &line : expected)
        QVERIFY2(lines.contains(line), qPrintable(QStringLiteral("expected:\n%1\ngot:\n%2").arg(line, lines.join(QLatin1Char('\n')))));
    // The command line says the same, with exit code 1; the files' order reversed too.
    const CliRun r = runCapgraph({QStringLiteral("diff"), kBase, path});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, lines.join(QLatin1Char('\n')) + QLatin1Char('\n'));
    QCOMPARE(runCapgraph({QStringLiteral("diff"), path, kBase}).exitCode, 1);
}

void TestDiff::conditionRenamedIsNotAnEdgeRemovedAndAdded()
{
    QTemporaryDir dir;
    const GraphDiff d = GraphDiff::compare(load(kBase), load(edited(dir, QStringLiteral("name: good"), QStringLiteral("name: fine"))));
    QCOMPARE(d.lines(), QStringList{QStringLiteral("~ node check: condition good renamed to fine")});
    const NodeDiff *check = d.node(QStringLiteral("check"));
    QVERIFY(check);
    QCOMPARE(check->conditions.size(), 1);
    QVERIFY(check->conditions.first().renamed());
    QVERIFY(!check->conditions.first().retarget());
    QVERIFY(check->fields.isEmpty());
    // The branch's flow to `ask` is the same way under a new name: changed, not removed and added.
    QCOMPARE(d.edges.size(), 1);
    QCOMPARE(d.edges.first().status, DiffStatus::Changed);
    QCOMPARE(d.edges.first().key.condition, QStringLiteral("fine"));
    QCOMPARE(d.edges.first().fields.first().field, QStringLiteral("condition name"));
}

void TestDiff::conditionRetargetedMovesItsEdge()
{
    QTemporaryDir dir;
    const Graph a = load(kBase);
    const Graph b = load(edited(dir, QStringLiteral("target: loop_start"), QStringLiteral("target: end")));
    const GraphDiff d = GraphDiff::compare(a, b);
    const QStringList lines = d.lines();
    QVERIFY2(lines.contains(QStringLiteral("~ node check: condition poor retargeted loop_start → end")), qPrintable(lines.join(QLatin1Char('\n'))));
    QVERIFY(lines.contains(QStringLiteral("- edge check → loop_start (conditional: poor)")));
    QVERIFY(lines.contains(QStringLiteral("+ edge check → end (conditional: poor)")));
    // Each edge names its place in flowEdges() on its side, for a canvas to colour.
    const QList<FlowEdge> oldFlows = a.flowEdges(), newFlows = b.flowEdges();
    for (const EdgeDiff &e : d.edges) {
        if (e.status != DiffStatus::Added) {
            QVERIFY(e.oldIndex >= 0 && e.oldIndex < oldFlows.size());
            QCOMPARE(oldFlows.at(e.oldIndex).from, e.key.from);
        }
        if (e.status != DiffStatus::Removed) {
            QVERIFY(e.newIndex >= 0 && e.newIndex < newFlows.size());
            QCOMPARE(newFlows.at(e.newIndex).to, e.key.to);
        }
    }
    const NodeDiff *check = d.node(QStringLiteral("check"));
    QVERIFY(check && check->conditions.size() == 1 && check->conditions.first().retarget());
}

void TestDiff::changesAsJsonForTheStudio()
{
    QTemporaryDir dir;
    const QString path = edited(dir, QStringLiteral("style: formal"), QStringLiteral("style: casual"));
    const QJsonObject o = GraphDiff::compare(load(kBase), load(path)).toJson();
    QCOMPARE(o.value(QStringLiteral("equal")).toBool(), false);
    const QJsonArray nodes = o.value(QStringLiteral("nodes")).toArray();
    QCOMPARE(nodes.size(), 1);
    const QJsonObject draft = nodes.first().toObject();
    QCOMPARE(draft.value(QStringLiteral("id")).toString(), QStringLiteral("draft"));
    QCOMPARE(draft.value(QStringLiteral("status")).toString(), QStringLiteral("changed"));
    const QJsonObject field = draft.value(QStringLiteral("fields")).toArray().first().toObject();
    QCOMPARE(field.value(QStringLiteral("field")).toString(), QStringLiteral("inputs.style"));
    QCOMPARE(field.value(QStringLiteral("old")).toString(), QStringLiteral("formal"));
    QCOMPARE(field.value(QStringLiteral("new")).toString(), QStringLiteral("casual"));
    QVERIFY(o.value(QStringLiteral("edges")).toArray().isEmpty());
    QVERIFY(!o.contains(QStringLiteral("layout")));
}

void TestDiff::cliExitCodesLikeDiff()
{
    const CliRun same = runCapgraph({QStringLiteral("diff"), kBase, kReordered});
    QCOMPARE(same.exitCode, 0);
    QCOMPARE(same.out, QString());
    QCOMPARE(same.err, QString());
    QTemporaryDir dir;
    const CliRun different = runCapgraph({QStringLiteral("diff"), kBase, edited(dir, QStringLiteral("timeout: 30"), QStringLiteral("timeout: 60"))});
    QCOMPARE(different.exitCode, 1);
    QCOMPARE(different.out, QStringLiteral("~ node draft: timeout: 30 → 60\n"));
    // Trouble: a missing file, a wrong command line.
    const CliRun missing = runCapgraph({QStringLiteral("diff"), kBase, dir.filePath(QStringLiteral("none.yaml"))});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains(QStringLiteral("none.yaml")), qPrintable(missing.err));
    const CliRun one = runCapgraph({QStringLiteral("diff"), kBase});
    QCOMPARE(one.exitCode, 2);
    QVERIFY2(one.err.contains(QStringLiteral("usage: capgraph diff OLD NEW")), qPrintable(one.err));
    QCOMPARE(runCapgraph({QStringLiteral("diff"), QStringLiteral("--runs"), QStringLiteral("--layout"), kBase, kBase}).exitCode, 2);
    QCOMPARE(runCapgraph({QStringLiteral("diff"), QStringLiteral("--textconv"), kBase, kBase}).exitCode, 2);
}

void TestDiff::cliInvalidFileSaysWhere()
{
    QTemporaryDir dir;
    const QString broken = edited(dir, QStringLiteral("timeout: 30"), QStringLiteral("timeout: [30"), QStringLiteral("broken.yaml"));
    const CliRun r = runCapgraph({QStringLiteral("diff"), kBase, broken});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.out, QString());
    QVERIFY2(QRegularExpression(QStringLiteral("broken\\.yaml:\\d+:\\d+: error: ")).match(r.err).hasMatch(), qPrintable(r.err));
    // A file of the wrong shape: placed too.
    const QString wrong = edited(dir, QStringLiteral("max_iterations: 3"), QStringLiteral("max_iterations: many"), QStringLiteral("wrong.yaml"));
    const CliRun w = runCapgraph({QStringLiteral("diff"), wrong, kBase});
    QCOMPARE(w.exitCode, 2);
    QVERIFY2(w.err.contains(QStringLiteral("wrong.yaml:37:")), qPrintable(w.err));
    // As git's driver: the side is named as git names it.
    const CliRun g = runCapgraph({QStringLiteral("diff"), QStringLiteral("graphs/review.yaml"), kBase, QStringLiteral("1111111"), QStringLiteral("100644"),
                                  wrong, QStringLiteral("2222222"), QStringLiteral("100644")});
    QCOMPARE(g.exitCode, 2);
    QVERIFY2(g.err.startsWith(QStringLiteral("b/graphs/review.yaml:37:")), qPrintable(g.err));
}

void TestDiff::cliJsonAndLayout()
{
    const CliRun json = runCapgraph({QStringLiteral("diff"), kBase, kReordered, QStringLiteral("--json")});
    QCOMPARE(json.exitCode, 0);
    const QJsonObject o = jsonOf(json);
    QCOMPARE(o.value(QStringLiteral("equal")).toBool(), true);
    QCOMPARE(o.value(QStringLiteral("old")).toString(), kBase);
    QVERIFY(o.value(QStringLiteral("nodes")).toArray().isEmpty());

    const CliRun layout = runCapgraph({QStringLiteral("diff"), kBase, kReordered, QStringLiteral("--layout")});
    QCOMPARE(layout.exitCode, 1);
    QVERIFY2(layout.out.contains(QStringLiteral("@ node draft moved (200, 100) → (10, 10)\n")), qPrintable(layout.out));
    const QJsonObject lj = jsonOf(runCapgraph({QStringLiteral("diff"), kBase, kReordered, QStringLiteral("--layout"), QStringLiteral("--json")}));
    QCOMPARE(lj.value(QStringLiteral("equal")).toBool(), false);
    QCOMPARE(lj.value(QStringLiteral("layout")).toArray().size(), 3);
    const QJsonObject first = lj.value(QStringLiteral("layout")).toArray().first().toObject();
    QCOMPARE(first.value(QStringLiteral("new_position")).toObject().value(QStringLiteral("x")).toDouble(), 900.0);
}

void TestDiff::docsExampleIsWhatItPrints()
{
    const QString doc = QString::fromUtf8(readAll(QStringLiteral(CAPGRAPH_SOURCE_DIR "/docs/cli.md")));
    const QString command = QStringLiteral("$ capgraph diff tests/fixtures/diff/base.yaml tests/fixtures/diff/changed.yaml\n");
    const qsizetype from = doc.indexOf(command);
    QVERIFY(from >= 0);
    const qsizetype start = from + command.size();
    const QString shown = doc.mid(start, doc.indexOf(QStringLiteral("```"), start) - start);
    const CliRun r = runCapgraph({QStringLiteral("diff"), QStringLiteral("tests/fixtures/diff/base.yaml"), QStringLiteral("tests/fixtures/diff/changed.yaml")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, shown);
}

void TestDiff::runsCompared()
{
    // Three real runs of the grades example: twice as shipped, once with a mock that finds nothing.
    QTemporaryDir dir;
    const QString graph = QStringLiteral("resources/examples/grades-query.yaml");
    const QString mock = QStringLiteral("resources/examples/mocks/grades-query.mock.yaml");
    const QString missingMock = dir.filePath(QStringLiteral("missing.mock.yaml"));
    writeAll(missingMock, QByteArray("skills:\n  grades-api:\n    outputs: {status: not_found, student_name: \"王小明\", grades: []}\n"
                                     "  transcript-formatter:\n    outputs: {transcript: x}\n  message-writer:\n    outputs: {message: \"查無成績\"}\n"));
    const QString a1 = dir.filePath(QStringLiteral("a1.jsonl")), a2 = dir.filePath(QStringLiteral("a2.jsonl")), b = dir.filePath(QStringLiteral("b.jsonl"));
    for (const auto &[trace, mockFile] : {std::pair{a1, mock}, std::pair{a2, mock}, std::pair{b, missingMock}}) {
        const CliRun r = runCapgraph({QStringLiteral("run"), graph, QStringLiteral("--mock"), mockFile, QStringLiteral("--trace"), trace, QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }

    const CliRun same = runCapgraph({QStringLiteral("diff"), QStringLiteral("--runs"), a1, a2});
    QVERIFY2(same.exitCode == 0, qPrintable(same.out + same.err));
    QVERIFY2(same.out.startsWith(QStringLiteral("route: the same, 6 nodes: start → query_grades → branch_result → format_output → merge_reply → end")),
             qPrintable(same.out));
    QVERIFY(same.out.contains(QStringLiteral("\nsteps: 6 → 6 (0)\n")));

    const CliRun different = runCapgraph({QStringLiteral("diff"), QStringLiteral("--runs"), a1, b});
    QCOMPARE(different.exitCode, 1);
    const QStringList lines = different.out.split(QLatin1Char('\n'));
    QVERIFY2(lines.contains(QStringLiteral("routes part at node 4 of the route: format_output (old) / report_missing (new)")), qPrintable(different.out));
    QVERIFY2(lines.contains(QStringLiteral("~ output branch_result: \"found\" → \"not_found\"")), qPrintable(different.out));
    QVERIFY2(lines.contains(QStringLiteral("- output format_output: {\"transcript\":\"王小明：微積分 88、普通物理 92\"} (only the old run)")), qPrintable(different.out));
    QVERIFY2(lines.contains(QStringLiteral("+ output report_missing: {\"message\":\"查無成績\"} (only the new run)")), qPrintable(different.out));
    QVERIFY(lines.contains(QStringLiteral("status: finished")));

    const QJsonObject o = jsonOf(runCapgraph({QStringLiteral("diff"), QStringLiteral("--runs"), a1, b, QStringLiteral("--json")}));
    QCOMPARE(o.value(QStringLiteral("equal")).toBool(), false);
    QCOMPARE(o.value(QStringLiteral("routes_part")).toObject().value(QStringLiteral("index")).toInt(), 3);
    QCOMPARE(o.value(QStringLiteral("routes_part")).toObject().value(QStringLiteral("new")).toString(), QStringLiteral("report_missing"));
    QCOMPARE(o.value(QStringLiteral("old")).toObject().value(QStringLiteral("route")).toArray().size(), 6);
    bool queryDiffers = false;
    for (const QJsonValue &v : o.value(QStringLiteral("outputs")).toArray()) {
        const QJsonObject od = v.toObject();
        if (od.value(QStringLiteral("node")).toString() == QLatin1String("query_grades")) {
            queryDiffers = true;
            QCOMPARE(od.value(QStringLiteral("old")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("found"));
            QCOMPARE(od.value(QStringLiteral("new")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("not_found"));
        }
    }
    QVERIFY(queryDiffers);
    QCOMPARE(o.value(QStringLiteral("steps_delta")).toInt(), 0);
}

void TestDiff::runsTokensAndInvalidTraces()
{
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("a.jsonl"));
    const CliRun run = runCapgraph({QStringLiteral("run"), QStringLiteral("resources/examples/grades-query.yaml"), QStringLiteral("--mock"),
                                    QStringLiteral("resources/examples/mocks/grades-query.mock.yaml"), QStringLiteral("--trace"), trace, QStringLiteral("--quiet")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    // The same run with an LLM call's usage recorded on one node.
    const QByteArray original = readAll(trace);
    const QString withUsage = dir.filePath(QStringLiteral("usage.jsonl"));
    writeAll(withUsage, original + "{\"event\":\"node.usage\",\"node\":\"query_grades\",\"step\":2,\"elapsed_us\":10,\"time\":0,"
                                   "\"data\":{\"prompt_tokens\":20,\"completion_tokens\":10,\"total_tokens\":30}}\n");
    QList<RunEvent> events;
    QString error;
    QVERIFY2(RunFiles::parseTrace(readAll(withUsage), withUsage, &events, &error), qPrintable(error));
    QCOMPARE(RunSummary::of(events).totalTokens(), 30);
    const CliRun tokens = runCapgraph({QStringLiteral("diff"), QStringLiteral("--runs"), trace, withUsage});
    QCOMPARE(tokens.exitCode, 1);
    QVERIFY2(tokens.out.contains(QStringLiteral("\ntokens: 0 → 30 (+30)\n")), qPrintable(tokens.out));

    // A line that is not JSON, and one that is no run event: file:line:column.
    const QString broken = dir.filePath(QStringLiteral("broken.jsonl"));
    const qsizetype lines = original.count('\n');
    writeAll(broken, original + "{\"event\": \"node.started\", \"node\": }\n");
    const CliRun b = runCapgraph({QStringLiteral("diff"), QStringLiteral("--runs"), trace, broken});
    QCOMPARE(b.exitCode, 2);
    QVERIFY2(b.err.startsWith(QStringLiteral("%1:%2:36: error: ").arg(broken).arg(lines + 1)), qPrintable(b.err));
    const QString unknown = dir.filePath(QStringLiteral("unknown.jsonl"));
    writeAll(unknown, "\n{\"event\": \"node.teleported\"}\n");
    const CliRun u = runCapgraph({QStringLiteral("diff"), QStringLiteral("--runs"), unknown, trace});
    QCOMPARE(u.exitCode, 2);
    QVERIFY2(u.err.startsWith(QStringLiteral("%1:2:1: error: unknown event 'node.teleported'").arg(unknown)), qPrintable(u.err));
    // A graph is not a trace.
    QCOMPARE(runCapgraph({QStringLiteral("diff"), QStringLiteral("--runs"), kBase, trace}).exitCode, 2);
}

void TestDiff::textconvIsCanonical()
{
    const CliRun a = runCapgraph({QStringLiteral("diff"), QStringLiteral("--textconv"), kBase});
    const CliRun b = runCapgraph({QStringLiteral("diff"), QStringLiteral("--textconv"), kReordered});
    QCOMPARE(a.exitCode, 0);
    QCOMPARE(b.exitCode, 0);
    QCOMPARE(a.out, b.out); // order, positions, comments and spelling are not part of it
    QCOMPARE(a.out, GraphText::of(load(kBase)));
    const QStringList lines = a.out.split(QLatin1Char('\n'));
    QVERIFY2(lines.contains(QStringLiteral("graph: id: \"review\"")), qPrintable(a.out));
    QVERIFY(lines.contains(QStringLiteral("node draft: inputs.topic: \"${input.topic}\"")));
    QVERIFY(lines.contains(QStringLiteral("node check: condition 2 poor: target: \"loop_start\"")));
    QVERIFY(lines.contains(QStringLiteral("edge draft → check (sequence): weight: 2")));
    QVERIFY(!a.out.contains(QStringLiteral("position")));
    // A file that is not a graph is shown as written, with the reason on standard error.
    QTemporaryDir dir;
    const QString broken = dir.filePath(QStringLiteral("broken.yaml"));
    writeAll(broken, "graph: [\n");
    const CliRun c = runCapgraph({QStringLiteral("diff"), QStringLiteral("--textconv"), broken});
    QCOMPARE(c.exitCode, 0);
    QCOMPARE(c.out, QStringLiteral("graph: [\n"));
    QVERIFY2(c.err.contains(broken + QStringLiteral(":")), qPrintable(c.err));
}

void TestDiff::gitTextconvExternalDiffAndDifftool()
{
    if (QStandardPaths::findExecutable(QStringLiteral("git")).isEmpty())
        QSKIP("git is not installed");
    QTemporaryDir dir;
    const QString repo = dir.path();
    const QString cli = QStringLiteral(CAPGRAPH_CLI);
    QVERIFY(QDir(repo).mkpath(QStringLiteral(".home")));
    QCOMPARE(git(repo, {QStringLiteral("init"), QStringLiteral("-q")}).exitCode, 0);
    for (const auto &[key, value] : {std::pair{"user.name", "Test"}, std::pair{"user.email", "test@example.com"}})
        QCOMPARE(git(repo, {QStringLiteral("config"), QLatin1String(key), QLatin1String(value)}).exitCode, 0);
    // The set-up docs/cli.md gives.
    writeAll(repo + QStringLiteral("/.gitattributes"), "*.capgraph.yaml diff=capgraph\n");
    QCOMPARE(git(repo, {QStringLiteral("config"), QStringLiteral("diff.capgraph.textconv"), QStringLiteral("'%1' diff --textconv").arg(cli)}).exitCode, 0);
    const QString file = repo + QStringLiteral("/review.capgraph.yaml");
    writeAll(file, readAll(kBase));
    QCOMPARE(git(repo, {QStringLiteral("add"), QStringLiteral(".")}).exitCode, 0);
    QCOMPARE(git(repo, {QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("base")}).exitCode, 0);

    // Reordered and moved: no line of the graph changed.
    writeAll(file, readAll(kReordered));
    GitRun d = git(repo, {QStringLiteral("diff")});
    QCOMPARE(d.exitCode, 0);
    QVERIFY2(!d.out.contains(QStringLiteral("\n+")) && !d.out.contains(QStringLiteral("\n-n")), qPrintable(d.out + d.err));

    // A changed prompt: one line out, one line in, named by its node.
    QString text = QString::fromUtf8(readAll(kReordered));
    text.replace(QStringLiteral("Publish the draft about ${input.topic}?"), QStringLiteral("Publish it?"));
    writeAll(file, text.toUtf8());
    d = git(repo, {QStringLiteral("diff")});
    QCOMPARE(d.exitCode, 0);
    QVERIFY2(d.out.contains(QStringLiteral("\n-node ask: prompt: \"Publish the draft about ${input.topic}?\"\n+node ask: prompt: \"Publish it?\"\n")),
             qPrintable(d.out + d.err));
    QVERIFY2(!d.out.contains(QStringLiteral("position")), qPrintable(d.out));

    // The external diff driver: the semantic summary.
    QCOMPARE(git(repo, {QStringLiteral("config"), QStringLiteral("diff.capgraph.command"), QStringLiteral("'%1' diff").arg(cli)}).exitCode, 0);
    d = git(repo, {QStringLiteral("diff")});
    QVERIFY2(d.exitCode == 0, qPrintable(d.err));
    QCOMPARE(d.out, QStringLiteral("capgraph diff a/review.capgraph.yaml b/review.capgraph.yaml\n"
                                   "~ node ask: prompt: \"Publish the draft about ${input.topic}?\" → \"Publish it?\"\n"));
    // A new graph (git gives /dev/null for the old side) and a deleted one.
    QVERIFY(QFile::copy(kBase, repo + QStringLiteral("/second.capgraph.yaml")));
    QCOMPARE(git(repo, {QStringLiteral("add"), QStringLiteral("second.capgraph.yaml")}).exitCode, 0);
    d = git(repo, {QStringLiteral("diff"), QStringLiteral("--cached")});
    QVERIFY2(d.exitCode == 0, qPrintable(d.err));
    QVERIFY2(d.out.startsWith(QStringLiteral("capgraph diff a/second.capgraph.yaml b/second.capgraph.yaml (new graph)\n")), qPrintable(d.out));
    QVERIFY(d.out.contains(QStringLiteral("\n+ node draft (skill)\n")));
    QCOMPARE(git(repo, {QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("second")}).exitCode, 0);
    QCOMPARE(git(repo, {QStringLiteral("rm"), QStringLiteral("-q"), QStringLiteral("second.capgraph.yaml")}).exitCode, 0);
    d = git(repo, {QStringLiteral("diff"), QStringLiteral("--cached")});
    QVERIFY2(d.out.startsWith(QStringLiteral("capgraph diff a/second.capgraph.yaml b/second.capgraph.yaml (graph deleted)\n")), qPrintable(d.out));
    QVERIFY(d.out.contains(QStringLiteral("\n- node draft (skill)\n")));
    // --no-ext-diff goes back to the textconv lines.
    d = git(repo, {QStringLiteral("diff"), QStringLiteral("--no-ext-diff"), QStringLiteral("--"), QStringLiteral("review.capgraph.yaml")});
    QVERIFY2(d.out.contains(QStringLiteral("\n+node ask: prompt: \"Publish it?\"\n")), qPrintable(d.out));

    // git difftool runs `capgraph diff LOCAL REMOTE` (with diff.capgraph.command set, git gives
    // the files to that driver instead, as the lines above).
    QCOMPARE(git(repo, {QStringLiteral("config"), QStringLiteral("--unset"), QStringLiteral("diff.capgraph.command")}).exitCode, 0);
    d = git(repo, {QStringLiteral("difftool"), QStringLiteral("-y"), QStringLiteral("-x"), QStringLiteral("'%1' diff").arg(cli), QStringLiteral("--"),
                   QStringLiteral("review.capgraph.yaml")});
    QVERIFY2(d.exitCode == 0, qPrintable(d.err));
    QCOMPARE(d.out, QStringLiteral("~ node ask: prompt: \"Publish the draft about ${input.topic}?\" → \"Publish it?\"\n"));
}

QTEST_GUILESS_MAIN(TestDiff)
#include "tst_diff.moc"
