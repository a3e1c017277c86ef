// Find in graph and run against run, as a user does them at the default window size: Ctrl+F
// opens the find bar over the canvas, a query (words, type:, uses:, is:) rings the matches on
// the canvas and in the overview, Enter / F3 / Shift+F3 go from match to match, each selected
// and centred, the count says where we are, an unknown filter is named, Escape closes; two
// runs selected in Run History and compared show where their routes part and the outputs that
// differ, and a row's click selects and centres its node.
#include "support/StudioWindow.h"

#include "document/GraphDocument.h"
#include "run/RunCompareDialog.h"
#include "run/RunController.h"
#include "run/RunHistoryDock.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "ui/ValueView.h"
#include "view/FindBar.h"
#include "view/OverviewView.h"
#include "window/StudioLayout.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>

#include <QtTest>

using namespace capgraph;
using namespace capgraph::editor;
using namespace capgraph::editor::testing;

namespace {

QRectF boxOf(Studio &s, const QString &id)
{
    const NodeItem *item = s.w.scene()->nodeItem(id);
    return item ? item->box().translated(item->pos()) : QRectF();
}

// The pixels of the find ring's colour around a node on the screen.
int ringPixels(Studio &s, const QString &id)
{
    const QImage shot = s.shot();
    return countColour(shot, s.onScreen(boxOf(s, id).adjusted(-14, -14, 14, 14)), GraphScene::FindColor);
}

// How far the node's centre is from the middle of the canvas, in pixels.
QPoint offCentre(Studio &s, const QString &id)
{
    return s.at(boxOf(s, id).center()) - s.viewport()->rect().center();
}

FindBar *openFind(Studio &s, Qt::Key key = Qt::Key_F)
{
    s.w.view()->setFocus();
    QTest::keyClick(s.w.view(), key, Qt::ControlModifier);
    FindBar *bar = s.w.findBar();
    if (!bar || !QTest::qWaitFor([bar] { return bar->isVisible(); }, 2000))
        return nullptr;
    return bar;
}

void type(FindBar *bar, const QString &text)
{
    bar->field()->selectAll();
    QTest::keyClick(bar->field(), Qt::Key_Delete);
    QTest::keyClicks(bar->field(), text);
}

QStringList skillsOf(const Graph &g)
{
    QStringList out;
    for (const Node &n : g.nodes)
        if (n.kind == NodeKind::Skill)
            out << n.id;
    return out;
}

} // namespace

class TestFind : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTestFind"));
        QStandardPaths::setTestModeEnabled(true);
    }

    void ctrlFOpensTheBarAtTheCanvasTop()
    {
        Studio s;
        QVERIFY(s.w.openFile(example("write-report.yaml")));
        FindBar *bar = s.w.findBar();
        QVERIFY(bar);
        QVERIFY(!bar->isVisible());
        const QRect viewportBefore = s.viewport()->geometry();
        QVERIFY(openFind(s));
        QVERIFY(bar->field()->hasFocus());
        // A slim bar along the canvas's top edge, as wide as the canvas; the canvas starts under it.
        QTRY_COMPARE(s.viewport()->geometry().top(), bar->geometry().bottom() + 1);
        QCOMPARE(bar->geometry().left(), s.viewport()->geometry().left());
        QCOMPARE(bar->width(), s.viewport()->width());
        QVERIFY(bar->height() < 48);
        QCOMPARE(bar->geometry().top(), viewportBefore.top());
        QVERIFY(bar->field()->isVisible());
        // Escape closes it, and the canvas has its room and the focus again.
        QTest::keyClick(bar->field(), Qt::Key_Escape);
        QTRY_VERIFY(!bar->isVisible());
        QTRY_COMPARE(s.viewport()->geometry(), viewportBefore);
        QVERIFY(s.w.view()->hasFocus());
        // Ctrl+K too.
        QVERIFY(openFind(s, Qt::Key_K));
    }

    void typeSkillRingsEveryMatchAndEnterGoesToEach()
    {
        Studio s;
        QVERIFY(s.w.openFile(example("write-report.yaml")));
        FindBar *bar = openFind(s);
        QVERIFY(bar);
        const QStringList skills = skillsOf(s.w.document()->graph());
        QCOMPARE(skills.size(), 7);
        type(bar, QStringLiteral("type:skill"));
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("7 matches"));
        QVERIFY(bar->countLabel()->isVisible());
        QCOMPARE(s.w.scene()->findNodes(), QSet<QString>(skills.cbegin(), skills.cend()));
        // Every skill in view is ringed; the nodes that are not skills are not.
        const QRect visible = s.viewport()->rect();
        int ringed = 0;
        for (const Node &n : s.w.document()->graph().nodes) {
            if (!visible.contains(s.onScreen(boxOf(s, n.id).adjusted(-14, -14, 14, 14))))
                continue;
            const int pixels = ringPixels(s, n.id);
            if (n.kind == NodeKind::Skill) {
                QVERIFY2(pixels > 60, qPrintable(n.id + QStringLiteral(": %1 ring pixels").arg(pixels)));
                ++ringed;
            } else {
                QVERIFY2(pixels == 0, qPrintable(n.id + QStringLiteral(": %1 ring pixels").arg(pixels)));
            }
        }
        QVERIFY(ringed >= 1);

        // Enter: the first, selected and centred; F3 the next; Shift+F3 and Shift+Enter back.
        QTest::keyClick(bar->field(), Qt::Key_Return);
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("1 of 7"));
        QCOMPARE(s.w.scene()->selectedNodeIds(), QStringList{skills.at(0)});
        QVERIFY(s.w.scene()->isFindCurrent(skills.at(0)));
        QVERIFY(offCentre(s, skills.at(0)).manhattanLength() <= 3);
        QVERIFY(ringPixels(s, skills.at(0)) > 60);
        QTest::keyClick(bar->field(), Qt::Key_F3);
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("2 of 7"));
        QCOMPARE(s.w.scene()->selectedNodeIds(), QStringList{skills.at(1)});
        QVERIFY(offCentre(s, skills.at(1)).manhattanLength() <= 3);
        QVERIFY(ringPixels(s, skills.at(1)) > 60);
        // F3 with the focus on the canvas goes on too.
        s.w.view()->setFocus();
        QTest::keyClick(s.w.view(), Qt::Key_F3);
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("3 of 7"));
        QTest::keyClick(s.w.view(), Qt::Key_F3, Qt::ShiftModifier);
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("2 of 7"));
        QTest::keyClick(bar->field(), Qt::Key_Return, Qt::ShiftModifier);
        QTest::keyClick(bar->field(), Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("7 of 7")); // round to the last
        QCOMPARE(s.w.scene()->selectedNodeIds(), QStringList{skills.at(6)});
        QVERIFY(offCentre(s, skills.at(6)).manhattanLength() <= 3);
        QTest::keyClick(bar->field(), Qt::Key_Return);
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("1 of 7")); // and round to the first

        // Escape: the rings go.
        QTest::keyClick(bar->field(), Qt::Key_Escape);
        QTRY_VERIFY(!bar->isVisible());
        QVERIFY(!s.w.scene()->hasFindMatches());
        QCOMPARE(ringPixels(s, skills.at(0)), 0);
    }

    void wordsFiltersAndUnknownFilters()
    {
        Studio s;
        QVERIFY(s.w.openFile(example("write-report.yaml")));
        FindBar *bar = openFind(s);
        QVERIFY(bar);
        type(bar, QStringLiteral("PDF"));
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("2 matches")); // the branch's condition, read_pdf
        type(bar, QStringLiteral("uses:pubmed-fetcher"));
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("1 match"));
        QTest::keyClick(bar->field(), Qt::Key_Return);
        QCOMPARE(s.w.scene()->selectedNodeIds(), QStringList{QStringLiteral("fetch_pmid")});
        type(bar, QStringLiteral("nothing-is-called-this"));
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("no match"));
        QVERIFY(!s.w.scene()->hasFindMatches());
        type(bar, QStringLiteral("foo:bar"));
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("unknown filter 'foo:'; use type:, uses:, is:"));
        type(bar, QStringLiteral("is:broken"));
        QVERIFY(bar->countLabel()->text().startsWith(QStringLiteral("unknown 'is:broken'")));

        // is:breakpoint follows the breakpoints as they are set.
        type(bar, QStringLiteral("is:breakpoint"));
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("no match"));
        s.w.run()->toggleBreakpoint(QStringLiteral("write_report"));
        QTRY_COMPARE(bar->countLabel()->text(), QStringLiteral("1 match"));
        QVERIFY(s.w.scene()->isFindMatch(QStringLiteral("write_report")));
    }

    void isInvalidFindsTheNodesWithFindings()
    {
        Studio s;
        QVERIFY(s.w.openFile(QStringLiteral(CAPGRAPH_FIXTURES_DIR "/lint/expressions.yaml")));
        QTRY_VERIFY(!s.w.scene()->nodesWithFindings().isEmpty()); // the background lint
        FindBar *bar = openFind(s);
        QVERIFY(bar);
        type(bar, QStringLiteral("is:invalid"));
        QCOMPARE(s.w.scene()->findNodes(), s.w.scene()->nodesWithFindings());
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("%1 match%2").arg(bar->matches().size()).arg(bar->matches().size() == 1 ? QString() : QStringLiteral("es")));
    }

    void matchesAreRingedInTheOverview()
    {
        Studio s;
        QVERIFY(s.w.openFile(example("write-report.yaml")));
        s.w.view()->setZoom(1.6); // part of the graph out of view: the minimap shows
        QTRY_VERIFY(s.w.overview()->isVisible());
        const auto overviewRing = [&] {
            QTest::qWait(400); // the minimap sketches again at most a few times a second
            const QImage img = s.w.overview()->viewport()->grab().toImage();
            return countColour(img, img.rect(), GraphScene::FindColor);
        };
        QCOMPARE(overviewRing(), 0);
        FindBar *bar = openFind(s);
        QVERIFY(bar);
        type(bar, QStringLiteral("type:skill"));
        QTRY_VERIFY(overviewRing() > 20);
        QTest::keyClick(bar->field(), Qt::Key_Escape);
        QTRY_COMPARE(overviewRing(), 0);
    }

    void compareTwoRunsFromRunHistory()
    {
        QTemporaryDir dir;
        Studio s;
        QVERIFY(s.w.openFile(copyExample(dir.path(), QStringLiteral("write-report"))));
        QDir(s.w.run()->historyFolder()).removeRecursively();
        s.w.runHistory()->refresh();
        QString error;
        // The search route (answered in between), then the PDF route.
        QVERIFY2(s.w.startRun({{QStringLiteral("type"), QStringLiteral("search")}, {QStringLiteral("topic"), QStringLiteral("graphs")}}, &error), qPrintable(error));
        QTRY_COMPARE(s.w.run()->status(), RunStatus::WaitingForInput);
        QVERIFY2(s.w.run()->answer(QStringLiteral("confirm_selection"), QStringLiteral("Kipf 2017"), &error), qPrintable(error));
        QTRY_COMPARE(s.w.run()->status(), RunStatus::Finished);
        QTRY_COMPARE(s.w.runHistory()->list()->count(), 1);
        QTest::qWait(20); // the second trace is named after a later moment
        QVERIFY2(s.w.startRun({{QStringLiteral("type"), QStringLiteral("pdf")}, {QStringLiteral("path"), QStringLiteral("paper.pdf")}}, &error), qPrintable(error));
        QTRY_COMPARE(s.w.run()->status(), RunStatus::Finished);
        QTRY_COMPARE(s.w.runHistory()->list()->count(), 2);

        RunHistoryDock *history = s.w.runHistory();
        s.w.studioLayout()->openBottom(history);
        QTRY_VERIFY(history->list()->isVisible());
        QListWidget *list = history->list();
        // One selected: no comparison; Ctrl+click a second: Compare.
        QTest::mouseClick(list->viewport(), Qt::LeftButton, Qt::NoModifier, list->visualItemRect(list->item(0)).center());
        QVERIFY(!history->compareButton()->isEnabled());
        QTest::mouseClick(list->viewport(), Qt::LeftButton, Qt::ControlModifier, list->visualItemRect(list->item(1)).center());
        QCOMPARE(list->selectedItems().size(), 2);
        QVERIFY(history->compareButton()->isEnabled());
        QTest::mouseClick(history->compareButton(), Qt::LeftButton);
        RunCompareDialog *dialog = history->compareDialog();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());

        // The earlier run (search) is the old one: the routes part after the branch.
        QCOMPARE(dialog->diff().oldRun.route.value(3), QStringLiteral("loop_search_start"));
        QCOMPARE(dialog->diff().newRun.route.value(3), QStringLiteral("read_pdf"));
        QCOMPARE(dialog->routeLabel()->text(), QStringLiteral("The routes part after branch_input_type (node 3 of the route): the earlier run went to "
                                                              "loop_search_start, the later one to read_pdf."));
        QVERIFY(dialog->routeLabel()->isVisible());
        const QString summary = dialog->summaryLabel()->text();
        QVERIFY2(summary.contains(QStringLiteral("node(s) with different outputs")) || summary.contains(QStringLiteral("nodes with different outputs")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("steps ")) && summary.contains(QStringLiteral("time ")) && summary.contains(QStringLiteral("tokens ")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("both finished")), qPrintable(summary));

        // The table: every differing node with both values, as people write them.
        QTableWidget *table = dialog->table();
        QCOMPARE(table->rowCount(), int(dialog->diff().outputs.size()));
        QVERIFY(table->rowCount() >= 2);
        int readPdf = -1;
        for (int r = 0; r < table->rowCount(); ++r)
            if (table->item(r, 0)->text() == QStringLiteral("read_pdf"))
                readPdf = r;
        QVERIFY(readPdf >= 0);
        QCOMPARE(table->item(readPdf, 1)->text(), QStringLiteral("(no output)")); // the search run did not read a PDF
        QVERIFY(!table->item(readPdf, 2)->text().isEmpty());
        QVERIFY(!table->item(readPdf, 2)->text().startsWith(QLatin1Char('{'))); // not JSON

        // A row clicked: its node selected and centred on the canvas, both values below.
        table->scrollToItem(table->item(readPdf, 0));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::NoModifier, table->visualItemRect(table->item(readPdf, 0)).center());
        QTRY_COMPARE(s.w.scene()->selectedNodeIds(), QStringList{QStringLiteral("read_pdf")});
        QVERIFY(offCentre(s, QStringLiteral("read_pdf")).manhattanLength() <= 3);
        QVERIFY(!dialog->oldValue()->value().isValid());
        QVERIFY(dialog->newValue()->value().isValid());
        if (const QString shots = qEnvironmentVariable("CAPGRAPH_TEST_SHOTS"); !shots.isEmpty()) // to look at
            dialog->grab().save(shots + QStringLiteral("/run-compare.png"));
    }
};

QTEST_MAIN(TestFind)
#include "tst_find.moc"
