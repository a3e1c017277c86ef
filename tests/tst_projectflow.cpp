// Seed 002's ProjectFlow example end to end, through `capgraph run` as a user runs it: four
// llm agents against a local fake OpenAI-compatible server, the background branch that must
// not delay the answer, the session kept between turns, token usage per agent; offline with
// --mock. Also `capgraph capabilities list|show|validate` and the trust rules of `capgraph run`.
#include "support/CliRun.h"
#include "support/ScriptedHttpServer.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kGraph = QStringLiteral("resources/examples/projectflow/projectflow.yaml");

HttpReply chat(const QString &content, int prompt, int completion, int delayMs = 0)
{
    const QJsonObject o{{QStringLiteral("choices"), QJsonArray{QJsonObject{{QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                                                                               {QStringLiteral("content"), content}}}}}},
                        {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), prompt}, {QStringLiteral("completion_tokens"), completion}}}};
    HttpReply r{200, QJsonDocument(o).toJson(QJsonDocument::Compact)};
    r.delayMs = delayMs;
    return r;
}

// Which agent a request is for: its system message says so.
QString agentOf(const HttpRequestSeen &r)
{
    const QString system = QJsonDocument::fromJson(r.body).object().value(QStringLiteral("messages")).toArray().at(0).toObject().value(QStringLiteral("content")).toString();
    for (const auto &[word, agent] : {std::pair{"決策智能體", "decision"}, std::pair{"回應智能體", "response"},
                                      std::pair{"摘要智能體", "summary"}, std::pair{"評分智能體", "score"}})
        if (system.contains(QString::fromUtf8(word)))
            return QLatin1String(agent);
    return QString();
}

HttpReply fakeOpenAi(const HttpRequestSeen &r)
{
    const QString agent = agentOf(r);
    if (agent == QLatin1String("decision"))
        return chat(QStringLiteral(R"({"Guidance_and_Strategy": "提問：請描述路口的具體情境"})"), 100, 20);
    if (agent == QLatin1String("response"))
        return chat(QStringLiteral("很棒的題目！🚸 哪個路口最危險？"), 200, 30, 30);
    if (agent == QLatin1String("summary")) // slow: the answer must not wait for it
        return chat(QStringLiteral(R"({"project_content": "改善學校周邊交通安全", "ACTION_PLAN": "觀察上下學時段路口", "HISTORICAL_LOG": "第1輪：提出問題", "stage_number": 1})"),
                    300, 40, 600);
    if (agent == QLatin1String("score"))
        return chat(QStringLiteral(R"({"current_progress": "個人與情境關聯 2/5；SDGs 連結 3/5"})"), 150, 25);
    return HttpReply{400, R"({"error": {"message": "unknown agent"}})"};
}

QList<QJsonObject> readTrace(const QString &path)
{
    QList<QJsonObject> events;
    QFile f(path);
    if (f.open(QIODevice::ReadOnly))
        for (const QByteArray &line : f.readAll().split('\n'))
            if (!line.trimmed().isEmpty())
                events << QJsonDocument::fromJson(line).object();
    return events;
}

} // namespace

class TestProjectFlow : public QObject
{
    Q_OBJECT

private slots:
    void twoTurnsAgainstAFakeOpenAiServer();
    void runsOfflineWithMocks();
    void theExampleValidatesAndItsCapabilitiesList();
    void capabilitiesShowAndValidate();
    void untrustedCommandNeedsTrust();
};

void TestProjectFlow::twoTurnsAgainstAFakeOpenAiServer()
{
    ScriptedHttpServer server(fakeOpenAi);
    QTemporaryDir tmp;
    const QString session = tmp.filePath(QStringLiteral("session.json"));
    const QString trace = tmp.filePath(QStringLiteral("turn1.jsonl"));
    const QHash<QString, QString> env{{QStringLiteral("OPENAI_BASE_URL"), server.url(QStringLiteral("/v1"))},
                                      {QStringLiteral("OPENAI_API_KEY"), QStringLiteral("sk-fake")},
                                      {QStringLiteral("CAPGRAPH_LLM_MODEL"), QStringLiteral("fake-model")}};
    const CliRun turn1 = runCapgraph({QStringLiteral("run"), kGraph, QStringLiteral("--session"), session, QStringLiteral("--trace"), trace, QStringLiteral("--json"),
                                      QStringLiteral("--input"), QStringLiteral(R"({"message": "我想改善學校附近的交通安全"})")},
                                     {}, false, env);
    QVERIFY2(turn1.exitCode == 0, qPrintable(turn1.err));
    const QJsonObject result = QJsonDocument::fromJson(turn1.out.toUtf8()).object();
    const QJsonObject vars = result.value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject();
    QCOMPARE(vars.value(QStringLiteral("reply")).toString(), QStringLiteral("很棒的題目！🚸 哪個路口最危險？"));
    QCOMPARE(vars.value(QStringLiteral("current_progress")).toString(), QStringLiteral("個人與情境關聯 2/5；SDGs 連結 3/5"));
    QCOMPARE(vars.value(QStringLiteral("stage_number")).toInt(), 1);
    QCOMPARE(vars.value(QStringLiteral("messages")).toArray().size(), 2);
    // Token usage per agent and for the run (seed 002 counts them per agent).
    const QJsonObject usage = result.value(QStringLiteral("token_usage")).toObject();
    QCOMPARE(usage.value(QStringLiteral("total_tokens")).toInt(), 100 + 20 + 200 + 30 + 300 + 40 + 150 + 25);
    QCOMPARE(usage.value(QStringLiteral("nodes")).toObject().value(QStringLiteral("summary")).toObject().value(QStringLiteral("total_tokens")).toInt(), 340);
    // Every request: the model, the key, JSON mode for the structured agents only.
    const auto requests = server.requests();
    QCOMPARE(requests.size(), 4);
    for (const HttpRequestSeen &r : requests) {
        QCOMPARE(r.path, QByteArray("/v1/chat/completions"));
        QCOMPARE(r.headers.value("authorization"), QByteArray("Bearer sk-fake"));
        const QJsonObject body = QJsonDocument::fromJson(r.body).object();
        QCOMPARE(body.value(QStringLiteral("model")).toString(), QStringLiteral("fake-model"));
        QCOMPARE(body.contains(QStringLiteral("response_format")), agentOf(r) != QLatin1String("response"));
    }
    // The stage settings came from prompts/stage_setting.yaml.
    const QString scoreSystem = QJsonDocument::fromJson(requests.last().body).object().value(QStringLiteral("messages")).toArray().at(0).toObject().value(QStringLiteral("content")).toString();
    QVERIFY2(scoreSystem.contains(QStringLiteral("現象描述與因果脈絡")), qPrintable(scoreSystem));
    // The answer did not wait for the background branch: the main path ended before the
    // summary agent (600 ms at the server) was done.
    qint64 mainDone = -1, summaryDone = -1;
    for (const QJsonObject &e : readTrace(trace)) {
        if (e.value(QStringLiteral("event")).toString() == QLatin1String("run.main_path_finished"))
            mainDone = qint64(e.value(QStringLiteral("elapsed_us")).toDouble());
        if (e.value(QStringLiteral("event")).toString() == QLatin1String("node.finished") && e.value(QStringLiteral("node")).toString() == QLatin1String("summary"))
            summaryDone = qint64(e.value(QStringLiteral("elapsed_us")).toDouble());
    }
    QVERIFY2(mainDone > 0 && summaryDone > 0, "the trace has both events");
    QVERIFY2(mainDone + 400'000 < summaryDone, qPrintable(QStringLiteral("main %1 us, summary %2 us").arg(mainDone).arg(summaryDone)));

    // Turn 2: the session brings back the conversation and the project record.
    const CliRun turn2 = runCapgraph({QStringLiteral("run"), kGraph, QStringLiteral("--session"), session, QStringLiteral("--json"),
                                      QStringLiteral("--input"), QStringLiteral(R"({"message": "校門口的斑馬線最危險"})")},
                                     {}, false, env);
    QVERIFY2(turn2.exitCode == 0, qPrintable(turn2.err));
    const QJsonObject vars2 = QJsonDocument::fromJson(turn2.out.toUtf8()).object().value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject();
    QCOMPARE(vars2.value(QStringLiteral("messages")).toArray().size(), 4);
    const auto all = server.requests();
    QCOMPARE(all.size(), 8);
    for (qsizetype i = 4; i < all.size(); ++i) {
        const QJsonObject body = QJsonDocument::fromJson(all.at(i).body).object();
        const QJsonArray messages = body.value(QStringLiteral("messages")).toArray();
        // system, turn 1's question and answer (history), the new message
        QCOMPARE(messages.size(), 4);
        QCOMPARE(messages.at(1).toObject().value(QStringLiteral("content")).toString(), QStringLiteral("我想改善學校附近的交通安全"));
        QCOMPARE(messages.at(3).toObject().value(QStringLiteral("content")).toString(), QStringLiteral("校門口的斑馬線最危險"));
        if (agentOf(all.at(i)) == QLatin1String("decision")) {
            const QString system = messages.at(0).toObject().value(QStringLiteral("content")).toString();
            QVERIFY2(system.contains(QStringLiteral("專案內容：改善學校周邊交通安全")), qPrintable(system)); // from turn 1's summary
        }
    }
}

void TestProjectFlow::runsOfflineWithMocks()
{
    QTemporaryDir tmp;
    const QString session = tmp.filePath(QStringLiteral("s.json"));
    const QHash<QString, QString> noServer{{QStringLiteral("OPENAI_BASE_URL"), QStringLiteral("http://127.0.0.1:9/v1")}};
    for (int turn = 1; turn <= 2; ++turn) {
        const CliRun r = runCapgraph({QStringLiteral("run"), kGraph, QStringLiteral("--mock"), QStringLiteral("resources/examples/projectflow/mocks/projectflow.mock.yaml"),
                                      QStringLiteral("--session"), session, QStringLiteral("--json"), QStringLiteral("--input"),
                                      QStringLiteral(R"({"message": "第%1輪"})").arg(turn)},
                                     {}, false, noServer);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject vars = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject();
        QCOMPARE(vars.value(QStringLiteral("messages")).toArray().size(), 2 * turn);
        QCOMPARE(vars.value(QStringLiteral("reply")).toString(), QStringLiteral("很棒的題目！🚸 你觀察到學校附近哪個路口最危險？什麼時段？"));
    }
}

void TestProjectFlow::theExampleValidatesAndItsCapabilitiesList()
{
    const CliRun v = runCapgraph({QStringLiteral("validate"), kGraph});
    QVERIFY2(v.exitCode == 0 && (v.out + v.err).contains(QStringLiteral("0 errors, 0 warnings")), qPrintable(v.out + v.err));
    const CliRun list = runCapgraph({QStringLiteral("capabilities"), QStringLiteral("list"), QStringLiteral("--graph"), kGraph});
    QCOMPARE(list.exitCode, 0);
    QStringList names;
    for (const QString &line : list.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        names << line.section(QLatin1Char(' '), 0, 0);
    QCOMPARE(names, (QStringList{QStringLiteral("projectflow.decision_agent@1.0.0"), QStringLiteral("projectflow.response_agent@1.0.0"),
                                 QStringLiteral("projectflow.score_agent@1.0.0"), QStringLiteral("projectflow.summary_agent@1.0.0")}));
    const CliRun search = runCapgraph({QStringLiteral("capabilities"), QStringLiteral("list"), QStringLiteral("resources/examples/projectflow/capabilities"),
                                       QStringLiteral("--search"), QStringLiteral("background"), QStringLiteral("--json")});
    QCOMPARE(search.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(search.out.toUtf8()).array().size(), 2); // the tag
}

void TestProjectFlow::capabilitiesShowAndValidate()
{
    const CliRun show = runCapgraph({QStringLiteral("capabilities"), QStringLiteral("show"), QStringLiteral("finance.get_stock_price"),
                                     QStringLiteral("resources/examples/capabilities")});
    QCOMPARE(show.exitCode, 0);
    QVERIFY2(show.out.contains(QStringLiteral("symbol: string (required) — The stock ticker symbol")), qPrintable(show.out));
    QVERIFY2(show.out.contains(QStringLiteral("currency: string = \"USD\"")), qPrintable(show.out));
    const CliRun missing = runCapgraph({QStringLiteral("capabilities"), QStringLiteral("show"), QStringLiteral("finance.get_stock_price@2"),
                                        QStringLiteral("resources/examples/capabilities")});
    QCOMPARE(missing.exitCode, 1);
    QVERIFY2(missing.err.contains(QStringLiteral("no version of 'finance.get_stock_price' matches 2 (there are 1.0.0)")), qPrintable(missing.err));

    QTemporaryDir dir;
    QFile bad(dir.filePath(QStringLiteral("bad.yaml")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("name: Finance-Stock\ndescription: x\nversion: \"1.0\"\ninput_schema: {type: object}\noutput_schema: {type: object}\nhandler: {type: api, endpoint: \"https://x/{a}\"}\n");
    bad.close();
    const CliRun validate = runCapgraph({QStringLiteral("capabilities"), QStringLiteral("validate"), dir.path(), QStringLiteral("resources/examples/projectflow/capabilities")});
    QCOMPARE(validate.exitCode, 1);
    QVERIFY2(validate.err.contains(QStringLiteral("bad.yaml:1:7: error: name 'Finance-Stock' should be domain.verb_noun")), qPrintable(validate.err));
    QVERIFY2(validate.err.contains(QStringLiteral("bad.yaml:3:10: error: version '1.0' is not semantic")), qPrintable(validate.err));
    QVERIFY2(validate.out.contains(QStringLiteral("5 files, 4 capabilities valid, 2 errors")), qPrintable(validate.out));
    const CliRun ok = runCapgraph({QStringLiteral("capabilities"), QStringLiteral("validate"), QStringLiteral("resources/examples/projectflow/capabilities")});
    QCOMPARE(ok.exitCode, 0);
}

void TestProjectFlow::untrustedCommandNeedsTrust()
{
    const QString graph = QStringLiteral(CAPGRAPH_FIXTURES_DIR "/trust/echo.yaml");
    // No terminal, no --trust: refused with the way out.
    const CliRun refused = runCapgraph({QStringLiteral("run"), graph});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("echo.yaml is not trusted to run commands or call web APIs: run it with --trust")), qPrintable(refused.err));
    const CliRun trusted = runCapgraph({QStringLiteral("run"), graph, QStringLiteral("--trust")});
    QVERIFY2(trusted.exitCode == 0, qPrintable(trusted.err));
    QVERIFY2(trusted.out.contains(QStringLiteral("word = hello")), qPrintable(trusted.out));
}

QTEST_GUILESS_MAIN(TestProjectFlow)
#include "tst_projectflow.moc"
