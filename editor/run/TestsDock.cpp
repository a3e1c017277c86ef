#include "run/TestsDock.h"

#include "document/GraphDocument.h"
#include "exec/TraceWriter.h"
#include "run/RunClock.h"
#include "run/RunController.h"

#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace capgraph::editor {

namespace {
constexpr int CaseRole = Qt::UserRole + 1; // the index into m_cases (-1: a suite's row)

enum Column { NameColumn, ResultColumn, StepsColumn, TimeColumn };
} // namespace

TestsDock::TestsDock(GraphDocument *document, RunController *run, QWidget *parent)
    : QDockWidget(parent), m_document(document), m_run(run)
{
    setObjectName(QStringLiteral("TestsDock"));
    auto *body = new QWidget(this);
    m_note = new QLabel(body);
    m_note->setWordWrap(true);
    m_runAll = new QPushButton(body);
    m_runSelected = new QPushButton(body);
    m_openRun = new QPushButton(body);
    m_reload = new QPushButton(body);
    m_progress = new QProgressBar(body);
    m_progress->setMaximumWidth(180);
    m_progress->setVisible(false);
    m_tree = new QTreeWidget(body);
    m_tree->setColumnCount(4);
    m_tree->setUniformRowHeights(true);
    m_tree->header()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(ResultColumn, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(StepsColumn, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(TimeColumn, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    m_details = new QPlainTextEdit(body);
    m_details->setReadOnly(true);
    m_details->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    auto *split = new QSplitter(Qt::Horizontal, body);
    split->addWidget(m_tree);
    split->addWidget(m_details);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    auto *top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_note, 1);
    top->addWidget(m_progress);
    top->addWidget(m_runAll);
    top->addWidget(m_runSelected);
    top->addWidget(m_openRun);
    top->addWidget(m_reload);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    setWidget(body);

    connect(m_runAll, &QPushButton::clicked, this, &TestsDock::runAll);
    connect(m_runSelected, &QPushButton::clicked, this, &TestsDock::runSelected);
    connect(m_openRun, &QPushButton::clicked, this, [this] { openRun(m_tree->currentItem()); });
    connect(m_reload, &QPushButton::clicked, this, &TestsDock::refresh);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this] {
        showDetails();
        updateButtons();
    });
    connect(m_tree, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem *item) { openRun(item); });
    // Another graph, or this one saved elsewhere: its suites.
    connect(document, &GraphDocument::graphReset, this, &TestsDock::refresh);
    connect(document, &GraphDocument::savedAs, this, &TestsDock::refresh);
    connect(document, &GraphDocument::cleanChanged, this, &TestsDock::updateButtons);
    retranslate();
    refresh();
}

void TestsDock::refresh()
{
    if (isRunning())
        return;
    m_tree->clear();
    m_cases.clear();
    m_details->clear();
    const QString graph = m_document->filePath();
    if (!graph.isEmpty()) {
        const QString canonical = QFileInfo(graph).canonicalFilePath();
        const QDir folder = QFileInfo(graph).absoluteDir();
        for (const QString &name : folder.entryList({QStringLiteral("*.test.yaml"), QStringLiteral("*.test.yml")}, QDir::Files, QDir::Name)) {
            GraphTestSuite suite;
            QString error;
            const bool ok = GraphTestSuite::read(folder.filePath(name), &suite, &error);
            QList<GraphTestCase> mine;
            for (const GraphTestCase &c : std::as_const(suite.cases))
                if (QFileInfo(c.graphFile).canonicalFilePath() == canonical)
                    mine << c;
            if (ok && mine.isEmpty())
                continue; // a suite of another graph of the folder
            auto *row = new QTreeWidgetItem(m_tree, {name});
            row->setData(NameColumn, CaseRole, -1);
            row->setToolTip(NameColumn, folder.filePath(name));
            row->setData(NameColumn, Qt::UserRole, folder.filePath(name));
            if (!ok) { // not a suite: say why, where
                row->setText(ResultColumn, tr("invalid"));
                row->setForeground(ResultColumn, QColor(0xd93025));
                row->setData(ResultColumn, Qt::UserRole, error);
                continue;
            }
            for (const GraphTestCase &c : std::as_const(mine)) {
                auto *item = new QTreeWidgetItem(row, {c.name});
                item->setData(NameColumn, CaseRole, int(m_cases.size()));
                item->setToolTip(NameColumn, QStringLiteral("%1:%2").arg(name).arg(c.line));
                m_cases.append({c, item, std::nullopt, QString()});
            }
            row->setExpanded(true);
        }
    }
    if (m_tree->topLevelItemCount() > 0)
        m_tree->setCurrentItem(m_tree->topLevelItem(0));
    updateButtons();
}

QTreeWidgetItem *TestsDock::caseItem(const QString &suiteFile, const QString &caseName) const
{
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *suite = m_tree->topLevelItem(i);
        if (suite->text(NameColumn) != suiteFile)
            continue;
        for (int j = 0; j < suite->childCount(); ++j)
            if (suite->child(j)->text(NameColumn) == caseName)
                return suite->child(j);
    }
    return nullptr;
}

void TestsDock::runAll()
{
    QList<int> all;
    for (int i = 0; i < m_cases.size(); ++i)
        all << i;
    start(all);
}

void TestsDock::runSelected()
{
    const QTreeWidgetItem *item = m_tree->currentItem();
    if (!item)
        return;
    QList<int> chosen;
    const int index = item->data(NameColumn, CaseRole).toInt();
    if (index >= 0) {
        chosen << index;
    } else {
        for (int j = 0; j < item->childCount(); ++j)
            chosen << item->child(j)->data(NameColumn, CaseRole).toInt();
    }
    start(chosen);
}

void TestsDock::start(const QList<int> &cases)
{
    if (isRunning() || cases.isEmpty())
        return;
    for (int i : cases) {
        Case &c = m_cases[i];
        c.result.reset();
        c.item->setText(ResultColumn, tr("waiting"));
        c.item->setForeground(ResultColumn, palette().placeholderText());
        c.item->setText(StepsColumn, QString());
        c.item->setText(TimeColumn, QString());
    }
    m_queue = cases;
    m_done = 0;
    m_total = int(cases.size());
    m_progress->setRange(0, m_total);
    m_progress->setValue(0);
    m_progress->setVisible(true);
    updateButtons();
    QTimer::singleShot(0, this, &TestsDock::runNext);
}

void TestsDock::runNext()
{
    if (m_queue.isEmpty())
        return;
    const int index = m_queue.constFirst();
    Case &c = m_cases[index];
    c.item->setText(ResultColumn, tr("running…"));
    m_tree->scrollToItem(c.item);
    // Each case's run is kept as a trace, to open on the canvas.
    TraceWriter trace;
    c.trace = m_traces.filePath(QStringLiteral("case-%1.jsonl").arg(index));
    QString error;
    const bool traced = trace.open(c.trace, false, &error);
    GraphTestRunner runner;
    if (traced)
        runner.setObserver(&trace);
    c.result = runner.run(c.testCase); // a local event loop: the window stays live
    if (!traced || !trace.close(&error) || !QFileInfo::exists(c.trace))
        c.trace.clear();
    showResult(index);
    m_queue.removeFirst();
    m_progress->setValue(++m_done);
    if (!m_queue.isEmpty()) {
        QTimer::singleShot(0, this, &TestsDock::runNext);
        return;
    }
    m_progress->setVisible(false);
    int passed = 0, failed = 0;
    for (const Case &k : std::as_const(m_cases))
        if (k.result)
            (k.result->passed() ? passed : failed) += 1;
    emit statusMessage(failed ? tr("Tests: %1 passed, %2 failed").arg(passed).arg(failed) : tr("Tests: all %1 passed").arg(passed));
    updateButtons();
    showDetails();
    emit finished(passed, failed);
}

void TestsDock::showResult(int index)
{
    const Case &c = m_cases.at(index);
    const GraphTestResult &r = *c.result;
    QString text;
    QColor colour;
    switch (r.outcome) {
    case GraphTestResult::Outcome::Passed: text = tr("✓ passed"); colour = QColor(0x12a150); break;
    case GraphTestResult::Outcome::Failed: text = tr("✕ failed"); colour = QColor(0xd93025); break;
    case GraphTestResult::Outcome::Error: text = tr("✕ cannot run"); colour = QColor(0xd93025); break;
    }
    c.item->setText(ResultColumn, text);
    c.item->setForeground(ResultColumn, colour);
    c.item->setText(StepsColumn, r.status.isEmpty() ? QString() : tr("%n steps", nullptr, int(r.steps)));
    c.item->setText(TimeColumn, RunClock::brief(r.elapsedMs * 1000));
    if (m_tree->currentItem() == c.item)
        showDetails();
}

void TestsDock::showDetails()
{
    const QTreeWidgetItem *item = m_tree->currentItem();
    if (!item) {
        m_details->clear();
        return;
    }
    const int index = item->data(NameColumn, CaseRole).toInt();
    if (index < 0) {
        const QString error = item->data(ResultColumn, Qt::UserRole).toString();
        m_details->setPlainText(!error.isEmpty() ? error : tr("%1: %n cases of this graph.", nullptr, item->childCount()).arg(item->text(NameColumn)));
        return;
    }
    const Case &c = m_cases.at(index);
    if (!c.result) {
        m_details->setPlainText(tr("Not run yet. Run Selected runs it."));
        return;
    }
    const GraphTestResult &r = *c.result;
    QStringList lines;
    if (r.outcome == GraphTestResult::Outcome::Error)
        lines << tr("The case cannot run:") << r.errors;
    else if (r.outcome == GraphTestResult::Outcome::Failed)
        lines << tr("What did not hold:") << r.failures;
    else
        lines << tr("Every expectation held.");
    if (!r.route.isEmpty())
        lines << QString() << tr("Route: %1").arg(r.route.join(QStringLiteral(" → ")));
    if (!r.status.isEmpty())
        lines << tr("Status: %1 · %n steps", nullptr, int(r.steps)).arg(r.status);
    m_details->setPlainText(lines.join(QLatin1Char('\n')));
}

bool TestsDock::openRun(QTreeWidgetItem *item)
{
    const int index = item ? item->data(NameColumn, CaseRole).toInt() : -1;
    if (index < 0 || !m_cases.at(index).result)
        return false;
    const Case &c = m_cases.at(index);
    if (c.trace.isEmpty()) {
        emit statusMessage(tr("This case did not run: there is nothing to open"));
        return false;
    }
    QString error;
    if (!m_run->replay(c.trace, &error)) {
        emit statusMessage(tr("Cannot open the case's run: %1").arg(error));
        return false;
    }
    if (!c.result->failedNode.isEmpty())
        emit showNode(c.result->failedNode);
    emit statusMessage(tr("The run of “%1”, replayed: “Back to editing” in Run History leaves it").arg(c.testCase.name));
    return true;
}

void TestsDock::updateButtons()
{
    const bool running = isRunning();
    const QTreeWidgetItem *item = m_tree->currentItem();
    const int index = item ? item->data(NameColumn, CaseRole).toInt() : -1;
    m_runAll->setEnabled(!running && !m_cases.isEmpty());
    m_runSelected->setEnabled(!running && item && (index >= 0 || item->childCount() > 0));
    m_openRun->setEnabled(!running && index >= 0 && m_cases.at(index).result && !m_cases.at(index).trace.isEmpty());
    m_reload->setEnabled(!running);
    if (m_document->filePath().isEmpty())
        m_note->setText(tr("Save the graph: its test suites are the *.test.yaml files beside it (docs/testing.md)."));
    else if (m_cases.isEmpty() && m_tree->topLevelItemCount() == 0)
        m_note->setText(tr("No test suite beside %1: write a *.test.yaml file there (docs/testing.md).").arg(QFileInfo(m_document->filePath()).fileName()));
    else if (!m_document->undoStack()->isClean())
        m_note->setText(tr("Unsaved changes are not tested: the cases run the file as saved."));
    else
        m_note->setText(tr("%n cases", nullptr, int(m_cases.size())));
}

void TestsDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

void TestsDock::retranslate()
{
    setWindowTitle(tr("Tests"));
    m_tree->setHeaderLabels({tr("Case"), tr("Result"), tr("Steps"), tr("Time")});
    m_runAll->setText(tr("Run All"));
    m_runSelected->setText(tr("Run Selected"));
    m_openRun->setText(tr("Open Run"));
    m_openRun->setToolTip(tr("Replay the case's run on the canvas, at the node where it went wrong"));
    m_reload->setText(tr("Reload"));
    m_reload->setToolTip(tr("Read the suites beside the graph again"));
    for (int i = 0; i < m_cases.size(); ++i)
        if (m_cases.at(i).result)
            showResult(i);
    updateButtons();
    showDetails();
}

} // namespace capgraph::editor
