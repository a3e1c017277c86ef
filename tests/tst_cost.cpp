// What LLM tokens cost (docs/capabilities.md, "Pricing"; docs/execution.md, "Events and
// traces"): a capability's or the graph's `pricing:` read and kept, the cost of each node.usage
// computed from the real llm handler's answers (a local OpenAI-compatible server) and from
// mocks that report usage, the run's total in run.finished (per currency when several are
// used), checkpoints that keep it, traces folded into snapshots and run comparisons, graph
// files that round-trip and diff it, and `capgraph run` that says it.
#include "capability/CapabilitySources.h"
#include "diff/GraphDiff.h"
#include "diff/RunDiff.h"
#include "exec/Executor.h"
#include "exec/NodeExecutions.h"
#include "exec/RunSnapshot.h"
#include "launch/RunSetup.h"
#include "yaml/GraphYamlReader.h"
#include "yaml/GraphYamlWriter.h"

#include "support/CliRun.h"
#include "support/ScriptedHttpServer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace capgraph;

namespace {

// Every event of a run, in order.
class EventLog : public RunObserver
{
public:
    QList<RunEvent> events;
    void onRunEvent(const RunEvent &e) override { events.append(e); }
    QList<QVariantMap> data(RunEventType type, const QString &node = QString()) const
    {
        QList<QVariantMap> out;
        for (const RunEvent &e : events)
            if (e.type == type && (node.isEmpty() || e.nodeId == node))
                out.append(e.data.toMap());
        return out;
    }
};

// An OpenAI-compatible chat completion that used `prompt` + `completion` tokens.
HttpReply chatAnswer(int prompt, int completion)
{
    const QJsonObject o{{QStringLiteral("choices"), QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                                                           {QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                                                                                   {QStringLiteral("content"), QStringLiteral("done")}}},
                                                                           {QStringLiteral("finish_reason"), QStringLiteral("stop")}}}},
                        {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), prompt},
                                                              {QStringLiteral("completion_tokens"), completion},
                                                              {QStringLiteral("total_tokens"), prompt + completion}}}};
    return HttpReply{200, QJsonDocument(o).toJson(QJsonDocument::Compact)};
}

// A project folder: graph.yaml, capabilities/*.yaml and mocks, written from the test's text.
class Project
{
public:
    QTemporaryDir dir;

    void write(const QString &relative, const QByteArray &text)
    {
        const QString path = dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    }
    QString path(const QString &relative) const { return dir.filePath(relative); }

    // Sets graph.yaml up as the command line and the studio do (RunSetup), runs it to its end
    // and returns the executor (for its state and totals); the events go to `log`.
    std::unique_ptr<Executor> run(EventLog *log, const QString &mocks = QString())
    {
        RunRequest request;
        request.graphFile = path(QStringLiteral("graph.yaml"));
        if (!mocks.isEmpty())
            request.mockFile = path(mocks);
        QString error;
        m_setup = RunSetup::fromFile(request, &error);
        if (!m_setup) {
            qWarning("%s", qPrintable(error));
            return nullptr;
        }
        std::unique_ptr<Executor> ex = m_setup->makeExecutor();
        if (!ex) {
            qWarning("%s", qPrintable(m_setup->problems().join(QLatin1Char('\n'))));
            return nullptr;
        }
        ex->addObserver(log);
        ex->start();
        ex->waitUntilIdle(20000);
        ex->removeObserver(log);
        return ex;
    }

    // The setup of the last run (for another executor of the same graph).
    RunSetup *setup() const { return m_setup.get(); }

private:
    std::unique_ptr<RunSetup> m_setup;
};

// Two skill nodes in a row, `a` then `b`, with what `graphExtra` adds under `graph:`.
QByteArray twoNodeGraph(const QString &skillA, const QString &skillB, const QString &graphExtra = QString())
{
    return QStringLiteral("graph:\n  id: priced\n%3  nodes:\n"
                          "    - {id: start, type: control.start}\n"
                          "    - {id: a, type: skill, skill_id: %1}\n"
                          "    - {id: b, type: skill, skill_id: %2}\n"
                          "    - {id: end, type: control.end}\n"
                          "  edges:\n    - {from: start, to: a}\n    - {from: a, to: b}\n    - {from: b, to: end}\n")
        .arg(skillA, skillB, graphExtra)
        .toUtf8();
}

QByteArray llmCapability(const char *name, const QByteArray &pricing = QByteArray())
{
    return QByteArray("name: ") + name + "\ndescription: Writes a text.\ninput_schema: {type: object}\n"
           "output_schema: {type: object, properties: {text: {type: string}}}\n"
           "handler: {type: llm, prompt: \"Write.\", output: text}\n" + pricing;
}

} // namespace

class TestCost : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // The user's own capability folder must not leak into the tests.
        QStandardPaths::setTestModeEnabled(true);
    }

    void llmUsageIsPricedByItsCapability()
    {
        ScriptedHttpServer server([](const HttpRequestSeen &) { return chatAnswer(120, 30); });
        qputenv("OPENAI_BASE_URL", server.url(QStringLiteral("/v1")).toUtf8());
        qputenv("OPENAI_API_KEY", "sk-test");
        qputenv("CAPGRAPH_LLM_MODEL", "test-model");
        Project p;
        p.write(QStringLiteral("capabilities/write.yaml"),
                llmCapability("text.write_text", "pricing: {per_1k_prompt_tokens: 0.0015, per_1k_completion_tokens: 0.002, currency: USD}\n"));
        p.write(QStringLiteral("graph.yaml"), twoNodeGraph(QStringLiteral("text.write_text"), QStringLiteral("text.write_text")));
        EventLog log;
        const std::unique_ptr<Executor> ex = p.run(&log);
        QVERIFY(ex);
        QVERIFY2(ex->status() == RunStatus::Finished, qPrintable(ex->errorMessage()));
        QCOMPARE(server.requests().size(), 2);
        // Each answer: 120 prompt tokens at 0.0015 and 30 completion tokens at 0.002 per 1,000.
        for (const QString &node : {QStringLiteral("a"), QStringLiteral("b")}) {
            const QList<QVariantMap> usage = log.data(RunEventType::NodeUsage, node);
            QCOMPARE(usage.size(), 1);
            QCOMPARE(usage.first().value(QStringLiteral("total_tokens")).toLongLong(), 150);
            QCOMPARE(usage.first().value(QStringLiteral("cost")).toDouble(), 0.00024);
            QCOMPARE(usage.first().value(QStringLiteral("currency")).toString(), QStringLiteral("USD"));
        }
        const QList<QVariantMap> finished = log.data(RunEventType::RunFinished);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.first().value(QStringLiteral("total_tokens")).toLongLong(), 300);
        QCOMPARE(finished.first().value(QStringLiteral("total_cost")).toDouble(), 0.00048);
        QCOMPARE(finished.first().value(QStringLiteral("currency")).toString(), QStringLiteral("USD"));
        QVERIFY(!finished.first().contains(QStringLiteral("costs")));
        QCOMPARE(ex->costTotals(), (QMap<QString, double>{{QStringLiteral("USD"), 0.00048}}));
        QCOMPARE(ex->tokenUsage().value(QStringLiteral("a")).cost, 0.00024);
        // The trace folded as the studio folds it: per node and per execution.
        const RunSnapshot snapshot = RunSnapshot::upTo(log.events, log.events.size());
        QCOMPARE(snapshot.node(QStringLiteral("b")).cost, 0.00024);
        QCOMPARE(snapshot.node(QStringLiteral("b")).currency, QStringLiteral("USD"));
        const NodeExecutions executions = NodeExecutions::upTo(log.events, log.events.size());
        QCOMPARE(executions.of(QStringLiteral("a")).size(), 1);
        QCOMPARE(executions.of(QStringLiteral("a")).first().cost, 0.00024);
        QCOMPARE(executions.of(QStringLiteral("a")).first().currency, QStringLiteral("USD"));
        qunsetenv("OPENAI_BASE_URL");
        qunsetenv("OPENAI_API_KEY");
        qunsetenv("CAPGRAPH_LLM_MODEL");
    }

    void graphPricingCoversTheRestAndCurrenciesStayApart()
    {
        // `a`'s capability says USD; `b`'s says nothing, so the graph's CNY price applies.
        Project p;
        p.write(QStringLiteral("capabilities/draft.yaml"), llmCapability("text.draft_text", "pricing: {per_1k_tokens: 0.002}\n"));
        p.write(QStringLiteral("capabilities/polish.yaml"), llmCapability("text.polish_text"));
        p.write(QStringLiteral("graph.yaml"), twoNodeGraph(QStringLiteral("text.draft_text"), QStringLiteral("text.polish_text"),
                                                           QStringLiteral("  pricing: {per_1k_tokens: 0.01, currency: CNY}\n")));
        // Mocks stand in for the LLM and report its usage; the capabilities' prices still apply.
        p.write(QStringLiteral("mocks.yaml"), "skills:\n"
                                              "  text.draft_text: {outputs: {text: d}, usage: {prompt_tokens: 1000, completion_tokens: 500}}\n"
                                              "  text.polish_text: {outputs: {text: p}, usage: {prompt_tokens: 100, completion_tokens: 50}}\n");
        EventLog log;
        const std::unique_ptr<Executor> ex = p.run(&log, QStringLiteral("mocks.yaml"));
        QVERIFY(ex);
        QVERIFY2(ex->status() == RunStatus::Finished, qPrintable(ex->errorMessage()));
        const QVariantMap a = log.data(RunEventType::NodeUsage, QStringLiteral("a")).value(0);
        QCOMPARE(a.value(QStringLiteral("cost")).toDouble(), 0.003);
        QCOMPARE(a.value(QStringLiteral("currency")).toString(), QStringLiteral("USD"));
        const QVariantMap b = log.data(RunEventType::NodeUsage, QStringLiteral("b")).value(0);
        QCOMPARE(b.value(QStringLiteral("cost")).toDouble(), 0.0015);
        QCOMPARE(b.value(QStringLiteral("currency")).toString(), QStringLiteral("CNY"));
        // Two currencies do not add up: one total each, and no total_cost.
        const QVariantMap finished = log.data(RunEventType::RunFinished).value(0);
        QCOMPARE(finished.value(QStringLiteral("total_tokens")).toLongLong(), 1650);
        QVERIFY(!finished.contains(QStringLiteral("total_cost")));
        QVERIFY(!finished.contains(QStringLiteral("currency")));
        const QVariantMap costs = finished.value(QStringLiteral("costs")).toMap();
        QCOMPARE(costs.size(), 2);
        QCOMPARE(costs.value(QStringLiteral("USD")).toDouble(), 0.003);
        QCOMPARE(costs.value(QStringLiteral("CNY")).toDouble(), 0.0015);

        // A checkpoint keeps the costs: a run restored from it goes on adding to them.
        const QJsonObject state = ex->saveState();
        const QJsonObject kept = state.value(QStringLiteral("token_usage")).toObject().value(QStringLiteral("b")).toObject();
        QCOMPARE(kept.value(QStringLiteral("cost")).toDouble(), 0.0015);
        QCOMPARE(kept.value(QStringLiteral("currency")).toString(), QStringLiteral("CNY"));
        const std::unique_ptr<Executor> restored = p.setup()->makeExecutor();
        QVERIFY(restored);
        QString error;
        QVERIFY2(restored->restoreState(state, &error), qPrintable(error));
        QCOMPARE(restored->costTotals(), ex->costTotals());

        // Comparing this run with one whose nodes were not priced: a cost line per currency.
        const RunSummary priced = RunSummary::of(log.events);
        QCOMPARE(priced.costs.value(QStringLiteral("CNY")), 0.0015);
        QList<RunEvent> unpriced = log.events;
        for (RunEvent &e : unpriced)
            if (e.type == RunEventType::NodeUsage) {
                QVariantMap d = e.data.toMap();
                d.remove(QStringLiteral("cost"));
                d.remove(QStringLiteral("currency"));
                e.data = d;
            }
        const RunDiff diff = RunDiff::compare(RunSummary::of(unpriced), priced);
        QVERIFY(!diff.isEmpty()); // the same tokens, but what they cost differs
        QVERIFY2(diff.lines().contains(QStringLiteral("cost (CNY): 0 → 0.0015 (+0.0015)")), qPrintable(diff.lines().join(QLatin1Char('\n'))));
        QCOMPARE(diff.toJson().value(QStringLiteral("cost_deltas")).toObject().value(QStringLiteral("USD")).toDouble(), 0.003);
        QCOMPARE(diff.toJson().value(QStringLiteral("new")).toObject().value(QStringLiteral("costs")).toObject().value(QStringLiteral("USD")).toDouble(), 0.003);
    }

    void unpricedUsageSaysNoCost()
    {
        Project p;
        p.write(QStringLiteral("capabilities/draft.yaml"), llmCapability("text.draft_text"));
        p.write(QStringLiteral("graph.yaml"), twoNodeGraph(QStringLiteral("text.draft_text"), QStringLiteral("text.draft_text")));
        p.write(QStringLiteral("mocks.yaml"), "skills:\n  text.draft_text: {outputs: {text: d}, usage: {prompt_tokens: 10, completion_tokens: 5}}\n");
        EventLog log;
        const std::unique_ptr<Executor> ex = p.run(&log, QStringLiteral("mocks.yaml"));
        QVERIFY(ex && ex->status() == RunStatus::Finished);
        const QVariantMap usage = log.data(RunEventType::NodeUsage, QStringLiteral("a")).value(0);
        QCOMPARE(usage.value(QStringLiteral("total_tokens")).toLongLong(), 15);
        QVERIFY(!usage.contains(QStringLiteral("cost")));
        QVERIFY(!usage.contains(QStringLiteral("currency")));
        const QVariantMap finished = log.data(RunEventType::RunFinished).value(0);
        QCOMPARE(finished.value(QStringLiteral("total_tokens")).toLongLong(), 30);
        QVERIFY(!finished.contains(QStringLiteral("total_cost")));
        QVERIFY(!finished.contains(QStringLiteral("costs")));
        QVERIFY(ex->costTotals().isEmpty());
    }

    void mockUsageIsChecked()
    {
        Project p;
        p.write(QStringLiteral("capabilities/draft.yaml"), llmCapability("text.draft_text"));
        p.write(QStringLiteral("graph.yaml"), twoNodeGraph(QStringLiteral("text.draft_text"), QStringLiteral("text.draft_text")));
        p.write(QStringLiteral("mocks.yaml"), "skills:\n  text.draft_text: {outputs: {text: d}, usage: {prompt_tokens: -1}}\n");
        RunRequest request;
        request.graphFile = p.path(QStringLiteral("graph.yaml"));
        request.mockFile = p.path(QStringLiteral("mocks.yaml"));
        QString error;
        const std::unique_ptr<RunSetup> setup = RunSetup::fromFile(request, &error);
        QVERIFY(setup);
        QVERIFY(!setup->makeExecutor());
        QVERIFY2(setup->problems().join(QLatin1Char('\n')).contains(QStringLiteral("usage.prompt_tokens: expected a whole number")),
                 qPrintable(setup->problems().join(QLatin1Char('\n'))));
    }

    void graphPricingRoundTripsAndDiffs()
    {
        const QByteArray text = twoNodeGraph(QStringLiteral("x.do_a"), QStringLiteral("x.do_b"),
                                             QStringLiteral("  pricing:\n    per_1k_prompt_tokens: 0.0015\n    per_1k_completion_tokens: 0.002\n    currency: CNY\n"));
        const GraphLoadResult r = GraphYamlReader::readBytes(text, QStringLiteral("g.yaml"));
        QVERIFY2(r.ok(), qPrintable(r.errorText()));
        QVERIFY(r.graph->pricing);
        QCOMPARE(r.graph->pricing->perThousandCompletion, 0.002);
        QCOMPARE(r.graph->pricing->currency, QStringLiteral("CNY"));
        // Saved in its canonical form, and read back equal.
        const QByteArray saved = GraphYamlWriter::toYaml(*r.graph);
        QVERIFY2(saved.contains("  pricing: {per_1k_prompt_tokens: 0.0015, per_1k_completion_tokens: 0.002, currency: CNY}\n"), saved.constData());
        const GraphLoadResult again = GraphYamlReader::readBytes(saved, QStringLiteral("g.yaml"));
        QVERIFY(again.ok());
        QCOMPARE(*again.graph, *r.graph);
        // A change of price is a difference of meaning.
        Graph cheaper = *r.graph;
        cheaper.pricing->perThousandCompletion = 0.001;
        const GraphDiff diff = GraphDiff::compare(*r.graph, cheaper);
        QVERIFY(!diff.isEmpty());
        QVERIFY2(diff.lines().join(QLatin1Char('\n')).contains(QStringLiteral("pricing.per_1k_completion_tokens: 0.002 → 0.001")),
                 qPrintable(diff.lines().join(QLatin1Char('\n'))));
        Graph unpriced = *r.graph;
        unpriced.pricing.reset();
        QVERIFY(!GraphDiff::compare(*r.graph, unpriced).isEmpty());
        QVERIFY(!GraphYamlWriter::toYaml(unpriced).contains("pricing"));
        // A bad price refuses the file, at its line and column.
        const GraphLoadResult bad = GraphYamlReader::readBytes(twoNodeGraph(QStringLiteral("x.do_a"), QStringLiteral("x.do_b"),
                                                                            QStringLiteral("  pricing: {per_1k_tokens: -1}\n")),
                                                               QStringLiteral("g.yaml"));
        QVERIFY(!bad.ok());
        QVERIFY2(bad.errorText().contains(QStringLiteral("g.yaml:3:28: error: pricing: 'per_1k_tokens' should be a price of 0 or more")),
                 qPrintable(bad.errorText()));
        QVERIFY(bad.errorText().contains(QStringLiteral("[bad-pricing]")));
    }

    void cliSaysTheCost()
    {
        Project p;
        p.write(QStringLiteral("capabilities/draft.yaml"),
                llmCapability("text.draft_text", "pricing: {per_1k_prompt_tokens: 0.0015, per_1k_completion_tokens: 0.002}\n"));
        p.write(QStringLiteral("graph.yaml"), twoNodeGraph(QStringLiteral("text.draft_text"), QStringLiteral("text.draft_text")));
        p.write(QStringLiteral("mocks.yaml"), "skills:\n  text.draft_text: {outputs: {text: d}, usage: {prompt_tokens: 120, completion_tokens: 30}}\n");
        const QStringList args{QStringLiteral("run"), p.path(QStringLiteral("graph.yaml")), QStringLiteral("--mock"), p.path(QStringLiteral("mocks.yaml"))};
        const CliRun text = runCapgraph(args);
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.err.contains(QStringLiteral("; 300 tokens (prompt 240, completion 60), cost 0.00048 USD\n")), qPrintable(text.err));
        const CliRun json = runCapgraph(args + QStringList{QStringLiteral("--json"), QStringLiteral("--quiet")});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject usage = QJsonDocument::fromJson(json.out.toUtf8()).object().value(QStringLiteral("token_usage")).toObject();
        QCOMPARE(usage.value(QStringLiteral("total_tokens")).toInt(), 300);
        QCOMPARE(usage.value(QStringLiteral("total_cost")).toDouble(), 0.00048);
        QCOMPARE(usage.value(QStringLiteral("currency")).toString(), QStringLiteral("USD"));
        const QJsonObject a = usage.value(QStringLiteral("nodes")).toObject().value(QStringLiteral("a")).toObject();
        QCOMPARE(a.value(QStringLiteral("cost")).toDouble(), 0.00024);
        QCOMPARE(a.value(QStringLiteral("currency")).toString(), QStringLiteral("USD"));
    }
};

QTEST_GUILESS_MAIN(TestCost)
#include "tst_cost.moc"
