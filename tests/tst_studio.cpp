// The studio driven through its real widgets (offscreen): open the seed's graph, add a node
// by double-clicking the canvas, connect it by dragging from a port, undo back to the saved
// bytes, move by dragging (one command), copy/paste, auto-layout, lint markers, export.
#include "support/ExampleGraphs.h"
#include "support/TestPrompts.h"
#include "commands/GraphActions.h"
#include "document/Autosave.h"
#include "document/GraphDocument.h"
#include "export/SceneExporter.h"
#include "scene/EdgeItem.h"
#include "scene/FrameItem.h"
#include "scene/NoteItem.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "run/RunController.h"
#include "scene/NodePainter.h"
#include "ui/NodeLook.h"
#include "scene/RunDecoration.h"
#include "layout/NodeGeometry.h"
#include "view/GraphView.h"
#include "view/OverviewView.h"
#include "view/QuickAddPopup.h"
#include "window/HelpBrowser.h"
#include "window/MainWindow.h"
#include "window/ShortcutsDialog.h"
#include "window/ProblemsDock.h"
#include "yaml/GraphYamlWriter.h"

#include <QFile>
#include <QLabel>
#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QPrinter>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QTextBrowser>
#include <QContextMenuEvent>
#include <QUndoStack>
#include <QDir>
#include <QTemporaryDir>
#include "support/FileSizeLimit.h"
#include <QTreeWidget>
#include <QtTest>

using namespace capgraph;
using namespace capgraph::editor;

namespace {
QString example(const char *name)
{
    return QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/") + QLatin1String(name);
}

QByteArray bytesOf(const GraphDocument *doc)
{
    return GraphYamlWriter::toYaml(doc->graph());
}

QPoint viewPoint(MainWindow &w, const QPointF &scenePos)
{
    return w.view()->mapFromScene(scenePos);
}

void drag(QWidget *viewport, QPoint from, QPoint to)
{
    QTest::mousePress(viewport, Qt::LeftButton, {}, from);
    // Several moves: QGraphicsScene starts a drag only past the drag distance.
    for (int k = 1; k <= 8; ++k) {
        QMouseEvent move(QEvent::MouseMove, from + (to - from) * k / 8, viewport->mapToGlobal(from + (to - from) * k / 8),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport, &move);
    }
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, to);
}
} // namespace

class TestStudio : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTest"));
        QStandardPaths::setTestModeEnabled(true);
    }

    void opensTheSeedGraphLaidOut()
    {
        MainWindow w(testPrompts());
        w.show();
        QVERIFY(w.openFile(example("write-report.yaml")));
        const Graph &g = w.document()->graph();
        QCOMPARE(g.nodes.size(), 15);
        int items = 0;
        for (QGraphicsItem *item : w.scene()->items())
            items += qgraphicsitem_cast<NodeItem *>(item) != nullptr;
        QCOMPARE(items, 15);
        // Every node got a place from the layout engine, and no two boxes overlap.
        for (const Node &n : g.nodes)
            QVERIFY2(n.position.has_value(), qPrintable(n.id));
        for (const Node &a : g.nodes)
            for (const Node &b : g.nodes)
                if (a.id < b.id) {
                    const QRectF ra = w.scene()->nodeItem(a.id)->box().translated(*a.position);
                    const QRectF rb = w.scene()->nodeItem(b.id)->box().translated(*b.position);
                    QVERIFY2(!ra.intersects(rb), qPrintable(a.id + QLatin1Char('/') + b.id));
                }
        // Branch conditions are drawn as labelled edges, the loop's iteration edge as one.
        QStringList labels;
        for (EdgeItem *e : w.scene()->edgeItems())
            labels << e->label();
        QVERIFY(labels.contains(QStringLiteral("pdf_mode")));
        QVERIFY(std::any_of(labels.cbegin(), labels.cend(), [](const QString &l) { return l.startsWith(QStringLiteral("↺")); }));
        QVERIFY(w.metricsLabel()->text().contains(QStringLiteral("complexity 72 (complex)")));
        QCOMPARE(w.problems()->count(), 0);
        QVERIFY(!w.isWindowModified());
    }

    // Issue 25: "remove_build_artif…" was cut on its card at the opening zoom. Every id of
    // every example is written whole on its card: one line, or two.
    void idsAreWrittenWhole()
    {
        QFont title;
        title.setPixelSize(int(NodePainter::TitlePixelSize));
        title.setBold(true);
        const QFontMetricsF fm(title);
        QVERIFY(NodePainter::titleLines(QStringLiteral("remove_build_artifacts"), fm, 136).size() == 2);
        QCOMPARE(NodePainter::titleLines(QStringLiteral("remove_build_artifacts"), fm, 136).join(QString()),
                 QStringLiteral("remove_build_artifacts"));
        QCOMPARE(NodePainter::titleLines(QStringLiteral("remove_build_artifacts"), fm, 136).constFirst(), QStringLiteral("remove_build_"));
        for (const QString &file : exampleGraphFiles(QDir(QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples")))) {
            MainWindow w(testPrompts());
            QVERIFY(w.openFile(example(qPrintable(file))));
            for (const Node &n : w.document()->graph().nodes) {
                if (hasCaptionBelow(n.kind))
                    continue;
                const QRectF text = w.scene()->nodeItem(n.id)->box().adjusted(12, 6, -12, -6);
                const QStringList lines = NodePainter::titleLines(n.id, fm, text.width() - (isInteraction(n.kind) ? 36 : 0));
                QVERIFY2(lines.join(QString()) == n.id, qPrintable(file + QStringLiteral(": ") + lines.join(QLatin1Char('|'))));
            }
        }
    }

    // Issue 25: context menus on a node, an edge and the empty canvas.
    void contextMenus()
    {
        MainWindow w(testPrompts());
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example("write-report.yaml")));
        w.view()->setZoom(1.0);
        QWidget *viewport = w.view()->viewport();
        const auto rightClick = [&](const QPointF &scenePos) {
            const QPoint at = w.view()->mapFromScene(scenePos);
            QContextMenuEvent e(QContextMenuEvent::Mouse, at, viewport->mapToGlobal(at));
            QApplication::sendEvent(viewport, &e);
            QMenu *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
            return menu;
        };
        const auto texts = [](QMenu *menu) {
            QStringList out;
            for (QAction *a : menu->actions())
                if (!a->isSeparator())
                    out << a->objectName() + QLatin1Char('=') + a->text();
            return out.join(QStringLiteral(", "));
        };

        // On a node that is not selected: it becomes the selection, and the menu acts on it.
        w.scene()->selectNodes({QStringLiteral("identify_input")});
        NodeItem *node = w.scene()->nodeItem(QStringLiteral("read_pdf"));
        w.view()->centerOn(node);
        QMenu *menu = rightClick(node->pos());
        QVERIFY(menu);
        QCOMPARE(menu->objectName(), QStringLiteral("NodeContextMenu"));
        QCOMPARE(w.scene()->selectedNodeIds(), QStringList{QStringLiteral("read_pdf")});
        QVERIFY2(texts(menu).contains(QStringLiteral("EditDelete")) && texts(menu).contains(QStringLiteral("RunBreakpoint"))
                     && texts(menu).contains(QStringLiteral("RunFromSelected")) && texts(menu).contains(QStringLiteral("ContextShowCapability")),
                 qPrintable(texts(menu)));
        QAction *breakpoint = w.findChild<QAction *>(QStringLiteral("RunBreakpoint"));
        breakpoint->trigger();
        menu->close();
        QVERIFY(w.run()->hasBreakpoint(QStringLiteral("read_pdf")));

        // On an edge: Delete deletes that edge.
        EdgeItem *edge = nullptr;
        for (EdgeItem *e : w.scene()->edgeItems())
            if (e->flow().from == QStringLiteral("read_pdf"))
                edge = e;
        QVERIFY(edge);
        const QPointF middle = edge->path().pointAtPercent(0.5);
        w.view()->centerOn(middle);
        QCoreApplication::processEvents();
        menu = rightClick(middle);
        QVERIFY(menu);
        QCOMPARE(menu->objectName(), QStringLiteral("EdgeContextMenu"));
        QVERIFY(edge->isSelected());
        const qsizetype edges = w.document()->graph().edges.size();
        w.findChild<QAction *>(QStringLiteral("EditDelete"))->trigger();
        menu->close();
        QCOMPARE(w.document()->graph().edges.size(), edges - 1);
        QVERIFY(w.document()->node(QStringLiteral("read_pdf"))); // the edge, not its node

        // On the empty canvas: a node of the kind chosen where the menu was opened.
        const QPointF empty = w.scene()->itemsBoundingRect().bottomRight() + QPointF(300, 300);
        w.view()->centerOn(empty);
        QCoreApplication::processEvents();
        menu = rightClick(empty);
        QVERIFY(menu);
        QCOMPARE(menu->objectName(), QStringLiteral("CanvasContextMenu"));
        QMenu *addMenu = menu->findChild<QMenu *>(QStringLiteral("ContextAddNodeMenu"));
        QVERIFY(addMenu);
        QAction *addSkill = addMenu->findChild<QAction *>(QStringLiteral("ContextAdd_%1").arg(int(NodeKind::Skill)));
        QVERIFY(addSkill);
        const qsizetype nodes = w.document()->graph().nodes.size();
        addSkill->trigger();
        menu->close();
        QCOMPARE(w.document()->graph().nodes.size(), nodes + 1);
        const Node &added = w.document()->graph().nodes.constLast();
        QCOMPARE(added.kind, NodeKind::Skill);
        QVERIFY(QLineF(*added.position, empty).length() < 20); // snapped to the grid
        QCOMPARE(w.scene()->selectedNodeIds(), QStringList{added.id});
        // One undo step each.
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->graph().nodes.size(), nodes);
    }

    void failedOpenKeepsTheGraph()
    {
        MainWindow w(testPrompts());
        QVERIFY(w.openFile(example("write-report.yaml")));
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.yaml"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("graph:\n  id: x\n  nodes: [\n");
        f.close();
        const QByteArray before = bytesOf(w.document());
        QString error;
        QVERIFY(!w.openFile(bad, &error));
        QVERIFY2(error.contains(QStringLiteral("bad.yaml:")), qPrintable(error));
        QCOMPARE(bytesOf(w.document()), before);
    }

    void createConnectUndoToTheSavedBytes()
    {
        MainWindow w(testPrompts());
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example("write-report.yaml")));
        w.view()->setZoom(1.0);
        const QByteArray original = bytesOf(w.document());
        QWidget *viewport = w.view()->viewport();

        // Double-click an empty spot: a skill node appears there.
        const Node *end = w.document()->node(QStringLiteral("end"));
        const QPointF spot = *end->position + QPointF(0, 220);
        w.view()->centerOn(spot);
        QTest::mouseDClick(viewport, Qt::LeftButton, {}, viewPoint(w, spot));
        QCOMPARE(w.document()->graph().nodes.size(), 16);
        const QString added = w.document()->graph().nodes.last().id;
        QCOMPARE(added, QStringLiteral("skill_1"));
        QVERIFY(w.isWindowModified());

        // The new node is unconnected: the lint marks it at once (after the debounce).
        w.refreshAnalysis();
        QVERIFY(w.scene()->findingsFor(added).second > 0);
        QVERIFY(w.problems()->count() > 0);

        // Drag from write_report's port onto the new node: a sequence edge.
        NodeItem *from = w.scene()->nodeItem(QStringLiteral("write_report"));
        NodeItem *to = w.scene()->nodeItem(added);
        w.view()->centerOn((from->pos() + to->pos()) / 2);
        const int edgesBefore = int(w.document()->graph().edges.size());
        drag(viewport, viewPoint(w, from->portPosition()), viewPoint(w, to->pos()));
        QCOMPARE(w.document()->graph().edges.size(), edgesBefore + 1);
        const Edge &e = w.document()->graph().edges.last();
        QCOMPARE(e.from, QStringLiteral("write_report"));
        QCOMPARE(e.to, added);
        QCOMPARE(e.kind, EdgeKind::Sequence);

        // Dragging a connection onto a start node is refused with a reason.
        NodeItem *start = w.scene()->nodeItem(QStringLiteral("start"));
        w.view()->centerOn((to->pos() + start->pos()) / 2);
        QString reason;
        QVERIFY(!GraphActions::connectNodes(w.document(), added, QStringLiteral("start"), EdgeKind::Sequence, &reason));
        QVERIFY(reason.contains(QStringLiteral("start node")));

        // Drag the node: one move command for the whole drag.
        w.view()->centerOn(to->pos());
        const int commands = w.document()->undoStack()->count();
        const QPointF was = *w.document()->node(added)->position;
        drag(viewport, viewPoint(w, to->pos()), viewPoint(w, to->pos() + QPointF(120, 60)));
        QCOMPARE(w.document()->undoStack()->count(), commands + 1);
        QVERIFY(QLineF(*w.document()->node(added)->position, was).length() > 50);

        // Undo everything: the model is the opened one, byte for byte; redo brings it back.
        const QByteArray edited = bytesOf(w.document());
        while (w.document()->undoStack()->canUndo())
            w.document()->undoStack()->undo();
        QCOMPARE(bytesOf(w.document()), original);
        QVERIFY(!w.isWindowModified());
        while (w.document()->undoStack()->canRedo())
            w.document()->undoStack()->redo();
        QCOMPARE(bytesOf(w.document()), edited);
    }

    void copyPasteAndDelete()
    {
        MainWindow w(testPrompts());
        QVERIFY(w.openFile(example("write-report.yaml")));
        w.scene()->selectNodes({QStringLiteral("generate_query"), QStringLiteral("search_literature")});
        const QByteArray clip = GraphActions::copyAsYaml(w.document(), w.scene()->selectedNodeIds());
        QString error;
        const QStringList pasted = GraphActions::pasteYaml(w.document(), clip, QPointF(30, 30), &error);
        QCOMPARE(pasted, QStringList({QStringLiteral("generate_query_2"), QStringLiteral("search_literature_2")}));
        // The edge between them came along, renamed.
        bool found = false;
        for (const Edge &e : w.document()->graph().edges)
            found = found || (e.from == pasted.at(0) && e.to == pasted.at(1));
        QVERIFY(found);
        QCOMPARE(w.document()->undoStack()->count(), 1);
        // Delete them again: one command, their edge goes too.
        GraphActions::deleteItems(w.document(), pasted, {});
        QCOMPARE(w.document()->graph().nodes.size(), 15);
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->graph().nodes.size(), 17);
        // Garbage on the clipboard is refused with a message.
        QVERIFY(GraphActions::pasteYaml(w.document(), "not: [a graph", QPointF(), &error).isEmpty());
        QVERIFY(!error.isEmpty());
    }

    void autoLayoutIsUndoableAndSaveReloadsEqual()
    {
        MainWindow w(testPrompts());
        QVERIFY(w.openFile(example("discussion.yaml")));
        const QByteArray before = bytesOf(w.document());
        // Scramble, then auto-layout: one command that undoes to the scrambled places.
        GraphActions::alignNodes(w.document(), w.scene()->selectedNodeIds(), Qt::AlignLeft); // nothing selected: no-op
        QCOMPARE(w.document()->undoStack()->count(), 0);
        GraphActions::autoLayout(w.document());
        QCOMPARE(w.document()->undoStack()->count(), 1);
        w.document()->undoStack()->undo();
        QCOMPARE(bytesOf(w.document()), before);
        w.document()->undoStack()->redo();

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("saved.yaml"));
        QVERIFY(w.saveTo(path));
        QVERIFY(!w.isWindowModified());
        MainWindow other(testPrompts());
        QVERIFY(other.openFile(path));
        QVERIFY(other.document()->graph() == w.document()->graph());
    }

    void framesAndNotes()
    {
        MainWindow w(testPrompts());
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example("write-report.yaml")));
        w.view()->setZoom(1.0);
        const QByteArray original = bytesOf(w.document());
        const QStringList group{QStringLiteral("generate_query"), QStringLiteral("search_literature")};
        const QString frameId = GraphActions::groupIntoFrame(w.document(), group, QStringLiteral("Search"));
        QCOMPARE(frameId, QStringLiteral("frame_1"));
        FrameItem *frame = w.scene()->frameItem(frameId);
        QVERIFY(frame);
        // The frame surrounds its members.
        for (const QString &id : group)
            QVERIFY(frame->boundingRect().contains(w.scene()->nodeItem(id)->sceneBoundingRect().center()));

        // Drag the frame by its title bar: the members move with it, one undo step.
        const QPointF title = frame->boundingRect().topLeft() + QPointF(40, 12);
        w.view()->centerOn(title);
        const QPointF before = *w.document()->node(group.first())->position;
        const int commands = w.document()->undoStack()->count();
        drag(w.view()->viewport(), viewPoint(w, title), viewPoint(w, title + QPointF(100, 80)));
        QCOMPARE(w.document()->undoStack()->count(), commands + 1);
        const QPointF moved = *w.document()->node(group.first())->position - before;
        // (the first step is within the drag threshold, and members snap to the grid)
        QVERIFY2(QLineF(moved, QPointF(100, 80)).length() < 30, qPrintable(QStringLiteral("%1,%2").arg(moved.x()).arg(moved.y())));
        QCOMPARE(*w.document()->node(group.last())->position - *w.document()->node(group.first())->position,
                 w.scene()->nodeItem(group.last())->pos() - w.scene()->nodeItem(group.first())->pos());

        // A note: added, moved by a drag (one step), saved and read back.
        const QString noteId = GraphActions::addNote(w.document(), QPointF(0, 400), QStringLiteral("check the sources"));
        NoteItem *note = w.scene()->noteItem(noteId);
        QVERIFY(note);
        w.view()->centerOn(note->sceneBoundingRect().center());
        const int beforeNoteDrag = w.document()->undoStack()->count();
        drag(w.view()->viewport(), viewPoint(w, note->sceneBoundingRect().center()), viewPoint(w, note->sceneBoundingRect().center() + QPointF(60, 0)));
        QCOMPARE(w.document()->undoStack()->count(), beforeNoteDrag + 1);
        QCOMPARE(w.document()->graph().notes.first().position, QPointF(60, 400));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("annotated.yaml"));
        QVERIFY(w.saveTo(path));
        MainWindow other(testPrompts());
        QVERIFY(other.openFile(path));
        QCOMPARE(other.document()->graph().frames, w.document()->graph().frames);
        QCOMPARE(other.document()->graph().notes, w.document()->graph().notes);
        QVERIFY(other.scene()->frameItem(frameId));

        // Deleting a member takes it out of the frame; undo puts it back.
        GraphActions::deleteItems(w.document(), {group.first()}, {});
        QCOMPARE(w.document()->graph().frames.first().nodes, QStringList{group.last()});
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->graph().frames.first().nodes, group);
        // Deleting the frame and the note, then undoing everything, gives the opened bytes.
        GraphActions::deleteItems(w.document(), {}, {}, {frameId, noteId});
        QVERIFY(w.document()->graph().frames.isEmpty() && w.document()->graph().notes.isEmpty());
        while (w.document()->undoStack()->canUndo())
            w.document()->undoStack()->undo();
        QCOMPARE(bytesOf(w.document()), original);
    }

    void recoversAfterACrash()
    {
        // Clear leftovers of earlier runs.
        for (const auto &r : Autosave::recoverable())
            Autosave::discard(r);
        QByteArray edited;
        {
            MainWindow crashed(testPrompts());
            QVERIFY(crashed.openFile(example("git-commit.yaml")));
            GraphActions::addNode(crashed.document(), NodeKind::Skill, QPointF(0, 600));
            edited = bytesOf(crashed.document());
            crashed.autosave()->saveNow();
            QVERIFY(QFile::exists(crashed.autosave()->copyPath()));
            crashed.autosave()->simulateCrash();
        }
        // A live window's copy is locked by it, so it is not offered.
        MainWindow live(testPrompts());
        QVERIFY(live.openFile(example("grades-query.yaml")));
        GraphActions::addNode(live.document(), NodeKind::Skill, QPointF(0, 600));
        live.autosave()->saveNow();
        QVERIFY(QFile::exists(live.autosave()->copyPath()));
        const QList<Autosave::Recovery> found = Autosave::recoverable();
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().originalPath, QFileInfo(example("git-commit.yaml")).absoluteFilePath());
        MainWindow next(testPrompts());
        QVERIFY(next.offerRecovery());
        QCOMPARE(bytesOf(next.document()), edited);
        QVERIFY(next.isWindowModified()); // still unsaved
        QCOMPARE(next.document()->filePath(), QFileInfo(example("git-commit.yaml")).absoluteFilePath());
        QVERIFY(Autosave::recoverable().isEmpty()); // offered once
        // A normal end leaves nothing behind.
        {
            MainWindow normal(testPrompts());
            QVERIFY(normal.openFile(example("git-commit.yaml")));
            GraphActions::addNode(normal.document(), NodeKind::Skill, QPointF(0, 600));
            normal.autosave()->saveNow();
            QVERIFY(QFile::exists(normal.autosave()->copyPath()));
        }
        QVERIFY(Autosave::recoverable().isEmpty());
    }

    // Ctrl+S and the autosave with the disk full half-way: the file on disk keeps its old bytes
    // whole, no temporary file is left, the user is told and the window stays modified; with
    // room again, Ctrl+S writes the whole graph.
    void savesIntoAFullDiskKeepTheOldFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("report.yaml"));
        QVERIFY(QFile::copy(example("write-report.yaml"), path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        const auto read = [](const QString &file) {
            QFile f(file);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        const QByteArray old = read(path);
        MainWindow w(testPrompts());
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(path));
        GraphActions::addNode(w.document(), NodeKind::Skill, QPointF(0, 900));
        QVERIFY(w.isWindowModified());
        testPrompts()->asked.clear();
        const QStringList before = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden);
        {
            const FileSizeLimit full(512);
            QTest::keySequence(&w, QKeySequence::Save);
        }
        QCOMPARE(read(path), old);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), before);
        QVERIFY(w.isWindowModified());
        QVERIFY2(testPrompts()->asked.join(QLatin1Char('\n')).contains(QStringLiteral("error: Save: Could not save ") + path),
                 qPrintable(testPrompts()->asked.join(QLatin1Char('\n'))));

        // The autosave copy: an earlier, whole copy stays as it was.
        w.autosave()->saveNow();
        const QString copy = w.autosave()->copyPath();
        const QByteArray earlier = read(copy);
        QVERIFY(!earlier.isEmpty());
        GraphActions::addNode(w.document(), NodeKind::Skill, QPointF(200, 900));
        {
            const FileSizeLimit full(512);
            w.autosave()->saveNow();
        }
        QCOMPARE(read(copy), earlier);

        QTest::keySequence(&w, QKeySequence::Save);
        QVERIFY(!w.isWindowModified());
        QCOMPARE(read(path), bytesOf(w.document()));
        QVERIFY(read(path).size() > old.size());
    }

    void overviewMovesTheView()
    {
        MainWindow w(testPrompts());
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example("write-report.yaml")));
        w.view()->setZoom(2.0);
        const QPointF end = *w.document()->node(QStringLiteral("end"))->position;
        w.view()->centerOn(*w.document()->node(QStringLiteral("start"))->position);
        QVERIFY(!w.view()->mapToScene(w.view()->viewport()->rect()).boundingRect().contains(end));
        QTest::mouseClick(w.overview()->viewport(), Qt::LeftButton, {}, w.overview()->mapFromScene(end));
        QVERIFY(w.view()->mapToScene(w.view()->viewport()->rect()).boundingRect().contains(end));
    }

    void reconnectAnEdgeByItsHandle()
    {
        MainWindow w(testPrompts());
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example("write-report.yaml")));
        w.view()->setZoom(0.8);
        int index = -1;
        const QList<Edge> &edges = w.document()->graph().edges;
        for (int i = 0; i < edges.size(); ++i)
            if (edges.at(i).from == QLatin1String("write_report") && edges.at(i).to == QLatin1String("end"))
                index = i;
        QVERIFY(index >= 0);
        const auto itemOf = [&w](int i) -> EdgeItem * {
            for (EdgeItem *e : w.scene()->edgeItems())
                if (e->flow().origin == FlowEdge::Origin::Edge && e->flow().edgeIndex == i)
                    return e;
            return nullptr;
        };
        w.scene()->selectEdge(index);
        NodeItem *onto = w.scene()->nodeItem(QStringLiteral("merge_content"));
        w.view()->centerOn((itemOf(index)->targetPoint() + onto->pos()) / 2);
        // Onto the start node: refused, nothing changes.
        const QByteArray before = bytesOf(w.document());
        NodeItem *start = w.scene()->nodeItem(QStringLiteral("start"));
        w.view()->fitAll();
        w.scene()->selectEdge(index);
        drag(w.view()->viewport(), viewPoint(w, itemOf(index)->targetPoint()), viewPoint(w, start->pos()));
        QCOMPARE(bytesOf(w.document()), before);
        // Onto merge_content: the edge's target moves, one undo step.
        w.scene()->selectEdge(index);
        drag(w.view()->viewport(), viewPoint(w, itemOf(index)->targetPoint()), viewPoint(w, onto->pos()));
        QCOMPARE(w.document()->graph().edges.at(index).to, QStringLiteral("merge_content"));
        QCOMPARE(w.document()->graph().edges.at(index).from, QStringLiteral("write_report"));
        QCOMPARE(w.document()->undoStack()->count(), 1);
        w.document()->undoStack()->undo();
        QCOMPARE(bytesOf(w.document()), before);
    }

    void snapLinesAlignADraggedNode()
    {
        MainWindow w(testPrompts());
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example("write-report.yaml")));
        w.view()->setZoom(1.0);
        NodeItem *mover = w.scene()->nodeItem(QStringLiteral("read_pdf"));
        NodeItem *anchor = w.scene()->nodeItem(QStringLiteral("write_report"));
        // Drag read_pdf so that its centre ends 4 px below write_report's centre line.
        const QPointF target(mover->pos().x() + 30, anchor->pos().y() + 4);
        w.view()->centerOn((mover->pos() + target) / 2);
        QWidget *viewport = w.view()->viewport();
        const QPoint from = viewPoint(w, mover->pos());
        const QPoint to = viewPoint(w, target);
        QTest::mousePress(viewport, Qt::LeftButton, {}, from);
        for (int k = 1; k <= 8; ++k) {
            QMouseEvent move(QEvent::MouseMove, from + (to - from) * k / 8, viewport->mapToGlobal(from + (to - from) * k / 8),
                             Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(viewport, &move);
        }
        QVERIFY(!w.scene()->guides().isEmpty()); // the guide shows while dragging
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, to);
        QVERIFY(w.scene()->guides().isEmpty());
        QCOMPARE(w.document()->node(QStringLiteral("read_pdf"))->position->y(), anchor->pos().y());
    }

    // Issue 25: a connection dropped on empty canvas opens quick-add there; the node chosen
    // is added and connected, in one undo step.
    void connectToEmptyCanvasQuickAdds()
    {
        MainWindow w(testPrompts());
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example("project-cleanup.yaml")));
        w.view()->setZoom(1.0);
        NodeItem *from = w.scene()->nodeItem(QStringLiteral("scan_workspace"));
        w.view()->centerOn(from);
        QCoreApplication::processEvents();
        const QPointF empty = from->pos() + QPointF(60, 220); // under the node, nothing there
        QVERIFY(w.scene()->items(QRectF(empty - QPointF(40, 40), QSizeF(80, 80))).isEmpty());
        const int before = w.document()->undoStack()->count();
        drag(w.view()->viewport(), viewPoint(w, from->portPosition()), viewPoint(w, empty));
        QTRY_VERIFY(w.quickAdd()->isVisible());
        QTest::keyClicks(w.quickAdd()->searchField(), QStringLiteral("confirm"));
        QTest::keyClick(w.quickAdd()->searchField(), Qt::Key_Return);
        QVERIFY(!w.quickAdd()->isVisible());
        const Node &added = w.document()->graph().nodes.constLast();
        QCOMPARE(added.kind, NodeKind::Confirm);
        QVERIFY(QLineF(*added.position, empty).length() < 20);
        bool connected = false;
        for (const Edge &e : w.document()->graph().edges)
            connected |= e.from == QStringLiteral("scan_workspace") && e.to == added.id;
        QVERIFY(connected);
        // Drawn: an edge item from the node to the new one.
        bool drawn = false;
        for (EdgeItem *e : w.scene()->edgeItems())
            drawn |= e->flow().from == QStringLiteral("scan_workspace") && e->flow().to == added.id && !e->path().isEmpty();
        QVERIFY(drawn);
        QCOMPARE(w.document()->undoStack()->count(), before + 1);
        w.document()->undoStack()->undo();
        QVERIFY(!w.document()->node(added.id));
        // Escape: nothing added, nothing connected.
        drag(w.view()->viewport(), viewPoint(w, from->portPosition()), viewPoint(w, empty));
        QTRY_VERIFY(w.quickAdd()->isVisible());
        QTest::keyClick(w.quickAdd()->searchField(), Qt::Key_Escape);
        QCOMPARE(w.document()->undoStack()->index(), before);
        // Tab afterwards adds a node without connecting it.
        w.view()->setFocus();
        QTest::keyClick(w.view(), Qt::Key_Tab);
        QTest::keyClicks(w.quickAdd()->searchField(), QStringLiteral("merge"));
        QTest::keyClick(w.quickAdd()->searchField(), Qt::Key_Return);
        const QString merge = w.document()->graph().nodes.constLast().id;
        for (const Edge &e : w.document()->graph().edges)
            QVERIFY(e.to != merge);
    }

    // Issue 25: quick-add offers the registry's capabilities beside the node kinds, found by
    // their name, description or tags; one chosen is a skill node bound to it (as a drop from
    // the Capabilities dock makes), in one undo step.
    void quickAddOffersCapabilities()
    {
        MainWindow w(testPrompts());
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example("write-report.yaml"))); // beside resources/examples/capabilities
        const int before = w.document()->undoStack()->count();
        w.view()->setFocus();
        QTest::keyClick(w.view(), Qt::Key_Tab);
        QTRY_VERIFY(w.quickAdd()->isVisible());
        QTest::keyClicks(w.quickAdd()->searchField(), QStringLiteral("stock"));
        QListWidgetItem *current = w.quickAdd()->list()->currentItem();
        QVERIFY(current && !current->isHidden());
        QVERIFY2(current->text().startsWith(QStringLiteral("finance.get_stock_price")), qPrintable(current->text()));
        QVERIFY(!current->icon().isNull());
        // Every kind that does not match is hidden, and tags are searched too ("api").
        QTest::keyClick(w.quickAdd()->searchField(), Qt::Key_Return);
        QVERIFY(!w.quickAdd()->isVisible());
        const Node &added = w.document()->graph().nodes.constLast();
        QCOMPARE(added.kind, NodeKind::Skill);
        QCOMPARE(added.skillId, QStringLiteral("finance.get_stock_price"));
        QVERIFY(added.outputs.contains(QStringLiteral("price")));
        QVERIFY2(added.inputs.value(QStringLiteral("symbol")).toString().contains(QStringLiteral("${input.symbol}")),
                 qPrintable(added.inputs.value(QStringLiteral("symbol")).toString()));
        QCOMPARE(w.document()->undoStack()->count(), before + 1);
        QCOMPARE(w.scene()->selectedNodeIds(), QStringList{added.id});
        // By a tag: the node kinds go, the capability stays.
        QTest::keyClick(w.view(), Qt::Key_Tab);
        QTRY_VERIFY(w.quickAdd()->isVisible());
        QTest::keyClicks(w.quickAdd()->searchField(), QStringLiteral("finance"));
        int shown = 0;
        for (int i = 0; i < w.quickAdd()->list()->count(); ++i)
            shown += w.quickAdd()->list()->item(i)->isHidden() ? 0 : 1;
        QCOMPARE(shown, 1);
        QTest::keyClick(w.quickAdd()->searchField(), Qt::Key_Escape);
    }

    // Issue 25: the Help menu — the guides that ship with the studio, every shortcut
    // searchable, About.
    void helpMenu()
    {
        MainWindow w(testPrompts());
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QMenu *help = w.findChild<QMenu *>(QStringLiteral("HelpMenu"));
        QVERIFY(help);
        QCOMPARE(w.menuBar()->actions().constLast()->menu(), help); // the last menu, as on every desktop

        // Keyboard Shortcuts (Ctrl+/): the menus' actions with their keys; a search by keys.
        QTest::keySequence(&w, QKeySequence(Qt::CTRL | Qt::Key_Slash));
        auto *shortcuts = w.findChild<ShortcutsDialog *>();
        QVERIFY(shortcuts);
        QTRY_VERIFY(shortcuts->isVisible());
        QVERIFY(shortcuts->list()->topLevelItemCount() > 40);
        QTest::keyClicks(shortcuts->searchField(), QStringLiteral("F9"));
        QCOMPARE(shortcuts->visibleCount(), 1);
        QTreeWidgetItem *row = nullptr;
        for (int i = 0; i < shortcuts->list()->topLevelItemCount(); ++i)
            if (!shortcuts->list()->topLevelItem(i)->isHidden())
                row = shortcuts->list()->topLevelItem(i);
        QVERIFY(row);
        QVERIFY2(row->text(0).contains(QStringLiteral("Breakpoint")), qPrintable(row->text(0)));
        QCOMPARE(row->text(1), QStringLiteral("F9"));
        shortcuts->searchField()->clear();
        QTest::keyClicks(shortcuts->searchField(), QStringLiteral("ctrl+d"));
        QVERIFY(shortcuts->visibleCount() >= 1);
        shortcuts->close();

        // User Guide (F1): the docs, the studio's guide first, rendered.
        QTest::keyClick(&w, Qt::Key_F1);
        auto *guide = w.findChild<HelpBrowser *>();
        QVERIFY(guide);
        QTRY_VERIFY(guide->isVisible());
        QVERIFY(guide->guides()->count() >= 10);
        QCOMPARE(guide->guides()->item(0)->toolTip(), QStringLiteral("studio.md"));
        QVERIFY2(guide->page()->toPlainText().contains(QStringLiteral("Editing")), qPrintable(guide->page()->toPlainText().left(200)));
        QVERIFY(guide->showGuide(QStringLiteral("cli.md")));
        QVERIFY(guide->page()->toPlainText().contains(QStringLiteral("capgraph")));
        guide->close();
    }

    void quickAddWithTab()
    {
        MainWindow w(testPrompts());
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example("write-report.yaml")));
        w.view()->setFocus();
        QTest::keyClick(w.view(), Qt::Key_Tab);
        QVERIFY(w.quickAdd()->isVisible());
        QTest::keyClicks(w.quickAdd()->searchField(), QStringLiteral("loop end"));
        // Each entry: the kind's name as the palette says it, and its type name.
        QCOMPARE(w.quickAdd()->list()->currentItem()->text(), QStringLiteral("Loop end    control.loop_end"));
        QTest::keyClick(w.quickAdd()->searchField(), Qt::Key_Up); // nothing above the only match
        QTest::keyClick(w.quickAdd()->searchField(), Qt::Key_Return);
        QVERIFY(!w.quickAdd()->isVisible());
        QCOMPARE(w.document()->graph().nodes.last().kind, NodeKind::LoopEnd);
        QCOMPARE(w.scene()->selectedNodeIds(), QStringList{w.document()->graph().nodes.last().id});
        QCOMPARE(w.document()->undoStack()->count(), 1);
        // Escape adds nothing.
        QTest::keyClick(w.view(), Qt::Key_Tab);
        QTest::keyClicks(w.quickAdd()->searchField(), QStringLiteral("conf"));
        QTest::keyClick(w.quickAdd()->searchField(), Qt::Key_Escape);
        QCOMPARE(w.document()->undoStack()->count(), 1);
    }

    void edgeTypeComboAndDarkTheme()
    {
        MainWindow w(testPrompts());
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example("write-report.yaml")));
        w.view()->setZoom(1.0);
        // Choose "parallel" in the toolbar: the next port drag makes a parallel edge.
        auto *combo = w.findChild<QComboBox *>(QStringLiteral("EdgeTypeCombo"));
        QVERIFY(combo);
        combo->setCurrentIndex(combo->findData(QStringLiteral("parallel")));
        QVERIFY(combo->currentIndex() > 0);
        const Node *end = w.document()->node(QStringLiteral("end"));
        QTest::mouseDClick(w.view()->viewport(), Qt::LeftButton, {}, viewPoint(w, *end->position + QPointF(0, 200)));
        const QString added = w.document()->graph().nodes.last().id;
        NodeItem *from = w.scene()->nodeItem(QStringLiteral("write_report"));
        NodeItem *to = w.scene()->nodeItem(added);
        w.view()->centerOn((from->pos() + to->pos()) / 2);
        drag(w.view()->viewport(), viewPoint(w, from->portPosition()), viewPoint(w, to->pos()));
        QCOMPARE(w.document()->graph().edges.last().to, added);
        QCOMPARE(w.document()->graph().edges.last().kind, EdgeKind::Parallel);
        // Back to "auto": inferred from the ends again (sequence between two skills).
        w.document()->undoStack()->undo();
        combo->setCurrentIndex(0);
        drag(w.view()->viewport(), viewPoint(w, from->portPosition()), viewPoint(w, to->pos()));
        QCOMPARE(w.document()->graph().edges.last().kind, EdgeKind::Sequence);

        // View > Dark Canvas darkens the whole application, and switching back restores it.
        QAction *dark = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->text().remove(QLatin1Char('&')) == QStringLiteral("Dark Canvas"))
                dark = a;
        QVERIFY(dark);
        dark->setChecked(false);
        const QColor light = QApplication::palette().color(QPalette::Window);
        dark->setChecked(true);
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
        QVERIFY(w.scene()->isDark());
        dark->setChecked(false);
        QCOMPARE(QApplication::palette().color(QPalette::Window), light);
    }

    void optimalPathPreview()
    {
        MainWindow w(testPrompts());
        QVERIFY(w.openFile(example("write-report.yaml")));
        w.pathDepth()->setCurrentIndex(1); // thorough
        w.pathAction()->setChecked(true);
        QVERIFY2(w.pathStatus().contains(QStringLiteral("cost 6")), qPrintable(w.pathStatus()));
        QVERIFY(w.scene()->hasPathHighlight());
        for (const char *id : {"start", "identify_input", "branch_input_type", "read_pdf", "merge_content", "write_report", "end"})
            QVERIFY2(w.scene()->isOnPath(QLatin1String(id)), id);
        QVERIFY(!w.scene()->isOnPath(QStringLiteral("fetch_pmid")));
        int strong = 0;
        for (EdgeItem *e : w.scene()->edgeItems())
            strong += w.scene()->isOnPath(e->flowIndex());
        QCOMPARE(strong, 6);
        // A budget too small: no path, and it says why.
        w.pathBudget()->setValue(3);
        QVERIFY2(w.pathStatus().startsWith(QStringLiteral("No path")), qPrintable(w.pathStatus()));
        QVERIFY(!w.scene()->isOnPath(QStringLiteral("start")));
        // Off: no preview.
        w.pathAction()->setChecked(false);
        QVERIFY(!w.scene()->hasPathHighlight());
    }

    void printsToPdf()
    {
        MainWindow w(testPrompts());
        QVERIFY(w.openFile(example("write-report.yaml")));
        QTemporaryDir dir;
        QPrinter printer(QPrinter::HighResolution);
        printer.setOutputFormat(QPrinter::PdfFormat);
        printer.setOutputFileName(dir.filePath(QStringLiteral("g.pdf")));
        w.printTo(&printer);
        QFile pdf(dir.filePath(QStringLiteral("g.pdf")));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pdf.readAll();
        QVERIFY(bytes.startsWith("%PDF"));
        QVERIFY(bytes.size() > 5000);
    }

    void exportsSvgAndPng()
    {
        MainWindow w(testPrompts());
        QVERIFY(w.openFile(example("write-report.yaml")));
        QTemporaryDir dir;
        QString error;
        const QString svg = dir.filePath(QStringLiteral("g.svg"));
        QVERIFY2(SceneExporter::exportTo(w.scene(), svg, false, 1.0, &error), qPrintable(error));
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("write_report")); // the node's id is drawn as text
        const QString png = dir.filePath(QStringLiteral("g.png"));
        QVERIFY(SceneExporter::exportTo(w.scene(), png, false, 2.0, &error));
        const QImage image(png);
        QVERIFY(image.width() > 1000);
        QVERIFY(!SceneExporter::exportTo(w.scene(), dir.filePath(QStringLiteral("g.bmp")), false, 1.0, &error));
    }

    void lintAndMetricsFollowEditsInTheBackground()
    {
        // No refreshAnalysis() here: the window re-analyses by itself after an edit (on a
        // worker thread), and a result for an older graph never lands.
        MainWindow w(testPrompts());
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example("write-report.yaml")));
        QVERIFY(w.metricsLabel()->text().startsWith(QStringLiteral("15 nodes")));
        w.view()->setZoom(1.0);
        const QPointF spot = *w.document()->node(QStringLiteral("end"))->position + QPointF(0, 220);
        w.view()->centerOn(spot);
        QTest::mouseDClick(w.view()->viewport(), Qt::LeftButton, {}, viewPoint(w, spot));
        const QString added = w.document()->graph().nodes.last().id;
        QCOMPARE(w.scene()->findingsFor(added).second, 0); // not yet: the analysis is debounced
        QTRY_VERIFY(w.scene()->findingsFor(added).second > 0);
        QTRY_VERIFY(w.metricsLabel()->text().startsWith(QStringLiteral("16 nodes")));
        QVERIFY(w.problems()->count() > 0);
        // Two quick edits: the first one's analysis (if it finished) is superseded.
        w.document()->undoStack()->undo();
        w.document()->undoStack()->redo();
        w.document()->undoStack()->undo();
        QTRY_VERIFY(w.metricsLabel()->text().startsWith(QStringLiteral("15 nodes")));
        QTRY_COMPARE(w.problems()->count(), 0);
    }

    void zoomedOutTheCanvasIsSketched()
    {
        MainWindow w(testPrompts());
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example("write-report.yaml")));
        const QString id = QStringLiteral("search_literature");
        NodeItem *item = w.scene()->nodeItem(id);
        w.view()->setZoom(1.0);
        QVERIFY(!w.view()->isSketching());
        w.view()->setZoom(0.2);
        QVERIFY(w.view()->isSketching());
        w.view()->centerOn(item);
        QCoreApplication::processEvents();
        const QPoint at = viewPoint(w, item->pos() + QPointF(0, 8)); // below the (undrawn) text line
        const auto pixel = [&w, at] { return w.view()->viewport()->grab().toImage().pixelColor(at * w.view()->devicePixelRatioF()); };
        // The sketch draws the node in its kind's colour where the items would have.
        QCOMPARE(pixel().rgb(), NodeLook::fill(NodeKind::Skill, false).rgb());
        // Hit testing is the items' as ever: a click selects the node, and the sketch shows it.
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(w.scene()->selectedNodeIds(), QStringList{id});
        QCOMPARE(pixel().rgb(), QColor(0x2f7de1).lighter(160).rgb());
        // A click on empty canvas clears the selection, and the sketch follows.
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {}, viewPoint(w, item->pos() + QPointF(0, 400)));
        QVERIFY(w.scene()->selectedNodeIds().isEmpty());
        QCOMPARE(pixel().rgb(), NodeLook::fill(NodeKind::Skill, false).rgb());
        // The overview is sketched too: the graph is in it, not a blank.
        const QImage overview = w.overview()->viewport()->grab().toImage();
        const QRgb background = overview.pixel(1, 1);
        int drawn = 0;
        for (int y = 0; y < overview.height(); ++y)
            for (int x = 0; x < overview.width(); ++x)
                drawn += overview.pixel(x, y) != background;
        QVERIFY2(drawn > 200, qPrintable(QString::number(drawn)));
    }

    // Issue 25: a node's badges (lint findings, ×N runs, the breakpoint dot) sit on its
    // corners and reach past its box no further than edge labels and routed edges keep off
    // it, at the zooms people work at: none covers an edge or a label passing the node.
    void badgesStayOnTheNodesCorners()
    {
        Node node;
        node.id = QStringLiteral("search_literature");
        node.kind = NodeKind::Skill;
        node.skillId = QStringLiteral("literature-search");
        const QRectF box(-70, -28, 140, 56);
        for (const double lod : {1.0, 0.75, 2.0}) {
            QImage image(QSize(400, 300) * lod, QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::transparent);
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.translate(image.width() / 2.0, image.height() / 2.0);
            painter.scale(lod, lod);
            NodePainter::paint(&painter, node, box, false, lod, Severity::Error, 12, false);
            NodeRunInfo visited;
            visited.state = NodeRunState::Pending; // no outline: the badges alone
            visited.visits = 12;
            RunDecoration::paint(&painter, box, visited, true, true, false, lod);
            painter.end();
            // Everything drawn lies within the box and the overhang (one pixel of antialiasing).
            const double reach = RunDecoration::Overhang + 1.0 / lod;
            QVERIFY(RunDecoration::Overhang < 10); // EdgeRouter::Clearance
            const QRectF allowed = box.adjusted(-reach, -reach, reach, reach);
            int outside = 0, inside = 0;
            QPointF first;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x) {
                    if (qAlpha(image.pixel(x, y)) == 0)
                        continue;
                    const QPointF at((x + 0.5 - image.width() / 2.0) / lod, (y + 0.5 - image.height() / 2.0) / lod);
                    if (allowed.contains(at))
                        ++inside;
                    else if (outside++ == 0)
                        first = at;
                }
            QVERIFY(inside > 0);
            QVERIFY2(outside == 0, qPrintable(QStringLiteral("zoom %1: %2 pixels outside, first at %3,%4")
                                                  .arg(lod).arg(outside).arg(first.x()).arg(first.y())));
        }
    }

    void renamingAFramedNodeKeepsItInTheFrame()
    {
        MainWindow w(testPrompts());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example("paper-review.yaml")));
        QVERIFY(!w.document()->graph().frames.isEmpty());
        const Frame frame = w.document()->graph().frames.first();
        const QString member = frame.nodes.first();
        Node renamed = *w.document()->node(member);
        renamed.id = member + QStringLiteral("_renamed");
        QString why;
        QVERIFY2(GraphActions::editNode(w.document(), member, renamed, QStringLiteral("id"), &why), qPrintable(why));
        FrameItem *f = w.scene()->frameItem(frame.id);
        NodeItem *n = w.scene()->nodeItem(renamed.id);
        QVERIFY(f && n);
        QVERIFY(f->sceneBoundingRect().contains(n->sceneBoundingRect().center()));
    }

    void undoKeepsTheSameEdgeSelected()
    {
        MainWindow w(testPrompts());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example("write-report.yaml")));
        const QList<Edge> edges = w.document()->graph().edges;
        QVERIFY(edges.size() > 5);
        GraphActions::deleteItems(w.document(), {}, {2});
        w.scene()->selectEdge(4); // was edges[5]
        const Edge chosen = w.document()->graph().edges.at(4);
        QCOMPARE(chosen.from, edges.at(5).from);
        w.document()->undoStack()->undo(); // edge 2 is back: the chosen one is at 5 again
        QCOMPARE(w.scene()->selectedEdgeIndexes(), QList<int>{5});
        QCOMPARE(w.document()->graph().edges.at(5).from, chosen.from);
        QCOMPARE(w.document()->graph().edges.at(5).to, chosen.to);
    }
};

QTEST_MAIN(TestStudio)
#include "tst_studio.moc"
