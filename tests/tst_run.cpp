// Live runs in the studio, driven through its widgets (offscreen): a run of the seed's
// write-report graph (its mock file is found beside it) that stops at a breakpoint with the
// expected context, steps twice, has a variable edited while paused, asks its question in the
// inbox and is answered there; conditional breakpoints; the run kept in the history and
// scrubbed to a step; a 100,000-step loop that leaves the event loop responsive.
#include "support/TestPrompts.h"
#include <QStatusBar>
#include "support/TimeBounds.h"
#include "analysis/GraphInputs.h"
#include "commands/GraphActions.h"
#include "document/GraphDocument.h"
#include "ui/RunInputDialog.h"
#include "yaml/GraphYamlReader.h"
#include "run/InboxDock.h"
#include "run/RunClock.h"
#include "run/RunController.h"
#include "run/RunHistoryIndex.h"
#include "service/RunStore.h"
#include "run/RunHistoryDock.h"
#include "run/RunLogDock.h"
#include "run/TraceExportDialog.h"
#include "support/ScriptedHttpServer.h"
#include "run/VariablesDock.h"
#include "scene/EdgeItem.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "view/GraphView.h"
#include "window/MainWindow.h"
#include "window/StudioActions.h"

#include <QAction>
#include <QApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QScopeGuard>
#include <QFrame>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QListWidget>
#include <QPushButton>
#include <QSlider>
#include <QTreeWidget>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QDir>
#include <QFile>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QUrl>
#include <QtTest>

using namespace capgraph;
using namespace capgraph::editor;

namespace {
QString example(const char *name)
{
    return QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/") + QLatin1String(name);
}

QStringList nodesIn(const RunSnapshot &s, NodeRunState state)
{
    QStringList out;
    for (auto it = s.nodes().cbegin(); it != s.nodes().cend(); ++it)
        if (it.value().state == state)
            out << it.key();
    std::sort(out.begin(), out.end());
    return out;
}

struct Window
{
    MainWindow w{testPrompts()};
    explicit Window(const QString &path)
    {
        w.resize(1400, 900);
        w.show();
        if (!QTest::qWaitForWindowExposed(&w) || !w.openFile(path))
            qFatal("cannot open %s", qPrintable(path));
    }
};

const QVariantMap kSearch{{QStringLiteral("type"), QStringLiteral("search")}, {QStringLiteral("topic"), QStringLiteral("graph neural networks")}};
} // namespace

class TestRun : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTest"));
        QStandardPaths::setTestModeEnabled(true);
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/runs")).removeRecursively();
    }

    void breakpointStepEditAnswerAndReplay()
    {
        Window win(example("write-report.yaml"));
        MainWindow &w = win.w;
        RunController *run = w.run();
        QVERIFY(run->mockFile().endsWith(QStringLiteral("mocks/write-report.mock.yaml")));

        // F9 on a selected node sets a breakpoint (drawn as a red dot).
        w.scene()->selectNodes({QStringLiteral("search_literature")});
        w.view()->setFocus();
        QTest::keyClick(w.view(), Qt::Key_F9);
        QVERIFY(run->hasBreakpoint(QStringLiteral("search_literature")));

        QString error;
        QVERIFY2(w.startRun(kSearch, &error), qPrintable(error));
        QTRY_COMPARE(run->status(), RunStatus::Paused);
        const RunSnapshot &s = run->snapshot();
        QCOMPARE(s.pausedAt(), QStringLiteral("search_literature"));
        QCOMPARE(nodesIn(s, NodeRunState::Done),
                 (QStringList{QStringLiteral("branch_input_type"), QStringLiteral("generate_query"), QStringLiteral("identify_input"),
                              QStringLiteral("loop_search_start"), QStringLiteral("start")}));
        QCOMPARE(s.node(QStringLiteral("read_pdf")).state, NodeRunState::Skipped); // the branch took the search route
        // The context at the breakpoint: the input, and the query the generator made.
        const QVariantMap c = run->context().toVariant();
        QCOMPARE(c.value(QStringLiteral("input")).toMap().value(QStringLiteral("type")).toString(), QStringLiteral("search"));
        QCOMPARE(c.value(QStringLiteral("variables")).toMap().value(QStringLiteral("query")).toString(), QStringLiteral("graph neural networks"));
        QTRY_VERIFY(w.variables()->item(QStringLiteral("variables/query")));
        QTRY_VERIFY2(w.runStatusLabel()->text().startsWith(QStringLiteral("paused")), qPrintable(w.runStatusLabel()->text()));

        // Step twice: the search runs, then the branch after it.
        QTest::keyClick(w.view(), Qt::Key_F10);
        QTRY_COMPARE(run->snapshot().node(QStringLiteral("search_literature")).state, NodeRunState::Done);
        QTRY_COMPARE(run->status(), RunStatus::Paused);
        QTest::keyClick(w.view(), Qt::Key_F10);
        QTRY_COMPARE(run->snapshot().node(QStringLiteral("branch_enough")).state, NodeRunState::Done);
        QTRY_COMPARE(run->status(), RunStatus::Paused);
        QCOMPARE(run->context().variables.value(QStringLiteral("result_count")).toInt(), 4);

        // Paused: edit result_count in the Variables dock (JSON), so the next check is satisfied.
        w.variables()->refresh();
        QTreeWidgetItem *count = w.variables()->item(QStringLiteral("variables/result_count"));
        QVERIFY(count);
        QVERIFY(count->flags() & Qt::ItemIsEditable);
        count->setText(1, QStringLiteral("12"));
        QCOMPARE(run->context().variables.value(QStringLiteral("result_count")).toInt(), 12);

        // Continue: the breakpoint stops again in the next round; drop it and go on to the
        // question, which waits in the inbox.
        run->clearBreakpoint(QStringLiteral("search_literature"));
        QTest::keyClick(w.view(), Qt::Key_F5);
        QTRY_COMPARE(run->status(), RunStatus::WaitingForInput);
        QTRY_COMPARE(w.inbox()->count(), 1);
        QCOMPARE(run->snapshot().node(QStringLiteral("confirm_selection")).state, NodeRunState::Waiting);
        auto *card = w.inbox()->findChild<QFrame *>(QStringLiteral("Inbox:confirm_selection"));
        QVERIFY(card);
        auto *choice = card->findChild<QComboBox *>(QStringLiteral("Choice"));
        QVERIFY(choice->count() >= 4);
        choice->setCurrentIndex(choice->findText(QStringLiteral("Kipf 2017")));
        QTest::mouseClick(card->findChild<QPushButton *>(QStringLiteral("Answer")), Qt::LeftButton);
        QTRY_COMPARE(run->status(), RunStatus::Finished);
        QCOMPARE(run->snapshot().node(QStringLiteral("end")).state, NodeRunState::Done);
        QCOMPARE(run->snapshot().node(QStringLiteral("read_pdf")).state, NodeRunState::Skipped);
        QVERIFY(run->snapshot().edgeCount(QStringLiteral("write_report"), QStringLiteral("end")) == 1);
        QTRY_COMPARE(w.inbox()->count(), 0);
        // The log has the run, and filters to the selected node.
        QTRY_VERIFY(w.runLog()->tree()->topLevelItemCount() > 20);
        w.runLog()->selectedOnly()->setChecked(true);
        w.scene()->selectNodes({QStringLiteral("search_literature")});
        QTRY_VERIFY(w.runLog()->tree()->topLevelItemCount() > 0);
        for (int i = 0; i < w.runLog()->tree()->topLevelItemCount(); ++i)
            QVERIFY(w.runLog()->tree()->topLevelItem(i)->text(2).contains(QStringLiteral("search_literature")));

        // The history keeps it; replaying and scrubbing to the breakpoint shows that moment.
        QTRY_COMPARE(w.runHistory()->list()->count(), 1);
        QVERIFY(w.runHistory()->open(0));
        QVERIFY(run->isReplaying());
        qsizetype hit = -1;
        for (qsizetype i = 0; i < run->events().size(); ++i)
            if (run->events().at(i).type == RunEventType::BreakpointHit) {
                hit = i + 1;
                break;
            }
        QVERIFY(hit > 0);
        w.runHistory()->scrubber()->setValue(int(hit));
        QCOMPARE(run->position(), hit);
        QCOMPARE(run->snapshot().pausedAt(), QStringLiteral("search_literature"));
        QCOMPARE(run->snapshot().node(QStringLiteral("search_literature")).state, NodeRunState::Pending);
        QCOMPARE(run->snapshot().node(QStringLiteral("end")).state, NodeRunState::Pending);
        QCOMPARE(run->context().variables.value(QStringLiteral("query")).toString(),
                 QStringLiteral("graph neural networks"));
        w.runHistory()->scrubber()->setValue(w.runHistory()->scrubber()->maximum());
        QCOMPARE(run->snapshot().node(QStringLiteral("end")).state, NodeRunState::Done);
        run->stopReplay();
        QVERIFY(!run->isReplaying());
        QCOMPARE(run->snapshot().node(QStringLiteral("end")).state, NodeRunState::Pending);
    }

    // A Dify app dropped on the canvas from a file manager: asked, converted beside it (the
    // DSL untouched), drawn where Dify had it; it runs on its generated mocks to a breakpoint
    // on its python3 code node, steps through the code and the branch, and ends.
    void difyAppDroppedRunsToABreakpointAndSteps()
    {
        QTemporaryDir dir;
        const QString dsl = dir.filePath(QStringLiteral("research-digest.yml"));
        QVERIFY(QFile::copy(QStringLiteral(CAPGRAPH_FIXTURES_DIR "/dify/research-digest.yml"), dsl));
        QFile original(dsl);
        QVERIFY(original.open(QIODevice::ReadOnly));
        const QByteArray before = original.readAll();
        original.close();

        MainWindow w{testPrompts()};
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        testPrompts()->reset();
        testPrompts()->choices.enqueue(0); // Convert
        testPrompts()->trust.enqueue(StudioPrompts::TrustChoice::AllowOnce);

        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(dsl)});
        QWidget *viewport = w.view()->viewport();
        const QPoint at = viewport->rect().center();
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport, &drop);
        const QString converted = dir.filePath(QStringLiteral("research-digest.capgraph.yaml"));
        QTRY_COMPARE(w.document()->filePath(), converted);
        QVERIFY2(testPrompts()->asked.join(QLatin1Char('\n')).contains(QStringLiteral("choice: Open Dify App: research-digest.yml is a Dify app (workflow, DSL 0.3.0).")),
                 qPrintable(testPrompts()->asked.join(QLatin1Char('\n'))));
        QVERIFY(original.open(QIODevice::ReadOnly));
        QCOMPARE(original.readAll(), before); // the DSL is never written
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("mocks/research-digest.capgraph.mock.yaml"))));
        QCOMPARE(w.run()->mockFile(), dir.filePath(QStringLiteral("mocks/research-digest.capgraph.mock.yaml")));
        // On the canvas: the titles as labels, each node where Dify put it (its box's centre).
        NodeItem *split = w.scene()->nodeItem(QStringLiteral("llm_1733000000002"));
        QVERIFY(split);
        QCOMPARE(w.document()->graph().node(QStringLiteral("llm_1733000000002"))->label, QStringLiteral("拆解問題"));
        QCOMPARE(split->pos(), QPointF(334 + 122, 282 + 49));
        QVERIFY(w.scene()->nodeItem(QStringLiteral("code_1733000000003")));

        // A breakpoint on the code node (F9), a run: it stops there, the LLM before it done.
        w.scene()->selectNodes({QStringLiteral("code_1733000000003")});
        w.view()->setFocus();
        QTest::keyClick(w.view(), Qt::Key_F9);
        RunController *run = w.run();
        QVERIFY(run->hasBreakpoint(QStringLiteral("code_1733000000003")));
        QString error;
        QVERIFY2(w.startRun({{QStringLiteral("topic"), QStringLiteral("量子計算")}}, &error), qPrintable(error));
        QTRY_COMPARE(run->status(), RunStatus::Paused);
        QCOMPARE(run->snapshot().pausedAt(), QStringLiteral("code_1733000000003"));
        QCOMPARE(run->snapshot().node(QStringLiteral("llm_1733000000002")).state, NodeRunState::Done);
        QCOMPARE(run->context().variables.value(QStringLiteral("text")).toString(), QStringLiteral("(mock) the answer of 拆解問題"));
        QTRY_VERIFY2(w.runStatusLabel()->text().startsWith(QStringLiteral("paused")), qPrintable(w.runStatusLabel()->text()));

        // Step: python3 runs the code for real; step again: the branch decides.
        QTest::keyClick(w.view(), Qt::Key_F10);
        QTRY_COMPARE(run->snapshot().node(QStringLiteral("code_1733000000003")).state, NodeRunState::Done);
        QTRY_COMPARE(run->status(), RunStatus::Paused);
        QCOMPARE(run->context().variables.value(QStringLiteral("count")).toInt(), 1);
        QTest::keyClick(w.view(), Qt::Key_F10);
        QTRY_COMPARE(run->snapshot().node(QStringLiteral("if_else_1733000000004")).state, NodeRunState::Done);
        QTRY_COMPARE(run->status(), RunStatus::Paused);
        QCOMPARE(testPrompts()->asked.filter(QStringLiteral("trust: ")).size(), 1); // asked once, before the run

        // Continue to the end: the iteration's child run and the template.
        QTest::keyClick(w.view(), Qt::Key_F5);
        QTRY_COMPARE(run->status(), RunStatus::Finished);
        QVERIFY2(run->context().variables.value(QStringLiteral("digest")).toString().contains(QStringLiteral("1. (mock) the answer of 回答一題")),
                 qPrintable(run->context().variables.value(QStringLiteral("digest")).toString()));
        QCOMPARE(run->snapshot().node(QStringLiteral("end_1733000000008")).state, NodeRunState::Done);
        QCOMPARE(run->snapshot().node(QStringLiteral("end_1733000000009")).state, NodeRunState::Skipped);

        // Dropped again: it was converted before; Cancel leaves everything as it is.
        testPrompts()->reset();
        testPrompts()->choices.enqueue(-1);
        QDragEnterEvent enterAgain(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport, &enterAgain);
        QDropEvent again(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport, &again);
        QTRY_VERIFY2(testPrompts()->asked.join(QString()).contains(QStringLiteral("It was converted before, to research-digest.capgraph.yaml.")),
                 qPrintable(testPrompts()->asked.join(QString())));
        QCOMPARE(w.document()->filePath(), converted);
    }

    void conditionalBreakpoints()
    {
        Window win(example("write-report.yaml"));
        RunController *run = win.w.run();
        // Stop at the search only from its third round on.
        run->setBreakpoint(QStringLiteral("search_literature"), Breakpoint{QStringLiteral("iteration >= 3"), 0});
        QVERIFY(win.w.startRun(kSearch));
        QTRY_COMPARE(run->status(), RunStatus::Paused);
        QCOMPARE(run->snapshot().pausedAt(), QStringLiteral("search_literature"));
        QCOMPARE(run->snapshot().node(QStringLiteral("search_literature")).visits, 2);
        QCOMPARE(run->context().variables.value(QStringLiteral("result_count")).toInt(), 7);
        run->stop();
        QTRY_COMPARE(run->status(), RunStatus::Cancelled);
        // A breakpoint whose condition never holds never stops the run.
        run->setBreakpoint(QStringLiteral("search_literature"), Breakpoint{QStringLiteral("result_count > 1000"), 0});
        QVERIFY(win.w.startRun(kSearch));
        QTRY_COMPARE(run->status(), RunStatus::WaitingForInput);
    }

    void aLongLoopLeavesTheWindowResponsive()
    {
        Window win(QStringLiteral(CAPGRAPH_FIXTURES_DIR "/run/long-loop.yaml"));
        RunController *run = win.w.run();
        int frames = 0;
        connect(run, &RunController::changed, this, [&frames] { ++frames; });
        // A timer that should tick every 10 ms: the longest gap between ticks is how long the
        // event loop was held.
        QElapsedTimer clock;
        qint64 last = 0, longest = 0;
        QTimer probe;
        connect(&probe, &QTimer::timeout, this, [&] {
            const qint64 now = clock.elapsed();
            longest = std::max(longest, now - last);
            last = now;
        });
        clock.start();
        probe.start(10);
        QVERIFY(win.w.startRun({}));
        QTRY_VERIFY_WITH_TIMEOUT(run->status() == RunStatus::Finished, 60000 * kTimeBoundScale);
        probe.stop();
        qInfo("longest event-loop stall during the run: %lld ms, %d frames", longest, frames);
        QCOMPARE(run->snapshot().node(QStringLiteral("work")).visits, 100000);
        // Responsive, not timed: a loop that held the event loop would hold it for seconds (the
        // 100,000 steps take about one); a loaded machine may delay a slice by some tens of ms.
        QVERIFY2(longest < 500 * kTimeBoundScale, qPrintable(QStringLiteral("the event loop was held for %1 ms").arg(longest)));
        // Coalesced: far fewer repaints than the 300,000 node events.
        QVERIFY2(frames < 2000, qPrintable(QString::number(frames)));
        QTRY_VERIFY(win.w.runLog()->tree()->topLevelItemCount() <= RunLogDock::MaxRows);
        // The canvas says how often the loop body ran.
        QCOMPARE(win.w.scene()->runState()->snapshot().node(QStringLiteral("work")).visits, 100000);
    }

    void theRunLogsClock()
    {
        // The Run Log's time (RunClock): the run's own, leaving out what it stood paused or
        // waited for nothing but an answer; a branch at work while another one waits counts.
        const auto at = [](RunEventType type, qint64 ms, int token = -1) {
            RunEvent e;
            e.type = type;
            e.elapsedUs = ms * 1000;
            e.token = token;
            return e;
        };
        RunClock clock;
        QCOMPARE(clock.apply(at(RunEventType::RunStarted, 5)).activeUs, 0);
        clock.apply(at(RunEventType::NodeStarted, 10, 0));
        QCOMPARE(clock.apply(at(RunEventType::BreakpointHit, 30, 0)).activeUs, 25000);
        RunClock::Reading r = clock.apply(at(RunEventType::Resumed, 1030)); // a second at the breakpoint
        QCOMPARE(r.activeUs, 25000);
        QCOMPARE(r.sinceStartUs, 1025000);
        clock.apply(at(RunEventType::NodeStarted, 1040, 0));
        clock.apply(at(RunEventType::NodeWaiting, 1041, 0));
        clock.apply(at(RunEventType::InteractionRequested, 1042, 0));
        QCOMPARE(clock.apply(at(RunEventType::InteractionAnswered, 3042, 0)).activeUs, 37000); // two seconds for the answer
        clock.apply(at(RunEventType::NodeFinished, 3043, 0));
        // Parallel branches: token 1 works for a second while token 2 asks.
        clock.apply(at(RunEventType::NodeStarted, 3050, 1));
        clock.apply(at(RunEventType::NodeStarted, 3051, 2));
        clock.apply(at(RunEventType::NodeWaiting, 3052, 2));
        clock.apply(at(RunEventType::InteractionRequested, 3053, 2));
        QCOMPARE(clock.apply(at(RunEventType::NodeFinished, 4053, 1)).activeUs, 1048000);
        QCOMPARE(clock.apply(at(RunEventType::InteractionAnswered, 9053, 2)).activeUs, 1048000);
        // A child run (a composite node, write_issue): its events count from when it started on
        // its own clock, and while its question is open the calling node stands still too.
        const auto child = [&](RunEventType type, qint64 ms) {
            RunEvent e = at(type, ms, 0);
            e.path = {QStringLiteral("write_issue")};
            return e;
        };
        RunEvent call = at(RunEventType::NodeStarted, 9100, 3);
        call.nodeId = QStringLiteral("write_issue");
        clock.apply(call); // 1,048 + 47 ms at work so far
        QCOMPARE(clock.apply(child(RunEventType::RunStarted, 0)).activeUs, 1095000);
        QCOMPARE(clock.apply(child(RunEventType::NodeStarted, 10)).activeUs, 1105000); // the child's 10 ms
        clock.apply(child(RunEventType::InteractionRequested, 20));
        QCOMPARE(clock.activeAt(9120 * 1000 + 60000000), 1115000); // a minute for the answer: not counted
        QCOMPARE(clock.apply(child(RunEventType::InteractionAnswered, 60020)).activeUs, 1115000);
        QCOMPARE(clock.apply(child(RunEventType::RunFinished, 60025)).activeUs, 1120000);
        RunEvent back = at(RunEventType::NodeFinished, 69130, 3);
        back.nodeId = QStringLiteral("write_issue");
        QCOMPARE(clock.apply(back).activeUs, 1125000);
        // A new run starts the clock afresh.
        QCOMPARE(clock.apply(at(RunEventType::RunStarted, 7)).activeUs, 0);
        QCOMPARE(clock.apply(at(RunEventType::NodeStarted, 427, 0)).activeUs, 420000);

        // As people write times.
        QCOMPARE(RunClock::format(0), QStringLiteral("0.00 s"));
        QCOMPARE(RunClock::format(420000), QStringLiteral("0.42 s"));
        QCOMPARE(RunClock::format(12345678), QStringLiteral("12.35 s"));
        QCOMPARE(RunClock::format(59996000), QStringLiteral("1 min 00 s"));
        QCOMPARE(RunClock::format(62081300), QStringLiteral("1 min 02 s"));
        QCOMPARE(RunClock::format(3723000000), QStringLiteral("1 h 02 min 03 s"));
        const QLocale before;
        const auto restore = qScopeGuard([before] { QLocale::setDefault(before); });
        QLocale::setDefault(QLocale(QLocale::German));
        QCOMPARE(RunClock::format(420000), QStringLiteral("0,42 s")); // the locale's decimal point
    }

    void theStatusBarsRunTimeStandsStillWhilePaused()
    {
        // The status bar's time was the wall clock's (a pause of a minute read "62.1 s"); it
        // is the run's own, as the Run Log's: it stands still while the run is paused.
        RunClock clock;
        RunEvent e;
        e.type = RunEventType::RunStarted;
        clock.apply(e);
        e.type = RunEventType::NodeStarted;
        e.token = 0;
        e.elapsedUs = 100000;
        clock.apply(e);
        QCOMPARE(clock.activeAt(300000), 300000); // at work: it counts
        e.type = RunEventType::Paused;
        e.elapsedUs = 400000;
        clock.apply(e);
        QCOMPARE(clock.activeAt(5400000), 400000); // five seconds paused: not counted
        Window win(example("write-report.yaml"));
        MainWindow &w = win.w;
        RunController *run = w.run();
        w.actions()->action(StudioActions::RunStep)->trigger(); // a fresh run, paused before its first node
        QTRY_COMPARE(run->status(), RunStatus::Paused);
        const qint64 before = run->runTimeUs();
        const QString shown = w.runStatusLabel()->text();
        QTest::qWait(1200);
        w.actions()->action(StudioActions::RunPause)->trigger(); // nothing to pause: stays
        QVERIFY2(run->runTimeUs() - before < 200000, qPrintable(QStringLiteral("%1 us more while paused").arg(run->runTimeUs() - before)));
        QTRY_VERIFY(w.runStatusLabel()->text().startsWith(QStringLiteral("paused")));
        QCOMPARE(w.runStatusLabel()->text().section(QStringLiteral(" · "), 2), shown.section(QStringLiteral(" · "), 2)); // the same time shown
        run->stop();
    }

    void aGraphThatCannotRunSaysWhy()
    {
        Window win(example("git-commit.yaml"));
        win.w.run()->setMockFile(QStringLiteral("/nonexistent/mocks.yaml"));
        QString error;
        QVERIFY(!win.w.startRun({}, &error));
        QVERIFY2(error.contains(QStringLiteral("/nonexistent/mocks.yaml")), qPrintable(error));
        QCOMPARE(win.w.run()->status(), RunStatus::Idle);
    }

    void theInputsAGraphReads()
    {
        const GraphLoadResult seed = GraphYamlReader::readFile(example("write-report.yaml"));
        QVERIFY(seed.ok());
        const QList<GraphInput> inputs = GraphInputs::of(*seed.graph);
        QCOMPARE(inputs.size(), 1);
        QCOMPARE(inputs.first().name, QStringLiteral("type"));
        QCOMPARE(inputs.first().choices, (QStringList{QStringLiteral("pdf"), QStringLiteral("pmid"), QStringLiteral("search")}));
        // Templates, for_each and comparisons written the other way round count too.
        Graph g;
        Node a;
        a.id = QStringLiteral("a");
        a.kind = NodeKind::Skill;
        ExtraFields::Field q;
        q.key = QStringLiteral("q");
        q.yaml = QStringLiteral("\"about ${input.topic}\"");
        a.inputs.append(q);
        a.forEach = QStringLiteral("input.papers");
        g.nodes.append(a);
        Edge e;
        e.from = QStringLiteral("a");
        e.to = QStringLiteral("a");
        e.condition = QStringLiteral("'deep' == input.depth OR input.depth == \"quick\"");
        g.edges.append(e);
        QStringList names;
        for (const GraphInput &in : GraphInputs::of(g))
            names << in.name + QLatin1Char(':') + in.choices.join(QLatin1Char('|'));
        QCOMPARE(names, (QStringList{QStringLiteral("papers:"), QStringLiteral("topic:"), QStringLiteral("depth:deep|quick")}));
    }

    void theRunInputForm()
    {
        const GraphLoadResult seed = GraphYamlReader::readFile(example("write-report.yaml"));
        RunInputDialog dialog(GraphInputs::of(*seed.graph), {{QStringLiteral("topic"), QStringLiteral("GNN")}});
        QComboBox *type = dialog.field(QStringLiteral("type"));
        QVERIFY(type);
        QCOMPARE(type->count(), 4); // empty, pdf, pmid, search
        type->setCurrentText(QStringLiteral("search"));
        // Keys the form has no field for (topic) are kept.
        QCOMPARE(dialog.input(), (QVariantMap{{QStringLiteral("type"), QStringLiteral("search")}, {QStringLiteral("topic"), QStringLiteral("GNN")}}));
        dialog.tabs()->setCurrentIndex(1);
        QVERIFY(dialog.json()->toPlainText().contains(QStringLiteral("\"search\"")));
        dialog.json()->setPlainText(QStringLiteral("{\"type\": \"pdf\", \"pages\": 12}"));
        dialog.tabs()->setCurrentIndex(0);
        QCOMPARE(type->currentText(), QStringLiteral("pdf"));
        QCOMPARE(dialog.input().value(QStringLiteral("pages")).toInt(), 12);
        // A number typed in the form is a number.
        type->setCurrentText(QStringLiteral("3"));
        QVERIFY(dialog.input().value(QStringLiteral("type")).typeId() != QMetaType::QString);
        QCOMPARE(dialog.input().value(QStringLiteral("type")).toInt(), 3);
        // JSON that is not an object is refused, with the reason.
        dialog.tabs()->setCurrentIndex(1);
        dialog.json()->setPlainText(QStringLiteral("[1, 2"));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY(dialog.error().contains(QStringLiteral("not valid")));
    }

    // A graph whose branch chooses by the optimal path: Run with Input… offers the depth and
    // budget (seed 000's context); the run goes the way they choose, and the Run Log says why.
    void thePathChoiceChoosesTheWay()
    {
        const GraphLoadResult loop = GraphYamlReader::readFile(QStringLiteral(CAPGRAPH_FIXTURES_DIR "/path/optimal/loop-run.yaml"));
        QVERIFY(loop.ok());
        RunInputDialog dialog(GraphInputs::of(*loop.graph), {});
        QVERIFY(dialog.findChild<QWidget *>(QStringLiteral("PathChoice"))->isHidden()); // offered only when asked
        RunPathChoice offered;
        offered.graphBudget = 20;
        dialog.offerPathChoice(offered);
        QVERIFY(!dialog.findChild<QWidget *>(QStringLiteral("PathChoice"))->isHidden());
        QCOMPARE(dialog.depthField()->currentText(), QStringLiteral("The graph's (quick)"));
        QCOMPARE(dialog.budgetField()->placeholderText(), QStringLiteral("the graph's: 20"));
        dialog.depthField()->setCurrentIndex(2);
        QTest::keyClicks(dialog.budgetField(), QStringLiteral("13.5"));
        QCOMPARE(dialog.pathChoice().depth, std::optional<PathDepth>(PathDepth::Thorough));
        QCOMPARE(dialog.pathChoice().budget, std::optional<double>(13.5));
        dialog.budgetField()->clear();
        QTest::keyClicks(dialog.budgetField(), QStringLiteral("-3x")); // a budget is a number >= 0: "-" and "x" are not typed
        QCOMPARE(dialog.budgetField()->text(), QStringLiteral("3"));
        dialog.budgetField()->clear();
        QCOMPARE(dialog.pathChoice().budget, std::nullopt); // empty: the graph's

        Window win(QStringLiteral(CAPGRAPH_FIXTURES_DIR "/path/optimal/loop-run.yaml"));
        MainWindow &w = win.w;
        w.run()->setMockFile(QStringLiteral(CAPGRAPH_FIXTURES_DIR "/path/optimal/mocks.yaml"));
        RunPathChoice thorough;
        thorough.depth = PathDepth::Thorough;
        testPrompts()->pathChoices.enqueue(thorough);
        w.actions()->action(StudioActions::RunInput)->trigger();
        QTRY_COMPARE(w.run()->status(), RunStatus::Finished);
        QCOMPARE(w.run()->pathDepth(), std::optional<PathDepth>(PathDepth::Thorough));
        QCOMPARE(w.run()->snapshot().node(QStringLiteral("rounds")).state, NodeRunState::Done);
        QCOMPARE(w.run()->snapshot().node(QStringLiteral("direct")).state, NodeRunState::Skipped);
        // On screen: the branch's row in the Run Log gives the choice and each way's cost.
        QTreeWidget *log = w.runLog()->tree();
        bool said = false;
        for (int i = 0; i < log->topLevelItemCount(); ++i)
            said = said || log->topLevelItem(i)->text(4).startsWith(QStringLiteral("took 'rounds' on the cheapest path to an end (depth thorough"));
        QVERIFY(said);

        // Quick, the next run goes straight.
        RunPathChoice quick;
        quick.depth = PathDepth::Quick;
        testPrompts()->pathChoices.enqueue(quick);
        w.actions()->action(StudioActions::RunInput)->trigger();
        QTRY_COMPARE(w.run()->status(), RunStatus::Finished);
        QTRY_COMPARE(w.run()->snapshot().node(QStringLiteral("direct")).state, NodeRunState::Done);
        QCOMPARE(w.run()->snapshot().node(QStringLiteral("rounds")).state, NodeRunState::Skipped);
    }

    // A question asked two levels down (resources/examples/newsletter: the child run of
    // write_issue confirms) waits in the Inbox as write_issue/approve; answered there, the run
    // ends; the Run Log has the child's and the grandchild's events at their place.
    void aChildRunsQuestionIsInTheInbox()
    {
        Window win(example("newsletter/newsletter.yaml"));
        MainWindow &w = win.w;
        QString error;
        QVERIFY2(w.startRun({}, &error), qPrintable(error));
        QTRY_COMPARE(w.run()->status(), RunStatus::WaitingForInput);
        QTRY_COMPARE(w.inbox()->count(), 1);
        auto *card = w.inbox()->findChild<QFrame *>(QStringLiteral("Inbox:write_issue/approve"));
        QVERIFY(card);
        QVERIFY(card->isVisible());
        // The calling node waits, as a node that asks does, and the status bar says so.
        QTRY_COMPARE(w.run()->snapshot().node(QStringLiteral("write_issue")).state, NodeRunState::Waiting);
        QCOMPARE(w.run()->snapshot().node(QStringLiteral("write_issue")).message, QStringLiteral("approve"));
        QTRY_VERIFY2(w.runStatusLabel()->text().startsWith(QStringLiteral("waiting")), qPrintable(w.runStatusLabel()->text()));
        const QList<QLabel *> labels = card->findChildren<QLabel *>();
        QVERIFY(std::any_of(labels.cbegin(), labels.cend(), [](QLabel *l) { return l->text() == QStringLiteral("Publish \"On graph editors***\"?"); }));
        QTest::mouseClick(card->findChild<QPushButton *>(QStringLiteral("Yes")), Qt::LeftButton);
        QTRY_COMPARE(w.run()->status(), RunStatus::Finished);
        QCOMPARE(w.run()->context().variables.value(QStringLiteral("text")).toString(), QStringLiteral("Published: On graph editors***"));
        QCOMPARE(w.run()->snapshot().node(QStringLiteral("write_issue")).state, NodeRunState::Done);
        QCOMPARE(w.run()->snapshot().node(QStringLiteral("publish")).state, NodeRunState::Done);
        QTreeWidget *log = w.runLog()->tree();
        int grandchild = 0;
        for (int i = 0; i < log->topLevelItemCount(); ++i)
            if (log->topLevelItem(i)->text(2) == QStringLiteral("write_issue › polish › polish_once")
                && log->topLevelItem(i)->text(3) == QStringLiteral("finished"))
                ++grandchild;
        QCOMPARE(grandchild, 3); // three rounds
        // The canvas shows the top graph only: no child node became a state of its own.
        QVERIFY(!w.run()->snapshot().nodes().contains(QStringLiteral("polish_once")));
    }

    void historyIsSearchedAndKeptAcrossRestarts()
    {
        const QString store = RunHistoryIndex::defaultLocation();
        QFile::remove(store);
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/runs/write-report")).removeRecursively();
        const QVariantMap protein{{QStringLiteral("type"), QStringLiteral("search")}, {QStringLiteral("topic"), QStringLiteral("protein folding")}};
        const QVariantMap quantum{{QStringLiteral("type"), QStringLiteral("search")}, {QStringLiteral("topic"), QStringLiteral("quantum error correction")}};
        {
            Window win(example("write-report.yaml"));
            MainWindow &w = win.w;
            RunController *run = w.run();
            run->setBreakpoint(QStringLiteral("search_literature"), Breakpoint());
            // Two runs, each stopped at the breakpoint: the first on protein folding, the second
            // on quantum error correction.
            for (const QVariantMap &input : {protein, quantum}) {
                QSignalSpy ended(run, &RunController::runEnded);
                QVERIFY(w.startRun(input));
                QTRY_COMPARE(run->status(), RunStatus::Paused);
                run->stop();
                QTRY_COMPARE(ended.count(), 1);
            }
            RunHistoryDock *history = w.runHistory();
            QTRY_COMPARE(history->list()->count(), 2);
            history->show();
            history->raise();
            QTRY_VERIFY(history->searchField()->isVisible());
            // Typed into the field: the list keeps the runs that contain it, as the user stops
            // typing, and says how many.
            QLabel *said = history->findChild<QLabel *>();
            history->searchField()->setFocus();
            QTest::keyClicks(history->searchField(), QStringLiteral("QUANTUM"));
            QTRY_COMPARE(said->text(), QStringLiteral("1 run with “QUANTUM”"));
            QCOMPARE(history->list()->count(), 1);
            QVERIFY(history->list()->item(0)->text().contains(QStringLiteral("write-report")));
            QVERIFY(!history->list()->visualItemRect(history->list()->item(0)).isEmpty());
            // The run it shows is the second one: replayed, its input is that topic.
            QVERIFY(history->open(0));
            QCOMPARE(run->context().input.value(QStringLiteral("topic")).toString(), QStringLiteral("quantum error correction"));
            run->stopReplay();
            history->searchField()->clear();
            QTest::keyClicks(history->searchField(), QStringLiteral("protein"));
            QTRY_COMPARE(said->text(), QStringLiteral("1 run with “protein”"));
            QVERIFY(history->open(0));
            QCOMPARE(run->context().input.value(QStringLiteral("topic")).toString(), QStringLiteral("protein folding"));
            run->stopReplay();
            // A node both runs went through, an output both made, and their outcome: both.
            for (const char *both : {"generate_query", "graph neural networks", "cancelled"}) {
                history->searchField()->setText(QLatin1String(both));
                QTRY_COMPARE(said->text(), QStringLiteral("2 runs with “%1”").arg(QLatin1String(both)));
                QCOMPARE(history->list()->count(), 2);
            }
            history->searchField()->setText(QStringLiteral("no such thing"));
            QTRY_COMPARE(said->text(), QStringLiteral("No run of write-report contains “no such thing”"));
            QCOMPARE(history->list()->count(), 0);
            history->searchField()->clear();
            QTRY_COMPARE(history->list()->count(), 2);
        }
        // Kept in an SQLite run store (the schema capgraph serve keeps its runs in), its events too.
        {
            QString error;
            const std::unique_ptr<RunStore> kept = RunStore::open(store, &error);
            QVERIFY2(kept, qPrintable(error));
            RunQuery query;
            query.graph = QStringLiteral("write-report");
            const QList<StoredRun> runs = kept->runs(query);
            QCOMPARE(runs.size(), 2);
            QCOMPARE(runs.at(0).status, QStringLiteral("cancelled"));
            QCOMPARE(runs.at(0).input.value(QStringLiteral("topic")).toString(), QStringLiteral("quantum error correction"));
            QVERIFY(runs.at(0).events > 5);
            QCOMPARE(kept->events(runs.at(0).id, 0).size(), runs.at(0).events);
        }
        // The studio started again: the history is there, and searched the same way.
        Window again(example("write-report.yaml"));
        RunHistoryDock *history = again.w.runHistory();
        QTRY_COMPARE(history->list()->count(), 2);
        history->searchField()->setText(QStringLiteral("quantum"));
        QTRY_COMPARE(history->findChild<QLabel *>()->text(), QStringLiteral("1 run with “quantum”"));
        QCOMPARE(history->list()->count(), 1);
    }

    void rerunFromARecordedStep()
    {
        Window win(example("write-report.yaml"));
        MainWindow &w = win.w;
        RunController *run = w.run();
        run->setBreakpoint(QStringLiteral("search_literature"), Breakpoint());
        QVERIFY(w.startRun(kSearch));
        QTRY_COMPARE(run->status(), RunStatus::Paused);
        QSignalSpy ended(run, &RunController::runEnded);
        run->stop();
        QTRY_COMPARE(run->status(), RunStatus::Cancelled);
        run->clearBreakpoint(QStringLiteral("search_literature"));
        // Replay that run up to its breakpoint and rerun from there, once its trace is on disk
        // (committed on a worker thread) and the history lists it.
        QTRY_COMPARE(ended.count(), 1);
        QVERIFY(QFileInfo::exists(ended.at(0).at(0).toString()));
        QVERIFY(w.runHistory()->open(0));
        qsizetype hit = -1;
        for (qsizetype i = 0; i < run->events().size() && hit < 0; ++i)
            if (run->events().at(i).type == RunEventType::BreakpointHit)
                hit = i + 1;
        QVERIFY(hit > 0);
        run->seek(hit);
        w.scene()->selectNodes({QStringLiteral("search_literature")});
        QAction *rerun = w.findChild<QAction *>(QStringLiteral("RunFromSelected"));
        QVERIFY(rerun);
        rerun->trigger();
        QVERIFY(!run->isReplaying());
        QTRY_COMPARE(run->status(), RunStatus::WaitingForInput);
        const RunSnapshot &s = run->snapshot();
        // Only what comes after the chosen node ran; what came before is the recorded context.
        QCOMPARE(s.node(QStringLiteral("identify_input")).state, NodeRunState::Pending);
        QCOMPARE(s.node(QStringLiteral("generate_query")).visits, 2); // the later rounds of the loop
        QVERIFY(s.node(QStringLiteral("search_literature")).visits >= 1);
        QCOMPARE(run->context().input.value(QStringLiteral("type")).toString(), QStringLiteral("search"));
        QCOMPARE(run->snapshot().node(QStringLiteral("confirm_selection")).state, NodeRunState::Waiting);
        // An unknown node is refused with the reason.
        QString why;
        QVERIFY(!run->startFrom(QStringLiteral("nowhere"), {}, &why));
        QVERIFY(why.contains(QStringLiteral("no node 'nowhere'")));
    }

    // Review regressions.
    void answeringByEnterAndTypingSurvivesRefreshes()
    {
        Window win(example("paper-review.yaml"));
        RunController *run = win.w.run();
        QVERIFY(win.w.startRun({}));
        QTRY_COMPARE(win.w.inbox()->count(), 1);
        auto *card = win.w.inbox()->findChild<QFrame *>(QStringLiteral("Inbox:ask_topic"));
        QVERIFY(card);
        auto *text = card->findChild<QLineEdit *>(QStringLiteral("Text"));
        QTest::keyClicks(text, QStringLiteral("graph neural"));
        win.w.inbox()->refresh(); // another branch's news: the card and its text stay
        QCOMPARE(win.w.inbox()->findChild<QFrame *>(QStringLiteral("Inbox:ask_topic")), card);
        QCOMPARE(text->text(), QStringLiteral("graph neural"));
        QTest::keyClicks(text, QStringLiteral(" networks"));
        QTest::keyClick(text, Qt::Key_Return); // answered from inside the line edit's key event
        QTRY_COMPARE(run->status(), RunStatus::Finished);
        QCOMPARE(run->context().variables.value(QStringLiteral("answer")).toString(),
                 QStringLiteral("graph neural networks"));
        QTRY_COMPARE(win.w.inbox()->count(), 0);
    }

    void stoppingClearsWhatWasUnderWayAndF5DoesNotRestart()
    {
        Window win(example("write-report.yaml"));
        MainWindow &w = win.w;
        RunController *run = w.run();
        run->setBreakpoint(QStringLiteral("search_literature"), Breakpoint());
        QVERIFY(w.startRun(kSearch));
        QTRY_COMPARE(run->status(), RunStatus::Paused);
        // A start that cannot go (a lint error) leaves the paused run alone.
        Node broken = *w.document()->node(QStringLiteral("branch_enough"));
        broken.conditions[0].target = QStringLiteral("nowhere");
        QString why;
        QVERIFY(GraphActions::editNode(w.document(), QStringLiteral("branch_enough"), broken, QStringLiteral("conditions"), &why));
        QVERIFY(!w.startRun(kSearch));
        QCOMPARE(run->status(), RunStatus::Paused);
        w.document()->undoStack()->undo();
        // F5 while it goes does not restart it.
        run->resume();
        Executor *first = run->executor();
        w.view()->setFocus();
        QTest::keyClick(w.view(), Qt::Key_F5);
        QCOMPARE(run->executor(), first);
        run->setBreakpoint(QStringLiteral("write_report"), Breakpoint());
        QTRY_VERIFY(run->status() == RunStatus::Paused || run->status() == RunStatus::WaitingForInput);
        run->stop();
        QTRY_COMPARE(run->status(), RunStatus::Cancelled);
        QVERIFY(run->snapshot().pausedAt().isEmpty());
        for (auto it = run->snapshot().nodes().cbegin(); it != run->snapshot().nodes().cend(); ++it)
            QVERIFY2(it.value().state != NodeRunState::Running && it.value().state != NodeRunState::Waiting, qPrintable(it.key()));
        QCOMPARE(run->snapshot().status(), RunStatus::Cancelled);
    }

    void breakpointsFollowTheGraph()
    {
        Window win(example("write-report.yaml"));
        MainWindow &w = win.w;
        RunController *run = w.run();
        run->setBreakpoint(QStringLiteral("search_literature"), Breakpoint{QStringLiteral("results"), 0});
        Node renamed = *w.document()->node(QStringLiteral("search_literature"));
        renamed.id = QStringLiteral("search");
        QString why;
        QVERIFY(GraphActions::editNode(w.document(), QStringLiteral("search_literature"), renamed, QStringLiteral("id"), &why));
        QVERIFY(run->hasBreakpoint(QStringLiteral("search")));
        QVERIFY(!run->hasBreakpoint(QStringLiteral("search_literature")));
        // A list as the condition: true when not empty, as a branch would take it. The first
        // visit has no results yet (a name not produced: does not hold); the second has them.
        QVERIFY(w.startRun(kSearch));
        QTRY_COMPARE(run->status(), RunStatus::Paused);
        QCOMPARE(run->snapshot().node(QStringLiteral("search")).visits, 1);
        run->stop();
        QTRY_COMPARE(run->status(), RunStatus::Cancelled);
        // Another graph: no breakpoints, no run.
        QVERIFY(w.openFile(example("git-commit.yaml")));
        QVERIFY(run->breakpoints().isEmpty());
        QCOMPARE(run->status(), RunStatus::Idle);
    }

    void skillsWithoutHandlerRunOnStandIns()
    {
        // The seed's graph away from its mocks: every skill runs on a stand-in that answers
        // null, and the first condition that compares a number says so.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("write-report.yaml"));
        QVERIFY(QFile::copy(example("write-report.yaml"), path));
        Window win(path);
        RunController *run = win.w.run();
        QVERIFY(run->mockFile().isEmpty());
        QString error;
        QVERIFY2(win.w.startRun(kSearch, &error), qPrintable(error));
        QVERIFY(run->standIns().contains(QStringLiteral("literature-search")));
        QVERIFY(win.w.statusBar()->currentMessage().contains(QStringLiteral("stand-ins")));
        QTRY_COMPARE(run->status(), RunStatus::Failed);
        QVERIFY2(run->snapshot().error().contains(QStringLiteral("result_count")), qPrintable(run->snapshot().error()));
        QCOMPARE(run->snapshot().node(QStringLiteral("search_literature")).state, NodeRunState::Done);
    }

    void anUntrustedGraphAsksBeforeItsFirstCommand()
    {
        // A graph from a folder nobody trusted, whose skill is a command capability: the run
        // asks once; denied, the node fails saying how to trust it; allowed, the command runs
        // and its JSON answer (checked against the output_schema) is the node's outputs.
        const QString path = QStringLiteral(CAPGRAPH_FIXTURES_DIR "/trust/echo.yaml");
        Window win(path);
        RunController *run = win.w.run();
        int asked = 0;
        bool allow = false;
        run->setTrustAsker([&](const QString &what, std::function<void(bool)> answer) {
            ++asked;
            // What will run, as a person judging trust needs it: the command line and its folder.
            QVERIFY2(what.contains(QStringLiteral("tools.echo_input runs the command ")), qPrintable(what));
            QVERIFY2(what.contains(QFileInfo(path).absolutePath()), qPrintable(what));
            answer(allow);
        });
        // Declined: the run does not start, so nothing is recorded as failed, and the window
        // says why in the status bar.
        const int historyBefore = run->history().size();
        QString error;
        QVERIFY(!win.w.startRun({}, &error));
        QCOMPARE(asked, 1);
        QVERIFY2(error.contains(QStringLiteral("you declined to let echo.yaml run commands")), qPrintable(error));
        QVERIFY2(win.w.statusBar()->currentMessage().contains(QStringLiteral("you declined")), qPrintable(win.w.statusBar()->currentMessage()));
        QCOMPARE(run->status(), RunStatus::Idle);
        QCOMPARE(run->history().size(), historyBefore);
        allow = true;
        QVERIFY2(run->start({}, &error), qPrintable(error));
        QTRY_COMPARE(run->status(), RunStatus::Finished);
        QCOMPARE(asked, 2);
        QCOMPARE(run->executor()->context().variables.value(QStringLiteral("word")).toString(), QStringLiteral("hello"));
        QVERIFY(run->standIns().isEmpty()); // bound to its capability, not stood in for
    }

    void runInputRunsWithTheCapabilitiesDefaults()
    {
        // Run > Run Input…: the input form's Run button runs (it once only closed the dialog),
        // and an input left empty whose capability gives a default ("default: 2" in the form)
        // is read as that default (it once failed: 'input' has no field 'factor').
        const QString path = QStringLiteral(CAPGRAPH_FIXTURES_DIR "/defaults/scale.yaml");
        Window win(path);
        RunController *run = win.w.run();
        testPrompts()->reset();
        testPrompts()->runInputs.enqueue(QVariantMap{{QStringLiteral("base"), 5}}); // factor left empty
        win.w.actions()->action(StudioActions::RunInput)->trigger();
        QCOMPARE(testPrompts()->asked, QStringList{QStringLiteral("run input")});
        QTRY_VERIFY(run->status() == RunStatus::Finished || run->status() == RunStatus::Failed);
        QVERIFY2(run->status() == RunStatus::Finished, qPrintable(run->snapshot().error()));
        QCOMPARE(run->executor()->context().variables.value(QStringLiteral("factor")).toInt(), 2);
    }

    void aLongCallShowsItsProgress()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("wait.yaml"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("graph:\n  id: wait\n  nodes:\n    - {id: start, type: control.start}\n"
                "    - {id: wait, type: skill, skill_id: builtin.delay, inputs: {ms: 700}}\n"
                "    - {id: end, type: control.end}\n"
                "  edges:\n    - {from: start, to: wait, type: sequence}\n    - {from: wait, to: end, type: sequence}\n");
        f.close();
        Window win(path);
        RunController *run = win.w.run();
        QVERIFY(win.w.startRun({}));
        QTRY_VERIFY(run->snapshot().node(QStringLiteral("wait")).progress > 0.2);
        QCOMPARE(run->snapshot().node(QStringLiteral("wait")).state, NodeRunState::Running);
        QVERIFY(run->snapshot().node(QStringLiteral("wait")).progressText.endsWith(QStringLiteral("of 700 ms")));
        QTRY_COMPARE(run->status(), RunStatus::Finished);
    }

    // Run > Export Traces…: the dialog refuses a URL that is no collector's, then takes one
    // typed in; the next run's spans reach that collector (a real HTTP receiver on loopback),
    // with nodes' inputs since the box for them was ticked. The settings are kept.
    void tracesGoToTheCollectorSet()
    {
        ScriptedHttpServer collector([](const HttpRequestSeen &) { return HttpReply{200, "{}"}; });
        const auto forget = qScopeGuard([] { QSettings().remove(QStringLiteral("otlp")); });
        Window win(example("write-report.yaml"));
        MainWindow &w = win.w;
        QVERIFY(!w.run()->exportsTraces());
        QString refusal;
        bool seen = false;
        QTimer::singleShot(0, this, [&] {
            auto *d = qobject_cast<TraceExportDialog *>(QApplication::activeModalWidget());
            if (!d)
                return;
            seen = true;
            QVERIFY(!d->urlEdit()->isEnabled()); // off: nothing to fill in
            QTest::mouseClick(d->enabledBox(), Qt::LeftButton, {}, QPoint(8, d->enabledBox()->height() / 2));
            QVERIFY(d->urlEdit()->isEnabled());
            QTest::keyClicks(d->urlEdit(), QStringLiteral("localhost:4318"));
            QTest::keyClick(d->urlEdit(), Qt::Key_Return); // OK: refused, saying why
            refusal = d->error();
            d->urlEdit()->selectAll();
            QTest::keyClicks(d->urlEdit(), collector.url());
            QTest::mouseClick(d->contentBox(), Qt::LeftButton, {}, QPoint(8, d->contentBox()->height() / 2));
            QTest::keyClick(d->urlEdit(), Qt::Key_Return);
        });
        w.actions()->action(StudioActions::RunExportTraces)->trigger();
        QVERIFY(seen);
        QVERIFY2(refusal.contains(QStringLiteral("http://")), qPrintable(refusal));
        QVERIFY(w.run()->exportsTraces());
        const TraceExportSettings kept = TraceExportSettings::saved();
        QVERIFY(kept.enabled && kept.content);
        QCOMPARE(kept.url, collector.url());

        QString error;
        QVERIFY2(w.startRun(kSearch, &error), qPrintable(error));
        // Spans go as nodes end: the query generator's, with what it was given.
        QJsonObject generated;
        QTRY_VERIFY_WITH_TIMEOUT(([&] {
                                     for (const HttpRequestSeen &r : collector.requests())
                                         for (const QJsonValue &rs : QJsonDocument::fromJson(r.body).object().value(QStringLiteral("resourceSpans")).toArray())
                                             for (const QJsonValue &ss : rs.toObject().value(QStringLiteral("scopeSpans")).toArray())
                                                 for (const QJsonValue &span : ss.toObject().value(QStringLiteral("spans")).toArray())
                                                     if (span.toObject().value(QStringLiteral("name")).toString() == QLatin1String("generate_query"))
                                                         generated = span.toObject();
                                     return !generated.isEmpty();
                                 }()),
                                 20000);
        QCOMPARE(collector.requests().first().path, QByteArray("/v1/traces"));
        bool hasInput = false;
        for (const QJsonValue &a : generated.value(QStringLiteral("attributes")).toArray())
            hasInput = hasInput || a.toObject().value(QStringLiteral("key")).toString() == QLatin1String("input.value");
        QVERIFY(hasInput);
        w.run()->stop();
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/runs")).removeRecursively();
    }
};

QTEST_MAIN(TestRun)
#include "tst_run.moc"
