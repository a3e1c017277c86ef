#include "window/MainWindow.h"

#include "analysis/GraphInputs.h"
#include "catalog/CapabilitiesDock.h"
#include "catalog/CapabilityCatalog.h"
#include "commands/GraphActions.h"
#include "document/Autosave.h"
#include "document/GraphDocument.h"
#include "export/SceneExporter.h"
#include "expr/Expression.h"
#include "handlers/TrustedFolders.h"
#include "metrics/GraphMetrics.h"
#include "planview/PlanWindow.h"
#include "properties/EdgePropertiesForm.h"
#include "properties/GraphPropertiesForm.h"
#include "properties/NodePropertiesForm.h"
#include "properties/PropertiesDock.h"
#include "run/InboxDock.h"
#include "run/LevelRunView.h"
#include "run/RunController.h"
#include "run/RunHistoryDock.h"
#include "run/ServerRunsDock.h"
#include "window/ServerHandler.h"
#include "run/RunLogDock.h"
#include "run/NodeDock.h"
#include "run/TestsDock.h"
#include "window/ComparisonDock.h"
#include "run/VariablesDock.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "validation/GraphValidator.h"
#include "view/GraphView.h"
#include "view/OverviewView.h"
#include "view/QuickAddPopup.h"
#include "ui/AppIcon.h"
#include "ui/DialogPrompts.h"
#include "ui/PaletteList.h"
#include "ui/PluralTranslator.h"
#include "ui/RecentList.h"
#include "ui/StudioPaths.h"
#include "ui/UiText.h"
#include "ui/WindowSize.h"
#include "window/CanvasContextMenu.h"
#include "window/HelpMenu.h"
#include "window/NodeLabelEditing.h"
#include "window/PathPreviewBar.h"
#include "window/ProblemsDock.h"
#include "window/QuickAddHandler.h"
#include "window/StudioActions.h"
#include "window/StudioLanguage.h"
#include "window/StudioLayout.h"
#include "window/StudioTheme.h"
#include "window/SubgraphNavigation.h"
#include "window/SubgraphRefactoring.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QUndoStack>
#include <QGraphicsItem>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QPainter>
#include <QPrintDialog>
#include <QPrinter>
#include <QProgressBar>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>
#include <QUndoView>
#include <QtConcurrent/QtConcurrentRun>

namespace capgraph::editor {

namespace {
constexpr const char *YamlMime = "application/x-capgraph-yaml";
}

MainWindow::MainWindow(StudioPrompts *prompts, QWidget *parent)
    : QMainWindow(parent)
    , m_prompts(prompts ? prompts : DialogPrompts::shared())
    , m_document(new GraphDocument(this))
    , m_scene(new GraphScene(m_document, this))
    , m_view(new GraphView(this))
{
    PluralTranslator::ensureInstalled(); // "1 node", "2 nodes" (StudioLanguage::apply installs the rest)
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(appIcon());
    m_view->setScene(m_scene);
    setCentralWidget(m_view);
    createDocks();

    // Status bar: the run's state, the graph's size and complexity, the zoom.
    m_runStatus = new QLabel(this);
    m_runStatus->setObjectName(QStringLiteral("RunStatus"));
    m_runBusy = new QProgressBar(this);
    m_runBusy->setObjectName(QStringLiteral("RunBusy"));
    m_runBusy->setRange(0, 0); // a run's length is not known in advance: busy while it goes
    m_runBusy->setMaximumWidth(120);
    m_runBusy->setTextVisible(false);
    m_runBusy->hide();
    m_metrics = new QLabel(this);
    m_metrics->setObjectName(QStringLiteral("Metrics"));
    m_zoom = new QLabel(this);
    m_zoom->setObjectName(QStringLiteral("Zoom"));
    // The problem count: a click opens the Problems dock (collapsed to its tab until then).
    m_problemCount = new QToolButton(this);
    m_problemCount->setObjectName(QStringLiteral("ProblemCount"));
    m_problemCount->setAutoRaise(true);
    m_problemCount->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_problemCount->hide();
    connect(m_problemCount, &QToolButton::clicked, this, [this] { m_layout->openBottom(m_problems); });
    statusBar()->addPermanentWidget(m_problemCount);
    statusBar()->addPermanentWidget(m_runBusy);
    statusBar()->addPermanentWidget(m_runStatus);
    statusBar()->addPermanentWidget(m_metrics);
    statusBar()->addPermanentWidget(m_zoom);
    const auto say = [this](const QString &text) { statusBar()->showMessage(text, 6000); };
    connect(m_scene, &GraphScene::statusMessage, this, say);
    // Opened once the drop has ended: opening may ask questions, which must not run inside it.
    connect(m_scene, &GraphScene::filesDropped, this, [this](const QStringList &paths) { openChosen(paths.first()); }, Qt::QueuedConnection);
    setAcceptDrops(true);
    connect(m_properties, &PropertiesDock::statusMessage, this, say);
    connect(m_capabilities, &CapabilitiesDock::statusMessage, this, say);
    connect(m_view, &GraphView::zoomChanged, this, [this](double z) {
        // Whole percents, and a tenth below 1 % (a huge graph whole is 0.4 %, not "0%").
        m_zoom->setText(z < 0.0095 ? QStringLiteral("%1%").arg(z * 100, 0, 'f', 1) : QStringLiteral("%1%").arg(qRound(z * 100)));
    });
    connect(m_palette, &PaletteList::kindChosen, m_scene, &GraphScene::setPaletteKind);
    connect(m_problems, &ProblemsDock::nodeRequested, this, [this](const QString &id) {
        m_scene->selectNodes({id});
        m_view->fitSelection();
    });
    connect(m_problems, &ProblemsDock::edgeRequested, this, [this](int e) { m_scene->selectEdge(e); });

    // Tab on the canvas, or a connection dropped on empty canvas: quick-add (node kinds and capabilities).
    auto *quickAdd = new QuickAddHandler(m_document, m_scene, m_view, m_catalog, this);
    m_quickAdd = quickAdd->popup();
    connect(quickAdd, &QuickAddHandler::statusMessage, this, [this](const QString &text) { statusBar()->showMessage(text, 6000); });
    // Frames and notes are edited in place with small questions.
    connect(m_scene, &GraphScene::noteEditRequested, this, [this](const QString &id) {
        QString text;
        for (const Note &n : m_document->graph().notes)
            if (n.id == id)
                text = n.text;
        if (const std::optional<QString> edited = m_prompts->askText(this, tr("Note"), tr("Text:"), text, true))
            GraphActions::editNote(m_document, id, *edited);
    });
    connect(m_scene, &GraphScene::frameRenameRequested, this, [this](const QString &id) {
        QString title;
        for (const Frame &f : m_document->graph().frames)
            if (f.id == id)
                title = f.title;
        if (const std::optional<QString> edited = m_prompts->askText(this, tr("Frame"), tr("Title:"), title))
            GraphActions::retitleFrame(m_document, id, *edited);
    });

    // Lint and metrics follow the edits, at most a few times a second.
    m_analysisTimer = new QTimer(this);
    m_analysis = new QFutureWatcher<std::pair<Diagnostics, GraphMetrics>>(this);
    m_analysisTimer->setSingleShot(true);
    m_analysisTimer->setInterval(120);
    connect(m_analysisTimer, &QTimer::timeout, this, &MainWindow::analyseInBackground);
    connect(m_analysis, &QFutureWatcherBase::finished, this, [this] {
        if (m_analysisRevision == m_revision)
            showAnalysis(m_analysis->result().first, m_analysis->result().second);
        if (std::exchange(m_analysisAgain, false) || m_analysisRevision != m_revision)
            analyseInBackground();
    });
    connect(m_document, &GraphDocument::changed, this, [this] {
        ++m_revision;
        updateTitle();
        m_analysisTimer->start();
    });
    connect(m_document, &GraphDocument::filePathChanged, this, &MainWindow::updateTitle);
    // Definitions changed on disk: the capability lint may say something else now.
    connect(m_catalog, &CapabilityCatalog::changed, m_analysisTimer, qOverload<>(&QTimer::start));

    m_actions = new StudioActions(this);
    m_actions->setUndoStack(m_document->undoStack());
    connect(m_document, &GraphDocument::undoStackChanged, m_actions, &StudioActions::setUndoStack);
    m_pathBar = new PathPreviewBar(m_document, m_scene, this);
    connect(m_pathBar, &PathPreviewBar::statusMessage, this, [this](const QString &text) { statusBar()->showMessage(text); });
    m_actions->buildMenusAndToolBars(m_pathBar, m_pathBar->action());
    m_subgraphs = new SubgraphNavigation(m_document, m_scene, m_view, m_catalog, m_actions, m_prompts, this);
    connect(m_subgraphs, &SubgraphNavigation::statusMessage, this, say);
    m_subgraphs->setRunView(m_levelRun);
    auto *refactoring = new SubgraphRefactoring(m_document, m_scene, m_catalog, m_actions, m_prompts, this); // Extract, Inline
    connect(refactoring, &SubgraphRefactoring::statusMessage, this, say);
    addToolBarBreak(Qt::TopToolBarArea);
    addToolBar(Qt::TopToolBarArea, m_subgraphs->bar()); // the breadcrumb, on a line of its own
    connect(m_document, &GraphDocument::levelChanged, this, [this] {
        updateTitle();
        refreshAnalysis();
    });
    new CanvasContextMenu(m_view, m_scene, m_actions, m_capabilities); // right-click on the canvas
    auto *labels = new NodeLabelEditing(m_scene, m_view, m_actions, this); // double-click, F2
    connect(labels, &NodeLabelEditing::statusMessage, this, [this](const QString &text) { statusBar()->showMessage(text, 6000); });
    new HelpMenu(this); // the last menu: User Guide, Keyboard Shortcuts, About
    // View > Language: at once, remembered; every widget retranslates on LanguageChange.
    connect(m_actions, &StudioActions::languageChosen, this, [](const QString &choice) {
        StudioLanguage::saveChoice(choice);
        StudioLanguage::apply(choice);
    });
    for (QDockWidget *dock : {m_paletteDock, static_cast<QDockWidget *>(m_capabilities), static_cast<QDockWidget *>(m_properties),
                              m_historyDock, static_cast<QDockWidget *>(m_variables), static_cast<QDockWidget *>(m_problems),
                              static_cast<QDockWidget *>(m_runLog), static_cast<QDockWidget *>(m_inbox), static_cast<QDockWidget *>(m_nodeDock),
                              static_cast<QDockWidget *>(m_tests), static_cast<QDockWidget *>(m_comparisonDock),
                              static_cast<QDockWidget *>(m_runHistory), static_cast<QDockWidget *>(m_serverRuns)})
        m_actions->viewMenu()->addAction(dock->toggleViewAction());
    fillExampleMenus();
    rebuildRecentMenu();
    connectActions();
    connectRunActions();
    connectInspector();
    createFind();

    bool intervalOk = false;
    const int autosaveMs = qEnvironmentVariableIntValue("CAPGRAPH_AUTOSAVE_MS", &intervalOk);
    m_autosave = new Autosave(m_document, QString(), intervalOk && autosaveMs > 0 ? autosaveMs : 30000, this);
    if (!m_layout->restore()) {
        const QScreen *screen = QApplication::primaryScreen();
        resize(defaultWindowSize(screen ? screen->availableGeometry().size() : QSize(1280, 800)));
        m_layout->arrange();
        m_arrangeOnShow = true; // once more when shown: the layout knows its real room then
    }
    m_zoom->setText(QStringLiteral("100%"));
    retranslate();
    refreshAnalysis();
    updateTitle();
}

MainWindow::~MainWindow()
{
    // QWidget's destructor deletes the children (the document and its undo stack among them)
    // after this one has run: nothing they emit on the way out may reach this window, whose
    // own part is gone by then (UndefinedBehaviorSanitizer's finding).
    for (QObject *child : findChildren<QObject *>())
        disconnect(child, nullptr, this, nullptr);
}

void MainWindow::createDocks()
{
    // Where each dock goes and how much room it takes: StudioLayout, once they all exist.
    m_palette = new PaletteList(this);
    m_paletteDock = new QDockWidget(this);
    m_paletteDock->setObjectName(QStringLiteral("PaletteDock"));
    m_paletteDock->setWidget(m_palette);
    m_problems = new ProblemsDock(this);
    // The overview: a minimap over the canvas's lower right corner (View > Overview).
    m_overview = new OverviewView(m_view, m_view);
    m_overview->setObjectName(QStringLiteral("Overview"));
    m_view->setOverlay(m_overview);
    m_historyDock = new QDockWidget(this);
    m_historyDock->setObjectName(QStringLiteral("HistoryDock"));
    m_history = new QUndoView(m_document->undoStack(), this);
    m_historyDock->setWidget(m_history);
    m_properties = new PropertiesDock(m_document, m_scene, this);

    // Capabilities (seed 003): what the graph's skill_ids resolve to, read from its folders.
    // The dock shares the palette's place: both are where nodes come from.
    m_catalog = new CapabilityCatalog(this);
    m_capabilities = new CapabilitiesDock(m_catalog, this);
    m_capabilities->setPrompts(m_prompts);
    m_properties->nodeForm()->setCatalog(m_catalog);
    m_properties->edgeForm()->setCatalog(m_catalog);
    // Inside a sub-graph the capabilities stay the top graph's: a child run binds with its parent's.
    connect(m_document, &GraphDocument::filePathChanged, m_catalog, [this] { m_catalog->setGraphFile(m_document->topFilePath()); });
    connect(m_scene, &QGraphicsScene::selectionChanged, this, [this] {
        // A bound skill node selected on the canvas: its capability in the dock.
        const QStringList ids = m_scene->selectedNodeIds();
        const Node *node = ids.size() == 1 ? m_document->node(ids.first()) : nullptr;
        if (node && node->kind == NodeKind::Skill)
            if (const Capability *capability = m_catalog->registry().resolve(node->skillId))
                m_capabilities->selectCapability(capability->name);
    });

    // Live runs (docs/studio.md, "Running and debugging"): the run draws on the canvas, its
    // log, context, questions and history in docks of their own.
    m_run = new RunController(m_document, this);
    m_run->setTrustAsker([this](const QString &what, std::function<void(bool)> answer) {
        const QString file = m_document->filePath();
        const StudioPrompts::TrustChoice choice = m_prompts->askTrust(this, file, what);
        if (choice == StudioPrompts::TrustChoice::AlwaysTrustFolder && !file.isEmpty())
            TrustedFolders::add(QFileInfo(file).absolutePath());
        answer(choice != StudioPrompts::TrustChoice::Deny);
    });
    m_run->setCapabilities([this] {
        m_catalog->reloadIfPending();
        return m_catalog->shared();
    });
    m_levelRun = new LevelRunView(m_run, m_document, this);
    m_scene->setRunState(m_levelRun);
    connect(m_levelRun, &LevelRunView::changed, m_scene, &GraphScene::runChanged);
    m_runLog = new RunLogDock(m_run, m_scene, this);
    m_inbox = new InboxDock(m_run, this);
    m_runHistory = new RunHistoryDock(m_run, this);
    m_serverRuns = new ServerRunsDock(this);
    m_variables = new VariablesDock(m_run, this);
    m_variables->setLevelView(m_levelRun);
    createInspector();
    m_layout = new StudioLayout(this, {m_paletteDock, m_capabilities, m_properties,
                                       {m_problems, m_runLog, m_inbox, m_variables, m_nodeDock, m_tests, m_comparisonDock, m_runHistory, m_serverRuns, m_historyDock}});
    m_layout->placeDocks();
    m_serverRuns->hide(); // until a server is connected (View > Server Runs)
    m_server = new ServerHandler(this, m_serverRuns);
    connect(m_document, &GraphDocument::graphReset, this, [this] {
        if (!m_document->isSameGraph())
            m_runInput.clear(); // another graph, other inputs
    });
    connect(m_document, &GraphDocument::undoStackChanged, m_history, &QUndoView::setStack); // a sub-graph's own history
    connect(m_run, &RunController::changed, this, &MainWindow::updateRunStatus);
    connect(m_run, &RunController::changed, this, &MainWindow::followTheRun);
    connect(m_run, &RunController::statusChanged, this, &MainWindow::updateRunStatus);
    connect(m_run, &RunController::replayChanged, this, &MainWindow::updateRunStatus);
    connect(m_run, &RunController::interactionsChanged, this, [this] {
        if (!m_run->pendingInteractions().isEmpty()) {
            m_layout->openBottom(m_inbox); // a question: show it
            followTheRun(); // (a server's run: its questions come after its events)
        }
    });
    connect(m_run, &RunController::statusChanged, this, [this](RunStatus status) {
        // A run has something to say: its log opens (a question opens the Inbox instead).
        if (status == RunStatus::Running && m_layout->isBottomCollapsed() && m_run->pendingInteractions().isEmpty())
            m_layout->openBottom(m_runLog);
    });
    connect(m_run, &RunController::statusChanged, this, [this](RunStatus status) {
        if (status == RunStatus::Paused)
            m_layout->openBottom(m_variables); // paused: the context is what one looks at
    });
    connect(m_runHistory, &RunHistoryDock::opened, this, [this] { m_runLog->refresh(); });
}

void MainWindow::retranslate()
{
    m_paletteDock->setWindowTitle(tr("Palette"));
    m_historyDock->setWindowTitle(tr("History"));
    m_history->setEmptyLabel(tr("<opened>"));
    m_actions->setLanguageChoice(StudioLanguage::currentChoice());
    updateTitle();
    refreshAnalysis(); // the status bar's metrics, in the new language
    updateRunStatus();
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (std::exchange(m_arrangeOnShow, false))
        QTimer::singleShot(0, m_layout, &StudioLayout::arrange);
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && m_actions)
        retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::setCapabilityFolders(const QStringList &folders)
{
    m_catalog->setExtraFolders(folders); // runs bind the capabilities the dock shows (setCapabilities)
}

void MainWindow::connectActions()
{
    StudioActions *a = m_actions;
    const auto on = [this, a](StudioActions::Id id, auto slot) { connect(a->action(id), &QAction::triggered, this, slot); };
    on(StudioActions::New, [this] { newGraph(); });
    on(StudioActions::Open, [this] { open(); });
    on(StudioActions::Save, [this] { save(); });
    on(StudioActions::SaveAs, [this] { saveAs(); });
    on(StudioActions::ExportPicture, [this] { exportPicture(); });
    on(StudioActions::Print, [this] {
        QPrinter printer(QPrinter::HighResolution);
        printer.setPageOrientation(QPageLayout::Landscape);
        QPrintDialog dialog(&printer, this);
        if (dialog.exec() == QDialog::Accepted)
            printTo(&printer);
    });
    on(StudioActions::OpenPlan, [this] {
        const QString path = m_prompts->openFileName(this, tr("Open a negotiated plan"), QString(), tr("Plans (*.json *.sse *.txt);;All files (*)"));
        if (!path.isEmpty())
            openPlan(path);
    });
    on(StudioActions::OpenPlanUrl, [this] {
        const std::optional<QString> url = m_prompts->askText(this, tr("Open a plan from a URL"),
                                                              tr("A URL answering with a plan (JSON) or the negotiation's text/event-stream:"),
                                                              QStringLiteral("http://"));
        if (url && !url->trimmed().isEmpty())
            openPlan(url->trimmed());
    });
    on(StudioActions::ConnectServer, [this] { m_server->connectToServer(); });
    on(StudioActions::Quit, [this] { close(); });
    on(StudioActions::Cut, [this] { cut(); });
    on(StudioActions::Copy, [this] { copy(); });
    on(StudioActions::Paste, [this] { paste(); });
    on(StudioActions::Duplicate, [this] { duplicate(); });
    on(StudioActions::Delete, [this] { deleteSelection(); });
    on(StudioActions::SelectAll, [this] {
        for (QGraphicsItem *item : m_scene->items())
            item->setSelected(true);
    });
    on(StudioActions::ZoomIn, [this] { m_view->zoomBy(1.25); });
    on(StudioActions::ZoomOut, [this] { m_view->zoomBy(0.8); });
    on(StudioActions::ActualSize, [this] { m_view->setZoom(1); });
    on(StudioActions::FitToView, [this] { m_view->fitAll(); });
    on(StudioActions::ZoomToSelection, [this] { m_view->fitSelection(); });
    on(StudioActions::ShowWholeGraph, [this] { m_view->fitEverything(); });
    QAction *snap = a->action(StudioActions::SnapToGrid);
    snap->setChecked(m_scene->snapToGrid());
    connect(snap, &QAction::toggled, m_scene, &GraphScene::setSnapToGrid);
    on(StudioActions::ResetLayout, [this] { m_layout->reset(); });
    QAction *overview = a->action(StudioActions::ShowOverview);
    overview->setChecked(QSettings().value(QStringLiteral("view/overview"), true).toBool());
    m_overview->setWanted(overview->isChecked());
    connect(overview, &QAction::toggled, this, [this](bool shown) {
        m_overview->setWanted(shown);
        QSettings().setValue(QStringLiteral("view/overview"), shown);
    });
    QAction *dark = a->action(StudioActions::DarkTheme);
    dark->setChecked(QSettings().value(QStringLiteral("view/dark"), false).toBool());
    applyTheme(dark->isChecked());
    connect(dark, &QAction::toggled, this, [this](bool darkTheme) {
        applyTheme(darkTheme);
        QSettings().setValue(QStringLiteral("view/dark"), darkTheme);
    });
    on(StudioActions::AutoLayout, [this] {
        GraphActions::autoLayout(m_document);
        m_view->fitAll();
    });
    on(StudioActions::AutoLayoutSelection, [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        if (!ids.isEmpty())
            GraphActions::autoLayout(m_document, QSet<QString>(ids.cbegin(), ids.cend()));
    });
    on(StudioActions::GroupIntoFrame, [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        if (ids.isEmpty()) {
            statusBar()->showMessage(tr("Select the nodes to group first"), 5000);
            return;
        }
        m_scene->clearSelection();
        const QString frame = GraphActions::groupIntoFrame(m_document, ids, tr("Group"));
        emit m_scene->frameRenameRequested(frame);
    });
    on(StudioActions::GraphProperties, [this] {
        // Nothing selected: the Properties dock shows the graph's own properties.
        m_scene->clearSelection();
        m_properties->show();
        m_properties->raise();
        m_properties->graphForm()->nameField()->setFocus(Qt::ShortcutFocusReason);
    });
    on(StudioActions::AddNote, [this] {
        const QPointF at = m_view->mapToScene(m_view->viewport()->rect().center()) - QPointF(90, 55);
        const QString note = GraphActions::addNote(m_document, m_scene->snapped(at), tr("Note"));
        emit m_scene->noteEditRequested(note);
    });
    on(StudioActions::AlignLeft, [this] { GraphActions::alignNodes(m_document, m_scene->selectedNodeIds(), Qt::AlignLeft); });
    on(StudioActions::AlignTop, [this] { GraphActions::alignNodes(m_document, m_scene->selectedNodeIds(), Qt::AlignTop); });
    on(StudioActions::AlignCentresHorizontally,
       [this] { GraphActions::alignNodes(m_document, m_scene->selectedNodeIds(), Qt::AlignVCenter); });
    on(StudioActions::AlignCentresVertically,
       [this] { GraphActions::alignNodes(m_document, m_scene->selectedNodeIds(), Qt::AlignHCenter); });
    connect(a->edgeTypeCombo(), &QComboBox::currentIndexChanged, this, [this, a] {
        const QString type = a->edgeTypeCombo()->currentData().toString();
        m_scene->setConnectionKind(type.isEmpty() ? std::nullopt : std::optional<EdgeKind>(edgeKindFromTypeName(type)));
    });
    // The preview follows the graph as it changes (with the analysis, debounced).
    connect(m_analysisTimer, &QTimer::timeout, m_pathBar, &PathPreviewBar::refresh);
}

void MainWindow::applyTheme(bool dark)
{
    StudioTheme::apply(dark);
    m_scene->setDark(dark);
    m_palette->setDark(dark);
    if (m_actions)
        m_actions->refreshIcons();
}

// ---- files ---------------------------------------------------------------------------------

void MainWindow::updateTitle()
{
    if (m_document->depth() > 0) // inside a sub-graph: where it is, from the top
        setWindowTitle(tr("%1[*] in %2 — CapGraph Studio").arg(m_document->displayName(), QFileInfo(m_document->topFilePath()).fileName()));
    else
        setWindowTitle(tr("%1[*] — CapGraph Studio").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    m_layout->save();
    if (m_planWindow)
        m_planWindow->close();
    event->accept();
}

// ---- editing -------------------------------------------------------------------------------

void MainWindow::copy()
{
    const QStringList ids = m_scene->selectedNodeIds();
    if (ids.isEmpty())
        return;
    const QByteArray yaml = GraphActions::copyAsYaml(m_document, ids);
    auto *data = new QMimeData;
    data->setData(QLatin1String(YamlMime), yaml);
    data->setText(QString::fromUtf8(yaml)); // readable anywhere, pasteable in another window
    QApplication::clipboard()->setMimeData(data);
    m_pasteCount = 0;
}

void MainWindow::paste()
{
    const QMimeData *data = QApplication::clipboard()->mimeData();
    if (!data)
        return;
    const QByteArray yaml = data->hasFormat(QLatin1String(YamlMime)) ? data->data(QLatin1String(YamlMime)) : data->text().toUtf8();
    QString error;
    ++m_pasteCount;
    const QStringList ids = GraphActions::pasteYaml(m_document, yaml, QPointF(30, 30) * m_pasteCount, &error);
    if (ids.isEmpty())
        statusBar()->showMessage(tr("Nothing to paste: the clipboard holds no graph"), 5000);
    else
        m_scene->selectNodes(ids);
}

void MainWindow::cut()
{
    copy();
    GraphActions::deleteItems(m_document, m_scene->selectedNodeIds(), m_scene->selectedEdgeIndexes());
}

void MainWindow::duplicate()
{
    const QByteArray yaml = GraphActions::copyAsYaml(m_document, m_scene->selectedNodeIds());
    QString error;
    m_scene->selectNodes(GraphActions::pasteYaml(m_document, yaml, QPointF(40, 40), &error));
}

void MainWindow::deleteSelection()
{
    GraphActions::deleteItems(m_document, m_scene->selectedNodeIds(), m_scene->selectedEdgeIndexes(), m_scene->selectedAnnotationIds(),
                              m_scene->selectedConditions());
}

// ---- the optimal-path preview ----------------------------------------------------------------

QAction *MainWindow::pathAction() const
{
    return m_pathBar->action();
}

QComboBox *MainWindow::pathDepth() const
{
    return m_pathBar->depth();
}

QDoubleSpinBox *MainWindow::pathBudget() const
{
    return m_pathBar->budget();
}

QString MainWindow::pathStatus() const
{
    return m_pathBar->status();
}

// ---- lint and metrics ------------------------------------------------------------------------

void MainWindow::refreshAnalysis()
{
    m_analysisTimer->stop(); // what it would do is done now
    m_pathBar->refresh();
    showAnalysis(GraphValidator::validate(m_document->graph(), m_document->filePath(), m_catalog->registry()),
                 GraphMetrics::compute(m_document->graph()));
}

void MainWindow::analyseInBackground()
{
    // Lint and metrics of a 5,000-node graph take about 170 ms: on a copy of the graph (its
    // lists are shared until the document changes them), off the GUI thread, so a drop or an
    // edit never freezes the window. A result for a graph the user has changed since is
    // dropped: the change restarted the timer, and a newer analysis follows.
    if (m_analysis->isRunning()) {
        m_analysisAgain = true; // when the one running is done
        return;
    }
    m_analysisRevision = m_revision;
    // The task holds its own copy of the graph and nothing of the window's: the window may
    // close while it runs (the watcher, its child, goes with it and the result is dropped).
    m_analysis->setFuture(QtConcurrent::run([graph = m_document->graph(), file = m_document->filePath(), capabilities = m_catalog->registry()] {
        return std::pair(GraphValidator::validate(graph, file, capabilities), GraphMetrics::compute(graph));
    }));
}

void MainWindow::showAnalysis(const Diagnostics &findings, const GraphMetrics &metrics)
{
    m_scene->setDiagnostics(findings);
    m_problems->setDiagnostics(findings);
    int errors = 0, warnings = 0;
    for (const Diagnostic &d : findings)
        (d.severity == Severity::Error ? errors : warnings)++;
    m_problemCount->setVisible(!findings.isEmpty());
    m_problemCount->setText(errors ? QStringLiteral("✖ %1  ⚠ %2").arg(errors).arg(warnings) : QStringLiteral("⚠ %1").arg(warnings));
    m_problemCount->setToolTip(tr("%1, %2: click to show the Problems dock")
                                   .arg(tr("%n error(s)", nullptr, errors), tr("%n warning(s) or note(s)", nullptr, warnings)));
    m_lastMetrics = metrics;
    m_metrics->setText(tr("%1 · %2 · complexity %3 (%4)")
                           .arg(tr("%n node(s)", nullptr, metrics.nodeCount), tr("%n edge(s)", nullptr, metrics.edgeCount))
                           .arg(metrics.complexityScore)
                           .arg(UiText::complexityLevel(metrics.level)));
    // The seed's own name of the level and what it means, for who reads seed 000 beside it.
    m_metrics->setToolTip(tr("Complexity %1 of 100: level %2 (“%3” in seed 000's table)")
                              .arg(metrics.complexityScore)
                              .arg(UiText::complexityLevel(metrics.level), complexityLevelName(metrics.level)));
}

} // namespace capgraph::editor
