// `capgraph serve` (docs/server.md) driven as a client does: a real server process on
// loopback with a real SQLite store, spoken to over HTTP. Create, stream, answer, pause and
// step, cancel; 401 without the token, 422 on a graph that cannot run, 413 on a body too big;
// killed with SIGKILL in the middle of runs and started again, every run ends with the context
// an uninterrupted run has. Two servers on one throwaway PostgreSQL cluster share 200 runs, one
// of them killed on the way; all finish, each once.
#include "PostgresCluster.h"
#include "support/ServeProcess.h"
#include "capability/JsonSchema.h"
#include "io/YamlValue.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <csignal>

using namespace capgraph::testing;

namespace {

// What is wrong with a real answer by docs/openapi.yaml: the schema it gives for the response
// of `method` on `path` (a template: "/v1/runs/{id}") with that status. Empty: it conforms.
QStringList openApiProblems(const QString &path, const char *method, const Response &response)
{
    static const QJsonObject doc = [] {
        QVariant v;
        QString error;
        if (!capgraph::readYamlFile(QStringLiteral(CAPGRAPH_SOURCE_DIR "/docs/openapi.yaml"), &v, &error))
            qFatal("docs/openapi.yaml: %s", qPrintable(error));
        return QJsonObject::fromVariantMap(v.toMap());
    }();
    const QJsonObject components = doc.value(QStringLiteral("components")).toObject();
    const QJsonObject responses = doc.value(QStringLiteral("paths")).toObject().value(path).toObject().value(QLatin1String(method)).toObject()
                                      .value(QStringLiteral("responses")).toObject();
    QJsonObject answer = responses.value(QString::number(response.status)).toObject();
    if (answer.isEmpty())
        answer = responses.value(QStringLiteral("default")).toObject();
    if (answer.isEmpty())
        return {QStringLiteral("openapi.yaml has no %1 response for %2 %3").arg(response.status).arg(QLatin1String(method), path)};
    const QString ref = answer.value(QStringLiteral("$ref")).toString();
    if (ref.startsWith(QLatin1String("#/components/responses/")))
        answer = components.value(QStringLiteral("responses")).toObject().value(ref.mid(23)).toObject();
    const QJsonObject schema = answer.value(QStringLiteral("content")).toObject().value(QStringLiteral("application/json")).toObject()
                                   .value(QStringLiteral("schema")).toObject();
    QString error;
    const std::optional<capgraph::JsonSchema> compiled = capgraph::JsonSchema::compile(schema, &error, components);
    if (!compiled)
        return {QStringLiteral("openapi.yaml's schema for %1 %2 %3: %4").arg(QLatin1String(method), path).arg(response.status).arg(error)};
    QStringList problems = compiled->validate(response.json);
    if (!problems.isEmpty())
        problems << QString::fromUtf8(response.body);
    return problems;
}

#define QVERIFY_API(path, method, response)                                                                                     \
    do {                                                                                                                        \
        const QStringList problems_ = openApiProblems(QStringLiteral(path), method, response);                                  \
        QVERIFY2(problems_.isEmpty(), qPrintable(problems_.join(QLatin1Char('\n'))));                                           \
    } while (false)

QStringList types(const QList<QJsonObject> &events)
{
    QStringList out;
    for (const QJsonObject &e : events)
        out << e.value(QStringLiteral("event")).toString();
    return out;
}

} // namespace

class TestServe : public QObject
{
    Q_OBJECT

private slots:
    void aRunIsCreatedStreamedAndAnswered()
    {
        QTemporaryDir dir;
        Server server(dir.filePath(QStringLiteral("runs.sqlite")));
        QString why;
        QVERIFY2(server.start(&why), qPrintable(why));
        const Response health = server.request("GET", QStringLiteral("/v1/health"));
        QCOMPARE(health.status, 200);
        QCOMPARE(health.json.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
        QVERIFY_API("/v1/health", "get", health);

        const Response created = server.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("ask.yaml")},
                                                                          {QStringLiteral("input"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")}}}});
        QCOMPARE(created.status, 201);
        const QString id = created.json.value(QStringLiteral("id")).toString();
        QVERIFY(!id.isEmpty());
        QCOMPARE(created.json.value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
        QCOMPARE(created.header("Location"), QByteArray("/v1/runs/") + id.toUtf8());
        QVERIFY_API("/v1/runs", "post", created);
        QVERIFY_API("/v1/runs/{id}", "get", server.request("GET", QStringLiteral("/v1/runs/") + id));

        // It waits for the question, which the run says it waits for.
        const QJsonObject waiting = server.waitFor(id, {QStringLiteral("waiting")});
        QCOMPARE(waiting.value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
        const QJsonArray asks = waiting.value(QStringLiteral("waiting")).toArray();
        QCOMPARE(asks.size(), 1);
        QCOMPARE(asks.at(0).toObject().value(QStringLiteral("node")).toString(), QStringLiteral("approve"));
        QCOMPARE(asks.at(0).toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("confirm"));
        QCOMPARE(asks.at(0).toObject().value(QStringLiteral("prompt")).toString(), QStringLiteral("Send \"Hello, Ada\"?"));
        QCOMPARE(waiting.value(QStringLiteral("graph")).toString(), QStringLiteral("ask.yaml"));
        QVERIFY_API("/v1/runs/{id}", "get", server.request("GET", QStringLiteral("/v1/runs/") + id));

        // The stream, live: what happened so far, then the answer's consequences as they come.
        bool answered = false;
        const QList<QJsonObject> events = server.stream(id, 0, [&](const QJsonObject &e) {
            if (!answered && e.value(QStringLiteral("event")).toString() == QLatin1String("interaction.requested")) {
                answered = true;
                QTimer::singleShot(0, [&server, id] {
                    const Response a = server.post(QStringLiteral("/v1/runs/%1/answers").arg(id),
                                                   {{QStringLiteral("node"), QStringLiteral("approve")}, {QStringLiteral("answer"), true}});
                    QCOMPARE(a.status, 200);
                    QVERIFY_API("/v1/runs/{id}/answers", "post", a);
                });
            }
        });
        QVERIFY(answered);
        QCOMPARE(server.lastStreamType(), QByteArray("text/event-stream"));
        const QStringList seen = types(events);
        QCOMPARE(seen.first(), QStringLiteral("run.started"));
        QCOMPARE(seen.last(), QStringLiteral("run.finished"));
        QVERIFY2(seen.contains(QStringLiteral("interaction.answered")), qPrintable(seen.join(QLatin1Char(' '))));
        // The same JSON as a trace file's lines: the node and step of each event.
        const QJsonObject greetDone = *std::find_if(events.cbegin(), events.cend(), [](const QJsonObject &e) {
            return e.value(QStringLiteral("event")).toString() == QLatin1String("node.finished") && e.value(QStringLiteral("node")).toString() == QLatin1String("greet");
        });
        QVERIFY(greetDone.contains(QStringLiteral("step")));

        const QJsonObject done = server.waitFor(id, {QStringLiteral("finished")});
        QCOMPARE(done.value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
        const QJsonObject vars = done.value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject();
        QCOMPARE(vars.value(QStringLiteral("message")).toString(), QStringLiteral("Hello, Ada"));
        QCOMPARE(vars.value(QStringLiteral("sent")).toBool(), true);
        QCOMPARE(done.value(QStringLiteral("events")).toInteger(), qint64(events.size()));
        QVERIFY_API("/v1/runs/{id}", "get", server.request("GET", QStringLiteral("/v1/runs/") + id));

        // From Last-Event-ID: only what came after.
        const QList<QJsonObject> tail = server.stream(id, events.size() - 2);
        QCOMPARE(tail.size(), 2);
        QCOMPARE(types(tail).last(), QStringLiteral("run.finished"));

        // Listed, and filtered.
        const Response list = server.request("GET", QStringLiteral("/v1/runs?status=finished&graph=ask.yaml"));
        QCOMPARE(list.status, 200);
        QCOMPARE(list.json.value(QStringLiteral("total")).toInt(), 1);
        QVERIFY_API("/v1/runs", "get", list);
        QCOMPARE(list.json.value(QStringLiteral("runs")).toArray().at(0).toObject().value(QStringLiteral("id")).toString(), id);
        QCOMPARE(server.request("GET", QStringLiteral("/v1/runs?status=waiting")).json.value(QStringLiteral("total")).toInt(), 0);
        // An answer to a run that ended is refused, saying why.
        const Response late = server.post(QStringLiteral("/v1/runs/%1/answers").arg(id),
                                          {{QStringLiteral("node"), QStringLiteral("approve")}, {QStringLiteral("answer"), true}});
        QCOMPARE(late.status, 409);
        QVERIFY2(late.json.value(QStringLiteral("error")).toString().contains(QStringLiteral("has ended")), late.body.constData());
        QVERIFY_API("/v1/runs/{id}/answers", "post", late);
        const Response missing = server.request("GET", QStringLiteral("/v1/runs/no-such-run"));
        QCOMPARE(missing.status, 404);
        QVERIFY_API("/v1/runs/{id}", "get", missing);
    }

    void aRequestWaitsForItsRun()
    {
        QTemporaryDir dir;
        Server server(dir.filePath(QStringLiteral("runs.sqlite")), {QStringLiteral("--workers"), QStringLiteral("1")});
        QString why;
        QVERIFY2(server.start(&why), qPrintable(why));
        // Created and answered when it stands still: waiting for its question.
        QElapsedTimer t0;
        t0.start();
        const Response asked = server.post(QStringLiteral("/v1/runs?wait=30"), {{QStringLiteral("graph"), QStringLiteral("ask.yaml")},
                                                                                {QStringLiteral("input"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")}}}});
        QCOMPARE(asked.status, 201);
        const QString id = asked.json.value(QStringLiteral("id")).toString();
        QCOMPARE(asked.header("Location"), QByteArray("/v1/runs/") + id.toUtf8());
        QVERIFY2(t0.elapsed() < 5000, "answered when it stood still, not when the time was up");
        QCOMPARE(asked.json.value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
        QCOMPARE(asked.json.value(QStringLiteral("waiting")).toArray().at(0).toObject().value(QStringLiteral("node")).toString(), QStringLiteral("approve"));
        QVERIFY_API("/v1/runs", "post", asked);
        // A run that stands still is answered at once; once answered, the wait lasts until it ends.
        QElapsedTimer t;
        t.start();
        QCOMPARE(server.request("GET", QStringLiteral("/v1/runs/%1?wait=30").arg(id)).json.value(QStringLiteral("status")).toString(),
                 QStringLiteral("waiting"));
        QVERIFY2(t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(server.post(QStringLiteral("/v1/runs/%1/answers").arg(id), {{QStringLiteral("node"), QStringLiteral("approve")}, {QStringLiteral("answer"), true}}).status,
                 200);
        t.restart();
        const Response done = server.request("GET", QStringLiteral("/v1/runs/%1?wait=30").arg(id));
        QVERIFY2(t.elapsed() < 5000, "answered when it ended, not when the time was up");
        QCOMPARE(done.status, 200);
        QCOMPARE(done.json.value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
        QCOMPARE(done.json.value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject().value(QStringLiteral("message")).toString(),
                 QStringLiteral("Hello, Ada"));
        QVERIFY_API("/v1/runs/{id}", "get", done);

        // One slot: the first slow run (six steps of 150 ms) goes on, the next two are queued
        // and start in their turn; the third is waited for until it ends.
        QStringList slow;
        for (int n = 1; n <= 3; ++n) {
            const Response r = server.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("slow.yaml")},
                                                                        {QStringLiteral("input"), QJsonObject{{QStringLiteral("n"), n}}}});
            QCOMPARE(r.status, 201);
            QCOMPARE(r.json.value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
            slow << r.json.value(QStringLiteral("id")).toString();
        }
        // The time is up before the third has started (about 1.8 s away): the run as it is.
        t.restart();
        const Response early = server.request("GET", QStringLiteral("/v1/runs/%1?wait=1").arg(slow.at(2)));
        QCOMPARE(early.status, 200);
        QCOMPARE(early.json.value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
        QVERIFY2(t.elapsed() >= 900 && t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
        QVERIFY_API("/v1/runs/{id}", "get", early);
        const Response last = server.request("GET", QStringLiteral("/v1/runs/%1?wait=60").arg(slow.at(2)));
        QCOMPARE(last.json.value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
        QCOMPARE(last.json.value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject().value(QStringLiteral("total")).toInt(), 36);
        for (const QString &run : std::as_const(slow)) // ended one after the other, each once
            QCOMPARE(server.request("GET", QStringLiteral("/v1/runs/") + run).json.value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
        const QDateTime firstEnded = QDateTime::fromString(server.request("GET", QStringLiteral("/v1/runs/") + slow.at(0)).json.value(QStringLiteral("updated")).toString(), Qt::ISODateWithMs);
        const QDateTime lastEnded = QDateTime::fromString(last.json.value(QStringLiteral("updated")).toString(), Qt::ISODateWithMs);
        QVERIFY2(firstEnded.msecsTo(lastEnded) >= 1500, "one slot: the runs went one after the other");

        // ?q= finds runs by what they did: a variable's value in the final context (case
        // ignored), a node that only some graphs have; % and _ are themselves.
        const auto found = [&](const QString &q) {
            const Response r = server.request("GET", QStringLiteral("/v1/runs?q=") + QString::fromLatin1(QUrl::toPercentEncoding(q)));
            QStringList ids;
            for (const QJsonValue &v : r.json.value(QStringLiteral("runs")).toArray())
                ids << v.toObject().value(QStringLiteral("id")).toString();
            return ids;
        };
        QCOMPARE(found(QStringLiteral("hello, ADA")), QStringList{id});
        QCOMPARE(found(QStringLiteral("\"total\":36")), QStringList{slow.at(2)});
        QCOMPARE(found(QStringLiteral("approve")), QStringList{id});
        QCOMPARE(found(QStringLiteral("s6")).size(), 3);
        QVERIFY(found(QStringLiteral("appr%ve")).isEmpty());
        QVERIFY(found(QStringLiteral("approv_")).isEmpty());
        QCOMPARE(found(QString()).size(), 4);
        QVERIFY_API("/v1/runs", "get", server.request("GET", QStringLiteral("/v1/runs?q=approve")));

        // ?wait= takes 0 to 300 seconds.
        for (const char *bad : {"abc", "301", "-1"}) {
            const Response r = server.request("GET", QStringLiteral("/v1/runs/%1?wait=%2").arg(id, QLatin1String(bad)));
            QCOMPARE(r.status, 400);
            QVERIFY_API("/v1/runs/{id}", "get", r);
            QCOMPARE(server.post(QStringLiteral("/v1/runs?wait=%1").arg(QLatin1String(bad)), {{QStringLiteral("graph"), QStringLiteral("ask.yaml")}}).status, 400);
        }
    }

    void pauseStepBreakpointsAndCancel()
    {
        QTemporaryDir dir;
        Server server(dir.filePath(QStringLiteral("runs.sqlite")));
        QString why;
        QVERIFY2(server.start(&why), qPrintable(why));
        const QString id = server.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("ask")},
                                                                     {QStringLiteral("input"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Lin")}}}})
                               .json.value(QStringLiteral("id")).toString();
        QCOMPARE(server.waitFor(id, {QStringLiteral("waiting")}).value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
        // A breakpoint on done: the answer lets the run go on to it, where it stands paused.
        QCOMPARE(server.request("PUT", QStringLiteral("/v1/runs/%1/breakpoints").arg(id), R"({"nodes": ["done"]})").status, 200);
        QCOMPARE(server.request("PUT", QStringLiteral("/v1/runs/%1/breakpoints").arg(id), R"({"nodes": ["nope"]})").status, 409);
        QCOMPARE(server.post(QStringLiteral("/v1/runs/%1/answers").arg(id), {{QStringLiteral("node"), QStringLiteral("approve")}, {QStringLiteral("answer"), false}}).status, 200);
        QCOMPARE(server.waitFor(id, {QStringLiteral("paused")}).value(QStringLiteral("status")).toString(), QStringLiteral("paused"));
        // Paused: a variable changed, then one step runs done; the run stands paused again.
        QCOMPARE(server.request("PUT", QStringLiteral("/v1/runs/%1/variables").arg(id), R"({"name": "greet.text", "value": "Hi, Lin"})").status, 200);
        const Response stepped = server.post(QStringLiteral("/v1/runs/%1/step").arg(id), {});
        QCOMPARE(stepped.status, 200);
        QVERIFY_API("/v1/runs/{id}/step", "post", stepped);
        QElapsedTimer t;
        t.start();
        QJsonObject run;
        do {
            QTest::qWait(20);
            run = server.request("GET", QStringLiteral("/v1/runs/") + id).json;
        } while (run.value(QStringLiteral("steps")).toInt() < 4 && t.elapsed() < 10000);
        QCOMPARE(run.value(QStringLiteral("status")).toString(), QStringLiteral("paused"));
        // Resume: to the end, with the changed value.
        QCOMPARE(server.post(QStringLiteral("/v1/runs/%1/resume").arg(id), {}).status, 200);
        const QJsonObject done = server.waitFor(id, {QStringLiteral("finished")});
        QCOMPARE(done.value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
        QCOMPARE(done.value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject().value(QStringLiteral("message")).toString(),
                 QStringLiteral("Hi, Lin"));
        QCOMPARE(server.post(QStringLiteral("/v1/runs/%1/resume").arg(id), {}).status, 409);

        // Cancel a waiting run.
        const QString other = server.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("ask.yaml")},
                                                                        {QStringLiteral("input"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Bo")}}}})
                                  .json.value(QStringLiteral("id")).toString();
        QCOMPARE(server.waitFor(other, {QStringLiteral("waiting")}).value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
        QCOMPARE(server.post(QStringLiteral("/v1/runs/%1/cancel").arg(other), {}).status, 200);
        QCOMPARE(server.waitFor(other, {QStringLiteral("cancelled")}).value(QStringLiteral("status")).toString(), QStringLiteral("cancelled"));
    }

    void refusalsSayWhy()
    {
        QTemporaryDir dir;
        QFile token(dir.filePath(QStringLiteral("token")));
        QVERIFY(token.open(QIODevice::WriteOnly));
        token.write("s3cret-token\n");
        token.close();
        Server server(dir.filePath(QStringLiteral("runs.sqlite")), {QStringLiteral("--token-file"), token.fileName()});
        QString why;
        QVERIFY2(server.start(&why), qPrintable(why));
        // Without the token, or with another: 401, and the token never reaches the log. The
        // health check answers a probe without one, with its status alone.
        const Response probe = server.request("GET", QStringLiteral("/v1/health"), {}, QByteArray());
        QCOMPARE(probe.status, 200);
        QCOMPARE(probe.json, (QJsonObject{{QStringLiteral("status"), QStringLiteral("ok")}}));
        QVERIFY_API("/v1/health", "get", probe);
        QCOMPARE(server.request("GET", QStringLiteral("/v1/runs"), {}, QByteArray()).status, 401);
        const Response wrong = server.request("GET", QStringLiteral("/v1/runs"), {}, "s3cret-tokeN");
        QCOMPARE(wrong.status, 401);
        QCOMPARE(wrong.header("WWW-Authenticate"), QByteArray("Bearer"));
        QVERIFY_API("/v1/runs", "get", wrong);
        server.setToken("s3cret-token");
        QCOMPARE(server.request("GET", QStringLiteral("/v1/health")).status, 200);
        // A graph that does not lint: 422 with the findings, placed.
        const Response bad = server.post(QStringLiteral("/v1/runs"),
                                         {{QStringLiteral("graph_yaml"), QStringLiteral("graph:\n  id: x\n  nodes:\n    - {id: start, type: control.start}\n"
                                                                                       "    - {id: a, type: skill, skill_id: builtin.set}\n  edges:\n    - {from: start, to: a}\n")}});
        QCOMPARE(bad.status, 422);
        QVERIFY_API("/v1/runs", "post", bad);
        const QString findings = QString::fromUtf8(QJsonDocument(bad.json.value(QStringLiteral("findings")).toArray()).toJson());
        QVERIFY2(findings.contains(QStringLiteral("graph_yaml:")), qPrintable(findings));
        // YAML that is no graph: 422 too, line and column.
        const Response broken = server.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph_yaml"), QStringLiteral("graph: [")}});
        QCOMPARE(broken.status, 422);
        QVERIFY2(QJsonDocument(broken.json.value(QStringLiteral("findings")).toArray()).toJson().contains("graph_yaml:1:"), broken.body.constData());
        // A graph outside --graphs, or none: 404; both or neither of graph and graph_yaml: 400.
        QCOMPARE(server.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("../serve/ask.yaml/../../../tst_cli.cpp")}}).status, 404);
        QCOMPARE(server.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("/etc/passwd")}}).status, 404);
        const Response neither = server.post(QStringLiteral("/v1/runs"), {});
        QCOMPARE(neither.status, 400);
        QVERIFY_API("/v1/runs", "post", neither);
        QCOMPARE(server.request("POST", QStringLiteral("/v1/runs"), "{not json").status, 400);
        QCOMPARE(server.request("DELETE", QStringLiteral("/v1/runs")).status, 405);
        QCOMPARE(server.request("GET", QStringLiteral("/v2/anything")).status, 404);
        // A body above 1 MiB: 413, refused before it is read; the server goes on.
        const Response big = server.request("POST", QStringLiteral("/v1/runs"), QByteArray(2 << 20, ' ') + "{}");
        QCOMPARE(big.status, 413);
        QVERIFY_API("/v1/runs", "post", big);
        QCOMPARE(server.request("GET", QStringLiteral("/v1/health")).status, 200);
        // The same by hand: LF line endings, the headers in two writes, a huge Content-Length.
        {
            QTcpSocket raw;
            raw.connectToHost(QHostAddress::LocalHost, quint16(server.url(QString()).port()));
            QVERIFY(raw.waitForConnected(5000));
            raw.write("POST /v1/runs HTTP/1.1\nHost: x\nAuthorization: Bearer s3cret-token\n");
            raw.flush();
            QTest::qWait(100);
            raw.write("Content-Length: 2000000000\n\n{");
            raw.flush();
            QByteArray got;
            QElapsedTimer t;
            t.start();
            while (!got.contains("\r\n\r\n") && t.elapsed() < 10000 && raw.state() == QAbstractSocket::ConnectedState)
                if (raw.waitForReadyRead(200))
                    got += raw.readAll();
            QVERIFY2(got.startsWith("HTTP/1.1 413"), got.constData());
        }
        QCOMPARE(server.request("GET", QStringLiteral("/v1/health")).status, 200);
        QVERIFY(!server.log().contains("s3cret"));
        QVERIFY2(server.log().contains("capgraph serve: GET /v1/runs 401"), server.log().constData());
    }

    void aServerKilledMidRunGoesOnWhereItWas()
    {
        QTemporaryDir dir;
        const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
        QStringList ids;
        {
            Server first(store, {QStringLiteral("--workers"), QStringLiteral("4")});
            QString why;
            QVERIFY2(first.start(&why), qPrintable(why));
            for (int n = 1; n <= 3; ++n)
                ids << first.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("slow.yaml")},
                                                               {QStringLiteral("input"), QJsonObject{{QStringLiteral("n"), n}}}})
                           .json.value(QStringLiteral("id")).toString();
            ids << first.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("ask.yaml")},
                                                           {QStringLiteral("input"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Kim")}}}})
                       .json.value(QStringLiteral("id")).toString();
            // And one paused in the debugger (a breakpoint before done, reached after the answer).
            ids << first.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("ask.yaml")},
                                                           {QStringLiteral("input"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Pat")}}}})
                       .json.value(QStringLiteral("id")).toString();
            QCOMPARE(first.waitFor(ids.at(4), {QStringLiteral("waiting")}).value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
            QCOMPARE(first.request("PUT", QStringLiteral("/v1/runs/%1/breakpoints").arg(ids.at(4)), R"({"nodes": ["done"]})").status, 200);
            QCOMPARE(first.post(QStringLiteral("/v1/runs/%1/answers").arg(ids.at(4)), {{QStringLiteral("node"), QStringLiteral("approve")}, {QStringLiteral("answer"), true}}).status, 200);
            QCOMPARE(first.waitFor(ids.at(4), {QStringLiteral("paused")}).value(QStringLiteral("status")).toString(), QStringLiteral("paused"));
            // Some steps in: then killed, with no chance to save anything more.
            QElapsedTimer t;
            t.start();
            while (first.request("GET", QStringLiteral("/v1/runs/") + ids.first()).json.value(QStringLiteral("steps")).toInt() < 3 && t.elapsed() < 10000)
                QTest::qWait(20);
            QCOMPARE(first.request("GET", QStringLiteral("/v1/runs/") + ids.first()).json.value(QStringLiteral("status")).toString(), QStringLiteral("running"));
            QCOMPARE(first.waitFor(ids.at(3), {QStringLiteral("waiting")}).value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
            first.kill();
        }
        Server second(store, {QStringLiteral("--workers"), QStringLiteral("2")});
        QString why;
        QVERIFY2(second.start(&why), qPrintable(why));
        // One server per store: a second one on it is refused, saying why.
        QProcess third;
        third.start(QStringLiteral(CAPGRAPH_CLI), {QStringLiteral("serve"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                                                   QStringLiteral("--store"), store});
        QVERIFY(third.waitForFinished(10000));
        QCOMPARE(third.exitCode(), 2);
        QVERIFY2(third.readAllStandardError().contains("in use by another process"), "");
        QCOMPARE(second.waitFor(ids.at(3), {QStringLiteral("waiting")}).value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
        QCOMPARE(second.post(QStringLiteral("/v1/runs/%1/answers").arg(ids.at(3)), {{QStringLiteral("node"), QStringLiteral("approve")}, {QStringLiteral("answer"), true}}).status, 200);
        for (int n = 1; n <= 3; ++n) {
            const QJsonObject run = second.waitFor(ids.at(n - 1), {QStringLiteral("finished"), QStringLiteral("failed")});
            QCOMPARE(run.value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
            // As an uninterrupted run of the same graph and input has it.
            const QString again = second.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("slow.yaml")},
                                                                           {QStringLiteral("input"), QJsonObject{{QStringLiteral("n"), n}}}})
                                      .json.value(QStringLiteral("id")).toString();
            const QJsonObject clean = second.waitFor(again, {QStringLiteral("finished"), QStringLiteral("failed")});
            QCOMPARE(run.value(QStringLiteral("context")).toObject(), clean.value(QStringLiteral("context")).toObject());
            QCOMPARE(run.value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject().value(QStringLiteral("total")).toInt(), n * 10 + 6);
            // Its trace is whole: one run.started … run.finished, every event numbered once.
            const QList<QJsonObject> events = second.stream(ids.at(n - 1));
            QCOMPARE(types(events).count(QStringLiteral("run.finished")), 1);
            QCOMPARE(types(events).last(), QStringLiteral("run.finished"));
        }
        // The paused one stands paused (no step taken) until it is resumed.
        const QJsonObject paused = second.request("GET", QStringLiteral("/v1/runs/") + ids.at(4)).json;
        QCOMPARE(paused.value(QStringLiteral("status")).toString(), QStringLiteral("paused"));
        QTest::qWait(300);
        QCOMPARE(second.request("GET", QStringLiteral("/v1/runs/") + ids.at(4)).json.value(QStringLiteral("steps")).toInt(),
                 paused.value(QStringLiteral("steps")).toInt());
        QCOMPARE(second.post(QStringLiteral("/v1/runs/%1/resume").arg(ids.at(4)), {}).status, 200);
        QCOMPARE(second.waitFor(ids.at(4), {QStringLiteral("finished")}).value(QStringLiteral("context")).toObject()
                     .value(QStringLiteral("variables")).toObject().value(QStringLiteral("message")).toString(),
                 QStringLiteral("Hello, Pat"));
        const QJsonObject asked = second.waitFor(ids.at(3), {QStringLiteral("finished")});
        QCOMPARE(asked.value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject().value(QStringLiteral("message")).toString(),
                 QStringLiteral("Hello, Kim"));
    }

    void aRunsBreakpointsAreKeptWithIt()
    {
        QTemporaryDir dir;
        const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
        // A store of the previous version (no debug column): upgraded in place, its runs kept.
        QString old;
        {
            Server first(store);
            QString why;
            QVERIFY2(first.start(&why), qPrintable(why));
            old = first.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("ask")},
                                                          {QStringLiteral("input"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Old")}}}})
                      .json.value(QStringLiteral("id")).toString();
            QCOMPARE(first.waitFor(old, {QStringLiteral("waiting")}).value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
            first.stop();
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("downgrade"));
            db.setDatabaseName(store);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY2(q.exec(QStringLiteral("ALTER TABLE runs DROP COLUMN debug")), qPrintable(q.lastError().text()));
            QVERIFY(q.exec(QStringLiteral("UPDATE capgraph_store SET version = 2")));
            q.finish();
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("downgrade"));
        const QString id = [&] {
            Server server(store);
            QString why;
            if (!server.start(&why))
                return QString();
            // Given with the run: a breakpoint before done when the answer was yes, and a pause before the first node.
            const Response created = server.post(QStringLiteral("/v1/runs"),
                                                 {{QStringLiteral("graph"), QStringLiteral("ask")},
                                                  {QStringLiteral("input"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Ana")}}},
                                                  {QStringLiteral("breakpoints"), QJsonObject{{QStringLiteral("nodes"), QJsonArray{QStringLiteral("done")}},
                                                                                              {QStringLiteral("conditions"), QJsonObject{{QStringLiteral("done"), QStringLiteral("approve.answer == true")}}}}},
                                                  {QStringLiteral("pause"), true}});
            if (created.status != 201)
                return QString();
            const QString run = created.json.value(QStringLiteral("id")).toString();
            const QJsonObject paused = server.waitFor(run, {QStringLiteral("paused")});
            if (paused.value(QStringLiteral("status")).toString() != QLatin1String("paused") || paused.value(QStringLiteral("steps")).toInt() != 0)
                return QString();
            if (server.post(QStringLiteral("/v1/runs/%1/resume").arg(run), {}).status != 200
                || server.waitFor(run, {QStringLiteral("waiting")}).value(QStringLiteral("status")).toString() != QLatin1String("waiting"))
                return QString();
            // The graph the run runs, as it started with it.
            const Response graph = server.request("GET", QStringLiteral("/v1/runs/%1/graph").arg(run));
            QFile f(fixture("ask.yaml"));
            if (graph.status != 200 || !f.open(QIODevice::ReadOnly) || graph.json.value(QStringLiteral("graph_yaml")).toString().toUtf8() != f.readAll()
                || !openApiProblems(QStringLiteral("/v1/runs/{id}/graph"), "get", graph).isEmpty())
                return QString();
            server.kill(); // nothing more saved
            return run;
        }();
        QVERIFY(!id.isEmpty());
        Server second(store);
        QString why;
        QVERIFY2(second.start(&why), qPrintable(why));
        QCOMPARE(second.request("GET", QStringLiteral("/v1/runs/") + old).json.value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
        // Started again: the answer yes makes the kept breakpoint's condition hold, and it stops before done.
        QCOMPARE(second.waitFor(id, {QStringLiteral("waiting")}).value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
        QCOMPARE(second.post(QStringLiteral("/v1/runs/%1/answers").arg(id), {{QStringLiteral("node"), QStringLiteral("approve")}, {QStringLiteral("answer"), true}}).status, 200);
        QCOMPARE(second.waitFor(id, {QStringLiteral("paused")}).value(QStringLiteral("status")).toString(), QStringLiteral("paused"));
        const QList<QJsonObject> events = second.stream(id, 0, [&](const QJsonObject &e) {
            if (e.value(QStringLiteral("event")).toString() == QLatin1String("breakpoint.hit"))
                second.post(QStringLiteral("/v1/runs/%1/resume").arg(id), {});
        });
        QCOMPARE(types(events).count(QStringLiteral("breakpoint.hit")), 1);
        QCOMPARE(second.waitFor(id, {QStringLiteral("finished")}).value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
        // The same breakpoint when the answer is no: the condition does not hold, no stop.
        const QString no = second.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("ask")},
                                                                     {QStringLiteral("input"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Ben")}}},
                                                                     {QStringLiteral("breakpoints"), QJsonObject{{QStringLiteral("nodes"), QJsonArray{QStringLiteral("done")}},
                                                                                                                 {QStringLiteral("conditions"), QJsonObject{{QStringLiteral("done"), QStringLiteral("approve.answer == true")}}}}}})
                               .json.value(QStringLiteral("id")).toString();
        QCOMPARE(second.waitFor(no, {QStringLiteral("waiting")}).value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
        QCOMPARE(second.post(QStringLiteral("/v1/runs/%1/answers").arg(no), {{QStringLiteral("node"), QStringLiteral("approve")}, {QStringLiteral("answer"), false}}).status, 200);
        QCOMPARE(second.waitFor(no, {QStringLiteral("finished"), QStringLiteral("paused")}).value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
        // Set over the API, a condition is checked as an expression.
        const QString third = second.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("ask")},
                                                                        {QStringLiteral("input"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Cy")}}}})
                                  .json.value(QStringLiteral("id")).toString();
        QCOMPARE(second.waitFor(third, {QStringLiteral("waiting")}).value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
        const Response bad = second.request("PUT", QStringLiteral("/v1/runs/%1/breakpoints").arg(third), R"({"nodes": ["done"], "conditions": {"done": "1 +"}})");
        QCOMPARE(bad.status, 400);
        QVERIFY2(bad.json.value(QStringLiteral("error")).toString().contains(QStringLiteral("the condition for done is not an expression")), bad.body.constData());
        QCOMPARE(second.request("PUT", QStringLiteral("/v1/runs/%1/breakpoints").arg(third), R"({"nodes": ["done"], "conditions": {"greet": "true"}})").status, 409);
        const Response set = second.request("PUT", QStringLiteral("/v1/runs/%1/breakpoints").arg(third), R"({"nodes": ["done"], "conditions": {"done": "approve.answer == false"}})");
        QCOMPARE(set.status, 200);
        QVERIFY_API("/v1/runs/{id}/breakpoints", "put", set);
        QCOMPARE(second.post(QStringLiteral("/v1/runs/%1/answers").arg(third), {{QStringLiteral("node"), QStringLiteral("approve")}, {QStringLiteral("answer"), false}}).status, 200);
        QCOMPARE(second.waitFor(third, {QStringLiteral("paused")}).value(QStringLiteral("status")).toString(), QStringLiteral("paused"));
        QCOMPARE(second.post(QStringLiteral("/v1/runs/%1/cancel").arg(third), {}).status, 200);
        // Refused at once, saying why.
        const Response unknown = second.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("ask")},
                                                                           {QStringLiteral("breakpoints"), QJsonObject{{QStringLiteral("nodes"), QJsonArray{QStringLiteral("nope")}}}}});
        QCOMPARE(unknown.status, 422);
        QVERIFY2(unknown.json.value(QStringLiteral("findings")).toArray().first().toString().contains(QStringLiteral("'nope'")), unknown.body.constData());
        QCOMPARE(second.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("ask")}, {QStringLiteral("pause"), QStringLiteral("yes")}}).status, 400);
        QCOMPARE(second.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("ask")}, {QStringLiteral("name"), QStringLiteral("x")}}).status, 400);
        // A graph sent as text is listed under the name given.
        const QString named = second.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph_yaml"), QStringLiteral("graph:\n  id: tiny\n  nodes:\n    - {id: start, type: control.start}\n    - {id: end, type: control.end}\n  edges:\n    - {from: start, to: end}\n")},
                                                                        {QStringLiteral("name"), QStringLiteral("tiny.yaml")}})
                                  .json.value(QStringLiteral("id")).toString();
        QCOMPARE(second.waitFor(named, {QStringLiteral("finished")}).value(QStringLiteral("graph")).toString(), QStringLiteral("tiny.yaml"));
        QCOMPARE(second.request("GET", QStringLiteral("/v1/runs?graph=tiny.yaml")).json.value(QStringLiteral("total")).toInt(), 1);
    }

    void badOptionsAreRefused()
    {
        QProcess p;
        p.start(QStringLiteral(CAPGRAPH_CLI), {QStringLiteral("serve"), QStringLiteral("--listen"), QStringLiteral("0.0.0.0:0")});
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(p.readAllStandardError().contains("not a loopback address: give --token-file"), "");
        p.start(QStringLiteral(CAPGRAPH_CLI), {QStringLiteral("serve"), QStringLiteral("--listen"), QStringLiteral("nowhere")});
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 2);
        p.start(QStringLiteral(CAPGRAPH_CLI), {QStringLiteral("serve"), QStringLiteral("--lease"), QStringLiteral("0")});
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("--lease 0: expected seconds from 1 to 3600"));
        // A PostgreSQL store that is not there: said so, with the URL (no password in it).
        p.start(QStringLiteral(CAPGRAPH_CLI), {QStringLiteral("serve"), QStringLiteral("--store"),
                                               QStringLiteral("postgresql://someone:secret@/runs?host=/nonexistent-capgraph-socket")});
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 2);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.contains("postgresql://someone@/runs?host=/nonexistent-capgraph-socket: cannot open"), err.constData());
        QVERIFY2(!err.contains("secret"), err.constData());
    }

    // `capgraph run --debug-listen`: a run started on the command line is watched and driven
    // over the same API, as a client would a server's run: paused before its first node,
    // a breakpoint set, resumed, answered, stepped, its events streamed to the end.
    void aResumedRunIsDebuggedOverTheApi()
    {
        // A run that stopped waiting for an answer (exit 3, its checkpoint kept), resumed with
        // --debug-listen: it waits for its answer over the API, stops at a breakpoint set there,
        // and resumed over the API it ends as it would.
        QTemporaryDir dir;
        const QString checkpoint = dir.filePath(QStringLiteral("ask.checkpoint.json"));
        QProcess first;
        first.start(QStringLiteral(CAPGRAPH_CLI), {QStringLiteral("run"), fixture("ask.yaml"), QStringLiteral("--input"), QStringLiteral("{\"name\": \"Eve\"}"),
                                                   QStringLiteral("--checkpoint"), checkpoint, QStringLiteral("--quiet")});
        first.closeWriteChannel();
        QVERIFY(first.waitForFinished(20000));
        QCOMPARE(first.exitCode(), 3);
        QProcess resumed;
        resumed.start(QStringLiteral(CAPGRAPH_CLI), {QStringLiteral("resume"), checkpoint, QStringLiteral("--debug-listen"), QStringLiteral("127.0.0.1:0"),
                                                     QStringLiteral("--json")});
        QVERIFY(resumed.waitForStarted(10000));
        QByteArray err;
        const QRegularExpressionMatch m = debuggingAt(resumed, &err);
        QVERIFY2(m.hasMatch(), err.constData());
        const QString id = m.captured(2);
        const QString path = QStringLiteral("/v1/runs/") + id;
        Server client{QString()};
        client.useServerAt(m.captured(1).toInt());
        const QJsonObject waiting = client.waitFor(id, {QStringLiteral("waiting")});
        QCOMPARE(waiting.value(QStringLiteral("waiting")).toArray().at(0).toObject().value(QStringLiteral("prompt")).toString(),
                 QStringLiteral("Send \"Hello, Eve\"?"));
        QCOMPARE(client.request("PUT", path + QStringLiteral("/breakpoints"), R"({"nodes": ["done"]})").status, 200);
        QCOMPARE(client.post(path + QStringLiteral("/answers"), {{QStringLiteral("node"), QStringLiteral("approve")}, {QStringLiteral("answer"), true}}).status, 200);
        QCOMPARE(client.waitFor(id, {QStringLiteral("paused")}).value(QStringLiteral("status")).toString(), QStringLiteral("paused"));
        QCOMPARE(client.request("PUT", path + QStringLiteral("/variables"), R"({"name": "greet.text", "value": "Hi, Eve"})").status, 200);
        QCOMPARE(client.post(path + QStringLiteral("/resume"), {}).status, 200);
        QVERIFY(resumed.waitForFinished(20000));
        QCOMPARE(resumed.exitCode(), 0);
        const QJsonObject out = QJsonDocument::fromJson(resumed.readAllStandardOutput()).object();
        QCOMPARE(out.value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
        QCOMPARE(out.value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject().value(QStringLiteral("message")).toString(),
                 QStringLiteral("Hi, Eve"));
        // --debug-pause alone is refused, saying why.
        QProcess alone;
        alone.start(QStringLiteral(CAPGRAPH_CLI), {QStringLiteral("resume"), checkpoint, QStringLiteral("--debug-pause")});
        QVERIFY(alone.waitForFinished(10000));
        QCOMPARE(alone.exitCode(), 2);
        QVERIFY(alone.readAllStandardError().contains("--debug-pause goes with --debug-listen"));
    }

    void aCommandLineRunIsDebuggedOverTheApi()
    {
        QProcess run;
        run.start(QStringLiteral(CAPGRAPH_CLI), {QStringLiteral("run"), fixture("ask.yaml"), QStringLiteral("--input"), QStringLiteral("{\"name\": \"Ada\"}"),
                                                 QStringLiteral("--debug-listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--debug-pause")});
        QVERIFY(run.waitForStarted(10000));
        QByteArray err;
        const QRegularExpressionMatch m = debuggingAt(run, &err);
        QVERIFY2(m.hasMatch(), err.constData());
        const QString id = m.captured(2);
        const QString path = QStringLiteral("/v1/runs/") + id;
        Server client{QString()};
        client.useServerAt(m.captured(1).toInt());

        const Response first = client.request("GET", path);
        QCOMPARE(first.status, 200);
        QVERIFY_API("/v1/runs/{id}", "get", first);
        QCOMPARE(first.json.value(QStringLiteral("status")).toString(), QStringLiteral("paused"));
        QCOMPARE(first.json.value(QStringLiteral("steps")).toInt(), 0); // --debug-pause: before the first node
        QCOMPARE(client.request("GET", QStringLiteral("/v1/runs")).json.value(QStringLiteral("total")).toInt(), 1);
        const Response refused = client.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("ask.yaml")}});
        QCOMPARE(refused.status, 405);
        QVERIFY(refused.json.value(QStringLiteral("error")).toString().contains(QStringLiteral("capgraph serve starts runs")));

        QCOMPARE(client.request("PUT", path + QStringLiteral("/breakpoints"), R"({"nodes": ["done"]})").status, 200);
        QCOMPARE(client.post(path + QStringLiteral("/resume"), {}).status, 200);
        const QJsonObject waiting = client.waitFor(id, {QStringLiteral("waiting")});
        QCOMPARE(waiting.value(QStringLiteral("waiting")).toArray().at(0).toObject().value(QStringLiteral("prompt")).toString(),
                 QStringLiteral("Send \"Hello, Ada\"?"));
        const Response answered = client.post(path + QStringLiteral("/answers"), {{QStringLiteral("node"), QStringLiteral("approve")},
                                                                                  {QStringLiteral("answer"), true}});
        QCOMPARE(answered.status, 200);
        QCOMPARE(client.waitFor(id, {QStringLiteral("paused")}).value(QStringLiteral("status")).toString(), QStringLiteral("paused"));
        QCOMPARE(client.request("PUT", path + QStringLiteral("/variables"), R"({"name": "greet.text", "value": "Hi, Ada"})").status, 200);
        const int before = client.request("GET", path).json.value(QStringLiteral("steps")).toInt();
        QCOMPARE(client.post(path + QStringLiteral("/step"), {}).status, 200);
        QTRY_COMPARE_WITH_TIMEOUT(client.request("GET", path).json.value(QStringLiteral("steps")).toInt(), before + 1, 10000);
        QCOMPARE(client.request("GET", path).json.value(QStringLiteral("status")).toString(), QStringLiteral("paused"));
        // A stream from the start, open as the run is resumed to its end: it ends with the run,
        // and the command then exits as a run does.
        QTcpSocket stream;
        stream.connectToHost(QStringLiteral("127.0.0.1"), quint16(m.captured(1).toInt()));
        QVERIFY(stream.waitForConnected(5000));
        stream.write("GET " + path.toUtf8() + "/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        QByteArray streamed;
        QTRY_VERIFY_WITH_TIMEOUT((streamed += stream.readAll()).contains("run.paused"), 10000);
        QCOMPARE(client.post(path + QStringLiteral("/resume"), {}).status, 200);
        QElapsedTimer t;
        t.start();
        while (stream.state() == QAbstractSocket::ConnectedState && t.elapsed() < 20000) {
            stream.waitForReadyRead(100);
            streamed += stream.readAll();
        }
        streamed += stream.readAll();
        QVERIFY2(streamed.contains("\"event\":\"run.started\""), streamed.constData());
        QVERIFY2(streamed.contains("\"event\":\"run.finished\""), streamed.constData());
        QVERIFY2(streamed.endsWith("event: end\ndata: {}\n\n"), streamed.right(300).constData());
        QVERIFY(run.waitForFinished(20000));
        QCOMPARE(run.exitCode(), 0);
        const QByteArray out = run.readAllStandardOutput();
        QVERIFY2(out.contains("message = Hi, Ada"), out.constData()); // the variable changed while paused

        // A debugging port is for this machine only; it has no token.
        QProcess wide;
        wide.start(QStringLiteral(CAPGRAPH_CLI), {QStringLiteral("run"), fixture("ask.yaml"), QStringLiteral("--debug-listen"), QStringLiteral("0.0.0.0:0")});
        QVERIFY(wide.waitForFinished(10000));
        QCOMPARE(wide.exitCode(), 2);
        QVERIFY(wide.readAllStandardError().contains("a loopback address only"));
    }

    // Two servers on one throwaway PostgreSQL cluster share the work: any of them answers for
    // any run (a request for the other's run is carried out by the other; its events stream
    // from the store), each run is taken by exactly one, and when one is killed the other goes
    // on with its runs once their leases run out. 200 runs all finish, each once.
    void twoServersShareAPostgresStore()
    {
        PostgresCluster pg;
        QString why;
        QVERIFY2(pg.start(&why), qPrintable(why));
        const QStringList shared{QStringLiteral("--workers"), QStringLiteral("8"), QStringLiteral("--lease"), QStringLiteral("2")};
        Server a(pg.url(), shared), b(pg.url(), shared);
        QVERIFY2(a.start(&why), qPrintable(why + pg.log()));
        QVERIFY2(b.start(&why), qPrintable(why + pg.log()));
        const QJsonObject healthA = a.request("GET", QStringLiteral("/v1/health")).json;
        const QJsonObject healthB = b.request("GET", QStringLiteral("/v1/health")).json;
        QCOMPARE(healthA.value(QStringLiteral("store_kind")).toString(), QStringLiteral("postgresql"));
        const QString workerA = healthA.value(QStringLiteral("worker")).toString();
        const QString workerB = healthB.value(QStringLiteral("worker")).toString();
        QVERIFY(!workerA.isEmpty() && workerA != workerB);

        // A waiting run, answered and streamed through the server that does not hold it.
        const Response created = a.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("ask.yaml")},
                                                                     {QStringLiteral("input"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")}}}});
        QCOMPARE(created.status, 201);
        const QString asked = created.json.value(QStringLiteral("id")).toString();
        const QJsonObject waiting = b.waitFor(asked, {QStringLiteral("waiting")});
        QCOMPARE(waiting.value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
        QVERIFY_API("/v1/runs/{id}", "get", b.request("GET", QStringLiteral("/v1/runs/") + asked));
        const QString holder = waiting.value(QStringLiteral("worker")).toString();
        QVERIFY2(holder == workerA || holder == workerB, qPrintable(holder));
        Server &other = holder == workerA ? b : a;
        QJsonObject node = waiting.value(QStringLiteral("waiting")).toArray().at(0).toObject();
        const Response answered = other.post(QStringLiteral("/v1/runs/%1/answers").arg(asked),
                                             {{QStringLiteral("node"), node.value(QStringLiteral("node"))}, {QStringLiteral("answer"), QStringLiteral("yes")}});
        QCOMPARE(answered.status, 200);
        QVERIFY_API("/v1/runs/{id}/answers", "post", answered);
        const QList<QJsonObject> events = other.stream(asked);
        QVERIFY2(!events.isEmpty() && types(events).last() == QStringLiteral("run.finished"), qPrintable(types(events).join(u' ')));
        QCOMPARE(types(events).count(QStringLiteral("run.finished")), 1);
        // The other's verbs on an ended run say so, as the holder would.
        QCOMPARE(other.post(QStringLiteral("/v1/runs/%1/pause").arg(asked), {}).status, 409);

        // 200 runs, half sent to each; one server killed in the middle.
        QStringList ids;
        for (int i = 0; i < 200; ++i) {
            Server &to = i % 2 ? b : a;
            const Response r = to.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("slow.yaml")},
                                                                    {QStringLiteral("input"), QJsonObject{{QStringLiteral("n"), i}}}});
            QCOMPARE(r.status, 201);
            ids << r.json.value(QStringLiteral("id")).toString();
        }
        const auto count = [&](Server &server, const QString &status) {
            return server.request("GET", QStringLiteral("/v1/runs?graph=slow.yaml&limit=1&status=") + status).json.value(QStringLiteral("total")).toInt();
        };
        QElapsedTimer t;
        t.start();
        while (count(b, QStringLiteral("finished")) < 40 && t.elapsed() < 60000)
            QTest::qWait(50);
        QVERIFY2(count(b, QStringLiteral("finished")) >= 40, "the servers did not get through 40 runs in 60 s");
        // A stands still (SIGSTOP) past its lease: B takes its runs over; when A goes on, what
        // it would commit for them is refused (it no longer holds them), and it lets them go.
        QStringList stalled;
        for (const QJsonValue &v : b.request("GET", QStringLiteral("/v1/runs?graph=slow.yaml&status=running&limit=500")).json.value(QStringLiteral("runs")).toArray())
            if (v.toObject().value(QStringLiteral("worker")).toString() == workerA)
                stalled << v.toObject().value(QStringLiteral("id")).toString();
        QVERIFY2(!stalled.isEmpty(), "the first server held no running run");
        a.signal(SIGSTOP);
        QTest::qWait(4500); // past its 2 s lease, and B's next ticks
        a.signal(SIGCONT);
        // A finds out at its next renewal or commit (a few hundred ms after it goes on).
        QByteArray logA;
        QTRY_VERIFY2_WITH_TIMEOUT((logA = a.log()).contains("is held by another server now"), logA.constData(), 20000);
        QVERIFY2(!logA.contains("cannot commit"), logA.constData()); // (refused as not its own, not by chance)
        // A server that holds running runs now is killed (A, when it holds some; B, when it
        // took the rest of the queue while A stood still): the other takes these over.
        QStringList heldByVictim;
        Server *victim = nullptr;
        Server *survivor = nullptr;
        QString survivorName;
        const auto pickVictim = [&] {
            QHash<QString, QStringList> byWorker;
            const QJsonArray going = a.request("GET", QStringLiteral("/v1/runs?graph=slow.yaml&status=running&limit=500")).json.value(QStringLiteral("runs")).toArray();
            for (const QJsonValue &v : going)
                byWorker[v.toObject().value(QStringLiteral("worker")).toString()] << v.toObject().value(QStringLiteral("id")).toString();
            const bool aHolds = !byWorker.value(workerA).isEmpty();
            if (!aHolds && byWorker.value(workerB).isEmpty())
                return false;
            victim = aHolds ? &a : &b;
            survivor = aHolds ? &b : &a;
            survivorName = aHolds ? workerB : workerA;
            heldByVictim = byWorker.value(aHolds ? workerA : workerB);
            return true;
        };
        const auto whatASaid = [&] { // its log without the requests' lines, for a failure's message
            QByteArray out;
            for (const QByteArray &line : a.log().split('\n'))
                if (!line.contains(" /v1/"))
                    out += line + '\n';
            return out.right(900); // (QtTest keeps about a thousand characters of a message)
        };
        QTRY_VERIFY2_WITH_TIMEOUT(pickVictim(), whatASaid().constData(), 60000);
        victim->kill();
        t.restart();
        while (count(*survivor, QStringLiteral("finished")) < 200 && t.elapsed() < 120000)
            QTest::qWait(200);
        QCOMPARE(count(*survivor, QStringLiteral("finished")), 200);
        int stalledTakenOver = 0;
        for (int i = 0; i < ids.size(); ++i) {
            const QJsonObject run = survivor->request("GET", QStringLiteral("/v1/runs/") + ids.at(i)).json;
            QCOMPARE(run.value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
            QCOMPARE(run.value(QStringLiteral("context")).toObject().value(QStringLiteral("variables")).toObject().value(QStringLiteral("total")).toInt(),
                     i * 10 + 6);
            if (heldByVictim.contains(ids.at(i))) // the victim is dead: the survivor finished them
                QCOMPARE(run.value(QStringLiteral("worker")).toString(), survivorName);
            // (A stalled run B did not get to before A went on stays A's: A renews it.)
            if (stalled.contains(ids.at(i)) && run.value(QStringLiteral("worker")).toString() == workerB)
                ++stalledTakenOver;
            // Each run ended once: one run.finished in its events, numbered 1… without a gap.
            const QList<QJsonObject> trace = survivor->stream(ids.at(i));
            QCOMPARE(types(trace).count(QStringLiteral("run.finished")), 1);
            QCOMPARE(qint64(trace.size()), qint64(run.value(QStringLiteral("events")).toInteger()));
        }
        if (victim == &a) // (B, killed, may have left them to A again)
            QVERIFY2(stalledTakenOver > 0, "no run of the stalled server was taken over");
        const QByteArray logSurvivor = survivor->log();
        QVERIFY2(!logSurvivor.contains("cannot commit"), logSurvivor.constData());

        // A server stopped (SIGTERM) lets go of its runs: the others go on with them at once,
        // long before its lease (60 s) would run out.
        Server c(pg.url(), {QStringLiteral("--lease"), QStringLiteral("60")});
        QVERIFY2(c.start(&why), qPrintable(why));
        const QString workerC = c.request("GET", QStringLiteral("/v1/health")).json.value(QStringLiteral("worker")).toString();
        a.stop(); // (so that the run is C's)
        b.stop();
        const QString kept = c.post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("ask.yaml")},
                                                                 {QStringLiteral("input"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Kim")}}}})
                                 .json.value(QStringLiteral("id")).toString();
        QCOMPARE(c.waitFor(kept, {QStringLiteral("waiting")}).value(QStringLiteral("worker")).toString(), workerC);
        QVERIFY2(b.start(&why), qPrintable(why));
        const QString workerB2 = b.request("GET", QStringLiteral("/v1/health")).json.value(QStringLiteral("worker")).toString();
        QVERIFY(!workerB2.isEmpty() && workerB2 != workerB);
        c.stop();
        t.restart();
        QJsonObject moved;
        while (t.elapsed() < 10000) {
            moved = b.request("GET", QStringLiteral("/v1/runs/") + kept).json;
            if (moved.value(QStringLiteral("worker")).toString() == workerB2)
                break;
            QTest::qWait(50);
        }
        QCOMPARE(moved.value(QStringLiteral("worker")).toString(), workerB2);
        QCOMPARE(moved.value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
        node = moved.value(QStringLiteral("waiting")).toArray().at(0).toObject();
        QCOMPARE(b.post(QStringLiteral("/v1/runs/%1/answers").arg(kept),
                        {{QStringLiteral("node"), node.value(QStringLiteral("node"))}, {QStringLiteral("answer"), QStringLiteral("yes")}})
                     .status,
                 200);
        QCOMPARE(b.waitFor(kept, {QStringLiteral("finished")}).value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
    }
};

QTEST_MAIN(TestServe)
#include "tst_serve.moc"
