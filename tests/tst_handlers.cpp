// The real handlers behind capabilities (seed 003; docs/capabilities.md): api against a local
// HTTP server, command against real processes, llm against a fake OpenAI-compatible server,
// graph as child runs; dynamic validation, defaults, trust, token usage and cancellation.
#include "handlers/CapabilityBinder.h"
#include "handlers/ApiHandler.h"
#include "handlers/CommandHandler.h"
#include "handlers/MockHandler.h"
#include "handlers/ValidatingHandler.h"
#include "handlers/BuiltinHandlers.h"
#include "capability/CapabilitySources.h"
#include "exec/Executor.h"
#include "exec/RunSnapshot.h"
#include "exec/TraceWriter.h"
#include "handlers/HandlerEnvironment.h"
#include "handlers/TrustedFolders.h"
#include "launch/CheckpointStore.h"
#include "launch/GraphCache.h"
#include "launch/RunFork.h"
#include "launch/RunSetup.h"
#include "launch/SingleNodeRun.h"
#include "yaml/GraphYamlReader.h"

#include "support/ScriptedHttpServer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QStandardPaths>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>

#include <algorithm>

using namespace capgraph;

namespace {

struct Outcome
{
    RunStatus status = RunStatus::Idle;
    QString error;
    QString failedNode;
    QVariantMap vars;
    QStringList log;
    QHash<QString, TokenUsage> usage;
    qint64 elapsedMs = 0;
    QVariantMap ended; // the data of run.finished or run.failed
};

class LogCollector : public RunObserver
{
public:
    QStringList lines;
    QVariantMap ended;
    QList<RunEvent> events;
    void onRunEvent(const RunEvent &e) override
    {
        events.append(e);
        if (e.type == RunEventType::Log || e.type == RunEventType::NodeFailed)
            lines << e.nodeId + QStringLiteral(": ") + e.message;
        if (e.type == RunEventType::RunFinished || e.type == RunEventType::RunFailed)
            ended = e.data.toMap();
    }
};

// A project folder: graph.yaml plus capabilities/*.yaml, written from the test's text.
class Project
{
public:
    QTemporaryDir dir;
    std::shared_ptr<HandlerEnvironment> env = std::make_shared<HandlerEnvironment>();

    void write(const QString &relative, const QByteArray &text)
    {
        const QString path = dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    }
    QString graphPath() const { return dir.filePath(QStringLiteral("graph.yaml")); }

    // Runs graph.yaml; cancelAfterMs >= 0 cancels the run that long after it started.
    Outcome run(const QVariantMap &input = {}, int cancelAfterMs = -1, int timeoutMs = 20000)
    {
        Outcome o;
        const GraphLoadResult loaded = GraphYamlReader::readFile(graphPath());
        if (!loaded.ok()) {
            o.error = loaded.errorText();
            return o;
        }
        HandlerRegistry registry;
        registerBuiltinHandlers(registry, dir.path());
        auto caps = std::make_shared<CapabilityRegistry>(CapabilitySources::load(graphPath()));
        for (const Diagnostic &d : caps->diagnostics())
            qWarning("%s", qPrintable(d.format()));
        env->baseDir = dir.path();
        env->capabilities = caps;
        env->baseHandlers = registry;
        QStringList problems;
        CapabilityBinder::bind(&registry, *loaded.graph, *caps, env, &problems);
        Executor ex(*loaded.graph, registry);
        if (!problems.isEmpty() || !ex.prepare(&problems)) {
            o.error = problems.join(QLatin1Char('\n'));
            return o;
        }
        LogCollector log;
        ex.addObserver(&log);
        QElapsedTimer clock;
        clock.start();
        ex.start(input);
        if (cancelAfterMs >= 0)
            QTimer::singleShot(cancelAfterMs, &ex, [&ex] { ex.cancel(); });
        o.status = ex.waitUntilIdle(timeoutMs);
        o.elapsedMs = clock.elapsed();
        o.error = ex.errorMessage();
        o.failedNode = ex.failedNode();
        o.vars = ex.context().variables;
        o.usage = ex.tokenUsage();
        ex.removeObserver(&log);
        o.log = log.lines;
        o.ended = log.ended;
        return o;
    }
};

QByteArray oneNodeGraph(const QString &skill, const QString &inputsYaml, const QString &extra = QString())
{
    return QStringLiteral("graph:\n  id: t\n  version: \"1\"\n  nodes:\n"
                          "    - {id: start, type: control.start}\n"
                          "    - id: call\n      type: skill\n      skill_id: %1\n      inputs: %2\n%3"
                          "    - {id: end, type: control.end}\n"
                          "  edges:\n    - {from: start, to: call}\n    - {from: call, to: end}\n")
        .arg(skill, inputsYaml, extra)
        .toUtf8();
}

QByteArray stockCapability(const QString &endpoint, const QString &extraHandler = QString())
{
    return QStringLiteral("name: finance.get_stock_price\n"
                          "description: Latest price of a stock.\n"
                          "version: \"1.0.0\"\n"
                          "input_schema:\n  type: object\n  properties:\n    symbol: {type: string}\n    exchange: {type: string, default: NASDAQ}\n"
                          "  required: [symbol]\n"
                          "output_schema:\n  type: object\n  properties:\n    symbol: {type: string}\n    price: {type: number}\n"
                          "    currency: {type: string, default: USD}\n  required: [symbol, price]\n"
                          "handler:\n  type: api\n  endpoint: \"%1\"\n  method: GET\n%2")
        .arg(endpoint, extraHandler)
        .toUtf8();
}

} // namespace

class TestHandlers : public QObject
{
    Q_OBJECT

private slots:
    void graphCacheReadsEachGraphOnce();
    void initTestCase();

    // api
    void apiSuccessEncodesAndAppliesDefaults();
    void whichCallsCanBeRepeated();
    void apiSecretsComeFromTheEnvironmentOnly();
    void apiRetriesA500ThenSucceeds();
    void apiGivesUpAfterRepeated500s();
    void apiDoesNotRetryA404();
    void apiSlowServerTimesOut();
    void apiConnectionRefused();
    void apiMalformedJson();
    void apiPostSendsTheRestAsJsonBody();
    void apiResponseMapping();
    void inputsAreValidatedBeforeAnyRequest();
    void outputsAreValidatedAfterTheCall();
    void cancellationAbortsTheRequest();
    void untrustedGraphAsksOnceAndCanBeDenied();
    void trustedFoldersLiveWhereTheDocsSay();
    void runSetupAsksOnceAndADeclineStartsNothing();
    void resumingRefusesAChangedGraphAndKeepsTheStepLimit();

    void apiRedirectElsewhereIsNotFollowed();
    void apiPathAndQueryValuesCannotEscape();
    void apiScalarAnswerAndPostRetries();
    void readYamlStaysInTheGraphsFolder();

    // command
    void commandEchoesJsonThroughStdin();
    void commandOptionLikeValuesAreRefused();
    void commandCancelKillsWhatItStarted();
    void commandArgumentsStayWhole();
    void commandNonZeroExit();
    void commandMalformedOutput();
    void commandThatCannotStart();
    void commandTimeoutKillsIt();
    void commandCancelKillsIt();

    // llm
    void llmJsonModeUsageAndHistory();
    void llmTextModeAndFencedJson();
    // a node run alone (SingleNodeRun, capgraph call)
    void nodeAloneCallsItsHandlerOnce();
    void nodeAloneWithEditedMessagesAndSettings();
    void nodeAloneRefusals();
    // forking a recorded run (RunFork)
    void forkGoesOnFromARecordedStep();
    void llmServerErrorAndBadAnswer();

    // graph
    void mockHandlerRunsAsDocumented();
    void subgraphRunsAsChildRun();
    void subgraphRecursionIsStopped();
    void childRunAsksThroughItsParent();
    void checkpointKeepsAWaitingChild_data();
    void checkpointKeepsAWaitingChild();
    void compositeTimeoutWaitsWithItsChild();
    void oneNodeRunningTwiceAsksTwice();

private:
    static void writeStock(Project &p, const QString &endpoint, const QString &extraHandler = QString())
    {
        p.write(QStringLiteral("capabilities/stock.yaml"), stockCapability(endpoint, extraHandler));
        p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("finance.get_stock_price"), QStringLiteral("{symbol: \"${input.symbol}\"}")));
    }
};

void TestHandlers::initTestCase()
{
    // The user's own capability folder must not leak into the tests.
    QStandardPaths::setTestModeEnabled(true);
}

void TestHandlers::whichCallsCanBeRepeated()
{
    // A call cut short by a restart is made again only when it can be (docs/execution.md, "Checkpoints").
    const auto api = [](const QJsonObject &spec) { return ApiHandler(spec, nullptr).repeatable(); };
    QVERIFY(api({{QStringLiteral("endpoint"), QStringLiteral("http://x/")}}));
    QVERIFY(api({{QStringLiteral("method"), QStringLiteral("put")}}));
    QVERIFY(api({{QStringLiteral("method"), QStringLiteral("DELETE")}}));
    QVERIFY(!api({{QStringLiteral("method"), QStringLiteral("POST")}}));
    QVERIFY(!api({{QStringLiteral("method"), QStringLiteral("patch")}}));
    QVERIFY(api({{QStringLiteral("method"), QStringLiteral("POST")}, {QStringLiteral("idempotent"), true}}));
    QVERIFY(!api({{QStringLiteral("method"), QStringLiteral("GET")}, {QStringLiteral("idempotent"), false}}));
    QVERIFY(!CommandHandler({{QStringLiteral("program"), QStringLiteral("true")}}, QString(), nullptr).repeatable());
    QVERIFY(CommandHandler({{QStringLiteral("program"), QStringLiteral("true")}, {QStringLiteral("idempotent"), true}}, QString(), nullptr).repeatable());
    // Bound to a capability, the handler's answer; a mock standing in for it can always be repeated.
    Capability c;
    c.name = QStringLiteral("orders.place");
    QVERIFY(!ValidatingHandler(c, std::make_shared<ApiHandler>(QJsonObject{{QStringLiteral("method"), QStringLiteral("POST")}}, nullptr)).repeatable());
    QVERIFY(ValidatingHandler(c, std::make_shared<MockHandler>()).repeatable());
}

void TestHandlers::apiSuccessEncodesAndAppliesDefaults()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { return HttpReply{200, R"({"symbol":"BRK/B & co","price":412.5})"}; });
    Project p;
    writeStock(p, server.url(QStringLiteral("/stocks/{symbol}")));
    const Outcome o = p.run({{QStringLiteral("symbol"), QStringLiteral("BRK/B & co")}});
    QCOMPARE(o.status, RunStatus::Finished);
    const auto seen = server.requests();
    QCOMPARE(seen.size(), 1);
    QCOMPARE(seen.first().method, QByteArray("GET"));
    // The hole is URL-encoded; the defaulted input that no hole used goes to the query.
    QCOMPARE(seen.first().path, QByteArray("/stocks/BRK%2FB%20%26%20co?exchange=NASDAQ"));
    QCOMPARE(o.vars.value(QStringLiteral("price")).toDouble(), 412.5);
    QCOMPARE(o.vars.value(QStringLiteral("currency")).toString(), QStringLiteral("USD")); // the output_schema default
}

void TestHandlers::apiSecretsComeFromTheEnvironmentOnly()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { return HttpReply{200, R"({"symbol":"A","price":1})"}; });
    Project p;
    writeStock(p, server.url(QStringLiteral("/s/{symbol}")), QStringLiteral("  headers: {Authorization: \"Bearer ${STOCK_KEY}\"}\n"));
    p.env->environment.insert(QStringLiteral("STOCK_KEY"), QStringLiteral("s3cr3t-value"));
    QTemporaryDir traceDir;
    const Outcome o = p.run({{QStringLiteral("symbol"), QStringLiteral("A")}});
    QCOMPARE(o.status, RunStatus::Finished);
    QCOMPARE(server.requests().first().headers.value("authorization"), QByteArray("Bearer s3cr3t-value"));
    QVERIFY(!o.log.join(QLatin1Char('\n')).contains(QStringLiteral("s3cr3t")));
    QFile definition(p.dir.filePath(QStringLiteral("capabilities/stock.yaml")));
    QVERIFY(definition.open(QIODevice::ReadOnly));
    QVERIFY(!definition.readAll().contains("s3cr3t")); // the YAML names the variable, never the value

    // Unset: a clear error, no request.
    Project q;
    writeStock(q, server.url(QStringLiteral("/s/{symbol}")), QStringLiteral("  headers: {Authorization: \"Bearer ${NOT_SET_ANYWHERE}\"}\n"));
    q.env->environment.remove(QStringLiteral("NOT_SET_ANYWHERE"));
    const Outcome o2 = q.run({{QStringLiteral("symbol"), QStringLiteral("A")}});
    QCOMPARE(o2.status, RunStatus::Failed);
    QVERIFY2(o2.error.contains(QStringLiteral("header Authorization: the environment variable NOT_SET_ANYWHERE is not set")), qPrintable(o2.error));
    QCOMPARE(server.requests().size(), 1);
}

void TestHandlers::apiRetriesA500ThenSucceeds()
{
    int n = 0;
    ScriptedHttpServer server([&n](const HttpRequestSeen &) {
        return ++n < 3 ? HttpReply{500, "overloaded"} : HttpReply{200, R"({"symbol":"A","price":2})"};
    });
    Project p;
    writeStock(p, server.url(QStringLiteral("/s/{symbol}")), QStringLiteral("  retry: {max_attempts: 3, backoff: 0.02}\n"));
    const Outcome o = p.run({{QStringLiteral("symbol"), QStringLiteral("A")}});
    QCOMPARE(o.status, RunStatus::Finished);
    QCOMPARE(server.requests().size(), 3);
    QVERIFY2(o.log.join(QLatin1Char('\n')).contains(QStringLiteral("attempt 1 of 3 failed: HTTP 500")), qPrintable(o.log.join(QLatin1Char('\n'))));
}

void TestHandlers::apiGivesUpAfterRepeated500s()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { return HttpReply{503, R"({"error":"maintenance"})"}; });
    Project p;
    writeStock(p, server.url(QStringLiteral("/s/{symbol}")), QStringLiteral("  retry: {max_attempts: 2, backoff: 0.01}\n"));
    const Outcome o = p.run({{QStringLiteral("symbol"), QStringLiteral("A")}});
    QCOMPARE(o.status, RunStatus::Failed);
    QCOMPARE(o.failedNode, QStringLiteral("call"));
    QVERIFY2(o.error.contains(QStringLiteral("HTTP 503")) && o.error.contains(QStringLiteral("maintenance")) && o.error.contains(QStringLiteral("after 2 attempts")),
             qPrintable(o.error));
    QCOMPARE(server.requests().size(), 2);
}

void TestHandlers::apiDoesNotRetryA404()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { return HttpReply{404, R"({"error":"no such symbol"})"}; });
    Project p;
    writeStock(p, server.url(QStringLiteral("/s/{symbol}")));
    const Outcome o = p.run({{QStringLiteral("symbol"), QStringLiteral("ZZZ")}});
    QCOMPARE(o.status, RunStatus::Failed);
    QVERIFY2(o.error.contains(QStringLiteral("HTTP 404")), qPrintable(o.error));
    QCOMPARE(server.requests().size(), 1);
}

void TestHandlers::apiSlowServerTimesOut()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { return HttpReply{200, R"({"symbol":"A","price":1})", "application/json", 3000}; });
    Project p;
    writeStock(p, server.url(QStringLiteral("/s/{symbol}")), QStringLiteral("  timeout: 0.2\n  retry: {max_attempts: 1}\n"));
    const Outcome o = p.run({{QStringLiteral("symbol"), QStringLiteral("A")}});
    QCOMPARE(o.status, RunStatus::Failed);
    QVERIFY2(o.error.contains(QStringLiteral("did not answer within 0.2 s")), qPrintable(o.error));
    QVERIFY2(o.elapsedMs < 2000, qPrintable(QString::number(o.elapsedMs)));
}

void TestHandlers::apiConnectionRefused()
{
    quint16 port = 0;
    {
        QTcpServer closed;
        closed.listen(QHostAddress::LocalHost);
        port = closed.serverPort();
    } // nobody listens there now
    Project p;
    writeStock(p, QStringLiteral("http://127.0.0.1:%1/s/{symbol}").arg(port), QStringLiteral("  retry: {max_attempts: 2, backoff: 0.01}\n"));
    const Outcome o = p.run({{QStringLiteral("symbol"), QStringLiteral("A")}});
    QCOMPARE(o.status, RunStatus::Failed);
    QVERIFY2(o.error.contains(QStringLiteral("refused"), Qt::CaseInsensitive) && o.error.contains(QStringLiteral("after 2 attempts")), qPrintable(o.error));
}

void TestHandlers::apiMalformedJson()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { return HttpReply{200, R"({"symbol": "A", "price": )"}; });
    Project p;
    writeStock(p, server.url(QStringLiteral("/s/{symbol}")));
    const Outcome o = p.run({{QStringLiteral("symbol"), QStringLiteral("A")}});
    QCOMPARE(o.status, RunStatus::Failed);
    QVERIFY2(o.error.contains(QStringLiteral("is not JSON")), qPrintable(o.error));
    QCOMPARE(server.requests().size(), 1); // not retried: the server answered
}

void TestHandlers::apiPostSendsTheRestAsJsonBody()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { return HttpReply{201, R"({"id": 7})"}; });
    Project p;
    p.write(QStringLiteral("capabilities/order.yaml"),
            QStringLiteral("name: shop.create_order\ndescription: Creates an order.\n"
                           "input_schema: {type: object, properties: {shop: {type: string}, item: {type: string}, qty: {type: integer}}}\n"
                           "output_schema: {type: object, properties: {id: {type: integer}}, required: [id]}\n"
                           "handler: {type: api, endpoint: \"%1\", method: POST}\n")
                .arg(server.url(QStringLiteral("/shops/{shop}/orders")))
                .toUtf8());
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("shop.create_order"), QStringLiteral("{shop: north, item: \"茶 tea\", qty: 3}")));
    const Outcome o = p.run();
    QCOMPARE(o.status, RunStatus::Finished);
    const HttpRequestSeen r = server.requests().first();
    QCOMPARE(r.method, QByteArray("POST"));
    QCOMPARE(r.path, QByteArray("/shops/north/orders"));
    QCOMPARE(r.headers.value("content-type"), QByteArray("application/json"));
    const QJsonObject body = QJsonDocument::fromJson(r.body).object();
    QCOMPARE(body, (QJsonObject{{QStringLiteral("item"), QStringLiteral("茶 tea")}, {QStringLiteral("qty"), 3}}));
    QCOMPARE(o.vars.value(QStringLiteral("id")).toInt(), 7);
}

void TestHandlers::apiResponseMapping()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { return HttpReply{200, R"({"data":{"quote":{"last":9.5,"sym":"A"}}})"}; });
    Project p;
    writeStock(p, server.url(QStringLiteral("/s/{symbol}")), QStringLiteral("  response: {price: /data/quote/last, symbol: /data/quote/sym}\n"));
    const Outcome o = p.run({{QStringLiteral("symbol"), QStringLiteral("A")}});
    QCOMPARE(o.status, RunStatus::Finished);
    QCOMPARE(o.vars.value(QStringLiteral("price")).toDouble(), 9.5);
    QCOMPARE(o.vars.value(QStringLiteral("symbol")).toString(), QStringLiteral("A"));
}

void TestHandlers::inputsAreValidatedBeforeAnyRequest()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { return HttpReply{200, R"({"symbol":"A","price":1})"}; });
    Project p;
    p.write(QStringLiteral("capabilities/stock.yaml"), stockCapability(server.url(QStringLiteral("/s/{symbol}"))));
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("finance.get_stock_price"), QStringLiteral("{symbol: 42}")));
    const Outcome o = p.run();
    QCOMPARE(o.status, RunStatus::Failed);
    QVERIFY2(o.error.contains(QStringLiteral("the inputs do not fit finance.get_stock_price@1.0.0's input_schema: /symbol:")), qPrintable(o.error));
    QCOMPARE(server.requests().size(), 0);

    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("finance.get_stock_price"), QStringLiteral("{exchange: NYSE}")));
    const Outcome missing = p.run();
    QCOMPARE(missing.status, RunStatus::Failed);
    QVERIFY2(missing.error.contains(QStringLiteral("symbol")), qPrintable(missing.error));
    QCOMPARE(server.requests().size(), 0);
}

void TestHandlers::outputsAreValidatedAfterTheCall()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { return HttpReply{200, R"({"symbol":"A","price":"a lot"})"}; });
    Project p;
    writeStock(p, server.url(QStringLiteral("/s/{symbol}")));
    const Outcome o = p.run({{QStringLiteral("symbol"), QStringLiteral("A")}});
    QCOMPARE(o.status, RunStatus::Failed);
    QVERIFY2(o.error.contains(QStringLiteral("the outputs do not fit finance.get_stock_price@1.0.0's output_schema: /price:")), qPrintable(o.error));
}

void TestHandlers::cancellationAbortsTheRequest()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { HttpReply r; r.hang = true; return r; });
    Project p;
    writeStock(p, server.url(QStringLiteral("/s/{symbol}")));
    const Outcome o = p.run({{QStringLiteral("symbol"), QStringLiteral("A")}}, 300);
    QCOMPARE(o.status, RunStatus::Cancelled);
    QVERIFY(o.elapsedMs < 3000);
    QTRY_COMPARE_WITH_TIMEOUT(server.aborted(), 1, 3000); // the server saw the connection close
}

// docs/capabilities.md names the file "Always Trust This Folder" writes (it once said
// trust.conf where trust.ini was written).
void TestHandlers::trustedFoldersLiveWhereTheDocsSay()
{
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir folder;
    TrustedFolders::add(folder.path());
    QVERIFY(TrustedFolders::contains(folder.filePath(QStringLiteral("g.yaml"))));
    const QFileInfo written(TrustedFolders::fileName());
    QVERIFY2(written.exists(), qPrintable(written.filePath()));
    TrustedFolders::remove(folder.path());
    QFile doc(QStringLiteral(CAPGRAPH_SOURCE_DIR "/docs/capabilities.md"));
    QVERIFY(doc.open(QIODevice::ReadOnly));
    const QString named = QStringLiteral("~/.config/%1/%2").arg(written.dir().dirName(), written.fileName());
    QVERIFY2(QString::fromUtf8(doc.readAll()).contains(named), qPrintable(named));
}

void TestHandlers::untrustedGraphAsksOnceAndCanBeDenied()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { return HttpReply{200, R"({"symbol":"A","price":1})"}; });
    Project p;
    p.write(QStringLiteral("capabilities/stock.yaml"), stockCapability(server.url(QStringLiteral("/s/{symbol}"))));
    p.write(QStringLiteral("graph.yaml"),
            "graph:\n  id: t\n  version: \"1\"\n  nodes:\n"
            "    - {id: start, type: control.start}\n"
            "    - {id: split, type: control.parallel_split}\n"
            "    - {id: a, type: skill, skill_id: finance.get_stock_price, inputs: {symbol: A}}\n"
            "    - {id: b, type: skill, skill_id: finance.get_stock_price, inputs: {symbol: B}}\n"
            "    - {id: join, type: control.parallel_join}\n"
            "    - {id: end, type: control.end}\n"
            "  edges:\n    - {from: start, to: split}\n    - {from: split, to: a, type: parallel}\n    - {from: split, to: b, type: parallel}\n"
            "    - {from: a, to: join}\n    - {from: b, to: join}\n    - {from: join, to: end}\n");
    int asked = 0;
    QString question;
    p.env->trust = std::make_shared<TrustGate>(TrustGate::asking([&](const QString &what, std::function<void(bool)> answer) {
        ++asked;
        question = what;
        QTimer::singleShot(50, [answer] { answer(true); }); // the user thinks, then allows
    }));
    const Outcome o = p.run();
    QCOMPARE(o.status, RunStatus::Finished);
    QCOMPARE(asked, 1); // both calls waited for the one answer
    QVERIFY2(question.contains(QStringLiteral("finance.get_stock_price@1.0.0 (api handler")), qPrintable(question));
    QCOMPARE(server.requests().size(), 2);

    Project q;
    writeStock(q, server.url(QStringLiteral("/s/{symbol}")));
    q.env->trust = std::make_shared<TrustGate>(TrustGate::denied(QStringLiteral("not trusted: run it with --trust")));
    const Outcome denied = q.run({{QStringLiteral("symbol"), QStringLiteral("A")}});
    QCOMPARE(denied.status, RunStatus::Failed);
    QVERIFY(denied.error.contains(QStringLiteral("--trust")));
    QCOMPARE(server.requests().size(), 2); // no request was made
}

namespace {
QByteArray commandCapability(const QString &program, const QStringList &args, const QString &extra = QString(),
                             const QString &outputSchema = QStringLiteral("{type: object}"))
{
    QJsonArray a;
    for (const QString &s : args)
        a.append(s);
    return QStringLiteral("name: tools.run_thing\ndescription: Runs a program.\n"
                          "input_schema: {type: object}\noutput_schema: %4\n"
                          "handler:\n  type: command\n  program: %1\n  arguments: %2\n%3")
        .arg(program, QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact)), extra, outputSchema)
        .toUtf8();
}
} // namespace

// The engine's one run set-up (RunSetup), as `capgraph run` and the studio use it: a graph
// that will run a command asks once before anything runs; declined, no executor is made (a
// second try asks again); allowed, warm-up executors do not ask again; with no one to ask,
// the run goes and the command fails saying how to trust the graph; --trust runs it.
void TestHandlers::runSetupAsksOnceAndADeclineStartsNothing()
{
    Project p;
    p.write(QStringLiteral("capabilities/run.yaml"), commandCapability(QStringLiteral("cat"), {}));
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("tools.run_thing"), QStringLiteral("{word: hello}")));
    int asked = 0;
    bool allow = false;
    QString question;
    RunRequest request;
    request.graphFile = p.graphPath();
    request.asker = [&](const QString &what, std::function<void(bool)> answer) {
        ++asked;
        question = what;
        answer(allow);
    };
    QString error;
    std::unique_ptr<RunSetup> setup = RunSetup::fromFile(request, &error);
    QVERIFY2(setup, qPrintable(error));
    QVERIFY(!hasErrors(setup->lint()));
    QCOMPARE(setup->graphHash().size(), 64);
    QVERIFY(!setup->makeExecutor());
    QCOMPARE(setup->refusal(), RunSetup::Refusal::Declined);
    QCOMPARE(asked, 1);
    QVERIFY2(question.contains(QStringLiteral("cat")), qPrintable(question));
    QVERIFY2(setup->problems().join(QString()).contains(QStringLiteral("you declined to let graph.yaml run commands or call web APIs, so nothing ran")),
             qPrintable(setup->problems().join(QLatin1Char('\n'))));
    allow = true;
    std::unique_ptr<Executor> warm = setup->makeExecutor(); // asked again, allowed
    QVERIFY2(warm, qPrintable(setup->problems().join(QLatin1Char('\n'))));
    QCOMPARE(asked, 2);
    std::unique_ptr<Executor> ex = setup->makeExecutor(); // the answer holds
    QVERIFY(ex);
    QCOMPARE(asked, 2);
    ex->start();
    QCOMPARE(ex->waitUntilIdle(20000), RunStatus::Finished);
    QCOMPARE(ex->context().variables.value(QStringLiteral("word")).toString(), QStringLiteral("hello"));

    // Nobody to ask (no terminal): the run starts and the command is refused with the way out.
    RunRequest unattended;
    unattended.graphFile = p.graphPath();
    setup = RunSetup::fromFile(unattended, &error);
    QVERIFY(setup);
    ex = setup->makeExecutor();
    QVERIFY(ex);
    ex->start();
    QCOMPARE(ex->waitUntilIdle(20000), RunStatus::Failed);
    QVERIFY2(ex->errorMessage().contains(QStringLiteral("graph.yaml is not trusted to run commands or call web APIs: run it with --trust")),
             qPrintable(ex->errorMessage()));
    unattended.trusted = true;
    setup = RunSetup::fromFile(unattended, &error);
    ex = setup->makeExecutor();
    QVERIFY(ex);
    ex->start();
    QCOMPARE(ex->waitUntilIdle(20000), RunStatus::Finished);
    QCOMPARE(asked, 2);

    // A skill nothing handles: refused, unless stand-ins are asked for (the studio).
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("nobody.handles_this"), QStringLiteral("{}")));
    setup = RunSetup::fromFile(unattended, &error);
    QVERIFY(!setup->makeExecutor());
    QCOMPARE(setup->refusal(), RunSetup::Refusal::Executor);
    unattended.standIns = true;
    setup = RunSetup::fromFile(unattended, &error);
    QVERIFY(setup->makeExecutor());
    QCOMPARE(setup->standIns(), QStringList{QStringLiteral("nobody.handles_this")});
}

// A checkpoint holds what a resume needs: the graph's hash (a changed graph is refused), the
// step limit, the files the run started with.
void TestHandlers::resumingRefusesAChangedGraphAndKeepsTheStepLimit()
{
    Project p;
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("builtin.noop"), QStringLiteral("{}")));
    RunRequest request;
    request.graphFile = p.graphPath();
    request.options.maxSteps = 77;
    QString error;
    std::unique_ptr<RunSetup> setup = RunSetup::fromFile(request, &error);
    QVERIFY2(setup, qPrintable(error));
    std::unique_ptr<Executor> ex = setup->makeExecutor();
    QVERIFY(ex);
    CheckpointFile file(p.dir.filePath(QStringLiteral("run.checkpoint.json")));
    QVERIFY2(file.write(CheckpointStore::capture(*ex, p.graphPath(), setup->graphHash(), QString(), {}, QString()), &error), qPrintable(error));
    RunCheckpoint cp;
    QVERIFY2(file.read(&cp, &error), qPrintable(error));
    QCOMPARE(CheckpointStore::maxSteps(cp), qint64(77));
    std::unique_ptr<RunSetup> again = RunSetup::resuming(cp, file.name(), RunRequest(), &error);
    QVERIFY2(again, qPrintable(error));
    QCOMPARE(again->options().maxSteps, qint64(77));
    QVERIFY(again->makeExecutor(&cp));
    // One byte more in the graph: the run cannot go on in it.
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("builtin.noop"), QStringLiteral("{ }")));
    QVERIFY(!RunSetup::resuming(cp, file.name(), RunRequest(), &error));
    QVERIFY2(error.contains(QStringLiteral("has changed since the checkpoint was written")), qPrintable(error));
    // Not a checkpoint: said, naming the file.
    CheckpointFile missing(p.dir.filePath(QStringLiteral("none.json")));
    QVERIFY(!missing.read(&cp, &error));
    QVERIFY2(error.contains(QStringLiteral("none.json")), qPrintable(error));
}

void TestHandlers::commandEchoesJsonThroughStdin()
{
    Project p;
    p.write(QStringLiteral("capabilities/run.yaml"), commandCapability(QStringLiteral("cat"), {}));
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("tools.run_thing"), QStringLiteral("{city: \"台北\", days: 3}")));
    const Outcome o = p.run();
    QCOMPARE(o.status, RunStatus::Finished);
    QCOMPARE(o.vars.value(QStringLiteral("city")).toString(), QStringLiteral("台北"));
    QCOMPARE(o.vars.value(QStringLiteral("days")).toInt(), 3);
}

void TestHandlers::commandArgumentsStayWhole()
{
    Project p;
    // $1 is one argument however many spaces, quotes or semicolons it holds: no shell parses it.
    p.write(QStringLiteral("capabilities/run.yaml"),
            commandCapability(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("printf '{{\"n\": %s, \"first\": \"%s\"}}' \"$#\" \"$1\""),
                                                         QStringLiteral("sh"), QStringLiteral("{name}")}));
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("tools.run_thing"), QStringLiteral("{name: \"a b; rm -rf x\"}")));
    const Outcome o = p.run();
    QCOMPARE(o.status, RunStatus::Finished);
    QCOMPARE(o.vars.value(QStringLiteral("n")).toInt(), 1);
    QCOMPARE(o.vars.value(QStringLiteral("first")).toString(), QStringLiteral("a b; rm -rf x"));
}

void TestHandlers::commandNonZeroExit()
{
    Project p;
    p.write(QStringLiteral("capabilities/run.yaml"),
            commandCapability(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("echo 'quota exceeded' >&2; exit 3")}));
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("tools.run_thing"), QStringLiteral("{}")));
    const Outcome o = p.run();
    QCOMPARE(o.status, RunStatus::Failed);
    QVERIFY2(o.error.contains(QStringLiteral("'sh' exited with code 3: quota exceeded")), qPrintable(o.error));
}

void TestHandlers::commandMalformedOutput()
{
    Project p;
    p.write(QStringLiteral("capabilities/run.yaml"), commandCapability(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("echo 'price: 3'")}));
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("tools.run_thing"), QStringLiteral("{}")));
    const Outcome o = p.run();
    QCOMPARE(o.status, RunStatus::Failed);
    QVERIFY2(o.error.contains(QStringLiteral("should print one JSON object on stdout, but printed 'price: 3'")), qPrintable(o.error));

    // output: text keeps it as text.
    p.write(QStringLiteral("capabilities/run.yaml"),
            commandCapability(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("echo 'price: 3'")}, QStringLiteral("  output: text\n")));
    const Outcome text = p.run();
    QCOMPARE(text.status, RunStatus::Finished);
    QCOMPARE(text.vars.value(QStringLiteral("stdout")).toString(), QStringLiteral("price: 3\n"));
}

void TestHandlers::commandThatCannotStart()
{
    Project p;
    p.write(QStringLiteral("capabilities/run.yaml"), commandCapability(QStringLiteral("./no-such-tool"), {}));
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("tools.run_thing"), QStringLiteral("{}")));
    const Outcome o = p.run();
    QCOMPARE(o.status, RunStatus::Failed);
    QVERIFY2(o.error.contains(QStringLiteral("cannot start 'no-such-tool'")), qPrintable(o.error));
}

void TestHandlers::commandTimeoutKillsIt()
{
    Project p;
    p.write(QStringLiteral("capabilities/run.yaml"),
            commandCapability(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("sleep 20")}, QStringLiteral("  timeout: 0.3\n")));
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("tools.run_thing"), QStringLiteral("{}")));
    const Outcome o = p.run();
    QCOMPARE(o.status, RunStatus::Failed);
    QVERIFY2(o.error.contains(QStringLiteral("was killed after 0.3 s")), qPrintable(o.error));
    QVERIFY2(o.elapsedMs < 5000, qPrintable(QString::number(o.elapsedMs)));
}

namespace {
// Runs `script` (which writes a pid to the file %1) as a command, cancels the run 400 ms in,
// and gives the pid written.
pid_t pidOfCancelledCommand(const QString &script)
{
    Project p;
    const QString pidFile = p.dir.filePath(QStringLiteral("pid"));
    p.write(QStringLiteral("capabilities/run.yaml"), commandCapability(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script.arg(pidFile)}));
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("tools.run_thing"), QStringLiteral("{}")));
    const Outcome o = p.run({}, 400);
    if (o.status != RunStatus::Cancelled)
        return -1;
    QFile f(pidFile);
    return f.open(QIODevice::ReadOnly) ? pid_t(f.readAll().trimmed().toLongLong()) : -1;
}

// Not running any more: gone, or a zombie waiting for init to reap it.
bool stopped(pid_t pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    return ::kill(pid, 0) != 0 || !stat.open(QIODevice::ReadOnly) || stat.readAll().contains(") Z ");
}
} // namespace

void TestHandlers::commandCancelKillsIt()
{
    const pid_t pid = pidOfCancelledCommand(QStringLiteral("echo $$ > '%1'; exec sleep 30"));
    QVERIFY(pid > 0);
    QTRY_VERIFY_WITH_TIMEOUT(::kill(pid, 0) != 0, 5000); // gone, and reaped by us
}

void TestHandlers::commandCancelKillsWhatItStarted()
{
    // The shell's own child, not only the shell: the whole process group is killed.
    const pid_t pid = pidOfCancelledCommand(QStringLiteral("sleep 30 & echo $! > '%1'; wait"));
    QVERIFY(pid > 0);
    QTRY_VERIFY_WITH_TIMEOUT(stopped(pid), 5000);
}

namespace {
// A fake OpenAI-compatible chat-completions endpoint: answers with `content`, records usage.
HttpReply chatAnswer(const QString &content, int prompt = 11, int completion = 7)
{
    const QJsonObject o{{QStringLiteral("id"), QStringLiteral("chatcmpl-1")},
                        {QStringLiteral("object"), QStringLiteral("chat.completion")},
                        {QStringLiteral("choices"), QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                                                           {QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                                                                                   {QStringLiteral("content"), content}}},
                                                                           {QStringLiteral("finish_reason"), QStringLiteral("stop")}}}},
                        {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), prompt},
                                                              {QStringLiteral("completion_tokens"), completion},
                                                              {QStringLiteral("total_tokens"), prompt + completion}}}};
    return HttpReply{200, QJsonDocument(o).toJson(QJsonDocument::Compact)};
}
} // namespace

// docs/capabilities.md: `handler: {type: mock, outputs: {...}}` answers as a mock file would
// (it once failed with "unknown mock key 'type'" while `capabilities validate` passed it).
void TestHandlers::mockHandlerRunsAsDocumented()
{
    Project p;
    p.write(QStringLiteral("capabilities/price.yaml"),
            "name: finance.get_price\ndescription: A price.\ninput_schema: {type: object}\n"
            "output_schema: {type: object, properties: {price: {type: number}}, required: [price]}\n"
            "handler: {type: mock, outputs: {price: 12.5}, responses: [{price: 1}, {price: 2}]}\n");
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("finance.get_price"), QStringLiteral("{}")));
    const Outcome o = p.run();
    QVERIFY2(o.status == RunStatus::Finished, qPrintable(o.error));
    QCOMPARE(o.vars.value(QStringLiteral("price")).toDouble(), 1.0);
}

void TestHandlers::llmJsonModeUsageAndHistory()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { return chatAnswer(QStringLiteral(R"({"Guidance_and_Strategy": "提問"})"), 120, 30); });
    Project p;
    p.env->llm.baseUrl = server.url(QStringLiteral("/v1/"));
    p.env->llm.apiKey = QStringLiteral("sk-test");
    p.env->llm.model = QStringLiteral("test-model");
    p.write(QStringLiteral("capabilities/decide.yaml"),
            "name: projectflow.decide_strategy\ndescription: Picks a guidance strategy.\n"
            "input_schema: {type: object, properties: {message: {type: string}, messages: {type: array}}, required: [message]}\n"
            "output_schema: {type: object, properties: {Guidance_and_Strategy: {type: string}}, required: [Guidance_and_Strategy]}\n"
            "handler:\n  type: llm\n  json: true\n  temperature: 0.2\n"
            "  system: \"You guide students. Stage ${default(stage, 1)}.\"\n"
            "  prompt: \"Student said: ${message}\"\n"
            "  history: {input: messages, last: 3}\n");
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("projectflow.decide_strategy"),
                                                       QStringLiteral("{message: \"${input.message}\", messages: \"${input.messages}\"}")));
    QVariantList history;
    for (int i = 1; i <= 5; ++i)
        history << QVariantMap{{QStringLiteral("role"), i % 2 ? QStringLiteral("user") : QStringLiteral("assistant")},
                               {QStringLiteral("content"), QStringLiteral("m%1").arg(i)}};
    const Outcome o = p.run({{QStringLiteral("message"), QStringLiteral("交通")}, {QStringLiteral("messages"), history}});
    QCOMPARE(o.status, RunStatus::Finished);
    QCOMPARE(o.vars.value(QStringLiteral("Guidance_and_Strategy")).toString(), QStringLiteral("提問"));
    const HttpRequestSeen r = server.requests().first();
    QCOMPARE(r.method, QByteArray("POST"));
    QCOMPARE(r.path, QByteArray("/v1/chat/completions"));
    QCOMPARE(r.headers.value("authorization"), QByteArray("Bearer sk-test"));
    const QJsonObject body = QJsonDocument::fromJson(r.body).object();
    QCOMPARE(body.value(QStringLiteral("model")).toString(), QStringLiteral("test-model"));
    QCOMPARE(body.value(QStringLiteral("temperature")).toDouble(), 0.2);
    QCOMPARE(body.value(QStringLiteral("response_format")).toObject().value(QStringLiteral("type")).toString(), QStringLiteral("json_object"));
    const QJsonArray messages = body.value(QStringLiteral("messages")).toArray();
    QCOMPARE(messages.size(), 5); // system, the last 3 of history, the prompt
    QCOMPARE(messages.at(0).toObject().value(QStringLiteral("content")).toString(), QStringLiteral("You guide students. Stage 1."));
    QCOMPARE(messages.at(1).toObject().value(QStringLiteral("content")).toString(), QStringLiteral("m3"));
    QCOMPARE(messages.at(3).toObject().value(QStringLiteral("content")).toString(), QStringLiteral("m5"));
    QCOMPARE(messages.at(4).toObject().value(QStringLiteral("content")).toString(), QStringLiteral("Student said: 交通"));
    QCOMPARE(o.usage.value(QStringLiteral("call")).prompt, 120);
    QCOMPARE(o.usage.value(QStringLiteral("call")).completion, 30);
    // The run's total in run.finished (the studio's Run History lists it).
    QCOMPARE(o.ended.value(QStringLiteral("total_tokens")).toLongLong(), 150);
}

void TestHandlers::llmTextModeAndFencedJson()
{
    int n = 0;
    ScriptedHttpServer server([&n](const HttpRequestSeen &) {
        return ++n == 1 ? chatAnswer(QStringLiteral("很棒的題目！🚸")) : chatAnswer(QStringLiteral("```json\n{\"score\": 4}\n```"));
    });
    Project p;
    p.env->llm.baseUrl = server.url(QStringLiteral("/v1"));
    p.env->llm.model = QStringLiteral("m");
    p.write(QStringLiteral("capabilities/reply.yaml"),
            "name: projectflow.write_reply\ndescription: Answers.\ninput_schema: {type: object}\n"
            "output_schema: {type: object, properties: {reply: {type: string}}}\n"
            "handler: {type: llm, prompt: \"${message}\"}\n");
    p.write(QStringLiteral("capabilities/score.yaml"),
            "name: projectflow.score_progress\ndescription: Scores.\ninput_schema: {type: object}\n"
            "output_schema: {type: object, properties: {score: {type: integer, minimum: 1, maximum: 5}}, required: [score]}\n"
            "handler: {type: llm, json: true, prompt: \"score ${message}\"}\n");
    p.write(QStringLiteral("graph.yaml"),
            "graph:\n  id: t\n  version: \"1\"\n  nodes:\n"
            "    - {id: start, type: control.start}\n"
            "    - {id: reply, type: skill, skill_id: projectflow.write_reply, inputs: {message: hi}}\n"
            "    - {id: score, type: skill, skill_id: projectflow.score_progress, inputs: {message: hi}}\n"
            "    - {id: end, type: control.end}\n"
            "  edges:\n    - {from: start, to: reply}\n    - {from: reply, to: score}\n    - {from: score, to: end}\n");
    const Outcome o = p.run();
    QCOMPARE(o.status, RunStatus::Finished);
    QCOMPARE(o.vars.value(QStringLiteral("reply")).toString(), QStringLiteral("很棒的題目！🚸"));
    QCOMPARE(o.vars.value(QStringLiteral("score")).toInt(), 4);
    QCOMPARE(server.requests().first().headers.contains("authorization"), false); // no key, no header
    QCOMPARE(o.usage.size(), 2);
}

void TestHandlers::llmServerErrorAndBadAnswer()
{
    int n = 0;
    ScriptedHttpServer server([&n](const HttpRequestSeen &) {
        ++n;
        if (n == 1)
            return HttpReply{500, R"({"error":{"message":"overloaded"}})"};
        return chatAnswer(QStringLiteral("I think the score is four."));
    });
    Project p;
    p.env->llm.baseUrl = server.url(QStringLiteral("/v1"));
    p.env->llm.model = QStringLiteral("m");
    p.write(QStringLiteral("capabilities/score.yaml"),
            "name: projectflow.score_progress\ndescription: Scores.\ninput_schema: {type: object}\noutput_schema: {type: object}\n"
            "handler: {type: llm, json: true, prompt: \"score\", retry: {max_attempts: 2, backoff: 0.01}}\n");
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("projectflow.score_progress"), QStringLiteral("{}")));
    const Outcome o = p.run();
    QCOMPARE(o.status, RunStatus::Failed);
    QCOMPARE(server.requests().size(), 2); // the 500 was retried; the prose answer was not
    QVERIFY2(o.error.contains(QStringLiteral("m was asked for a JSON object but answered: I think the score is four.")), qPrintable(o.error));
}

void TestHandlers::subgraphRunsAsChildRun()
{
    Project p;
    p.write(QStringLiteral("capabilities/greet.yaml"),
            "name: text.greet_person\ndescription: A greeting made by a sub-graph.\nversion: \"1.0.0\"\n"
            "input_schema: {type: object, properties: {name: {type: string}, punctuation: {type: string, default: \"!\"}}, required: [name]}\n"
            "output_schema: {type: object, properties: {greeting: {type: string}}, required: [greeting]}\n"
            "workflow_definition: {type: capgraph, path: flows/greet.yaml}\n");
    p.write(QStringLiteral("capabilities/flows/greet.yaml"),
            "graph:\n  id: greet\n  version: \"1\"\n  nodes:\n"
            "    - {id: start, type: control.start}\n"
            "    - {id: make, type: skill, skill_id: builtin.template, inputs: {template: \"Hello, ${input.name}${input.punctuation}\"}, outputs: [text]}\n"
            "    - {id: name_it, type: skill, skill_id: builtin.set, inputs: {greeting: \"${make.text}\", scratch: 1}, outputs: [greeting, scratch]}\n"
            "    - {id: end, type: control.end}\n"
            "  edges:\n    - {from: start, to: make}\n    - {from: make, to: name_it}\n    - {from: name_it, to: end}\n");
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("text.greet_person"), QStringLiteral("{name: \"Ada\"}")));
    int children = 0;
    p.env->childRunStarted = [&children](const QString &node, Executor *child) {
        QCOMPARE(node, QStringLiteral("call"));
        QVERIFY(child);
        ++children;
    };
    const Outcome o = p.run();
    QCOMPARE(o.status, RunStatus::Finished);
    QCOMPARE(children, 1);
    QCOMPARE(o.vars.value(QStringLiteral("greeting")).toString(), QStringLiteral("Hello, Ada!"));
    QVERIFY(!o.vars.contains(QStringLiteral("scratch"))); // only what the output_schema declares
    QVERIFY2(o.log.join(QLatin1Char('\n')).contains(QStringLiteral("text.greet_person ▸ make finished")), qPrintable(o.log.join(QLatin1Char('\n'))));
}

void TestHandlers::subgraphRecursionIsStopped()
{
    Project p;
    p.write(QStringLiteral("capabilities/loop.yaml"),
            "name: text.call_itself\ndescription: A graph that contains itself.\n"
            "input_schema: {type: object}\noutput_schema: {type: object}\n"
            "handler: {type: graph, path: ../graph.yaml}\n");
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("text.call_itself"), QStringLiteral("{}")));
    const Outcome o = p.run();
    QCOMPARE(o.status, RunStatus::Failed);
    QVERIFY2(o.error.contains(QStringLiteral("sub-graphs nest recursively: text.call_itself → text.call_itself")), qPrintable(o.error));
}

namespace {
// Every event of a run and of its child runs (RunEvent::path), as a trace has them.
class AllLevels : public RunObserver
{
public:
    QList<RunEvent> events;
    void onRunEvent(const RunEvent &e) override { events.append(e); }
    bool wantsChildEvents() const override { return true; }
    int count(RunEventType type, const QStringList &path, const QString &node) const
    {
        return int(std::count_if(events.cbegin(), events.cend(), [&](const RunEvent &e) {
            return e.type == type && e.path == path && e.nodeId == node;
        }));
    }
};

std::unique_ptr<RunSetup> newsletterSetup()
{
    RunRequest req;
    req.graphFile = QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/newsletter/newsletter.yaml");
    QString error;
    std::unique_ptr<RunSetup> setup = RunSetup::fromFile(req, &error);
    if (!setup)
        qWarning("%s", qPrintable(error));
    return setup;
}
} // namespace

// Three levels (resources/examples/newsletter): the grandchild's loop and the child's question
// reach the top run: its observers see them one level down with their path, its
// pendingInteractions lists the child's confirm as write_issue/approve, and the answer given
// to the top run goes down to the child.
void TestHandlers::childRunAsksThroughItsParent()
{
    const std::unique_ptr<RunSetup> setup = newsletterSetup();
    QVERIFY(setup);
    std::unique_ptr<Executor> ex = setup->makeExecutor();
    QVERIFY2(ex, qPrintable(setup->problems().join(QLatin1Char('\n'))));
    AllLevels seen;
    ex->addObserver(&seen);
    QStringList asked;
    connect(ex.get(), &Executor::interactionRequested, this, [&asked](const QString &id) { asked << id; });
    ex->start(setup->completedInput({}));
    QCOMPARE(ex->waitUntilIdle(20000), RunStatus::WaitingForInput);

    const QList<PendingInteraction> pending = ex->pendingInteractions();
    QCOMPARE(pending.size(), 1);
    QCOMPARE(pending.first().id, QStringLiteral("write_issue/approve"));
    QCOMPARE(pending.first().kind, QStringLiteral("confirm"));
    QCOMPARE(pending.first().prompt, QStringLiteral("Publish \"On graph editors***\"?"));
    QCOMPARE(pending.first().node, setup->graph().indexOfNode(QStringLiteral("write_issue")));
    QCOMPARE(asked, QStringList{QStringLiteral("write_issue/approve")});

    // The grandchild's loop ran three rounds, seen two levels down; the child asked, one down.
    const QStringList grandchild{QStringLiteral("write_issue"), QStringLiteral("polish")};
    QCOMPARE(seen.count(RunEventType::NodeFinished, grandchild, QStringLiteral("polish_once")), 3);
    QCOMPARE(seen.count(RunEventType::InteractionRequested, {QStringLiteral("write_issue")}, QStringLiteral("approve")), 1);
    QCOMPARE(seen.count(RunEventType::NodeFinished, {}, QStringLiteral("publish")), 0);
    QList<int> rounds;
    for (const RunEvent &e : std::as_const(seen.events))
        if (e.path == grandchild && e.type == RunEventType::NodeFinished && e.nodeId == QStringLiteral("polish_once"))
            rounds << e.iteration;
    QCOMPARE(rounds, (QList<int>{1, 2, 3}));
    // As a trace writes them: the path is there, in JSON.
    const QJsonObject json = std::find_if(seen.events.cbegin(), seen.events.cend(), [&](const RunEvent &e) {
                                 return e.path == grandchild;
                             })->toJson();
    QCOMPARE(json.value(QStringLiteral("path")).toArray(), QJsonArray({QStringLiteral("write_issue"), QStringLiteral("polish")}));
    RunEvent back;
    QVERIFY(RunEvent::fromJson(json, &back));
    QCOMPARE(back.path, grandchild);

    // Answers that do not fit are refused, saying why; the right one goes down.
    QString error;
    QVERIFY(!ex->answer(QStringLiteral("publish/approve"), true, &error));
    QVERIFY2(error.contains(QStringLiteral("no sub-graph run of 'publish' asks for 'approve'")), qPrintable(error));
    QVERIFY(!ex->answer(QStringLiteral("write_issue/approve"), QStringLiteral("perhaps"), &error));
    QVERIFY2(ex->answer(QStringLiteral("write_issue/approve"), true, &error), qPrintable(error));
    QCOMPARE(ex->waitUntilIdle(20000), RunStatus::Finished);
    const QVariantMap vars = ex->context().variables;
    QCOMPARE(vars.value(QStringLiteral("text")).toString(), QStringLiteral("Published: On graph editors***"));
    QCOMPARE(vars.value(QStringLiteral("approved")).toBool(), true);
    QCOMPARE(seen.count(RunEventType::InteractionAnswered, {QStringLiteral("write_issue")}, QStringLiteral("approve")), 1);
    // The calling nodes' own lines about their children ("… ▸ draft finished") are not given to
    // an observer that takes the children's events: it has those, once, at their level.
    for (const RunEvent &e : std::as_const(seen.events))
        QVERIFY2(!(e.type == RunEventType::Log && e.message.contains(QStringLiteral(" ▸ "))),
                 qPrintable(e.path.join(QLatin1Char('/')) + QLatin1Char(':') + e.nodeId + QStringLiteral(": ") + e.message));
    QCOMPARE(seen.count(RunEventType::NodeFinished, {QStringLiteral("write_issue")}, QStringLiteral("draft")), 1);
    // A run's own observers that do not ask for child events see none.
    QCOMPARE(ex->pendingInteractions().size(), 0);
}

// A checkpoint taken while the child waits (or stands paused) holds the child's state: a new
// executor (as in a new process) restored from it waits for the same question without running
// the child's nodes again (the grandchild's loop is not repeated), and finishes on the answer.
void TestHandlers::checkpointKeepsAWaitingChild_data()
{
    QTest::addColumn<bool>("paused");
    QTest::newRow("waiting for an answer") << false;
    // Standing paused inside the child (a breakpoint in its graph, before its question).
    QTest::newRow("paused") << true;
}

void TestHandlers::checkpointKeepsAWaitingChild()
{
    QFETCH(bool, paused);
    const std::unique_ptr<RunSetup> setup = newsletterSetup();
    QVERIFY(setup);
    QJsonObject state;
    {
        std::unique_ptr<Executor> first = setup->makeExecutor();
        QVERIFY(first);
        if (paused)
            first->setChildBreakpoints({{QStringLiteral("write_issue"), {{QStringLiteral("approve"), QString()}}}});
        first->start(setup->completedInput({}));
        QCOMPARE(first->waitUntilIdle(20000), paused ? RunStatus::Paused : RunStatus::WaitingForInput);
        if (paused)
            QCOMPARE(first->pausedPath(), QStringList{QStringLiteral("write_issue")});
        state = first->saveState();
    }
    QVERIFY(state.value(QStringLiteral("children")).toObject().size() == 1);
    // Through JSON text, as a checkpoint file holds it.
    state = QJsonDocument::fromJson(QJsonDocument(state).toJson()).object();
    std::unique_ptr<Executor> resumed = setup->makeExecutor();
    QVERIFY(resumed);
    AllLevels seen;
    resumed->addObserver(&seen);
    QString error;
    QVERIFY2(resumed->restoreState(state, &error), qPrintable(error));
    resumed->continueRun();
    QCOMPARE(resumed->waitUntilIdle(20000), RunStatus::WaitingForInput);
    QCOMPARE(resumed->pendingInteractions().size(), 1);
    QCOMPARE(resumed->pendingInteractions().first().id, QStringLiteral("write_issue/approve"));
    QCOMPARE(seen.count(RunEventType::NodeStarted, {QStringLiteral("write_issue")}, QStringLiteral("polish")), 0);
    QCOMPARE(seen.count(RunEventType::NodeStarted, {QStringLiteral("write_issue")}, QStringLiteral("draft")), 0);
    QVERIFY2(resumed->answer(QStringLiteral("write_issue/approve"), paused, &error), qPrintable(error));
    QCOMPARE(resumed->waitUntilIdle(20000), RunStatus::Finished);
    QCOMPARE(resumed->context().variables.value(QStringLiteral("text")).toString(), QStringLiteral("Published: On graph editors***"));
    QCOMPARE(resumed->context().variables.value(QStringLiteral("approved")).toBool(), paused);
}

// Two branches reach one composite node at once: its two child runs ask under two addresses
// (ask/confirm_it and ask#2/confirm_it), each answer goes to its own child, and the run ends
// once both are answered.
void TestHandlers::oneNodeRunningTwiceAsksTwice()
{
    Project p;
    p.write(QStringLiteral("capabilities/ask.yaml"),
            "name: people.confirm_it\ndescription: Asks a person.\nversion: \"1.0.0\"\n"
            "input_schema: {type: object}\noutput_schema: {type: object}\n"
            "workflow_definition: {type: capgraph, path: flows/ask.yaml}\n");
    p.write(QStringLiteral("capabilities/flows/ask.yaml"),
            "graph:\n  id: ask\n  nodes:\n"
            "    - {id: start, type: control.start}\n"
            "    - {id: confirm_it, type: interaction.confirm, prompt: \"Go on?\"}\n"
            "    - {id: end, type: control.end}\n"
            "  edges:\n    - {from: start, to: confirm_it}\n    - {from: confirm_it, to: end}\n");
    p.write(QStringLiteral("graph.yaml"),
            "graph:\n  id: twice\n  nodes:\n"
            "    - {id: start, type: control.start}\n"
            "    - {id: split, type: control.parallel_split}\n"
            "    - {id: a, type: skill, skill_id: builtin.noop}\n"
            "    - {id: b, type: skill, skill_id: builtin.noop}\n"
            "    - {id: ask, type: skill, skill_id: people.confirm_it}\n"
            "    - {id: end, type: control.end}\n"
            "  edges:\n    - {from: start, to: split}\n    - {from: split, to: a, type: parallel}\n"
            "    - {from: split, to: b, type: parallel}\n    - {from: a, to: ask}\n    - {from: b, to: ask}\n"
            "    - {from: ask, to: end}\n");
    RunRequest req;
    req.graphFile = p.graphPath();
    QString error;
    const std::unique_ptr<RunSetup> setup = RunSetup::fromFile(req, &error);
    QVERIFY2(setup, qPrintable(error));
    std::unique_ptr<Executor> ex = setup->makeExecutor();
    QVERIFY2(ex, qPrintable(setup->problems().join(QLatin1Char('\n'))));
    ex->start();
    QCOMPARE(ex->waitUntilIdle(20000), RunStatus::WaitingForInput);
    QStringList ids;
    for (const PendingInteraction &q : ex->pendingInteractions())
        ids << q.id;
    ids.sort();
    QCOMPARE(ids, (QStringList{QStringLiteral("ask#2/confirm_it"), QStringLiteral("ask/confirm_it")}));
    QCOMPARE(PendingInteraction::nodeOfId(ids.first()), QStringLiteral("ask")); // both wait at the same node
    QVERIFY2(ex->answer(QStringLiteral("ask#2/confirm_it"), true, &error), qPrintable(error));
    QCOMPARE(ex->waitUntilIdle(20000), RunStatus::WaitingForInput);
    QCOMPARE(ex->pendingInteractions().size(), 1);
    QCOMPARE(ex->pendingInteractions().first().id, QStringLiteral("ask/confirm_it"));
    QVERIFY2(ex->answer(QStringLiteral("ask/confirm_it"), false, &error), qPrintable(error));
    QCOMPARE(ex->waitUntilIdle(20000), RunStatus::Finished);
}

void TestHandlers::apiRedirectElsewhereIsNotFollowed()
{
    ScriptedHttpServer other([](const HttpRequestSeen &) { return HttpReply{200, R"({"symbol":"A","price":1})"}; });
    const QByteArray target = other.url(QStringLiteral("/steal")).toUtf8();
    ScriptedHttpServer server([target](const HttpRequestSeen &) {
        HttpReply r{302, ""};
        r.contentType = "text/plain\r\nLocation: " + target; // (the script writes headers as given)
        return r;
    });
    Project p;
    writeStock(p, server.url(QStringLiteral("/s/{symbol}")), QStringLiteral("  headers: {Authorization: \"Bearer ${STOCK_KEY}\"}\n"));
    p.env->environment.insert(QStringLiteral("STOCK_KEY"), QStringLiteral("s3cr3t-value"));
    const Outcome o = p.run({{QStringLiteral("symbol"), QStringLiteral("A")}});
    QCOMPARE(o.status, RunStatus::Failed);
    QCOMPARE(other.requests().size(), 0); // the key never went to the other origin
    QVERIFY(!o.error.contains(QStringLiteral("s3cr3t")));
}

void TestHandlers::apiPathAndQueryValuesCannotEscape()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { return HttpReply{200, R"({"symbol":"A","price":1})"}; });
    Project p;
    writeStock(p, server.url(QStringLiteral("/v1/users/{symbol}/quote")));
    const Outcome dots = p.run({{QStringLiteral("symbol"), QStringLiteral("..")}});
    QCOMPARE(dots.status, RunStatus::Failed);
    QVERIFY2(dots.error.contains(QStringLiteral("would change the URL's path")), qPrintable(dots.error));
    QCOMPARE(server.requests().size(), 0);
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("finance.get_stock_price"), QStringLiteral("{symbol: A, exchange: \"C++ & 100%41\"}")));
    QCOMPARE(p.run().status, RunStatus::Finished);
    QCOMPARE(server.requests().first().path, QByteArray("/v1/users/A/quote?exchange=C%2B%2B%20%26%20100%2541"));
}

void TestHandlers::apiScalarAnswerAndPostRetries()
{
    int n = 0;
    ScriptedHttpServer server([&n](const HttpRequestSeen &r) {
        ++n;
        if (r.method == "GET")
            return HttpReply{200, "42"};
        return r.path.endsWith("/busy") && n < 4 ? HttpReply{503, "busy"} : HttpReply{500, "boom"};
    });
    Project p;
    const auto definition = [&](const QString &method, const QString &path) {
        p.write(QStringLiteral("capabilities/c.yaml"),
                QStringLiteral("name: t.call_it\ndescription: d\ninput_schema: {type: object}\noutput_schema: {type: object}\n"
                               "handler: {type: api, endpoint: \"%1\", method: %2, retry: {max_attempts: 3, backoff: 0.01}}\n")
                    .arg(server.url(path), method)
                    .toUtf8());
    };
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("t.call_it"), QStringLiteral("{}")));
    definition(QStringLiteral("GET"), QStringLiteral("/n"));
    const Outcome scalar = p.run();
    QCOMPARE(scalar.status, RunStatus::Finished);
    QCOMPARE(scalar.vars.value(QStringLiteral("result")).toInt(), 42);
    definition(QStringLiteral("POST"), QStringLiteral("/orders"));
    const Outcome post = p.run();
    QCOMPARE(post.status, RunStatus::Failed);
    QCOMPARE(server.requests().size(), 2); // the POST's 500 was not repeated: it may have acted
    definition(QStringLiteral("POST"), QStringLiteral("/busy"));
    const Outcome busy = p.run();
    QCOMPARE(busy.status, RunStatus::Failed);
    QVERIFY2(busy.error.contains(QStringLiteral("HTTP 500")), qPrintable(busy.error));
    QCOMPARE(server.requests().size(), 4); // the 503 (not acted on) was repeated, the 500 then was not
}

void TestHandlers::readYamlStaysInTheGraphsFolder()
{
    Project p;
    p.write(QStringLiteral("settings/stages.yaml"), "stages: [{name: one}]\n");
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("builtin.read_yaml"), QStringLiteral("{path: settings/stages.yaml}")));
    const Outcome ok = p.run();
    QCOMPARE(ok.status, RunStatus::Finished);
    QCOMPARE(ok.vars.value(QStringLiteral("data")).toMap().value(QStringLiteral("stages")).toList().size(), 1);
    for (const char *outside : {"/etc/hostname", "../outside.yaml", "settings/../../x.yaml"}) {
        p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("builtin.read_yaml"), QStringLiteral("{path: \"%1\"}").arg(QLatin1String(outside))));
        const Outcome o = p.run();
        QCOMPARE(o.status, RunStatus::Failed);
        QVERIFY2(o.error.contains(QStringLiteral("reads only files in the graph's folder")), qPrintable(o.error));
    }
}

void TestHandlers::commandOptionLikeValuesAreRefused()
{
    Project p;
    p.write(QStringLiteral("capabilities/run.yaml"), commandCapability(QStringLiteral("cat"), {QStringLiteral("{file}")}));
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("tools.run_thing"), QStringLiteral("{file: \"--output=/tmp/x\"}")));
    const Outcome o = p.run();
    QCOMPARE(o.status, RunStatus::Failed);
    QVERIFY2(o.error.contains(QStringLiteral("which the program would read as an option")), qPrintable(o.error));
}

namespace {
// A graph whose `reply` node (an llm capability) reads another node's output, and has one after it.
void writeReplyProject(Project &p)
{
    p.write(QStringLiteral("capabilities/reply.yaml"),
            "name: tutor.write_reply\ndescription: Answers a student.\n"
            "input_schema: {type: object, properties: {message: {type: string}, stage: {type: integer, default: 1}}, required: [message]}\n"
            "output_schema: {type: object, properties: {reply: {type: string}}, required: [reply]}\n"
            "handler: {type: llm, temperature: 0.3, system: \"Stage ${stage}.\", prompt: \"Student: ${message}\"}\n");
    p.write(QStringLiteral("graph.yaml"),
            "graph:\n  id: tutor\n  nodes:\n"
            "    - {id: start, type: control.start}\n"
            "    - {id: ask, type: skill, skill_id: builtin.set, inputs: {message: \"${input.message}\"}, outputs: [message]}\n"
            "    - {id: reply, type: skill, skill_id: tutor.write_reply, inputs: {message: \"${ask.message}\"}, outputs: [reply]}\n"
            "    - {id: after, type: skill, skill_id: builtin.set, inputs: {done: true}, outputs: [done]}\n"
            "    - {id: end, type: control.end}\n"
            "  edges:\n    - {from: start, to: ask}\n    - {from: ask, to: reply}\n    - {from: reply, to: after}\n    - {from: after, to: end}\n");
}

Graph loadGraph(const QString &path)
{
    const GraphLoadResult loaded = GraphYamlReader::readFile(path);
    return loaded.ok() ? *loaded.graph : Graph();
}

// The LLM settings a run takes from the environment, pointed at a local server for a test.
struct LlmEnvironment
{
    explicit LlmEnvironment(const QString &baseUrl)
    {
        qputenv("OPENAI_BASE_URL", baseUrl.toUtf8());
        qputenv("OPENAI_API_KEY", "sk-alone");
        qputenv("CAPGRAPH_LLM_MODEL", "tutor-model");
    }
    ~LlmEnvironment()
    {
        qunsetenv("OPENAI_BASE_URL");
        qunsetenv("OPENAI_API_KEY");
        qunsetenv("CAPGRAPH_LLM_MODEL");
    }
};
} // namespace

// docs/execution.md, "Running a node alone": the handler is called once with the input given
// (the node's own mapping, which reads another node, is not evaluated), nothing before or
// after it runs, and the result says what it gave back and what it cost.
void TestHandlers::nodeAloneCallsItsHandlerOnce()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { return chatAnswer(QStringLiteral("加油！"), 20, 5); });
    const LlmEnvironment llm(server.url(QStringLiteral("/v1")));
    Project p;
    writeReplyProject(p);
    RunRequest request;
    request.graphFile = p.graphPath();
    request.trusted = true;
    request.options.pinned.insert(QStringLiteral("reply"), {{QStringLiteral("reply"), QStringLiteral("pinned")}}); // dropped
    SingleNodeRun call(loadGraph(p.graphPath()), QStringLiteral("reply"), request);
    QStringList problems;
    QVERIFY2(call.start({{QStringLiteral("message"), QStringLiteral("我卡住了")}}, {}, &problems), qPrintable(problems.join(QLatin1Char('\n'))));
    QCOMPARE(call.waitUntilIdle(10000), RunStatus::Finished);
    const std::optional<NodeExecution> r = call.result();
    QVERIFY(r);
    QCOMPARE(r->state, NodeExecution::State::Done);
    QCOMPARE(r->outputs.toMap().value(QStringLiteral("reply")).toString(), QStringLiteral("加油！"));
    QCOMPARE(r->input.value(QStringLiteral("stage")).toInt(), 1); // the schema's default, as a run records it
    QCOMPARE(r->promptTokens, 20);
    QCOMPARE(r->completionTokens, 5);
    QVERIFY(r->durationUs() >= 0);
    QCOMPARE(server.requests().size(), 1);
    const QJsonObject body = QJsonDocument::fromJson(server.requests().first().body).object();
    QCOMPARE(body.value(QStringLiteral("model")).toString(), QStringLiteral("tutor-model"));
    const QJsonArray messages = body.value(QStringLiteral("messages")).toArray();
    QCOMPARE(messages.size(), 2);
    QCOMPARE(messages.at(0).toObject().value(QStringLiteral("content")).toString(), QStringLiteral("Stage 1."));
    QCOMPARE(messages.at(1).toObject().value(QStringLiteral("content")).toString(), QStringLiteral("Student: 我卡住了"));
    // Only that node ran: no `ask`, no `after`.
    QStringList started;
    for (const RunEvent &e : call.events())
        if (e.type == RunEventType::NodeStarted)
            started << e.nodeId;
    QCOMPARE(started, QStringList({QStringLiteral("start"), QStringLiteral("reply"), QStringLiteral("end")}));
}

void TestHandlers::nodeAloneWithEditedMessagesAndSettings()
{
    ScriptedHttpServer server([](const HttpRequestSeen &) { return chatAnswer(QStringLiteral("ok")); });
    const LlmEnvironment llm(server.url(QStringLiteral("/v1")));
    Project p;
    writeReplyProject(p);
    RunRequest request;
    request.graphFile = p.graphPath();
    request.trusted = true;
    SingleNodeRun call(loadGraph(p.graphPath()), QStringLiteral("reply"), request);
    // What the handler would send: the rendered conversation and the model settings.
    QString error;
    const QVariantMap settings = call.settingsFor({{QStringLiteral("message"), QStringLiteral("hi")}, {QStringLiteral("stage"), 2}}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(settings.value(QStringLiteral("model")).toString(), QStringLiteral("tutor-model"));
    QCOMPARE(settings.value(QStringLiteral("temperature")).toDouble(), 0.3);
    const QVariantList rendered = settings.value(QStringLiteral("messages")).toList();
    QCOMPARE(rendered.size(), 2);
    QCOMPARE(rendered.at(0).toMap().value(QStringLiteral("content")).toString(), QStringLiteral("Stage 2."));
    QCOMPARE(rendered.at(1).toMap().value(QStringLiteral("content")).toString(), QStringLiteral("Student: hi"));
    // Edited: sent as typed; a null setting leaves the definition's out.
    const QVariantMap edited{{QStringLiteral("messages"), QVariantList{QVariantMap{{QStringLiteral("role"), QStringLiteral("user")},
                                                                                   {QStringLiteral("content"), QStringLiteral("Be brief: hi")}}}},
                             {QStringLiteral("model"), QStringLiteral("other-model")},
                             {QStringLiteral("temperature"), QVariant::fromValue(nullptr)},
                             {QStringLiteral("max_tokens"), 64}};
    QStringList problems;
    QVERIFY2(call.start({{QStringLiteral("message"), QStringLiteral("hi")}}, edited, &problems), qPrintable(problems.join(QLatin1Char('\n'))));
    QCOMPARE(call.waitUntilIdle(10000), RunStatus::Finished);
    const QJsonObject body = QJsonDocument::fromJson(server.requests().first().body).object();
    QCOMPARE(body.value(QStringLiteral("model")).toString(), QStringLiteral("other-model"));
    QVERIFY(!body.contains(QStringLiteral("temperature")));
    QCOMPARE(body.value(QStringLiteral("max_tokens")).toInt(), 64);
    const QJsonArray messages = body.value(QStringLiteral("messages")).toArray();
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages.at(0).toObject().value(QStringLiteral("content")).toString(), QStringLiteral("Be brief: hi"));
    // A bad message is the call's failure, said as such.
    QVERIFY(call.start({{QStringLiteral("message"), QStringLiteral("hi")}},
                       {{QStringLiteral("messages"), QVariantList{QVariantMap{{QStringLiteral("role"), QStringLiteral("robot")}}}}}, &problems));
    QCOMPARE(call.waitUntilIdle(10000), RunStatus::Failed);
    QVERIFY2(call.result()->error.contains(QStringLiteral("message 1 needs a role")), qPrintable(call.result()->error));
}

void TestHandlers::nodeAloneRefusals()
{
    Project p;
    writeReplyProject(p);
    const Graph graph = loadGraph(p.graphPath());
    QString error;
    QVERIFY(!SingleNodeRun::isolate(graph, QStringLiteral("start"), {}, &error));
    QCOMPARE(error, QStringLiteral("'start' is a control.start node: only a skill node runs alone"));
    QVERIFY(!SingleNodeRun::isolate(graph, QStringLiteral("nope"), {}, &error));
    QCOMPARE(error, QStringLiteral("no node 'nope' in the graph"));
    // The input the capability requires, missing: the capability's check fails the call.
    RunRequest request;
    request.graphFile = p.graphPath();
    SingleNodeRun call(graph, QStringLiteral("reply"), request);
    QStringList problems;
    QVERIFY(call.start({}, {}, &problems));
    QCOMPARE(call.waitUntilIdle(10000), RunStatus::Failed);
    QVERIFY2(call.result()->error.contains(QStringLiteral("input_schema")), qPrintable(call.result()->error));
}

// docs/execution.md, "Forking a run": from a recorded step, with an edit, a new run goes on
// from the node under way there; its trace begins with the parent's history and names it.
void TestHandlers::forkGoesOnFromARecordedStep()
{
    Project p;
    p.write(QStringLiteral("graph.yaml"),
            "graph:\n  id: chain\n  nodes:\n"
            "    - {id: start, type: control.start}\n"
            "    - {id: a, type: skill, skill_id: builtin.set, inputs: {x: \"${input.n}\"}, outputs: [x]}\n"
            "    - {id: b, type: skill, skill_id: builtin.set, inputs: {y: \"${a.x * 10}\"}, outputs: [y]}\n"
            "    - {id: c, type: skill, skill_id: builtin.set, inputs: {z: \"${b.y + 1}\"}, outputs: [z]}\n"
            "    - {id: end, type: control.end}\n"
            "  edges:\n    - {from: start, to: a}\n    - {from: a, to: b}\n    - {from: b, to: c}\n    - {from: c, to: end}\n");
    const Graph graph = loadGraph(p.graphPath());
    RunRequest request;
    request.graphFile = p.graphPath();
    RunSetup parentSetup(graph, request);
    std::unique_ptr<Executor> parent = parentSetup.makeExecutor();
    QVERIFY(parent);
    LogCollector parentLog;
    parent->addObserver(&parentLog);
    parent->start({{QStringLiteral("n"), 2}});
    QCOMPARE(parent->waitUntilIdle(10000), RunStatus::Finished);
    QCOMPARE(parent->context().variables.value(QStringLiteral("z")).toInt(), 21);
    const QList<RunEvent> events = parentLog.events;
    // The scrubber on b's node.finished: nothing under way, so the fork goes on from c.
    qsizetype atB = -1;
    for (qsizetype i = 0; i < events.size(); ++i)
        if (events.at(i).type == RunEventType::NodeFinished && events.at(i).nodeId == QLatin1String("b"))
            atB = i + 1;
    QString error;
    std::optional<ForkPoint> point = RunFork::at(events, atB, &error);
    QVERIFY2(point, qPrintable(error));
    QCOMPARE(point->nodeId, QStringLiteral("c"));
    QCOMPARE(point->context.variables.value(QStringLiteral("y")).toInt(), 20);
    // The scrubber on b's node.started: b is under way, so the fork runs b again.
    qsizetype inB = -1;
    for (qsizetype i = 0; i < events.size() && inB < 0; ++i)
        if (events.at(i).type == RunEventType::NodeStarted && events.at(i).nodeId == QLatin1String("b"))
            inB = i + 1;
    const std::optional<ForkPoint> inside = RunFork::at(events, inB, &error);
    QVERIFY(inside);
    QCOMPARE(inside->nodeId, QStringLiteral("b"));
    QCOMPARE(inside->events, inB - 1);
    // At the end: nothing left.
    QVERIFY(!RunFork::at(events, events.size(), &error));
    QVERIFY2(error.contains(QStringLiteral("nothing is left to fork")), qPrintable(error));

    // Fork at c with b.y edited: c reads the edit.
    const QVariantMap edits{{QStringLiteral("b.y"), 100}};
    RunRequest forkRequest = request;
    forkRequest.options.firstStep = point->step;
    RunSetup forkSetup(graph, forkRequest);
    std::unique_ptr<Executor> fork = forkSetup.makeExecutor();
    QVERIFY(fork);
    LogCollector forkLog;
    fork->addObserver(&forkLog);
    QVERIFY(fork->startAt(point->nodeId, RunFork::edited(point->context, edits), &error));
    QCOMPARE(fork->waitUntilIdle(10000), RunStatus::Finished);
    QCOMPARE(fork->context().variables.value(QStringLiteral("z")).toInt(), 101);
    QCOMPARE(fork->steps(), parent->steps()); // counted on from the parent's step
    // The fork's trace: run.started, the parent's history, the edit, then its own events.
    QList<RunEvent> trace{forkLog.events.first()};
    trace += RunFork::history(events, *point, edits);
    trace += forkLog.events.mid(1);
    const RunSnapshot replayed = RunSnapshot::upTo(trace, trace.size());
    QCOMPARE(replayed.context().variables.value(QStringLiteral("z")).toInt(), 101);
    QCOMPARE(replayed.context().outputs.value(QStringLiteral("a")).toMap().value(QStringLiteral("x")).toInt(), 2); // the parent's
    QCOMPARE(replayed.node(QStringLiteral("a")).state, NodeRunState::Done);
    // (the last b.y: the parent's own comes first, in its history)
    const auto edit = std::find_if(trace.crbegin(), trace.crend(), [](const RunEvent &e) { return e.type == RunEventType::VariableChanged && e.message == QLatin1String("b.y"); });
    QVERIFY(edit != trace.crend());
    QCOMPARE(edit->data.toInt(), 100);
    const QVariantMap data = RunFork::parentData(*point, QStringLiteral("parent.jsonl"));
    QCOMPARE(data.value(QStringLiteral("parent_trace")).toString(), QStringLiteral("parent.jsonl"));
    QCOMPARE(data.value(QStringLiteral("node")).toString(), QStringLiteral("c"));
}

// A composite node's timeout counts the time its child run works, not the time the child waits
// for a person or stands paused at a breakpoint: the clock stops and goes on with what was left.
void TestHandlers::compositeTimeoutWaitsWithItsChild()
{
    Project p;
    p.write(QStringLiteral("capabilities/ask.yaml"),
            "name: text.ask_first\ndescription: Asks, then answers.\nversion: \"1.0.0\"\n"
            "input_schema: {type: object}\noutput_schema: {type: object, properties: {ok: {type: boolean}}}\n"
            "workflow_definition: {type: capgraph, path: flows/ask.yaml}\n");
    p.write(QStringLiteral("capabilities/flows/ask.yaml"),
            "graph:\n  id: ask\n  version: \"1\"\n  nodes:\n"
            "    - {id: start, type: control.start}\n"
            "    - {id: sure, type: interaction.confirm, prompt: \"Go on?\"}\n"
            "    - {id: note, type: skill, skill_id: builtin.set, inputs: {ok: \"${sure.answer}\"}, outputs: [ok]}\n"
            "    - {id: end, type: control.end}\n"
            "  edges:\n    - {from: start, to: sure}\n    - {from: sure, to: note}\n    - {from: note, to: end}\n");
    p.write(QStringLiteral("graph.yaml"), oneNodeGraph(QStringLiteral("text.ask_first"), QStringLiteral("{}"), QStringLiteral("      timeout: 0.3\n")));
    RunRequest req;
    req.graphFile = p.graphPath();
    QString error;
    std::unique_ptr<RunSetup> setup = RunSetup::fromFile(req, &error);
    QVERIFY2(setup, qPrintable(error));

    // Waiting for the answer three times as long as the timeout: the node has not timed out.
    std::unique_ptr<Executor> ex = setup->makeExecutor();
    QVERIFY2(ex, qPrintable(setup->problems().join(QLatin1Char('\n'))));
    ex->start(setup->completedInput({}));
    QCOMPARE(ex->waitUntilIdle(20000), RunStatus::WaitingForInput);
    QTest::qWait(900);
    QCOMPARE(ex->status(), RunStatus::WaitingForInput);
    QVERIFY2(ex->answer(QStringLiteral("call/sure"), true, &error), qPrintable(error));
    QVERIFY2(ex->waitUntilIdle(20000) == RunStatus::Finished, qPrintable(ex->errorMessage()));
    QCOMPARE(ex->context().variables.value(QStringLiteral("ok")).toBool(), true);

    // Paused inside the child at a breakpoint as long: neither.
    ex = setup->makeExecutor();
    ex->setChildBreakpoints({{QStringLiteral("call"), {{QStringLiteral("note"), QString()}}}});
    ex->start(setup->completedInput({}));
    QCOMPARE(ex->waitUntilIdle(20000), RunStatus::WaitingForInput);
    QVERIFY2(ex->answer(QStringLiteral("call/sure"), false, &error), qPrintable(error));
    QTRY_COMPARE(ex->status(), RunStatus::Paused);
    QCOMPARE(ex->pausedPath(), QStringList{QStringLiteral("call")});
    QTest::qWait(900);
    QCOMPARE(ex->status(), RunStatus::Paused);
    ex->resume();
    QCOMPARE(ex->waitUntilIdle(20000), RunStatus::Finished);
    QCOMPARE(ex->context().variables.value(QStringLiteral("ok")).toBool(), false);

    // A child that works past the timeout still times out.
    p.write(QStringLiteral("mocks.yaml"), "skills:\n  builtin.set:\n    delay_ms: 1500\n    outputs: {ok: true}\n");
    RunRequest slow = req;
    slow.mockFile = p.dir.filePath(QStringLiteral("mocks.yaml"));
    std::unique_ptr<RunSetup> slowSetup = RunSetup::fromFile(slow, &error);
    QVERIFY2(slowSetup, qPrintable(error));
    ex = slowSetup->makeExecutor();
    QVERIFY2(ex, qPrintable(slowSetup->problems().join(QLatin1Char('\n'))));
    ex->start(slowSetup->completedInput({}));
    QCOMPARE(ex->waitUntilIdle(20000), RunStatus::WaitingForInput);
    QVERIFY2(ex->answer(QStringLiteral("call/sure"), true, &error), qPrintable(error));
    QCOMPARE(ex->waitUntilIdle(20000), RunStatus::Failed);
    QVERIFY2(ex->errorMessage().contains(QStringLiteral("timed out after 0.3 s")), qPrintable(ex->errorMessage()));
}

QTEST_MAIN(TestHandlers)
// A run server reads each graph once (GraphCache): the same bytes under the same name give
// the graph read before; other bytes or another name are read again; a graph that does not
// read is not kept (said again each time); the one used longest ago goes when it is full.
void TestHandlers::graphCacheReadsEachGraphOnce()
{
    const QByteArray a = "graph:\n  id: a\n  nodes:\n    - {id: start, type: control.start}\n    - {id: end, type: control.end}\n"
                         "  edges:\n    - {from: start, to: end}\n";
    const QByteArray b = QByteArray(a).replace("id: a", "id: b");
    const QByteArray bad = "graph:\n  id: bad\n  nodes: [\n";
    GraphCache cache(2);
    const GraphLoadResult first = cache.read(a, QStringLiteral("a.yaml"));
    QVERIFY(first.ok());
    QCOMPARE(first.graph->id, QStringLiteral("a"));
    QCOMPARE(cache.size(), 1);
    QCOMPARE(cache.read(a, QStringLiteral("a.yaml")).graph->id, QStringLiteral("a"));
    QCOMPARE(cache.size(), 1);
    // Another name: findings would name another file.
    QVERIFY(cache.read(a, QStringLiteral("other.yaml")).ok());
    QCOMPARE(cache.size(), 2);
    const GraphLoadResult refused = cache.read(bad, QStringLiteral("bad.yaml"));
    QVERIFY(!refused.ok());
    QVERIFY2(refused.errorText().startsWith(QStringLiteral("bad.yaml:")), qPrintable(refused.errorText()));
    QCOMPARE(cache.size(), 2);
    QVERIFY(!cache.read(bad, QStringLiteral("bad.yaml")).ok());
    // Full: a.yaml (used longest ago after other.yaml was read) makes room for b.
    QCOMPARE(cache.read(b, QStringLiteral("b.yaml")).graph->id, QStringLiteral("b"));
    QCOMPARE(cache.size(), 2);
    // What a run set-up reads through the cache is what it reads without it.
    QString error;
    RunRequest request;
    request.displayName = QStringLiteral("a.yaml");
    const std::unique_ptr<RunSetup> cached = RunSetup::fromBytes(a, request, &error, &cache);
    const std::unique_ptr<RunSetup> plain = RunSetup::fromBytes(a, request, &error);
    QVERIFY(cached && plain);
    QCOMPARE(cached->graph().id, plain->graph().id);
    QCOMPARE(cached->graph().nodes.size(), plain->graph().nodes.size());
    QCOMPARE(cached->graphHash(), plain->graphHash());
    QVERIFY(RunSetup::fromBytes(bad, request, &error, &cache) == nullptr);
    QVERIFY2(error.startsWith(QStringLiteral("a.yaml:")), qPrintable(error));
}

#include "tst_handlers.moc"
