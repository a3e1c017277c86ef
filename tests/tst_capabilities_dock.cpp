// The studio's side of capabilities (seed 003), driven through the real widgets offscreen: a
// graph in a temporary folder with a capabilities/ folder beside it (the seed's example and a
// broken file); the Capabilities dock lists the one and reports the other with its line,
// filters as the user types or picks a tag, shows a capability's schemas; a capability dropped
// on the canvas becomes one bound skill node (one undo step); the definition form flags
// mistakes as they are typed, keeps Save disabled until they are fixed, saves atomically
// what the reader reads back and the catalog picks up, and keeps keys it does not show; the
// Properties dock shows a skill node's capability, or that its skill_id resolves to none.
#include "support/TestPrompts.h"
#include "capability/Capability.h"
#include "capability/CapabilitySources.h"
#include "catalog/CapabilitiesDock.h"
#include "catalog/CapabilityCatalog.h"
#include "catalog/CapabilityEditorDialog.h"
#include "catalog/CapabilityFileText.h"
#include "catalog/CapabilityList.h"
#include "catalog/CapabilityNodeMime.h"
#include "document/GraphDocument.h"
#include "properties/PropertiesDock.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "view/GraphView.h"
#include "window/MainWindow.h"
#include "window/ProblemsDock.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QGraphicsSceneDragDropEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextDocumentFragment>
#include <QTreeWidget>
#include <QtTest>

using namespace capgraph;
using namespace capgraph::editor;

namespace {
const char *const kGraph =
    "graph:\n"
    "  id: quotes\n"
    "  version: \"1.0\"\n"
    "  nodes:\n"
    "    - id: start\n"
    "      type: control.start\n"
    "    - id: quote\n"
    "      type: skill\n"
    "      skill_id: finance.get_stock_price\n"
    "      inputs:\n"
    "        symbol: \"${input.symbol}\"\n"
    "      outputs: [price]\n"
    "    - id: mystery\n"
    "      type: skill\n"
    "      skill_id: nothing.here_at_all\n"
    "    - id: noop\n"
    "      type: skill\n"
    "      skill_id: builtin.noop\n"
    "    - id: end\n"
    "      type: control.end\n"
    "  edges:\n"
    "    - {from: start, to: quote, type: sequence}\n"
    "    - {from: quote, to: mystery, type: sequence}\n"
    "    - {from: mystery, to: noop, type: sequence}\n"
    "    - {from: noop, to: end, type: sequence}\n";

// Line 3 holds the mistake: the dock must say so. (Plain literals: moc reads a raw string's
// "# …" line as a directive.)
const char *const kBroken =
    "# a definition with a mistake\n"
    "description: \"Converts an amount between currencies.\"\n"
    "name: \"Finance Convert\"\n"
    "input_schema: {type: object}\n"
    "output_schema: {type: object}\n"
    "handler: {type: api, endpoint: \"https://example.com/convert\"}\n";

void write(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

QByteArray read(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Replaces a line edit's text the way a user does.
void retype(QLineEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

void retype(QPlainTextEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

QStringList listed(const CapabilitiesDock *dock)
{
    QStringList out;
    for (int i = 0; i < dock->list()->count(); ++i)
        out << dock->list()->item(i)->text();
    return out;
}

const QListWidgetItem *entry(const CapabilitiesDock *dock, const QString &title)
{
    for (int i = 0; i < dock->list()->count(); ++i)
        if (dock->list()->item(i)->text() == title)
            return dock->list()->item(i);
    return nullptr;
}
} // namespace

class TestCapabilitiesDock : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_caps;
    std::unique_ptr<MainWindow> m_window;

    CapabilitiesDock *dock() const { return m_window->capabilities(); }

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTest"));
        QStandardPaths::setTestModeEnabled(true); // the user's capabilities folder is a test one
        QDir(CapabilitySources::userFolder()).removeRecursively();
        QVERIFY(m_dir.isValid());
        m_caps = m_dir.filePath(QStringLiteral("capabilities"));
        QVERIFY(QDir().mkpath(m_caps));
        QVERIFY(QFile::copy(QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/capabilities/finance.get_stock_price.yaml"),
                            m_caps + QStringLiteral("/finance.get_stock_price.yaml")));
        write(m_caps + QStringLiteral("/broken.yaml"), kBroken);
        write(m_dir.filePath(QStringLiteral("quotes.yaml")), kGraph);

        m_window = std::make_unique<MainWindow>(testPrompts());
        m_window->resize(1400, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QVERIFY(m_window->openFile(m_dir.filePath(QStringLiteral("quotes.yaml"))));
        dock()->show();
        dock()->raise();
    }

    void cleanupTestCase() { m_window.reset(); }

    void listsCapabilitiesAndBrokenFiles()
    {
        QVERIFY(m_window->findChild<QDockWidget *>(QStringLiteral("CapabilitiesDock")) == dock());
        QCOMPARE(listed(dock()), (QStringList{QStringLiteral("finance.get_stock_price"), QStringLiteral("broken.yaml:3")}));
        const QListWidgetItem *valid = entry(dock(), QStringLiteral("finance.get_stock_price"));
        QCOMPARE(valid->data(CapabilityList::DetailRole).toString(), QStringLiteral("1.0.0 · api"));
        QVERIFY(valid->data(CapabilityList::SummaryRole).toString().startsWith(QStringLiteral("Retrieves the latest stock price")));
        QVERIFY(valid->flags() & Qt::ItemIsDragEnabled);
        const QListWidgetItem *broken = entry(dock(), QStringLiteral("broken.yaml:3"));
        QVERIFY2(broken->data(CapabilityList::SummaryRole).toString().contains(QStringLiteral("'Finance Convert' should be domain.verb_noun")),
                 qPrintable(broken->data(CapabilityList::SummaryRole).toString()));
        QVERIFY(!(broken->flags() & Qt::ItemIsDragEnabled));
        QCOMPARE(dock()->summaryText(), QStringLiteral("Capabilities: 1 · files with errors: 1"));
        // Selecting the broken file shows each finding with its line.
        dock()->list()->setCurrentItem(const_cast<QListWidgetItem *>(broken));
        QVERIFY2(dock()->detailsText().contains(QStringLiteral("line 3: name 'Finance Convert'")), qPrintable(dock()->detailsText()));
    }

    void searchAndTagsFilter()
    {
        QLineEdit *search = dock()->searchBox();
        retype(search, QStringLiteral("stock price"));
        QCOMPARE(listed(dock()), QStringList{QStringLiteral("finance.get_stock_price")}); // by description
        retype(search, QStringLiteral("weather"));
        QCOMPARE(listed(dock()), QStringList());
        QCOMPARE(dock()->summaryText(), QStringLiteral("Capabilities: 0 of 1 · files with errors: 1"));
        retype(search, QStringLiteral("broken"));
        QCOMPARE(listed(dock()), QStringList{QStringLiteral("broken.yaml:3")}); // broken files by name
        retype(search, QStringLiteral("api"));
        QCOMPARE(listed(dock()), QStringList{QStringLiteral("finance.get_stock_price")}); // by tag
        search->clear();
        QCOMPARE(listed(dock()).size(), 2);

        QComboBox *tags = dock()->tagFilter();
        QCOMPARE(tags->count(), 4); // All tags, api, finance, stock
        tags->setCurrentIndex(tags->findData(QStringLiteral("finance")));
        QCOMPARE(listed(dock()), QStringList{QStringLiteral("finance.get_stock_price")});
        tags->setCurrentIndex(0);
        QCOMPARE(listed(dock()).size(), 2);
    }

    void selectionShowsSchemas()
    {
        QVERIFY(dock()->selectCapability(QStringLiteral("finance.get_stock_price")));
        const QString details = dock()->detailsText().simplified(); // tags are chips with non-breaking spaces
        for (const char *expected : {"version 1.0.0 · api handler", "finance stock api", "GET https://api.example.com/stocks/{symbol}",
                                     "symbol string required", "The stock ticker symbol, e.g., 'AAPL' for Apple Inc.",
                                     "price number required", "currency string default: \"USD\"", "finance.get_stock_price.yaml:2"})
            QVERIFY2(details.contains(QString::fromUtf8(expected)), qPrintable(QStringLiteral("no '%1' in:\n%2").arg(QString::fromUtf8(expected), details)));
        // Input before output, required properties first.
        QVERIFY(details.indexOf(QStringLiteral("Input")) < details.indexOf(QStringLiteral("Output")));
        QVERIFY(details.indexOf(QStringLiteral("price number required")) < details.indexOf(QStringLiteral("currency string")));
        const QString raw = dock()->findChild<QPlainTextEdit *>(QStringLiteral("CapRawJson"))->toPlainText();
        QVERIFY(raw.contains(QStringLiteral("\"endpoint\": \"https://api.example.com/stocks/{symbol}\"")));
    }

    void dropAddsOneBoundSkillNode()
    {
        GraphDocument *doc = m_window->document();
        const qsizetype nodes = doc->graph().nodes.size();
        const int commands = doc->undoStack()->count();
        QVERIFY(dock()->selectCapability(QStringLiteral("finance.get_stock_price")));
        // What the list's drag carries, dropped through the scene's own drop path.
        std::unique_ptr<QMimeData> data(dock()->list()->mimeData({dock()->list()->currentItem()}));
        QVERIFY(data && data->hasFormat(QLatin1String(CapabilityNodeMime::MimeType)));
        QGraphicsSceneDragDropEvent enter(QEvent::GraphicsSceneDragEnter);
        enter.setMimeData(data.get());
        QApplication::sendEvent(m_window->scene(), &enter);
        QVERIFY(enter.isAccepted());
        QGraphicsSceneDragDropEvent drop(QEvent::GraphicsSceneDrop);
        drop.setMimeData(data.get());
        drop.setScenePos(QPointF(400, 300));
        drop.setProposedAction(Qt::CopyAction);
        QApplication::sendEvent(m_window->scene(), &drop);

        QCOMPARE(doc->graph().nodes.size(), nodes + 1);
        QCOMPARE(doc->undoStack()->count(), commands + 1);
        const Node &added = doc->graph().nodes.last();
        QCOMPARE(added.id, QStringLiteral("get_stock_price_1"));
        QCOMPARE(added.kind, NodeKind::Skill);
        QCOMPARE(added.skillId, QStringLiteral("finance.get_stock_price"));
        QCOMPARE(added.inputs.keys(), QStringList{QStringLiteral("symbol")});
        QCOMPARE(added.inputs.value(QStringLiteral("symbol")).toString(), QStringLiteral("${input.symbol}"));
        QCOMPARE(added.outputs, (QStringList{QStringLiteral("symbol"), QStringLiteral("price"), QStringLiteral("currency")}));
        QCOMPARE(added.position.value_or(QPointF()), QPointF(400, 300));
        QCOMPARE(m_window->scene()->selectedNodeIds(), QStringList{added.id});
        QVERIFY(m_window->scene()->nodeItem(added.id));

        doc->undoStack()->undo();
        QCOMPARE(doc->graph().nodes.size(), nodes);
        QVERIFY(!doc->node(QStringLiteral("get_stock_price_1")));
        QVERIFY(!m_window->scene()->nodeItem(QStringLiteral("get_stock_price_1")));
    }

    void formFlagsMistakesLiveAndSaves()
    {
        CapabilityEditorDialog *dialog = dock()->newCapability();
        QVERIFY(dialog && dialog->isVisible());
        QVERIFY(dialog->targetPath().isEmpty()); // no name yet: nowhere to save
        QVERIFY(!dialog->canSave());
        auto *name = qobject_cast<QLineEdit *>(dialog->field(QStringLiteral("name")));
        auto *version = qobject_cast<QLineEdit *>(dialog->field(QStringLiteral("version")));
        QVERIFY(name && version);

        retype(name, QStringLiteral("Demo Quote"));
        const auto problemAbout = [dialog](const QString &field, const QString &text) {
            for (const QString &p : dialog->problems())
                if ((p.startsWith(field + QLatin1Char(',')) || p.startsWith(field + QLatin1Char(':'))) && p.contains(text))
                    return true;
            return false;
        };
        QVERIFY2(problemAbout(QStringLiteral("name"), QStringLiteral("should be domain.verb_noun")), qPrintable(dialog->problems().join(QLatin1Char('\n'))));
        QVERIFY(!dialog->saveButton()->isEnabled());
        retype(name, QStringLiteral("demo.get_quote"));
        QVERIFY(!problemAbout(QStringLiteral("name"), QStringLiteral("domain.verb_noun")));
        retype(version, QStringLiteral("1.x"));
        QVERIFY2(problemAbout(QStringLiteral("version"), QStringLiteral("is not semantic")), qPrintable(dialog->problems().join(QLatin1Char('\n'))));
        QVERIFY(!dialog->saveButton()->isEnabled());
        retype(version, QStringLiteral("1.2.0"));
        QVERIFY(!problemAbout(QStringLiteral("version"), QStringLiteral("semantic")));

        // Still missing: a description and the api handler's endpoint.
        QVERIFY(problemAbout(QStringLiteral("description"), QStringLiteral("'description' is required")));
        QVERIFY(!dialog->saveButton()->isEnabled());
        retype(qobject_cast<QPlainTextEdit *>(dialog->field(QStringLiteral("description"))), QStringLiteral("Gets a quote for a symbol."));
        QVERIFY(problemAbout(QStringLiteral("handler.endpoint"), QStringLiteral("needs an 'endpoint'")));
        retype(qobject_cast<QLineEdit *>(dialog->field(QStringLiteral("handler.endpoint"))), QStringLiteral("https://quotes.example.com/{symbol}"));
        // A schema that does not parse is the schema field's problem.
        auto *input = qobject_cast<QPlainTextEdit *>(dialog->field(QStringLiteral("input_schema")));
        retype(input, QStringLiteral("{\"type\": \"object\", \"properties\": {\"symbol\": {\"type\": \"string\"}"));
        QVERIFY2(problemAbout(QStringLiteral("input_schema"), QStringLiteral("line 1")), qPrintable(dialog->problems().join(QLatin1Char('\n'))));
        QVERIFY(!dialog->saveButton()->isEnabled());
        retype(input, QStringLiteral("{\"type\": \"object\", \"properties\": {\"symbol\": {\"type\": \"string\"}}, \"required\": [\"symbol\"]}"));
        QVERIFY2(dialog->problems().isEmpty(), qPrintable(dialog->problems().join(QLatin1Char('\n'))));
        QVERIFY(dialog->saveButton()->isEnabled());
        const QString target = m_caps + QStringLiteral("/demo.get_quote.yaml");
        QCOMPARE(dialog->targetPath(), target);
        // The form wrote the text that is saved, in seed 003's order.
        const QString yaml = dialog->yamlText();
        QVERIFY2(yaml.startsWith(QStringLiteral("name: demo.get_quote\ndescription: Gets a quote for a symbol.\nversion: 1.2.0\n")), qPrintable(yaml));

        QTest::mouseClick(dialog->saveButton(), Qt::LeftButton);
        QVERIFY(QFile::exists(target));
        QCOMPARE(QDir(m_caps).entryList(QDir::Files | QDir::Hidden).size(), 3); // no temporary file left behind
        const CapabilityLoadResult back = CapabilityReader::readFile(target);
        QVERIFY2(back.ok(), qPrintable(back.diagnostics.isEmpty() ? QString() : back.diagnostics.first().format()));
        QCOMPARE(back.capability->version, QStringLiteral("1.2.0"));
        QCOMPARE(back.capability->handler.value(QStringLiteral("endpoint")).toString(), QStringLiteral("https://quotes.example.com/{symbol}"));
        QVERIFY(m_window->capabilityCatalog()->registry().resolve(QStringLiteral("demo.get_quote")));
        QVERIFY(entry(dock(), QStringLiteral("demo.get_quote")));
        QCOMPARE(dock()->currentName(), QStringLiteral("demo.get_quote"));
        QTRY_VERIFY(!dialog->isVisible()); // it closed and deletes itself

        // A second new one with the same name would overwrite: refused.
        CapabilityEditorDialog *again = dock()->newCapability();
        retype(qobject_cast<QLineEdit *>(again->field(QStringLiteral("name"))), QStringLiteral("demo.get_quote"));
        QVERIFY(!again->saveButton()->isEnabled());
        QVERIFY(again->problems().join(QLatin1Char('\n')).contains(QStringLiteral("demo.get_quote.yaml already exists")));
        again->reject();
    }

    void formKeepsWhatItDoesNotShow()
    {
        const QString path = m_caps + QStringLiteral("/ops.restart_service.yaml");
        write(path, "# restarts a service\n"
                    "name: ops.restart_service\n"
                    "description: Restarts a service.\n"
                    "x-owner: platform-team\n"
                    "input_schema: {type: object, properties: {service: {type: string}}}\n"
                    "output_schema: {type: object}\n"
                    "handler:\n  type: command\n  program: systemctl\n  arguments: [restart, \"${input.service}\"]\n  timeout: 30\n");
        m_window->capabilityCatalog()->reload();
        QVERIFY(dock()->selectCapability(QStringLiteral("ops.restart_service")));
        CapabilityEditorDialog *dialog = dock()->editSelected();
        QVERIFY(dialog);
        QCOMPARE(dialog->yamlText(), QString::fromUtf8(read(path))); // the file as it is, comments too
        QCOMPARE(qobject_cast<QLineEdit *>(dialog->field(QStringLiteral("handler.program")))->text(), QStringLiteral("systemctl"));
        QCOMPARE(qobject_cast<QPlainTextEdit *>(dialog->field(QStringLiteral("handler.arguments")))->toPlainText(),
                 QStringLiteral("restart\n${input.service}"));
        QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("CapEditorOtherKeys"))->text().contains(QStringLiteral("x-owner")));
        QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("CapEditorHandlerOther"))->text().contains(QStringLiteral("timeout")));

        retype(qobject_cast<QLineEdit *>(dialog->field(QStringLiteral("tags"))), QStringLiteral("ops, systemd"));
        QVERIFY2(dialog->canSave(), qPrintable(dialog->problems().join(QLatin1Char('\n'))));
        QVERIFY(dialog->save());
        const QString saved = QString::fromUtf8(read(path));
        const std::optional<CapabilityFileText> file = CapabilityFileText::parse(saved);
        QVERIFY(file);
        QCOMPARE(file->scalar(QStringLiteral("x-owner")), QStringLiteral("platform-team"));
        QCOMPARE(file->list(QStringLiteral("tags")), (QStringList{QStringLiteral("ops"), QStringLiteral("systemd")}));
        QCOMPARE(file->handler().value(QStringLiteral("timeout")).toInt(), 30);
        QCOMPARE(file->handler().value(QStringLiteral("arguments")).toStringList(),
                 (QStringList{QStringLiteral("restart"), QStringLiteral("${input.service}")}));
        QVERIFY2(saved.indexOf(QStringLiteral("tags:")) < saved.indexOf(QStringLiteral("x-owner:")), qPrintable(saved));
        QVERIFY(CapabilityReader::readFile(path).ok());
        dialog->reject();

        // Broken YAML typed into the text tab: the form steps aside, the finding has its line.
        CapabilityEditorDialog *raw = dock()->editSelected();
        raw->yamlEdit()->setPlainText(QStringLiteral("name: ops.restart_service\ndescription: [unclosed\n"));
        QVERIFY(!raw->canSave());
        QVERIFY(!raw->field(QStringLiteral("name"))->isEnabled());
        QVERIFY2(raw->problems().join(QLatin1Char('\n')).contains(QStringLiteral("line ")), qPrintable(raw->problems().join(QLatin1Char('\n'))));
        raw->reject();
        QFile::remove(path);
        m_window->capabilityCatalog()->reload();
    }

    void catalogFollowsTheFolder()
    {
        // A definition written by another program appears by itself (the folder is watched).
        QString yaml = QString::fromUtf8(read(m_caps + QStringLiteral("/finance.get_stock_price.yaml")));
        yaml.replace(QStringLiteral("name: finance.get_stock_price"), QStringLiteral("name: finance.get_fx_rate"));
        write(m_caps + QStringLiteral("/finance.get_fx_rate.yaml"), yaml.toUtf8());
        QTRY_VERIFY(entry(dock(), QStringLiteral("finance.get_fx_rate")));
        QFile::remove(m_caps + QStringLiteral("/finance.get_fx_rate.yaml"));
        QTRY_VERIFY(!entry(dock(), QStringLiteral("finance.get_fx_rate")));
    }

    void propertiesShowTheBoundCapability()
    {
        PropertiesDock *properties = m_window->properties();
        auto *label = properties->findChild<QLabel *>(QStringLiteral("PropCapability"));
        QVERIFY(label);
        m_window->scene()->selectNodes({QStringLiteral("quote")});
        QCOMPARE(properties->showing(), QStringLiteral("node quote"));
        QVERIFY(label->isVisibleTo(properties));
        const QString shown = QTextDocumentFragment::fromHtml(label->text()).toPlainText().remove(QChar(0x200B)); // (a break allowed before @version)
        for (const char *expected : {"finance.get_stock_price@1.0.0", "api handler", "Retrieves the latest stock price for a given stock symbol",
                                     "symbol string required", "price number required"})
            QVERIFY2(shown.contains(QString::fromUtf8(expected)), qPrintable(shown));
        // The dock follows: the selected node's capability is the selected entry.
        QCOMPARE(dock()->currentName(), QStringLiteral("finance.get_stock_price"));
        // The form still fits the dock's width.
        auto *scroll = properties->findChild<QScrollArea *>();
        QVERIFY2(scroll->widget()->width() <= scroll->viewport()->width(), qPrintable(QStringLiteral("%1 > %2 (min %3)").arg(scroll->widget()->width()).arg(scroll->viewport()->width()).arg(scroll->widget()->minimumSizeHint().width())));

        m_window->scene()->selectNodes({QStringLiteral("mystery")});
        QVERIFY(label->isVisibleTo(properties));
        QVERIFY2(label->text().contains(QStringLiteral("skill_id resolves to no capability")), qPrintable(label->text()));
        QVERIFY(label->text().contains(QStringLiteral("nothing.here_at_all")));

        m_window->scene()->selectNodes({QStringLiteral("noop")});
        QVERIFY(!label->isVisibleTo(properties)); // built-in skills are the engine's own
    }

    // The user replaces the quote node's inputs with ones that leave out `symbol`, which the
    // capability's input_schema requires: the canvas marks the node and the Problems dock says
    // which property of which capability is missing, before any run fails on it.
    void aMissingRequiredInputIsFlagged()
    {
        GraphDocument *doc = m_window->document();
        m_window->scene()->selectNodes({QStringLiteral("quote")});
        auto *inputs = m_window->properties()->findChild<QPlainTextEdit *>(QStringLiteral("PropInputs"));
        QVERIFY(inputs);
        const auto missingRows = [this] {
            QStringList rows;
            QTreeWidget *tree = m_window->problems()->tree();
            for (int i = 0; i < tree->topLevelItemCount(); ++i) {
                QStringList cells;
                for (int c = 0; c < tree->columnCount(); ++c)
                    cells << tree->topLevelItem(i)->text(c);
                if (cells.join(QLatin1Char(' ')).contains(QStringLiteral("symbol")))
                    rows << cells.join(QLatin1Char(' '));
            }
            return rows;
        };
        QVERIFY2(missingRows().isEmpty(), qPrintable(missingRows().join(QLatin1Char('\n'))));
        QCOMPARE(m_window->scene()->nodeItem(QStringLiteral("quote"))->findings().second, 0);

        retype(inputs, QStringLiteral("note: hello"));
        QTest::keyClick(inputs, Qt::Key_Return, Qt::ControlModifier); // Ctrl+Enter commits the field: one undo step
        QCOMPARE(doc->node(QStringLiteral("quote"))->inputs.keys(), QStringList{QStringLiteral("note")});
        QTRY_COMPARE(missingRows().size(), 1);
        const QString row = missingRows().constFirst();
        for (const char *expected : {"'quote' does not give 'symbol', which finance.get_stock_price@1.0.0 requires", "add it under inputs"})
            QVERIFY2(row.contains(QString::fromUtf8(expected)), qPrintable(row));
        const NodeItem *item = m_window->scene()->nodeItem(QStringLiteral("quote"));
        QCOMPARE(item->findings().first, Severity::Warning);
        QVERIFY(item->findings().second >= 1);

        doc->undoStack()->undo();
        QTRY_VERIFY(missingRows().isEmpty());
        QCOMPARE(item->findings().second, 0);
    }
};

QTEST_MAIN(TestCapabilitiesDock)
#include "tst_capabilities_dock.moc"
