#include "planview/PlanWindow.h"

#include "ui/AppIcon.h"
#include "ui/DialogPrompts.h"
#include "ui/PluralTranslator.h"
#include "ui/RecentList.h"
#include "ui/StudioPaths.h"
#include "ui/UiText.h"
#include "ui/WindowSize.h"

#include "export/SceneExporter.h"
#include "planview/ParticipantChips.h"
#include "planview/PlanInfoPanel.h"
#include "planview/PlanScene.h"
#include "plan/PlanSource.h"
#include "planview/PlanView.h"
#include "view/OverviewView.h"

#include <QAction>
#include <QDateTime>
#include <QDockWidget>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QEvent>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenu>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTextBrowser>
#include <QToolBar>
#include <QApplication>
#include <QDir>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace capgraph::editor {

namespace {
// An event's data as people read it: "key: value" lines, nested objects indented, lists as
// items; text that is not JSON as it came.
void describeJson(const QJsonValue &v, const QString &indent, QStringList *lines, const QString &key = QString())
{
    const QString head = key.isEmpty() ? indent : indent + key + QStringLiteral(": ");
    if (v.isObject()) {
        if (!key.isEmpty())
            lines->append(indent + key + QLatin1Char(':'));
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            describeJson(it.value(), key.isEmpty() ? indent : indent + QStringLiteral("  "), lines, it.key());
    } else if (v.isArray()) {
        const QJsonArray a = v.toArray();
        const bool flat = std::all_of(a.begin(), a.end(), [](const QJsonValue &x) { return !x.isObject() && !x.isArray(); });
        if (flat) {
            QStringList items;
            for (const QJsonValue &x : a)
                items << x.toVariant().toString();
            lines->append(head + items.join(QStringLiteral(", ")));
        } else {
            lines->append(indent + key + QLatin1Char(':'));
            for (const QJsonValue &x : a)
                describeJson(x, indent + QStringLiteral("  - "), lines);
        }
    } else if (v.isNull()) {
        lines->append(head + QStringLiteral("—"));
    } else {
        lines->append(head + v.toVariant().toString());
    }
}

QString readable(const QJsonDocument &doc, const QString &raw)
{
    if (doc.isNull())
        return raw.trimmed();
    QStringList lines;
    describeJson(doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array()), QString(), &lines);
    return lines.join(QLatin1Char('\n'));
}

// One line for the timeline: what the event says, from the fields seed 004's events carry.
QString summaryOf(const SseEvent &e)
{
    const QJsonObject o = QJsonDocument::fromJson(e.data.toUtf8()).object();
    const QJsonObject d = o.value(QStringLiteral("data")).isObject() ? o.value(QStringLiteral("data")).toObject() : o;
    const auto s = [&d](const char *key) { return d.value(QLatin1String(key)).toVariant().toString(); };
    if (PlanSource::isPlanReady(e)) {
        QJsonObject plan = d.value(QStringLiteral("plan_json")).toObject();
        if (plan.isEmpty() && d.contains(QStringLiteral("tasks")))
            plan = d;
        const int tasks = int(plan.value(QStringLiteral("tasks")).toArray().size());
        return tasks == 1 ? QObject::tr("the plan: 1 task")
            : tasks > 1   ? QObject::tr("the plan: %1 tasks").arg(tasks)
                          : QObject::tr("the plan (text only)");
    }
    for (const char *key : {"formulated_text", "demand", "content", "summary", "message"})
        if (!s(key).isEmpty()) {
            const QString who = !s("display_name").isEmpty() ? s("display_name") : s("agent_id");
            return who.isEmpty() ? s(key).left(160) : QCoreApplication::translate("capgraph::editor::PlanWindow", "%1: %2").arg(who, s(key).left(160));
        }
    if (!s("tool_name").isEmpty())
        return QObject::tr("%1 (round %2)").arg(s("tool_name"), s("round").isEmpty() ? QStringLiteral("?") : s("round"));
    if (!s("agent_count").isEmpty())
        return QObject::tr("%1 agents").arg(s("agent_count"));
    return readable(QJsonDocument::fromJson(e.data.toUtf8()), e.data).section(QLatin1Char('\n'), 0, 3).replace(QLatin1Char('\n'), QStringLiteral(" · ")).left(240);
}
} // namespace

PlanWindow::PlanWindow(StudioPrompts *prompts, QWidget *parent)
    : QMainWindow(parent)
    , m_prompts(prompts ? prompts : DialogPrompts::shared())
    , m_source(new PlanSource(this))
    , m_scene(new PlanScene(this))
    , m_view(new PlanView(m_scene))
    , m_chips(new ParticipantChips(m_scene))
    , m_info(new PlanInfoPanel(m_scene))
    , m_banner(new QLabel)
    , m_pages(new QStackedWidget)
    , m_text(new QTextBrowser)
    , m_problems(new QTreeWidget)
    , m_timeline(new QTreeWidget)
    , m_rollup(new QLabel)
{
    PluralTranslator::ensureInstalled(); // "12 tasks" (a plan window may be the only window)
    setObjectName(QStringLiteral("PlanWindow"));
    setWindowIcon(appIcon());
    const QScreen *screen = QApplication::primaryScreen();
    resize(defaultWindowSize(screen ? screen->availableGeometry().size() : QSize(1280, 800)));
    m_banner->setObjectName(QStringLiteral("PlanBanner"));
    m_banner->setTextFormat(Qt::PlainText); // plan text is the model's words, not markup
    m_banner->setWordWrap(true);
    m_banner->setMargin(8);
    m_banner->setVisible(false);
    m_text->setObjectName(QStringLiteral("PlanText"));
    m_text->setOpenExternalLinks(false);
    m_pages->addWidget(m_view);
    m_pages->addWidget(m_text);
    auto *central = new QWidget;
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_banner);
    layout->addWidget(m_chips);
    layout->addWidget(m_pages, 1);
    setCentralWidget(central);

    // The drawing gets most of the window: one column on the right, the overview over the
    // task panel, Problems and the negotiation as tabs (docs/plans.md).
    auto *overviewDock = new QDockWidget(this);
    overviewDock->setObjectName(QStringLiteral("PlanOverviewDock"));
    overviewDock->setWidget(new OverviewView(m_view, overviewDock));
    addDockWidget(Qt::RightDockWidgetArea, overviewDock);
    auto *infoDock = new QDockWidget(this);
    infoDock->setObjectName(QStringLiteral("PlanInfoDock"));
    infoDock->setWidget(m_info);
    addDockWidget(Qt::RightDockWidgetArea, infoDock);
    splitDockWidget(overviewDock, infoDock, Qt::Vertical);
    m_problems->setObjectName(QStringLiteral("PlanProblems"));
    m_problems->setRootIsDecorated(false);
    auto *problemsDock = new QDockWidget(this);
    problemsDock->setObjectName(QStringLiteral("PlanProblemsDock"));
    problemsDock->setWidget(m_problems);
    addDockWidget(Qt::RightDockWidgetArea, problemsDock);
    m_problemsDock = problemsDock;
    m_timeline->setObjectName(QStringLiteral("PlanTimeline"));
    m_timeline->setRootIsDecorated(false);
    auto *timelineDock = new QDockWidget(this);
    timelineDock->setObjectName(QStringLiteral("PlanTimelineDock"));
    timelineDock->setWidget(m_timeline);
    addDockWidget(Qt::RightDockWidgetArea, timelineDock);
    tabifyDockWidget(infoDock, problemsDock);
    tabifyDockWidget(problemsDock, timelineDock);
    infoDock->raise();
    resizeDocks({infoDock}, {300}, Qt::Horizontal);
    resizeDocks({overviewDock, infoDock}, {170, 560}, Qt::Vertical);
    m_timeline->setWordWrap(false);
    statusBar()->addPermanentWidget(m_rollup);
    m_rollup->setObjectName(QStringLiteral("PlanRollup"));

    QToolBar *bar = addToolBar(QString());
    bar->setObjectName(QStringLiteral("PlanToolBar"));
    QAction *open = bar->addAction(QString(), this, &PlanWindow::openDialog);
    open->setShortcut(QKeySequence::Open);
    QAction *openUrl = bar->addAction(QString(), this, &PlanWindow::openUrlDialog);
    QAction *fit = bar->addAction(QString(), m_view, &PlanView::fit);
    fit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    bar->addSeparator();
    m_transitive = bar->addAction(QString());
    m_transitive->setCheckable(true);
    connect(m_transitive, &QAction::toggled, m_scene, &PlanScene::setTransitive);
    m_critical = bar->addAction(QString());
    m_critical->setCheckable(true);
    connect(m_critical, &QAction::toggled, m_scene, &PlanScene::setShowCriticalPath);
    m_lanes = bar->addAction(QString());
    m_lanes->setCheckable(true);
    connect(m_lanes, &QAction::toggled, this, [this](bool on) {
        m_scene->setLanes(on);
        m_view->fit();
    });
    m_filterMenu = new QMenu(this);
    auto *filterButton = new QToolButton;
    filterButton->setMenu(m_filterMenu);
    filterButton->setPopupMode(QToolButton::InstantPopup);
    bar->addWidget(filterButton);
    bar->addSeparator();
    QAction *exportAction = bar->addAction(QString(), this, &PlanWindow::exportDialog);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    createMenus(open, openUrl, fit, exportAction);
    m_texts([=, this] {
        updateTitle();
        infoDock->setWindowTitle(tr("Task"));
        overviewDock->setWindowTitle(tr("Overview"));
        problemsDock->setWindowTitle(tr("Problems"));
        timelineDock->setWindowTitle(tr("Negotiation"));
        m_problems->setHeaderLabels({tr("Severity"), tr("Where"), tr("Message"), tr("Code")});
        m_timeline->setHeaderLabels({tr("Time"), tr("Event"), tr("What")});
        bar->setWindowTitle(tr("Plan"));
        open->setText(tr("Open…"));
        openUrl->setText(tr("Open URL…"));
        fit->setText(tr("Fit"));
        m_transitive->setText(tr("Whole chain"));
        m_transitive->setToolTip(tr("Highlight everything upstream and downstream of the selected task, not only its neighbours"));
        m_critical->setText(tr("Critical path"));
        m_critical->setToolTip(tr("Outline the longest chain of dependent tasks"));
        m_lanes->setText(tr("Swimlanes"));
        m_lanes->setToolTip(tr("One band per participant"));
        m_filterMenu->setTitle(tr("Participants"));
        filterButton->setText(tr("Participants"));
        filterButton->setToolTip(tr("Show only the tasks of some participants"));
        exportAction->setText(tr("Export…"));
    });

    // A hidden participant's chip: show them again (and their tasks), rather than dim everything.
    connect(m_chips, &ParticipantChips::showRequested, this, [this](const QString &id) {
        for (QAction *a : m_filterMenu->actions())
            if (a->isCheckable() && a->data().toString() == id)
                a->setChecked(true); // the filter follows its menu
        m_scene->focusParticipant(id);
        statusBar()->showMessage(tr("%1 is shown again").arg(id.isEmpty() ? tr("(no assignee)") : m_scene->plan().assigneeName(id)), 5000);
    });
    // The filter menu stays open while its entries are toggled (several at a time).
    m_filterMenu->installEventFilter(this);
    connect(m_info, &PlanInfoPanel::taskRequested, this, [this](int task) {
        if (!m_scene->isTaskShown(task)) { // filtered out: say so rather than lose the selection
            statusBar()->showMessage(tr("%1 is hidden by the participant filter").arg(m_scene->plan().tasks.value(task).id), 5000);
            return;
        }
        m_scene->selectTask(task);
        m_view->centerOnTask(task);
    });
    connect(m_scene, &PlanScene::focusChanged, this, [this] {
        const int t = m_scene->selectedTask();
        if (t >= 0)
            statusBar()->showMessage(tr("%1: prerequisites %2, successors %3")
                                         .arg(m_scene->plan().tasks.at(t).id)
                                         .arg(m_scene->topology().predecessors(t).size())
                                         .arg(m_scene->topology().successors(t).size()));
        else
            statusBar()->clearMessage(); // nothing selected (Esc): nothing to say about it
    });
    connect(m_problems, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        // The finding's own task (a duplicate id's second task), else the first with the id.
        const int own = item->data(0, Qt::UserRole + 1).toInt();
        const int t = own >= 0 && own < m_scene->plan().tasks.size() ? own : m_scene->plan().taskIndex(item->data(0, Qt::UserRole).toString());
        if (t >= 0 && !isShowingText()) {
            m_scene->selectTask(t);
            m_view->centerOnTask(t);
        }
    });
    connect(m_source, &PlanSource::eventReceived, this, &PlanWindow::addTimelineEvent);
    connect(m_source, &PlanSource::planReceived, this, &PlanWindow::showResult);
    connect(m_source, &PlanSource::failed, this, [this](const QString &message) {
        if (!m_planShown) {
            showText(tr("The plan could not be loaded: %1").arg(message), QString(), {});
            statusBar()->showMessage(tr("Could not open %1").arg(m_location));
        } else {
            statusBar()->showMessage(message);
        }
        emit loadFailed(message);
    });
    showText(tr("No plan open. Open a plan_json or plan.ready file, a URL, or an event stream."), QString(), {});
    m_banner->setVisible(false);
}

void PlanWindow::updateTitle()
{
    setWindowTitle(m_location.isEmpty() ? tr("Plan — CapGraph Studio")
                                        : tr("%1 — Plan — CapGraph Studio").arg(m_location.section(QLatin1Char('/'), -1)));
}

void PlanWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        m_chips->refresh();
        m_scene->relayout(); // the cards' words (statuses) and sizes
        // What was said about the plan, said again (the drawing and the selection stay).
        if (m_result)
            describe(*m_result, fallbackReason(*m_result));
        else if (m_location.isEmpty())
            m_text->setPlainText(tr("(The plan has no text to show.)"));
    }
    QMainWindow::changeEvent(event);
}

PlanWindow::~PlanWindow()
{
    m_source->close();
    // The view goes before the scene it shows: a scene on its way out (a child deleted after
    // this destructor) would otherwise still scroll and signal the view, which asks it back.
    delete m_view;
    m_view = nullptr;
}

void PlanWindow::openLocation(const QString &location)
{
    m_location = location;
    m_planShown = false;
    m_timeline->clear();
    // The old plan goes at once: a new location that fails must not leave it on show.
    showText(QString(), tr("Opening %1…").arg(location), {});
    m_result.reset();
    updateTitle();
    statusBar()->showMessage(tr("Opening %1…").arg(location));
    addRecent(location);
    m_source->open(location);
}

bool PlanWindow::isShowingText() const
{
    return m_pages->currentWidget() == m_text;
}

QString PlanWindow::bannerText() const
{
    return m_banner->isVisible() ? m_banner->text() : QString();
}

QString PlanWindow::shownText() const
{
    return m_text->toPlainText();
}

QString PlanWindow::rollupText() const
{
    return m_rollup->text();
}

void PlanWindow::showBanner(const QString &text, bool warning)
{
    m_banner->setText(text);
    m_banner->setStyleSheet(warning ? QStringLiteral("background: #fff4d6; color: #5c4300; border-bottom: 1px solid #e8c36a;")
                                    : QStringLiteral("background: #fde2e0; color: #7a1712; border-bottom: 1px solid #ef9a94;"));
    m_banner->setVisible(!text.isEmpty());
}

void PlanWindow::showText(const QString &reason, const QString &text, const Diagnostics &diagnostics, const Plan &plan)
{
    Plan people;
    people.participants = plan.participants;
    for (const QString &id : plan.participatingAgents)
        if (!people.participant(id))
            people.participants.append(PlanParticipant{id, QString(), QString(), QString()});
    people.summary = plan.summary;
    people.planText = plan.planText;
    m_scene->setPlan(people);
    m_chips->refresh();
    rebuildFilter();
    m_rollup->clear();
    showBanner(reason, false);
    m_text->setPlainText(text.isEmpty() ? tr("(The plan has no text to show.)") : text);
    m_pages->setCurrentWidget(m_text);
    fillProblems(diagnostics);
}

QString PlanWindow::fallbackReason(const PlanLoadResult &result)
{
    if (!result.ok()) {
        const Diagnostic *first = nullptr;
        for (const Diagnostic &d : result.diagnostics)
            if (d.severity == Severity::Error) {
                first = &d;
                break;
            }
        const QString what = first ? (first->line > 0 ? tr("line %1: %2").arg(first->line).arg(first->localMessage()) : first->localMessage())
                                   : result.errorText().section(QLatin1Char('\n'), 0, 0);
        return tr("This is not a plan that can be drawn — %1").arg(what);
    }
    const Plan &plan = *result.plan;
    if (!plan.hasPlanJson)
        return tr("The plan came without plan_json (its structured tasks): showing its text.");
    if (plan.tasks.isEmpty())
        return tr("The plan has no tasks: showing its text.");
    // The validator has looked for cycles already (every loaded plan carries its findings):
    // only a plan with one needs its topology here, to name the cycle.
    const bool cyclic = std::any_of(result.diagnostics.cbegin(), result.diagnostics.cend(),
                                    [](const Diagnostic &d) { return d.code == QLatin1String("cycle"); });
    if (cyclic)
        if (const PlanTopology topology(plan); !topology.isAcyclic())
            return tr("The tasks form a cycle (%1), so they have no order to draw: showing the plan's text.")
                .arg(topology.cycles().constFirst().join(QStringLiteral(" → ")));
    return QString();
}

void PlanWindow::showResult(const PlanLoadResult &result)
{
    m_planShown = true;
    m_result = result;
    statusBar()->clearMessage(); // "Opening …" is over
    const QString why = fallbackReason(result);
    if (!why.isEmpty()) {
        showText(why, result.ok() ? result.plan->planText : result.recoveredText, result.diagnostics, result.ok() ? *result.plan : Plan());
        statusBar()->showMessage(tr("Showing the text of %1").arg(m_location.section(QLatin1Char('/'), -1)), 5000);
        emit loaded();
        return;
    }
    const Plan &plan = *result.plan;
    m_scene->setPlan(plan);
    m_chips->refresh();
    rebuildFilter();
    m_pages->setCurrentWidget(m_view);
    m_text->setPlainText(plan.planText);
    describe(result, why);
    m_view->fit();
    statusBar()->showMessage(tr("%1 · %2").arg(tr("%n task(s)", nullptr, int(plan.tasks.size())),
                                               tr("%n participant(s)", nullptr, int(plan.participants.size()))),
                             5000);
    emit loaded();
}

void PlanWindow::describe(const PlanLoadResult &result, const QString &why)
{
    fillProblems(result.diagnostics);
    if (!why.isEmpty()) {
        showBanner(why, false);
        return;
    }
    m_rollup->setText(m_scene->topology().rollup().text(true));
    int warnings = 0, errors = 0;
    QString firstError, firstWarning;
    for (const Diagnostic &d : result.diagnostics) {
        if (d.severity == Severity::Info)
            continue;
        (d.severity == Severity::Error ? errors : warnings)++;
        QString &first = d.severity == Severity::Error ? firstError : firstWarning;
        if (first.isEmpty())
            first = d.localMessage();
    }
    const QString firstProblem = firstError.isEmpty() ? firstWarning : firstError;
    if (errors + warnings > 0)
        showBanner((errors + warnings == 1 ? tr("1 problem in this plan: %1 (see Problems)")
                                           : tr("%1 problems in this plan; the first: %2 (see Problems)").arg(errors + warnings))
                       .arg(firstProblem),
                   errors == 0);
    else
        showBanner(QString(), true);
}

void PlanWindow::fillProblems(const Diagnostics &diagnostics)
{
    m_problems->clear();
    for (const Diagnostic &d : diagnostics) {
        auto *item = new QTreeWidgetItem(m_problems, {UiText::severity(d.severity),
                                                      d.line > 0 ? QStringLiteral("%1:%2").arg(d.line).arg(d.column) : d.nodeId,
                                                      d.localMessage(), d.code});
        item->setData(0, Qt::UserRole, d.nodeId);
        item->setData(0, Qt::UserRole + 1, d.taskIndex);
        item->setToolTip(2, d.localMessage());
        item->setForeground(0, d.severity == Severity::Error ? QColor(0xc5221f) : d.severity == Severity::Warning ? QColor(0xb06d00) : QColor(0x5f6b78));
    }
    m_problems->header()->resizeSections(QHeaderView::ResizeToContents);
    m_problemsDock->setWindowTitle(diagnostics.isEmpty() ? tr("Problems") : tr("Problems (%1)").arg(diagnostics.size()));
}

void PlanWindow::addTimelineEvent(const SseEvent &event)
{
    auto *item = new QTreeWidgetItem(m_timeline, {QTime::currentTime().toString(QStringLiteral("HH:mm:ss")), event.type, summaryOf(event)});
    item->setToolTip(1, event.type);
    item->setToolTip(2, readable(QJsonDocument::fromJson(event.data.toUtf8()), event.data).left(4000));
    m_timeline->resizeColumnToContents(0);
    m_timeline->resizeColumnToContents(1); // event names in full
    m_timeline->scrollToItem(item);
    if (!m_planShown && !PlanSource::isPlanReady(event) && m_source->isStreaming()) {
        m_text->setPlainText(tr("Waiting for the plan (plan.ready)…"));
        m_pages->setCurrentWidget(m_text);
        showBanner(tr("The negotiation is in progress (events so far: %1). The plan appears when it is ready.")
                       .arg(m_timeline->topLevelItemCount()),
                   true);
    }
}

bool PlanWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_filterMenu && (event->type() == QEvent::MouseButtonRelease || event->type() == QEvent::KeyPress)) {
        QAction *a = nullptr;
        if (event->type() == QEvent::MouseButtonRelease)
            a = m_filterMenu->actionAt(static_cast<QMouseEvent *>(event)->position().toPoint());
        else if (const int key = static_cast<QKeyEvent *>(event)->key(); key == Qt::Key_Space || key == Qt::Key_Return || key == Qt::Key_Enter)
            a = m_filterMenu->activeAction();
        if (a && a->isCheckable() && a->isEnabled()) {
            a->toggle();
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void PlanWindow::rebuildFilter()
{
    m_filterMenu->clear();
    QAction *all = m_filterMenu->addAction(tr("Show Everyone"));
    all->setObjectName(QStringLiteral("PlanFilterShowAll"));
    connect(all, &QAction::triggered, this, [this] {
        for (QAction *x : m_filterMenu->actions())
            if (x->isCheckable())
                x->setChecked(true);
    });
    m_filterMenu->addSeparator();
    for (const QString &id : m_chips->chipIds()) {
        QAction *a = m_filterMenu->addAction(id.isEmpty() ? tr("(no assignee)") : m_scene->plan().assigneeName(id));
        a->setCheckable(true);
        a->setChecked(true);
        a->setData(id);
        connect(a, &QAction::toggled, this, [this] {
            QSet<QString> hidden;
            for (QAction *x : m_filterMenu->actions())
                if (x->isCheckable() && !x->isChecked())
                    hidden.insert(x->data().toString());
            m_scene->setHiddenParticipants(hidden);
        });
    }
    m_scene->setHiddenParticipants({});
}

bool PlanWindow::exportPicture(const QString &path, QString *error)
{
    if (isShowingText()) {
        if (error)
            *error = tr("there is no drawing to export: %1").arg(bannerText());
        return false;
    }
    m_scene->setExporting(true);
    const bool ok = SceneExporter::render(m_scene, m_scene->itemsBoundingRect().adjusted(-24, -24, 24, 24), Qt::white, path, 2.0, error);
    m_scene->setExporting(false);
    return ok;
}

void PlanWindow::openDialog()
{
    const QString path = m_prompts->openFileName(this, tr("Open a plan"), QString(), tr("Plans (*.json *.sse *.txt);;All files (*)"));
    if (!path.isEmpty())
        openLocation(path);
}

void PlanWindow::openUrlDialog()
{
    const std::optional<QString> url = m_prompts->askText(this, tr("Open a plan from a URL"),
                                                          tr("A URL answering with a plan (JSON) or a text/event-stream of the negotiation:"),
                                                          QStringLiteral("http://"));
    if (url && !url->trimmed().isEmpty())
        openLocation(url->trimmed());
}

void PlanWindow::exportDialog()
{
    const QString path = m_prompts->saveFileName(this, tr("Export the plan"), QString(), tr("SVG (*.svg);;PNG (*.png)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportPicture(path, &error)) {
        statusBar()->showMessage(error);
        m_prompts->showError(this, tr("Export"), error);
    }
}

void PlanWindow::createMenus(QAction *open, QAction *openUrl, QAction *fit, QAction *exportAction)
{
    // A window of its own: File and View menus, recent plans and the example plans.
    QMenu *file = menuBar()->addMenu(QString());
    file->setObjectName(QStringLiteral("PlanFileMenu"));
    file->addAction(open);
    file->addAction(openUrl);
    m_recentMenu = file->addMenu(QString());
    m_recentMenu->setObjectName(QStringLiteral("PlanRecentMenu"));
    QMenu *examples = file->addMenu(QString());
    const QDir planDir(StudioPaths::examplesDir() + QStringLiteral("/plans"));
    for (const QString &name : planDir.entryList(QDir::Files, QDir::Name)) {
        const QString path = planDir.filePath(name);
        examples->addAction(name, this, [this, path] { openLocation(path); });
    }
    file->addSeparator();
    file->addAction(exportAction);
    file->addSeparator();
    QAction *close = file->addAction(QString(), QKeySequence::Close, this, &QWidget::close);
    QMenu *view = menuBar()->addMenu(QString());
    view->setObjectName(QStringLiteral("PlanViewMenu"));
    view->addAction(fit);
    view->addSeparator();
    view->addAction(m_transitive);
    view->addAction(m_critical);
    view->addAction(m_lanes);
    view->addMenu(m_filterMenu);
    rebuildRecentMenu();
    m_texts([=, this] {
        file->setTitle(tr("&File"));
        m_recentMenu->setTitle(tr("Open &Recent"));
        examples->setTitle(tr("Example Pla&ns"));
        close->setText(tr("&Close"));
        view->setTitle(tr("&View"));
    });
}

void PlanWindow::addRecent(const QString &location)
{
    RecentList::add(QStringLiteral("recentPlans"), location);
    rebuildRecentMenu();
}

void PlanWindow::rebuildRecentMenu()
{
    RecentList::fillMenu(m_recentMenu, QStringLiteral("recentPlans"), [this](const QString &location) { openLocation(location); });
}

} // namespace capgraph::editor
