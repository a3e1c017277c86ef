#include "run/RunHistoryDock.h"

#include "run/RunClock.h"

#include "run/ForkDialog.h"
#include "run/RunCompareDialog.h"
#include "run/RunController.h"
#include "run/RunHistoryIndex.h"
#include "ui/CostText.h"
#include "ui/UiText.h"

#include <QAction>
#include <QDateTime>
#include <QEvent>
#include <QFile>
#include <QHBoxLayout>
#include <QLocale>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <QListWidget>
#include <QMap>
#include <QMenu>
#include <QPushButton>
#include <QSlider>
#include <QVBoxLayout>

#include <algorithm>

namespace capgraph::editor {

QString RunHistoryDock::parentOf(const QString &tracePath, qint64 *step)
{
    // run.forked is a fork's second event (RunFork).
    QFile f(tracePath);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    f.readLine(1 << 20);
    const QJsonObject e = QJsonDocument::fromJson(f.readLine(1 << 20)).object();
    if (e.value(QStringLiteral("event")).toString() != QLatin1String("run.forked"))
        return {};
    const QJsonObject data = e.value(QStringLiteral("data")).toObject();
    if (step)
        *step = data.value(QStringLiteral("step")).toInteger();
    const QString parent = data.value(QStringLiteral("parent_trace")).toString();
    return parent.isEmpty() ? QString() : QFileInfo(tracePath).dir().filePath(parent);
}

QString RunHistoryDock::describe(const QString &path, const QString &graph)
{
    // The trace's last event says how the run ended, and when: read from the file's end (a
    // long run's trace is large). The file is named after the moment the run started.
    QFile f(path);
    QJsonObject e;
    if (f.open(QIODevice::ReadOnly)) {
        f.seek(std::max<qint64>(0, f.size() - 8192));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        e = QJsonDocument::fromJson(lines.isEmpty() ? QByteArray() : lines.last()).object();
    }
    const QDateTime started = QDateTime::fromString(QFileInfo(path).completeBaseName().left(19), QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    // The date as the language writes it, the time as hours and minutes (zh_TW's short time
    // format has a day period, "B", that Qt does not draw).
    const QString when = started.isValid() ? QLocale().toString(started.date(), QLocale::ShortFormat) + QLatin1Char(' ') + started.time().toString(QStringLiteral("HH:mm"))
                                           : QFileInfo(path).completeBaseName();
    const QString last = e.value(QStringLiteral("event")).toString();
    // run.finished / run.failed / run.cancelled; anything else: the studio went away mid-run.
    QString how = tr("interrupted");
    if (last == QLatin1String("run.finished"))
        how = tr("finished");
    else if (last == QLatin1String("run.failed"))
        how = tr("failed");
    else if (last == QLatin1String("run.cancelled"))
        how = tr("stopped");
    const qint64 steps = e.value(QStringLiteral("step")).toInteger();
    const QString took = RunClock::brief(e.value(QStringLiteral("elapsed_us")).toInteger());
    QString text = tr("%1 · %2 · %3 · %4 · %5").arg(graph, when, how, tr("%n step(s)", nullptr, int(steps)), took);
    // The LLM tokens the run used, when it used any (run.finished and run.failed say), and
    // what they cost when they were priced: total_cost in one currency, else costs per currency.
    const QJsonObject data = e.value(QStringLiteral("data")).toObject();
    if (const qint64 tokens = data.value(QStringLiteral("total_tokens")).toInteger(); tokens > 0)
        text += tr(" · %1 tokens").arg(QLocale().toString(tokens));
    QMap<QString, double> costs;
    if (const QString currency = data.value(QStringLiteral("currency")).toString(); data.value(QStringLiteral("total_cost")).isDouble() && !currency.isEmpty())
        costs.insert(currency, data.value(QStringLiteral("total_cost")).toDouble());
    const QJsonObject each = data.value(QStringLiteral("costs")).toObject();
    for (auto it = each.constBegin(); it != each.constEnd(); ++it)
        if (it.value().isDouble())
            costs.insert(it.key(), it.value().toDouble());
    if (!costs.isEmpty())
        text += QStringLiteral(" · ") + CostText::amounts(costs);
    // A fork names its parent run (by the time it started) and the step it went on from.
    qint64 step = 0;
    if (const QString parent = parentOf(path, &step); !parent.isEmpty()) {
        const QDateTime at = QDateTime::fromString(QFileInfo(parent).completeBaseName().left(19), QStringLiteral("yyyyMMdd-HHmmss-zzz"));
        text += tr(" · ↳ fork of the run of %1 at step %2").arg(at.isValid() ? at.time().toString(QStringLiteral("HH:mm:ss")) : QFileInfo(parent).fileName()).arg(step);
    }
    return text;
}

RunHistoryDock::RunHistoryDock(RunController *run, QWidget *parent)
    : QDockWidget(parent)
    , m_run(run)
    , m_index(std::make_unique<RunHistoryIndex>())
    , m_search(new QLineEdit)
    , m_searchDelay(new QTimer(this))
    , m_list(new QListWidget)
    , m_scrubber(new QSlider(Qt::Horizontal))
    , m_position(new QLabel)
{
    setObjectName(QStringLiteral("RunHistoryDock"));
    m_list->setObjectName(QStringLiteral("RunHistory"));
    m_search->setObjectName(QStringLiteral("RunHistorySearch"));
    m_search->setClearButtonEnabled(true);
    // Searched as the user stops typing (each search reads the store).
    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(250);
    connect(m_searchDelay, &QTimer::timeout, this, &RunHistoryDock::refresh);
    connect(m_search, &QLineEdit::textChanged, m_searchDelay, qOverload<>(&QTimer::start));
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        m_searchDelay->stop();
        refresh();
    });
    m_scrubber->setObjectName(QStringLiteral("RunScrubber"));
    m_scrubber->setEnabled(false);
    auto *openButton = m_replay = new QPushButton;
    openButton->setObjectName(QStringLiteral("ReplayRun"));
    auto *leave = m_leave = new QPushButton;
    leave->setObjectName(QStringLiteral("LeaveReplay"));
    m_compare = new QPushButton;
    m_compare->setObjectName(QStringLiteral("CompareRuns"));
    m_compare->setEnabled(false);
    m_fork = new QPushButton;
    m_fork->setObjectName(QStringLiteral("ForkRun"));
    m_fork->setEnabled(false);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection); // two runs to compare
    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    auto *w = new QWidget;
    auto *layout = new QVBoxLayout(w);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_search);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_scrubber);
    layout->addWidget(m_position);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(openButton);
    buttons->addWidget(leave);
    buttons->addWidget(m_compare);
    buttons->addWidget(m_fork);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    setWidget(w);
    // Double-click (whatever the style says about activation) and Enter both replay.
    connect(m_list, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem *item) { open(m_list->row(item)); });
    connect(m_list, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        if (!m_run->isReplaying() || m_run->lastOpened() != item->data(Qt::UserRole).toString())
            open(m_list->row(item));
    });
    connect(openButton, &QPushButton::clicked, this, [this] { open(m_list->currentRow()); });
    connect(run, &RunController::statusChanged, this, [this](RunStatus s) {
        m_position->clear();
        if (s == RunStatus::Idle) // another graph: its own history
            refresh();
    });
    connect(m_scrubber, &QSlider::valueChanged, this, [this](int value) {
        if (m_run->isReplaying() && value != m_run->position())
            m_run->seek(value);
    });
    connect(leave, &QPushButton::clicked, m_run, &RunController::stopReplay);
    connect(m_compare, &QPushButton::clicked, this, &RunHistoryDock::compareSelected);
    connect(m_list, &QListWidget::itemSelectionChanged, this, &RunHistoryDock::updateButtons);
    connect(m_fork, &QPushButton::clicked, this, &RunHistoryDock::forkHere);
    connect(m_list, &QListWidget::customContextMenuRequested, this, &RunHistoryDock::showContextMenu);
    connect(run, &RunController::runEnded, this, [this] {
        recordRuns();
        refresh();
    });
    connect(&m_recording, &QFutureWatcher<QString>::finished, this, &RunHistoryDock::recorded);
    connect(run, &RunController::replayChanged, this, &RunHistoryDock::syncScrubber);
    retranslate();
}

void RunHistoryDock::retranslate()
{
    setWindowTitle(tr("Run History"));
    m_replay->setText(tr("Replay"));
    m_replay->setToolTip(tr("Replay the selected run on the canvas (or double-click it)"));
    m_leave->setText(tr("Back to editing"));
    m_list->setToolTip(tr("Double-click a run to replay it; select two (Ctrl+click) to compare them"));
    m_search->setPlaceholderText(tr("Search runs: a node, an output, an answer, an error…"));
    m_search->setToolTip(tr("Shows the runs whose input, trace or outcome contains this text (case ignored)"));
    m_compare->setText(tr("Compare"));
    m_compare->setToolTip(tr("Compare the two selected runs (or a fork with the run it forked from): where their routes part, the outputs that differ, steps, time and tokens"));
    m_fork->setText(tr("Fork from Here…"));
    m_fork->setToolTip(tr("Go on from the step the scrubber is at as a new run, with values changed first if you like; this run stays as it is"));
    const int row = m_list->currentRow();
    refresh();
    m_list->setCurrentRow(row);
    syncScrubber();
}

void RunHistoryDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

RunHistoryDock::~RunHistoryDock()
{
    m_recording.waitForFinished(); // (its store written whole before the studio goes)
}

void RunHistoryDock::recordRuns()
{
    // On a worker thread: a long loop's trace has hundreds of thousands of events to keep.
    if (m_recording.isRunning()) {
        m_recordAgain = true;
        return;
    }
    const QString location = m_index->location();
    const QString graph = m_run->graphName();
    const QStringList traces = m_run->history();
    m_recordedGraph = graph;
    m_recording.setFuture(QtConcurrent::run([location, graph, traces] {
        QString error;
        RunHistoryIndex(location).sync(graph, traces, &error);
        return error;
    }));
}

void RunHistoryDock::recorded()
{
    if (const QString error = m_recording.result(); !error.isEmpty())
        m_position->setText(tr("The Run History cannot be searched: %1").arg(error));
    if (std::exchange(m_recordAgain, false))
        recordRuns();
    else if (!m_search->text().trimmed().isEmpty())
        refresh(); // what it found now includes the runs just kept
}

void RunHistoryDock::refresh()
{
    m_list->clear();
    const QString graph = m_run->graphName();
    QStringList shown = m_run->history();
    if (graph != m_recordedGraph) // a graph's history shown first: its runs kept from before
        recordRuns();
    if (const QString text = m_search->text().trimmed(); !text.isEmpty()) {
        QString error;
        const std::optional<QStringList> found = m_index->search(graph, shown, text, &error);
        if (!found) {
            m_position->setText(tr("The Run History cannot be searched: %1").arg(error));
        } else {
            shown = *found;
            if (shown.isEmpty())
                m_position->setText(tr("No run of %1 contains “%2”").arg(graph, text));
            else if (!m_run->isReplaying())
                m_position->setText(tr("%n run(s) with “%1”", nullptr, int(shown.size())).arg(text));
        }
    } else if (!m_run->isReplaying()) {
        m_position->clear();
    }
    for (const QString &path : std::as_const(shown)) {
        auto *item = new QListWidgetItem(describe(path, graph), m_list);
        item->setData(Qt::UserRole, path);
        item->setToolTip(path);
    }
}

bool RunHistoryDock::open(int row)
{
    QListWidgetItem *item = m_list->item(row);
    if (!item)
        return false;
    QString error;
    if (!m_run->replay(item->data(Qt::UserRole).toString(), &error)) {
        m_position->setText(error);
        return false;
    }
    emit opened(item->data(Qt::UserRole).toString());
    return true;
}

void RunHistoryDock::updateButtons()
{
    const QList<QListWidgetItem *> selected = m_list->selectedItems();
    m_compare->setEnabled(selected.size() == 2
                          || (selected.size() == 1 && QFileInfo::exists(parentOf(selected.constFirst()->data(Qt::UserRole).toString()))));
    m_fork->setEnabled(m_run->isReplaying()); // (where it cannot fork, forkHere says why)
}

bool RunHistoryDock::forkHere()
{
    QString error;
    const std::optional<ForkPoint> point = m_run->forkPoint(m_run->position(), &error);
    if (!point) {
        m_position->setText(error);
        return false;
    }
    ForkDialog dialog(*point, this);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    if (!m_run->fork(m_run->position(), dialog.edits(), &error)) {
        m_position->setText(tr("Cannot fork: %1").arg(error));
        return false;
    }
    return true;
}

void RunHistoryDock::syncScrubber()
{
    updateButtons();
    const bool on = m_run->isReplaying();
    m_scrubber->setEnabled(on);
    const QSignalBlocker quiet(m_scrubber);
    m_scrubber->setRange(0, on ? int(m_run->events().size()) : 0);
    m_scrubber->setValue(on ? int(m_run->position()) : 0);
    if (!on) {
        m_position->clear();
        return;
    }
    const qsizetype at = m_run->position();
    const RunEvent *e = at > 0 ? &m_run->events().at(at - 1) : nullptr;
    m_position->setText(e ? tr("Event %1 of %2: step %3, %4 %5").arg(at).arg(m_run->events().size()).arg(e->step).arg(UiText::runEvent(e->type), e->nodeId)
                          : tr("Before the run (0 of %1)").arg(m_run->events().size()));
}

void RunHistoryDock::showContextMenu(const QPoint &pos)
{
    QMenu menu;
    QAction *replay = menu.addAction(tr("Replay"));
    replay->setEnabled(m_list->selectedItems().size() == 1);
    QAction *compare = menu.addAction(tr("Compare"));
    compare->setEnabled(m_compare->isEnabled());
    QAction *fork = menu.addAction(tr("Fork from Here…"));
    fork->setEnabled(m_fork->isEnabled());
    QAction *chosen = menu.exec(m_list->viewport()->mapToGlobal(pos));
    if (chosen == replay)
        open(m_list->row(m_list->selectedItems().constFirst()));
    else if (chosen == compare)
        compareSelected();
    else if (chosen == fork)
        forkHere();
}

bool RunHistoryDock::compareSelected()
{
    QList<QListWidgetItem *> items = m_list->selectedItems();
    if (items.size() == 1) { // a fork: with the run it forked from
        const QString parent = parentOf(items.constFirst()->data(Qt::UserRole).toString());
        if (QFileInfo::exists(parent)) {
            QListWidgetItem *parentItem = nullptr;
            for (int row = 0; row < m_list->count() && !parentItem; ++row)
                if (QFileInfo(m_list->item(row)->data(Qt::UserRole).toString()) == QFileInfo(parent))
                    parentItem = m_list->item(row);
            return showComparison(parent, parentItem ? parentItem->text() : QFileInfo(parent).fileName(),
                                  items.constFirst()->data(Qt::UserRole).toString(), items.constFirst()->text());
        }
    }
    if (items.size() != 2) {
        m_position->setText(tr("Select two runs to compare them (Ctrl+click the second)"));
        return false;
    }
    // The list is newest first: the lower row is the earlier run.
    std::sort(items.begin(), items.end(), [this](QListWidgetItem *a, QListWidgetItem *b) { return m_list->row(a) > m_list->row(b); });
    return showComparison(items.at(0)->data(Qt::UserRole).toString(), items.at(0)->text(), items.at(1)->data(Qt::UserRole).toString(),
                          items.at(1)->text());
}

bool RunHistoryDock::showComparison(const QString &oldTrace, const QString &oldLabel, const QString &newTrace, const QString &newLabel)
{
    if (!m_compareDialog) {
        m_compareDialog = new RunCompareDialog(this);
        connect(m_compareDialog, &RunCompareDialog::nodeChosen, this, &RunHistoryDock::nodeChosen);
    }
    QString error;
    if (!m_compareDialog->compare(oldTrace, oldLabel, newTrace, newLabel, &error)) {
        m_position->setText(error);
        return false;
    }
    m_compareDialog->show();
    m_compareDialog->raise();
    m_compareDialog->activateWindow();
    return true;
}

} // namespace capgraph::editor
