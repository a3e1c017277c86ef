// The details of the studio's first hour of authoring and debugging (issue 19), through the
// real widgets at the default window size: the canvas gets most of the window and the empty
// Problems dock only its tab until it has something to say; View > Reset Layout; a
// breakpoint condition checked as it is typed; the Run Input form says what each input is
// (from the capability it goes to) and refuses what does not fit before the run starts; the
// capability form recomputes its findings whole and places them at the offending value.
#include "support/TestPrompts.h"

#include "analysis/GraphInputs.h"
#include "catalog/CapabilityEditorDialog.h"
#include "capability/CapabilityRegistry.h"
#include "ui/ExpressionDialog.h"
#include "ui/ExpressionLineEdit.h"
#include "ui/RunInputDialog.h"
#include "view/GraphView.h"
#include "window/MainWindow.h"
#include "window/ProblemsDock.h"
#include "window/StudioActions.h"
#include "window/StudioLayout.h"
#include "yaml/GraphYamlReader.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

using namespace capgraph;
using namespace capgraph::editor;

namespace {

QString example(const char *name)
{
    return QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/") + QLatin1String(name);
}

void write(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// Replaces a text box's text as a user pasting a schema does (keyClicks has no newline).
void retype(QPlainTextEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        if (i > 0)
            QTest::keyClick(edit, Qt::Key_Return);
        QTest::keyClicks(edit, lines.at(i));
    }
}

} // namespace

class TestDetails : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTest"));
        QCoreApplication::setApplicationName(QStringLiteral("Details"));
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear(); // a first start
    }

    void theCanvasGetsMostOfTheWindow()
    {
        MainWindow w(testPrompts());
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::qWait(50); // the first arrangement is redone once shown
        QVERIFY(w.openFile(example("write-report.yaml")));
        const QSize canvas = w.view()->size();
        const double share = double(canvas.width()) * canvas.height() / (double(w.width()) * w.height());
        QVERIFY2(share >= 0.60, qPrintable(QStringLiteral("the canvas is %1 x %2, %3 % of the window")
                                               .arg(canvas.width()).arg(canvas.height()).arg(share * 100, 0, 'f', 1)));
        // The bottom docks are only their tabs; a finding shows in the status bar's count,
        // whose click opens the Problems dock to a readable height.
        StudioLayout *layout = w.studioLayout();
        QTRY_VERIFY2(layout->isBottomCollapsed(), qPrintable(QString::number(w.problems()->height())));
        QVERIFY(w.problems()->height() < 40 || w.problems()->x() < 0); // collapsed, or a tab behind another
        QVERIFY(w.openFile(QStringLiteral(CAPGRAPH_FIXTURES_DIR "/lint/reachability.yaml")));
        QTRY_VERIFY(w.problemCount()->isVisible());
        QVERIFY2(w.problemCount()->text().contains(QLatin1Char('1')), qPrintable(w.problemCount()->text()));
        QTest::mouseClick(w.problemCount(), Qt::LeftButton);
        QTRY_VERIFY(w.problems()->height() >= 150 && w.problems()->y() > 0); // on show, not a tab behind another
        QVERIFY2(!layout->isBottomCollapsed(), qPrintable(QStringLiteral("%1,%2 %3x%4").arg(w.problems()->x()).arg(w.problems()->y()).arg(w.problems()->width()).arg(w.problems()->height())));
        // Reset Layout: back to the default, the canvas's room with it.
        w.removeDockWidget(w.findChild<QDockWidget *>(QStringLiteral("PaletteDock")));
        w.actions()->action(StudioActions::ResetLayout)->trigger();
        QTRY_VERIFY(w.findChild<QDockWidget *>(QStringLiteral("PaletteDock"))->isVisible());
        QTRY_VERIFY(layout->isBottomCollapsed());
        const auto canvasShare = [&w] { return double(w.view()->width()) * w.view()->height() / (double(w.width()) * w.height()); };
        QTRY_VERIFY2(canvasShare() >= 0.60, qPrintable(QStringLiteral("%1 x %2").arg(w.view()->width()).arg(w.view()->height())));
    }

    void aBreakpointConditionIsCheckedAsItIsTyped()
    {
        ExpressionDialog dialog(QStringLiteral("Breakpoint on search"), QStringLiteral("Stop only when this holds:"), QString(), true);
        dialog.resize(500, 200);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QPushButton *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QVERIFY(ok->isEnabled()); // empty: no condition
        QTest::keyClicks(dialog.field(), QStringLiteral("iteration >= AND 3"));
        QVERIFY(!ok->isEnabled());
        QVERIFY(dialog.problem()->isVisible());
        QVERIFY2(dialog.problem()->text().contains(QStringLiteral("column 14")), qPrintable(dialog.problem()->text()));
        QTest::keyClick(dialog.field(), Qt::Key_Return); // refused: the dialog stays, the text too
        QVERIFY(dialog.isVisible());
        QCOMPARE(dialog.field()->text(), QStringLiteral("iteration >= AND 3"));
        dialog.field()->setCursorPosition(13);
        for (int k = 0; k < 4; ++k)
            QTest::keyClick(dialog.field(), Qt::Key_Delete);
        QCOMPARE(dialog.field()->text(), QStringLiteral("iteration >= 3"));
        QVERIFY(ok->isEnabled());
        QVERIFY(!dialog.problem()->isVisible());
        QTest::keyClick(dialog.field(), Qt::Key_Return);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.text(), QStringLiteral("iteration >= 3"));
    }

    void theRunInputFormSaysWhatEachInputIs()
    {
        // A graph passing input.text to a capability that describes it.
        QTemporaryDir dir;
        QDir(dir.path()).mkpath(QStringLiteral("capabilities"));
        write(dir.filePath(QStringLiteral("capabilities/text.count_chars.yaml")),
              "name: text.count_chars\ndescription: Counts characters.\nversion: 1.0.0\n"
              "input_schema:\n  type: object\n  properties:\n"
              "    text: {type: string, description: 'The text to count, a paragraph, a page or a whole report with its line breaks and punctuation as written'}\n"
              "    limit: {type: integer, description: At most this many, default: 100}\n"
              "  required: [text]\n"
              "output_schema: {type: object, properties: {count: {type: integer}}}\n"
              "handler: {type: command, program: wc}\n");
        write(dir.filePath(QStringLiteral("count.yaml")),
              "graph:\n  id: count\n  nodes:\n    - {id: start, type: control.start}\n"
              "    - {id: count, type: skill, skill_id: text.count_chars, inputs: {text: '${input.text}', limit: '${input.limit}'}}\n"
              "    - {id: end, type: control.end}\n  edges:\n    - {from: start, to: count}\n    - {from: count, to: end}\n");
        const GraphLoadResult loaded = GraphYamlReader::readFile(dir.filePath(QStringLiteral("count.yaml")));
        QVERIFY(loaded.ok());
        CapabilityRegistry registry;
        registry.addFolder(dir.filePath(QStringLiteral("capabilities")));
        const QList<GraphInput> inputs = GraphInputs::of(*loaded.graph, registry);
        QCOMPARE(inputs.size(), 2);
        RunInputDialog dialog(inputs, {});
        dialog.show(); // at its own size
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        // Every row whole: a description as tall as its wrapped text needs (they were squeezed,
        // tops of letters and the second line cut), and the Run button starts the run.
        for (const char *name : {"text", "limit"}) {
            QLabel *a = dialog.findChild<QLabel *>(QStringLiteral("InputAbout:") + QLatin1String(name));
            QTRY_VERIFY2(a->height() >= a->heightForWidth(a->width()) && a->isVisible(),
                         qPrintable(QStringLiteral("%1: %2 < %3").arg(QLatin1String(name)).arg(a->height()).arg(a->heightForWidth(a->width()))));
            QVERIFY(a->visibleRegion().boundingRect().height() >= a->heightForWidth(a->width()));
        }
        QCOMPARE(dialog.okButton()->text(), QStringLiteral("Run"));
        QVERIFY(dialog.errorLabel()->isHidden()); // nothing refused yet
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const auto label = [&](const char *name) { return dialog.findChild<QLabel *>(QStringLiteral("InputLabel:") + QLatin1String(name)); };
        const auto about = [&](const char *name) { return dialog.findChild<QLabel *>(QStringLiteral("InputAbout:") + QLatin1String(name)); };
        QVERIFY2(label("text")->text().contains(QStringLiteral("text")) && label("text")->text().contains(QStringLiteral("required")),
                 qPrintable(label("text")->text()));
        QVERIFY2(label("limit")->text().contains(QStringLiteral("whole number")) && !label("limit")->text().contains(QStringLiteral("required")),
                 qPrintable(label("limit")->text()));
        QVERIFY(about("text")->text().contains(QStringLiteral("The text to count")));
        QVERIFY(about("text")->text().contains(QStringLiteral("text.count_chars")));
        QCOMPARE(dialog.field(QStringLiteral("limit"))->lineEdit()->placeholderText(), QStringLiteral("default: 100"));
        // Checked before the run starts: the required text left out, a word where a number goes.
        QTest::keyClicks(dialog.field(QStringLiteral("limit"))->lineEdit(), QStringLiteral("many"));
        QTest::keyClick(dialog.field(QStringLiteral("limit"))->lineEdit(), Qt::Key_Return);
        QVERIFY(dialog.isVisible());
        QVERIFY2(dialog.errorLabel()->text().contains(QStringLiteral("input.text is required")), qPrintable(dialog.errorLabel()->text()));
        QVERIFY2(dialog.errorLabel()->text().contains(QStringLiteral("input.limit should be whole number, not many")),
                 qPrintable(dialog.errorLabel()->text()));
        QTest::keyClicks(dialog.field(QStringLiteral("text"))->lineEdit(), QStringLiteral("42"));
        // One refusal fixed: only the other is still said; both fixed: nothing is.
        QVERIFY2(!dialog.errorLabel()->text().contains(QStringLiteral("input.text is required")), qPrintable(dialog.errorLabel()->text()));
        QVERIFY(dialog.errorLabel()->text().contains(QStringLiteral("input.limit should be whole number")));
        dialog.field(QStringLiteral("limit"))->lineEdit()->selectAll();
        QTest::keyClicks(dialog.field(QStringLiteral("limit"))->lineEdit(), QStringLiteral("7"));
        QVERIFY2(dialog.errorLabel()->isHidden(), qPrintable(dialog.errorLabel()->text()));
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        // A text input stays text, even when it looks like a number.
        QCOMPARE(dialog.input().value(QStringLiteral("text")).typeId(), int(QMetaType::QString));
        QCOMPARE(dialog.input().value(QStringLiteral("limit")).toInt(), 7);
    }

    void capabilityFindingsAreWholeAndWhereTheyAre()
    {
        QTemporaryDir dir;
        CapabilityEditorDialog dialog(testPrompts());
        dialog.startNew({dir.path()});
        dialog.resize(900, 800);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *input = qobject_cast<QPlainTextEdit *>(dialog.field(QStringLiteral("input_schema")));
        QVERIFY(input);
        // A wrong type name: said at its own line, not at input_schema's.
        retype(input, QStringLiteral("type: object\nproperties:\n  text:\n    type: strin\n"));
        const QString yaml = dialog.yamlText();
        const int typeLine = int(yaml.left(yaml.indexOf(QStringLiteral("strin"))).count(QLatin1Char('\n'))) + 1;
        QTRY_VERIFY2(dialog.problems().join(QLatin1Char('\n')).contains(QStringLiteral("line %1").arg(typeLine)), qPrintable(dialog.problems().join(QLatin1Char('\n'))));
        QVERIFY(dialog.problems().join(QLatin1Char('\n')).contains(QStringLiteral("'strin'")));
        // required as a word: named.
        retype(input, QStringLiteral("type: object\nrequired: text\n"));
        QTRY_VERIFY2(dialog.problems().join(QLatin1Char('\n')).contains(QStringLiteral("'required' should be a list of property names")),
                     qPrintable(dialog.problems().join(QLatin1Char('\n'))));
        QVERIFY2(!dialog.problems().join(QLatin1Char('\n')).contains(QStringLiteral("'strin'")), qPrintable(dialog.problems().join(QLatin1Char('\n')) + QStringLiteral(" / ") + input->toPlainText())); // the old finding is gone
        // A schema error, then the text broken as JSON: only the JSON error, where it is.
        retype(input, QStringLiteral("{\"type\": \"obj\"}"));
        QTRY_VERIFY(dialog.problems().join(QLatin1Char('\n')).contains(QStringLiteral("'obj'")));
        retype(input, QStringLiteral("{\"type\": \"object\"\n  \"properties\": {}}")); // a comma missing at the end of line 1
        const QString shown = dialog.problems().join(QLatin1Char('\n'));
        QVERIFY2(!shown.contains(QStringLiteral("'obj'")), qPrintable(shown));
        // At the token after the missing comma (where Qt's parser notices), not at column 1.
        QVERIFY2(shown.contains(QRegularExpression(QStringLiteral("input_schema: line 2, column [34] of the schema"))), qPrintable(shown));
    }
};

QTEST_MAIN(TestDetails)
#include "tst_details.moc"
