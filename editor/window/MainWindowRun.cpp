// MainWindow's runs: the Run menu's actions, the run's state in the status bar, and the
// view following the run (docs/studio.md, "Running and debugging").
#include "window/MainWindow.h"

#include "run/RunClock.h"

#include "catalog/CapabilityCatalog.h"

#include "analysis/GraphInputs.h"
#include "document/GraphDocument.h"
#include "expr/Expression.h"
#include "run/LevelRunView.h"
#include "run/RunController.h"
#include "run/TraceExportDialog.h"
#include "run/RunLogDock.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "view/GraphView.h"
#include "window/StudioActions.h"
#include "window/StudioLayout.h"
#include "ui/CostText.h"
#include "ui/StudioPrompts.h"

#include <QAction>
#include <QLocale>

#include <climits>
#include <QLabel>
#include <QMap>
#include <QProgressBar>
#include <QStatusBar>

namespace capgraph::editor {

void MainWindow::connectRunActions()
{
    const auto on = [this](StudioActions::Id id, auto slot) { connect(m_actions->action(id), &QAction::triggered, this, slot); };
    on(StudioActions::RunStart, [this] {
        if (m_run->status() == RunStatus::Paused) {
            m_run->resume();
            return;
        }
        if (m_run->isRunning()) { // running or waiting: F5 again must not restart it
            statusBar()->showMessage(tr("The run is going: Stop (Shift+F5) first to start again"), 5000);
            return;
        }
        // The first run of a graph that reads input asks for it.
        if (m_runInput.isEmpty() && !GraphInputs::of(m_document->graph(), m_catalog->registry()).isEmpty() && !askRunInput())
            return;
        startRun(m_runInput);
    });
    on(StudioActions::RunPause, [this] { m_run->pause(); });
    on(StudioActions::RunStep, [this] {
        if (!m_run->isRunning()) { // a fresh run that stops before its first node
            if (startRun(m_runInput))
                m_run->pause();
        } else {
            m_run->step();
        }
    });
    on(StudioActions::RunStepInto, [this] {
        if (!m_run->isRunning()) {
            if (startRun(m_runInput))
                m_run->pause();
        } else {
            m_run->stepInto();
        }
    });
    on(StudioActions::RunStepOut, [this] { m_run->stepOut(); });
    on(StudioActions::RunToSelected, [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        if (ids.size() != 1) {
            statusBar()->showMessage(tr("Select one node to run to"), 5000);
            return;
        }
        if (!m_run->isRunning() && !startRun(m_runInput))
            return;
        m_run->runTo(ids.first()); // a one-off breakpoint (set before the new run's first node)
    });
    on(StudioActions::RunStop, [this] { m_run->stop(); });
    on(StudioActions::RunFromSelected, [this] {
        // From the replayed step's context (or the last run's): what ran before stays as it was.
        const QStringList ids = m_scene->selectedNodeIds();
        if (ids.size() != 1) {
            statusBar()->showMessage(tr("Select one node to rerun from"), 5000);
            return;
        }
        const RunContext context = m_run->context();
        QString why;
        if (!m_run->startFrom(ids.first(), context, &why)) {
            statusBar()->showMessage(tr("Cannot rerun: %1").arg(why.section(QLatin1Char('\n'), 0, 0)), 10000);
            return;
        }
        m_runLog->refresh();
        showRunLog();
    });
    on(StudioActions::RunBreakpoint, [this] {
        for (const QString &id : m_scene->selectedNodeIds())
            m_run->toggleBreakpoint(id);
    });
    on(StudioActions::RunBreakpointCondition, [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        if (ids.size() != 1) {
            statusBar()->showMessage(tr("Select one node for a conditional breakpoint"), 5000);
            return;
        }
        const Breakpoint old = m_run->breakpoint(ids.first());
        const std::optional<QString> text =
            m_prompts->askExpression(this, tr("Breakpoint on %1").arg(ids.first()),
                                     tr("Stop only when this holds (an expression over the context; `iteration` is the loop "
                                        "round; empty: always). Write `iteration >= 3` to stop from the third round on:"),
                                     old.condition, ExpressionNames::at(m_document->graph(), ids.first(), false, &m_catalog->registry()));
        if (!text)
            return;
        if (!text->trimmed().isEmpty() && !Expression::parse(*text).isValid()) { // a prompt that did not check
            statusBar()->showMessage(tr("Not a valid expression: %1").arg(Expression::parse(*text).errorText().translated()), 8000);
            return;
        }
        m_run->setBreakpoint(ids.first(), Breakpoint{text->trimmed(), old.onIteration});
    });
    on(StudioActions::RunInput, [this] {
        // Its button reads Run, and runs; while a run is going it keeps the input for the next.
        const bool going = m_run->isRunning();
        if (!askRunInput(!going))
            return;
        if (going)
            statusBar()->showMessage(tr("The input is kept for the next run"), 5000);
        else
            startRun(m_runInput);
    });
    on(StudioActions::RunMocks, [this] {
        const QString path = m_prompts->openFileName(this, tr("Mocks for skills without a handler"), m_run->mockFile(),
                                                     tr("Mock files (*.yaml *.yml *.json)"));
        if (!path.isEmpty())
            m_run->setMockFile(path);
    });
    // Export Traces…: where runs' spans go, kept in the settings and applied at once.
    const auto applyTraceExport = [this](const TraceExportSettings &t) {
        QString why;
        if (!m_run->setTraceExport(t.enabled ? t.url : QString(), t.content, &why))
            statusBar()->showMessage(tr("Traces are not exported: %1").arg(why), 15000);
    };
    applyTraceExport(TraceExportSettings::saved());
    on(StudioActions::RunExportTraces, [this, applyTraceExport] {
        TraceExportDialog dialog(TraceExportSettings::saved(), this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        dialog.settings().save();
        applyTraceExport(dialog.settings());
    });
    connect(m_run, &RunController::traceExportFailed, this, [this](const QString &problem) {
        statusBar()->showMessage(tr("Trace export failed: %1").arg(problem), 15000);
    });
    connect(m_actions->action(StudioActions::FollowRun), &QAction::toggled, this, [this](bool following) {
        if (following)
            followTheRun();
    });
    updateRunStatus();
}

bool MainWindow::askRunInput(bool startsRun)
{
    // A graph whose branches choose by the optimal path: the dialog asks under what context.
    const Graph &graph = m_document->graph();
    const bool chooses = std::any_of(graph.nodes.cbegin(), graph.nodes.cend(),
                                     [](const Node &n) { return n.select == QLatin1String("optimal"); });
    RunPathChoice path;
    path.depth = m_run->pathDepth();
    path.budget = m_run->pathBudget();
    path.graphDepth = pathDepthFromName(graph.preferredDepth).value_or(PathDepth::Quick);
    path.graphBudget = graph.availableTime;
    const std::optional<QVariantMap> input =
        m_prompts->askRunInput(this, GraphInputs::of(graph, m_catalog->registry()), m_runInput, startsRun, chooses ? &path : nullptr);
    if (!input)
        return false;
    m_runInput = *input;
    if (chooses)
        m_run->setPathContext(path.depth, path.budget);
    return true;
}

bool MainWindow::startRun(const QVariantMap &input, QString *error)
{
    QString why;
    if (!m_run->start(input, &why)) {
        statusBar()->showMessage(tr("Cannot run: %1").arg(why.section(QLatin1Char('\n'), 0, 0)), 10000);
        if (error)
            *error = why;
        return false;
    }
    m_runLog->refresh();
    showRunLog();
    if (!m_run->standIns().isEmpty())
        statusBar()->showMessage(tr("No handler or mock for %1: stand-ins answer with null outputs (Run > Mock File… for real-looking ones)")
                                     .arg(m_run->standIns().join(QStringLiteral(", "))),
                                 12000);
    return true;
}

void MainWindow::showRunLog()
{
    // A run that starts has something to say: its log comes to the front of the bottom docks,
    // whichever of them was in front (a question that comes at once brings the Inbox instead).
    if (m_run->pendingInteractions().isEmpty())
        m_layout->openBottom(m_runLog);
}

bool MainWindow::followsRun() const
{
    return m_actions->action(StudioActions::FollowRun)->isChecked();
}

void MainWindow::followTheRun()
{
    if (!followsRun() || m_run->isReplaying() || m_scene->isDragging())
        return;
    // Where the user's attention belongs: the node the run is paused at, then one that waits
    // for an answer, then the one that started last.
    // At the level on screen: inside a sub-graph, its own nodes (LevelRunView).
    const RunSnapshot &s = m_levelRun->snapshot();
    QString at = s.pausedAt();
    if (const QList<PendingInteraction> asking = m_run->pendingInteractions(); at.isEmpty() && !asking.isEmpty())
        at = m_levelRun->nodeOnScreen(asking.first().id); // "ask#2", "write_issue/approve": at ask, at write_issue (or approve inside it)
    if (at.isEmpty()) {
        qint64 latest = -1;
        for (auto it = s.nodes().cbegin(); it != s.nodes().cend(); ++it)
            if (it->state == NodeRunState::Running && it->lastStep > latest) {
                latest = it->lastStep;
                at = it.key();
            }
    }
    if (const NodeItem *item = at.isEmpty() ? nullptr : m_scene->nodeItem(at))
        m_view->ensureShown(item->box().translated(item->pos()));
}

void MainWindow::updateRunStatus()
{
    const RunSnapshot &s = m_run->snapshot();
    QString text;
    if (m_run->isReplaying())
        text = tr("replay · event %1 of %2 · step %3").arg(m_run->position()).arg(m_run->events().size()).arg(s.steps());
    else if (m_run->hasRun())
        text = tr("%1 · step %2 · %3").arg(RunController::statusText(s.status())).arg(s.steps()).arg(RunClock::format(m_run->runTimeUs())); // paused time not counted
    qint64 tokens = 0;
    QMap<QString, double> costs; // of the priced nodes, per currency (they do not add up)
    for (const NodeRunInfo &n : s.nodes()) {
        tokens += n.promptTokens + n.completionTokens;
        if (!n.currency.isEmpty())
            costs[n.currency] += n.cost;
    }
    if (tokens > 0 && !text.isEmpty())
        text += tr(" · %n tokens", nullptr, int(std::min<qint64>(tokens, INT_MAX)));
    if (!costs.isEmpty() && !text.isEmpty())
        text += QStringLiteral(" · ") + CostText::amounts(costs);
    m_runStatus->setText(text);
    const RunStatus st = m_run->status();
    const bool live = m_run->isRunning();
    m_runBusy->setVisible(st == RunStatus::Running && !m_run->isReplaying());
    m_actions->action(StudioActions::RunPause)->setEnabled(live && st == RunStatus::Running);
    m_actions->action(StudioActions::RunStop)->setEnabled(live);
    m_actions->setPaused(st == RunStatus::Paused);
}

} // namespace capgraph::editor
