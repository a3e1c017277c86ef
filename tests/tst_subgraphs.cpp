// Sub-graphs in the studio (docs/studio.md, "Sub-graphs"): a composite node shows a badge and
// a preview of its graph, opens it in place (double-click, Return, the context menu), the
// breadcrumb goes back; each level keeps its own history, unsaved changes and breakpoints; a
// run shows each level's own nodes. Driven as a user does, on resources/examples/newsletter.
#include "support/StudioWindow.h"

#include "capability/Capability.h"
#include "commands/GraphActions.h"
#include "document/Autosave.h"
#include "document/GraphDocument.h"
#include "exec/Executor.h"
#include "launch/RunSetup.h"
#include "refactor/SubgraphRefactor.h"
#include "yaml/GraphYamlReader.h"
#include "yaml/GraphYamlWriter.h"
#include "run/InboxDock.h"
#include "run/NodeDock.h"
#include "run/VariablesDock.h"
#include "run/LevelRunView.h"
#include "run/RunController.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "view/LabelEditor.h"
#include "view/SubgraphPreview.h"
#include "window/StudioActions.h"
#include "window/SubgraphNavigation.h"

#include <QComboBox>
#include <QDirIterator>
#include <QHelpEvent>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTemporaryDir>
#include <QToolBar>
#include <QToolButton>
#include <QTreeWidgetItem>
#include <QUndoStack>

using namespace capgraph;
using namespace capgraph::editor;
using namespace capgraph::editor::testing;

namespace {

// resources/examples/newsletter copied to `dir` (its three levels are saved there, not in the sources).
QString copyNewsletter(const QString &dir)
{
    const QString src = example("newsletter");
    QDirIterator it(src, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString to = dir + file.mid(src.size());
        QDir().mkpath(QFileInfo(to).absolutePath());
        QFile::copy(file, to);
    }
    return dir + QStringLiteral("/newsletter.yaml");
}

QString fixture(const char *name)
{
    return QStringLiteral(CAPGRAPH_FIXTURES_DIR "/subgraph/") + QLatin1String(name);
}

// Runs a graph file to its end headless (its capabilities/ folder read), and gives its context.
QVariantMap runToEnd(const QString &file, QString *error)
{
    const GraphLoadResult loaded = GraphYamlReader::readFile(file);
    if (!loaded.ok()) {
        *error = loaded.errorText();
        return {};
    }
    RunRequest request;
    request.graphFile = file;
    RunSetup setup(*loaded.graph, request);
    std::unique_ptr<Executor> executor = setup.makeExecutor();
    if (!executor) {
        *error = setup.problems().join(QLatin1Char('\n'));
        return {};
    }
    QVariantMap input; // the graph's own default input, as `capgraph run` gives it
    for (const QString &k : loaded.graph->inputs.keys())
        input.insert(k, loaded.graph->inputs.value(k));
    executor->start(input);
    if (executor->waitUntilIdle(20000) != RunStatus::Finished) {
        *error = executor->errorMessage();
        return {};
    }
    return executor->context().variables;
}

QByteArray bytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The breadcrumb's buttons, top first, as they read.
QStringList crumbs(MainWindow &w)
{
    QStringList texts;
    QToolBar *bar = w.subgraphs()->bar();
    for (int i = 0;; ++i) {
        auto *b = bar->findChild<QToolButton *>(QStringLiteral("SubgraphLevel_%1").arg(i));
        if (!b)
            break;
        texts << b->text();
    }
    return texts;
}

// Opens the sub-graph of the composite node `id` on screen by double-clicking it.
void openByDoubleClick(Studio &s, const QString &id)
{
    const NodeItem *item = s.w.scene()->nodeItem(id);
    s.w.view()->ensureShown(item->box().translated(item->pos()));
    doubleClick(s.viewport(), s.at(item->pos()));
    QCoreApplication::processEvents();
}

// tests/fixtures/subgraph/rounds: a composite node (tally) in a loop of three rounds.
struct Rounds : Studio
{
    Rounds()
    {
        if (!w.openFile(fixture("rounds/rounds.yaml")))
            qFatal("cannot open the rounds fixture");
    }
};

struct Newsletter : Studio
{
    QTemporaryDir dir;
    QString top;
    Newsletter()
    {
        testPrompts()->asked.clear();
        top = copyNewsletter(dir.path());
        if (!w.openFile(top))
            qFatal("cannot open %s", qPrintable(top));
        QCoreApplication::processEvents();
    }
    QPoint centreOf(const QString &id) const
    {
        const NodeItem *item = w.scene()->nodeItem(id);
        return item ? at(item->pos()) : QPoint();
    }
    void openByDoubleClick(const QString &id) { ::openByDoubleClick(*this, id); }
};

} // namespace

class TestSubgraphs : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTest"));
        QStandardPaths::setTestModeEnabled(true);
    }

    void compositeNodesShowABadgeAndAPreview()
    {
        Newsletter s;
        MainWindow &w = s.w;
        QCOMPARE(QFileInfo(w.scene()->subgraphOf(QStringLiteral("write_issue"))).fileName(), QStringLiteral("write-issue.yaml"));
        QVERIFY(w.scene()->subgraphOf(QStringLiteral("publish")).isEmpty()); // a builtin: no graph
        // The badge: the accent's blue square at the card's left, on the composite card only.
        const NodeItem *composite = w.scene()->nodeItem(QStringLiteral("write_issue"));
        const NodeItem *plain = w.scene()->nodeItem(QStringLiteral("publish"));
        const QImage shot = s.shot();
        const auto badgeArea = [&](const NodeItem *item) {
            const QRectF box = item->box().translated(item->pos());
            return s.onScreen(QRectF(box.left() + 8, box.center().y() - 11, 22, 22));
        };
        QVERIFY2(countColour(shot, badgeArea(composite), 0x2f7de1) > 100, "no badge on write_issue");
        QCOMPARE(countColour(shot, badgeArea(plain), 0x2f7de1), 0);
        // Resting the pointer on it: its graph, small, with its file's name.
        QHelpEvent help(QEvent::ToolTip, s.centreOf(QStringLiteral("write_issue")),
                        s.viewport()->mapToGlobal(s.centreOf(QStringLiteral("write_issue"))));
        QApplication::sendEvent(s.viewport(), &help);
        SubgraphPreview *preview = w.subgraphs()->preview();
        QVERIFY(preview->isVisible());
        QCOMPARE(QFileInfo(preview->shownFile()).fileName(), QStringLiteral("write-issue.yaml"));
        QVERIFY(preview->findChild<QLabel *>(QStringLiteral("SubgraphPreviewTitle"))->text().contains(QStringLiteral("6 nodes")));
        const QPixmap picture = preview->findChild<QLabel *>(QStringLiteral("SubgraphPreviewPicture"))->pixmap();
        QVERIFY(!picture.isNull());
        // The child's confirm card is in the picture: its orange.
        QVERIFY(countColour(picture.toImage(), picture.toImage().rect(), 0xffe2cc) > 20); // the confirm card's fill
        // On a plain node: gone.
        QHelpEvent away(QEvent::ToolTip, s.centreOf(QStringLiteral("publish")), s.viewport()->mapToGlobal(s.centreOf(QStringLiteral("publish"))));
        QApplication::sendEvent(s.viewport(), &away);
        QVERIFY(!preview->isVisible());
    }

    void drillInAndBackByMouseAndKeys()
    {
        Newsletter s;
        MainWindow &w = s.w;
        QVERIFY(!w.subgraphs()->bar()->isVisible());
        const QByteArray opened = bytes(s.top);
        s.openByDoubleClick(QStringLiteral("write_issue"));
        // Inside: the child's nodes on the canvas, the breadcrumb, the title.
        QCOMPARE(w.document()->depth(), 1);
        QVERIFY(w.scene()->nodeItem(QStringLiteral("approve")));
        QVERIFY(!w.scene()->nodeItem(QStringLiteral("publish")));
        QVERIFY(w.subgraphs()->bar()->isVisible());
        QCOMPARE(crumbs(w), (QStringList{QStringLiteral("newsletter.yaml"), QStringLiteral("write_issue (write-issue.yaml)")}));
        QVERIFY2(w.windowTitle().startsWith(QStringLiteral("write-issue.yaml[*] in newsletter.yaml")), qPrintable(w.windowTitle()));
        // A label edit is a double-click no more on a composite card, but F2 still is, and
        // Return in the label's field keeps the label (it does not open the sub-graph).
        w.scene()->selectNodes({QStringLiteral("polish")});
        s.key(Qt::Key_F2);
        LabelEditor *editor = LabelEditor::current(w.view());
        QVERIFY(editor);
        editor->selectAll();
        editor->insert(QStringLiteral("潤飾草稿")); // as an input method commits it
        QTest::keyClick(editor, Qt::Key_Return);
        QCOMPARE(w.document()->depth(), 1);
        QCOMPARE(w.document()->node(QStringLiteral("polish"))->label, QStringLiteral("潤飾草稿"));
        w.actions()->undo()->trigger();
        // Return on the selected composite node goes one level further.
        w.scene()->selectNodes({QStringLiteral("polish")});
        s.key(Qt::Key_Return);
        QCOMPARE(w.document()->depth(), 2);
        QVERIFY(w.scene()->nodeItem(QStringLiteral("polish_once")));
        QCOMPARE(crumbs(w).size(), 3);
        QCOMPARE(w.document()->levelPath(), (QStringList{QStringLiteral("write_issue"), QStringLiteral("polish")}));
        // Return on a node that runs no graph says so and stays.
        w.scene()->selectNodes({QStringLiteral("begin")});
        QVERIFY(!w.actions()->action(StudioActions::OpenSubgraph)->isEnabled());
        // Alt+Up: one level up, the node we went through selected.
        s.key(Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(w.document()->depth(), 1);
        QCOMPARE(w.scene()->selectedNodeIds(), QStringList{QStringLiteral("polish")});
        // The breadcrumb's first button: the top.
        QTest::mouseClick(w.subgraphs()->bar()->findChild<QToolButton *>(QStringLiteral("SubgraphLevel_0")), Qt::LeftButton);
        QCOMPARE(w.document()->depth(), 0);
        QVERIFY(w.scene()->nodeItem(QStringLiteral("publish")));
        QVERIFY(!w.subgraphs()->bar()->isVisible());
        QCOMPARE(w.scene()->selectedNodeIds(), QStringList{QStringLiteral("write_issue")});
        // The context menu of a composite node: Open Sub-graph first.
        QContextMenuEvent menuEvent(QContextMenuEvent::Mouse, s.centreOf(QStringLiteral("write_issue")),
                                    s.viewport()->mapToGlobal(s.centreOf(QStringLiteral("write_issue"))));
        QApplication::sendEvent(s.viewport(), &menuEvent);
        auto *menu = w.view()->findChild<QMenu *>(QStringLiteral("NodeContextMenu"));
        QVERIFY(menu);
        QCOMPARE(menu->actions().first()->objectName(), QStringLiteral("ViewOpenSubgraph"));
        menu->actions().first()->trigger();
        menu->close();
        QCOMPARE(w.document()->depth(), 1);
        s.key(Qt::Key_Up, Qt::AltModifier);
        // Nothing was changed: nothing asked, nothing written.
        QVERIFY(!w.document()->isModified());
        QVERIFY(w.document()->modifiedElsewhere().isEmpty());
        QCOMPARE(bytes(s.top), opened);
        QVERIFY(testPrompts()->asked.isEmpty());
    }

    void eachLevelHasItsOwnHistoryAndSavesToItsOwnFile()
    {
        Newsletter s;
        MainWindow &w = s.w;
        const QString child = s.dir.path() + QStringLiteral("/capabilities/flows/write-issue.yaml");
        const QByteArray topBytes = bytes(s.top);
        const QByteArray childBytes = bytes(child);
        // An edit at the top first: one step in its history.
        const QPoint publish = s.centreOf(QStringLiteral("publish"));
        drag(s.viewport(), publish, publish + QPoint(0, 80));
        QCOMPARE(w.document()->undoStack()->count(), 1);
        QVERIFY(w.document()->isModified());
        s.openByDoubleClick(QStringLiteral("write_issue"));
        // The child's own history: empty, clean; Undo has nothing to undo here.
        QCOMPARE(w.document()->undoStack()->count(), 0);
        QVERIFY(!w.document()->isModified());
        QVERIFY(!w.actions()->undo()->isEnabled());
        QCOMPARE(crumbs(w).first(), QStringLiteral("newsletter.yaml *")); // the top waits with its change
        // A drag inside: one step, in the child's history.
        const QPoint finish = s.centreOf(QStringLiteral("finish"));
        drag(s.viewport(), finish, finish + QPoint(0, 100));
        QCOMPARE(w.document()->undoStack()->count(), 1);
        QVERIFY(w.actions()->undo()->isEnabled());
        QVERIFY(w.actions()->undo()->text().contains(QStringLiteral("Move")));
        QCOMPARE(crumbs(w).last(), QStringLiteral("write_issue (write-issue.yaml) *"));
        // Back up: the top's history as it was; the child's change is kept, unsaved.
        s.key(Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(w.document()->undoStack()->count(), 1);
        QVERIFY(w.document()->modifiedElsewhere().contains(child));
        // In again: the child as it was left, its history too; undo there leaves the top alone.
        s.openByDoubleClick(QStringLiteral("write_issue"));
        QCOMPARE(w.document()->undoStack()->count(), 1);
        w.actions()->undo()->trigger();
        QVERIFY(!w.document()->isModified());
        QCOMPARE(w.document()->modifiedElsewhere(), QStringList{s.top});
        w.actions()->redo()->trigger();
        // Save (Ctrl+S) inside: the child's file, only it.
        w.findChild<QAction *>(QStringLiteral("FileSave"))->trigger();
        QVERIFY(!w.document()->isModified());
        QVERIFY(bytes(child) != childBytes);
        QCOMPARE(bytes(s.top), topBytes);
        const QByteArray savedChild = bytes(child);
        QVERIFY(savedChild.contains("id: finish"));
        // Closing the window asks about the top, which still has its change (and only about it).
        testPrompts()->asked.clear();
        testPrompts()->saveChoices.clear();
        testPrompts()->saveChoices.enqueue(StudioPrompts::SaveChoice::Cancel);
        QVERIFY(!w.close());
        QCOMPARE(testPrompts()->asked, QStringList{QStringLiteral("save: newsletter.yaml")});
        // Saved from inside: the top's file gets the top's graph.
        testPrompts()->asked.clear();
        testPrompts()->saveChoices.clear();
        testPrompts()->saveChoices.enqueue(StudioPrompts::SaveChoice::Save);
        QVERIFY(w.close());
        testPrompts()->saveChoices.clear();
        QVERIFY(bytes(s.top) != topBytes);
        QVERIFY(bytes(s.top).contains("id: publish"));
        QVERIFY(!bytes(s.top).contains("id: finish"));
        QCOMPARE(bytes(child), savedChild);
    }

    // After a crash, the unsaved changes of every level come back: the top graph's, and those of
    // a sub-graph left with unsaved changes (shown, modified, when it is entered again).
    void autosaveKeepsEveryLevelsChanges()
    {
        for (const auto &r : Autosave::recoverable())
            Autosave::discard(r);
        QTemporaryDir dir;
        const QString top = copyNewsletter(dir.path());
        const QString child = dir.path() + QStringLiteral("/capabilities/flows/write-issue.yaml");
        const QByteArray childOnDisk = bytes(child);
        QByteArray topEdited, childEdited;
        // A studio that edits write_issue's graph (and the top graph too when editTop), autosaves, and crashes.
        const auto crashAfterEditing = [&](bool editTop) {
            MainWindow crashed(testPrompts());
            QVERIFY(crashed.openFile(top));
            QVERIFY(crashed.document()->enter(child, QStringLiteral("write_issue"), nullptr));
            GraphActions::addNode(crashed.document(), NodeKind::Skill, QPointF(0, 600));
            childEdited = GraphYamlWriter::toYaml(crashed.document()->graph());
            crashed.document()->leaveTo(0); // left with unsaved changes
            if (editTop)
                GraphActions::addNode(crashed.document(), NodeKind::Merge, QPointF(0, 700));
            topEdited = GraphYamlWriter::toYaml(crashed.document()->graph());
            crashed.autosave()->saveNow();
            QCOMPARE(crashed.autosave()->copies().size(), editTop ? 2 : 1);
            crashed.autosave()->simulateCrash();
            testPrompts()->asked.clear();
        };
        crashAfterEditing(true);
        {
            MainWindow next(testPrompts());
            QVERIFY(next.offerRecovery());
            QCOMPARE(testPrompts()->asked, QStringList{QStringLiteral("recover: ") + QLocale().createSeparatedList({QStringLiteral("newsletter.yaml"), QStringLiteral("write-issue.yaml")})});
            QCOMPARE(GraphYamlWriter::toYaml(next.document()->graph()), topEdited);
            QVERIFY(next.document()->isModified());
            QCOMPARE(next.document()->modifiedElsewhere(), QStringList{QFileInfo(child).absoluteFilePath()});
            QCOMPARE(bytes(child), childOnDisk); // nothing written until saved
            QVERIFY(next.document()->enter(child, QStringLiteral("write_issue"), nullptr));
            QCOMPARE(GraphYamlWriter::toYaml(next.document()->graph()), childEdited);
            QVERIFY(next.document()->isModified());
            QVERIFY(Autosave::recoverable().isEmpty()); // offered once
            next.document()->undoStack()->setClean(); // (no question at the window's end)
            next.document()->leaveTo(0);
            next.document()->undoStack()->setClean();
        }
        // Only the sub-graph changed: the top graph opens from its file, the sub-graph's copy waits.
        crashAfterEditing(false);
        MainWindow next(testPrompts());
        QVERIFY(next.offerRecovery());
        QCOMPARE(testPrompts()->asked, QStringList{QStringLiteral("recover: write-issue.yaml")});
        QCOMPARE(next.document()->filePath(), QFileInfo(top).absoluteFilePath());
        QVERIFY(!next.document()->isModified());
        QCOMPARE(next.document()->modifiedElsewhere(), QStringList{QFileInfo(child).absoluteFilePath()});
        next.document()->discardLeft();
        // Saving every level leaves no copy behind.
        QVERIFY(next.document()->enter(child, QStringLiteral("write_issue"), nullptr));
        GraphActions::addNode(next.document(), NodeKind::Skill, QPointF(0, 600));
        next.autosave()->saveNow();
        QCOMPARE(next.autosave()->copies().size(), 1);
        const QString copy = next.autosave()->copies().first().copyPath;
        QVERIFY(QFile::exists(copy));
        QString error;
        QVERIFY2(next.document()->save(child, &error), qPrintable(error));
        QVERIFY(!QFile::exists(copy));
        QVERIFY(next.autosave()->copies().isEmpty());
    }

    void aSubgraphThatCallsItselfIsRefused()
    {
        Newsletter s;
        GraphDocument *doc = s.w.document();
        QString error;
        QVERIFY(!doc->enter(s.top, QStringLiteral("write_issue"), &error));
        QVERIFY2(error.contains(QStringLiteral("calls itself")), qPrintable(error));
        QVERIFY(doc->enter(s.dir.path() + QStringLiteral("/capabilities/flows/write-issue.yaml"), QStringLiteral("write_issue"), &error));
        QVERIFY(!doc->enter(s.top, QStringLiteral("polish"), &error));
        QVERIFY2(error.contains(QStringLiteral("open above")), qPrintable(error));
        QCOMPARE(doc->depth(), 1);
        // A graph file that does not load: refused with where, the level on screen unchanged.
        const QString broken = s.dir.path() + QStringLiteral("/broken.yaml");
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("graph:\n  id: x\n  nodes: [\n");
        f.close();
        QVERIFY(!doc->enter(broken, QStringLiteral("draft"), &error));
        QVERIFY2(error.contains(QStringLiteral("broken.yaml:")), qPrintable(error));
        QCOMPARE(doc->depth(), 1);
        QVERIFY(s.w.scene()->nodeItem(QStringLiteral("approve")));
    }

    void aRunShowsEachLevelsOwnNodes()
    {
        Newsletter s;
        MainWindow &w = s.w;
        QString error;
        QVERIFY2(w.startRun({}, &error), qPrintable(error));
        QTRY_COMPARE(w.run()->status(), RunStatus::WaitingForInput);
        // Inside write_issue while its child run waits: its own nodes' states, drawn.
        s.openByDoubleClick(QStringLiteral("write_issue"));
        QCOMPARE(w.document()->depth(), 1);
        QVERIFY(w.run()->isRunning()); // entering a sub-graph does not end the run
        const RunSnapshot &inside = w.levelRun()->snapshot();
        QCOMPARE(inside.node(QStringLiteral("draft")).state, NodeRunState::Done);
        QCOMPARE(inside.node(QStringLiteral("polish")).state, NodeRunState::Done);
        QCOMPARE(inside.node(QStringLiteral("approve")).state, NodeRunState::Waiting);
        QCOMPARE(inside.node(QStringLiteral("finish")).state, NodeRunState::Pending);
        QImage shot = s.shot();
        const NodeItem *approve = w.scene()->nodeItem(QStringLiteral("approve"));
        const QRect approveOnScreen = s.onScreen(approve->box().translated(approve->pos()).adjusted(-8, -8, 8, 8));
        QVERIFY2(countColour(shot, approveOnScreen, 0xe8590c) > 40, "the waiting node is not drawn waiting");
        const NodeItem *draft = w.scene()->nodeItem(QStringLiteral("draft"));
        QVERIFY2(countColour(shot, s.onScreen(draft->box().translated(draft->pos()).adjusted(-8, -8, 8, 8)), 0x12a150) > 40,
                 "the node done is not drawn done");
        // One more level: the grandchild's loop ran three rounds.
        s.openByDoubleClick(QStringLiteral("polish"));
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("polish_once")).visits, 3);
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("rounds_end")).state, NodeRunState::Done);
        // The Inbox answers from any level; the canvas follows.
        s.key(Qt::Key_Up, Qt::AltModifier);
        auto *card = w.inbox()->findChild<QFrame *>(QStringLiteral("Inbox:write_issue/approve"));
        QVERIFY(card);
        QTest::mouseClick(card->findChild<QPushButton *>(QStringLiteral("Yes")), Qt::LeftButton);
        QTRY_COMPARE(w.run()->status(), RunStatus::Finished);
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("approve")).state, NodeRunState::Done);
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("finish")).state, NodeRunState::Done);
        // At the top: the top graph's nodes, the composite one done.
        s.key(Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(w.document()->depth(), 0);
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("write_issue")).state, NodeRunState::Done);
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("publish")).state, NodeRunState::Done);
        QVERIFY(!w.levelRun()->snapshot().nodes().contains(QStringLiteral("approve")));
    }

    void extractAndInlineHeadless()
    {
        const GraphLoadResult loaded = GraphYamlReader::readFile(fixture("report.yaml"));
        QVERIFY(loaded.ok());
        const Graph &graph = *loaded.graph;
        QString error;
        const std::optional<SubgraphExtraction> x = SubgraphRefactor::extract(
            graph, {QStringLiteral("review"), QStringLiteral("summarise")}, QStringLiteral("summary"), QStringLiteral("report.write_summary"),
            QStringLiteral("寫摘要"), &error);
        QVERIFY2(x, qPrintable(error));
        // What the selection read from outside: the child's input, passed by the new node.
        QCOMPARE(x->inputs, (QStringList{QStringLiteral("results"), QStringLiteral("audience")}));
        QCOMPARE(x->readFrom, (QStringList{QStringLiteral("${fetch.results}"), QStringLiteral("${input.audience}")}));
        QCOMPARE(x->outputs, QStringList{QStringLiteral("text")}); // publish reads review.text
        QStringList childIds;
        for (const Node &n : x->child.nodes)
            childIds << n.id;
        QCOMPARE(childIds, (QStringList{QStringLiteral("start"), QStringLiteral("summarise"), QStringLiteral("review"), QStringLiteral("end")}));
        QCOMPARE(x->child.node(QStringLiteral("summarise"))->inputs.value(QStringLiteral("template")).toString(),
                 QStringLiteral("Summary of ${input.results} for ${input.audience}"));
        QCOMPARE(x->child.node(QStringLiteral("review"))->inputs.value(QStringLiteral("template")).toString(),
                 QStringLiteral("${summarise.text} (reviewed)")); // inside: as it was
        // The parent: one node where the two were, publish reading it.
        QStringList parentIds;
        for (const Node &n : x->parent.nodes)
            parentIds << n.id;
        QCOMPARE(parentIds, (QStringList{QStringLiteral("start"), QStringLiteral("fetch"), QStringLiteral("summary"), QStringLiteral("publish"),
                                         QStringLiteral("end")}));
        const Node *summary = x->parent.node(QStringLiteral("summary"));
        QCOMPARE(summary->skillId, QStringLiteral("report.write_summary"));
        QCOMPARE(summary->label, QStringLiteral("寫摘要"));
        QCOMPARE(summary->position, std::optional<QPointF>(QPointF(530, 0)));
        QCOMPARE(x->parent.node(QStringLiteral("publish"))->inputs.value(QStringLiteral("template")).toString(),
                 QStringLiteral("Published: ${summary.text}"));
        // The files, and a run of each graph: the same result.
        QTemporaryDir dir;
        const QString top = dir.filePath(QStringLiteral("report.yaml"));
        QDir(dir.path()).mkpath(QStringLiteral("capabilities/flows"));
        QVERIFY(GraphYamlWriter::writeFile(x->parent, top));
        QVERIFY(GraphYamlWriter::writeFile(x->child, dir.filePath(QStringLiteral("capabilities/flows/summary.yaml"))));
        QFile def(dir.filePath(QStringLiteral("capabilities/report.write_summary.yaml")));
        QVERIFY(def.open(QIODevice::WriteOnly));
        def.write(SubgraphRefactor::capabilityYaml(*x, QStringLiteral("report.write_summary"), QStringLiteral("Summarises and reviews"),
                                                   QStringLiteral("flows/summary.yaml")));
        def.close();
        const CapabilityLoadResult cap = CapabilityReader::readFile(def.fileName());
        QVERIFY2(cap.ok(), qPrintable(cap.diagnostics.isEmpty() ? QString() : cap.diagnostics.first().message));
        QVERIFY(cap.capability->isComposite());
        QCOMPARE(QFileInfo(cap.capability->subgraphFile()).fileName(), QStringLiteral("summary.yaml"));
        const QVariantMap before = runToEnd(fixture("report.yaml"), &error);
        QVERIFY2(!before.isEmpty(), qPrintable(error));
        const QVariantMap after = runToEnd(top, &error);
        QVERIFY2(!after.isEmpty(), qPrintable(error));
        QCOMPARE(after.value(QStringLiteral("text")), before.value(QStringLiteral("text")));
        QCOMPARE(after.value(QStringLiteral("text")).toString(), QStringLiteral("Published: Summary of graph editors papers for engineers (reviewed)"));
        // And back: the graph as it was written.
        const std::optional<Graph> back = SubgraphRefactor::inlineSubgraph(x->parent, QStringLiteral("summary"), x->child, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(GraphYamlWriter::toYaml(*back), bytes(fixture("report.yaml")));
    }

    void whatCannotBeExtractedSaysWhy_data()
    {
        QTest::addColumn<QStringList>("selection");
        QTest::addColumn<QString>("why");
        QTest::newRow("the start") << QStringList{QStringLiteral("start"), QStringLiteral("fetch")} << QStringLiteral("the graph's start node");
        QTest::newRow("not connected") << QStringList{QStringLiteral("fetch"), QStringLiteral("review")} << QStringLiteral("entered at 2");
        QTest::newRow("nothing") << QStringList{} << QStringLiteral("nothing selected");
        QTest::newRow("unknown") << QStringList{QStringLiteral("nope")} << QStringLiteral("no node 'nope'");
    }

    void whatCannotBeExtractedSaysWhy()
    {
        QFETCH(QStringList, selection);
        QFETCH(QString, why);
        const GraphLoadResult loaded = GraphYamlReader::readFile(fixture("report.yaml"));
        QString error;
        QVERIFY(!SubgraphRefactor::extract(*loaded.graph, selection, QStringLiteral("x"), QStringLiteral("a.b"), QString(), &error));
        QVERIFY2(error.contains(why), qPrintable(error));
        // A branch choosing a way out of the selection (newsletter's loop: rounds_end's exit).
        const GraphLoadResult loop = GraphYamlReader::readFile(example("newsletter/capabilities/flows/polish-draft.yaml"));
        QVERIFY(loop.ok());
        QVERIFY(!SubgraphRefactor::extract(*loop.graph, {QStringLiteral("rounds_loop")}, QStringLiteral("x"), QStringLiteral("a.b"), QString(), &error));
        QVERIFY2(error.contains(QStringLiteral("cut in two")), qPrintable(error));
    }

    void extractAndInlineByMouse()
    {
        Studio s;
        MainWindow &w = s.w;
        QTemporaryDir dir;
        const QString top = dir.filePath(QStringLiteral("report.yaml"));
        QVERIFY(QFile::copy(fixture("report.yaml"), top));
        QVERIFY(w.openFile(top));
        const QByteArray opened = bytes(top);
        testPrompts()->asked.clear();
        const auto centre = [&](const QString &id) { return s.at(w.scene()->nodeItem(id)->pos()); };
        // Select summarise and review with the mouse (a click, a Ctrl+click), then the context menu.
        QTest::mouseClick(s.viewport(), Qt::LeftButton, Qt::NoModifier, centre(QStringLiteral("summarise")));
        QTest::mouseClick(s.viewport(), Qt::LeftButton, Qt::ControlModifier, centre(QStringLiteral("review")));
        QCOMPARE(w.scene()->selectedNodeIds(), (QStringList{QStringLiteral("summarise"), QStringLiteral("review")}));
        QContextMenuEvent menuEvent(QContextMenuEvent::Mouse, centre(QStringLiteral("review")), s.viewport()->mapToGlobal(centre(QStringLiteral("review"))));
        QApplication::sendEvent(s.viewport(), &menuEvent);
        auto *menu = w.view()->findChild<QMenu *>(QStringLiteral("NodeContextMenu"));
        QVERIFY(menu);
        QAction *extract = w.actions()->action(StudioActions::ExtractSubgraph);
        QVERIFY(menu->actions().contains(extract));
        QVERIFY(extract->isEnabled());
        ExtractProposal names;
        names.capability = QStringLiteral("report.write_summary");
        names.node = QStringLiteral("summary");
        names.label = QStringLiteral("寫摘要");
        names.description = QStringLiteral("Summarises and reviews");
        testPrompts()->extractAnswers.enqueue(names);
        extract->trigger();
        menu->close();
        // What it showed for confirmation: inferred from the selection.
        QCOMPARE(testPrompts()->extracted.inputs, (QStringList{QStringLiteral("results"), QStringLiteral("audience")}));
        QCOMPARE(testPrompts()->extracted.outputs, QStringList{QStringLiteral("text")});
        // One node in their place, bound to the new capability, composite (its badge).
        QVERIFY(!w.scene()->nodeItem(QStringLiteral("summarise")));
        QVERIFY(w.scene()->nodeItem(QStringLiteral("summary")));
        QCOMPARE(w.document()->undoStack()->count(), 1);
        const QString child = dir.filePath(QStringLiteral("capabilities/flows/summary.yaml"));
        const QString definition = dir.filePath(QStringLiteral("capabilities/report.write_summary.yaml"));
        QVERIFY(QFileInfo::exists(child));
        QVERIFY(QFileInfo::exists(definition));
        QCOMPARE(QFileInfo(w.scene()->subgraphOf(QStringLiteral("summary"))).canonicalFilePath(), QFileInfo(child).canonicalFilePath());
        // It runs, with the same result.
        QString error;
        QVERIFY2(w.startRun({}, &error), qPrintable(error));
        QTRY_COMPARE(w.run()->status(), RunStatus::Finished);
        QCOMPARE(w.run()->context().variables.value(QStringLiteral("text")).toString(),
                 QStringLiteral("Published: Summary of graph editors papers for engineers (reviewed)"));
        // Undo: the nodes back, the files gone; redo: again.
        w.actions()->undo()->trigger();
        QVERIFY(w.scene()->nodeItem(QStringLiteral("summarise")));
        QVERIFY(!QFileInfo::exists(child));
        QVERIFY(!QFileInfo::exists(definition));
        w.actions()->redo()->trigger();
        QVERIFY(QFileInfo::exists(child));
        QVERIFY(w.scene()->nodeItem(QStringLiteral("summary")));
        QTRY_VERIFY(!w.scene()->subgraphOf(QStringLiteral("summary")).isEmpty()); // the definition read again
        // Inline it again from its context menu: the graph as opened, byte for byte once saved.
        w.scene()->selectNodes({QStringLiteral("summary")});
        QVERIFY(w.actions()->action(StudioActions::InlineSubgraph)->isEnabled());
        QContextMenuEvent again(QContextMenuEvent::Mouse, centre(QStringLiteral("summary")), s.viewport()->mapToGlobal(centre(QStringLiteral("summary"))));
        QApplication::sendEvent(s.viewport(), &again);
        menu = w.view()->findChild<QMenu *>(QStringLiteral("NodeContextMenu"));
        QVERIFY(menu && menu->actions().contains(w.actions()->action(StudioActions::InlineSubgraph)));
        w.actions()->action(StudioActions::InlineSubgraph)->trigger();
        menu->close();
        QVERIFY(w.scene()->nodeItem(QStringLiteral("summarise")));
        QVERIFY(!w.scene()->nodeItem(QStringLiteral("summary")));
        QCOMPARE(w.scene()->selectedNodeIds(), (QStringList{QStringLiteral("summarise"), QStringLiteral("review")}));
        QVERIFY(w.saveTo(top));
        if (bytes(top) != opened) {
            QFile::copy(top, QDir::temp().filePath(QStringLiteral("tst_subgraphs-inlined.yaml")));
            QFAIL("the inlined graph is not the opened one: see tst_subgraphs-inlined.yaml in the temporary folder");
        }
        // Each was one step: inline undone, the extracted node is back; undone again, the nodes.
        w.actions()->undo()->trigger();
        QVERIFY(w.scene()->nodeItem(QStringLiteral("summary")));
        w.actions()->undo()->trigger();
        QVERIFY(w.scene()->nodeItem(QStringLiteral("summarise")));
        QVERIFY(!QFileInfo::exists(child));
        QCOMPARE(testPrompts()->asked, QStringList{QStringLiteral("extract: report.subgraph_1")}); // the name it proposed
    }

    void stepIntoOverAndOutOfCompositeNodes()
    {
        Newsletter s;
        MainWindow &w = s.w;
        // A breakpoint inside write_issue's graph, set before the run starts: on polish.
        s.openByDoubleClick(QStringLiteral("write_issue"));
        w.scene()->selectNodes({QStringLiteral("polish")});
        w.actions()->action(StudioActions::RunBreakpoint)->trigger();
        s.key(Qt::Key_Up, Qt::AltModifier);
        QVERIFY(w.run()->breakpoints().isEmpty()); // the top graph has none
        QString error;
        QVERIFY2(w.startRun({}, &error), qPrintable(error));
        // The child run stops there, and so does the whole run.
        QTRY_COMPARE(w.run()->status(), RunStatus::Paused);
        QCOMPARE(w.run()->executor()->pausedPath(), QStringList{QStringLiteral("write_issue")});
        QTRY_VERIFY2(w.runStatusLabel()->text().startsWith(QStringLiteral("paused")), qPrintable(w.runStatusLabel()->text()));
        s.openByDoubleClick(QStringLiteral("write_issue"));
        QCOMPARE(w.levelRun()->snapshot().pausedAt(), QStringLiteral("polish"));
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("draft")).state, NodeRunState::Done);
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("polish")).state, NodeRunState::Pending);
        // Step into (F11): polish runs its graph, which stops before its first node.
        s.key(Qt::Key_F11);
        QTRY_COMPARE(w.run()->executor()->pausedPath(), (QStringList{QStringLiteral("write_issue"), QStringLiteral("polish")}));
        QCOMPARE(w.run()->status(), RunStatus::Paused);
        s.openByDoubleClick(QStringLiteral("polish"));
        QTRY_COMPARE(w.levelRun()->snapshot().pausedAt(), QStringLiteral("begin"));
        // Step over (F10), in there: one node.
        s.key(Qt::Key_F10);
        QTRY_COMPARE(w.levelRun()->snapshot().node(QStringLiteral("begin")).state, NodeRunState::Done);
        QTRY_COMPARE(w.levelRun()->snapshot().pausedAt(), QStringLiteral("rounds_loop"));
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("polish_once")).visits, 0);
        QCOMPARE(w.run()->status(), RunStatus::Paused);
        // Step out (Shift+F11): polish's graph runs to its end (three rounds); the run stands
        // paused in write_issue's, polish done and approve not yet asked.
        s.key(Qt::Key_F11, Qt::ShiftModifier);
        QTRY_COMPARE(w.run()->executor()->pausedPath(), QStringList{QStringLiteral("write_issue")});
        QTRY_COMPARE(w.levelRun()->snapshot().node(QStringLiteral("polish_once")).visits, 3);
        s.key(Qt::Key_Up, Qt::AltModifier);
        QTRY_COMPARE(w.levelRun()->snapshot().node(QStringLiteral("polish")).state, NodeRunState::Done);
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("approve")).state, NodeRunState::Pending);
        QCOMPARE(w.run()->status(), RunStatus::Paused);
        QVERIFY(w.run()->pendingInteractions().isEmpty());
        // Continue (F5): the question, answered; the run ends.
        s.key(Qt::Key_F5);
        QTRY_COMPARE(w.run()->status(), RunStatus::WaitingForInput);
        QVERIFY(w.run()->answer(QStringLiteral("write_issue/approve"), true, &error));
        QTRY_COMPARE(w.run()->status(), RunStatus::Finished);
        QVERIFY(w.run()->executor()->pausedPath().isEmpty());
    }

    void aPickerChoosesWhichChildRunTheCanvasShows()
    {
        Rounds s;
        MainWindow &w = s.w;
        QString error;
        QVERIFY2(w.startRun({}, &error), qPrintable(error));
        QTRY_COMPARE(w.run()->status(), RunStatus::Finished);
        openByDoubleClick(s, QStringLiteral("tally"));
        QCOMPARE(w.document()->depth(), 1);
        // tally ran its graph three times (the loop): each run kept, the latest shown.
        QCOMPARE(w.levelRun()->invocations(), 3);
        QComboBox *picker = w.subgraphs()->invocationPicker();
        QVERIFY(picker);
        QTRY_VERIFY(picker->isVisible());
        QCOMPARE(picker->count(), 4);
        QCOMPARE(picker->currentText(), QStringLiteral("latest (3)"));
        QCOMPARE(w.levelRun()->snapshot().context().variables.value(QStringLiteral("seen")).toInt(), 2);
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("add")).state, NodeRunState::Done);
        // The first one: what it was called with.
        picker->setCurrentIndex(picker->findText(QStringLiteral("1 of 3")));
        QCOMPARE(w.levelRun()->shownInvocation(), 1);
        QCOMPARE(w.levelRun()->snapshot().context().variables.value(QStringLiteral("seen")).toInt(), 0);
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("add")).visits, 1);
        // The Variables dock shows that child run's context (read only there).
        QTreeWidgetItem *seen = w.variables()->item(QStringLiteral("variables/seen"));
        QVERIFY(seen);
        QCOMPARE(seen->text(1), QStringLiteral("0"));
        QVERIFY(!(seen->flags() & Qt::ItemIsEditable));
        picker->setCurrentIndex(0); // the latest again
        QCOMPARE(w.variables()->item(QStringLiteral("variables/seen"))->text(1), QStringLiteral("2"));
        // A level whose node ran once has no picker; at the run's level, the run's own context.
        s.key(Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(w.variables()->item(QStringLiteral("variables/count"))->text(1), QStringLiteral("3"));
        QVERIFY(!w.variables()->item(QStringLiteral("variables/seen")));
        QVERIFY(!w.subgraphs()->bar()->isVisible());
        QVERIFY(!w.subgraphs()->invocationPicker() || !w.subgraphs()->invocationPicker()->isVisible());
    }

    void aConditionalBreakpointInsideAChildRun()
    {
        Rounds s;
        MainWindow &w = s.w;
        openByDoubleClick(s, QStringLiteral("tally"));
        QCOMPARE(w.document()->depth(), 1);
        // In tally's graph: stop at add only from the call that passes 2 (the third round).
        Breakpoint when;
        when.condition = QStringLiteral("input.count >= 2");
        w.run()->setBreakpoint(QStringLiteral("add"), when);
        s.key(Qt::Key_Up, Qt::AltModifier);
        QString error;
        QVERIFY2(w.startRun({}, &error), qPrintable(error));
        QTRY_COMPARE(w.run()->status(), RunStatus::Paused);
        QCOMPARE(w.run()->executor()->pausedPath(), QStringList{QStringLiteral("tally")});
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("tally")).visits, 3);
        openByDoubleClick(s, QStringLiteral("tally"));
        QCOMPARE(w.levelRun()->invocations(), 3);
        QCOMPARE(w.levelRun()->snapshot().pausedAt(), QStringLiteral("add"));
        s.key(Qt::Key_F5);
        QTRY_COMPARE(w.run()->status(), RunStatus::Finished);
        QCOMPARE(w.run()->context().variables.value(QStringLiteral("count")).toInt(), 3);
    }

    // Paused inside a child run, the Variables dock changes its variables (and the run goes on
    // with them) and the Node dock shows its nodes' executions.
    void aChildRunsVariablesChangeWhilePausedInIt()
    {
        Rounds s;
        MainWindow &w = s.w;
        openByDoubleClick(s, QStringLiteral("tally"));
        QCOMPARE(w.document()->depth(), 1);
        w.scene()->selectNodes({QStringLiteral("end")});
        w.actions()->action(StudioActions::RunBreakpoint)->trigger(); // in tally's graph, before its end
        s.key(Qt::Key_Up, Qt::AltModifier);
        QString error;
        QVERIFY2(w.startRun({}, &error), qPrintable(error));
        QTRY_COMPARE(w.run()->status(), RunStatus::Paused);
        QCOMPARE(w.run()->executor()->pausedPath(), QStringList{QStringLiteral("tally")});
        QVERIFY(w.levelRun()->liveChildPath().isEmpty()); // on the run's own level
        openByDoubleClick(s, QStringLiteral("tally"));
        QTRY_COMPARE(w.levelRun()->snapshot().pausedAt(), QStringLiteral("end"));
        QCOMPARE(w.levelRun()->liveChildPath(), QStringList{QStringLiteral("tally")});
        // The Node dock: add's execution in this child run, what it was called with and gave.
        w.scene()->selectNodes({QStringLiteral("add")});
        QTRY_COMPARE(w.nodeDock()->nodeId(), QStringLiteral("add"));
        QTRY_VERIFY(w.nodeDock()->shown());
        QCOMPARE(w.nodeDock()->shown()->outputs.toMap().value(QStringLiteral("count")).toInt(), 1);
        QCOMPARE(w.nodeDock()->shown()->input.value(QStringLiteral("count")).toInt(), 1);
        QCOMPARE(w.nodeDock()->executionPicker()->count(), 1);
        // Its variable count, 1, edited as a person does: 5 typed over it, Return.
        w.variables()->show();
        w.variables()->refresh();
        QTreeWidgetItem *count = w.variables()->item(QStringLiteral("variables/count"));
        QVERIFY(count);
        QCOMPARE(count->text(1), QStringLiteral("1"));
        QVERIFY(count->flags() & Qt::ItemIsEditable);
        auto *tree = count->treeWidget();
        tree->scrollToItem(count);
        tree->editItem(count, 1);
        QTRY_VERIFY(QApplication::focusWidget() && tree->viewport()->isAncestorOf(QApplication::focusWidget()));
        QWidget *editor = QApplication::focusWidget();
        QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(editor, QStringLiteral("5"));
        QTest::keyClick(editor, Qt::Key_Return);
        QTRY_COMPARE(w.run()->executor()->childRun({QStringLiteral("tally")})->context().variables.value(QStringLiteral("count")).toInt(), 5);
        QTRY_COMPARE(w.variables()->item(QStringLiteral("variables/count"))->text(1), QStringLiteral("5"));
        // The run goes on with it: tally gives 5, the loop ends after one round, not three.
        w.run()->clearBreakpoint(QStringLiteral("end"));
        s.key(Qt::Key_F5);
        QTRY_COMPARE(w.run()->status(), RunStatus::Finished);
        QCOMPARE(w.run()->context().variables.value(QStringLiteral("count")).toInt(), 5);
        QCOMPARE(w.levelRun()->invocations(), 1);
        // Ended: the child's context is read only again, and says why.
        QVERIFY(w.levelRun()->liveChildPath().isEmpty());
        QVERIFY(!(w.variables()->item(QStringLiteral("variables/count"))->flags() & Qt::ItemIsEditable));
        QString why;
        QVERIFY(!w.run()->setVariable(QStringLiteral("count"), 7, &why, {QStringLiteral("tally")}));
        QVERIFY2(why.contains(QStringLiteral("ended")), qPrintable(why));
    }

    void aReplayShowsChildRunsAtTheirLevel()
    {
        Newsletter s;
        MainWindow &w = s.w;
        QString error;
        QVERIFY2(w.startRun({}, &error), qPrintable(error));
        QTRY_COMPARE(w.run()->status(), RunStatus::WaitingForInput);
        QVERIFY(w.run()->answer(QStringLiteral("write_issue/approve"), true, &error));
        QTRY_COMPARE(w.run()->status(), RunStatus::Finished);
        QTRY_VERIFY(QFileInfo::exists(w.run()->lastTrace()));
        // The recorded run, replayed: its child events (with their path) at their level.
        QVERIFY2(w.run()->replay(w.run()->lastTrace(), &error), qPrintable(error));
        s.openByDoubleClick(QStringLiteral("write_issue"));
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("finish")).state, NodeRunState::Done);
        // Back to where the child asked: approve waits, finish has not run.
        qsizetype asked = -1;
        const QList<RunEvent> &events = w.run()->events();
        for (qsizetype i = 0; i < events.size() && asked < 0; ++i)
            if (events.at(i).type == RunEventType::InteractionRequested && events.at(i).path == QStringList{QStringLiteral("write_issue")})
                asked = i + 1;
        QVERIFY(asked > 0);
        w.run()->seek(asked);
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("approve")).state, NodeRunState::Waiting);
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("finish")).state, NodeRunState::Pending);
        QCOMPARE(w.levelRun()->snapshot().node(QStringLiteral("polish")).state, NodeRunState::Done);
    }

    void breakpointsBelongToTheirLevel()
    {
        Newsletter s;
        MainWindow &w = s.w;
        w.scene()->selectNodes({QStringLiteral("publish")});
        w.actions()->action(StudioActions::RunBreakpoint)->trigger();
        QVERIFY(w.run()->hasBreakpoint(QStringLiteral("publish")));
        s.openByDoubleClick(QStringLiteral("write_issue"));
        QVERIFY(w.run()->breakpoints().isEmpty()); // the child's own: none yet
        w.scene()->selectNodes({QStringLiteral("finish")});
        w.actions()->action(StudioActions::RunBreakpoint)->trigger();
        QCOMPARE(w.run()->breakpoints().keys(), QStringList{QStringLiteral("finish")});
        s.key(Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(w.run()->breakpoints().keys(), QStringList{QStringLiteral("publish")});
        // A run started inside the child runs the child and stops at its breakpoint.
        s.openByDoubleClick(QStringLiteral("write_issue"));
        QCOMPARE(w.run()->breakpoints().keys(), QStringList{QStringLiteral("finish")});
        QString error;
        QVERIFY2(w.startRun({{QStringLiteral("topic"), QStringLiteral("tests")}}, &error), qPrintable(error));
        QTRY_COMPARE(w.run()->status(), RunStatus::WaitingForInput);
        QVERIFY(w.run()->answer(QStringLiteral("approve"), true, &error));
        QTRY_COMPARE(w.run()->status(), RunStatus::Paused);
        QCOMPARE(w.levelRun()->snapshot().pausedAt(), QStringLiteral("finish"));
        // Above the run's level the canvas shows no run.
        s.key(Qt::Key_Up, Qt::AltModifier);
        QVERIFY(w.levelRun()->snapshot().nodes().isEmpty());
        QVERIFY(!w.levelRun()->isRunning());
    }
};

QTEST_MAIN(TestSubgraphs)
#include "tst_subgraphs.moc"
