// The properties dock driven through its widgets (offscreen): select a node by clicking it,
// type into a field and press Enter — one undo command, the model changed, undo shows the old
// value again; renames follow references and refuse taken ids; spin box steps merge into one
// command; branch conditions are checked as you type and edited as a list; edges get their
// weight, sync and type (refused with a reason when the graph forbids it); unknown keys and
// inputs are raw YAML, checked before anything changes.
#include "support/TestPrompts.h"
#include "commands/GraphActions.h"
#include "document/GraphDocument.h"
#include "properties/CommittingTextEdit.h"
#include "properties/ConditionsTable.h"
#include "properties/EdgePropertiesForm.h"
#include "ui/ExpressionDialog.h"
#include "ui/ExpressionLineEdit.h"
#include "properties/GraphPropertiesForm.h"
#include "properties/NodePropertiesForm.h"
#include "properties/PropertiesDock.h"
#include "scene/EdgeItem.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "view/GraphView.h"
#include "view/LabelEditor.h"
#include "export/SceneExporter.h"
#include "analysis/GraphInputs.h"
#include "window/StudioActions.h"
#include "window/MainWindow.h"
#include "yaml/GraphYamlWriter.h"
#include "yaml/YamlFieldsText.h"

#include <QAbstractItemView>
#include <QCheckBox>
#include <QCompleter>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QXmlStreamReader>
#include <QTableWidget>
#include <QWheelEvent>
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

template <typename T>
T *field(MainWindow &w, const char *name)
{
    T *widget = w.properties()->findChild<T *>(QLatin1String(name));
    if (!widget)
        qFatal("no field %s", name);
    return widget;
}

// Replaces a line edit's text the way a user does, then Enter.
void typeInto(QLineEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

void clickNode(MainWindow &w, const QString &id)
{
    NodeItem *item = w.scene()->nodeItem(id);
    w.view()->centerOn(item->pos());
    QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {}, w.view()->mapFromScene(item->pos()));
}

struct Window
{
    MainWindow w{testPrompts()};
    explicit Window(const char *file)
    {
        w.resize(1400, 900);
        w.show();
        if (!QTest::qWaitForWindowExposed(&w))
            qFatal("window not exposed");
        const QString path = QString::fromLatin1(file).startsWith(QLatin1Char('/')) ? QString::fromLatin1(file) : example(file);
        if (!w.openFile(path))
            qFatal("cannot open %s", file);
        w.view()->setZoom(1.0);
    }
};
} // namespace

class TestProperties : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTest"));
        QStandardPaths::setTestModeEnabled(true);
    }

    void fieldsYamlRoundTrip()
    {
        ExtraFields f;
        QVERIFY(fieldsFromYamlText(QStringLiteral("a: 1\nb: {x: [1, 2]}\nc:\n  - one\n  - two\nd: |\n  line 1\n  line 2\n"), {}, &f, nullptr));
        QCOMPARE(f.keys(), (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d")}));
        ExtraFields again;
        QVERIFY(fieldsFromYamlText(fieldsToYamlText(f), {}, &again, nullptr));
        QCOMPARE(again, f);
        QString error;
        QVERIFY(!fieldsFromYamlText(QStringLiteral("a: 1\na: 2\n"), {}, &f, &error));
        QVERIFY2(error.contains(QStringLiteral("line 2, column 1")) && error.contains(QStringLiteral("duplicate")), qPrintable(error));
        QVERIFY(!fieldsFromYamlText(QStringLiteral("- a\n- b\n"), {}, &f, &error));
        QVERIFY2(error.contains(QStringLiteral("mapping")), qPrintable(error));
        QVERIFY(!fieldsFromYamlText(QStringLiteral("ok: 1\nid: x\n"), {QStringLiteral("id")}, &f, &error));
        QVERIFY2(error.contains(QStringLiteral("line 2")) && error.contains(QStringLiteral("'id'")), qPrintable(error));
        QVERIFY(!fieldsFromYamlText(QStringLiteral("a: [1,\n"), {}, &f, &error));
        QVERIFY2(error.startsWith(QStringLiteral("line ")), qPrintable(error));
        QVERIFY(fieldsFromYamlText(QStringLiteral("# only a comment\n"), {}, &f, nullptr));
        QVERIFY(f.isEmpty());
    }

    void clickANodeAndEditItsSkill()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        const QByteArray original = bytesOf(w.document());
        QCOMPARE(w.properties()->showing(), QStringLiteral("graph")); // nothing selected: the graph's own properties
        clickNode(w, QStringLiteral("read_pdf"));
        QCOMPARE(w.properties()->showing(), QStringLiteral("node read_pdf"));
        auto *skill = field<QLineEdit>(w, "PropSkillId");
        QCOMPARE(skill->text(), QStringLiteral("pdf-reader"));
        QVERIFY(skill->isVisible());
        QVERIFY(!field<QComboBox>(w, "PropDefault")->isVisible()); // a branch's field, hidden for a skill

        typeInto(skill, QStringLiteral("pdf-reader-v2"));
        QCOMPARE(w.document()->node(QStringLiteral("read_pdf"))->skillId, QStringLiteral("pdf-reader-v2"));
        QCOMPARE(w.document()->undoStack()->count(), 1);
        QVERIFY(w.document()->undoStack()->text(0).contains(QStringLiteral("skill_id")));
        QVERIFY(w.isWindowModified());
        // Enter again without a change: no second command.
        QTest::keyClick(skill, Qt::Key_Return);
        QCOMPARE(w.document()->undoStack()->count(), 1);

        // Undo: the model and the field are the opened ones again.
        w.document()->undoStack()->undo();
        QCOMPARE(skill->text(), QStringLiteral("pdf-reader"));
        QCOMPARE(bytesOf(w.document()), original);

        // The execution mode: a combo choice is one command; "parallel" reveals for_each.
        auto *mode = field<QComboBox>(w, "PropExecutionMode");
        QVERIFY(!field<ExpressionLineEdit>(w, "PropForEach")->isVisible());
        mode->setCurrentIndex(mode->findData(QStringLiteral("parallel")));
        emit mode->activated(mode->currentIndex());
        QCOMPARE(w.document()->node(QStringLiteral("read_pdf"))->executionMode, QStringLiteral("parallel"));
        QVERIFY(field<ExpressionLineEdit>(w, "PropForEach")->isVisible());
        auto *forEach = field<ExpressionLineEdit>(w, "PropForEach");
        forEach->setFocus();
        QTest::keyClicks(forEach, QStringLiteral("results[0"));
        QVERIFY(!forEach->isSyntaxValid()); // checked as you type
        QVERIFY2(forEach->syntaxError().contains(QStringLiteral("column")), qPrintable(forEach->syntaxError()));
        QTest::keyClicks(forEach, QStringLiteral("]"));
        QVERIFY(forEach->isSyntaxValid());
        QTest::keyClick(forEach, Qt::Key_Return);
        QCOMPARE(w.document()->node(QStringLiteral("read_pdf"))->forEach, QStringLiteral("results[0]"));

        // Outputs as a comma-separated list; timeout in seconds, "unset" at the bottom.
        typeInto(field<QLineEdit>(w, "PropOutputs"), QStringLiteral("text, pages ,"));
        QCOMPARE(w.document()->node(QStringLiteral("read_pdf"))->outputs, (QStringList{QStringLiteral("text"), QStringLiteral("pages")}));
        auto *timeout = field<QDoubleSpinBox>(w, "PropTimeout");
        QCOMPARE(timeout->text(), QStringLiteral("unset"));
        timeout->setValue(30);
        QCOMPARE(w.document()->node(QStringLiteral("read_pdf"))->timeout, std::optional<double>(30));
        timeout->setValue(timeout->minimum());
        QVERIFY(!w.document()->node(QStringLiteral("read_pdf"))->timeout.has_value());

        while (w.document()->undoStack()->canUndo())
            w.document()->undoStack()->undo();
        QCOMPARE(bytesOf(w.document()), original);
    }

    void renameFollowsReferencesAndRefusesTakenIds()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        clickNode(w, QStringLiteral("read_pdf"));
        auto *id = field<QLineEdit>(w, "PropId");
        typeInto(id, QStringLiteral("fetch_pmid"));
        QVERIFY(w.document()->node(QStringLiteral("read_pdf")));
        QCOMPARE(id->text(), QStringLiteral("read_pdf")); // reverted
        QVERIFY2(w.properties()->nodeForm()->message().contains(QStringLiteral("already")), qPrintable(w.properties()->nodeForm()->message()));
        QCOMPARE(w.document()->undoStack()->count(), 0);
        typeInto(id, QString());
        QVERIFY(w.properties()->nodeForm()->message().contains(QStringLiteral("needs an id")));
        QCOMPARE(w.document()->undoStack()->count(), 0);

        typeInto(id, QStringLiteral("read_paper"));
        QVERIFY(!w.document()->node(QStringLiteral("read_pdf")));
        QVERIFY(w.document()->node(QStringLiteral("read_paper")));
        QCOMPARE(w.properties()->showing(), QStringLiteral("node read_paper"));
        QVERIFY(w.properties()->nodeForm()->message().isEmpty());
        // The branch condition and the edge that named it follow.
        QCOMPARE(w.document()->node(QStringLiteral("branch_input_type"))->conditions.at(0).target, QStringLiteral("read_paper"));
        bool edgeFollows = false;
        for (const Edge &e : w.document()->graph().edges)
            edgeFollows |= e.from == QStringLiteral("read_paper") && e.to == QStringLiteral("merge_content");
        QVERIFY(edgeFollows);
        QVERIFY(w.scene()->nodeItem(QStringLiteral("read_paper")));
        w.document()->undoStack()->undo();
        QVERIFY(w.document()->node(QStringLiteral("read_pdf")));
        QCOMPARE(w.properties()->showing(), QStringLiteral("node read_pdf"));
        QCOMPARE(id->text(), QStringLiteral("read_pdf"));
    }

    // Issue 25: a node's label, edited where it is drawn. A double-click opens a line edit over
    // the card with what the card says; the label typed (through an input method, as Chinese
    // is) becomes one undoable edit; the card shows it with the id below, the id stays the
    // key (the edges and the branch's conditions are untouched), and the file keeps it.
    void aLabelIsEditedOnTheCard()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        const Graph before = w.document()->graph();
        NodeItem *item = w.scene()->nodeItem(QStringLiteral("read_pdf"));
        w.view()->centerOn(item->pos());
        const QPoint at = w.view()->mapFromScene(item->pos() + QPointF(0, 8));
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(w.view()->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseRelease(w.view()->viewport(), Qt::LeftButton, {}, at);
        LabelEditor *editor = LabelEditor::current(w.view());
        QVERIFY(editor);
        QVERIFY(editor->isVisible() && editor->hasFocus());
        // Over the card, with the card's text, all of it selected for typing over.
        const QRect card = w.view()->mapFromScene(item->box().translated(item->pos())).boundingRect();
        QVERIFY2(card.contains(editor->geometry().center()), qPrintable(QStringLiteral("%1,%2 not in the card").arg(editor->geometry().center().x()).arg(editor->geometry().center().y())));
        QCOMPARE(editor->text(), QStringLiteral("read_pdf"));
        QCOMPARE(editor->selectedText(), QStringLiteral("read_pdf"));
        QInputMethodEvent typed;
        typed.setCommitString(QStringLiteral("讀取 PDF 全文"));
        QCoreApplication::sendEvent(editor, &typed);
        QTest::keyClick(editor, Qt::Key_Return);
        QVERIFY(!LabelEditor::current(w.view()));
        const Node *n = w.document()->node(QStringLiteral("read_pdf"));
        QVERIFY(n);
        QCOMPARE(n->label, QStringLiteral("讀取 PDF 全文"));
        // Nothing else changed: the same edges, conditions and ids.
        Graph expected = before;
        expected.node(QStringLiteral("read_pdf"))->label = QStringLiteral("讀取 PDF 全文");
        QVERIFY(w.document()->graph() == expected);
        QVERIFY2(w.document()->undoStack()->undoText().contains(QStringLiteral("label")), qPrintable(w.document()->undoStack()->undoText()));
        // Drawn: the label, and the id under it (the card's texts, as an export writes them).
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("card.svg"));
        w.scene()->selectNodes({QStringLiteral("read_pdf")});
        QString error;
        QVERIFY2(SceneExporter::exportTo(w.scene(), svg, true, 1, &error), qPrintable(error));
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QString text; // the SVG's texts in order (a line of mixed scripts is several texts)
        QXmlStreamReader xml(f.readAll());
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("text"))
                text += xml.readElementText(QXmlStreamReader::IncludeChildElements);
        QVERIFY2(text.contains(QStringLiteral("讀取 PDF 全文")), qPrintable(text));
        QVERIFY2(text.indexOf(QStringLiteral("read_pdf")) > text.indexOf(QStringLiteral("讀取 PDF 全文")), qPrintable(text));
        // The file keeps it; Ctrl+Z takes it back.
        QVERIFY(GraphYamlWriter::toYaml(w.document()->graph()).contains("label: \"讀取 PDF 全文\""));
        QTest::keySequence(&w, QKeySequence::Undo);
        QVERIFY(w.document()->node(QStringLiteral("read_pdf"))->label.isEmpty());
        // F2 opens it again; Escape leaves everything as it was.
        w.scene()->selectNodes({QStringLiteral("read_pdf")});
        w.view()->setFocus();
        QTest::keyClick(w.view(), Qt::Key_F2);
        editor = LabelEditor::current(w.view());
        QVERIFY(editor);
        QTest::keyClicks(editor, QStringLiteral("x"));
        QTest::keyClick(editor, Qt::Key_Escape);
        QVERIFY(w.document()->node(QStringLiteral("read_pdf"))->label.isEmpty());
        QVERIFY(w.document()->graph() == before);
    }

    // Issue 25: the expression fields complete what the expression may name there. In the
    // loop's branch: typing "res" lists result_count (a variable from search_literature) and
    // search_literature.result_count; Return puts the choice in place of the word, the rest of
    // the line stays; functions come with their signatures; Ctrl+Space lists everything.
    void expressionsComplete()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        clickNode(w, QStringLiteral("branch_enough"));
        QCOMPARE(w.properties()->showing(), QStringLiteral("node branch_enough"));
        ConditionsTable *table = w.properties()->nodeForm()->conditionsTable();
        table->table()->setCurrentCell(0, 1);
        ExpressionLineEdit *field = table->expressionEditor();
        QVERIFY(field->isVisible());
        field->setFocus();
        QTRY_VERIFY(field->hasFocus());
        field->selectAll();
        QTest::keyClick(field, Qt::Key_Backspace);
        QTest::keyClicks(field, QStringLiteral("len(res"));
        QAbstractItemView *popup = field->completer()->popup();
        QTRY_VERIFY(popup->isVisible());
        QStringList shown;
        for (int i = 0; i < field->completer()->completionModel()->rowCount(); ++i)
            shown << field->completer()->completionModel()->index(i, 0).data().toString();
        QVERIFY2(shown.filter(QStringLiteral("result_count")).size() >= 2, qPrintable(shown.join(QLatin1Char('|'))));
        QVERIFY2(shown.join(QLatin1Char('|')).contains(QStringLiteral("from search_literature")), qPrintable(shown.join(QLatin1Char('|'))));
        // Down to search_literature.results, Return: the word is replaced, the rest typed on.
        int row = -1;
        for (int i = 0; i < shown.size(); ++i)
            if (shown.at(i).startsWith(QStringLiteral("search_literature.results")))
                row = i;
        QVERIFY(row >= 0);
        popup->setCurrentIndex(field->completer()->completionModel()->index(row, 0));
        QTest::keyClick(popup, Qt::Key_Return);
        QTRY_VERIFY(!popup->isVisible());
        QCOMPARE(field->text(), QStringLiteral("len(search_literature.results"));
        QVERIFY(field->hasFocus());
        QTest::keyClicks(field, QStringLiteral(") > 2 and "));
        // A function, with its signature in the list.
        QTest::keyClicks(field, QStringLiteral("exi"));
        QTRY_VERIFY(popup->isVisible());
        QVERIFY2(field->completer()->currentIndex().data().toString().startsWith(QStringLiteral("exists(path)")),
                 qPrintable(field->completer()->currentIndex().data().toString()));
        QTest::keyClick(popup, Qt::Key_Return);
        QCOMPARE(field->text(), QStringLiteral("len(search_literature.results) > 2 and exists("));
        // Inside a string: nothing offered.
        QTest::keyClicks(field, QStringLiteral("'res"));
        QVERIFY(!popup->isVisible());
        // Ctrl+Space: everything, the input fields first.
        field->setText(QString());
        QTest::keyClick(field, Qt::Key_Space, Qt::ControlModifier);
        QTRY_VERIFY(popup->isVisible());
        QVERIFY(field->completer()->completionModel()->rowCount() > 10);
        QTest::keyClick(popup, Qt::Key_Escape);
        QVERIFY(!popup->isVisible());
        QCOMPARE(w.document()->node(QStringLiteral("branch_enough"))->conditions.at(0).expression,
                 QStringLiteral("result_count >= 10 OR iteration >= 3")); // nothing committed yet

        // The expression cell's own editor (double-click in the table) completes the same names.
        const QRect cell = table->table()->visualRect(table->table()->model()->index(0, 1));
        QTest::mouseClick(table->table()->viewport(), Qt::LeftButton, {}, cell.center());
        QTest::mouseDClick(table->table()->viewport(), Qt::LeftButton, {}, cell.center());
        ExpressionLineEdit *inCell = nullptr;
        QTRY_VERIFY((inCell = table->table()->viewport()->findChild<ExpressionLineEdit *>()) && inCell->isVisible());
        inCell->selectAll();
        QTest::keyClick(inCell, Qt::Key_Backspace);
        QTest::keyClicks(inCell, QStringLiteral("res"));
        QTRY_VERIFY(inCell->completer() && inCell->completer()->popup()->isVisible());
        QStringList inCellShown;
        for (int i = 0; i < inCell->completer()->completionModel()->rowCount(); ++i)
            inCellShown << inCell->completer()->completionModel()->index(i, 0).data().toString();
        QVERIFY2(inCellShown.join(QLatin1Char('|')).contains(QStringLiteral("from search_literature")),
                 qPrintable(inCellShown.join(QLatin1Char('|'))));
        QTest::keyClick(inCell->completer()->popup(), Qt::Key_Escape);
    }

    // The breakpoint condition's question offers the same names as the node's own fields,
    // and its field completes them.
    void theBreakpointConditionCompletes()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        testPrompts()->reset();
        testPrompts()->texts.enqueue(QStringLiteral("result_count > 3"));
        clickNode(w, QStringLiteral("branch_enough"));
        w.actions()->action(StudioActions::RunBreakpointCondition)->trigger();
        QStringList offered;
        for (const ExpressionName &n : testPrompts()->expressionNames)
            offered << n.text;
        QVERIFY2(offered.contains(QStringLiteral("result_count")) && offered.contains(QStringLiteral("iteration")), qPrintable(offered.join(QLatin1Char(' '))));
        QVERIFY(!offered.contains(QStringLiteral("report"))); // downstream
        ExpressionDialog dialog(QStringLiteral("Breakpoint on branch_enough"), QStringLiteral("Stop only when this holds:"), QString(), true);
        const QList<ExpressionName> names = testPrompts()->expressionNames;
        dialog.field()->setNameSource([names] { return names; });
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.field()->setFocus();
        QTest::keyClicks(dialog.field(), QStringLiteral("iter"));
        QTRY_VERIFY(dialog.field()->completer()->popup()->isVisible());
        QTest::keyClick(dialog.field()->completer()->popup(), Qt::Key_Return);
        QCOMPARE(dialog.field()->text(), QStringLiteral("iteration"));
    }

    // Issue 25: a graph's own properties (a new graph was saved as `id: new-graph` with no way to
    // change it). With nothing selected the Properties dock shows them; each commit is one
    // undoable edit; the default input is what a run starts from.
    void theGraphsOwnProperties()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        w.scene()->clearSelection();
        QCoreApplication::processEvents();
        QCOMPARE(w.properties()->showing(), QStringLiteral("graph"));
        auto *id = field<QLineEdit>(w, "GraphId");
        auto *name = field<QLineEdit>(w, "GraphName");
        QVERIFY(id->isVisible() && name->isVisible());
        QCOMPARE(id->text(), QStringLiteral("write-report"));
        typeInto(id, QStringLiteral("report"));
        QCOMPARE(w.document()->graph().id, QStringLiteral("report"));
        name->setFocus();
        QInputMethodEvent typed;
        typed.setCommitString(QStringLiteral("寫報告"));
        QCoreApplication::sendEvent(name, &typed);
        QTest::keyClick(name, Qt::Key_Return);
        QCOMPARE(w.document()->graph().name, QStringLiteral("寫報告"));
        auto *inputs = field<CommittingTextEdit>(w, "GraphInputs");
        inputs->setFocus();
        inputs->setPlainText(QStringLiteral("type: search\ntopic: graph neural networks\n"));
        QTest::keyClick(inputs, Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(w.document()->graph().inputs.value(QStringLiteral("topic")).toString(), QStringLiteral("graph neural networks"));
        // Bad YAML: said, nothing changed.
        inputs->setPlainText(QStringLiteral("topic: [unclosed\n"));
        QTest::keyClick(inputs, Qt::Key_Return, Qt::ControlModifier);
        QVERIFY2(w.properties()->graphForm()->message().contains(QStringLiteral("default input")), qPrintable(w.properties()->graphForm()->message()));
        QCOMPARE(w.document()->graph().inputs.value(QStringLiteral("type")).toString(), QStringLiteral("search"));
        const QByteArray yaml = GraphYamlWriter::toYaml(w.document()->graph());
        QVERIFY2(yaml.contains("\ngraph:\n  id: report\n  name: 寫報告\n"), yaml.left(400).constData());
        QVERIFY(yaml.contains("  inputs:\n    type: search\n"));
        // The run form starts from the default input.
        bool found = false;
        for (const GraphInput &in : GraphInputs::of(w.document()->graph()))
            if (in.name == QLatin1String("type")) {
                found = true;
                QCOMPARE(in.defaultValue.toString(), QStringLiteral("search"));
            }
        QVERIFY(found);
        // Three edits, three undos, back to the file as opened.
        QUndoStack *stack = w.document()->undoStack();
        QCOMPARE(stack->count(), 3);
        stack->undo();
        stack->undo();
        stack->undo();
        QCOMPARE(w.document()->graph().id, QStringLiteral("write-report"));
        QCOMPARE(id->text(), QStringLiteral("write-report")); // the form follows
        QVERIFY(w.document()->graph().name.isEmpty());
        // Graph > Graph Properties… shows them from a selection.
        w.scene()->selectNodes({QStringLiteral("read_pdf")});
        w.actions()->action(StudioActions::GraphProperties)->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(w.properties()->showing(), QStringLiteral("graph"));
        QVERIFY(name->hasFocus());
    }

    // Issue 25, defect 1: undoing and redoing a rename dropped the node's edges from the
    // canvas while the document kept them.
    void renameUndoRedoKeepsTheEdgesOnTheCanvas()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        const auto edgesShown = [&w](const QString &id) {
            // (from, to) of every edge item at the node, drawn as a curve between its ends.
            QStringList out;
            NodeItem *node = w.scene()->nodeItem(id);
            if (!node)
                return QStringList{QStringLiteral("no item for ") + id};
            for (EdgeItem *e : w.scene()->edgeItems()) {
                if (e->source() != node && e->target() != node)
                    continue;
                if (e->path().isEmpty() || !e->isVisible() || e->scene() != w.scene())
                    out << QStringLiteral("hidden %1->%2").arg(e->flow().from, e->flow().to);
                else if (e->source()->nodeId() != e->flow().from || e->target()->nodeId() != e->flow().to)
                    out << QStringLiteral("stale ends %1->%2").arg(e->flow().from, e->flow().to);
                else
                    out << e->flow().from + QStringLiteral("->") + e->flow().to;
            }
            out.sort();
            return out;
        };
        const auto edgesInDocument = [&w](const QString &id) {
            QStringList out;
            for (const FlowEdge &f : w.document()->graph().flowEdges())
                if ((f.from == id || f.to == id) && f.from != f.to && w.document()->node(f.from) && w.document()->node(f.to))
                    out << f.from + QStringLiteral("->") + f.to;
            out.sort();
            return out;
        };
        const QStringList before = edgesShown(QStringLiteral("read_pdf"));
        QCOMPARE(before, edgesInDocument(QStringLiteral("read_pdf")));
        QVERIFY(before.size() >= 2);
        clickNode(w, QStringLiteral("read_pdf"));
        {
            // Typed through an input method: the text arrives whole (QTest types ASCII only).
            auto *id = field<QLineEdit>(w, "PropId");
            id->setFocus();
            id->selectAll();
            QInputMethodEvent commit;
            commit.setCommitString(QStringLiteral("讀取PDF"));
            QCoreApplication::sendEvent(id, &commit);
            QCOMPARE(id->text(), QStringLiteral("讀取PDF"));
            QTest::keyClick(id, Qt::Key_Return);
        }
        QCOMPARE(edgesShown(QStringLiteral("讀取PDF")), edgesInDocument(QStringLiteral("讀取PDF")));
        QTest::keySequence(&w, QKeySequence::Undo);
        QVERIFY(w.document()->node(QStringLiteral("read_pdf")));
        QCOMPARE(edgesShown(QStringLiteral("read_pdf")), before);
        QTest::keySequence(&w, QKeySequence::Redo);
        QVERIFY(w.document()->node(QStringLiteral("讀取PDF")));
        QCOMPARE(edgesShown(QStringLiteral("讀取PDF")), edgesInDocument(QStringLiteral("讀取PDF")));
        QCOMPARE(edgesShown(QStringLiteral("讀取PDF")).size(), before.size());
        // And as drawn: the canvas is the picture a fresh drawing of the document makes.
        w.view()->centerOn(w.scene()->nodeItem(QStringLiteral("讀取PDF")));
        QCoreApplication::processEvents();
        QCOMPARE(w.scene()->edgeItems().size(), qsizetype(w.document()->graph().flowEdges().size()));
    }

    void spinBoxStepsAreOneCommand()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        clickNode(w, QStringLiteral("loop_search_start"));
        auto *max = field<QSpinBox>(w, "PropMaxIterations");
        QCOMPARE(max->value(), 5);
        max->setFocus();
        for (int k = 0; k < 3; ++k)
            QTest::keyClick(max, Qt::Key_Up);
        QCOMPARE(w.document()->node(QStringLiteral("loop_search_start"))->maxIterations, std::optional<int>(8));
        QCOMPARE(w.document()->undoStack()->count(), 1);
        // The iteration edge's label on the canvas follows (it shows the loop's bound).
        w.document()->undoStack()->undo();
        QCOMPARE(max->value(), 5);
        QCOMPARE(w.document()->node(QStringLiteral("loop_search_start"))->maxIterations, std::optional<int>(5));
    }

    void branchConditionsAsAnEditableList()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        const QByteArray original = bytesOf(w.document());
        clickNode(w, QStringLiteral("branch_input_type"));
        ConditionsTable *conditions = w.properties()->nodeForm()->conditionsTable();
        QTableWidget *table = conditions->table();
        QVERIFY(table->isVisible());
        QCOMPARE(table->rowCount(), 3);
        QCOMPARE(table->item(1, 0)->text(), QStringLiteral("pmid_mode"));
        QCOMPARE(table->item(1, 1)->text(), QStringLiteral("input.type == 'pmid'"));
        QCOMPARE(table->item(1, 2)->text(), QStringLiteral("fetch_pmid"));

        // Edit row 2's expression in its cell: a syntax error shows while typing, not after.
        table->setFocus();
        table->setCurrentCell(1, 1);
        table->editItem(table->item(1, 1));
        auto *editor = qobject_cast<ExpressionLineEdit *>(QApplication::focusWidget());
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, QStringLiteral("input.type == ('pmid'"));
        QVERIFY2(conditions->problem().startsWith(QStringLiteral("Row 2, column")), qPrintable(conditions->problem()));
        QCOMPARE(w.document()->undoStack()->count(), 0);
        QTest::keyClicks(editor, QStringLiteral(") or input.type == 'doi'"));
        QVERIFY2(conditions->problem().isEmpty(), qPrintable(conditions->problem() + QStringLiteral(" in ") + editor->text()));
        QTest::keyClick(editor, Qt::Key_Return); // the delegate commits with a queued call
        QTRY_COMPARE(w.document()->node(QStringLiteral("branch_input_type"))->conditions.at(1).expression,
                 QStringLiteral("input.type == ('pmid') or input.type == 'doi'"));
        QCOMPARE(w.document()->undoStack()->count(), 1);

        // A target that names no node is marked.
        table->item(2, 2)->setText(QStringLiteral("nowhere"));
        QCOMPARE(w.document()->node(QStringLiteral("branch_input_type"))->conditions.at(2).target, QStringLiteral("nowhere"));
        QVERIFY2(conditions->problem().contains(QStringLiteral("no node 'nowhere'")), qPrintable(conditions->problem()));
        w.document()->undoStack()->undo();
        QCOMPARE(table->item(2, 2)->text(), QStringLiteral("loop_search_start"));

        // Add, move up, remove: one command each.
        const int before = w.document()->undoStack()->index(); // after the undo above: count() includes the redo tail
        QTest::mouseClick(conditions->findChild<QWidget *>(QStringLiteral("AddCondition")), Qt::LeftButton);
        QCOMPARE(w.document()->node(QStringLiteral("branch_input_type"))->conditions.size(), 4);
        QCOMPARE(table->rowCount(), 4);
        QCOMPARE(table->currentRow(), 3);
        QTest::mouseClick(conditions->findChild<QWidget *>(QStringLiteral("ConditionUp")), Qt::LeftButton);
        QCOMPARE(w.document()->node(QStringLiteral("branch_input_type"))->conditions.at(2).name, QStringLiteral("condition_4"));
        QCOMPARE(table->currentRow(), 2);
        QTest::mouseClick(conditions->findChild<QWidget *>(QStringLiteral("RemoveCondition")), Qt::LeftButton);
        QCOMPARE(w.document()->node(QStringLiteral("branch_input_type"))->conditions.size(), 3);
        QCOMPARE(w.document()->undoStack()->index(), before + 3);
        QCOMPARE(w.document()->undoStack()->count(), before + 3);

        // The canvas draws the edited condition's label.
        while (w.document()->undoStack()->canUndo())
            w.document()->undoStack()->undo();
        QCOMPARE(bytesOf(w.document()), original);
        QCOMPARE(table->item(1, 1)->text(), QStringLiteral("input.type == 'pmid'"));
    }

    void selectingAConditionEdgeShowsItsRow()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        for (EdgeItem *e : w.scene()->edgeItems())
            if (e->flow().origin == FlowEdge::Origin::Condition && e->flow().to == QStringLiteral("fetch_pmid"))
                e->setSelected(true);
        QCOMPARE(w.properties()->showing(), QStringLiteral("node branch_input_type"));
        QCOMPARE(w.properties()->nodeForm()->conditionsTable()->table()->currentRow(), 1);
        // Two things selected: the placeholder says so.
        w.scene()->selectNodes({QStringLiteral("start"), QStringLiteral("end")});
        QVERIFY2(w.properties()->showing().startsWith(QStringLiteral("2 items selected")), qPrintable(w.properties()->showing()));
    }

    void edgeProperties()
    {
        Window win("git-commit.yaml");
        MainWindow &w = win.w;
        const QByteArray original = bytesOf(w.document());
        int parallel = -1;
        int sequence = -1;
        const QList<Edge> &edges = w.document()->graph().edges;
        for (int i = 0; i < edges.size(); ++i) {
            if (parallel < 0 && edges.at(i).kind == EdgeKind::Parallel)
                parallel = i;
            if (sequence < 0 && edges.at(i).kind == EdgeKind::Sequence)
                sequence = i;
        }
        QVERIFY(parallel >= 0 && sequence >= 0);
        w.scene()->selectEdge(parallel);
        QCOMPARE(w.properties()->showing(), QStringLiteral("edge %1").arg(parallel));
        auto *sync = field<QCheckBox>(w, "PropSyncRequired");
        QVERIFY(sync->isVisible());
        QCOMPARE(sync->checkState(), Qt::Checked);
        // Tri-state: checked (true) → unchecked (false: a background branch) → partly (unset);
        // each click one command.
        QTest::mouseClick(sync, Qt::LeftButton);
        QCOMPARE(w.document()->graph().edges.at(parallel).syncRequired, std::optional<bool>(false));
        QVERIFY(w.document()->graph().edges.at(parallel).isBackground());
        QTest::mouseClick(sync, Qt::LeftButton);
        QCOMPARE(w.document()->graph().edges.at(parallel).syncRequired, std::optional<bool>());
        QCOMPARE(w.document()->undoStack()->count(), 2);

        // A sequence edge: weight; turning it into an iteration edge is refused with the reason.
        w.scene()->selectEdge(sequence);
        auto *weight = field<QDoubleSpinBox>(w, "PropWeight");
        QVERIFY(weight->isVisible());
        QCOMPARE(weight->text(), QStringLiteral("unset"));
        weight->setValue(2.5);
        QCOMPARE(w.document()->graph().edges.at(sequence).weight, std::optional<double>(2.5));
        auto *type = field<QComboBox>(w, "PropEdgeType");
        const int commands = w.document()->undoStack()->count();
        type->setCurrentIndex(type->findText(QStringLiteral("iteration")));
        emit type->activated(type->currentIndex());
        QCOMPARE(w.document()->undoStack()->count(), commands);
        QVERIFY2(w.properties()->edgeForm()->message().contains(QStringLiteral("loop_end")), qPrintable(w.properties()->edgeForm()->message()));
        QCOMPARE(type->currentText(), QStringLiteral("sequence")); // back to what the model holds
        type->setCurrentIndex(type->findText(QStringLiteral("conditional")));
        emit type->activated(type->currentIndex());
        QCOMPARE(w.document()->graph().edges.at(sequence).kind, EdgeKind::Conditional);
        QVERIFY(field<ExpressionLineEdit>(w, "PropCondition")->isVisible());
        typeInto(field<ExpressionLineEdit>(w, "PropCondition"), QStringLiteral("changes.count > 0"));
        QCOMPARE(w.document()->graph().edges.at(sequence).condition, QStringLiteral("changes.count > 0"));

        // Moving an end onto the start node is refused, the combo shows the old end again.
        auto *to = field<QComboBox>(w, "PropTo");
        const QString oldTo = w.document()->graph().edges.at(sequence).to;
        to->setCurrentIndex(to->findData(QStringLiteral("start")));
        emit to->activated(to->currentIndex());
        QCOMPARE(w.document()->graph().edges.at(sequence).to, oldTo);
        QCOMPARE(to->currentData().toString(), oldTo);

        while (w.document()->undoStack()->canUndo())
            w.document()->undoStack()->undo();
        QCOMPARE(bytesOf(w.document()), original);
    }

    void selectTakesSeveral()
    {
        // literature-search's selection takes several papers: multiple, min and max show for
        // it and edit the node, one undo step each.
        Window win("literature-search.yaml");
        MainWindow &w = win.w;
        clickNode(w, QStringLiteral("confirm_selection"));
        auto *multiple = field<QCheckBox>(w, "PropMultiple");
        QVERIFY(multiple->isVisible());
        QVERIFY(multiple->isChecked());
        auto *max = field<QSpinBox>(w, "PropMaxChoices");
        QVERIFY(max->isVisible());
        max->setValue(3);
        QCOMPARE(w.document()->node(QStringLiteral("confirm_selection"))->maxChoices, std::optional<int>(3));
        QTest::mouseClick(multiple, Qt::LeftButton, {}, QPoint(6, multiple->height() / 2));
        QVERIFY(!w.document()->node(QStringLiteral("confirm_selection"))->multiple);
        QTRY_VERIFY(!field<QSpinBox>(w, "PropMinChoices")->isVisible() || w.document()->node(QStringLiteral("confirm_selection"))->minChoices);
        w.document()->undoStack()->undo();
        QVERIFY(w.document()->node(QStringLiteral("confirm_selection"))->multiple);
        QVERIFY(multiple->isChecked());
    }

    void aBranchChoosesByTheOptimalPath()
    {
        // A branch's "select: optimal" box: checked, the node chooses by the path when no
        // condition holds; one undo step; saved as `select: optimal`; a skill has no such row.
        Window win("literature-search.yaml");
        MainWindow &w = win.w;
        clickNode(w, QStringLiteral("branch_mode"));
        auto *optimal = field<QCheckBox>(w, "PropSelectOptimal");
        QVERIFY(optimal->isVisible());
        QVERIFY(!optimal->isChecked());
        QCOMPARE(optimal->text(), QStringLiteral("optimal: else the cheapest path's way"));
        QTest::mouseClick(optimal, Qt::LeftButton, {}, QPoint(6, optimal->height() / 2));
        QCOMPARE(w.document()->node(QStringLiteral("branch_mode"))->select, QStringLiteral("optimal"));
        QTemporaryDir dir;
        QString error;
        QVERIFY2(w.document()->save(dir.filePath(QStringLiteral("g.yaml")), &error), qPrintable(error));
        QFile f(dir.filePath(QStringLiteral("g.yaml")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("      select: optimal\n"));
        w.document()->undoStack()->undo();
        QVERIFY(w.document()->node(QStringLiteral("branch_mode"))->select.isEmpty());
        QVERIFY(!optimal->isChecked());
        clickNode(w, QStringLiteral("identify_input"));
        QVERIFY(!field<QCheckBox>(w, "PropSelectOptimal")->isVisible());
    }

    void unknownKeysAndInputsAsRawYaml()
    {
        Window win(CAPGRAPH_FIXTURES_DIR "/everything.yaml");
        MainWindow &w = win.w;
        clickNode(w, QStringLiteral("work"));
        auto *extra = field<CommittingTextEdit>(w, "PropExtra");
        QCOMPARE(extra->toPlainText(), QStringLiteral("hints: {attempts: 3, backoff: [1, 2, 4]}\nnote: \"123\"\n"));
        auto *inputs = field<CommittingTextEdit>(w, "PropInputs");
        QVERIFY(inputs->toPlainText().startsWith(QStringLiteral("query: \"${input.topic} reviews\"\nlimit: 10\n")));

        // A key with a field of its own is refused; nothing changes; the text stays to fix.
        extra->setFocus();
        extra->setPlainText(QStringLiteral("hints: {attempts: 3}\nskill_id: other\n"));
        QTest::keyClick(extra, Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(w.document()->undoStack()->count(), 0);
        QVERIFY2(w.properties()->nodeForm()->message().contains(QStringLiteral("line 2")), qPrintable(w.properties()->nodeForm()->message()));
        QCOMPARE(extra->toPlainText(), QStringLiteral("hints: {attempts: 3}\nskill_id: other\n"));
        // Fixed: one command, the other keys kept in the order typed; the file writes them.
        extra->setPlainText(QStringLiteral("reviewer: \"ann\"\nhints:\n  attempts: 3\n"));
        QTest::keyClick(extra, Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(w.document()->undoStack()->count(), 1);
        QCOMPARE(w.document()->node(QStringLiteral("work"))->extra.keys(), (QStringList{QStringLiteral("reviewer"), QStringLiteral("hints")}));
        QVERIFY(bytesOf(w.document()).contains("      reviewer: \"ann\"\n      hints:\n        attempts: 3\n"));
        QVERIFY(w.properties()->nodeForm()->message().isEmpty());

        // Bad YAML in the inputs: where it is wrong, nothing changes.
        inputs->setFocus();
        inputs->setPlainText(QStringLiteral("query: [unclosed\n"));
        QTest::keyClick(inputs, Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(w.document()->undoStack()->count(), 1);
        QVERIFY2(w.properties()->nodeForm()->message().startsWith(QStringLiteral("inputs: line ")), qPrintable(w.properties()->nodeForm()->message()));
        // Escape restores the committed text.
        QTest::keyClick(inputs, Qt::Key_Escape);
        QVERIFY(inputs->toPlainText().startsWith(QStringLiteral("query: ")));

        // An edge's unknown key (label) shows in its own box.
        w.scene()->selectEdge(1);
        QCOMPARE(field<CommittingTextEdit>(w, "EdgeExtra")->toPlainText(), QStringLiteral("label: to pick\n"));
    }

    void saveAfterEditsReloadsEqual()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        clickNode(w, QStringLiteral("confirm_selection"));
        auto *prompt = field<CommittingTextEdit>(w, "PropPrompt");
        QCOMPARE(prompt->toPlainText(), QStringLiteral("請選擇要分析的文獻"));
        prompt->setFocus();
        prompt->selectAll();
        // (QTest types only Latin-1 keys: CJK text arrives as an input method would commit it.)
        prompt->insertPlainText(QStringLiteral("選擇文獻"));
        QTest::keyClick(prompt, Qt::Key_Return); // a new line, not a commit
        prompt->insertPlainText(QStringLiteral("(最多 3 篇)"));
        QCOMPARE(w.document()->undoStack()->count(), 0);
        // Leaving the field commits.
        w.view()->setFocus();
        QCOMPARE(w.document()->undoStack()->count(), 1);
        QCOMPARE(w.document()->node(QStringLiteral("confirm_selection"))->prompt, QStringLiteral("選擇文獻\n(最多 3 篇)"));
        typeInto(field<QLineEdit>(w, "PropOptionsFrom"), QStringLiteral("search_literature.results"));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("edited.yaml"));
        QVERIFY(w.saveTo(path));
        GraphDocument reread;
        QString error;
        QVERIFY2(reread.load(path, &error), qPrintable(error));
        QCOMPARE(reread.graph(), w.document()->graph());
        QCOMPARE(reread.node(QStringLiteral("confirm_selection"))->optionsFrom, QStringLiteral("search_literature.results"));
    }

    // Review regressions: typed-but-uncommitted text goes to its own condition; editing a
    // condition edge's target keeps the dock on its branch; the position fields and the wheel
    // never edit by themselves.
    void pendingExpressionGoesToItsOwnCondition()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        clickNode(w, QStringLiteral("branch_enough"));
        ConditionsTable *conditions = w.properties()->nodeForm()->conditionsTable();
        QCOMPARE(conditions->table()->currentRow(), 0);
        ExpressionLineEdit *box = conditions->expressionEditor();
        box->setFocus();
        box->selectAll();
        QTest::keyClicks(box, QStringLiteral("result_count >= 20"));
        // No Return: the user clicks "+" (a tool button: the box keeps the focus).
        QTest::mouseClick(conditions->findChild<QWidget *>(QStringLiteral("AddCondition")), Qt::LeftButton);
        const Node *n = w.document()->node(QStringLiteral("branch_enough"));
        QCOMPARE(n->conditions.size(), 3);
        QCOMPARE(n->conditions.at(0).expression, QStringLiteral("result_count >= 20"));
        QCOMPARE(n->conditions.at(2).expression, QStringLiteral("true"));
        // The box now shows the new condition, and leaving it changes nothing more.
        QCOMPARE(box->text(), QStringLiteral("true"));
        const int commands = w.document()->undoStack()->count();
        w.view()->setFocus();
        QCOMPARE(w.document()->undoStack()->count(), commands);
    }

    void editingAConditionEdgeKeepsTheBranchShown()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        for (EdgeItem *e : w.scene()->edgeItems())
            if (e->flow().origin == FlowEdge::Origin::Condition && e->flow().to == QStringLiteral("fetch_pmid"))
                e->setSelected(true);
        QCOMPARE(w.properties()->showing(), QStringLiteral("node branch_input_type"));
        QTableWidget *table = w.properties()->nodeForm()->conditionsTable()->table();
        table->item(1, 0)->setText(QStringLiteral("pmid")); // renamed: the same edge, still selected
        QCOMPARE(w.document()->node(QStringLiteral("branch_input_type"))->conditions.at(1).name, QStringLiteral("pmid"));
        QCOMPARE(w.properties()->showing(), QStringLiteral("node branch_input_type"));
        QCOMPARE(w.scene()->selectedItems().size(), 1);
    }

    void focusingThePositionIsNoMove()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        // A position with more decimals than the fields show.
        GraphActions::moveNode(w.document(), QStringLiteral("read_pdf"), QPointF(312.64, 200.27));
        const int commands = w.document()->undoStack()->count();
        clickNode(w, QStringLiteral("read_pdf"));
        auto *x = field<QDoubleSpinBox>(w, "PropX");
        x->setFocus();
        w.view()->setFocus(); // and out again: editingFinished
        QCOMPARE(w.document()->undoStack()->count(), commands);
        QCOMPARE(*w.document()->node(QStringLiteral("read_pdf"))->position, QPointF(312.64, 200.27));
        // A typed value moves it.
        x->setFocus();
        x->selectAll();
        QTest::keyClicks(x, QStringLiteral("400"));
        QTest::keyClick(x, Qt::Key_Return);
        QCOMPARE(w.document()->node(QStringLiteral("read_pdf"))->position->x(), 400.0);
    }

    void wheelOverAnUnfocusedFieldChangesNothing()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        clickNode(w, QStringLiteral("loop_search_start"));
        auto *type = field<QComboBox>(w, "PropType");
        auto *max = field<QSpinBox>(w, "PropMaxIterations");
        w.view()->setFocus();
        for (QWidget *target : {static_cast<QWidget *>(type), static_cast<QWidget *>(max)}) {
            const QPoint at = target->rect().center();
            QWheelEvent wheel(at, target->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(target, &wheel);
        }
        QCOMPARE(w.document()->undoStack()->count(), 0);
        QCOMPARE(w.document()->node(QStringLiteral("loop_search_start"))->kind, NodeKind::LoopStart);
    }

    void combosForgetAnotherNodesOddValues()
    {
        Window win("write-report.yaml");
        MainWindow &w = win.w;
        Node odd = *w.document()->node(QStringLiteral("read_pdf"));
        odd.executionMode = QStringLiteral("streaming"); // not one the form knows: shown, not lost
        QString why;
        QVERIFY(GraphActions::editNode(w.document(), QStringLiteral("read_pdf"), odd, QStringLiteral("execution_mode"), &why));
        clickNode(w, QStringLiteral("read_pdf"));
        auto *mode = field<QComboBox>(w, "PropExecutionMode");
        QCOMPARE(mode->currentText(), QStringLiteral("streaming"));
        QCOMPARE(mode->count(), 5);
        clickNode(w, QStringLiteral("fetch_pmid"));
        QCOMPARE(mode->count(), 4); // single, iterative, parallel and the default: no "streaming"
    }
};

QTEST_MAIN(TestProperties)
#include "tst_properties.moc"
