#include "run/RunLogDock.h"

#include "run/RunController.h"
#include "scene/GraphScene.h"
#include "ui/UiText.h"

#include <QCheckBox>
#include <QEvent>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace capgraph::editor {

namespace {

// A value as compact JSON: "graph neural networks" quoted, lists and maps on one line.
QString compactJson(const QVariant &value)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray{QJsonValue::fromVariant(value)}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

// `text` cut to `most` characters, "…" at the end when cut (never between a surrogate pair).
QString cut(const QString &text, qsizetype most)
{
    if (text.size() <= most)
        return text;
    QString kept = text.left(most - 1);
    if (!kept.isEmpty() && kept.back().isHighSurrogate())
        kept.chop(1);
    return kept + QStringLiteral("…");
}

} // namespace

RunLogDock::RunLogDock(RunController *run, GraphScene *scene, QWidget *parent)
    : QDockWidget(parent)
    , m_run(run)
    , m_scene(scene)
    , m_tree(new QTreeWidget)
    , m_selectedOnly(new QCheckBox)
{
    setObjectName(QStringLiteral("RunLogDock"));
    m_tree->setObjectName(QStringLiteral("RunLog"));
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setColumnCount(MessageColumn + 1);
    m_tree->header()->setStretchLastSection(true); // the message takes what the other columns leave
    m_selectedOnly->setObjectName(QStringLiteral("RunLogSelectedOnly"));
    auto *w = new QWidget;
    auto *layout = new QVBoxLayout(w);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_selectedOnly);
    layout->addWidget(m_tree);
    setWidget(w);
    retranslate();
    resetColumns();
    m_treeViewport = m_tree->viewport();
    m_tree->viewport()->installEventFilter(this); // its width limits the Node column's
    connect(run, &RunController::logged, this, [this](const RunEvent &e) {
        if (e.type == RunEventType::RunStarted && e.path.isEmpty()) { // a new run (not a child run of it)
            m_tree->clear();
            m_kept.clear();
            m_pending.clear();
            resetColumns();
        }
        const Logged logged(e, m_clock.apply(e)); // every event, so that the clock is right
        m_pending.append(logged);
        m_kept.append(logged);
        // Only the newest rows matter: a long run drops the rest here, not in the tree.
        if (m_pending.size() > 2 * MaxRows)
            m_pending.remove(0, m_pending.size() - MaxRows);
        if (m_kept.size() > 2 * MaxRows)
            m_kept.remove(0, m_kept.size() - MaxRows);
    });
    connect(run, &RunController::changed, this, &RunLogDock::appendNew);
    connect(run, &RunController::replayChanged, this, &RunLogDock::refresh);
    connect(m_selectedOnly, &QCheckBox::toggled, this, &RunLogDock::refresh);
    connect(scene, &QGraphicsScene::selectionChanged, this, [this] {
        if (m_selectedOnly->isChecked())
            refresh();
    });
}

void RunLogDock::retranslate()
{
    setWindowTitle(tr("Run Log"));
    m_selectedOnly->setText(tr("Selected node only"));
    m_tree->setHeaderLabels({tr("Step"), tr("Time"), tr("Node"), tr("Event"), tr("Message")});
    m_tree->headerItem()->setToolTip(TimeColumn, tr("The run's own time: since it started, without the time it stood paused "
                                                    "(a pause, a breakpoint, a step) or waited for an answer"));
}

void RunLogDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        refresh(); // the rows' event names and messages, in the new language
    }
    QDockWidget::changeEvent(event);
}

bool RunLogDock::shows(const RunEvent &e) const
{
    if (!e.path.isEmpty()) // a child run's events belong to the node that runs it
        return m_filter.isEmpty() || RunSnapshot::callingNode(e) == m_filter;
    return m_filter.isEmpty() || e.nodeId == m_filter || e.from == m_filter || e.to == m_filter;
}

QTreeWidgetItem *RunLogDock::rowFor(const Logged &logged) const
{
    const RunEvent &e = logged.first;
    const RunClock::Reading &time = logged.second;
    QString node = !e.nodeId.isEmpty() ? e.nodeId : (!e.from.isEmpty() ? e.from + QStringLiteral(" → ") + e.to : QString());
    if (!e.path.isEmpty()) // a child run's: where, as the breadcrumb says it
        node = (e.path + QStringList{node}).join(QStringLiteral(" › "));
    QString message = e.localMessage();
    QString whole; // the message's whole text, when the row shows it cut
    if (e.type == RunEventType::VariableChanged) {
        // name = value: what the variable changed to, as compact JSON.
        const QString value = compactJson(e.data);
        message = tr("%1 = %2", "a variable changed: its name = its value (JSON)").arg(e.message, cut(value, ValueChars));
        whole = tr("%1 = %2", "a variable changed: its name = its value (JSON)").arg(e.message, cut(value, 4000));
    } else if (message.isEmpty() && e.data.isValid() && e.type != RunEventType::RunStarted) {
        message = e.data.toString().left(200);
    }
    auto *row = new QTreeWidgetItem({QString::number(e.step), RunClock::format(time.activeUs), node, UiText::runEvent(e.type), message});
    if (const qint64 still = time.sinceStartUs - time.activeUs; still > 0)
        row->setToolTip(TimeColumn, tr("%1 since the start, %2 of it paused or waiting for an answer")
                                        .arg(RunClock::format(time.sinceStartUs), RunClock::format(still)));
    row->setToolTip(NodeColumn, node);
    row->setToolTip(EventColumn, row->text(EventColumn));
    row->setToolTip(MessageColumn, whole.isEmpty() ? cut(message, 4000) : whole);
    if (e.type == RunEventType::NodeFailed || e.type == RunEventType::RunFailed)
        row->setForeground(EventColumn, QColor(0xd93025));
    else if (e.type == RunEventType::BreakpointHit || e.type == RunEventType::Warning)
        row->setForeground(EventColumn, QColor(0xb06d00));
    return row;
}

void RunLogDock::refresh()
{
    m_tree->clear();
    m_pending.clear();
    resetColumns();
    const QStringList selected = m_scene->selectedNodeIds();
    m_filter = m_selectedOnly->isChecked() && selected.size() == 1 ? selected.first() : QString();
    // A replay: its events up to the scrubber, timed from its start; live: the events kept.
    if (m_run->isReplaying()) {
        RunClock clock;
        const QList<RunEvent> &events = m_run->events();
        const qsizetype count = std::min(m_run->position(), events.size());
        m_pending.reserve(count);
        for (qsizetype i = 0; i < count; ++i)
            m_pending.append({events.at(i), clock.apply(events.at(i))});
    } else {
        m_pending = m_kept;
    }
    appendNew();
}

void RunLogDock::appendNew()
{
    QList<QTreeWidgetItem *> rows;
    for (qsizetype i = m_pending.size() - 1; i >= 0 && rows.size() < MaxRows; --i) // newest first, then reversed
        if (shows(m_pending.at(i).first))
            rows.prepend(rowFor(m_pending.at(i)));
    m_pending.clear();
    if (rows.isEmpty())
        return;
    m_tree->addTopLevelItems(rows);
    widenColumns(rows);
    const int excess = m_tree->topLevelItemCount() - MaxRows;
    for (int k = 0; k < excess; ++k)
        delete m_tree->takeTopLevelItem(0);
    m_tree->scrollToBottom();
}

bool RunLogDock::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_treeViewport && event->type() == QEvent::Resize)
        applyColumnWidths(); // the Node column's limit follows the log's width
    return QDockWidget::eventFilter(watched, event);
}

void RunLogDock::resetColumns()
{
    for (int c = 0; c < MessageColumn; ++c)
        m_wanted[c] = std::max(24, m_tree->header()->sectionSizeHint(c)); // at least the header's text
    applyColumnWidths();
}

void RunLogDock::widenColumns(const QList<QTreeWidgetItem *> &rows)
{
    // Measured as the tree's delegate lays a cell out: the text and its margins on both sides.
    const QFontMetrics metrics(m_tree->font());
    const int margins = 2 * (m_tree->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_tree) + 1) + 4;
    bool wider = false;
    for (int c = 0; c < MessageColumn; ++c) {
        int wanted = m_wanted[c];
        for (const QTreeWidgetItem *row : rows)
            wanted = std::max(wanted, metrics.horizontalAdvance(row->text(c)) + margins);
        wider = wider || wanted > m_wanted[c];
        m_wanted[c] = wanted;
    }
    if (wider)
        applyColumnWidths();
}

void RunLogDock::applyColumnWidths()
{
    const int nodeMost = std::max(m_wanted[StepColumn] + m_wanted[TimeColumn], m_tree->viewport()->width() * 2 / 5);
    for (int c = 0; c < MessageColumn; ++c) {
        const int width = c == NodeColumn ? std::min(m_wanted[c], nodeMost) : m_wanted[c];
        if (m_tree->columnWidth(c) != width)
            m_tree->setColumnWidth(c, width);
    }
}

} // namespace capgraph::editor
