// A newcomer's first hour in the studio (issue 16's user stories), through the real widgets
// of a window of the default size (1280 x 800) on the offscreen platform, checking what is on
// the screen as well as the model: every example opens with its labels drawn; a graph is
// authored by mouse and keyboard only and saved as the expected YAML, its branch deciding by
// its conditions alone; every example runs to its end with the questions answered in the
// Inbox; stepping through write-report, the arrow always stands before the node the next
// step runs; run states show at every zoom and the view follows the run; hundreds of random
// mouse gestures never leave an item where the document does not have it, and undo brings
// back the opened bytes; edges stay off other boxes after auto-layout and moves. The Run Log
// reads at this size (the run's own time in seconds, whole cells, changed values, in English
// and 繁體中文) and comes forward when a run starts; File > Open on the open graph says so;
// the View menu says Dark Canvas, as docs/studio.md does.
#include "support/DrawingCheck.h"
#include "support/StudioWindow.h"
#include "support/TestPrompts.h"

#include "commands/GraphActions.h"
#include "document/GraphDocument.h"
#include "export/SceneExporter.h"
#include "layout/EdgeRouter.h"
#include "properties/ConditionsTable.h"
#include "scene/NodePainter.h"
#include "validation/GraphValidator.h"
#include "properties/NodePropertiesForm.h"
#include "properties/PropertiesDock.h"
#include "run/InboxDock.h"
#include "run/RunController.h"
#include "run/RunHistoryDock.h"
#include "run/RunLogDock.h"
#include "scene/EdgeItem.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "view/GraphView.h"
#include "view/QuickAddPopup.h"
#include "planview/PlanWindow.h"
#include "window/MainWindow.h"
#include "ui/PaletteList.h"
#include "ui/WindowSize.h"
#include "window/StudioLanguage.h"
#include "window/StudioLayout.h"
#include "window/StudioActions.h"
#include "yaml/GraphYamlWriter.h"
#include "io/YamlValue.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFrame>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QPushButton>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolBar>
#include <QToolButton>
#include <QTreeWidget>
#include <QtTest>

using namespace capgraph;
using namespace capgraph::editor;
using namespace capgraph::editor::testing;

namespace {

QByteArray bytesOf(const GraphDocument *doc)
{
    return GraphYamlWriter::toYaml(doc->graph());
}

// Pixels of text ink (dark) in a rectangle of the screen.
int inkIn(const QImage &image, const QRect &rect)
{
    int n = 0;
    const QRect r = rect.intersected(image.rect());
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            n += qGray(image.pixel(x, y)) < 100 ? 1 : 0;
    return n;
}

// Pixels close to a colour in a rectangle of the screen.
int colourIn(const QImage &image, const QRect &rect, const QColor &colour, int tolerance = 40)
{
    int n = 0;
    const QRect r = rect.intersected(image.rect());
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            n += std::abs(c.red() - colour.red()) + std::abs(c.green() - colour.green()) + std::abs(c.blue() - colour.blue()) <= tolerance ? 1 : 0;
        }
    return n;
}

// The nodes whose item sits elsewhere than the document says (none, always).
QStringList misplaced(const Studio &s)
{
    QStringList out;
    for (const Node &n : s.w.document()->graph().nodes)
        if (const NodeItem *item = s.w.scene()->nodeItem(n.id); item && item->pos() != n.position.value_or(QPointF()))
            out << QStringLiteral("%1 at %2,%3 (document %4,%5)")
                       .arg(n.id)
                       .arg(item->pos().x())
                       .arg(item->pos().y())
                       .arg(n.position.value_or(QPointF()).x())
                       .arg(n.position.value_or(QPointF()).y());
    return out;
}

// Edges whose drawn route differs from routing the same boxes afresh (none, always: a
// route depends on the boxes near it only), and routes that cross another box although a
// way around was found.
QStringList staleRoutes(const Studio &s)
{
    QStringList out;
    const GraphScene *scene = s.w.scene();
    for (const EdgeItem *e : scene->edgeItems()) {
        layout::EdgeRouter fresh(scene->router().boxes());
        layout::RouteEdge request;
        QList<QString> ids;
        for (const Node &n : s.w.document()->graph().nodes)
            if (scene->nodeItem(n.id) && !ids.contains(n.id))
                ids.append(n.id);
        request.from = int(ids.indexOf(e->flow().from));
        request.to = int(ids.indexOf(e->flow().to));
        request.label = e->labelSize();
        request.hint = s.w.document()->routeHint(e->flow().from, e->flow().to);
        const layout::EdgeRoute again = fresh.route(request);
        // The label where a route alone puts it, or moved off another edge's curve or label
        // (the scene settles labels in the order it routes: where it went depends on that order,
        // that it lies on no other edge does not).
        const bool labelFine = again.label == e->route().label || !scene->labelBlocked(e, e->route().label);
        if (again.pieces != e->route().pieces || !labelFine)
            out << QStringLiteral("%1 -> %2 drawn %3 piece(s), afresh %4").arg(e->flow().from, e->flow().to).arg(e->route().pieces.size()).arg(again.pieces.size());
    }
    return out;
}

QList<QAction *> exampleActions(const MainWindow &w)
{
    return w.actions()->examplesMenu()->actions();
}

// The bottom docks' tab bar (Problems, Run Log, … History) and the title of the tab in front.
QTabBar *bottomTabs(const MainWindow &w)
{
    for (QTabBar *bar : w.findChildren<QTabBar *>(QString(), Qt::FindDirectChildrenOnly))
        for (int i = 0; i < bar->count(); ++i)
            if (bar->tabText(i) == w.runLog()->windowTitle())
                return bar;
    return nullptr;
}

QString frontBottomTab(const MainWindow &w)
{
    const QTabBar *bar = bottomTabs(w);
    return bar ? bar->tabText(bar->currentIndex()) : QStringLiteral("(no bottom tabs)");
}

// A Run Log time ("0.42 s", "1 min 02 s", "1 h 02 min 03 s"; 秒, 分, 小時 in Chinese) in seconds; -1 when
// it is not written that way.
double logSeconds(const QString &text, const QString &s, const QString &min, const QString &h)
{
    const QString dec = QRegularExpression::escape(QLocale().decimalPoint());
    const QRegularExpression seconds(QStringLiteral("^(\\d+)%1(\\d\\d) %2$").arg(dec, QRegularExpression::escape(s)));
    const QRegularExpression minutes(QStringLiteral("^(?:(\\d+) %3 )?(\\d+) %2 (\\d\\d) %1$")
                                         .arg(QRegularExpression::escape(s), QRegularExpression::escape(min), QRegularExpression::escape(h)));
    if (const QRegularExpressionMatch m = seconds.match(text); m.hasMatch())
        return m.captured(1).toInt() + m.captured(2).toInt() / 100.0;
    if (const QRegularExpressionMatch m = minutes.match(text); m.hasMatch())
        return m.captured(1).toInt() * 3600 + m.captured(2).toInt() * 60 + m.captured(3).toInt();
    return -1;
}

// The Run Log's columns 0..3 that are narrower than their contents, with the cell that does not
// fit: a column that cuts its text ("main path fin…"). Measured as the tree measures a cell
// (its delegate's size hint), as QHeaderView::ResizeToContents would size the column.
QStringList cutColumns(QTreeWidget *tree)
{
    QStringList out;
    QStyleOptionViewItem option;
    option.initFrom(tree);
    option.widget = tree;
    option.font = tree->font();
    for (int c = 0; c < 4; ++c)
        for (int i = 0; i < tree->topLevelItemCount(); ++i)
            if (const int wanted = tree->itemDelegate()->sizeHint(option, tree->model()->index(i, c)).width(); wanted > tree->columnWidth(c)) {
                out << QStringLiteral("column %1: %2 px for %3 px of \"%4\"").arg(c).arg(tree->columnWidth(c)).arg(wanted).arg(tree->topLevelItem(i)->text(c));
                break;
            }
    return out;
}

const QVariantMap kSearch{{QStringLiteral("type"), QStringLiteral("search")}, {QStringLiteral("topic"), QStringLiteral("graph neural networks")}};
// What every example reads, in one input: write-report's and literature-search's search,
// ProjectFlow's student message.
const QVariantMap kAnyInput{{QStringLiteral("type"), QStringLiteral("search")},
                            {QStringLiteral("topic"), QStringLiteral("graph neural networks")},
                            {QStringLiteral("message"), QStringLiteral("我想改善學校附近的交通安全")}};

// Runs write-report (search) in the window by its keys: a breakpoint on the search (F9), F5,
// `pausedMs` standing at the breakpoint, F9 off and F5 on to the question, `waitMs` before
// answering it in the Inbox; then the Run Log's tab clicked. Its tree, or null (a failure).
QTreeWidget *runWriteReport(Studio &s, int pausedMs, int waitMs)
{
    MainWindow &w = s.w;
    if (!w.openFile(example("write-report.yaml")))
        return nullptr;
    w.scene()->selectNodes({QStringLiteral("search_literature")});
    s.key(Qt::Key_F9);
    testPrompts()->runInputs.enqueue(kSearch);
    s.key(Qt::Key_F5);
    if (!QTest::qWaitFor([&] { return w.run()->status() == RunStatus::Paused; }, 10000))
        return nullptr;
    QTest::qWait(pausedMs);
    s.key(Qt::Key_F9); // the search is still selected: no more stops there
    s.key(Qt::Key_F5);
    if (!QTest::qWaitFor([&] { return w.run()->status() == RunStatus::WaitingForInput; }, 10000))
        return nullptr;
    QTest::qWait(waitMs);
    auto *card = w.inbox()->findChild<QFrame *>(QStringLiteral("Inbox:confirm_selection"));
    if (!card)
        return nullptr;
    QTest::mouseClick(card->findChild<QPushButton *>(QStringLiteral("Answer")), Qt::LeftButton);
    if (!QTest::qWaitFor([&] { return w.run()->status() == RunStatus::Finished; }, 10000))
        return nullptr;
    // The question brought the Inbox forward: the Run Log's tab, clicked.
    QTabBar *tabs = bottomTabs(w);
    for (int i = 0; tabs && i < tabs->count(); ++i)
        if (tabs->tabText(i) == w.runLog()->windowTitle())
            QTest::mouseClick(tabs, Qt::LeftButton, {}, tabs->tabRect(i).center());
    QTreeWidget *tree = w.runLog()->tree();
    if (!QTest::qWaitFor([&] { return tree->isVisible() && tree->topLevelItemCount() > 40; }, 5000))
        return nullptr;
    return tree;
}

} // namespace

class TestFirstHour : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTest"));
        QCoreApplication::setApplicationName(QStringLiteral("FirstHour"));
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear(); // a first start: no remembered window, docks or recent files
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
    }

    void init() { testPrompts()->reset(); }

    void firstStartWindowSize()
    {
        // A first start takes a good share of the screen, 1280 x 800 at least where it fits.
        QCOMPARE(defaultWindowSize(QSize(1280, 800)), QSize(1280, 800));
        QCOMPARE(defaultWindowSize(QSize(1024, 700)), QSize(1024, 700));
        QCOMPARE(defaultWindowSize(QSize(1920, 1050)), QSize(1536, 840));
        QCOMPARE(defaultWindowSize(QSize(3840, 2100)), QSize(1920, 1200));
    }

    void examplesOpenReadable()
    {
        // Every example of File > Examples opens at a zoom where the labels read (text of at
        // least 9 pixels on the screen), with its start in view, and the labels are drawn:
        // there is text ink inside every node box (and under every small shape) on screen.
        Studio s;
        const QList<QAction *> examples = exampleActions(s.w);
        QVERIFY2(examples.size() >= 8, qPrintable(QString::number(examples.size())));
        for (QAction *open : examples) {
            open->trigger();
            QCOMPARE(s.w.document()->filePath(), open->toolTip());
            const QString name = QFileInfo(open->toolTip()).fileName();
            QVERIFY2(s.w.view()->zoom() >= GraphView::legibleZoom() - 1e-9, qPrintable(name));
            QVERIFY2(s.w.view()->zoom() * NodePainter::TitlePixelSize >= 9 - 1e-9, qPrintable(name));
            const QImage image = s.shot();
            int checked = 0;
            bool startShown = false;
            for (const Node &n : s.w.document()->graph().nodes) {
                const layout::RouteBox box = s.w.scene()->routeBoxOf(n.id);
                const QRectF text = box.caption.isEmpty() ? box.box.adjusted(14, 10, -14, -10) : box.caption;
                const QRect screen = s.onScreen(text);
                if (!image.rect().contains(screen))
                    continue;
                ++checked;
                startShown = startShown || n.kind == NodeKind::Start;
                if (inkIn(image, screen) < 10)
                    image.save(QStringLiteral("/tmp/firsthour-%1.png").arg(name));
                QVERIFY2(inkIn(image, screen) >= 10, qPrintable(QStringLiteral("%1: no label drawn for %2 at %3,%4").arg(name, n.id).arg(screen.x()).arg(screen.y())));
            }
            QVERIFY2(checked >= 3, qPrintable(name));
            QVERIFY2(startShown, qPrintable(name));
            // Zoomed out twice as far, the ids are still drawn (larger than their own size,
            // shortened to their boxes) wherever a box has room for a few letters.
            s.w.view()->setZoom(GraphView::legibleZoom() / 2);
            s.w.view()->centerOn(s.w.scene()->startPoint());
            const QImage far = s.shot();
            for (const Node &n : s.w.document()->graph().nodes) {
                if (n.kind != NodeKind::Skill)
                    continue;
                const QRect screen = s.onScreen(s.w.scene()->routeBoxOf(n.id).box.adjusted(10, 8, -10, -8));
                if (far.rect().contains(screen))
                    QVERIFY2(inkIn(far, screen) >= 10, qPrintable(QStringLiteral("%1: no label far out for %2").arg(name, n.id)));
            }
        }
    }

    void newGraphAndQuickAddOnTheGrid()
    {
        Studio s;
        s.w.openFile(example("literature-search.yaml"));
        s.w.view()->setZoom(0.3);
        s.key(Qt::Key_N, Qt::ControlModifier); // File > New
        QCOMPARE(s.w.document()->graph().nodes.size(), 0);
        QCOMPARE(s.w.view()->zoom(), 1.0); // not the last graph's zoom: new nodes are not dots
        QCOMPARE(s.w.zoomLabel()->text(), QStringLiteral("100%"));
        // The empty canvas says how to begin, in the middle of what is seen (left and right of
        // the centre, where the node added next does not come).
        const QRect view = s.viewport()->rect();
        const auto hintInk = [&](const QImage &image) {
            int n = 0;
            for (const QRect &side : {QRect(view.left() + 30, view.center().y() - 40, view.width() / 3 - 30, 80),
                                      QRect(view.right() - view.width() / 3, view.center().y() - 40, view.width() / 3 - 30, 80)})
                for (int y = side.top(); y <= side.bottom(); ++y)
                    for (int x = side.left(); x <= side.right(); ++x)
                        n += qGray(image.pixel(x, y)) < 180 ? 1 : 0;
            return n;
        };
        QVERIFY(s.w.view()->emptyHint().contains(QStringLiteral("Palette")));
        QVERIFY2(hintInk(s.shot()) > 200, "no hint on the empty canvas");
        // Tab, type, Enter: the node lands on the grid.
        QCursor::setPos(s.viewport()->mapToGlobal(QPoint(333, 247)));
        s.key(Qt::Key_Tab);
        QTRY_VERIFY(s.w.quickAdd()->isVisible());
        QTest::keyClicks(s.w.quickAdd()->searchField(), QStringLiteral("bra"));
        QTest::keyClick(s.w.quickAdd()->searchField(), Qt::Key_Return);
        QCOMPARE(s.w.document()->graph().nodes.size(), 1);
        const QPointF p = *s.w.document()->graph().nodes.first().position;
        QCOMPARE(std::fmod(p.x(), GraphScene::GridSize), 0.0);
        QCOMPARE(std::fmod(p.y(), GraphScene::GridSize), 0.0);
        QCOMPARE(s.w.document()->graph().nodes.first().kind, NodeKind::Branch);
        // With a node, the hint is gone from all of the canvas, not just the node's box.
        QVERIFY(s.w.view()->emptyHint().isEmpty());
        QTRY_COMPARE(hintInk(s.shot()), 0);
        // The status bar counts in words: one node, no edges.
        s.w.refreshAnalysis();
        QVERIFY2(s.w.metricsLabel()->text().startsWith(QStringLiteral("1 node · 0 edges")), qPrintable(s.w.metricsLabel()->text()));
    }

    void paletteToolbarsAndRedo()
    {
        Studio s;
        // The palette: plain names with the kinds' shapes, grouped as the seed groups them.
        PaletteList *palette = s.w.palette();
        QStringList groups;
        for (int g = 0; g < palette->topLevelItemCount(); ++g)
            groups << palette->topLevelItem(g)->text(0);
        QCOMPARE(groups, (QStringList{QStringLiteral("Skills"), QStringLiteral("Control"), QStringLiteral("People")}));
        QCOMPARE(palette->itemOf(NodeKind::LoopStart)->text(0), QStringLiteral("Loop start"));
        QVERIFY(palette->itemOf(NodeKind::LoopStart)->toolTip(0).contains(QStringLiteral("control.loop_start")));
        QVERIFY(!palette->itemOf(NodeKind::Branch)->icon(0).isNull());
        // Clicking an entry is what a double-click on the canvas adds.
        QTest::mouseClick(palette->viewport(), Qt::LeftButton, {}, palette->visualItemRect(palette->itemOf(NodeKind::Merge)).center());
        QCOMPARE(s.w.scene()->paletteKind(), NodeKind::Merge);

        // The toolbars keep their places whatever Undo says: the Run button does not move.
        s.w.openFile(example("write-report.yaml"));
        auto *runBar = s.w.findChild<QToolBar *>(QStringLiteral("RunToolBar"));
        QWidget *runButton = runBar->widgetForAction(s.w.actions()->action(StudioActions::RunStart));
        const QPoint before = runButton->mapTo(&s.w, QPoint());
        GraphActions::moveNode(s.w.document(), QStringLiteral("write_report"), QPointF(2600, 400));
        QVERIFY(s.w.actions()->undo()->text().size() > 10); // "Undo Move write_report"
        QCoreApplication::processEvents();
        QCOMPARE(runButton->mapTo(&s.w, QPoint()), before);
        QVERIFY2(s.w.actions()->action(StudioActions::RunStart)->toolTip().contains(QStringLiteral("F5")),
                 qPrintable(s.w.actions()->action(StudioActions::RunStart)->toolTip()));

        // Ctrl+Z undoes; Ctrl+Y redoes, and so does Ctrl+Shift+Z.
        const QPointF moved = *s.w.document()->node(QStringLiteral("write_report"))->position;
        s.key(Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(*s.w.document()->node(QStringLiteral("write_report"))->position != moved);
        s.key(Qt::Key_Y, Qt::ControlModifier);
        QCOMPARE(*s.w.document()->node(QStringLiteral("write_report"))->position, moved);
        s.key(Qt::Key_Z, Qt::ControlModifier);
        s.key(Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(*s.w.document()->node(QStringLiteral("write_report"))->position, moved);
    }

    void authorByMouseAndKeyboard()
    {
        // File > New, then by mouse and keyboard alone: a start, two skills, a branch with two
        // named conditions and an end; saved, the file is exactly the expected YAML, and no
        // edge carries a condition: the branch decides by its conditions.
        Studio s;
        MainWindow &w = s.w;
        s.key(Qt::Key_N, Qt::ControlModifier);
        w.view()->setZoom(1.0);
        w.view()->centerOn(QPointF(500, 200));
        PaletteList *palette = w.palette();
        const auto add = [&](NodeKind kind, QPointF at) {
            QTest::mouseClick(palette->viewport(), Qt::LeftButton, {}, palette->visualItemRect(palette->itemOf(kind)).center());
            doubleClick(s.viewport(), s.at(at));
            return w.document()->graph().nodes.constLast().id;
        };
        const QString start = add(NodeKind::Start, QPointF(100, 200));
        const QString fetch = add(NodeKind::Skill, QPointF(300, 200));
        const QString branch = add(NodeKind::Branch, QPointF(540, 200));
        const QString good = add(NodeKind::Skill, QPointF(800, 100));
        const QString end = add(NodeKind::End, QPointF(1000, 200));
        QCOMPARE((QStringList{start, fetch, branch, good, end}),
                 (QStringList{QStringLiteral("start_1"), QStringLiteral("skill_1"), QStringLiteral("branch_1"), QStringLiteral("skill_2"), QStringLiteral("end_1")}));
        const auto connect = [&](const QString &from, const QString &to) {
            drag(s.viewport(), s.at(w.scene()->nodeItem(from)->portPosition()), s.at(w.scene()->nodeItem(to)->pos()));
        };
        connect(start, fetch);
        connect(fetch, branch);
        connect(branch, good); // a condition of the branch, not an edge
        connect(branch, end);
        connect(good, end);
        QCOMPARE(w.document()->graph().edges.size(), 3);
        const Node *b = w.document()->node(branch);
        QCOMPARE(b->conditions.size(), 2);
        QCOMPARE(b->conditions.at(0).name, QStringLiteral("condition_1"));
        QVERIFY(b->conditions.at(0).expression.isEmpty());
        // Until their expressions are written, lint says so.
        w.refreshAnalysis();
        QVERIFY(w.scene()->findingsFor(branch).second >= 2);

        // Click each condition's label on the canvas: the Properties dock shows its row; name
        // it and write its expression with the keyboard.
        const auto edgeTo = [&](const QString &to) -> EdgeItem * {
            for (EdgeItem *e : w.scene()->edgeItems())
                if (e->flow().from == branch && e->flow().to == to)
                    return e;
            return nullptr;
        };
        const auto writeCondition = [&](const QString &to, const QString &name, const QString &expression) {
            EdgeItem *e = edgeTo(to);
            QVERIFY(e);
            QTest::mouseClick(s.viewport(), Qt::LeftButton, {}, s.at(e->labelRect().center()));
            QCOMPARE(w.properties()->showing(), QStringLiteral("node ") + branch);
            ConditionsTable *table = w.properties()->nodeForm()->conditionsTable();
            const int row = table->table()->currentRow();
            QCOMPARE(table->table()->item(row, 2)->text(), to);
            // The name: its cell, typed over, Enter.
            table->table()->setFocus();
            table->table()->setCurrentCell(row, 0);
            QTest::keyClick(table->table(), Qt::Key_F2);
            QWidget *editor = QApplication::focusWidget();
            QVERIFY(qobject_cast<QLineEdit *>(editor));
            QTest::keySequence(editor, QKeySequence::SelectAll);
            QTest::keyClicks(editor, name);
            QTest::keyClick(editor, Qt::Key_Return);
            QTRY_COMPARE(w.document()->node(branch)->conditions.at(row).name, name);
            // The expression: in the field under the list, Enter.
            auto *field = table->findChild<QLineEdit *>(QStringLiteral("ConditionExpression"));
            QTest::mouseClick(field, Qt::LeftButton);
            QTest::keyClicks(field, expression);
            QTest::keyClick(field, Qt::Key_Return);
            QTRY_COMPARE(w.document()->node(branch)->conditions.at(row).expression, expression);
            // The canvas's label is that condition's name.
            QCOMPARE(edgeTo(to)->label(), name);
        };
        writeCondition(good, QStringLiteral("good_enough"), QStringLiteral("score >= 0.8"));
        writeCondition(end, QStringLiteral("give_up"), QStringLiteral("score < 0.8"));
        w.refreshAnalysis();
        for (const Diagnostic &d : GraphValidator::validate(w.document()->graph(), QString()))
            QVERIFY2(d.code != QLatin1String("expression-syntax") && d.code != QLatin1String("branch-edge-condition"), qPrintable(d.message));

        // Save (Ctrl+S asks where): the expected file, byte for byte.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("review.yaml"));
        testPrompts()->files.enqueue(path);
        s.key(Qt::Key_S, Qt::ControlModifier);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString saved = QString::fromUtf8(f.readAll());
        const QString expected = QStringLiteral(R"(graph:
  id: new-graph
  version: "1.0"

  nodes:
    - id: start_1
      type: control.start
      position: {x: 100, y: 200}

    - id: skill_1
      type: skill
      skill_id: builtin.noop
      position: {x: 300, y: 200}

    - id: branch_1
      type: control.branch
      conditions:
        - name: good_enough
          expression: "score >= 0.8"
          target: skill_2
        - name: give_up
          expression: "score < 0.8"
          target: end_1
      position: {x: 540, y: 200}

    - id: skill_2
      type: skill
      skill_id: builtin.noop
      position: {x: 800, y: 100}

    - id: end_1
      type: control.end
      position: {x: 1000, y: 200}

  edges:
    - from: start_1
      to: skill_1
      type: sequence

    - from: skill_1
      to: branch_1
      type: sequence

    - from: skill_2
      to: end_1
      type: sequence
)");
        QCOMPARE(saved, expected);
        QVERIFY(!saved.contains(QStringLiteral("condition:")));

        // Deleting a condition's edge (select it, Delete) deletes its row, in one undo step.
        EdgeItem *giveUp = edgeTo(end);
        w.scene()->clearSelection();
        QTest::mouseClick(s.viewport(), Qt::LeftButton, {}, s.at(giveUp->labelRect().center()));
        s.key(Qt::Key_Delete);
        QCOMPARE(w.document()->node(branch)->conditions.size(), 1);
        QVERIFY(!edgeTo(end));
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->node(branch)->conditions.size(), 2);
        QCOMPARE(w.document()->node(branch)->conditions.at(1).name, QStringLiteral("give_up"));
        // Connecting the branch to a node it already leads to is refused, with the reason.
        QString reason;
        QVERIFY(!GraphActions::connectNodes(w.document(), branch, good, EdgeKind::Sequence, &reason));
        QVERIFY2(reason.contains(QStringLiteral("good_enough")), qPrintable(reason));
        // Dragging a condition's target end onto another node points the condition there.
        w.scene()->clearSelection();
        edgeTo(good)->setSelected(true);
        drag(s.viewport(), s.at(edgeTo(good)->targetPoint()), s.at(w.scene()->nodeItem(fetch)->pos()));
        QCOMPARE(w.document()->node(branch)->conditions.at(0).target, fetch);
        QVERIFY(edgeTo(fetch));
    }

    void examplesRunToTheirEndInTheInbox()
    {
        // Every example runs to its end in the studio (F5), each question answered in the
        // Inbox with its buttons, check boxes and fields: the examples' answers files say what
        // to answer; without one, Yes, the first options, "ok".
        Studio s;
        MainWindow &w = s.w;
        QStringList asked; // the questions' prompts, as the run put them
        QObject::connect(w.run(), &RunController::logged, &w, [&asked](const RunEvent &e) {
            if (e.type == RunEventType::InteractionRequested)
                asked << e.message;
        });
        for (QAction *open : exampleActions(w)) {
            open->trigger();
            const QString file = open->toolTip();
            const QString name = QFileInfo(file).completeBaseName();
            QVariant answersFile;
            QString error;
            QHash<QString, QVariantList> answers;
            const QString answersPath = QFileInfo(file).absolutePath() + QStringLiteral("/mocks/") + name + QStringLiteral(".answers.yaml");
            if (QFileInfo::exists(answersPath)) {
                QVERIFY2(readYamlFile(answersPath, &answersFile, &error), qPrintable(error));
                const QVariantMap map = answersFile.toMap();
                for (auto it = map.cbegin(); it != map.cend(); ++it)
                    answers[it.key()] = it.value().typeId() == QMetaType::QVariantList ? it.value().toList() : QVariantList{it.value()};
            }
            testPrompts()->runInputs.enqueue(kAnyInput); // the first F5 asks what the graph reads
            s.key(Qt::Key_F5);
            QElapsedTimer clock;
            clock.start();
            int answered = 0;
            while (w.run()->status() != RunStatus::Finished && w.run()->status() != RunStatus::Failed && clock.elapsed() < 20000) {
                QTest::qWait(10);
                const QList<QFrame *> cards = w.inbox()->findChildren<QFrame *>(QRegularExpression(QStringLiteral("^Inbox:")));
                for (QFrame *card : cards) {
                    if (!card->isVisible())
                        continue;
                    const QString id = card->objectName().mid(6).section(QLatin1Char('#'), 0, 0);
                    const QVariant given = answers.value(id).isEmpty() ? QVariant() : answers[id].takeFirst();
                    const QList<QCheckBox *> checks = card->findChildren<QCheckBox *>(QStringLiteral("Option"));
                    if (auto *yes = card->findChild<QPushButton *>(QStringLiteral("Yes"))) {
                        QTest::mouseClick(given.isValid() && !given.toBool() ? card->findChild<QPushButton *>(QStringLiteral("No")) : yes, Qt::LeftButton);
                    } else if (!checks.isEmpty()) {
                        const QVariantList wanted = given.isValid() ? given.toList() : QVariantList{};
                        int ticked = 0;
                        for (QCheckBox *c : checks)
                            if (wanted.isEmpty() ? ticked < 1 : wanted.contains(c->text())) {
                                QTest::mouseClick(c, Qt::LeftButton, {}, QPoint(8, c->height() / 2));
                                ++ticked;
                            }
                        QVERIFY2(ticked > 0, qPrintable(id));
                        QTest::mouseClick(card->findChild<QPushButton *>(QStringLiteral("Answer")), Qt::LeftButton);
                    } else if (auto *choice = card->findChild<QComboBox *>(QStringLiteral("Choice"))) {
                        if (given.isValid())
                            choice->setCurrentIndex(choice->findText(given.toString()));
                        QTest::mouseClick(card->findChild<QPushButton *>(QStringLiteral("Answer")), Qt::LeftButton);
                    } else if (auto *text = card->findChild<QLineEdit *>(QStringLiteral("Text"))) {
                        QTest::mouseClick(text, Qt::LeftButton);
                        // Typed as an input method commits it (the answers are Chinese).
                        QInputMethodEvent typed;
                        typed.setCommitString(given.isValid() ? given.toString() : QStringLiteral("ok"));
                        QApplication::sendEvent(text, &typed);
                        QTest::keyClick(text, Qt::Key_Return);
                    }
                    ++answered;
                    QTest::qWait(20);
                    break;
                }
            }
            QVERIFY2(w.run()->status() == RunStatus::Finished,
                     qPrintable(QStringLiteral("%1: %2 (%3)").arg(name, runStatusName(w.run()->snapshot().status()), w.run()->snapshot().error())));
            QTRY_VERIFY2(w.runStatusLabel()->text().startsWith(QStringLiteral("finished")), qPrintable(w.runStatusLabel()->text()));
            if (name == QLatin1String("literature-search")) {
                // Three papers chosen with check boxes: the answer is their list.
                QCOMPARE(w.run()->context().outputs.value(QStringLiteral("confirm_selection")).toMap()
                             .value(QStringLiteral("answer")).toList().size(),
                         3);
                QVERIFY(answered >= 3);
            }
            if (name == QLatin1String("discussion")) {
                // The options in the prompt read as people write them, not as JSON.
                bool sawPrompt = false;
                for (const QString &prompt : std::as_const(asked))
                    if (prompt.startsWith(QStringLiteral("候选方案："))) {
                        sawPrompt = true;
                        QVERIFY2(!prompt.contains(QLatin1Char('[')) && prompt.contains(QStringLiteral("Milvus, ")), qPrintable(prompt));
                    }
                QVERIFY(sawPrompt);
            }
        }
    }

    void stepArrowPointsAtTheNextNode()
    {
        // Step (F10) through write-report from the start: at every pause the yellow arrow
        // stands before the node the next step runs (never after the one that ran), across
        // sequences, the branch, the search loop and the question.
        Studio s;
        MainWindow &w = s.w;
        w.openFile(example("write-report.yaml"));
        testPrompts()->runInputs.enqueue(kSearch);
        w.actions()->action(StudioActions::RunInput)->trigger();
        QVERIFY(w.run()->isRunning() || w.run()->status() == RunStatus::Finished); // its Run button runs
        s.key(Qt::Key_F5, Qt::ShiftModifier); // stopped: F10 starts a run of its own, paused before its first node
        QTRY_VERIFY(!w.run()->isRunning());
        QStringList started; // the nodes as they start, in order
        QObject::connect(w.run(), &RunController::logged, &w, [&started](const RunEvent &e) {
            if (e.type == RunEventType::NodeStarted)
                started << e.nodeId;
        });
        QStringList arrows;
        int steps = 0;
        for (; steps < 60 && w.run()->status() != RunStatus::Finished; ++steps) {
            const qsizetype before = started.size();
            s.key(Qt::Key_F10);
            QTRY_VERIFY_WITH_TIMEOUT(w.run()->status() == RunStatus::Paused || w.run()->status() == RunStatus::Finished
                                         || w.run()->status() == RunStatus::WaitingForInput,
                                     5000);
            if (w.run()->status() == RunStatus::WaitingForInput) {
                // The question, answered in the Inbox; the run goes on to its next pause.
                auto *card = w.inbox()->findChild<QFrame *>(QStringLiteral("Inbox:confirm_selection"));
                QVERIFY(card);
                QTest::mouseClick(card->findChild<QPushButton *>(QStringLiteral("Answer")), Qt::LeftButton);
                QTRY_VERIFY(w.run()->status() == RunStatus::Paused || w.run()->status() == RunStatus::Finished);
            }
            if (w.run()->status() == RunStatus::Finished)
                break;
            QVERIFY(started.size() > before || steps == 0);
            const QString at = w.run()->snapshot().pausedAt();
            QVERIFY2(!at.isEmpty(), qPrintable(QStringLiteral("step %1: paused nowhere").arg(steps)));
            // On screen: the arrow's yellow left of that node's box (the view follows the run).
            const QRectF box = w.scene()->nodeItem(at)->box().translated(w.scene()->nodeItem(at)->pos());
            const QImage screen = s.shot();
            const QRect left = s.onScreen(QRectF(box.left() - 40, box.center().y() - 14, 40, 28));
            QVERIFY2(s.w.view()->viewport()->rect().contains(s.onScreen(box).center()), qPrintable(at));
            QVERIFY2(colourIn(screen, left, QColor(0xffd43b)) >= 20, qPrintable(QStringLiteral("no arrow before %1 (%2,%3 %4x%5)").arg(at).arg(left.x()).arg(left.y()).arg(left.width()).arg(left.height())));
            arrows << at;
            // The next step runs exactly that node.
            const qsizetype count = started.size();
            s.key(Qt::Key_F10);
            QTRY_VERIFY(started.size() > count);
            QCOMPARE(started.at(count), at);
            QTRY_VERIFY(w.run()->status() == RunStatus::Paused || w.run()->status() == RunStatus::Finished
                        || w.run()->status() == RunStatus::WaitingForInput);
            if (w.run()->status() == RunStatus::WaitingForInput) {
                auto *card = w.inbox()->findChild<QFrame *>(QStringLiteral("Inbox:confirm_selection"));
                QVERIFY(card);
                QTest::mouseClick(card->findChild<QPushButton *>(QStringLiteral("Answer")), Qt::LeftButton);
                QTRY_VERIFY(w.run()->status() == RunStatus::Paused || w.run()->status() == RunStatus::Finished);
            }
        }
        QCOMPARE(w.run()->status(), RunStatus::Finished);
        // Sequences, the branch, the loop and its exit, the question were all stepped through.
        for (const char *node : {"identify_input", "branch_input_type", "loop_search_start", "search_literature", "branch_enough"})
            QVERIFY2(arrows.contains(QLatin1String(node)) || started.contains(QLatin1String(node)), node);
    }

    void runStatesAtEveryZoomAndTheViewFollows()
    {
        // Zoomed far out (the canvas sketches), a run's states are still drawn, and the view
        // follows the run to the node that waits for an answer.
        Studio s;
        MainWindow &w = s.w;
        w.openFile(example("literature-search.yaml"));
        QVERIFY(w.followsRun());
        w.view()->setZoom(0.6);
        w.view()->centerOn(w.scene()->startPoint() - QPointF(600, 0)); // the question is far off screen
        QVERIFY(w.view()->isSketching() == false);
        testPrompts()->runInputs.enqueue(QVariantMap{{QStringLiteral("topic"), QStringLiteral("gnn")}});
        s.key(Qt::Key_F5);
        QTRY_COMPARE_WITH_TIMEOUT(w.run()->status(), RunStatus::WaitingForInput, 5000);
        const QString waiting = QStringLiteral("confirm_selection");
        QCOMPARE(w.run()->snapshot().node(waiting).state, NodeRunState::Waiting);
        const QRectF box = w.scene()->nodeItem(waiting)->box().translated(w.scene()->nodeItem(waiting)->pos());
        QTRY_VERIFY(w.view()->viewport()->rect().contains(s.onScreen(box)));
        const QColor orange(0xe8590c), green(0x12a150);
        QVERIFY(colourIn(s.shot(), s.onScreen(box.adjusted(-12, -12, 12, 12)), orange) >= 30);
        // Far out, sketching: the waiting outline and the done nodes' green still show.
        w.view()->setZoom(0.12);
        QVERIFY(w.view()->isSketching());
        w.view()->centerOn(box.center());
        const QImage far = s.shot();
        QVERIFY(colourIn(far, s.onScreen(box).adjusted(-6, -6, 6, 6), orange) >= 8);
        const QRectF doneBox = w.scene()->routeBoxOf(QStringLiteral("search_literature")).box;
        if (far.rect().contains(s.onScreen(doneBox)))
            QVERIFY(colourIn(far, s.onScreen(doneBox).adjusted(-6, -6, 6, 6), green) >= 8);
        // Between the two (item drawing at a low zoom): the badge keeps its size on screen.
        w.view()->setZoom(0.3);
        w.view()->centerOn(box.center());
        QVERIFY(colourIn(s.shot(), s.onScreen(box).adjusted(-16, -16, 16, 16), orange) >= 60);
        w.run()->stop();
        // Run > Follow the Run off: the view stays where it is.
        w.actions()->action(StudioActions::FollowRun)->setChecked(false);
        QVERIFY(!w.followsRun());
        w.actions()->action(StudioActions::FollowRun)->setChecked(true);
    }

    void randomMouseKeepsSceneAndDocumentTogether()
    {
        // Hundreds of random mouse gestures — presses, drags, double-clicks on ports, bodies,
        // edges and empty canvas, with and without Ctrl or Shift. After each, every item is
        // where the document says and every edge is drawn as routing afresh would draw it;
        // at the end, undo returns the opened bytes.
        Studio s;
        MainWindow &w = s.w;
        w.openFile(example("write-report.yaml"));
        w.view()->setZoom(0.8);
        const QByteArray opened = bytesOf(w.document());
        QRandomGenerator random(20261125);
        const QList<Qt::KeyboardModifiers> modifiers{Qt::NoModifier, Qt::NoModifier, Qt::ControlModifier, Qt::ShiftModifier};
        QStringList history;
        for (int round = 0; round < 300; ++round) {
            const QList<Node> nodes = w.document()->graph().nodes;
            const Node &n = nodes.at(random.bounded(int(nodes.size())));
            NodeItem *item = w.scene()->nodeItem(n.id);
            w.view()->centerOn(item->pos());
            QPointF from;
            switch (random.bounded(5)) {
            case 0: from = item->portPosition() + QPointF(random.bounded(-6, 7), random.bounded(-6, 7)); break;      // its port
            case 1: from = item->pos() + QPointF(random.bounded(-40, 41), random.bounded(-20, 21)); break;            // its body
            case 2: from = item->pos() + QPointF(random.bounded(-300, 301), random.bounded(-200, 201)); break;        // around it
            case 3: {                                                                                                    // an edge
                const QList<EdgeItem *> edges = w.scene()->edgeItems();
                from = edges.isEmpty() ? item->pos() : edges.at(random.bounded(int(edges.size())))->route().pointAt(random.bounded(1.0));
                break;
            }
            default: from = item->portPosition() + QPointF(6, 0); break;                                                   // beside the port
            }
            const QPointF to = from + QPointF(random.bounded(-260, 261), random.bounded(-180, 181));
            const Qt::KeyboardModifiers mod = modifiers.at(random.bounded(int(modifiers.size())));
            const int gesture = random.bounded(10);
            QStringList selectedBefore = w.scene()->selectedNodeIds();
            for (QGraphicsItem *it : w.scene()->selectedItems())
                if (it->type() != NodeItem::Type)
                    selectedBefore << QStringLiteral("item%1").arg(it->type());
            const QString what = QStringLiteral("gesture %1 near %2 from %3,%4 to %5,%6 modifiers %7, selected before: %8, undo %9")
                                     .arg(gesture).arg(n.id).arg(from.x()).arg(from.y()).arg(to.x()).arg(to.y()).arg(int(mod))
                                     .arg(selectedBefore.join(QLatin1Char(','))).arg(w.document()->undoStack()->count());
            if (gesture == 0) {
                doubleClick(s.viewport(), s.at(from), mod);
            } else if (gesture == 1) { // a double-click whose second press drags
                QTest::mouseClick(s.viewport(), Qt::LeftButton, mod, s.at(from));
                QTest::mouseDClick(s.viewport(), Qt::LeftButton, mod, s.at(from));
                for (int k = 1; k <= 4; ++k) {
                    const QPoint p = s.at(from + (to - from) * k / 4);
                    QMouseEvent move(QEvent::MouseMove, p, s.viewport()->mapToGlobal(p), Qt::NoButton, Qt::LeftButton, mod);
                    QApplication::sendEvent(s.viewport(), &move);
                }
                QTest::mouseRelease(s.viewport(), Qt::LeftButton, mod, s.at(to));
            } else if (gesture == 2) {
                QTest::mouseClick(s.viewport(), Qt::LeftButton, mod, s.at(from));
            } else {
                drag(s.viewport(), s.at(from), s.at(to), mod, 1 + random.bounded(10));
            }
            QCoreApplication::processEvents();
            const QStringList wrong = misplaced(s);
            history << what;
            QVERIFY2(wrong.isEmpty(), qPrintable(QStringLiteral("round %1: %2; before: %3").arg(round).arg(wrong.join(QStringLiteral("; ")), history.mid(std::max<qsizetype>(0, history.size() - 4)).join(QStringLiteral(" | ")))));
            if (round % 25 == 0) {
                const QStringList stale = staleRoutes(s);
                QVERIFY2(stale.isEmpty(), qPrintable(QStringLiteral("round %1: %2").arg(round).arg(stale.join(QStringLiteral("; ")))));
            }
        }
        QVERIFY(w.document()->undoStack()->count() > 20);
        while (w.document()->undoStack()->canUndo())
            w.document()->undoStack()->undo();
        QCOMPARE(bytesOf(w.document()), opened);
        QVERIFY(misplaced(s).isEmpty());
        QVERIFY(staleRoutes(s).isEmpty());
    }

    void edgesStayOffBoxesAfterAutoLayoutAndMoves()
    {
        // Each example after Graph > Auto-Layout: no edge through another box, no label on one.
        Studio s;
        MainWindow &w = s.w;
        for (QAction *open : exampleActions(w)) {
            open->trigger();
            s.key(Qt::Key_L, Qt::ControlModifier);
            const QStringList violations = drawingViolations(SceneExporter::drawing(w.scene()));
            QVERIFY2(violations.isEmpty(), qPrintable(open->toolTip() + QStringLiteral(": ") + violations.join(QStringLiteral("; "))));
        }
        // A node dragged into the way of an edge: the edge goes around it.
        w.openFile(example("project-cleanup.yaml"));
        w.view()->setZoom(1.0);
        const QList<FlowEdge> flows = w.document()->graph().flowEdges();
        const FlowEdge first = flows.at(1);
        const QPointF a = w.scene()->nodeItem(first.from)->portPosition();
        const QPointF b = w.scene()->nodeItem(first.to)->pos() - QPointF(90, 0);
        const QString mover = flows.at(3).to; // a node further on
        w.view()->centerOn((a + b) / 2);
        NodeItem *moverItem = w.scene()->nodeItem(mover);
        const QPointF target((a.x() + b.x()) / 2, a.y() + 60);
        drag(s.viewport(), s.at(moverItem->pos()), s.at(target));
        QVERIFY(misplaced(s).isEmpty());
        const QStringList violations = drawingViolations(SceneExporter::drawing(w.scene()));
        QVERIFY2(violations.isEmpty(), qPrintable(violations.join(QStringLiteral("; "))));
        QVERIFY(staleRoutes(s).isEmpty());
    }

    void plansOpenInOneWindow()
    {
        // File > Example Plans: the plans open in one plan window with menus of its own, not
        // one window more on top of the others each time.
        Studio s;
        QList<QAction *> plans = s.w.actions()->examplePlansMenu()->actions();
        QVERIFY(plans.size() >= 2);
        plans.at(0)->trigger();
        const QList<PlanWindow *> windows = [] {
            QList<PlanWindow *> out;
            for (QWidget *top : QApplication::topLevelWidgets())
                if (auto *p = qobject_cast<PlanWindow *>(top); p && p->isVisible())
                    out << p;
            return out;
        }();
        QCOMPARE(windows.size(), 1);
        QVERIFY(!windows.first()->menuBar()->actions().isEmpty());
        PlanWindow *again = s.w.openPlan(example("plans/seed-plan.json"));
        QCOMPARE(again, windows.first());
        int visible = 0;
        for (QWidget *top : QApplication::topLevelWidgets())
            visible += qobject_cast<PlanWindow *>(top) && top->isVisible() ? 1 : 0;
        QCOMPARE(visible, 1);
        again->close();
    }

    void runLogTimeIsTheRunsOwn()
    {
        // The Run Log's time is the run's own: since it started, without the time it stood
        // paused at a breakpoint or waited for an answer, in seconds as people write them
        // ("0.42 s", "1 min 02 s"), never raw milliseconds. In English, then in 繁體中文.
        Studio s;
        QTreeWidget *tree = runWriteReport(s, 1500, 1000);
        QVERIFY(tree);
        const double wall = double(s.w.run()->snapshot().elapsedUs()) / 1e6;
        QVERIFY2(wall > 2.5, qPrintable(QString::number(wall)));
        const auto check = [&](const QString &sUnit, const QString &minUnit, const QString &hUnit) {
            double previous = 0;
            for (int i = 0; i < tree->topLevelItemCount(); ++i) {
                const QString text = tree->topLevelItem(i)->text(1);
                const double t = logSeconds(text, sUnit, minUnit, hUnit);
                QVERIFY2(t >= 0, qPrintable(QStringLiteral("row %1: \"%2\"").arg(i).arg(text)));
                QVERIFY2(t >= previous, qPrintable(QStringLiteral("row %1: %2 after %3 s").arg(i).arg(text).arg(previous)));
                previous = t;
            }
            // 1.5 s paused and 1 s waiting for the answer are not the run's time.
            QVERIFY2(previous <= wall - 2.4, qPrintable(QStringLiteral("the last event at %1 s of %2 s").arg(previous).arg(wall)));
            // The header says what the time is.
            QVERIFY2(tree->headerItem()->toolTip(1).size() > 20, qPrintable(tree->headerItem()->toolTip(1)));
        };
        check(QStringLiteral("s"), QStringLiteral("min"), QStringLiteral("h"));
        if (QTest::currentTestFailed())
            return;
        // Replayed from the Run History, the run's trace gives the same times.
        QStringList live;
        for (int i = 0; i < tree->topLevelItemCount(); ++i)
            live << tree->topLevelItem(i)->text(1);
        QListWidget *history = s.w.runHistory()->list();
        QTRY_VERIFY(!s.w.run()->lastTrace().isEmpty() && history->count() >= 1
                    && history->item(0)->data(Qt::UserRole).toString() == s.w.run()->lastTrace());
        QVERIFY(s.w.runHistory()->open(0));
        QStringList replayed;
        for (int i = 0; i < tree->topLevelItemCount(); ++i)
            replayed << tree->topLevelItem(i)->text(1);
        QCOMPARE(replayed, live);
        const auto english = qScopeGuard([] { StudioLanguage::apply(QStringLiteral("en")); });
        QCOMPARE(StudioLanguage::apply(QStringLiteral("zh_TW")), QStringLiteral("zh_TW"));
        QCoreApplication::processEvents();
        QCOMPARE(tree->headerItem()->text(1), QStringLiteral("時間"));
        check(QStringLiteral("秒"), QStringLiteral("分"), QStringLiteral("小時"));
    }

    void runLogColumnsShowTheirCellsWhole()
    {
        // At the default size the Run Log's Step, Time, Node and Event columns show their cells
        // whole ("main path finished", "branch_input_type → generate_query"), the Message
        // column takes the rest, and every cell's whole text is in its tooltip. In English,
        // then in 繁體中文.
        Studio s;
        QTreeWidget *tree = runWriteReport(s, 0, 0);
        QVERIFY(tree);
        const auto check = [&] {
            QVERIFY2(cutColumns(tree).isEmpty(), qPrintable(cutColumns(tree).join(QLatin1Char('\n'))));
            int used = 0;
            for (int c = 0; c < 4; ++c)
                used += tree->columnWidth(c);
            QVERIFY2(tree->viewport()->width() - used >= 300,
                     qPrintable(QStringLiteral("%1 px of %2 left for the message").arg(tree->viewport()->width() - used).arg(tree->viewport()->width())));
            for (int i = 0; i < tree->topLevelItemCount(); ++i) {
                const QTreeWidgetItem *row = tree->topLevelItem(i);
                for (int c = 2; c <= 4; ++c)
                    if (!row->text(c).isEmpty())
                        QVERIFY2(row->toolTip(c).startsWith(row->text(c).endsWith(QStringLiteral("…")) ? row->text(c).chopped(1) : row->text(c)),
                                 qPrintable(QStringLiteral("row %1 column %2: \"%3\", tooltip \"%4\"").arg(i).arg(c).arg(row->text(c), row->toolTip(c))));
            }
        };
        check();
        if (QTest::currentTestFailed())
            return;
        const auto english = qScopeGuard([] { StudioLanguage::apply(QStringLiteral("en")); });
        QCOMPARE(StudioLanguage::apply(QStringLiteral("zh_TW")), QStringLiteral("zh_TW"));
        QCoreApplication::processEvents();
        QCOMPARE(tree->headerItem()->text(3), QStringLiteral("事件"));
        check();
    }

    void runLogShowsChangedValues()
    {
        // A "variable changed" row says what it changed to: name = value, the value as compact
        // JSON; a long value cut short, whole in the tooltip. In English, then in 繁體中文.
        Studio s;
        QTreeWidget *tree = runWriteReport(s, 0, 0);
        QVERIFY(tree);
        const auto check = [&](const QString &variableChanged) {
            QStringList changed;
            const QTreeWidgetItem *longOne = nullptr;
            for (int i = 0; i < tree->topLevelItemCount(); ++i)
                if (const QTreeWidgetItem *row = tree->topLevelItem(i); row->text(3) == variableChanged) {
                    changed << row->text(4);
                    if (row->toolTip(4).contains(QStringLiteral("Li 2016")))
                        longOne = row;
                }
            const QString all = changed.join(QLatin1Char('\n'));
            QVERIFY2(changed.contains(QStringLiteral("generate_query.query = \"graph neural networks\"")), qPrintable(all));
            QVERIFY2(changed.contains(QStringLiteral("search_literature.result_count = 4")), qPrintable(all));
            QVERIFY2(changed.contains(QStringLiteral("confirm_selection.answer = \"Scarselli 2009\"")), qPrintable(all));
            QVERIFY2(longOne, qPrintable(all));
            QCOMPARE(longOne->toolTip(4),
                     QStringLiteral("search_literature.results = [\"Scarselli 2009\",\"Kipf 2017\",\"Hamilton 2017\",\"Velickovic 2018\",\"Xu 2019\","
                                    "\"Wu 2020\",\"Zhou 2020\",\"Gilmer 2017\",\"Battaglia 2018\",\"Bronstein 2021\",\"Ying 2018\",\"Li 2016\"]"));
            QVERIFY2(longOne->text(4).endsWith(QStringLiteral("…")) && longOne->text(4).size() < 120, qPrintable(longOne->text(4)));
            QVERIFY(longOne->text(4).startsWith(QStringLiteral("search_literature.results = [\"Scarselli 2009\",\"Kipf 2017\"")));
        };
        check(QStringLiteral("variable changed"));
        if (QTest::currentTestFailed())
            return;
        const auto english = qScopeGuard([] { StudioLanguage::apply(QStringLiteral("en")); });
        QCOMPARE(StudioLanguage::apply(QStringLiteral("zh_TW")), QStringLiteral("zh_TW"));
        QCoreApplication::processEvents();
        check(QStringLiteral("變數已變更"));
    }

    void startingARunBringsTheRunLogForward()
    {
        // The undo History in front among the bottom docks (its tab clicked): F5 starts a run,
        // and the Run Log comes to the front, as it does when the docks are collapsed.
        Studio s;
        MainWindow &w = s.w;
        QVERIFY(w.openFile(example("project-cleanup.yaml")));
        QTabBar *tabs = bottomTabs(w);
        QVERIFY(tabs);
        auto *history = w.findChild<QDockWidget *>(QStringLiteral("HistoryDock"));
        QVERIFY(history);
        int at = -1;
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->tabText(i) == history->windowTitle())
                at = i;
        QVERIFY(at >= 0);
        QTest::mouseClick(tabs, Qt::LeftButton, {}, tabs->tabRect(at).center());
        QTRY_VERIFY(!w.studioLayout()->isBottomCollapsed());
        QTRY_COMPARE(frontBottomTab(w), history->windowTitle());
        s.key(Qt::Key_F5);
        QTRY_COMPARE(w.run()->status(), RunStatus::Finished);
        QTRY_COMPARE(frontBottomTab(w), w.runLog()->windowTitle());
        QVERIFY(w.runLog()->tree()->isVisible());
        QVERIFY(!w.runLog()->tree()->visibleRegion().isEmpty());

        // Again from History, with Run > Rerun from Selected Node.
        QTest::mouseClick(tabs, Qt::LeftButton, {}, tabs->tabRect(at).center());
        QTRY_COMPARE(frontBottomTab(w), history->windowTitle());
        w.scene()->selectNodes({w.document()->graph().nodes.at(1).id});
        w.actions()->action(StudioActions::RunFromSelected)->trigger();
        QTRY_COMPARE(w.run()->status(), RunStatus::Finished);
        QTRY_COMPARE(frontBottomTab(w), w.runLog()->windowTitle());
    }

    void openingTheOpenFileAgainSaysSo()
    {
        // File > Open on the graph that is open: the status bar says it is open already; with
        // unsaved changes, the studio offers to reload it from disk (No keeps the changes).
        Studio s;
        MainWindow &w = s.w;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("write-report.yaml"));
        QVERIFY(QFile::copy(example("write-report.yaml"), path));
        QVERIFY(w.openFile(path));
        const QByteArray opened = bytesOf(w.document());
        QAction *open = w.actions()->action(StudioActions::Open);
        TestPrompts *prompts = testPrompts();
        prompts->files.enqueue(dir.path() + QStringLiteral("/./write-report.yaml")); // the same file, written otherwise
        open->trigger();
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("write-report.yaml is already open"));
        QCOMPARE(prompts->asked, QStringList{QStringLiteral("open: Open Graph")});

        GraphActions::addNote(w.document(), QPointF(0, 0), QStringLiteral("a change"));
        QVERIFY(w.document()->isModified());
        const QByteArray changed = bytesOf(w.document());
        prompts->asked.clear();
        prompts->files.enqueue(path);
        prompts->yesNoAnswers.enqueue(false);
        open->trigger();
        QCOMPARE(prompts->asked.size(), 2);
        QVERIFY2(prompts->asked.at(1).startsWith(QStringLiteral("yes/no: ")) && prompts->asked.at(1).contains(QStringLiteral("write-report.yaml"))
                     && prompts->asked.at(1).contains(QStringLiteral("unsaved changes")),
                 qPrintable(prompts->asked.join(QLatin1Char('\n'))));
        QVERIFY(w.document()->isModified());
        QCOMPARE(bytesOf(w.document()), changed);
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("write-report.yaml is already open"));

        prompts->files.enqueue(path);
        prompts->yesNoAnswers.enqueue(true);
        open->trigger();
        QVERIFY(!w.document()->isModified());
        QCOMPARE(bytesOf(w.document()), opened);
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("Reloaded write-report.yaml from disk"));

        // Another file: the unsaved changes are asked about, as before.
        GraphActions::addNote(w.document(), QPointF(0, 0), QStringLiteral("a change"));
        prompts->asked.clear();
        prompts->files.enqueue(example("git-commit.yaml"));
        open->trigger();
        QCOMPARE(prompts->asked, (QStringList{QStringLiteral("open: Open Graph"), QStringLiteral("save: write-report.yaml")}));
        QCOMPARE(QFileInfo(w.document()->filePath()).fileName(), QStringLiteral("git-commit.yaml"));
    }

    void viewMenuSaysDarkCanvasAsTheDocsDo()
    {
        // docs/studio.md says View > Dark Canvas: so does the View menu (in 繁體中文, 深色畫布).
        Studio s;
        MainWindow &w = s.w;
        QAction *dark = w.actions()->action(StudioActions::DarkTheme);
        QCOMPARE(dark->objectName(), QStringLiteral("ViewDarkTheme"));
        auto *view = w.findChild<QMenu *>(QStringLiteral("ViewMenu"));
        QVERIFY(view && view->actions().contains(dark));
        QCOMPARE(QString(dark->text()).remove(QLatin1Char('&')), QStringLiteral("Dark Canvas"));
        QFile docs(QStringLiteral(CAPGRAPH_SOURCE_DIR "/docs/studio.md"));
        QVERIFY(docs.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(docs.readAll());
        QVERIFY(text.contains(QStringLiteral("View > Dark Canvas")));
        QVERIFY(!text.contains(QStringLiteral("Dark Theme")));
        const auto english = qScopeGuard([] { StudioLanguage::apply(QStringLiteral("en")); });
        QCOMPARE(StudioLanguage::apply(QStringLiteral("zh_TW")), QStringLiteral("zh_TW"));
        QTRY_COMPARE(dark->text(), QStringLiteral("深色畫布(&D)"));
    }

    void runHistoryEntries()
    {
        Studio s;
        MainWindow &w = s.w;
        w.openFile(example("project-cleanup.yaml"));
        QString error;
        QSignalSpy listed(w.run(), &RunController::runEnded); // once its trace is on disk
        QVERIFY2(w.startRun({}, &error), qPrintable(error));
        QTRY_COMPARE(w.run()->status(), RunStatus::Finished);
        QListWidget *list = w.runHistory()->list();
        QTRY_COMPARE(listed.count(), 1);
        QTRY_VERIFY(list->count() >= 1);
        // graph · local start time · outcome · steps · duration
        const QString entry = list->item(0)->text();
        const QStringList parts = entry.split(QStringLiteral(" · "));
        QCOMPARE(parts.size(), 5);
        QCOMPARE(parts.at(0), QStringLiteral("project-cleanup"));
        // The date as the locale writes it, the time as hours and minutes.
        QVERIFY2(QDateTime::fromString(parts.at(1), QLocale().dateFormat(QLocale::ShortFormat) + QStringLiteral(" HH:mm")).isValid(),
                 qPrintable(parts.at(1)));
        QCOMPARE(parts.at(2), QStringLiteral("finished"));
        QCOMPARE(parts.at(3), QStringLiteral("5 steps"));
        // Its time as RunClock::brief writes it: "457 µs", "5.3 ms", "2.4 s".
        QVERIFY2(QRegularExpression(QStringLiteral("^[0-9.]+ (µs|ms|s)$")).match(parts.at(4)).hasMatch(), qPrintable(parts.at(4)));
        // A double-click replays it.
        w.runHistory()->show();
        w.runHistory()->raise();
        QCoreApplication::processEvents();
        const QRect rect = list->visualItemRect(list->item(0));
        doubleClick(list->viewport(), rect.center());
        QTRY_VERIFY2(w.run()->isReplaying(), qPrintable(w.runHistory()->findChild<QLabel *>()->text()));
    }
};

QTEST_MAIN(TestFirstHour)
#include "tst_firsthour.moc"
