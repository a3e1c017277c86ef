// File > Compare With… as a user meets it at the default window size: the open graph compared
// with another file or an earlier git revision of its own, the differences coloured on the
// canvas (added green, changed amber, removed as grey outlines), listed in the Changes dock, a
// row's node centred on a click, the comparison following edits until it is closed.
#include "support/StudioWindow.h"

#include "commands/EditNodeCommand.h"
#include "document/GraphDocument.h"
#include "scene/ComparisonGhosts.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "window/CompareHandler.h"
#include "window/CompareSourceDialog.h"
#include "window/ComparisonDock.h"
#include "window/StudioActions.h"

#include <QAction>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeWidget>

#include <QtTest>

using namespace capgraph;
using namespace capgraph::editor;
using namespace capgraph::editor::testing;

namespace {

QByteArray original()
{
    QFile f(QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/write-report.yaml"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// write-report with a condition changed, a skill rebound, a node added after the report, and
// fetch_pmid gone (its condition now goes to read_pdf).
QByteArray changed()
{
    QByteArray s = original();
    s.replace("expression: \"result_count >= 10 OR iteration >= 3\"", "expression: \"result_count >= 8 OR iteration >= 3\"");
    s.replace("skill_id: report-writer\n", "skill_id: report-writer-v2\n");
    s.replace("    - from: write_report\n      to: end\n", "    - from: write_report\n      to: cite_sources\n      type: sequence\n\n    - from: cite_sources\n      to: end\n");
    s.replace("    - id: end\n      type: control.end", "    - id: cite_sources\n      type: skill\n      skill_id: citation-checker\n\n    - id: end\n      type: control.end");
    s.replace("    - id: fetch_pmid\n      type: skill\n      skill_id: pubmed-fetcher\n      execution_mode: single\n", "");
    s.replace("    - from: fetch_pmid\n      to: merge_content\n      type: sequence\n", "");
    s.replace("          target: fetch_pmid", "          target: read_pdf");
    return s;
}

void write(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

QTreeWidgetItem *child(QTreeWidgetItem *row, const QString &text)
{
    for (int i = 0; row && i < row->childCount(); ++i)
        if (row->child(i)->text(0) == text)
            return row->child(i);
    return nullptr;
}

// A click on a row of the list, scrolled into view first.
void clickRow(QTreeWidget *tree, QTreeWidgetItem *row)
{
    tree->scrollToItem(row);
    QCoreApplication::processEvents();
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, Qt::NoModifier, tree->visualItemRect(row).center());
}

bool git(const QString &dir, const QStringList &args)
{
    QProcess p;
    p.setWorkingDirectory(dir);
    p.start(QStringLiteral("git"), QStringList{QStringLiteral("-c"), QStringLiteral("user.name=Lin Mei"), QStringLiteral("-c"),
                                               QStringLiteral("user.email=lin@example.org")}
                                       + args);
    return p.waitForFinished(20000) && p.exitCode() == 0;
}

} // namespace

class TestGraphCompare : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTest"));
        QStandardPaths::setTestModeEnabled(true);
    }

    void compareWithAFileColoursAndListsTheChanges()
    {
        QTemporaryDir dir;
        write(dir.filePath(QStringLiteral("old.yaml")), original());
        write(dir.filePath(QStringLiteral("write-report.yaml")), changed());
        Studio s;
        QVERIFY(s.w.openFile(dir.filePath(QStringLiteral("write-report.yaml"))));
        QAction *close = s.w.actions()->action(StudioActions::CloseComparison);
        QVERIFY(!close->isEnabled());
        QString error;
        QVERIFY2(s.w.compare()->compareWithFile(dir.filePath(QStringLiteral("old.yaml")), &error), qPrintable(error));
        GraphScene *scene = s.w.scene();
        QCOMPARE(scene->comparisonStatus(QStringLiteral("cite_sources")), std::optional<DiffStatus>(DiffStatus::Added));
        QCOMPARE(scene->comparisonStatus(QStringLiteral("write_report")), std::optional<DiffStatus>(DiffStatus::Changed));
        QCOMPARE(scene->comparisonStatus(QStringLiteral("branch_enough")), std::optional<DiffStatus>(DiffStatus::Changed));
        QCOMPARE(scene->comparisonStatus(QStringLiteral("identify_input")), std::nullopt);
        QVERIFY(scene->removedNodePlace(QStringLiteral("fetch_pmid")));
        QVERIFY(close->isEnabled());

        // The Changes dock in front: a summary and a row each, coloured.
        ComparisonDock *dock = s.w.comparisonDock();
        QTRY_VERIFY(dock->isVisible());
        QVERIFY2(dock->summary()->text().startsWith(QStringLiteral("Compared with old.yaml: nodes 1 added, 1 removed, 3 changed;")), qPrintable(dock->summary()->text()));
        QTreeWidgetItem *added = dock->nodeRow(QStringLiteral("cite_sources"));
        QVERIFY(added);
        QCOMPARE(added->text(0), QStringLiteral("+ node cite_sources (skill)"));
        QCOMPARE(added->foreground(0).color(), GraphScene::addedColor());
        QTreeWidgetItem *removed = dock->nodeRow(QStringLiteral("fetch_pmid"));
        QVERIFY(removed);
        QCOMPARE(removed->text(0), QStringLiteral("− node fetch_pmid (skill)"));
        QTreeWidgetItem *rebound = dock->nodeRow(QStringLiteral("write_report"));
        QVERIFY(rebound);
        QTreeWidgetItem *skill = child(rebound, QStringLiteral("skill_id"));
        QVERIFY(skill);
        QCOMPARE(skill->text(1), QStringLiteral("report-writer"));
        QCOMPARE(skill->text(2), QStringLiteral("report-writer-v2"));
        QTreeWidgetItem *enough = child(dock->nodeRow(QStringLiteral("branch_enough")), QStringLiteral("condition enough"));
        QVERIFY(enough);
        QTreeWidgetItem *expression = child(enough, QStringLiteral("expression"));
        QVERIFY(expression);
        QCOMPARE(expression->text(1), QStringLiteral("result_count >= 10 OR iteration >= 3"));
        QCOMPARE(expression->text(2), QStringLiteral("result_count >= 8 OR iteration >= 3"));

        // A click on a row centres its node and selects it.
        clickRow(dock->tree(), rebound);
        QCOMPARE(scene->selectedNodeIds(), QStringList{QStringLiteral("write_report")});
        const QPoint centre = s.at(scene->nodeItem(QStringLiteral("write_report"))->sceneBoundingRect().center());
        QVERIFY2((centre - s.viewport()->rect().center()).manhattanLength() < 40, "the node is not centred");

        // On screen: the amber ring around it, green around the added node, the removed one's grey outline.
        QImage shot = s.shot();
        QRect box = s.onScreen(scene->nodeItem(QStringLiteral("write_report"))->sceneBoundingRect()).adjusted(-10, -10, 10, 10);
        QVERIFY2(countColour(shot, box, GraphScene::changedColor().rgb()) > 40, "no amber ring");
        s.w.view()->centerOn(scene->nodeItem(QStringLiteral("cite_sources")));
        shot = s.shot();
        box = s.onScreen(scene->nodeItem(QStringLiteral("cite_sources"))->sceneBoundingRect()).adjusted(-10, -10, 10, 10);
        QVERIFY2(countColour(shot, box, GraphScene::addedColor().rgb()) > 40, "no green ring");
        clickRow(dock->tree(), removed);
        shot = s.shot();
        const QPointF ghost = *scene->removedNodePlace(QStringLiteral("fetch_pmid"));
        QVERIFY2((s.at(ghost) - s.viewport()->rect().center()).manhattanLength() < 40, "the removed node's place is not centred");
        QVERIFY2(countColour(shot, QRect(s.at(ghost) - QPoint(70, 30), QSize(140, 60)), ComparisonGhosts::removedColor().rgb()) > 30, "no grey outline");

        // An edit while comparing: the comparison follows it.
        GraphDocument *doc = s.w.document();
        const Node before = *doc->node(QStringLiteral("read_pdf"));
        Node after = before;
        after.label = QStringLiteral("Read the PDF");
        doc->undoStack()->push(new EditNodeCommand(doc, before, after, QStringLiteral("label")));
        QTRY_COMPARE(scene->comparisonStatus(QStringLiteral("read_pdf")), std::optional<DiffStatus>(DiffStatus::Changed));
        QTRY_VERIFY(dock->nodeRow(QStringLiteral("read_pdf")));
        doc->undoStack()->undo();
        QTRY_COMPARE(scene->comparisonStatus(QStringLiteral("read_pdf")), std::nullopt);

        // Close Comparison: nothing of it stays.
        QTest::mouseClick(dock->closeButton(), Qt::LeftButton);
        QVERIFY(!scene->comparison());
        QVERIFY(!close->isEnabled());
        QCOMPARE(dock->tree()->topLevelItemCount(), 0);
        shot = s.shot();
        QCOMPARE(countColour(shot, s.viewport()->rect(), GraphScene::changedColor().rgb()), 0);
    }

    void theSameGraphReorderedIsTheSame()
    {
        QTemporaryDir dir;
        write(dir.filePath(QStringLiteral("a.yaml")), original());
        Studio s;
        QVERIFY(s.w.openFile(dir.filePath(QStringLiteral("a.yaml"))));
        // The same file saved by the studio: keys and positions written otherwise, the same graph.
        QString error;
        QVERIFY(s.w.saveTo(dir.filePath(QStringLiteral("b.yaml")), &error));
        QVERIFY(s.w.openFile(dir.filePath(QStringLiteral("a.yaml"))));
        QVERIFY2(s.w.compare()->compareWithFile(dir.filePath(QStringLiteral("b.yaml")), &error), qPrintable(error));
        QVERIFY(s.w.scene()->comparison()->diff.isEmpty());
        QCOMPARE(s.w.comparisonDock()->summary()->text(), QStringLiteral("Compared with b.yaml: the same graph (positions aside)."));
        // A file that is not a graph: where and what.
        write(dir.filePath(QStringLiteral("broken.yaml")), "graph:\n  nodes: [\n");
        QVERIFY(!s.w.compare()->compareWithFile(dir.filePath(QStringLiteral("broken.yaml")), &error));
        QVERIFY2(error.contains(QStringLiteral("broken.yaml:")), qPrintable(error));
        QVERIFY(s.w.scene()->comparison()); // the comparison on show stays
    }

    void earlierGitRevisionsAreOffered()
    {
        QTemporaryDir dir;
        QVERIFY(git(dir.path(), {QStringLiteral("init"), QStringLiteral("-q")}));
        const QString file = dir.filePath(QStringLiteral("write-report.yaml"));
        write(file, original());
        QVERIFY(git(dir.path(), {QStringLiteral("add"), QStringLiteral("write-report.yaml")}));
        QVERIFY(git(dir.path(), {QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("the seed's graph")}));
        write(file, changed());
        QVERIFY(git(dir.path(), {QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-am"), QStringLiteral("cite the sources")}));
        Studio s;
        QVERIFY(s.w.openFile(file));
        const QList<GitRevision> revisions = s.w.compare()->revisions();
        QCOMPARE(revisions.size(), 2);
        QCOMPARE(revisions.at(0).subject, QStringLiteral("cite the sources"));
        QCOMPARE(revisions.at(1).subject, QStringLiteral("the seed's graph"));
        QCOMPARE(revisions.at(1).author, QStringLiteral("Lin Mei"));
        // The dialog lists them, the newest first.
        CompareSourceDialog dialog(QStringLiteral("write-report.yaml"), revisions);
        QCOMPARE(dialog.list()->count(), 2);
        QVERIFY2(dialog.list()->item(1)->text().endsWith(QStringLiteral(" · Lin Mei · the seed's graph")), qPrintable(dialog.list()->item(1)->text()));
        QString error;
        QVERIFY2(s.w.compare()->compareWithRevision(revisions.at(1), &error), qPrintable(error));
        QCOMPARE(s.w.scene()->comparisonStatus(QStringLiteral("cite_sources")), std::optional<DiffStatus>(DiffStatus::Added));
        QVERIFY2(s.w.comparisonDock()->summary()->text().startsWith(QStringLiteral("Compared with write-report.yaml @ %1").arg(revisions.at(1).shortHash)),
                 qPrintable(s.w.comparisonDock()->summary()->text()));
        // Another graph ends it.
        QVERIFY(s.w.openFile(example("grades-query.yaml")));
        QVERIFY(!s.w.scene()->comparison());
        QVERIFY(s.w.compare()->revisions().isEmpty() || !s.w.actions()->action(StudioActions::CloseComparison)->isEnabled());
    }
};

QTEST_MAIN(TestGraphCompare)
#include "tst_graph_compare.moc"
