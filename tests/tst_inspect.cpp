// Inspecting a run's results in the studio, as a user does it at the default window size: the
// Node dock showing what a node was called with and returned (each round of a loop, each item of
// a map), stale results after an edit (and undo), pinned outputs that keep a handler from being
// called, and the tokens and their cost on the canvas, in the status bar and in Run History.
#include "support/StudioWindow.h"

#include "commands/EditNodeCommand.h"
#include "document/GraphDocument.h"
#include "run/ForkDialog.h"
#include "run/NodeDock.h"
#include "run/RunAloneDialog.h"
#include "run/RunCompareDialog.h"
#include "run/PinBoard.h"
#include "run/RunController.h"
#include "run/RunHistoryDock.h"
#include "run/TestsDock.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "scene/RunDecoration.h"
#include "ui/CostText.h"
#include "ui/ValueView.h"
#include "window/StudioActions.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QListWidget>
#include <QSlider>
#include <QTimer>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeWidget>

#include <QSignalSpy>
#include <QtTest>

using namespace capgraph;
using namespace capgraph::editor;
using namespace capgraph::editor::testing;

namespace {

const QVariantMap kSearch{{QStringLiteral("type"), QStringLiteral("search")}, {QStringLiteral("topic"), QStringLiteral("graph neural networks")}};

// Clicks the node on the canvas, as a user selects it.
void clickNode(Studio &s, const QString &id)
{
    NodeItem *item = s.w.scene()->nodeItem(id);
    QVERIFY(item);
    s.w.view()->centerOn(item);
    QCoreApplication::processEvents();
    QTest::mouseClick(s.viewport(), Qt::LeftButton, Qt::NoModifier, s.at(item->sceneBoundingRect().center()));
    QTRY_COMPARE(s.w.scene()->selectedNodeIds(), QStringList{id});
}

// The rows of a value tree: "name = value" at the top level.
QStringList rows(const ValueView *v)
{
    QStringList out;
    for (int i = 0; i < v->tree()->topLevelItemCount(); ++i)
        out << v->tree()->topLevelItem(i)->text(0) + QStringLiteral(" = ") + v->tree()->topLevelItem(i)->text(1);
    return out;
}

void runToEnd(Studio &s, const QVariantMap &input, const QString &answerId = QString(), const QVariant &answer = QVariant())
{
    QString error;
    QVERIFY2(s.w.startRun(input, &error), qPrintable(error));
    if (!answerId.isEmpty()) {
        QTRY_COMPARE(s.w.run()->status(), RunStatus::WaitingForInput);
        QVERIFY2(s.w.run()->answer(answerId, answer, &error), qPrintable(error));
    }
    QTRY_COMPARE(s.w.run()->status(), RunStatus::Finished);
}

} // namespace

class TestInspect : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTest"));
        QStandardPaths::setTestModeEnabled(true);
    }

    void nodeDockShowsEachRoundsInputAndOutput()
    {
        QTemporaryDir dir;
        Studio s;
        QVERIFY(s.w.openFile(copyExample(dir.path(), QStringLiteral("write-report"))));
        runToEnd(s, kSearch, QStringLiteral("confirm_selection"), QStringLiteral("Kipf 2017"));
        // A click on the loop's search node: the Node dock comes to the front with its three rounds.
        clickNode(s, QStringLiteral("search_literature"));
        NodeDock *dock = s.w.nodeDock();
        QTRY_VERIFY(dock->isVisible());
        QVERIFY(dock->widget()->isVisible());
        QCOMPARE(dock->executionPicker()->count(), 3);
        QVERIFY(dock->executionPicker()->isVisible());
        QCOMPARE(dock->executionPicker()->currentIndex(), 2); // the latest
        QVERIFY2(dock->executionPicker()->currentText().startsWith(QStringLiteral("#3 of 3 · round 3 · step ")), qPrintable(dock->executionPicker()->currentText()));
        QVERIFY2(rows(dock->output()).contains(QStringLiteral("result_count = 12")), qPrintable(rows(dock->output()).join(QLatin1Char('\n'))));
        QVERIFY2(rows(dock->output()).contains(QStringLiteral("results = 12 items")), qPrintable(rows(dock->output()).join(QLatin1Char('\n'))));
        QVERIFY2(dock->summary()->text().startsWith(QStringLiteral("Done in ")), qPrintable(dock->summary()->text()));
        // The first round, picked by the user: its own output.
        dock->executionPicker()->setCurrentIndex(0);
        QVERIFY2(rows(dock->output()).contains(QStringLiteral("result_count = 4")), qPrintable(rows(dock->output()).join(QLatin1Char('\n'))));
        // A list's rows open; the row chosen is shown whole below, and Copy takes it.
        QTreeWidgetItem *results = nullptr;
        for (int i = 0; i < dock->output()->tree()->topLevelItemCount(); ++i)
            if (dock->output()->tree()->topLevelItem(i)->text(0) == QLatin1String("results"))
                results = dock->output()->tree()->topLevelItem(i);
        QVERIFY(results);
        QCOMPARE(results->childCount(), 4);
        QCOMPARE(results->child(1)->text(1), QStringLiteral("Kipf 2017"));
        dock->output()->tree()->setCurrentItem(results->child(1));
        QCOMPARE(dock->output()->detail()->toPlainText(), QStringLiteral("Kipf 2017"));
        dock->output()->tree()->setCurrentItem(results);
        QVERIFY2(dock->output()->copyText().startsWith(QStringLiteral("- Scarselli 2009\n- Kipf 2017")), qPrintable(dock->output()->copyText()));
        // A branch: the condition it took.
        clickNode(s, QStringLiteral("branch_input_type"));
        QVERIFY(!dock->executionPicker()->isVisible()); // ran once
        QVERIFY2(dock->input()->tree()->topLevelItem(0)->text(0) == QStringLiteral("Only a skill's input is recorded"), "");
    }

    void nodeDockShowsAMapsItemsAndFollowsTheScrubber()
    {
        Studio s;
        QVERIFY(s.w.openFile(example("literature-search.yaml")));
        QString error;
        QVERIFY2(s.w.startRun({}, &error), qPrintable(error));
        QTRY_COMPARE(s.w.run()->status(), RunStatus::WaitingForInput);
        QVERIFY(s.w.run()->answer(QStringLiteral("confirm_selection"), QVariantList{QStringLiteral("PMID:2"), QStringLiteral("PMID:7"), QStringLiteral("PMID:9")}, &error));
        QTRY_COMPARE(s.w.run()->status(), RunStatus::WaitingForInput); // the draft review
        QVERIFY(s.w.run()->answer(QStringLiteral("review_draft"), true, &error));
        QTRY_COMPARE(s.w.run()->status(), RunStatus::Finished);
        clickNode(s, QStringLiteral("fetch_selected"));
        NodeDock *dock = s.w.nodeDock();
        QTRY_VERIFY(dock->itemPicker()->isVisible());
        QCOMPARE(dock->itemPicker()->count(), 4); // all, and each of the three items
        QCOMPARE(dock->itemPicker()->itemText(0), QStringLiteral("All items (3)"));
        // Item 1 (the items end in any order: find it by its text).
        const int item1 = dock->itemPicker()->findText(QStringLiteral("Item 1"));
        QVERIFY(item1 > 0);
        dock->itemPicker()->setCurrentIndex(item1);
        QCOMPARE(rows(dock->input()), QStringList{QStringLiteral("paper = PMID:7")});
        QCOMPARE(rows(dock->output()), QStringList{QStringLiteral("papers = fetched")});

        // Replay the run from Run History: at an early step the node has not run yet; at the end it has.
        const QString trace = s.w.run()->lastTrace();
        QTRY_VERIFY(QFile::exists(trace));
        QVERIFY2(s.w.run()->replay(trace, &error), qPrintable(error));
        QTRY_COMPARE(dock->itemPicker()->count(), 4);
        s.w.run()->seek(3);
        QTRY_VERIFY2(dock->summary()->text().contains(QStringLiteral("has not run")), qPrintable(dock->summary()->text()));
        s.w.run()->stopReplay();
    }

    void editMarksStaleDownstreamAndUndoClearsIt()
    {
        QTemporaryDir dir;
        Studio s;
        QVERIFY(s.w.openFile(copyExample(dir.path(), QStringLiteral("write-report"))));
        runToEnd(s, kSearch, QStringLiteral("confirm_selection"), QStringLiteral("Kipf 2017"));
        RunController *run = s.w.run();
        QVERIFY(run->staleNodes().isEmpty());
        // Moving a node changes nothing.
        clickNode(s, QStringLiteral("expand_query"));
        QTest::keyClick(s.w.view(), Qt::Key_Right);
        QCoreApplication::processEvents();
        QVERIFY2(run->staleNodes().isEmpty(), qPrintable(run->staleNodes().values().join(QLatin1Char(','))));
        // Another capability for the query generator: it and everything after it that ran.
        GraphDocument *doc = s.w.document();
        const Node before = *doc->node(QStringLiteral("generate_query"));
        Node after = before;
        after.skillId = QStringLiteral("query-expander");
        doc->undoStack()->push(new EditNodeCommand(doc, before, after, QStringLiteral("skill")));
        QTRY_VERIFY(!run->staleNodes().isEmpty());
        QSet<QString> expected{QStringLiteral("generate_query"), QStringLiteral("search_literature"), QStringLiteral("branch_enough"),
                               QStringLiteral("expand_query"), QStringLiteral("loop_search_start"), QStringLiteral("loop_search_end"),
                               QStringLiteral("confirm_selection"), QStringLiteral("merge_content"), QStringLiteral("write_report"),
                               QStringLiteral("end")};
        QCOMPARE(run->staleNodes(), expected);
        // On screen: the dotted amber outline around a stale node, none around one upstream.
        const QImage shot = s.shot();
        const QRect stale = s.onScreen(s.w.scene()->nodeItem(QStringLiteral("write_report"))->sceneBoundingRect()).adjusted(-8, -8, 8, 8);
        const QRect fresh = s.onScreen(s.w.scene()->nodeItem(QStringLiteral("identify_input"))->sceneBoundingRect()).adjusted(-8, -8, 8, 8);
        QVERIFY2(countColour(shot, stale, 0xb7791f) > 20, "no amber outline on the stale node");
        QCOMPARE(countColour(shot, fresh, 0xb7791f), 0);
        // Undo: current again.
        doc->undoStack()->undo();
        QTRY_VERIFY(run->staleNodes().isEmpty());
        // A new run: nothing stale.
        doc->undoStack()->redo();
        QTRY_VERIFY(!run->staleNodes().isEmpty());
        runToEnd(s, kSearch, QStringLiteral("confirm_selection"), QStringLiteral("Kipf 2017"));
        QVERIFY(run->staleNodes().isEmpty());
    }

    void pinnedOutputIsNotCalledAgain()
    {
        QTemporaryDir dir;
        Studio s;
        const QString graph = copyExample(dir.path(), QStringLiteral("write-report"));
        QVERIFY(s.w.openFile(graph));
        QAction *pin = s.w.actions()->action(StudioActions::RunPinOutput);
        runToEnd(s, kSearch, QStringLiteral("confirm_selection"), QStringLiteral("Kipf 2017"));
        // The search after its three rounds: 12 results. Pin it from the node's context menu's action.
        clickNode(s, QStringLiteral("search_literature"));
        QVERIFY(pin->isEnabled());
        QCOMPARE(pin->text(), QStringLiteral("Pin &Output"));
        pin->trigger();
        QVERIFY(s.w.pins()->isPinned(QStringLiteral("search_literature")));
        QCOMPARE(pin->text(), QStringLiteral("Unpin &Output"));
        QCOMPARE(s.w.nodeDock()->pinButton()->text(), QStringLiteral("Unpin Output"));
        // Kept beside the graph, never inside it.
        const QString pins = dir.filePath(QStringLiteral("write-report.pins.yaml"));
        QVERIFY(QFile::exists(pins));
        QFile g(graph);
        QVERIFY(g.open(QIODevice::ReadOnly));
        QVERIFY(!g.readAll().contains("result_count: 12"));
        // The next run does not call the search: one round, its output the pinned one.
        runToEnd(s, kSearch, QStringLiteral("confirm_selection"), QStringLiteral("Kipf 2017"));
        const QList<NodeExecution> searches = s.w.run()->executions().of(QStringLiteral("search_literature"));
        QCOMPARE(searches.size(), 1);
        QVERIFY(searches.constFirst().pinned);
        QCOMPARE(searches.constFirst().outputs.toMap().value(QStringLiteral("result_count")).toInt(), 12);
        QCOMPARE(s.w.run()->executions().total(QStringLiteral("generate_query")), 1);
        QVERIFY2(s.w.nodeDock()->summary()->text().contains(QStringLiteral("Pinned output: its handler was not called.")), qPrintable(s.w.nodeDock()->summary()->text()));
        // On screen: the blue pin tag at the node's bottom left.
        const QImage shot = s.shot();
        const QRectF box = s.w.scene()->nodeItem(QStringLiteral("search_literature"))->sceneBoundingRect();
        QVERIFY2(countColour(shot, s.onScreen(box).adjusted(-10, -10, 10, 10), 0x1c7ed6) > 15, "no pin tag");
        // The graph opened again (another studio session): its pins come back; Unpin removes the file.
        Studio again;
        QVERIFY(again.w.openFile(graph));
        QVERIFY(again.w.pins()->isPinned(QStringLiteral("search_literature")));
        clickNode(again, QStringLiteral("search_literature"));
        again.w.actions()->action(StudioActions::RunPinOutput)->trigger();
        QVERIFY(!again.w.pins()->isPinned(QStringLiteral("search_literature")));
        QVERIFY(!QFile::exists(pins));
    }

    void editPinTypesAnOutput()
    {
        QTemporaryDir dir;
        Studio s;
        QVERIFY(s.w.openFile(copyExample(dir.path(), QStringLiteral("write-report"))));
        clickNode(s, QStringLiteral("search_literature"));
        NodeDock *dock = s.w.nodeDock();
        QVERIFY(!dock->pinButton()->isEnabled()); // no run: nothing to pin from
        QVERIFY(dock->editPinButton()->isEnabled());
        // Typed wrong first (a list), then right.
        testPrompts()->reset();
        testPrompts()->texts.enqueue(QStringLiteral("[1, 2]"));
        testPrompts()->texts.enqueue(QStringLiteral("result_count: 20\nresults: [A 2020, B 2021]"));
        dock->editPin();
        const QString asked = testPrompts()->asked.join(QLatin1Char('\n'));
        QVERIFY2(asked.contains(QStringLiteral("error: Pin Output: Expected a mapping of output names to values")), qPrintable(asked));
        QCOMPARE(s.w.pins()->pinned(QStringLiteral("search_literature")).value(QStringLiteral("result_count")).toInt(), 20);
        runToEnd(s, kSearch, QStringLiteral("confirm_selection"), QStringLiteral("B 2021"));
        QCOMPARE(s.w.run()->context().variables.value(QStringLiteral("result_count")).toInt(), 20);
    }

    void testsDockRunsTheSuitesAndOpensAFailingRun()
    {
        QTemporaryDir dir;
        const QString graph = copyExample(dir.path(), QStringLiteral("write-report"));
        QFile suite(dir.filePath(QStringLiteral("write-report.test.yaml")));
        QVERIFY(suite.open(QIODevice::WriteOnly));
        suite.write(R"(graph: write-report.yaml
mocks: mocks/write-report.mock.yaml
tests:
  - name: a PDF goes straight to the report
    input: {type: pdf}
    expect: {status: finished, route: [read_pdf, write_report]}
  - name: a report of at least 2,000 words
    input: {type: pdf}
    expect:
      outputs: [write_report.word_count >= 2000]
)");
        suite.close();
        QFile other(dir.filePath(QStringLiteral("other.test.yaml"))); // another graph's suite: not listed
        QVERIFY(other.open(QIODevice::WriteOnly));
        QFile::copy(QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/grades-query.yaml"), dir.filePath(QStringLiteral("grades-query.yaml")));
        other.write("graph: grades-query.yaml\ntests:\n  - name: x\n    expect: {status: finished}\n");
        other.close();
        Studio s;
        QVERIFY(s.w.openFile(graph));
        TestsDock *tests = s.w.tests();
        QCOMPARE(tests->tree()->topLevelItemCount(), 1);
        QCOMPARE(tests->tree()->topLevelItem(0)->text(0), QStringLiteral("write-report.test.yaml"));
        QCOMPARE(tests->tree()->topLevelItem(0)->childCount(), 2);
        QCOMPARE(tests->note()->text(), QStringLiteral("2 cases"));
        // Run All, clicked as a user does, with the dock in front.
        tests->show();
        tests->raise();
        QTest::mouseClick(tests->runAllButton(), Qt::LeftButton);
        QSignalSpy done(tests, &TestsDock::finished);
        QTRY_COMPARE(done.count(), 1);
        QTreeWidgetItem *pass = tests->caseItem(QStringLiteral("write-report.test.yaml"), QStringLiteral("a PDF goes straight to the report"));
        QTreeWidgetItem *fail = tests->caseItem(QStringLiteral("write-report.test.yaml"), QStringLiteral("a report of at least 2,000 words"));
        QVERIFY(pass && fail);
        QCOMPARE(pass->text(1), QStringLiteral("✓ passed"));
        QCOMPARE(fail->text(1), QStringLiteral("✕ failed"));
        QCOMPARE(fail->foreground(1).color(), QColor(0xd93025));
        QCOMPARE(fail->text(2), QStringLiteral("7 steps"));
        // Its details: what did not hold, with the value found.
        tests->tree()->setCurrentItem(fail);
        QVERIFY2(tests->details()->toPlainText().contains(QStringLiteral("`write_report.word_count >= 2000` (line 10) is false, where write_report.word_count = 1800")),
                 qPrintable(tests->details()->toPlainText()));
        // Open Run: its run replayed on the canvas, the node where it went wrong selected, its Node dock.
        QVERIFY(tests->openRunButton()->isEnabled());
        QTest::mouseClick(tests->openRunButton(), Qt::LeftButton);
        QTRY_VERIFY(s.w.run()->isReplaying());
        QCOMPARE(s.w.scene()->selectedNodeIds(), QStringList{QStringLiteral("write_report")});
        QCOMPARE(s.w.nodeDock()->nodeId(), QStringLiteral("write_report"));
        QTRY_VERIFY(s.w.nodeDock()->isVisible());
        QVERIFY2(rows(s.w.nodeDock()->output()).contains(QStringLiteral("word_count = 1800")), qPrintable(rows(s.w.nodeDock()->output()).join(QLatin1Char('\n'))));
        QVERIFY(s.w.view()->viewport()->rect().contains(s.at(s.w.scene()->nodeItem(QStringLiteral("write_report"))->sceneBoundingRect().center())));
        s.w.run()->stopReplay();
        // An unsaved edit: the dock says the cases run the file as saved.
        s.w.document()->undoStack()->push(new EditNodeCommand(s.w.document(), *s.w.document()->node(QStringLiteral("read_pdf")),
                                                              [&] { Node n = *s.w.document()->node(QStringLiteral("read_pdf")); n.label = QStringLiteral("Read"); return n; }(),
                                                              QStringLiteral("label")));
        QTRY_COMPARE(tests->note()->text(), QStringLiteral("Unsaved changes are not tested: the cases run the file as saved."));
    }

    void runHistoryEntrySaysTheTokens()
    {
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("20261127-101500-000.jsonl"));
        QFile f(trace);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"event\":\"run.started\",\"step\":0,\"elapsed_us\":0,\"time\":1}\n"
                "{\"event\":\"run.finished\",\"step\":4,\"elapsed_us\":2500,\"time\":2,\"data\":{\"steps\":4,\"total_tokens\":12345}}\n");
        f.close();
        const QString entry = RunHistoryDock::describe(trace, QStringLiteral("projectflow"));
        QVERIFY2(entry.endsWith(QStringLiteral(" · finished · 4 steps · 2.5 ms · 12,345 tokens")), qPrintable(entry));
        QFile g(dir.filePath(QStringLiteral("20261127-101600-000.jsonl")));
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write("{\"event\":\"run.finished\",\"step\":4,\"elapsed_us\":2500,\"time\":2,\"data\":{\"steps\":4}}\n");
        g.close();
        QVERIFY(!RunHistoryDock::describe(g.fileName(), QStringLiteral("x")).contains(QStringLiteral("tokens"))); // none used: not said
    }

    // docs/studio.md, "Running a node alone": from the Node dock, the node's handler called once
    // with its recorded input (edited), the new output beside the recorded one, the run on
    // screen unchanged until the new output is pinned.
    void runNodeAloneFromTheNodeDock()
    {
        QTemporaryDir dir;
        Studio s;
        QVERIFY(s.w.openFile(copyExample(dir.path(), QStringLiteral("write-report"))));
        runToEnd(s, kSearch, QStringLiteral("confirm_selection"), QStringLiteral("Kipf 2017"));
        clickNode(s, QStringLiteral("search_literature"));
        NodeDock *dock = s.w.nodeDock();
        QTRY_VERIFY(dock->runAloneButton()->isVisible());
        QVERIFY(dock->runAloneButton()->isEnabled());
        QVERIFY(s.w.actions()->action(StudioActions::RunNodeAlone)->isEnabled());
        QCOMPARE(dock->runAloneButton()->text(), QStringLiteral("Run Alone…"));
        QTest::mouseClick(dock->runAloneButton(), Qt::LeftButton);
        RunAloneDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = s.w.findChild<RunAloneDialog *>()) && dialog->isVisible());
        QVERIFY(dialog->width() <= 1280 && dialog->height() <= 800);
        QCOMPARE(dialog->windowTitle(), QStringLiteral("Run search_literature Alone"));
        QVERIFY2(rows(dialog->recordedView()).contains(QStringLiteral("result_count = 12")), qPrintable(rows(dialog->recordedView()).join(QLatin1Char('\n'))));
        QVERIFY(!dialog->editSettingsBox()->isVisible()); // a mock: nothing to edit but its input
        // The input typed as a user types it.
        dialog->inputEdit()->selectAll();
        QTest::keyClicks(dialog->inputEdit(), QStringLiteral("query: graph attention"));
        QSignalSpy ended(dialog, &RunAloneDialog::finished);
        QTest::mouseClick(dialog->runButton(), Qt::LeftButton);
        QTRY_COMPARE(ended.count(), 1);
        QVERIFY2(dialog->statusLabel()->text().startsWith(QStringLiteral("Done in ")), qPrintable(dialog->statusLabel()->text()));
        QVERIFY2(rows(dialog->newView()).contains(QStringLiteral("result_count = 4")), qPrintable(rows(dialog->newView()).join(QLatin1Char('\n')))); // the mock's first answer
        QVERIFY(rows(dialog->recordedView()).contains(QStringLiteral("result_count = 12")));
        // Nothing else changed: the run on screen, the pins.
        QCOMPARE(s.w.run()->executions().total(QStringLiteral("search_literature")), 3);
        QVERIFY(!s.w.pins()->isPinned(QStringLiteral("search_literature")));
        QVERIFY(dialog->pinButton()->isEnabled());
        QTest::mouseClick(dialog->pinButton(), Qt::LeftButton);
        QVERIFY(s.w.pins()->isPinned(QStringLiteral("search_literature")));
        QCOMPARE(s.w.pins()->pinned(QStringLiteral("search_literature")).value(QStringLiteral("result_count")).toInt(), 4);
        // An input that does not parse: said, with where; nothing runs.
        dialog->inputEdit()->setPlainText(QStringLiteral("query: [unclosed"));
        QTest::mouseClick(dialog->runButton(), Qt::LeftButton);
        QVERIFY2(dialog->statusLabel()->text().contains(QStringLiteral("the input:1:")), qPrintable(dialog->statusLabel()->text()));
        QCOMPARE(ended.count(), 1);
        dialog->close();
    }

    // An llm node: its rendered messages and model settings, to edit before the call.
    void runNodeAloneOffersAnLlmHandlersMessages()
    {
        QTemporaryDir dir;
        QDir(dir.path()).mkpath(QStringLiteral("capabilities"));
        QFile cap(dir.filePath(QStringLiteral("capabilities/reply.yaml")));
        QVERIFY(cap.open(QIODevice::WriteOnly));
        cap.write("name: tutor.write_reply\ndescription: Answers a student.\n"
                  "input_schema: {type: object, properties: {message: {type: string}}, required: [message]}\n"
                  "output_schema: {type: object, properties: {reply: {type: string}}, required: [reply]}\n"
                  "handler: {type: llm, model: tutor-model, temperature: 0.3, prompt: \"Student: ${message}\"}\n");
        cap.close();
        QFile graph(dir.filePath(QStringLiteral("tutor.yaml")));
        QVERIFY(graph.open(QIODevice::WriteOnly));
        graph.write("graph:\n  id: tutor\n  nodes:\n    - {id: start, type: control.start}\n"
                    "    - {id: reply, type: skill, skill_id: tutor.write_reply, inputs: {message: \"${input.message}\"}, outputs: [reply]}\n"
                    "    - {id: end, type: control.end}\n"
                    "  edges:\n    - {from: start, to: reply}\n    - {from: reply, to: end}\n");
        graph.close();
        Studio s;
        QVERIFY(s.w.openFile(graph.fileName()));
        clickNode(s, QStringLiteral("reply"));
        QTRY_VERIFY(s.w.actions()->action(StudioActions::RunNodeAlone)->isEnabled());
        s.w.actions()->action(StudioActions::RunNodeAlone)->trigger();
        RunAloneDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = s.w.findChild<RunAloneDialog *>()) && dialog->isVisible());
        QCOMPARE(dialog->inputEdit()->toPlainText(), QStringLiteral("message: null\n")); // nothing recorded: the names it maps
        QVERIFY(dialog->editSettingsBox()->isVisible());
        dialog->inputEdit()->setPlainText(QStringLiteral("message: 我卡住了"));
        QTest::mouseClick(dialog->editSettingsBox(), Qt::LeftButton);
        QVERIFY(dialog->editSettingsBox()->isChecked());
        QTRY_VERIFY(dialog->settingsEdit()->isVisible());
        const QString settings = dialog->settingsEdit()->toPlainText();
        QVERIFY2(settings.contains(QStringLiteral("content: Student: 我卡住了")) || settings.contains(QStringLiteral("content: \"Student: 我卡住了\"")), qPrintable(settings));
        QVERIFY2(settings.contains(QStringLiteral("model: tutor-model")), qPrintable(settings));
        QVERIFY2(settings.contains(QStringLiteral("temperature: 0.3")), qPrintable(settings));
        dialog->close();
    }

    // docs/studio.md, "Forking a run": at a step of a replayed run, a value changed, a new run
    // goes on from there; its entry names its parent and step, and comparing the two shows
    // where they part.
    void forkFromAStepInRunHistory()
    {
        QTemporaryDir dir;
        Studio s;
        QVERIFY(s.w.openFile(copyExample(dir.path(), QStringLiteral("write-report"))));
        runToEnd(s, kSearch, QStringLiteral("confirm_selection"), QStringLiteral("Kipf 2017"));
        RunHistoryDock *history = s.w.runHistory();
        history->show();
        history->raise();
        QTRY_VERIFY(history->list()->count() >= 1);
        const QString parentTrace = history->list()->item(0)->data(Qt::UserRole).toString();
        const qint64 parentSize = QFileInfo(parentTrace).size();
        QVERIFY(history->open(0));
        QVERIFY(history->forkButton()->isEnabled());
        // The scrubber on the branch's start: it is under way there, so the fork runs it again.
        qsizetype position = -1;
        const QList<RunEvent> events = s.w.run()->events();
        for (qsizetype i = 0; i < events.size() && position < 0; ++i)
            if (events.at(i).type == RunEventType::NodeStarted && events.at(i).nodeId == QLatin1String("branch_input_type"))
                position = i + 1;
        QVERIFY(position > 0);
        history->scrubber()->setValue(int(position));
        QCOMPARE(s.w.run()->position(), position);
        bool answered = false;
        QString intro;
        QTimer::singleShot(0, this, [&] {
            auto *fork = qobject_cast<ForkDialog *>(QApplication::activeModalWidget());
            QVERIFY(fork);
            intro = fork->windowTitle();
            QList<QListWidgetItem *> type = fork->names()->findItems(QStringLiteral("input.type"), Qt::MatchExactly);
            QCOMPARE(type.size(), 1);
            QVERIFY(!fork->names()->findItems(QStringLiteral("identify_input."), Qt::MatchStartsWith).isEmpty());
            fork->names()->setCurrentItem(type.first());
            QCOMPARE(fork->valueEdit()->toPlainText().trimmed(), QStringLiteral("search"));
            fork->valueEdit()->selectAll();
            QTest::keyClicks(fork->valueEdit(), QStringLiteral("pdf"));
            QCOMPARE(type.first()->text(), QStringLiteral("input.type  ✎")); // marked as edited
            for (QPushButton *b : fork->findChildren<QPushButton *>())
                if (b->text() == QLatin1String("Fork and Run"))
                    QTest::mouseClick(b, Qt::LeftButton);
            answered = true;
        });
        QTest::mouseClick(history->forkButton(), Qt::LeftButton);
        QVERIFY(answered);
        QVERIFY2(intro.startsWith(QStringLiteral("Fork at Step ")), qPrintable(intro));
        QTRY_COMPARE(s.w.run()->status(), RunStatus::Finished);
        QVERIFY(!s.w.run()->isReplaying());
        // The fork went the PDF way; what ran before it is the recording's.
        QCOMPARE(s.w.run()->snapshot().node(QStringLiteral("read_pdf")).state, NodeRunState::Done);
        QCOMPARE(s.w.run()->snapshot().node(QStringLiteral("identify_input")).state, NodeRunState::Done);
        QCOMPARE(s.w.run()->snapshot().node(QStringLiteral("search_literature")).state, NodeRunState::Pending);
        QCOMPARE(QFileInfo(parentTrace).size(), parentSize); // the recorded run as it was
        // Its entry names the run it forked from and the step.
        QTRY_VERIFY(history->list()->count() >= 2 && history->list()->item(0)->text().contains(QStringLiteral("↳ fork of the run of ")));
        QVERIFY2(history->list()->item(0)->text().contains(QStringLiteral(" at step ")), qPrintable(history->list()->item(0)->text()));
        // Compare: the fork with its parent, where they part.
        history->list()->clearSelection();
        history->list()->item(0)->setSelected(true);
        QVERIFY(history->compareButton()->isEnabled());
        QTest::mouseClick(history->compareButton(), Qt::LeftButton);
        QTRY_VERIFY(history->compareDialog() && history->compareDialog()->isVisible());
        QVERIFY2(history->compareDialog()->routeLabel()->text().startsWith(QStringLiteral("The routes part after branch_input_type")),
                 qPrintable(history->compareDialog()->routeLabel()->text()));
        history->compareDialog()->close();
    }

    void aPricedRunShowsItsCost()
    {
        // ProjectFlow's agents declare a price, and its mocks report the tokens each call uses.
        QTemporaryDir dir;
        const QString from = QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/projectflow/");
        for (const QString &file : {QStringLiteral("projectflow.yaml"), QStringLiteral("mocks/projectflow.mock.yaml"),
                                    QStringLiteral("prompts/stage_setting.yaml"), QStringLiteral("capabilities/decision_agent.yaml"),
                                    QStringLiteral("capabilities/response_agent.yaml"), QStringLiteral("capabilities/summary_agent.yaml"),
                                    QStringLiteral("capabilities/score_agent.yaml")}) {
            QDir(dir.path()).mkpath(QFileInfo(dir.filePath(file)).path());
            QVERIFY(QFile::copy(from + file, dir.filePath(file)));
        }
        Studio s;
        QVERIFY(s.w.openFile(dir.filePath(QStringLiteral("projectflow.yaml"))));
        QDir(s.w.run()->historyFolder()).removeRecursively();
        s.w.runHistory()->refresh();
        runToEnd(s, {{QStringLiteral("message"), QStringLiteral("我想改善學校附近的交通安全")}});
        // The Decision agent: 850 prompt tokens at $0.00015 and 40 completion tokens at $0.0006 per 1,000.
        const NodeRunInfo decision = s.w.run()->snapshot().node(QStringLiteral("decision"));
        QCOMPARE(decision.promptTokens + decision.completionTokens, 890);
        QCOMPARE(decision.currency, QStringLiteral("USD"));
        QCOMPARE(decision.cost, 0.0001515);
        NodeRunMarks marks;
        marks.tokens = 890;
        marks.cost = decision.cost;
        marks.currency = decision.currency;
        // What the canvas writes over the node's top edge.
        QCOMPARE(RunDecoration::tokenTagText(marks), QStringLiteral("890 tok · $0.0001515"));
        // The status bar and the run's entry in Run History: 4,760 tokens that cost $0.0008535.
        QVERIFY2(s.w.runStatusLabel()->text().endsWith(QStringLiteral(" · 4760 tokens · $0.0008535")), qPrintable(s.w.runStatusLabel()->text()));
        QTRY_COMPARE(s.w.runHistory()->list()->count(), 1);
        const QString entry = s.w.runHistory()->list()->item(0)->text();
        QVERIFY2(entry.endsWith(QStringLiteral(" · 4,760 tokens · $0.0008535")), qPrintable(entry));
        // The Node dock: the execution's tokens and what they cost.
        clickNode(s, QStringLiteral("decision"));
        QTRY_VERIFY(s.w.nodeDock()->isVisible());
        QVERIFY2(s.w.nodeDock()->summary()->text().contains(QStringLiteral("890 tokens (prompt 850, completion 40). They cost $0.0001515.")),
                 qPrintable(s.w.nodeDock()->summary()->text()));
    }

    void costsReadShort()
    {
        QCOMPARE(CostText::amount(0.0001515, QStringLiteral("USD")), QStringLiteral("$0.0001515"));
        QCOMPARE(CostText::amount(0.004, QStringLiteral("USD")), QStringLiteral("$0.004"));
        QCOMPARE(CostText::amount(0.123456, QStringLiteral("CNY")), QStringLiteral("¥0.1235"));
        QCOMPARE(CostText::amount(12.5, QStringLiteral("EUR")), QStringLiteral("€12.50"));
        QCOMPARE(CostText::amount(0.0042, QStringLiteral("GBP")), QStringLiteral("0.0042 GBP"));
        QCOMPARE(CostText::amount(0, QStringLiteral("USD")), QStringLiteral("$0"));
        QCOMPARE(CostText::amount(-0.001, QStringLiteral("USD"), true), QStringLiteral("−$0.001"));
        QCOMPARE(CostText::amounts({{QStringLiteral("USD"), 0.003}, {QStringLiteral("CNY"), 0.0015}}), QStringLiteral("¥0.0015 + $0.003"));
        // Run History reads them from run.finished: one currency, or several.
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("20261127-101500-000.jsonl")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"event\":\"run.finished\",\"step\":4,\"elapsed_us\":2500,\"time\":2,\"data\":{\"steps\":4,\"total_tokens\":300,"
                "\"costs\":{\"CNY\":0.0015,\"USD\":0.003}}}\n");
        f.close();
        const QString entry = RunHistoryDock::describe(f.fileName(), QStringLiteral("x"));
        QVERIFY2(entry.endsWith(QStringLiteral(" · 300 tokens · ¥0.0015 + $0.003")), qPrintable(entry));
    }

    void tokenCountsReadShort()
    {
        QCOMPARE(RunDecoration::tokenText(950), QStringLiteral("950"));
        QCOMPARE(RunDecoration::tokenText(1234), QStringLiteral("1.2k"));
        QCOMPARE(RunDecoration::tokenText(34'000), QStringLiteral("34k"));
        QCOMPARE(RunDecoration::tokenText(1'500'000), QStringLiteral("1.5M"));
    }
};

QTEST_MAIN(TestInspect)
#include "tst_inspect.moc"
