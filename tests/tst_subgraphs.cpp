// Sub-graphs in the studio (docs/studio.md, "Sub-graphs"): a composite node shows a badge and
// a preview of its graph, opens it in place (double-click, Return, the context menu), the
// breadcrumb goes back; each level keeps its own history, unsaved changes and breakpoints; a
// run shows each level's own nodes. Driven as a user does, on resources/examples/newsletter.
#include "support/StudioWindow.h"

#include "document/GraphDocument.h"
#include "run/InboxDock.h"
#include "run/LevelRunView.h"
#include "run/RunController.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "view/SubgraphPreview.h"
#include "window/StudioActions.h"
#include "window/SubgraphNavigation.h"

#include <QDirIterator>
#include <QHelpEvent>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTemporaryDir>
#include <QToolBar>
#include <QToolButton>
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
    void openByDoubleClick(const QString &id)
    {
        w.view()->ensureShown(w.scene()->nodeItem(id)->box().translated(w.scene()->nodeItem(id)->pos()));
        doubleClick(viewport(), centreOf(id));
        QCoreApplication::processEvents();
    }
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
        // A label edit is a double-click no more on a composite card, but F2 still is.
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
