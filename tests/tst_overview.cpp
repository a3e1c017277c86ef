// The Overview (the minimap over the canvas's corner) at the default window size, through the
// real window on the offscreen platform, checked by what is on the screen: where it sits next
// to the canvas and the docks, which pixels it draws, whether it is shown at all.
//   - it stays inside the canvas, small beside it, never over a dock, and a node the run goes
//     to, or that was in view when a dock opened, is not under it; a canvas too small for it
//     goes without it;
//   - a run's states are drawn in it at its own scale: the state's colour on the node's
//     rectangle, no screen-sized outline, badge or arrow;
//   - it shows the states the canvas shows: none after Back to Editing, the replayed
//     position's during a replay;
//   - it is hidden while the whole graph is in view, shown again when it is not;
//   - the rectangle of what the canvas shows is drawn inside its frame, all four sides.
#include "support/StudioWindow.h"

#include "document/GraphDocument.h"
#include "run/RunController.h"
#include "run/RunHistoryDock.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "view/OverviewView.h"
#include "window/StudioActions.h"

#include <QAction>
#include <QDockWidget>
#include <QDir>
#include <QListWidget>
#include <QPushButton>
#include <QScreen>
#include <QSlider>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace capgraph;
using namespace capgraph::editor;
using namespace capgraph::editor::testing;

namespace {

// How far (summed over the channels) a pixel may be from a run state's colour: the minimap
// tints what the canvas shows with its rectangle's translucent blue.
constexpr int kStateTolerance = 70;

// Pixels of `rect` (all of `image` when null) within `tolerance` (summed over the channels)
// of `colour`.
int colourIn(const QImage &image, const QColor &colour, QRect rect = {}, int tolerance = kStateTolerance)
{
    const QRect r = rect.isNull() ? image.rect() : rect.intersected(image.rect());
    int n = 0;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            n += std::abs(c.red() - colour.red()) + std::abs(c.green() - colour.green()) + std::abs(c.blue() - colour.blue())
                         <= tolerance
                     ? 1
                     : 0;
        }
    return n;
}

// A node's box in the scene.
QRectF boxOf(const MainWindow &w, const QString &id)
{
    const NodeItem *item = w.scene()->nodeItem(id);
    return item ? item->box().translated(item->pos()) : QRectF();
}

// Where a widget is, in the window's coordinates.
QRect inWindow(const QWidget *widget, const MainWindow &w)
{
    return QRect(widget->mapTo(&w, QPoint(0, 0)), widget->size());
}

// The canvas's viewport, in the window's coordinates: what the user sees of the canvas.
QRect canvasArea(const MainWindow &w)
{
    return inWindow(w.view()->viewport(), w);
}

// A node's box on the canvas, in the window's coordinates.
QRect nodeInWindow(const MainWindow &w, const QString &id)
{
    const QRect onViewport = w.view()->mapFromScene(boxOf(w, id)).boundingRect();
    return onViewport.translated(w.view()->viewport()->mapTo(&w, QPoint(0, 0)));
}

// The minimap as it is on the screen (the window's backing store, not a fresh rendering as
// grab() would make), `wait` milliseconds from now.
QImage minimapAfter(const MainWindow &w, int wait)
{
    QTest::qWait(wait);
    const QWidget *viewport = w.overview()->viewport();
    const QPoint at = viewport->mapTo(&w, QPoint(0, 0));
    return w.screen()->grabWindow(w.winId(), at.x(), at.y(), viewport->width(), viewport->height()).toImage();
}

// Once it has settled: during a run it is sketched anew at most every ResketchMs.
QImage minimap(const MainWindow &w)
{
    return minimapAfter(w, OverviewView::ResketchMs + 150);
}

// As soon as the canvas shows a change (a few frames).
QImage minimapNow(const MainWindow &w)
{
    return minimapAfter(w, 60);
}

const QColor kDone(0x12a150), kArrow(0xffd43b), kWaiting(0xe8590c);
const QVariantMap kSearch{{QStringLiteral("type"), QStringLiteral("search")}, {QStringLiteral("topic"), QStringLiteral("graph neural networks")}};

// The run stands still (a step, a pause), and the dock that opens with it is laid out.
bool waitPaused(const MainWindow &w)
{
    const bool paused = QTest::qWaitFor([&w] { return w.run()->status() == RunStatus::Paused; }, 5000);
    QTest::qWait(100);
    return paused;
}

} // namespace

class TestOverview : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTest"));
        QCoreApplication::setApplicationName(QStringLiteral("Overview"));
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear(); // a first start: the default layout, the overview wanted
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
    }

    void init() { testPrompts()->reset(); }

    void staysClearOfWhatTheUserNeeds()
    {
        // Defect 1: with a bottom dock open (a run paused), the minimap covered write-report's
        // read_pdf; it must stay inside the canvas, small beside it, off the docks, and leave the
        // nodes in view and the one the run follows uncovered.
        Studio s;
        MainWindow &w = s.w;
        QVERIFY(w.openFile(example("write-report.yaml")));
        QTest::qWait(300);
        s.key(Qt::Key_F10); // a run that stops before its first node: the bottom docks open
        QVERIFY(waitPaused(w));
        OverviewView *overview = w.overview();
        QVERIFY2(overview->isVisible(), "the graph is wider than the canvas: the minimap shows");
        const QRect canvas = canvasArea(w);
        const QRect map = inWindow(overview, w);
        QVERIFY2(canvas.contains(map), qPrintable(QStringLiteral("minimap %1,%2 %3x%4 outside the canvas %5,%6 %7x%8")
                                                       .arg(map.x()).arg(map.y()).arg(map.width()).arg(map.height())
                                                       .arg(canvas.x()).arg(canvas.y()).arg(canvas.width()).arg(canvas.height())));
        for (const QDockWidget *dock : w.findChildren<QDockWidget *>())
            if (dock->isVisible())
                QVERIFY2(!inWindow(dock, w).intersects(map), qPrintable(dock->objectName()));
        // Small beside the canvas: a fifth of its width, a quarter of its height at most.
        QVERIFY2(map.width() <= canvas.width() / 5 && map.height() <= canvas.height() / 4,
                 qPrintable(QStringLiteral("%1x%2 over %3x%4").arg(map.width()).arg(map.height()).arg(canvas.width()).arg(canvas.height())));
        // Every node in view is uncovered, read_pdf among them.
        for (const Node &n : w.document()->graph().nodes) {
            const QRect node = nodeInWindow(w, n.id);
            if (canvas.intersects(node))
                QVERIFY2(!node.intersects(map), qPrintable(n.id));
        }
        QVERIFY(canvas.contains(nodeInWindow(w, QStringLiteral("read_pdf"))));

        // The node the run stands at, scrolled under the minimap: following the run (Run >
        // Follow the Run turned on) brings it out from under it.
        const QString at = w.run()->snapshot().pausedAt();
        QVERIFY(!at.isEmpty());
        const QRectF atBox = boxOf(w, at);
        const QRect mapOnViewport = overview->geometry().translated(-w.view()->viewport()->pos());
        w.view()->centerOn(w.view()->mapToScene(w.view()->viewport()->rect().center()) + atBox.center()
                           - w.view()->mapToScene(mapOnViewport.center()));
        QVERIFY(overview->isVisible());
        QVERIFY(nodeInWindow(w, at).intersects(inWindow(overview, w)));
        QAction *follow = w.actions()->action(StudioActions::FollowRun);
        follow->setChecked(false);
        follow->setChecked(true);
        QVERIFY(overview->isVisible());
        QVERIFY2(!nodeInWindow(w, at).intersects(inWindow(overview, w)), qPrintable(at + QStringLiteral(" left under the minimap")));
        QVERIFY(canvasArea(w).contains(nodeInWindow(w, at)));
        w.run()->stop();

        // A canvas too small to spare a corner goes without the minimap.
        w.resize(700, 480);
        QTest::qWait(100);
        const QRect small = canvasArea(w);
        QVERIFY2(!overview->isVisible() || (small.contains(inWindow(overview, w)) && overview->width() <= small.width() / 5
                                            && overview->height() <= small.height() / 4),
                 qPrintable(QStringLiteral("%1x%2 over %3x%4").arg(overview->width()).arg(overview->height()).arg(small.width()).arg(small.height())));
    }

    void runStatesAtTheMinimapsScale()
    {
        // Defect 2: run states were drawn at screen size in the minimap (a green blob over the
        // start node, a huge step arrow). They are the state's colour on the node's rectangle.
        Studio s;
        MainWindow &w = s.w;
        QVERIFY(w.openFile(example("write-report.yaml")));
        s.key(Qt::Key_F10); // a run that stands before start
        QVERIFY(waitPaused(w));
        s.key(Qt::Key_F10); // start runs, the run stands before identify_input
        QVERIFY(waitPaused(w));
        QCOMPARE(w.run()->snapshot().pausedAt(), QStringLiteral("identify_input"));
        QVERIFY(w.overview()->isVisible());
        const QImage map = minimap(w);
        // Where the nodes' rectangles are in the minimap (a pixel of slack for rounding): the
        // run's colours are there and nowhere else.
        const QRect start = w.overview()->mapFromScene(boxOf(w, QStringLiteral("start"))).boundingRect().adjusted(-1, -1, 1, 1);
        const QRect next = w.overview()->mapFromScene(boxOf(w, QStringLiteral("identify_input"))).boundingRect().adjusted(-1, -1, 1, 1);
        const QRegion nodes = QRegion(start) + QRegion(next);
        int outside = 0;
        for (const QColor &colour : {kDone, kArrow})
            for (int y = 0; y < map.height(); ++y)
                for (int x = 0; x < map.width(); ++x)
                    if (!nodes.contains(QPoint(x, y)))
                        outside += colourIn(map, colour, QRect(x, y, 1, 1));
        QVERIFY2(outside == 0, qPrintable(QStringLiteral("%1 pixels of run-state colours outside the nodes' rectangles (%2 and %3 pixels)")
                                               .arg(outside).arg(start.width() * start.height()).arg(next.width() * next.height())));
        // On the boxes: start is done, green; the run stands before identify_input, yellow.
        QVERIFY(colourIn(map, kDone, start) > 0);
        QVERIFY(colourIn(map, kArrow, next) > 0);
        w.run()->stop();
    }

    void showsTheStatesTheCanvasShows()
    {
        // Defect 3: during a replay at event 0 and after Back to Editing the minimap kept the
        // last run's states. It shows what the canvas shows, when the canvas shows it.
        Studio s;
        MainWindow &w = s.w;
        QVERIFY(w.openFile(example("write-report.yaml")));
        testPrompts()->runInputs.enqueue(kSearch);
        w.actions()->action(StudioActions::RunInput)->trigger();
        QVERIFY(w.run()->isRunning() || w.run()->status() == RunStatus::Finished); // its Run button runs
        s.key(Qt::Key_F5, Qt::ShiftModifier); // stopped: F10 starts a run of its own, paused before its first node
        QTRY_VERIFY(!w.run()->isRunning());
        s.key(Qt::Key_F10);
        QVERIFY(waitPaused(w));
        s.key(Qt::Key_F10);
        QVERIFY(waitPaused(w));
        s.key(Qt::Key_F10); // start and identify_input done, the run before branch_input_type
        QVERIFY(waitPaused(w));
        QVERIFY(colourIn(minimap(w), kDone) > 0);
        const QString before = w.run()->lastTrace();
        s.key(Qt::Key_F5, Qt::ShiftModifier); // stop: the run's trace goes to the history
        QTRY_VERIFY_WITH_TIMEOUT(w.run()->lastTrace() != before && !w.run()->lastTrace().isEmpty(), 5000);

        // Replayed from the Run History (a double-click), scrubbed with the keyboard.
        QListWidget *list = w.runHistory()->list();
        QTRY_VERIFY(list->count() >= 1);
        w.runHistory()->show();
        w.runHistory()->raise();
        QCoreApplication::processEvents();
        doubleClick(list->viewport(), list->visualItemRect(list->item(0)).center());
        QTRY_VERIFY(w.run()->isReplaying());
        QVERIFY(w.overview()->isVisible());
        auto *scrubber = w.runHistory()->findChild<QSlider *>(QStringLiteral("RunScrubber"));
        QVERIFY(scrubber && scrubber->isEnabled());
        scrubber->setFocus();
        const auto doneIn = [&w](const QImage &map, const char *id) {
            return colourIn(map, kDone, w.overview()->mapFromScene(boxOf(w, QLatin1String(id))).boundingRect());
        };
        // At the end: start and identify_input done, in their boxes.
        QImage map = minimap(w);
        QVERIFY(doneIn(map, "start") > 0 && doneIn(map, "identify_input") > 0);
        // At event 0, back and forth as a user scrubs: nothing has run, on the canvas and here.
        QTest::keyClick(scrubber, Qt::Key_Home);
        QCOMPARE(w.run()->position(), 0);
        QCOMPARE(colourIn(s.shot(), kDone), 0);
        QCOMPARE(colourIn(minimap(w), kDone), 0);
        QTest::keyClick(scrubber, Qt::Key_End);
        map = minimapNow(w);
        QVERIFY(doneIn(map, "start") > 0 && doneIn(map, "identify_input") > 0);
        QTest::keyClick(scrubber, Qt::Key_Home);
        QCOMPARE(colourIn(s.shot(), kDone), 0);
        for (const QColor &state : {kDone, kArrow, kWaiting})
            QCOMPARE(colourIn(minimapNow(w), state), 0);
        // The position where only start has run: start's colour, not identify_input's.
        for (int k = 0; k < w.run()->events().size() && w.run()->snapshot().node(QStringLiteral("start")).state != NodeRunState::Done; ++k)
            QTest::keyClick(scrubber, Qt::Key_Right);
        QCOMPARE(w.run()->snapshot().node(QStringLiteral("identify_input")).state, NodeRunState::Pending);
        map = minimapNow(w);
        QVERIFY(doneIn(map, "start") > 0);
        QCOMPARE(doneIn(map, "identify_input"), 0);

        // Back to Editing: no run on the canvas, none here.
        QTest::keyClick(scrubber, Qt::Key_End);
        QVERIFY(colourIn(minimapNow(w), kDone) > 0);
        QTest::mouseClick(w.runHistory()->findChild<QPushButton *>(QStringLiteral("LeaveReplay")), Qt::LeftButton);
        QVERIFY(!w.run()->isReplaying());
        QCOMPARE(colourIn(s.shot(), kDone), 0);
        for (const QColor &state : {kDone, kArrow, kWaiting})
            QCOMPARE(colourIn(minimapNow(w), state), 0);
    }

    void hiddenWhileTheWholeGraphIsInView()
    {
        // Defect 4: the minimap showed with the whole graph in view (zoomed out: there the
        // main view centres the scene after it has told of the zoom).
        Studio s;
        MainWindow &w = s.w;
        const auto wholeInView = [&w] {
            const QRectF seen = w.view()->mapToScene(w.view()->viewport()->rect()).boundingRect();
            for (const Node &n : w.document()->graph().nodes)
                if (!seen.contains(boxOf(w, n.id)))
                    return false;
            return true;
        };
        QVERIFY(w.openFile(example("write-report.yaml")));
        QTest::qWait(300);
        QVERIFY(!wholeInView());
        QVERIFY2(w.overview()->isVisible(), "opened at a legible zoom, write-report is wider than the canvas");
        w.actions()->action(StudioActions::ShowWholeGraph)->trigger();
        QTest::qWait(50);
        QVERIFY(wholeInView());
        QVERIFY2(!w.overview()->isVisible(), "Show Whole Graph");
        for (int k = 1; k <= 4; ++k) { // further out, the scene smaller than the canvas
            w.actions()->action(StudioActions::ZoomOut)->trigger();
            QTest::qWait(50);
            QVERIFY(wholeInView());
            QVERIFY2(!w.overview()->isVisible(), qPrintable(QStringLiteral("zoomed out %1 times, at %2 %").arg(k).arg(w.view()->zoom() * 100)));
        }
        // Zoomed in until part of it is out of view: the minimap comes back.
        for (int k = 0; k < 12 && wholeInView(); ++k) {
            w.actions()->action(StudioActions::ZoomIn)->trigger();
            QTest::qWait(50);
        }
        QVERIFY(!wholeInView());
        QVERIFY(w.overview()->isVisible());

        // A small graph opens whole, and stays so zoomed out.
        QVERIFY(w.openFile(example("project-cleanup.yaml")));
        QTest::qWait(300);
        QVERIFY(wholeInView());
        QVERIFY2(!w.overview()->isVisible(), "project-cleanup is in view whole");
        for (int k = 1; k <= 3; ++k) {
            w.actions()->action(StudioActions::ZoomOut)->trigger();
            QTest::qWait(50);
            QVERIFY2(!w.overview()->isVisible(), qPrintable(QStringLiteral("zoomed out %1 times, at %2 %").arg(k).arg(w.view()->zoom() * 100)));
        }
    }

    void viewRectangleInsideTheFrame()
    {
        // Defect 5: the rectangle of what the canvas shows ran out of the minimap's frame when
        // the canvas looked beyond the graph: it is clipped to the frame, all four sides drawn.
        Studio s;
        MainWindow &w = s.w;
        QVERIFY(w.openFile(example("write-report.yaml")));
        QTest::qWait(300);
        // Looking past the graph's top left corner: part of the view is empty canvas, part of
        // the graph is out of view.
        const QRectF bounds = w.scene()->contentBounds();
        w.view()->centerOn(bounds.topLeft());
        QTest::qWait(300);
        QVERIFY(w.overview()->isVisible());
        const QImage map = minimap(w);
        const QColor frame(0x2f7de1);
        int left = map.width(), right = -1, top = map.height(), bottom = -1;
        for (int y = 0; y < map.height(); ++y)
            for (int x = 0; x < map.width(); ++x)
                if (colourIn(map, frame, QRect(x, y, 1, 1), 24)) {
                    left = std::min(left, x);
                    right = std::max(right, x);
                    top = std::min(top, y);
                    bottom = std::max(bottom, y);
                }
        QVERIFY2(right > left + 4 && bottom > top + 4, "the rectangle is drawn");
        // Each of its four sides is a line from corner to corner, inside the minimap.
        const int tall = bottom - top + 1, wide = right - left + 1;
        const int leftSide = colourIn(map, frame, QRect(left, top, 1, tall), 24);
        const int rightSide = colourIn(map, frame, QRect(right, top, 1, tall), 24);
        const int topSide = colourIn(map, frame, QRect(left, top, wide, 1), 24);
        const int bottomSide = colourIn(map, frame, QRect(left, bottom, wide, 1), 24);
        QVERIFY2(leftSide >= tall - 2 && rightSide >= tall - 2 && topSide >= wide - 2 && bottomSide >= wide - 2,
                 qPrintable(QStringLiteral("sides: left %1, right %2 of %3; top %4, bottom %5 of %6")
                                .arg(leftSide).arg(rightSide).arg(tall).arg(topSide).arg(bottomSide).arg(wide)));
    }
};

QTEST_MAIN(TestOverview)
#include "tst_overview.moc"
