// Negotiated plans (seed 004), headless: every shape a plan travels in, the merge of
// prerequisites and topology.edges, the validator's findings with their lines, cycles,
// garbage that must never crash, the topology the viewer asks about, the SSE parser with
// chunks cut at every byte, PlanSource against a real local HTTP server (a QTcpServer here),
// and `capgraph plan check|render`.
#include "plan/PlanReader.h"
#include "plan/PlanSource.h"
#include "plan/PlanTopology.h"
#include "plan/SseParser.h"
#include "support/ChunkedHttpServer.h"
#include "support/CliRun.h"
#include "support/TimeBounds.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>
#include <QXmlStreamReader>
#include <QtTest>

using namespace capgraph;

namespace {
QString example(const char *name)
{
    return QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/plans/") + QLatin1String(name);
}

QString fixture(const char *name)
{
    return QStringLiteral(CAPGRAPH_FIXTURES_DIR "/plans/") + QLatin1String(name);
}

QByteArray bytesOf(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

QStringList codes(const Diagnostics &ds)
{
    QStringList out;
    for (const Diagnostic &d : ds)
        out << d.code;
    return out;
}

const Diagnostic *find(const Diagnostics &ds, const QString &code, const QString &taskId = QString())
{
    for (const Diagnostic &d : ds)
        if (d.code == code && (taskId.isEmpty() || d.nodeId == taskId))
            return &d;
    return nullptr;
}

QStringList ids(const Plan &plan, const QList<int> &tasks)
{
    QStringList out;
    for (int t : tasks)
        out << plan.tasks.at(t).id;
    return out;
}

QStringList ids(const Plan &plan, const QSet<int> &tasks)
{
    QList<int> sorted(tasks.cbegin(), tasks.cend());
    std::sort(sorted.begin(), sorted.end());
    return ids(plan, sorted);
}

CliRun cli(const QStringList &args) { return runCapgraph(args); }
} // namespace

class TestPlan : public QObject
{
    Q_OBJECT

private slots:
    void theSeedPlanAsWritten()
    {
        const PlanLoadResult r = PlanReader::readFile(example("seed-plan.json"));
        QVERIFY2(r.ok(), qPrintable(r.errorText()));
        const Plan &p = *r.plan;
        QVERIFY(p.hasPlanJson);
        QCOMPARE(p.summary, QStringLiteral("一句话总结协商结果"));
        QCOMPARE(p.participants.size(), 1);
        QCOMPARE(p.participants.first().avatarColor, QStringLiteral("#F9A87C"));
        QCOMPARE(p.tasks.size(), 3);
        QCOMPARE(p.tasks.at(2).prerequisites, (QStringList{QStringLiteral("task_1"), QStringLiteral("task_2")}));
        // Both dependencies stated twice (prerequisites and topology.edges): merged, once each.
        QCOMPARE(p.dependencies.size(), 2);
        for (const PlanDependency &d : p.dependencies)
            QVERIFY(d.inPrerequisites && d.inTopology);
        // The seed's own example assigns task_2 to an agent it does not list: a warning at
        // the task's line, nothing worse.
        QCOMPARE(codes(r.diagnostics), QStringList{QStringLiteral("unknown-assignee")});
        const Diagnostic *d = find(r.diagnostics, QStringLiteral("unknown-assignee"), QStringLiteral("task_2"));
        QVERIFY(d);
        QCOMPARE(d->line, 20);
        QCOMPARE(d->column, 5);
        QCOMPARE(d->severity, Severity::Warning);
    }

    void everyShapeAPlanTravelsIn()
    {
        // A plan.ready envelope with all its fields.
        PlanLoadResult r = PlanReader::readFile(example("health-app.plan-ready.json"));
        QVERIFY(r.ok());
        QCOMPARE(r.plan->tasks.size(), 12);
        QCOMPARE(r.plan->centerRounds, std::optional<int>(3));
        QCOMPARE(r.plan->participatingAgents.size(), 4);
        QVERIFY(r.plan->planText.startsWith(QStringLiteral("健康追踪 App 首版计划")));
        QVERIFY(r.diagnostics.isEmpty());
        // The event itself, with plan_json sent as a JSON string.
        r = PlanReader::readFile(fixture("event-wrapper.json"));
        QVERIFY(r.ok());
        QVERIFY(r.plan->hasPlanJson);
        QCOMPARE(r.plan->tasks.size(), 3);
        QCOMPARE(r.plan->planText, QStringLiteral("t"));
        // No plan_json: the text alone, no error.
        r = PlanReader::readFile(fixture("text-only.json"));
        QVERIFY(r.ok());
        QVERIFY(!r.plan->hasPlanJson);
        QCOMPARE(r.plan->planText, QStringLiteral("先搭框架，再联调。"));
        QCOMPARE(r.plan->participatingAgents, QStringList{QStringLiteral("agent_abc123")});
        QVERIFY(!hasErrors(r.diagnostics));
        // plan_json: null is the same as none; numbers as ids are ids.
        r = PlanReader::parse(R"({"plan_text": "p", "plan_json": null})");
        QVERIFY(r.ok() && !r.plan->hasPlanJson);
        r = PlanReader::parse(R"({"tasks": [{"id": 1, "title": "a", "assignee_id": "x"}, {"id": 2, "title": "b", "assignee_id": "x", "prerequisites": [1]}]})");
        QVERIFY(r.ok());
        QCOMPARE(r.plan->tasks.at(1).prerequisites, QStringList{QStringLiteral("1")});
        // Another event is not a plan.
        r = PlanReader::parse(R"({"event_type": "offer.received", "data": {"agent_id": "a"}})");
        QVERIFY(!r.ok());
        QVERIFY(r.errorText().contains(QStringLiteral("offer.received")));
    }

    void problemsAreFoundWhereTheyAre()
    {
        const PlanLoadResult r = PlanReader::readFile(fixture("problems.json"));
        QVERIFY(r.ok()); // shown as far as it can be
        const Diagnostics &ds = r.diagnostics;
        const Diagnostic *dup = find(ds, QStringLiteral("duplicate-task-id"));
        QVERIFY(dup);
        QCOMPARE(dup->severity, Severity::Error);
        QCOMPARE(dup->line, 49);
        QVERIFY2(dup->message.contains(QStringLiteral("here at 49:")) && dup->message.contains(QStringLiteral("first at 20:")), qPrintable(dup->message));
        QCOMPARE(r.plan->tasks.at(dup->taskIndex).line, 49); // the duplicate, not the first task of the id
        QVERIFY(find(ds, QStringLiteral("unknown-prerequisite"), QStringLiteral("task_4")));
        QVERIFY(find(ds, QStringLiteral("unknown-prerequisite"), QStringLiteral("task_4"))->message.contains(QStringLiteral("task_9")));
        QVERIFY(find(ds, QStringLiteral("unknown-assignee"), QStringLiteral("task_4")));
        QVERIFY(find(ds, QStringLiteral("unknown-status"), QStringLiteral("task_4")));
        // The documented merge rule: topology-only edges are drawn and reported, and so are
        // prerequisites the topology leaves out (as notes).
        const Diagnostic *extra = find(ds, QStringLiteral("edge-not-in-prerequisites"), QStringLiteral("task_2"));
        QVERIFY(extra);
        QCOMPARE(extra->severity, Severity::Warning);
        QVERIFY(find(ds, QStringLiteral("prerequisite-not-in-edges"), QStringLiteral("task_4")));
        const PlanTopology t(*r.plan);
        QVERIFY(t.edges().contains(qMakePair(0, 1))); // task_1 → task_2, from the topology only
        QCOMPARE(t.edges().size(), 4);
        // Self-dependencies and edges to nowhere.
        const PlanLoadResult s = PlanReader::parse(
            R"({"participants": [{"agent_id": "a", "display_name": "A", "avatar_color": "blue-ish"}],
                "tasks": [{"id": "x", "title": "X", "assignee_id": "a", "prerequisites": ["x"]}],
                "topology": {"edges": [{"from": "x", "to": "y"}]}})");
        QVERIFY(find(s.diagnostics, QStringLiteral("self-prerequisite")));
        QVERIFY(find(s.diagnostics, QStringLiteral("unknown-edge-end")));
        QVERIFY(find(s.diagnostics, QStringLiteral("bad-color")));
        QVERIFY(PlanTopology(*s.plan).isAcyclic()); // a self-loop is reported, not a cycle to fall back on
    }


    void aPlanJsonStringKeepsItsPlaces()
    {
        // plan_json sent as a JSON string (as a tool call may): every finding is placed where
        // the string spells that part of the plan, in the file, escapes and all.
        const QJsonObject plan{{QStringLiteral("summary"), QStringLiteral("s")},
                               {QStringLiteral("participants"), QJsonArray{QJsonObject{{QStringLiteral("agent_id"), QStringLiteral("a")},
                                                                                       {QStringLiteral("display_name"), QStringLiteral(u"甲")},
                                                                                       {QStringLiteral("role_in_plan"), QStringLiteral("r")}}}},
                               {QStringLiteral("tasks"), QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("t1")},
                                                                                {QStringLiteral("title"), QStringLiteral(u"第一 \"引号\"")},
                                                                                {QStringLiteral("assignee_id"), QStringLiteral("a")}},
                                                                    QJsonObject{{QStringLiteral("id"), QStringLiteral("t2")},
                                                                                {QStringLiteral("title"), QStringLiteral(u"二")},
                                                                                {QStringLiteral("assignee_id"), QStringLiteral("b")}},
                                                                    QJsonObject{{QStringLiteral("id"), QStringLiteral("t1")},
                                                                                {QStringLiteral("title"), QStringLiteral(u"重复")},
                                                                                {QStringLiteral("assignee_id"), QStringLiteral("a")}}}}};
        const QString inner = QString::fromUtf8(QJsonDocument(plan).toJson(QJsonDocument::Indented));
        const QByteArray file = QJsonDocument(QJsonObject{{QStringLiteral("event_type"), QStringLiteral("plan.ready")},
                                                          {QStringLiteral("data"), QJsonObject{{QStringLiteral("plan_text"), QStringLiteral("x")},
                                                                                               {QStringLiteral("plan_json"), inner}}}})
                                    .toJson(QJsonDocument::Indented);
        const PlanLoadResult r = PlanReader::parse(file, QStringLiteral("string.json"));
        QVERIFY(r.ok());
        QCOMPARE(r.plan->tasks.size(), 3);
        // Where the file spells each task: its "{" inside the string (after the escaped
        // newline and indentation), found by counting the third, fourth … '{' of the string.
        const QString text = QString::fromUtf8(file);
        const auto placeOfBrace = [&](int nth) {
            const qsizetype start = text.indexOf(QStringLiteral("\"plan_json\""));
            qsizetype at = start;
            for (int k = 0; k < nth; ++k)
                at = text.indexOf(QLatin1Char('{'), at + 1);
            const QString before = text.left(at);
            return QPair<int, int>(int(before.count(QLatin1Char('\n'))) + 1, int(at - before.lastIndexOf(QLatin1Char('\n'))));
        };
        // Braces in the string: the plan (1), the participant (2), then the tasks (3, 4, 5).
        for (int t = 0; t < 3; ++t) {
            const auto [line, column] = placeOfBrace(3 + t);
            QCOMPARE(r.plan->tasks.at(t).line, line);
            QCOMPARE(r.plan->tasks.at(t).column, column);
        }
        const Diagnostic *dup = find(r.diagnostics, QStringLiteral("duplicate-task-id"));
        QVERIFY(dup);
        QCOMPARE(dup->taskIndex, 2);
        QCOMPARE(dup->line, r.plan->tasks.at(2).line);
        QCOMPARE(dup->column, r.plan->tasks.at(2).column);
        QVERIFY2(dup->message.contains(QStringLiteral("first at %1:%2").arg(r.plan->tasks.at(0).line).arg(r.plan->tasks.at(0).column)),
                 qPrintable(dup->message));
        const Diagnostic *who = find(r.diagnostics, QStringLiteral("unknown-assignee"), QStringLiteral("t2"));
        QVERIFY(who);
        QCOMPARE(who->line, r.plan->tasks.at(1).line);
        QVERIFY(who->line > 1 && who->column > 1);
        // Broken JSON inside the string: placed at the fault, inside the string.
        QString broken = inner;
        broken.replace(QStringLiteral("\"assignee_id\": \"b\""), QStringLiteral("\"assignee_id\" \"b\""));
        const QByteArray badFile = QJsonDocument(QJsonObject{{QStringLiteral("plan_text"), QStringLiteral("x")}, {QStringLiteral("plan_json"), broken}})
                                       .toJson(QJsonDocument::Indented);
        const PlanLoadResult bad = PlanReader::parse(badFile, QStringLiteral("bad.json"));
        const Diagnostic *syntax = find(bad.diagnostics, QStringLiteral("json-syntax"));
        QVERIFY(syntax);
        const QString badText = QString::fromUtf8(badFile);
        const qsizetype fault = badText.indexOf(QStringLiteral("\\\"assignee_id\\\" \\\"b"));
        QVERIFY(fault > 0);
        const QString upTo = badText.left(fault);
        QCOMPARE(syntax->line, int(upTo.count(QLatin1Char('\n'))) + 1);
        QVERIFY2(std::abs(syntax->column - int(fault - upTo.lastIndexOf(QLatin1Char('\n')))) < 30,
                 qPrintable(QStringLiteral("%1:%2").arg(syntax->line).arg(syntax->column)));
    }
    void cyclesNameTheirTasks()
    {
        PlanLoadResult r = PlanReader::readFile(fixture("cycle.json"));
        QVERIFY(r.ok());
        PlanTopology t(*r.plan);
        QCOMPARE(t.cycles().size(), 1);
        QCOMPARE(t.cycles().first(), (QStringList{QStringLiteral("task_1"), QStringLiteral("task_3"), QStringLiteral("task_1")}));
        QVERIFY(t.criticalPath().isEmpty());
        QVERIFY(find(r.diagnostics, QStringLiteral("cycle"))->message.contains(QStringLiteral("task_1 → task_3 → task_1")));
        // Two separate cycles, one of three tasks: both reported, each as a closed walk.
        r = PlanReader::parse(R"({"tasks": [
            {"id": "a", "title": "a", "assignee_id": "p", "prerequisites": ["c"]},
            {"id": "b", "title": "b", "assignee_id": "p", "prerequisites": ["a"]},
            {"id": "c", "title": "c", "assignee_id": "p", "prerequisites": ["b"]},
            {"id": "d", "title": "d", "assignee_id": "p", "prerequisites": ["e"]},
            {"id": "e", "title": "e", "assignee_id": "p", "prerequisites": ["d"]},
            {"id": "f", "title": "f", "assignee_id": "p", "prerequisites": ["a", "d"]}]})");
        const PlanTopology two(*r.plan);
        QCOMPARE(two.cycles().size(), 2);
        QCOMPARE(two.cycles().at(0), (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("a")}));
        QCOMPARE(two.cycles().at(1), (QStringList{QStringLiteral("d"), QStringLiteral("e"), QStringLiteral("d")}));
        // A 5,000-task chain: no recursion to run out of stack.
        Plan chain;
        chain.hasPlanJson = true;
        for (int i = 0; i < 5000; ++i) {
            PlanTask task;
            task.id = QString::number(i);
            if (i > 0)
                task.prerequisites << QString::number(i - 1);
            chain.tasks.append(task);
            if (i > 0)
                chain.dependencies.append(PlanDependency{QString::number(i - 1), QString::number(i), true, false});
        }
        chain.dependencies.append(PlanDependency{QStringLiteral("4999"), QStringLiteral("0"), false, true});
        const PlanTopology big(chain);
        QCOMPARE(big.cycles().size(), 1);
        QCOMPARE(big.cycles().first().size(), 5001);
    }

    void garbageNeverCrashes_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("1:1: error: the file is empty");
        QTest::newRow("spaces") << QByteArray("  \n ") << QStringLiteral("the file is empty");
        QTest::newRow("array") << QByteArray("[1, 2]") << QStringLiteral("not an array");
        QTest::newRow("scalar") << QByteArray("42") << QStringLiteral("malformed JSON");
        QTest::newRow("other object") << QByteArray(R"({"nodes": []})") << QStringLiteral("expected a plan_json");
        QTest::newRow("binary") << QByteArray("\x00\xff\xfe{", 4) << QStringLiteral("malformed JSON");
        QTest::newRow("tasks not a list") << QByteArray(R"({"tasks": {"id": "x"}})") << QStringLiteral("'tasks' should be an array, not an object");
    }

    void garbageNeverCrashes()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        const PlanLoadResult r = PlanReader::parse(bytes, QStringLiteral("g.json"));
        QString all;
        for (const Diagnostic &d : r.diagnostics)
            all += d.format() + QLatin1Char('\n');
        QVERIFY2(all.contains(expected), qPrintable(all));
    }

    void truncatedAndMutatedPlans()
    {
        // Every prefix of a real plan, and 300 random byte flips of it: an answer every time,
        // errors with a line, and the plan_text rescued when the JSON breaks after it.
        const QByteArray whole = bytesOf(example("health-app.plan-ready.json"));
        int rescued = 0;
        for (qsizetype n = 0; n < whole.size(); n += 3) {
            const PlanLoadResult r = PlanReader::parse(whole.left(n));
            QVERIFY(!r.ok());
            QVERIFY(r.diagnostics.first().line >= 1);
            rescued += !r.recoveredText.isEmpty();
        }
        QVERIFY(rescued > 0);
        QRandomGenerator random(20261123);
        for (int k = 0; k < 300; ++k) {
            QByteArray b = whole;
            for (int f = 0; f < 3; ++f)
                b[random.bounded(int(b.size()))] = char(random.bounded(256));
            const PlanLoadResult r = PlanReader::parse(b);
            if (r.ok())
                PlanTopology(*r.plan).criticalPath();
        }
        const PlanLoadResult m = PlanReader::readFile(fixture("malformed.json"));
        QVERIFY(!m.ok());
        QCOMPARE(m.diagnostics.first().line, 5);
        QCOMPARE(m.diagnostics.first().column, 38);
        QCOMPARE(m.recoveredText, QStringLiteral("x"));
    }

    void topologyAnswersTheViewer()
    {
        const PlanLoadResult r = PlanReader::readFile(example("health-app.plan-ready.json"));
        const Plan &p = *r.plan;
        const PlanTopology t(p);
        const int t7 = p.taskIndex(QStringLiteral("task_7"));
        QCOMPARE(ids(p, t.predecessors(t7)), (QStringList{QStringLiteral("task_6"), QStringLiteral("task_4")}));
        QCOMPARE(ids(p, t.successors(t7)), QStringList{QStringLiteral("task_11")});
        QCOMPARE(ids(p, t.ancestors(t7)),
                 (QStringList{QStringLiteral("task_1"), QStringLiteral("task_3"), QStringLiteral("task_4"), QStringLiteral("task_6")}));
        QCOMPARE(ids(p, t.descendants(t7)), (QStringList{QStringLiteral("task_11"), QStringLiteral("task_12")}));
        QCOMPARE(ids(p, t.criticalPath()), (QStringList{QStringLiteral("task_2"), QStringLiteral("task_5"), QStringLiteral("task_8"),
                                                        QStringLiteral("task_9"), QStringLiteral("task_11"), QStringLiteral("task_12")}));
        const PlanRollup roll = t.rollup();
        QCOMPARE(roll.total, 12);
        QCOMPARE(roll.done, 5);
        QCOMPARE(roll.inProgress, 2);
        QCOMPARE(roll.blocked, 4); // task_7, task_9, task_11, task_12 wait for unfinished work
        QCOMPARE(roll.ready, 1);   // task_8: its prerequisites are done
        QCOMPARE(roll.text(), QStringLiteral("5 of 12 done, 2 in progress, 4 blocked, 1 ready to start"));
    }

    void sseChunksCutAnywhere()
    {
        // The recorded negotiation, in CRLF, CR and LF line ends, with a BOM, cut into two
        // chunks at every byte: the same events every time.
        const QByteArray lf = "\xEF\xBB\xBF" + bytesOf(example("negotiation.sse")) + "data: line 1\ndata: line 2\nid: 42\nretry: 1500\n\n";
        QByteArray crlf = lf;
        crlf.replace("\n", "\r\n");
        QByteArray cr = lf;
        cr.replace("\n", "\r");
        SseParser whole;
        const QList<SseEvent> expected = whole.feed(lf);
        QCOMPARE(expected.size(), 11);
        QCOMPARE(expected.first().type, QStringLiteral("formulation.ready"));
        QCOMPARE(expected.at(9).type, QStringLiteral("plan.ready"));
        QCOMPARE(expected.last().type, QStringLiteral("message"));
        QCOMPARE(expected.last().data, QStringLiteral("line 1\nline 2"));
        QCOMPARE(expected.last().id, QStringLiteral("42"));
        QCOMPARE(whole.retryMs(), 1500);
        const auto same = [](const QList<SseEvent> &a, const QList<SseEvent> &b) {
            if (a.size() != b.size())
                return false;
            for (qsizetype i = 0; i < a.size(); ++i)
                if (a.at(i).type != b.at(i).type || a.at(i).data != b.at(i).data || a.at(i).id != b.at(i).id)
                    return false;
            return true;
        };
        for (const QByteArray &stream : {lf, crlf, cr}) {
            for (qsizetype cut = 0; cut <= stream.size(); ++cut) {
                SseParser p;
                QList<SseEvent> got = p.feed(stream.left(cut));
                got += p.feed(stream.mid(cut));
                QVERIFY2(same(got, expected), qPrintable(QStringLiteral("cut at %1 of %2").arg(cut).arg(stream.size())));
            }
        }
        // One byte at a time, multi-byte characters included.
        SseParser bytewise;
        QList<SseEvent> got;
        for (char c : crlf)
            got += bytewise.feed(QByteArray(1, c));
        QVERIFY(same(got, expected));
        QVERIFY(PlanSource::isPlanReady(expected.at(9)));
        QVERIFY(!PlanSource::isPlanReady(expected.first()));
        // Comments and an unterminated last event are not events.
        SseParser tail;
        QVERIFY(tail.feed(": keep-alive\n\ndata: half").isEmpty());
        tail.finish();
        QVERIFY(tail.feed("\n").isEmpty());
    }

    void streamFromALocalServer()
    {
        // The negotiation as text/event-stream, 7 bytes every 2 ms: the timeline and then the
        // plan, read as it arrives.
        ChunkedHttpServer server;
        server.response = httpResponse("200 OK", "text/event-stream; charset=utf-8", bytesOf(example("negotiation.sse")), false);
        PlanSource source;
        QSignalSpy events(&source, &PlanSource::eventReceived);
        QSignalSpy plans(&source, &PlanSource::planReceived);
        QSignalSpy failed(&source, &PlanSource::failed);
        QSignalSpy finished(&source, &PlanSource::finished);
        source.open(server.url(QStringLiteral("/negotiations/7f3a/events")));
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 20000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
        QCOMPARE(events.size(), 10);
        QCOMPARE(plans.size(), 1);
        const auto result = plans.first().first().value<PlanLoadResult>();
        QVERIFY(result.ok());
        QCOMPARE(result.plan->tasks.size(), 12);
        QCOMPARE(result.plan->participants.at(2).displayName, QStringLiteral("张伟"));

        // A plain JSON answer.
        ChunkedHttpServer json;
        json.response = httpResponse("200 OK", "application/json", bytesOf(example("seed-plan.json")), true);
        PlanSource plain;
        QSignalSpy plainPlans(&plain, &PlanSource::planReceived);
        QSignalSpy plainFinished(&plain, &PlanSource::finished);
        plain.open(json.url());
        QTRY_VERIFY_WITH_TIMEOUT(!plainFinished.isEmpty(), 20000);
        QCOMPARE(plainPlans.size(), 1);
        QCOMPARE(plainPlans.first().first().value<PlanLoadResult>().plan->tasks.size(), 3);

        // 404, and a stream that ends without a plan: failures that say so.
        ChunkedHttpServer missing;
        missing.response = httpResponse("404 Not Found", "text/plain", "no such negotiation", true);
        PlanSource lost;
        QSignalSpy lostFailed(&lost, &PlanSource::failed);
        lost.open(missing.url());
        QTRY_VERIFY_WITH_TIMEOUT(!lostFailed.isEmpty(), 20000);
        QVERIFY2(lostFailed.first().first().toString().contains(QStringLiteral("404")), qPrintable(lostFailed.first().first().toString()));
        ChunkedHttpServer unfinished;
        unfinished.response = httpResponse("200 OK", "text/event-stream", "event: formulation.ready\ndata: {}\n\n", false);
        PlanSource waiting;
        QSignalSpy waitingEvents(&waiting, &PlanSource::eventReceived);
        QSignalSpy waitingFailed(&waiting, &PlanSource::failed);
        waiting.open(unfinished.url());
        QTRY_VERIFY_WITH_TIMEOUT(!waitingFailed.isEmpty(), 20000);
        QCOMPARE(waitingEvents.size(), 1);
        QVERIFY(waitingFailed.first().first().toString().contains(QStringLiteral("without a plan.ready")));
    }

    void connectionRefusedAndMissingFiles()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close(); // nobody listens there now
        PlanSource source;
        QSignalSpy failed(&source, &PlanSource::failed);
        source.open(QStringLiteral("http://127.0.0.1:%1/plan").arg(port));
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 20000);
        QVERIFY(failed.first().first().toString().contains(QStringLiteral("refused"), Qt::CaseInsensitive));
        PlanSource file;
        QSignalSpy fileFailed(&file, &PlanSource::failed);
        file.open(QStringLiteral("/nonexistent/plan.json"));
        QTRY_VERIFY(!fileFailed.isEmpty());
        QVERIFY(fileFailed.first().first().toString().contains(QStringLiteral("cannot read")));
    }

    void cliCheckAndRender()
    {
        CliRun r = cli({QStringLiteral("plan"), QStringLiteral("check"), example("health-app.plan-ready.json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("12 tasks, 4 participants, 14 dependencies; 0 errors, 0 warnings, 0 notes")));
        QVERIFY(r.out.contains(QStringLiteral("5 of 12 done, 2 in progress, 4 blocked, 1 ready to start")));
        QVERIFY(r.out.contains(QStringLiteral("critical path: task_2 → task_5 → task_8 → task_9 → task_11 → task_12 (6 tasks)")));
        r = cli({QStringLiteral("plan"), QStringLiteral("check"), fixture("problems.json")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains(fixture("problems.json") + QStringLiteral(":49:5: error: task id 'task_2' is used twice")), qPrintable(r.out));
        r = cli({QStringLiteral("plan"), QStringLiteral("check"), example("seed-plan.json"), QStringLiteral("--werror")});
        QCOMPARE(r.exitCode, 1); // the seed's unknown assignee is a warning
        r = cli({QStringLiteral("plan"), QStringLiteral("check"), fixture("malformed.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("malformed.json:5:38: error: malformed JSON")));
        r = cli({QStringLiteral("plan"), QStringLiteral("check"), example("negotiation.sse"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("tasks")).toInt(), 12);
        QCOMPARE(o.value(QStringLiteral("rollup")).toObject().value(QStringLiteral("blocked")).toInt(), 4);

        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("plan.svg"));
        r = cli({QStringLiteral("plan"), QStringLiteral("render"), example("health-app.plan-ready.json"), QStringLiteral("-o"), svg,
                 QStringLiteral("--select"), QStringLiteral("task_7")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains(QStringLiteral("wrote")), qPrintable(r.err));
        const QString text = QString::fromUtf8(bytesOf(svg));
        QVERIFY(text.contains(QStringLiteral("趋势图表")));
        QVERIFY(text.contains(QStringLiteral("fill-opacity=\"0.3\"")) || text.contains(QStringLiteral("opacity=\"0.3\""))); // the dimmed rest
        r = cli({QStringLiteral("plan"), QStringLiteral("render"), fixture("cycle.json"), QStringLiteral("-o"), dir.filePath(QStringLiteral("c.png"))});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains(QStringLiteral("cannot draw the plan: the tasks form a cycle (task_1 → task_3 → task_1)")));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("c.png"))));
        r = cli({QStringLiteral("plan"), QStringLiteral("render"), example("seed-plan.json"), QStringLiteral("-o"), svg, QStringLiteral("--select"),
                 QStringLiteral("nope")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("no task has that id")));
    }

    void renderKeepsEveryWholeTitle()
    {
        // Titles longer than a card shows (three lines) are whole in the exported picture:
        // each line of a card is a text of the SVG, in order.
        QJsonArray tasks;
        QStringList titles;
        for (int i = 0; i < 6; ++i) {
            const QString title = QStringLiteral(u"第%1项：为健康管理应用编写完整的用户登录、权限管理、数据同步、离线缓存与错误上报的端到端测试用例并整理报告").arg(i + 1);
            titles << title;
            QJsonArray pre;
            if (i > 0)
                pre.append(QStringLiteral("t%1").arg(i));
            tasks.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("t%1").arg(i + 1)}, {QStringLiteral("title"), title},
                                     {QStringLiteral("assignee_id"), QStringLiteral("a")}, {QStringLiteral("prerequisites"), pre}});
        }
        QTemporaryDir dir;
        const QString plan = dir.filePath(QStringLiteral("long.json"));
        QFile f(plan);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(QJsonObject{{QStringLiteral("participants"), QJsonArray{QJsonObject{{QStringLiteral("agent_id"), QStringLiteral("a")},
                                                                                                    {QStringLiteral("display_name"), QStringLiteral(u"甲")},
                                                                                                    {QStringLiteral("role_in_plan"), QStringLiteral("r")}}}},
                                          {QStringLiteral("tasks"), tasks}})
                    .toJson());
        f.close();
        const QString svg = dir.filePath(QStringLiteral("long.svg"));
        const CliRun r = cli({QStringLiteral("plan"), QStringLiteral("render"), plan, QStringLiteral("-o"), svg});
        QCOMPARE(r.exitCode, 0);
        // The texts of the SVG, joined, hold every whole title (the lines follow each other).
        QString texts;
        QXmlStreamReader xml(bytesOf(svg));
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("text"))
                texts += xml.readElementText(QXmlStreamReader::IncludeChildElements);
        for (const QString &title : std::as_const(titles))
            QVERIFY2(texts.contains(title), qPrintable(title));
        QVERIFY(!texts.contains(QChar(0x2026))); // nothing cut with "…"
    }

    void aTitleOfMillionsOfCharactersCostsWhatItShows()
    {
        // A three-million-character title took 15.5 s to render (every line of it laid out, a
        // 118 MB SVG): only the lines drawn are laid out now, up to twelve, the last one ending
        // in "…", and the whole render takes what a plan of sentences takes.
        QString title;
        title.reserve(3'000'000);
        for (int i = 0; i < 300'000; ++i)
            title += i % 2 ? QStringLiteral(u"健康追踪数据同步服务") : QStringLiteral("sync data ");
        QTemporaryDir dir;
        const QString plan = dir.filePath(QStringLiteral("huge.json"));
        QFile f(plan);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(QJsonObject{{QStringLiteral("tasks"), QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("t1")},
                                                                                             {QStringLiteral("title"), title}},
                                                                                 QJsonObject{{QStringLiteral("id"), QStringLiteral("t2")},
                                                                                             {QStringLiteral("title"), QStringLiteral("next")},
                                                                                             {QStringLiteral("prerequisites"), QJsonArray{QStringLiteral("t1")}}}}}})
                    .toJson());
        f.close();
        const QString svg = dir.filePath(QStringLiteral("huge.svg"));
        QElapsedTimer clock;
        clock.start();
        const CliRun r = cli({QStringLiteral("plan"), QStringLiteral("render"), plan, QStringLiteral("-o"), svg});
        const qint64 ms = clock.elapsed();
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(ms < 5000 * kTimeBoundScale, qPrintable(QStringLiteral("%1 ms").arg(ms)));
        QVERIFY2(QFileInfo(svg).size() < 1'000'000, qPrintable(QString::number(QFileInfo(svg).size())));
        QString texts; // the SVG's texts, joined: the title's start, then "…", nothing of its millions
        QXmlStreamReader xml(bytesOf(svg));
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("text"))
                texts += xml.readElementText(QXmlStreamReader::IncludeChildElements);
        QVERIFY2(texts.startsWith(title.left(60)) || texts.contains(title.left(60)), qPrintable(texts.left(200)));
        QVERIFY2(texts.contains(QChar(0x2026)), qPrintable(texts.left(400)));
        QVERIFY2(texts.size() < 4000, qPrintable(QString::number(texts.size())));
    }

    // Review regressions.
    void aRepeatedIdGetsNoDependencies()
    {
        const PlanLoadResult r = PlanReader::parse(R"({"tasks": [
            {"id": "task_1", "title": "a", "assignee_id": "p"},
            {"id": "task_2", "title": "b", "assignee_id": "p", "prerequisites": ["task_1"]},
            {"id": "task_1", "title": "again", "assignee_id": "p", "prerequisites": ["task_2"]}]})");
        QVERIFY(r.ok());
        const PlanTopology t(*r.plan);
        QVERIFY(t.isAcyclic()); // not task_1 → task_2 → task_1
        QCOMPARE(t.edges().size(), 1);
        QVERIFY(find(r.diagnostics, QStringLiteral("duplicate-task-id")));
    }

    void aByteOrderMarkIsNotAStream()
    {
        const QByteArray json = "\xEF\xBB\xBF" + bytesOf(example("seed-plan.json"));
        QVERIFY(PlanReader::parse(json).ok());
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("bom.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(json);
        f.close();
        PlanSource source;
        QSignalSpy plans(&source, &PlanSource::planReceived);
        QSignalSpy finished(&source, &PlanSource::finished);
        source.open(f.fileName());
        QTRY_VERIFY(!finished.isEmpty());
        QCOMPARE(plans.size(), 1);
    }

    void aServerThatNeverAnswersTimesOutAndFinishes()
    {
        QTcpServer silent; // accepts, says nothing
        QVERIFY(silent.listen(QHostAddress::LocalHost));
        PlanSource source;
        source.setConnectTimeout(300);
        QSignalSpy failed(&source, &PlanSource::failed);
        QSignalSpy finished(&source, &PlanSource::finished);
        source.open(QStringLiteral("http://127.0.0.1:%1/plan").arg(silent.serverPort()));
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 5000);
        QVERIFY(failed.first().first().toString().contains(QStringLiteral("no answer within 300 ms")));
    }

    void aLaterOpenCancelsAQueuedFileRead()
    {
        PlanSource source;
        QSignalSpy plans(&source, &PlanSource::planReceived);
        QSignalSpy finished(&source, &PlanSource::finished);
        source.open(example("seed-plan.json"));
        source.open(example("health-app.plan-ready.json"));
        QTRY_VERIFY(!finished.isEmpty());
        QTest::qWait(50);
        QCOMPARE(plans.size(), 1);
        QCOMPARE(plans.first().first().value<PlanLoadResult>().plan->tasks.size(), 12);
    }

    void rollupPartsAddUpAndSelfEdgesAreReported()
    {
        const PlanLoadResult r = PlanReader::parse(R"({"tasks": [
            {"id": "a", "title": "a", "assignee_id": "p", "status": "pending"},
            {"id": "b", "title": "b", "assignee_id": "p", "prerequisites": ["a"], "status": "in_progress"},
            {"id": "c", "title": "c", "assignee_id": "p", "prerequisites": ["b"]}],
            "topology": {"edges": [{"from": "c", "to": "c"}]}})");
        const PlanRollup roll = PlanTopology(*r.plan).rollup();
        QCOMPARE(roll.inProgress, 1); // b: started, though a is not done
        QCOMPARE(roll.blocked, 1);    // c
        QCOMPARE(roll.ready, 1);      // a
        QCOMPARE(roll.done + roll.inProgress + roll.blocked + roll.ready, roll.total);
        QVERIFY(find(r.diagnostics, QStringLiteral("self-prerequisite"), QStringLiteral("c")));
    }

    void escapedKeysKeepTheirLines()
    {
        const PlanLoadResult r = PlanReader::parse("{\n  \"t\\u0061sks\": [\n    {\"id\": \"x\", \"title\": \"X\"}\n  ]\n}\n");
        QVERIFY(r.ok());
        QCOMPARE(r.plan->tasks.size(), 1);
        QCOMPARE(r.plan->tasks.first().line, 3);
        QCOMPARE(r.plan->tasks.first().column, 5);
    }
};

QTEST_GUILESS_MAIN(TestPlan)
#include "tst_plan.moc"
