// Dify app DSLs (docs/dify.md): a corpus written for this project — both app modes, three DSL
// versions, every node type — imported, linted, run with mocks to their outputs (code nodes
// for real in python3 and node, HTTP against a local server), exported and imported again;
// hostile files refused at file:line:column.

#include "dify/DifyExporter.h"
#include "dify/DifyExpressions.h"
#include "dify/DifyImporter.h"
#include "dify/JinjaTemplate.h"
#include "exec/Executor.h"
#include "expr/Expression.h"
#include "io/YamlValue.h"
#include "launch/RunSetup.h"
#include "model/EdgeKind.h"
#include "model/NodeKind.h"
#include "validation/GraphValidator.h"
#include "yaml/GraphYamlReader.h"
#include "yaml/GraphYamlWriter.h"
#include "yaml/InlineSubgraphs.h"

#include "support/CliRun.h"
#include "support/ScriptedHttpServer.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace capgraph;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(CAPGRAPH_FIXTURES_DIR "/dify/") + name;
}

QVariantMap readYaml(const QByteArray &bytes)
{
    return yamlTextToVariant(QString::fromUtf8(bytes)).toMap();
}

// A DSL by meaning: the file's keys, nodes by id, edges by their ends and handle.
struct Meaning
{
    QVariantMap top;
    QMap<QString, QVariant> nodes;
    QMap<QString, QVariant> edges;
};

Meaning meaningOf(const QByteArray &dsl)
{
    Meaning m;
    m.top = readYaml(dsl);
    QVariantMap workflow = m.top.value(QStringLiteral("workflow")).toMap();
    QVariantMap graph = workflow.value(QStringLiteral("graph")).toMap();
    for (const QVariant &n : graph.take(QStringLiteral("nodes")).toList())
        m.nodes.insert(n.toMap().value(QStringLiteral("id")).toString(), n);
    for (const QVariant &e : graph.take(QStringLiteral("edges")).toList()) {
        const QVariantMap em = e.toMap();
        m.edges.insert(QStringLiteral("%1|%2|%3").arg(em.value(QStringLiteral("source")).toString(),
                                                      em.value(QStringLiteral("sourceHandle"), QStringLiteral("source")).toString(),
                                                      em.value(QStringLiteral("target")).toString()),
                       e);
    }
    workflow.insert(QStringLiteral("graph"), graph);
    m.top.insert(QStringLiteral("workflow"), workflow);
    return m;
}

// Writes `text` as the file `name` in `dir`; its path (empty when it cannot be written).
QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        return QString();
    return path;
}

// Lint's errors for a graph and for each sub-graph it keeps (graph.subgraphs).
QStringList lintErrors(const Graph &graph, const QString &file)
{
    QStringList errors;
    auto check = [&](const Graph &g, const QString &name) {
        for (const Diagnostic &d : GraphValidator::validate(g, name))
            if (d.severity == Severity::Error)
                errors << d.format();
    };
    check(graph, file);
    for (const QString &name : InlineSubgraphs::names(graph)) {
        const GraphLoadResult sub = InlineSubgraphs::read(graph, name);
        if (sub.ok())
            check(*sub.graph, name);
        else
            errors << sub.errorText();
    }
    return errors;
}

// Runs a graph file (a DSL straight, or a graph) with mocks, trusted, to its end.
struct Ran
{
    RunStatus status = RunStatus::Idle;
    QVariantMap variables;
    QString error;
};

Ran runFile(const QString &file, const QVariantMap &mocks, const QVariantMap &input)
{
    RunRequest request;
    request.graphFile = file;
    request.mocks = mocks;
    request.mocksName = QStringLiteral("mocks");
    request.trusted = true;
    QString error;
    Ran ran;
    std::unique_ptr<RunSetup> setup = RunSetup::fromFile(request, &error);
    if (!setup) {
        ran.error = error;
        return ran;
    }
    std::unique_ptr<Executor> ex = setup->makeExecutor();
    if (!ex) {
        ran.error = setup->problems().join(QLatin1Char('\n'));
        return ran;
    }
    ex->start(setup->completedInput(input)); // as `capgraph run` and the studio: the graph's own inputs fill what is not given
    ran.status = ex->waitUntilIdle(60000);
    ran.variables = ex->context().variables;
    ran.error = ex->errorMessage();
    return ran;
}

QVariantMap nodeMock(const QVariantMap &outputs)
{
    return {{QStringLiteral("outputs"), outputs}};
}

} // namespace

class TestDify : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void corpusImportsCleanAndRoundTrips_data();
    void corpusImportsCleanAndRoundTrips();
    void researchDigestRunsItsIterationAndPythonCode();
    void helpdeskRunsEachClassAgainstALocalServer();
    void scoreLoopRunsRoundsUntilItsBreakCondition();
    void parallelBranchesMeetAtAJoin();
    void iterationOutputIsFlattenedAsInDify();
    void everyNodeTypeIsMappedOrStandsIn();
    void conditionsCoverEveryComparisonOperator_data();
    void conditionsCoverEveryComparisonOperator();
    void jinjaSubsetRendersAsDify_data();
    void jinjaSubsetRendersAsDify();
    void hostileFilesAreRefusedWithTheirPlace_data();
    void hostileFilesAreRefusedWithTheirPlace();
    void tenThousandNodesImportAndMoreAreRefused();
    void runawayInputsAreRefused();
    void versionsAndModesAreChecked();
    void graphsAuthoredHereExportForDify();
    void commandLineImportsReportsAndRuns();
};

void TestDify::initTestCase()
{
    // The code nodes run for real: .ci/setup.sh installs both.
    QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("python3")).isEmpty(), "python3 is needed (apt-get install python3)");
    QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("node")).isEmpty(), "node is needed (apt-get install nodejs)");
}

void TestDify::corpusImportsCleanAndRoundTrips_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("mode");
    QTest::newRow("workflow 0.3.0: iteration, code, llm, if-else, note") << QStringLiteral("research-digest.yml") << QStringLiteral("0.3.0") << QStringLiteral("workflow");
    QTest::newRow("chatflow 0.1.5: classifier, http, extractor, agent") << QStringLiteral("helpdesk-chatflow.yml") << QStringLiteral("0.1.5") << QStringLiteral("advanced-chat");
    QTest::newRow("workflow 0.6.0: loop, assigner, list, tool, fail branch") << QStringLiteral("score-loop.yml") << QStringLiteral("0.6.0") << QStringLiteral("workflow");
}

// Import → lint clean (only the stand-ins' needs-capability) → export → equal by meaning to
// the original → import again → the same graph.
void TestDify::corpusImportsCleanAndRoundTrips()
{
    QFETCH(QString, file);
    QFETCH(QString, version);
    QFETCH(QString, mode);
    const DifyImportResult r = DifyImporter::readFile(fixture(file));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QVERIFY2(r.diagnostics.isEmpty(), qPrintable(r.errorText()));
    QCOMPARE(r.version, version);
    QCOMPARE(r.mode, mode);
    for (const Diagnostic &d : GraphValidator::validate(*r.graph, file)) {
        QVERIFY2(d.severity != Severity::Error, qPrintable(d.format()));
        QVERIFY2(d.code == QLatin1String("needs-capability"), qPrintable(d.format()));
    }
    for (const QString &name : InlineSubgraphs::names(*r.graph)) {
        const GraphLoadResult sub = InlineSubgraphs::read(*r.graph, name);
        QVERIFY2(sub.ok(), qPrintable(sub.errorText()));
        for (const Diagnostic &d : GraphValidator::validate(*sub.graph, name))
            QVERIFY2(d.severity != Severity::Error && d.code != QLatin1String("unreachable"), qPrintable(d.format()));
    }

    // Saved and read back as our YAML: the same graph.
    const GraphLoadResult saved = GraphYamlReader::readBytes(GraphYamlWriter::toYaml(*r.graph), QStringLiteral("saved.yaml"));
    QVERIFY2(saved.ok(), qPrintable(saved.errorText()));
    QVERIFY(*saved.graph == *r.graph);

    QStringList problems;
    const QByteArray dsl = DifyExporter::toDsl(*saved.graph, &problems);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    QFile original(fixture(file));
    QVERIFY(original.open(QIODevice::ReadOnly));
    const Meaning before = meaningOf(original.readAll());
    const Meaning after = meaningOf(dsl);
    QCOMPARE(after.nodes.keys(), before.nodes.keys());
    for (auto it = before.nodes.cbegin(); it != before.nodes.cend(); ++it)
        QVERIFY2(after.nodes.value(it.key()) == it.value(), qPrintable(QStringLiteral("node %1 differs:\n%2\n%3").arg(it.key(),
                 QString::fromUtf8(QJsonDocument::fromVariant(it.value()).toJson()), QString::fromUtf8(QJsonDocument::fromVariant(after.nodes.value(it.key())).toJson()))));
    QCOMPARE(after.edges.keys(), before.edges.keys());
    for (auto it = before.edges.cbegin(); it != before.edges.cend(); ++it)
        QVERIFY2(after.edges.value(it.key()) == it.value(), qPrintable(it.key()));
    QVERIFY(after.top == before.top);

    const DifyImportResult again = DifyImporter::readBytes(dsl, file);
    QVERIFY2(again.ok(), qPrintable(again.errorText()));
    QVERIFY(*again.graph == *r.graph);
}

// A workflow whose iteration runs an LLM per question in parallel: a python3 code node splits
// the first LLM's answer into questions, the iteration's child graph answers each (mocked by
// node id inside the sub-graph), the Jinja template writes the digest; run straight from the
// DSL file.
void TestDify::researchDigestRunsItsIterationAndPythonCode()
{
    const QVariantMap mocks{{QStringLiteral("nodes"),
                             QVariantMap{{QStringLiteral("llm_1733000000002"), nodeMock({{QStringLiteral("text"), QStringLiteral("- 什麼是量子位元\n- 誰在做量子電腦\n\n- 何時能用")}})},
                                         {QStringLiteral("llm_1733000000006"),
                                          QVariantMap{{QStringLiteral("responses"), QVariantList{QVariantMap{{QStringLiteral("text"), QStringLiteral("答一 ")}},
                                                                                                  QVariantMap{{QStringLiteral("text"), QStringLiteral("答二")}},
                                                                                                  QVariantMap{{QStringLiteral("text"), QStringLiteral("答三")}}}}}}}}};
    const Ran ran = runFile(fixture(QStringLiteral("research-digest.yml")), mocks, {{QStringLiteral("topic"), QStringLiteral("量子計算")}});
    QVERIFY2(ran.status == RunStatus::Finished, qPrintable(ran.error));
    QCOMPARE(ran.variables.value(QStringLiteral("questions")).toInt(), 3); // python3 counted them
    const QString digest = ran.variables.value(QStringLiteral("digest")).toString();
    QVERIFY2(digest.startsWith(QStringLiteral("# 量子計算\n")), qPrintable(digest));
    for (const QString &answer : {QStringLiteral("答一"), QStringLiteral("答二"), QStringLiteral("答三")})
        QVERIFY2(digest.contains(answer), qPrintable(digest));
    QVERIFY2(digest.contains(QStringLiteral("1. 答")) && digest.endsWith(QStringLiteral("共 3 題。")), qPrintable(digest));

    // No questions: the else way ends with the first answer as the digest.
    QVariantMap none = mocks;
    QVariantMap nodes = none.value(QStringLiteral("nodes")).toMap();
    nodes.insert(QStringLiteral("llm_1733000000002"), nodeMock({{QStringLiteral("text"), QStringLiteral("無法拆解")}}));
    none.insert(QStringLiteral("nodes"), nodes);
    const Ran empty = runFile(fixture(QStringLiteral("research-digest.yml")), none, {{QStringLiteral("topic"), QStringLiteral("x")}});
    QVERIFY2(empty.status == RunStatus::Finished, qPrintable(empty.error));
    QCOMPARE(empty.variables.value(QStringLiteral("digest")).toString(), QStringLiteral("無法拆解"));
}

// The chatflow: a classifier routes by class id; the weather way extracts a city, calls a
// local HTTP server (bearer key, query parameters), runs JavaScript in node on the answer and
// answers; the other ways run the knowledge base and agent stand-ins and merge.
void TestDify::helpdeskRunsEachClassAgainstALocalServer()
{
    ScriptedHttpServer server([](const HttpRequestSeen &req) {
        HttpReply reply;
        reply.body = QJsonDocument(QJsonObject{{QStringLiteral("city"), QStringLiteral("台北")},
                                               {QStringLiteral("forecast"), QStringLiteral("晴 25°C")},
                                               {QStringLiteral("path"), QString::fromUtf8(req.path)}})
                         .toJson(QJsonDocument::Compact);
        return reply;
    });
    auto mocksFor = [](const QString &classId) {
        return QVariantMap{{QStringLiteral("nodes"),
                            QVariantMap{{QStringLiteral("classify"), nodeMock({{QStringLiteral("class_id"), classId}, {QStringLiteral("class_name"), QStringLiteral("x")}})},
                                        {QStringLiteral("extract_city"), nodeMock({{QStringLiteral("city"), QStringLiteral("台北")}, {QStringLiteral("days"), 2}})},
                                        {QStringLiteral("reply"), nodeMock({{QStringLiteral("text"), QStringLiteral("請看說明書第 3 頁")}})}}}};
    };
    const QVariantMap input{{QStringLiteral("query"), QStringLiteral("台北明天天氣如何")},
                            {QStringLiteral("env"), QVariantMap{{QStringLiteral("weather_api"), server.url()}}}};
    const Ran weather = runFile(fixture(QStringLiteral("helpdesk-chatflow.yml")), mocksFor(QStringLiteral("1")), input);
    QVERIFY2(weather.status == RunStatus::Finished, qPrintable(weather.error));
    QCOMPARE(weather.variables.value(QStringLiteral("answer")).toString(), QStringLiteral("台北：晴 25°C"));
    QCOMPARE(server.requests().size(), 1);
    const HttpRequestSeen seen = server.requests().first();
    QCOMPARE(seen.method, QByteArray("GET"));
    QVERIFY2(seen.path.startsWith("/weather?city=") && seen.path.contains("days=2"), seen.path.constData());
    QCOMPARE(seen.headers.value("authorization"), QByteArray("Bearer demo-key"));

    const Ran product = runFile(fixture(QStringLiteral("helpdesk-chatflow.yml")), mocksFor(QStringLiteral("2")), input);
    QVERIFY2(product.status == RunStatus::Finished, qPrintable(product.error));
    QCOMPARE(product.variables.value(QStringLiteral("answer")).toString(), QStringLiteral("請看說明書第 3 頁"));
    QCOMPARE(server.requests().size(), 1);

    const Ran other = runFile(fixture(QStringLiteral("helpdesk-chatflow.yml")), mocksFor(QStringLiteral("3")), input);
    QVERIFY2(other.status == RunStatus::Finished, qPrintable(other.error));
    QCOMPARE(other.variables.value(QStringLiteral("answer")).toString(), QStringLiteral("(mock) 交給代理")); // the agent's stand-in
}

// A loop: python3 adds the step each round, the assigner keeps the total and appends a label,
// the break condition (total ≥ 10) ends it; the list operator keeps the two latest labels; the
// HTTP call to a closed port takes the fail branch.
void TestDify::scoreLoopRunsRoundsUntilItsBreakCondition()
{
    const Ran ran = runFile(fixture(QStringLiteral("score-loop.yml")), {}, {{QStringLiteral("step"), 3}});
    QVERIFY2(ran.status == RunStatus::Finished, qPrintable(ran.error));
    QCOMPARE(ran.variables.value(QStringLiteral("total")).toDouble(), 12.0);
    QCOMPARE(ran.variables.value(QStringLiteral("rounds")).toInt(), 4);
    QCOMPARE(ran.variables.value(QStringLiteral("latest")).toStringList(), (QStringList{QStringLiteral("at 9"), QStringLiteral("at 6")}));
    QCOMPARE(ran.variables.value(QStringLiteral("first")).toString(), QStringLiteral("at 9"));
    QCOMPARE(ran.variables.value(QStringLiteral("found")).toString(), QStringLiteral("(mock) Search")); // the tool's stand-in
    QCOMPARE(ran.variables.value(QStringLiteral("notified")).toString(), QStringLiteral("not sent"));

    // A step of 50 ends the loop in its first round through the loop-end node.
    const Ran big = runFile(fixture(QStringLiteral("score-loop.yml")), {}, {{QStringLiteral("step"), 150}});
    QVERIFY2(big.status == RunStatus::Finished, qPrintable(big.error));
    QCOMPARE(big.variables.value(QStringLiteral("rounds")).toInt(), 1);
    QCOMPARE(big.variables.value(QStringLiteral("total")).toDouble(), 150.0);

    // Dify checks the break conditions before the first round too: a total that starts at the
    // step (a loop variable read from the start node) and is already 10 or more runs no round.
    QFile original(fixture(QStringLiteral("score-loop.yml")));
    QVERIFY(original.open(QIODevice::ReadOnly));
    QByteArray text = original.readAll();
    const QByteArray constant = "{id: v1, label: total, var_type: number, value_type: constant, value: 0}";
    QVERIFY(text.contains(constant));
    text.replace(constant, "{id: v1, label: total, var_type: number, value_type: variable, value: ['100', step]}");
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("score-from-step.yml"), text);
    QVERIFY(!path.isEmpty());
    const Ran met = runFile(path, {}, {{QStringLiteral("step"), 12}});
    QVERIFY2(met.status == RunStatus::Finished, qPrintable(met.error));
    QCOMPARE(met.variables.value(QStringLiteral("rounds")).toInt(), 0);
    QCOMPARE(met.variables.value(QStringLiteral("total")).toDouble(), 12.0);
    // Not met at first: rounds run as before (3, then 6, 9, 12).
    const Ran notMet = runFile(path, {}, {{QStringLiteral("step"), 3}});
    QVERIFY2(notMet.status == RunStatus::Finished, qPrintable(notMet.error));
    QCOMPARE(notMet.variables.value(QStringLiteral("rounds")).toInt(), 3);
    QCOMPARE(notMet.variables.value(QStringLiteral("total")).toDouble(), 12.0);
}

// Dify runs the branches out of a node at once and a node they meet at waits for all of them:
// the extra edges become parallel edges, a parallel_join stands before the meeting node, which
// runs once with both branches' values. Old files' [start, sys.query] reads the query.
void TestDify::parallelBranchesMeetAtAJoin()
{
    const QByteArray dsl = R"(app: {name: fan, mode: advanced-chat}
kind: app
version: 0.1.2
workflow:
  graph:
    nodes:
    - {id: s, data: {type: start, variables: []}}
    - {id: slow, data: {type: code, code_language: python3, code: "import time\ndef main(q: str) -> dict:\n    time.sleep(0.3)\n    return {'r': 'slow:' + q}\n", variables: [{variable: q, value_selector: [s, sys.query]}], outputs: {r: {type: string}}}}
    - {id: fast, data: {type: template-transform, template: 'fast:{{ q }}', variables: [{variable: q, value_selector: [sys, query]}]}}
    - {id: both, data: {type: template-transform, template: '{{ a }}+{{ b }}', variables: [{variable: a, value_selector: [slow, r]}, {variable: b, value_selector: [fast, output]}]}}
    - {id: say, data: {type: answer, answer: '{{#both.output#}}'}}
    edges:
    - {source: s, target: slow}
    - {source: s, target: fast}
    - {source: slow, target: both}
    - {source: fast, target: both}
    - {source: both, target: say}
)";
    const DifyImportResult r = DifyImporter::readBytes(dsl, QStringLiteral("fan.yml"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Graph &g = *r.graph;
    QVERIFY(g.node(QStringLiteral("both_join")));
    QCOMPARE(g.node(QStringLiteral("both_join"))->kind, NodeKind::ParallelJoin);
    int parallel = 0;
    for (const Edge &e : g.edges)
        parallel += e.kind == EdgeKind::Parallel;
    QCOMPARE(parallel, 1);
    for (const Diagnostic &d : GraphValidator::validate(g, QStringLiteral("fan.yml")))
        QVERIFY2(d.severity == Severity::Info, qPrintable(d.format()));
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("fan.yml"), dsl);
    QVERIFY(!path.isEmpty());
    const Ran ran = runFile(path, {}, {{QStringLiteral("query"), QStringLiteral("hi")}});
    QVERIFY2(ran.status == RunStatus::Finished, qPrintable(ran.error));
    QCOMPARE(ran.variables.value(QStringLiteral("answer")).toString(), QStringLiteral("slow:hi+fast:hi"));
    // The way back keeps the four edges as they were.
    QStringList problems;
    const Meaning m = meaningOf(DifyExporter::toDsl(g, &problems));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QString())));
    QCOMPARE(m.edges.keys(), (QStringList{QStringLiteral("both|source|say"), QStringLiteral("fast|source|both"), QStringLiteral("slow|source|both"),
                                          QStringLiteral("s|source|fast"), QStringLiteral("s|source|slow")}));
    for (const QVariant &n : m.nodes)
        QVERIFY(!n.toMap().contains(QStringLiteral("position"))); // none was written, none is added
}

// Dify makes an iteration's output one list when every element's is a list (flatten_output,
// true unless set false), for the nodes after it and for a later container's children alike.
void TestDify::iterationOutputIsFlattenedAsInDify()
{
    // Read flattened by an if-else (not empty, contains), by a later iteration and its
    // children, by an aggregator and by the ends.
    const QByteArray dsl = R"(app: {name: flat, mode: workflow}
kind: app
version: 0.6.0
workflow:
  graph:
    nodes:
    - {id: s, data: {type: start, variables: [{variable: groups, label: Groups, type: json_object, required: true}]}}
    - {id: each, data: {type: iteration, start_node_id: grow, iterator_selector: [s, groups], output_selector: [grow, r], is_parallel: false}}
    - {id: grow, parentId: each, data: {type: code, iteration_id: each, code_language: python3, code: "def main(x: list) -> dict:\n    return {'r': x + ['!']}\n", variables: [{variable: x, value_selector: [each, item]}], outputs: {r: {type: 'array[string]'}}}}
    - {id: has, data: {type: if-else, cases: [{case_id: some, logical_operator: and, conditions: [{id: c1, variable_selector: [each, output], comparison_operator: not empty, value: ''}, {id: c2, variable_selector: [each, output], comparison_operator: contains, value: c}]}]}}
    - {id: again, data: {type: iteration, start_node_id: count, iterator_selector: [each, output], output_selector: [count, r], is_parallel: true, parallel_nums: 2}}
    - {id: count, parentId: again, data: {type: code, iteration_id: again, code_language: python3, code: "def main(x: str, all: list) -> dict:\n    return {'r': str(x) + '/' + str(len(all))}\n", variables: [{variable: x, value_selector: [again, item]}, {variable: all, value_selector: [each, output]}], outputs: {r: {type: string}}}}
    - {id: pick, data: {type: variable-aggregator, output_type: 'array[string]', variables: [[each, output]]}}
    - {id: done, data: {type: end, outputs: [{variable: all, value_selector: [pick, output]}, {variable: counted, value_selector: [again, output]}]}}
    - {id: none, data: {type: end, outputs: [{variable: all, value_selector: [each, output]}]}}
    edges:
    - {source: s, target: each}
    - {source: each, target: has}
    - {source: has, sourceHandle: some, target: again}
    - {source: has, sourceHandle: 'false', target: none}
    - {source: again, target: pick}
    - {source: pick, target: done}
)";
    const QVariantMap input{{QStringLiteral("groups"), QVariantList{QVariantList{QStringLiteral("a")}, QVariantList{QStringLiteral("b"), QStringLiteral("c")}}}};
    QTemporaryDir dir;
    const DifyImportResult r = DifyImporter::readBytes(dsl, QStringLiteral("flat.yml"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QVERIFY2(r.reportText().contains(QStringLiteral("flatten(each.output)")), qPrintable(r.reportText()));
    const QStringList errors = lintErrors(*r.graph, QStringLiteral("flat.yml"));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    const Ran flat = runFile(writeFile(dir, QStringLiteral("flat.yml"), dsl), {}, input);
    QVERIFY2(flat.status == RunStatus::Finished, qPrintable(flat.error));
    QCOMPARE(flat.variables.value(QStringLiteral("all")).toStringList(),
             (QStringList{QStringLiteral("a"), QStringLiteral("!"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("!")}));
    // Strings are not lists: the second iteration's output stays as it is; its children read
    // the first one's, flattened, from outside.
    QCOMPARE(flat.variables.value(QStringLiteral("counted")).toStringList(),
             (QStringList{QStringLiteral("a/5"), QStringLiteral("!/5"), QStringLiteral("b/5"), QStringLiteral("c/5"), QStringLiteral("!/5")}));

    // flatten_output false: a list of two lists, which holds no 'c' itself: the else way.
    QByteArray kept = dsl;
    kept.replace("is_parallel: false}}", "is_parallel: false, flatten_output: false}}");
    const Ran nested = runFile(writeFile(dir, QStringLiteral("nested.yml"), kept), {}, input);
    QVERIFY2(nested.status == RunStatus::Finished, qPrintable(nested.error));
    const QVariantList all = nested.variables.value(QStringLiteral("all")).toList();
    QCOMPARE(all.size(), 2);
    QCOMPARE(all.at(1).toStringList(), (QStringList{QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("!")}));
    QVERIFY(!nested.variables.contains(QStringLiteral("counted")));

    // The export gives the app back as it was: the flattening is how it runs, not a change.
    QStringList problems;
    const QByteArray back = DifyExporter::toDsl(*r.graph, &problems);
    QVERIFY2(!back.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    QVERIFY(!back.contains("flatten("));
    QCOMPARE(meaningOf(back).nodes, meaningOf(dsl).nodes);
    const DifyImportResult again = DifyImporter::readBytes(back, QStringLiteral("back.yml"));
    QVERIFY2(again.ok(), qPrintable(again.errorText()));
    QVERIFY(again.reportText().contains(QStringLiteral("flatten(each.output)")));
}

void TestDify::everyNodeTypeIsMappedOrStandsIn()
{
    QHash<QString, DifyNodeReport::Status> seen;
    for (const char *file : {"research-digest.yml", "helpdesk-chatflow.yml", "score-loop.yml", "odd-nodes.yml"}) {
        const DifyImportResult r = DifyImporter::readFile(fixture(QString::fromLatin1(file)));
        QVERIFY2(r.ok(), qPrintable(r.errorText()));
        const QStringList errors = lintErrors(*r.graph, QString::fromLatin1(file));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        for (const DifyNodeReport &n : r.report) {
            QVERIFY2(!n.how.isEmpty(), qPrintable(n.difyId));
            seen.insert(n.type, n.status);
        }
    }
    using S = DifyNodeReport::Status;
    const QHash<QString, S> expected{
        {QStringLiteral("start"), S::Mapped}, {QStringLiteral("end"), S::Mapped}, {QStringLiteral("answer"), S::Mapped},
        {QStringLiteral("llm"), S::Mapped}, {QStringLiteral("if-else"), S::Mapped}, {QStringLiteral("question-classifier"), S::Mapped},
        {QStringLiteral("iteration"), S::Mapped}, {QStringLiteral("iteration-start"), S::Mapped}, {QStringLiteral("loop"), S::Mapped},
        {QStringLiteral("loop-start"), S::Mapped}, {QStringLiteral("loop-end"), S::Mapped}, {QStringLiteral("code"), S::Mapped},
        {QStringLiteral("template-transform"), S::Mapped}, {QStringLiteral("http-request"), S::Mapped},
        {QStringLiteral("variable-aggregator"), S::Mapped}, {QStringLiteral("variable-assigner"), S::Mapped},
        {QStringLiteral("assigner"), S::Approximated}, {QStringLiteral("list-operator"), S::Mapped},
        {QStringLiteral("parameter-extractor"), S::Mapped}, {QStringLiteral("document-extractor"), S::StandIn},
        {QStringLiteral("knowledge-retrieval"), S::StandIn}, {QStringLiteral("tool"), S::StandIn}, {QStringLiteral("agent"), S::StandIn},
        {QStringLiteral("human-input"), S::StandIn}, {QStringLiteral("custom-note"), S::Kept}};
    for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
        QVERIFY2(seen.contains(it.key()), qPrintable(QStringLiteral("no node of type %1 in the corpus").arg(it.key())));
        QVERIFY2(seen.value(it.key()) == it.value() || (it.key() == QLatin1String("llm") && seen.value(it.key()) == S::Approximated),
                 qPrintable(QStringLiteral("%1 is %2").arg(it.key(), DifyNodeReport::statusName(seen.value(it.key())))));
    }
}

void TestDify::conditionsCoverEveryComparisonOperator_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<QVariant>("variable");
    QTest::addColumn<bool>("expected");
    auto row = [](const char *name, const QString &op, const QVariant &value, const QVariant &variable, bool expected) {
        QTest::newRow(name) << op << value << variable << expected;
    };
    row("contains", QStringLiteral("contains"), QStringLiteral("天"), QStringLiteral("明天"), true);
    row("contains list", QStringLiteral("contains"), QStringLiteral("b"), QVariantList{QStringLiteral("a"), QStringLiteral("b")}, true);
    row("not contains", QStringLiteral("not contains"), QStringLiteral("x"), QStringLiteral("abc"), true);
    row("start with", QStringLiteral("start with"), QStringLiteral("ab"), QStringLiteral("abc"), true);
    row("end with", QStringLiteral("end with"), QStringLiteral("bc"), QStringLiteral("abd"), false);
    row("is", QStringLiteral("is"), QStringLiteral("pdf"), QStringLiteral("pdf"), true);
    row("is not", QStringLiteral("is not"), QStringLiteral("pdf"), QStringLiteral("doc"), true);
    row("empty", QStringLiteral("empty"), QString(), QString(), true);
    row("empty list", QStringLiteral("empty"), QString(), QVariantList{}, true);
    row("empty null", QStringLiteral("empty"), QString(), QVariant::fromValue(nullptr), true);
    row("not empty", QStringLiteral("not empty"), QString(), QStringLiteral("x"), true);
    row("in", QStringLiteral("in"), QVariantList{QStringLiteral("a"), QStringLiteral("b")}, QStringLiteral("b"), true);
    row("not in", QStringLiteral("not in"), QVariantList{QStringLiteral("a")}, QStringLiteral("b"), true);
    row("all of", QStringLiteral("all of"), QVariantList{QStringLiteral("a"), QStringLiteral("c")}, QVariantList{QStringLiteral("a"), QStringLiteral("b")}, false);
    row("=", QStringLiteral("="), QStringLiteral("3"), 3, true);
    row("= text number", QStringLiteral("="), QStringLiteral("3"), QStringLiteral("3"), true);
    row("≠", QStringLiteral("≠"), QStringLiteral("3"), 4, true);
    row(">", QStringLiteral(">"), QStringLiteral("3"), 4, true);
    row("<", QStringLiteral("<"), QStringLiteral("3"), 4, false);
    row("≥", QStringLiteral("≥"), QStringLiteral("4"), 4, true);
    row("≤", QStringLiteral("≤"), QStringLiteral("3.5"), 4, false);
    row("> missing", QStringLiteral(">"), QStringLiteral("3"), QVariant::fromValue(nullptr), false);
    row("null", QStringLiteral("null"), QString(), QVariant::fromValue(nullptr), true);
    row("not null", QStringLiteral("not null"), QString(), 0, true);
    row("exists", QStringLiteral("exists"), QString(), QStringLiteral("f"), true);
    row("not exists", QStringLiteral("not exists"), QString(), QVariant::fromValue(nullptr), true);
}

// Each operator as Dify's if-else writes it, turned into our expression language and evaluated.
void TestDify::conditionsCoverEveryComparisonOperator()
{
    QFETCH(QString, op);
    QFETCH(QVariant, value);
    QFETCH(QVariant, variable);
    QFETCH(bool, expected);
    DifyScope scope;
    scope.ids.insert(QStringLiteral("n1"), QStringLiteral("node_1"));
    QString error;
    const QString e = DifyExpressions::condition({{QStringLiteral("variable_selector"), QVariantList{QStringLiteral("n1"), QStringLiteral("v")}},
                                                  {QStringLiteral("comparison_operator"), op},
                                                  {QStringLiteral("value"), value}},
                                                 scope, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const Expression ex = Expression::parse(e);
    QVERIFY2(ex.isValid(), qPrintable(e + QStringLiteral(": ") + ex.errorMessage()));
    const EvalResult r = ex.evaluate(QVariantMap{{QStringLiteral("node_1"), QVariantMap{{QStringLiteral("v"), variable}}}});
    QVERIFY2(r.ok(), qPrintable(e + QStringLiteral(": ") + r.error));
    QVERIFY2(r.value.toBool() == expected, qPrintable(e));
    QVERIFY(DifyExpressions::comparisonOperators().contains(op));
}

void TestDify::jinjaSubsetRendersAsDify_data()
{
    QTest::addColumn<QString>("templ");
    QTest::addColumn<QString>("expected");
    QTest::newRow("variable") << QStringLiteral("Hi {{ name }}!") << QStringLiteral("Hi 小明!");
    QTest::newRow("undefined is empty") << QStringLiteral("[{{ missing }}]") << QStringLiteral("[]");
    QTest::newRow("filters") << QStringLiteral("{{ name | length }} {{ words | join('/') | upper }} {{ missing | default('none') }}")
                             << QStringLiteral("2 A/B none");
    QTest::newRow("for with loop") << QStringLiteral("{% for w in words %}{{ loop.index }}:{{ w }}{% if not loop.last %}, {% endif %}{% endfor %}")
                                   << QStringLiteral("1:a, 2:b");
    QTest::newRow("for items") << QStringLiteral("{% for k, v in scores.items() %}{{ k }}={{ v }};{% endfor %}") << QStringLiteral("x=1;y=2;");
    QTest::newRow("if elif else") << QStringLiteral("{% if n > 5 %}big{% elif n > 1 %}mid{% else %}small{% endif %}") << QStringLiteral("mid");
    QTest::newRow("trim markers") << QStringLiteral("a\n{%- if true -%}\n b \n{%- endif %}") << QStringLiteral("ab");
    QTest::newRow("python values") << QStringLiteral("{{ words }} {{ flag }} {{ nothing is none }}") << QStringLiteral("['a', 'b'] True True");
    QTest::newRow("set and tilde") << QStringLiteral("{% set g = 'hi ' ~ name %}{{ g }}") << QStringLiteral("hi 小明");
    QTest::newRow("comment") << QStringLiteral("a{# not shown #}b") << QStringLiteral("ab");
}

void TestDify::jinjaSubsetRendersAsDify()
{
    QFETCH(QString, templ);
    QFETCH(QString, expected);
    const JinjaTemplate t = JinjaTemplate::parse(templ);
    QVERIFY2(t.isValid(), qPrintable(t.errorMessage()));
    QString out, error;
    QVERIFY2(t.render({{QStringLiteral("name"), QStringLiteral("小明")},
                       {QStringLiteral("words"), QVariantList{QStringLiteral("a"), QStringLiteral("b")}},
                       {QStringLiteral("scores"), QVariantMap{{QStringLiteral("x"), 1}, {QStringLiteral("y"), 2}}},
                       {QStringLiteral("n"), 3},
                       {QStringLiteral("flag"), true},
                       {QStringLiteral("nothing"), QVariant::fromValue(nullptr)}},
                      &out, &error),
             qPrintable(error));
    QCOMPARE(out, expected);
}

void TestDify::hostileFilesAreRefusedWithTheirPlace_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected"); // "line:column: … code"
    const QByteArray head = "app: {name: x, mode: workflow}\nkind: app\nversion: 0.6.0\nworkflow:\n  graph:\n";
    QTest::newRow("edge to nowhere") << head + "    nodes:\n    - {id: s, data: {type: start}}\n    edges:\n    - {id: e, source: s, target: ghost}\n"
                                     << QStringLiteral(":9:34: error: edge 'e': its target 'ghost' is no node of the app [dangling-edge]");
    QTest::newRow("cycle through parentId") << head + "    nodes:\n    - {id: s, data: {type: start}}\n    - {id: a, parentId: b, data: {type: iteration}}\n    - {id: b, parentId: a, data: {type: iteration}}\n"
                                            << QStringLiteral(":8:7: error: nodes contain each other: a → b → a [parent-cycle]");
    QTest::newRow("parent that holds nothing") << head + "    nodes:\n    - {id: s, data: {type: start}}\n    - {id: a, parentId: s, data: {type: llm}}\n"
                                               << QStringLiteral(":8:7: error: node 'a' sits in 's', a start node; only iteration and loop nodes hold others [bad-parent]");
    QTest::newRow("nodes not a list") << head + "    nodes: many\n" << QStringLiteral(":6:12: error: 'workflow.graph.nodes' should be a list, found 'many' [wrong-type]");
    QTest::newRow("data not a mapping") << head + "    nodes:\n    - {id: s, data: [start]}\n"
                                        << QStringLiteral(":7:21: error: node 's' needs 'data' (a mapping with its type), found a list [missing-field]");
    QTest::newRow("node without id") << head + "    nodes:\n    - {data: {type: start}}\n"
                                     << QStringLiteral(":7:7: error: a node needs an 'id' (a non-empty string), found nothing [missing-field]");
    QTest::newRow("duplicate id") << head + "    nodes:\n    - {id: s, data: {type: start}}\n    - {id: s, data: {type: end}}\n"
                                  << QStringLiteral(":8:12: error: node id 's' is used twice (first at line 7) [duplicate-id]");
    QTest::newRow("version a list") << QByteArray("version: [0, 6]\napp: {mode: workflow}\n")
                                    << QStringLiteral(":1:10: error: 'version' should be a DSL version such as \"0.6.0\", found a list [wrong-type]");
    QTest::newRow("version not three numbers") << QByteArray("version: '1.x'\napp: {mode: workflow}\n")
                                               << QStringLiteral(":1:10: error: 'version' should be a DSL version of three numbers such as \"0.6.0\", found '1.x' [bad-version]");
    QTest::newRow("chat app") << QByteArray("version: 0.6.0\nkind: app\napp: {name: Bot, mode: chat}\nmodel_config: {}\n")
                              << QStringLiteral(":3:24: error: 'Bot' is a chat app: Dify keeps its prompt in model_config and it has no workflow graph to open.");
    QTest::newRow("no start") << head + "    nodes:\n    - {id: e, data: {type: end}}\n"
                              << QStringLiteral(":7:5: error: a workflow app needs exactly one start node, found 0 [missing-start]");
    QTest::newRow("key twice") << head + "    nodes: []\n    nodes: []\n"
                               << QStringLiteral(":7:5: error: duplicate key 'nodes' (first given on line 6); expected each key once [duplicate-key]");
    QTest::newRow("key that is nothing") << QByteArray("app: {name: x,, mode: workflow}\n")
                                         << QStringLiteral(":1:15: error: a mapping key must be a plain name, found nothing (null) [complex-key]");
    QTest::newRow("not yaml") << QByteArray("app: {mode: workflow\nkind: app\n") << QStringLiteral(":2:5: error: end of map flow not found [yaml-syntax]");
    QTest::newRow("binary") << QByteArray("app:\0 x", 7) << QStringLiteral(":1:1: error: the file holds binary data (a NUL byte), not YAML [binary-data]");
}

void TestDify::hostileFilesAreRefusedWithTheirPlace()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    const DifyImportResult r = DifyImporter::readBytes(text, QStringLiteral("bad.yml"));
    QVERIFY(!r.ok());
    QVERIFY2(r.errorText().contains(QStringLiteral("bad.yml") + expected), qPrintable(r.errorText()));
}

// 10,000 nodes (a chain of template nodes) import whole; 20,001 are refused. How long the
// import takes is a benchmark figure, not a test (bench/guard: engine.dify-import-10000.ms).
void TestDify::tenThousandNodesImportAndMoreAreRefused()
{
    QByteArray text = "app: {name: big, mode: workflow}\nkind: app\nversion: 0.6.0\nworkflow:\n  graph:\n    nodes:\n    - {id: s, data: {type: start}}\n";
    QByteArray edges = "    edges:\n";
    QString previous = QStringLiteral("s");
    for (int i = 0; i < 10000; ++i) {
        text += QStringLiteral("    - {id: t%1, data: {type: template-transform, title: T%1, template: '{{ x }}', variables: [{variable: x, value_selector: [%2, output]}]}}\n")
                    .arg(i)
                    .arg(i == 0 ? QStringLiteral("s") : QStringLiteral("t%1").arg(i - 1))
                    .toUtf8();
        edges += QStringLiteral("    - {id: e%1, source: %2, target: t%1}\n").arg(i).arg(previous).toUtf8();
        previous = QStringLiteral("t%1").arg(i);
    }
    const DifyImportResult r = DifyImporter::readBytes(text + edges, QStringLiteral("big.yml"));
    QVERIFY2(r.ok(), qPrintable(r.errorText().left(2000)));
    QCOMPARE(r.report.size(), 10001);
    const Graph &g = *r.graph;
    const Node *last = g.node(QStringLiteral("t9999"));
    QVERIFY(last);
    QCOMPARE(last->label, QStringLiteral("T9999"));
    // Each template node follows the one before it (the start, for the first).
    static const QRegularExpression templateNode(QStringLiteral("^t(\\d+)$"));
    int chained = 0;
    for (const Edge &e : g.edges) {
        const auto to = templateNode.match(e.to);
        if (!to.hasMatch())
            continue;
        const int i = to.captured(1).toInt();
        QCOMPARE(e.from, i == 0 ? QStringLiteral("s") : QStringLiteral("t%1").arg(i - 1));
        ++chained;
    }
    QCOMPARE(chained, 10000);

    QByteArray huge = "app: {name: big, mode: workflow}\nworkflow:\n  graph:\n    nodes:\n";
    for (int i = 0; i <= DifyImporter::kMaxNodes; ++i)
        huge += QStringLiteral("    - {id: n%1, data: {type: code}}\n").arg(i).toUtf8();
    const DifyImportResult refused = DifyImporter::readBytes(huge, QStringLiteral("huge.yml"));
    QVERIFY(!refused.ok());
    QVERIFY2(refused.errorText().contains(QStringLiteral("huge.yml:5:5: error: the app has 20001 nodes; at most 20000 are read [too-large]")),
             qPrintable(refused.errorText()));
}

// What would run without end or take every id: refused, or kept apart.
void TestDify::runawayInputsAreRefused()
{
    // Templates nested deeper than 100 blocks.
    QString deep;
    for (int i = 0; i < 150; ++i)
        deep += QStringLiteral("{% if true %}");
    for (int i = 0; i < 150; ++i)
        deep += QStringLiteral("{% endif %}");
    QVERIFY(!JinjaTemplate::parse(deep).isValid());
    QCOMPARE(JinjaTemplate::parse(deep).errorMessage(), QStringLiteral("blocks nest more than 100 deep"));
    QString out, error;
    QVERIFY(!JinjaTemplate::parse(QStringLiteral("{% for a in xs %}{% for b in xs %}{% for c in xs %}.{% endfor %}{% endfor %}{% endfor %}"))
                 .render({{QStringLiteral("xs"), QVariantList(200, 1)}}, &out, &error));
    QVERIFY2(error.contains(QStringLiteral("more than 1000000 rounds")), qPrintable(error));

    // A sub-graph that runs itself is refused before anything runs.
    const QByteArray self = R"(graph:
  id: self
  nodes:
    - {id: s, type: control.start}
    - {id: again, type: skill, skill_id: builtin.subgraph, inputs: {subgraph: a}}
    - {id: e, type: control.end}
  edges: [{from: s, to: again}, {from: again, to: e}]
  subgraphs:
    a:
      id: a
      nodes:
        - {id: s, type: control.start}
        - {id: deeper, type: skill, skill_id: builtin.subgraph, inputs: {subgraph: a}}
        - {id: e, type: control.end}
      edges: [{from: s, to: deeper}, {from: deeper, to: e}]
)";
    QTemporaryDir dir;
    const QString selfPath = writeFile(dir, QStringLiteral("self.yaml"), self);
    QVERIFY(!selfPath.isEmpty());
    const Ran ran = runFile(selfPath, {}, {});
    QVERIFY2(ran.error.contains(QStringLiteral("sub-graphs nest recursively: a → a")), qPrintable(ran.error));

    // Ids unique across containers: two iterations whose ids sanitize alike keep apart.
    const QByteArray twins = R"(app: {name: twins, mode: workflow}
version: 0.6.0
workflow:
  graph:
    nodes:
    - {id: s, data: {type: start}}
    - {id: it-1, data: {type: iteration, iterator_selector: [s, xs], output_selector: [t, output]}}
    - {id: it.1, parentId: it-1, data: {type: iteration, iterator_selector: [it-1, item], output_selector: [t, output]}}
    - {id: t, parentId: it.1, data: {type: template-transform, template: '{{ x }}', variables: [{variable: x, value_selector: [it.1, item]}]}}
    edges:
    - {source: s, target: it-1}
)";
    const DifyImportResult r = DifyImporter::readBytes(twins, QStringLiteral("twins.yml"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QCOMPARE(InlineSubgraphs::names(*r.graph), (QStringList{QStringLiteral("iteration_it_1"), QStringLiteral("iteration_it_1_2")}));

    // The DSL is never written, not even as the mock file.
    const CliRun cli = runCapgraph({QStringLiteral("import"), QStringLiteral("dify"), fixture(QStringLiteral("odd-nodes.yml")), QStringLiteral("-o"),
                                    dir.filePath(QStringLiteral("g.yaml")), QStringLiteral("--mocks"), fixture(QStringLiteral("odd-nodes.yml"))});
    QCOMPARE(cli.exitCode, 2);
    QVERIFY2(cli.err.contains(QStringLiteral("which import never writes")), qPrintable(cli.err));
}

void TestDify::versionsAndModesAreChecked()
{
    QFile f(fixture(QStringLiteral("score-loop.yml")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray newer = f.readAll();
    newer.replace("version: 0.6.0", "version: 0.9.1");
    const DifyImportResult r = DifyImporter::readBytes(newer, QStringLiteral("newer.yml"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QCOMPARE(r.diagnostics.size(), 1);
    QCOMPARE(r.diagnostics.first().severity, Severity::Warning);
    QVERIFY2(r.diagnostics.first().format().contains(QStringLiteral("DSL version 0.9.1 is newer than 0.6.0")), qPrintable(r.diagnostics.first().format()));

    // A node type the import does not know: a warning at its line, and a stand-in that runs.
    QByteArray unknown = newer;
    unknown.replace("version: 0.9.1", "version: 0.6.0");
    unknown.replace("data: {type: document-extractor,", "data: {type: magic-box,");
    const DifyImportResult u = DifyImporter::readBytes(unknown, QStringLiteral("unknown.yml"));
    QVERIFY2(u.ok(), qPrintable(u.errorText()));
    QCOMPARE(u.diagnostics.size(), 1);
    QVERIFY2(u.diagnostics.first().format().contains(
                 QStringLiteral("unknown.yml:117:7: warning: node '450': 'magic-box' is no Dify node type this import knows; it stands in as dify.magic_box, mocked")),
             qPrintable(u.diagnostics.first().format()));
    QCOMPARE(u.graph->node(QStringLiteral("magic_box_450"))->skillId, QStringLiteral("dify.magic_box"));

    QVERIFY(DifyImporter::looksLikeDify(newer));
    QVERIFY(!DifyImporter::looksLikeDify("graph:\n  id: x\n  nodes: []\n"));
    QVERIFY(!DifyImporter::looksLikeDify("app: 1\n")); // an app key alone is not enough
}

// A graph written here with kinds Dify has: start, an LLM, a branch, a template, ends; the DSL
// passes Dify's own structural rules (the import's checks, and what Dify's loader requires).
void TestDify::graphsAuthoredHereExportForDify()
{
    const QByteArray yaml = R"(graph:
  id: triage
  name: Triage
  input_schema: {type: object, properties: {ticket: {type: string, title: Ticket}}, required: [ticket]}
  nodes:
    - {id: start, type: control.start, position: {x: 0, y: 0}}
    - id: sort
      type: skill
      skill_id: builtin.llm
      outputs: [text]
      inputs: {system: "Sort tickets", prompt: "Ticket: ${input.ticket}", model: gpt-4o-mini}
    - id: urgent
      type: control.branch
      conditions:
        - {name: yes, expression: "sort.text == 'urgent'", target: page}
      default: note
    - {id: page, type: skill, skill_id: builtin.template, outputs: [text], inputs: {template: "Page on-call: ${sort.text}"}}
    - {id: note, type: skill, skill_id: builtin.template, outputs: [text], inputs: {template: "Later"}}
    - {id: done, type: control.end}
  edges:
    - {from: start, to: sort}
    - {from: sort, to: urgent}
    - {from: page, to: done}
    - {from: note, to: done}
)";
    const GraphLoadResult g = GraphYamlReader::readBytes(yaml, QStringLiteral("triage.yaml"));
    QVERIFY2(g.ok(), qPrintable(g.errorText()));
    QStringList problems;
    const QByteArray dsl = DifyExporter::toDsl(*g.graph, &problems);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    const QVariantMap top = readYaml(dsl);
    QCOMPARE(top.value(QStringLiteral("kind")).toString(), QStringLiteral("app"));
    QCOMPARE(top.value(QStringLiteral("version")).toString(), DifyImporter::newestKnownVersion());
    QCOMPARE(top.value(QStringLiteral("app")).toMap().value(QStringLiteral("mode")).toString(), QStringLiteral("workflow"));
    const Meaning m = meaningOf(dsl);
    QCOMPARE(m.nodes.size(), 6);
    QCOMPARE(m.nodes.value(QStringLiteral("sort")).toMap().value(QStringLiteral("data")).toMap().value(QStringLiteral("type")).toString(), QStringLiteral("llm"));
    const QVariantList prompt = m.nodes.value(QStringLiteral("sort")).toMap().value(QStringLiteral("data")).toMap().value(QStringLiteral("prompt_template")).toList();
    QCOMPARE(prompt.value(1).toMap().value(QStringLiteral("text")).toString(), QStringLiteral("Ticket: {{#start.ticket#}}"));
    QVERIFY(m.edges.contains(QStringLiteral("urgent|yes|page")));
    QVERIFY(m.edges.contains(QStringLiteral("urgent|false|note")));
    // Dify's loader: unique ids, data with a type, edges between existing nodes, one start.
    for (const QVariant &n : m.nodes)
        QVERIFY(!n.toMap().value(QStringLiteral("data")).toMap().value(QStringLiteral("type")).toString().isEmpty());
    const DifyImportResult back = DifyImporter::readBytes(dsl, QStringLiteral("triage.yml"));
    QVERIFY2(back.ok(), qPrintable(back.errorText()));
    const Ran ran = [&] {
        QTemporaryDir dir;
        return runFile(writeFile(dir, QStringLiteral("triage.yml"), dsl), {{QStringLiteral("nodes"), QVariantMap{{QStringLiteral("sort"), nodeMock({{QStringLiteral("text"), QStringLiteral("urgent")}})}}}},
                       {{QStringLiteral("ticket"), QStringLiteral("server down")}});
    }();
    QVERIFY2(ran.status == RunStatus::Finished, qPrintable(ran.error));
    QCOMPARE(ran.variables.value(QStringLiteral("output")).toString(), QStringLiteral("Page on-call: urgent"));

    // A node Dify has no counterpart for is refused by name.
    Graph withLoop = *g.graph;
    Node ask;
    ask.id = QStringLiteral("ask");
    ask.type = QStringLiteral("interaction.confirm");
    ask.kind = NodeKind::Confirm;
    withLoop.nodes << ask;
    problems.clear();
    QVERIFY(DifyExporter::toDsl(withLoop, &problems).isEmpty());
    QVERIFY2(problems.join(QString()).contains(QStringLiteral("node 'ask' (interaction.confirm) has no Dify counterpart")), qPrintable(problems.join(QString())));
}

void TestDify::commandLineImportsReportsAndRuns()
{
    QTemporaryDir dir;
    const QString graph = dir.filePath(QStringLiteral("digest.capgraph.yaml"));
    const QString mocks = dir.filePath(QStringLiteral("digest.mock.yaml"));
    QFile original(fixture(QStringLiteral("research-digest.yml")));
    QVERIFY(original.open(QIODevice::ReadOnly));
    const QByteArray before = original.readAll();
    CliRun r = runCapgraph({QStringLiteral("import"), QStringLiteral("dify"), fixture(QStringLiteral("research-digest.yml")), QStringLiteral("-o"), graph,
                            QStringLiteral("--report"), QStringLiteral("--mocks"), mocks});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("mapped        1733000000005 (iteration, \"逐題研究\") -> iteration_1733000000005: builtin.subgraph over code_1733000000003.questions")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("11 nodes: 10 mapped, 0 approximated, 0 stand-ins, 1 kept as notes")), qPrintable(r.out));
    QVERIFY(original.seek(0));
    QCOMPARE(original.readAll(), before); // the DSL is only read
    // The mock file has a placeholder per LLM call site, and runs.
    const QVariantMap m = readYaml([&] { QFile f(mocks); f.open(QIODevice::ReadOnly); return f.readAll(); }());
    QCOMPARE(m.value(QStringLiteral("nodes")).toMap().keys(), (QStringList{QStringLiteral("llm_1733000000002"), QStringLiteral("llm_1733000000006")}));
    r = runCapgraph({QStringLiteral("run"), graph, QStringLiteral("--mock"), mocks, QStringLiteral("--trust"), QStringLiteral("--input"), QStringLiteral("{\"topic\":\"AI\"}")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("digest = # AI")), qPrintable(r.out));
    // Straight from the DSL, and back to a DSL.
    r = runCapgraph({QStringLiteral("run"), fixture(QStringLiteral("research-digest.yml")), QStringLiteral("--mock"), mocks, QStringLiteral("--trust"),
                     QStringLiteral("--input"), QStringLiteral("{\"topic\":\"AI\"}")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = runCapgraph({QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("dify"), graph, QStringLiteral("-o"), dir.filePath(QStringLiteral("back.yml"))});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    // An existing default target is never overwritten; a chat app is refused with why.
    r = runCapgraph({QStringLiteral("import"), QStringLiteral("dify"), fixture(QStringLiteral("research-digest.yml")), QStringLiteral("-o"),
                     fixture(QStringLiteral("research-digest.yml"))});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("which import never writes")), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestDify)
#include "tst_dify.moc"
