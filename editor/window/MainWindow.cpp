#include "window/MainWindow.h"

#include "analysis/OptimalPath.h"
#include "commands/GraphActions.h"
#include "document/Autosave.h"
#include "document/GraphDocument.h"
#include "export/SceneExporter.h"
#include "metrics/GraphMetrics.h"
#include "scene/GraphScene.h"
#include "validation/GraphValidator.h"
#include "view/GraphView.h"
#include "view/OverviewView.h"
#include "view/QuickAddPopup.h"
#include "window/PaletteList.h"
#include "window/ProblemsDock.h"
#include "properties/NodePropertiesForm.h"
#include "properties/PropertiesDock.h"
#include "capability/CapabilitiesDock.h"
#include "capability/CapabilityCatalog.h"
#include "plan/PlanWindow.h"
#include "expr/Expression.h"
#include "run/RunHistoryDock.h"
#include "run/RunInputDialog.h"
#include "analysis/GraphInputs.h"
#include "run/InboxDock.h"
#include "run/VariablesDock.h"
#include "run/RunLogDock.h"
#include "run/RunController.h"

#include <QAction>
#include <QProgressBar>
#include <QJsonObject>
#include <QJsonDocument>
#include <QtConcurrent/QtConcurrentRun>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QGraphicsItem>
#include <QLabel>
#include <QPalette>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QPrintDialog>
#include <QPrinter>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoView>

namespace capgraph::editor {

namespace {
constexpr const char *YamlMime = "application/x-capgraph-yaml";
}

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_document(new GraphDocument(this))
    , m_scene(new GraphScene(m_document, this))
    , m_view(new GraphView(this))
    , m_palette(new PaletteList(this))
    , m_problems(new ProblemsDock(this))
    , m_history(new QUndoView(m_document->undoStack(), this))
    , m_metrics(new QLabel(this))
    , m_zoom(new QLabel(this))
    , m_analysisTimer(new QTimer(this))
    , m_analysis(new QFutureWatcher<std::pair<Diagnostics, GraphMetrics>>(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    m_view->setScene(m_scene);
    setCentralWidget(m_view);

    auto *paletteDock = new QDockWidget(tr("Palette"), this);
    paletteDock->setObjectName(QStringLiteral("PaletteDock"));
    paletteDock->setWidget(m_palette);
    addDockWidget(Qt::LeftDockWidgetArea, paletteDock);
    addDockWidget(Qt::BottomDockWidgetArea, m_problems);
    auto *overviewDock = new QDockWidget(tr("Overview"), this);
    overviewDock->setObjectName(QStringLiteral("OverviewDock"));
    m_overview = new OverviewView(m_view, overviewDock);
    overviewDock->setWidget(m_overview);
    addDockWidget(Qt::LeftDockWidgetArea, overviewDock);
    auto *historyDock = new QDockWidget(tr("History"), this);
    historyDock->setObjectName(QStringLiteral("HistoryDock"));
    m_history->setEmptyLabel(tr("<opened>"));
    historyDock->setWidget(m_history);
    m_properties = new PropertiesDock(m_document, m_scene, this);
    addDockWidget(Qt::RightDockWidgetArea, m_properties);
    addDockWidget(Qt::RightDockWidgetArea, historyDock);
    splitDockWidget(m_properties, historyDock, Qt::Vertical);

    // Capabilities (seed 003): what the graph's skill_ids resolve to, read from its folders.
    // The dock shares the palette's place: both are where nodes come from.
    m_catalog = new CapabilityCatalog(this);
    m_capabilities = new CapabilitiesDock(m_catalog, this);
    addDockWidget(Qt::LeftDockWidgetArea, m_capabilities);
    tabifyDockWidget(paletteDock, m_capabilities);
    paletteDock->raise();
    m_properties->nodeForm()->setCatalog(m_catalog);
    connect(m_document, &GraphDocument::filePathChanged, m_catalog, &CapabilityCatalog::setGraphFile);
    // Definitions changed on disk: the capability lint may say something else now.
    connect(m_catalog, &CapabilityCatalog::changed, m_analysisTimer, qOverload<>(&QTimer::start));
    connect(m_capabilities, &CapabilitiesDock::statusMessage, this, [this](const QString &text) { statusBar()->showMessage(text, 6000); });
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
    m_scene->setRunController(m_run);
    connect(m_run, &RunController::changed, m_scene, &GraphScene::runChanged);
    m_runLog = new RunLogDock(m_run, m_scene, this);
    m_inbox = new InboxDock(m_run, this);
    m_runHistory = new RunHistoryDock(m_run, this);
    m_variables = new VariablesDock(m_run, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_runLog);
    addDockWidget(Qt::BottomDockWidgetArea, m_inbox);
    addDockWidget(Qt::BottomDockWidgetArea, m_runHistory);
    tabifyDockWidget(m_problems, m_runLog);
    tabifyDockWidget(m_runLog, m_inbox);
    tabifyDockWidget(m_inbox, m_runHistory);
    m_problems->raise();
    addDockWidget(Qt::RightDockWidgetArea, m_variables);
    connect(m_document, &GraphDocument::graphReset, this, [this] { m_runInput.clear(); }); // another graph, other inputs
    m_runStatus = new QLabel(this);
    m_runStatus->setObjectName(QStringLiteral("RunStatus"));
    m_runBusy = new QProgressBar(this);
    m_runBusy->setObjectName(QStringLiteral("RunBusy"));
    m_runBusy->setRange(0, 0); // a run's length is not known in advance: busy while it goes
    m_runBusy->setMaximumWidth(120);
    m_runBusy->setTextVisible(false);
    m_runBusy->hide();
    connect(m_run, &RunController::changed, this, &MainWindow::updateRunStatus);
    connect(m_run, &RunController::statusChanged, this, &MainWindow::updateRunStatus);
    connect(m_run, &RunController::replayChanged, this, &MainWindow::updateRunStatus);
    connect(m_run, &RunController::interactionsChanged, this, [this] {
        if (!m_run->pendingInteractions().isEmpty())
            m_inbox->raise(); // a question: show it
    });

    statusBar()->addPermanentWidget(m_runBusy);
    statusBar()->addPermanentWidget(m_runStatus);
    statusBar()->addPermanentWidget(m_metrics);
    statusBar()->addPermanentWidget(m_zoom);
    connect(m_scene, &GraphScene::statusMessage, this, [this](const QString &text) { statusBar()->showMessage(text, 6000); });
    connect(m_properties, &PropertiesDock::statusMessage, this, [this](const QString &text) { statusBar()->showMessage(text, 6000); });
    connect(m_view, &GraphView::zoomChanged, this, [this](double z) { m_zoom->setText(QStringLiteral("%1%").arg(qRound(z * 100))); });
    connect(m_palette, &QListWidget::currentTextChanged, this,
            [this](const QString &type) { m_scene->setPaletteKind(nodeKindFromTypeName(type)); });
    connect(m_problems, &ProblemsDock::nodeRequested, this, [this](const QString &id) {
        m_scene->selectNodes({id});
        m_view->fitSelection();
    });
    connect(m_problems, &ProblemsDock::edgeRequested, this, [this](int e) { m_scene->selectEdge(e); });
    // Tab on the canvas: search a node type, Enter adds it where the popup opened.
    m_quickAdd = new QuickAddPopup(this);
    connect(m_view, &GraphView::quickAddRequested, this, [this](const QPointF &scenePos, const QPoint &globalPos) {
        m_quickAdd->setProperty("scenePos", scenePos);
        m_quickAdd->popup(globalPos);
    });
    connect(m_quickAdd, &QuickAddPopup::typeChosen, this, [this](const QString &type) {
        const QString id = GraphActions::addNode(m_document, nodeKindFromTypeName(type), m_quickAdd->property("scenePos").toPointF());
        m_scene->selectNodes({id});
        m_view->setFocus();
    });
    // Frames and notes are edited in place with small dialogs.
    connect(m_scene, &GraphScene::noteEditRequested, this, [this](const QString &id) {
        if (qEnvironmentVariableIsSet("CAPGRAPH_NO_DIALOGS"))
            return;
        QString text;
        for (const Note &n : m_document->graph().notes)
            if (n.id == id)
                text = n.text;
        bool ok = false;
        const QString edited = QInputDialog::getMultiLineText(this, tr("Note"), tr("Text:"), text, &ok);
        if (ok)
            GraphActions::editNote(m_document, id, edited);
    });
    connect(m_scene, &GraphScene::frameRenameRequested, this, [this](const QString &id) {
        if (qEnvironmentVariableIsSet("CAPGRAPH_NO_DIALOGS"))
            return;
        QString title;
        for (const Frame &f : m_document->graph().frames)
            if (f.id == id)
                title = f.title;
        bool ok = false;
        const QString edited = QInputDialog::getText(this, tr("Frame"), tr("Title:"), QLineEdit::Normal, title, &ok);
        if (ok)
            GraphActions::retitleFrame(m_document, id, edited);
    });

    // Lint and metrics follow the edits, at most a few times a second.
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

    createActions();
    bool intervalOk = false;
    const int autosaveMs = qEnvironmentVariableIntValue("CAPGRAPH_AUTOSAVE_MS", &intervalOk);
    m_autosave = new Autosave(m_document, QString(), intervalOk && autosaveMs > 0 ? autosaveMs : 30000, this);
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    if (!settings.contains(QStringLiteral("window/geometry"))) {
        resize(1280, 800);
        resizeDocks({paletteDock, m_properties}, {280, 360}, Qt::Horizontal); // room for the capabilities' names
        resizeDocks({m_problems}, {150}, Qt::Vertical);
        resizeDocks({paletteDock, overviewDock}, {560, 180}, Qt::Vertical); // the capabilities' list and details
        resizeDocks({m_properties, historyDock}, {480, 160}, Qt::Vertical);
    }
    m_zoom->setText(QStringLiteral("100%"));
    refreshAnalysis();
    updateTitle();
}

MainWindow::~MainWindow() = default;

void MainWindow::setCapabilityFolders(const QStringList &folders)
{
    m_catalog->setExtraFolders(folders);
    m_run->setCapabilityFolders(folders); // runs bind the capabilities the dock shows
}

QString MainWindow::examplesDir()
{
    const QStringList candidates{QCoreApplication::applicationDirPath() + QStringLiteral("/../share/capgraph/examples"),
                                 QStringLiteral(CAPGRAPH_EXAMPLES_DIR)};
    for (const QString &dir : candidates)
        if (QFileInfo(dir).isDir())
            return QDir(dir).absolutePath();
    return QString();
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New"), QKeySequence::New, this, [this] {
        if (!maybeSave())
            return;
        Graph fresh;
        fresh.id = QStringLiteral("new-graph");
        fresh.version = QStringLiteral("1.0");
        m_document->reset(fresh);
    });
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::open);
    QMenu *examples = file->addMenu(tr("&Examples"));
    const QDir dir(examplesDir());
    for (const QString &name : dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name)) {
        const QString path = dir.filePath(name);
        examples->addAction(name, this, [this, path] {
            if (maybeSave())
                openFile(path);
        });
    }
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    file->addSeparator();
    // Negotiated plans (seed 004) open in a window of their own.
    file->addAction(tr("Open &Plan…"), QKeySequence(tr("Ctrl+Shift+O")), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a negotiated plan"), QString(),
                                                          tr("Plans (*.json *.sse *.txt);;All files (*)"));
        if (!path.isEmpty())
            openPlan(path);
    });
    file->addAction(tr("Open Plan from &URL…"), this, [this] {
        bool ok = false;
        const QString url = QInputDialog::getText(this, tr("Open a plan from a URL"),
                                                  tr("A URL answering with a plan (JSON) or the negotiation's text/event-stream:"),
                                                  QLineEdit::Normal, QStringLiteral("http://"), &ok);
        if (ok && !url.trimmed().isEmpty())
            openPlan(url.trimmed());
    });
    QMenu *plans = file->addMenu(tr("Example Plans"));
    const QDir planDir(examplesDir() + QStringLiteral("/plans"));
    for (const QString &name : planDir.entryList(QDir::Files, QDir::Name)) {
        const QString path = planDir.filePath(name);
        plans->addAction(name, this, [this, path] { openPlan(path); });
    }
    file->addSeparator();
    file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
    file->addAction(tr("&Export Picture…"), QKeySequence(tr("Ctrl+E")), this, &MainWindow::exportPicture);
    file->addAction(tr("&Print…"), QKeySequence::Print, this, [this] {
        QPrinter printer(QPrinter::HighResolution);
        printer.setPageOrientation(QPageLayout::Landscape);
        QPrintDialog dialog(&printer, this);
        if (dialog.exec() == QDialog::Accepted)
            printTo(&printer);
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("Cu&t"), QKeySequence::Cut, this, [this] {
        copy();
        GraphActions::deleteItems(m_document, m_scene->selectedNodeIds(), m_scene->selectedEdgeIndexes());
    });
    edit->addAction(tr("&Copy"), QKeySequence::Copy, this, &MainWindow::copy);
    edit->addAction(tr("&Paste"), QKeySequence::Paste, this, &MainWindow::paste);
    edit->addAction(tr("D&uplicate"), QKeySequence(tr("Ctrl+D")), this, [this] {
        const QByteArray yaml = GraphActions::copyAsYaml(m_document, m_scene->selectedNodeIds());
        QString error;
        m_scene->selectNodes(GraphActions::pasteYaml(m_document, yaml, QPointF(40, 40), &error));
    });
    QAction *del = edit->addAction(tr("&Delete"), this, [this] {
        GraphActions::deleteItems(m_document, m_scene->selectedNodeIds(), m_scene->selectedEdgeIndexes(), m_scene->selectedAnnotationIds());
    });
    del->setShortcuts({QKeySequence::Delete, QKeySequence(Qt::Key_Backspace)});
    edit->addAction(tr("Select &All"), QKeySequence::SelectAll, this, [this] {
        for (QGraphicsItem *item : m_scene->items())
            item->setSelected(true);
    });

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, this, [this] { m_view->zoomBy(1.25); });
    view->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, this, [this] { m_view->zoomBy(0.8); });
    view->addAction(tr("&Actual Size"), QKeySequence(tr("Ctrl+0")), this, [this] { m_view->setZoom(1); });
    view->addAction(tr("&Fit to View"), QKeySequence(tr("Ctrl+1")), this, [this] { m_view->fitAll(); });
    view->addAction(tr("Zoom to &Selection"), QKeySequence(tr("Ctrl+2")), this, [this] { m_view->fitSelection(); });
    view->addSeparator();
    QAction *snap = view->addAction(tr("S&nap to Grid"));
    snap->setCheckable(true);
    snap->setChecked(m_scene->snapToGrid());
    connect(snap, &QAction::toggled, m_scene, &GraphScene::setSnapToGrid);
    QAction *dark = view->addAction(tr("&Dark Theme"));
    dark->setCheckable(true);
    dark->setChecked(QSettings().value(QStringLiteral("view/dark"), false).toBool());
    const auto applyTheme = [this](bool on) {
        m_scene->setDark(on);
        // The whole application follows: Fusion with a dark palette, or the platform's own.
        static const QPalette platform = QApplication::palette();
        static const QString platformStyle = QApplication::style()->name();
        if (on) {
            QApplication::setStyle(QStringLiteral("Fusion"));
            QPalette p;
            p.setColor(QPalette::Window, QColor(0x2b2f35));
            p.setColor(QPalette::WindowText, QColor(0xe8e8e8));
            p.setColor(QPalette::Base, QColor(0x1e2227));
            p.setColor(QPalette::AlternateBase, QColor(0x262a30));
            p.setColor(QPalette::Text, QColor(0xe8e8e8));
            p.setColor(QPalette::Button, QColor(0x33383f));
            p.setColor(QPalette::ButtonText, QColor(0xe8e8e8));
            p.setColor(QPalette::Highlight, QColor(0x2f7de1));
            p.setColor(QPalette::HighlightedText, Qt::white);
            p.setColor(QPalette::ToolTipBase, QColor(0x33383f));
            p.setColor(QPalette::ToolTipText, QColor(0xe8e8e8));
            p.setColor(QPalette::PlaceholderText, QColor(0x8a9099));
            p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x6b7280));
            p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x6b7280));
            p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x6b7280));
            QApplication::setPalette(p);
        } else {
            QApplication::setStyle(platformStyle);
            QApplication::setPalette(platform);
        }
    };
    applyTheme(dark->isChecked());
    connect(dark, &QAction::toggled, this, [applyTheme](bool on) {
        applyTheme(on);
        QSettings().setValue(QStringLiteral("view/dark"), on);
    });
    view->addSeparator();
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        view->addAction(dock->toggleViewAction());

    QMenu *graph = menuBar()->addMenu(tr("&Graph"));
    graph->addAction(tr("&Auto-Layout"), QKeySequence(tr("Ctrl+L")), this, [this] {
        GraphActions::autoLayout(m_document);
        m_view->fitAll();
    });
    graph->addAction(tr("Auto-Layout &Selection"), QKeySequence(tr("Ctrl+Shift+L")), this, [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        if (!ids.isEmpty())
            GraphActions::autoLayout(m_document, QSet<QString>(ids.cbegin(), ids.cend()));
    });
    graph->addSeparator();
    graph->addAction(tr("&Group into Frame"), QKeySequence(tr("Ctrl+G")), this, [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        if (ids.isEmpty()) {
            statusBar()->showMessage(tr("Select the nodes to group first"), 5000);
            return;
        }
        m_scene->clearSelection();
        const QString frame = GraphActions::groupIntoFrame(m_document, ids, tr("Group"));
        emit m_scene->frameRenameRequested(frame);
    });
    graph->addAction(tr("Add &Note"), QKeySequence(tr("Ctrl+Shift+N")), this, [this] {
        const QPointF at = m_view->mapToScene(m_view->viewport()->rect().center()) - QPointF(90, 55);
        const QString note = GraphActions::addNote(m_document, at, tr("Note"));
        emit m_scene->noteEditRequested(note);
    });
    graph->addSeparator();
    graph->addAction(tr("Align &Left"), this, [this] { GraphActions::alignNodes(m_document, m_scene->selectedNodeIds(), Qt::AlignLeft); });
    graph->addAction(tr("Align &Top"), this, [this] { GraphActions::alignNodes(m_document, m_scene->selectedNodeIds(), Qt::AlignTop); });
    graph->addAction(tr("Align Centres &Horizontally"), this,
                     [this] { GraphActions::alignNodes(m_document, m_scene->selectedNodeIds(), Qt::AlignVCenter); });
    graph->addAction(tr("Align Centres &Vertically"), this,
                     [this] { GraphActions::alignNodes(m_document, m_scene->selectedNodeIds(), Qt::AlignHCenter); });

    QToolBar *tools = addToolBar(tr("Main"));
    tools->setObjectName(QStringLiteral("MainToolBar"));
    tools->addAction(undo);
    tools->addAction(redo);
    tools->addSeparator();
    tools->addAction(tr("Auto-Layout"), this, [this] {
        GraphActions::autoLayout(m_document);
        m_view->fitAll();
    });
    tools->addAction(tr("Fit"), this, [this] { m_view->fitAll(); });
    tools->addSeparator();
    // The type of the next connection: inferred from its ends, or the one chosen here.
    auto *edgeType = new QComboBox(tools);
    edgeType->setObjectName(QStringLiteral("EdgeTypeCombo"));
    edgeType->setToolTip(tr("Type of new connections"));
    edgeType->addItem(tr("edge: auto"), QString());
    for (const QString &type : allEdgeTypeNames())
        edgeType->addItem(tr("edge: %1").arg(type), type);
    tools->addWidget(edgeType);
    connect(edgeType, &QComboBox::currentIndexChanged, this, [this, edgeType] {
        const QString type = edgeType->currentData().toString();
        m_scene->setConnectionKind(type.isEmpty() ? std::nullopt : std::optional<EdgeKind>(edgeKindFromTypeName(type)));
    });

    // The optimal-path preview: depth and time budget, recomputed as the graph changes.
    QToolBar *pathBar = addToolBar(tr("Optimal Path"));
    pathBar->setObjectName(QStringLiteral("PathToolBar"));
    m_pathAction = pathBar->addAction(tr("Optimal Path"));
    m_pathAction->setCheckable(true);
    m_pathAction->setShortcut(QKeySequence(tr("Ctrl+Shift+P")));
    m_pathAction->setToolTip(tr("Highlight the cheapest start → end path for the chosen depth and time budget"));
    m_pathDepth = new QComboBox(pathBar);
    m_pathDepth->addItem(tr("quick"), QStringLiteral("quick"));
    m_pathDepth->addItem(tr("thorough"), QStringLiteral("thorough"));
    pathBar->addWidget(m_pathDepth);
    m_pathBudget = new QDoubleSpinBox(pathBar);
    m_pathBudget->setRange(0, 1e9);
    m_pathBudget->setDecimals(1);
    m_pathBudget->setSpecialValueText(tr("no budget"));
    m_pathBudget->setPrefix(tr("budget "));
    pathBar->addWidget(m_pathBudget);
    connect(m_pathAction, &QAction::toggled, this, &MainWindow::refreshPath);
    connect(m_pathDepth, &QComboBox::currentIndexChanged, this, &MainWindow::refreshPath);
    connect(m_pathBudget, &QDoubleSpinBox::valueChanged, this, &MainWindow::refreshPath);
    graph->addSeparator();
    graph->addAction(m_pathAction);
    createRunActions();
}

void MainWindow::createRunActions()
{
    QMenu *menu = menuBar()->addMenu(tr("&Run"));
    QToolBar *bar = addToolBar(tr("Run"));
    bar->setObjectName(QStringLiteral("RunToolBar"));
    const auto add = [&](const QString &name, const QString &text, const QKeySequence &key, auto slot, bool onBar = true) {
        QAction *a = menu->addAction(text, this, slot);
        a->setObjectName(name);
        a->setShortcut(key);
        if (onBar)
            bar->addAction(a);
        return a;
    };
    add(QStringLiteral("RunStart"), tr("Run"), QKeySequence(Qt::Key_F5), [this] {
        if (m_run->status() == RunStatus::Paused) {
            m_run->resume();
            return;
        }
        if (m_run->isRunning()) { // running or waiting: F5 again must not restart it
            statusBar()->showMessage(tr("The run is going: Stop (Shift+F5) first to start again"), 5000);
            return;
        }
        // The first run of a graph that reads input asks for it.
        if (m_runInput.isEmpty() && !GraphInputs::of(m_document->graph()).isEmpty() && !qEnvironmentVariableIsSet("CAPGRAPH_NO_DIALOGS")
            && !askRunInput())
            return;
        startRun(m_runInput);
    });
    add(QStringLiteral("RunPause"), tr("Pause"), QKeySequence(Qt::Key_F6), [this] { m_run->pause(); });
    add(QStringLiteral("RunStep"), tr("Step"), QKeySequence(Qt::Key_F10), [this] {
        if (!m_run->isRunning()) { // a fresh run that stops before its first node
            if (startRun(m_runInput))
                m_run->pause();
        } else {
            m_run->step();
        }
    });
    add(QStringLiteral("RunToSelected"), tr("Run to Selected Node"), QKeySequence(Qt::CTRL | Qt::Key_F10), [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        if (ids.size() != 1) {
            statusBar()->showMessage(tr("Select one node to run to"), 5000);
            return;
        }
        if (!m_run->isRunning() && !startRun(m_runInput))
            return;
        m_run->runTo(ids.first()); // a one-off breakpoint (set before the new run's first node)
    });
    add(QStringLiteral("RunStop"), tr("Stop"), QKeySequence(Qt::SHIFT | Qt::Key_F5), [this] { m_run->stop(); });
    add(QStringLiteral("RunFromSelected"), tr("Rerun from Selected Node"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F5), [this] {
        // From the replayed step's context (or the last run's): what ran before stays as it was.
        const QStringList ids = m_scene->selectedNodeIds();
        if (ids.size() != 1) {
            statusBar()->showMessage(tr("Select one node to rerun from"), 5000);
            return;
        }
        const QVariantMap context = m_run->context();
        QString why;
        if (!m_run->startFrom(ids.first(), context, &why))
            statusBar()->showMessage(tr("Cannot rerun: %1").arg(why.section(QLatin1Char('\n'), 0, 0)), 10000);
        else
            m_runLog->refresh();
    }, false);
    menu->addSeparator();
    bar->addSeparator();
    add(QStringLiteral("RunBreakpoint"), tr("Toggle Breakpoint"), QKeySequence(Qt::Key_F9), [this] {
        for (const QString &id : m_scene->selectedNodeIds())
            m_run->toggleBreakpoint(id);
    });
    add(QStringLiteral("RunBreakpointCondition"), tr("Breakpoint Condition…"), QKeySequence(), [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        if (ids.size() != 1)
            return;
        const Breakpoint old = m_run->breakpoint(ids.first());
        bool ok = false;
        const QString text = QInputDialog::getText(this, tr("Breakpoint on %1").arg(ids.first()),
                                                   tr("Stop only when this holds (an expression over the context; `iteration` is the loop "
                                                      "round; empty: always). Write `iteration >= 3` to stop from the third round on:"),
                                                   QLineEdit::Normal, old.condition, &ok);
        if (!ok)
            return;
        if (!text.trimmed().isEmpty() && !Expression::parse(text).isValid()) {
            statusBar()->showMessage(tr("Not a valid expression: %1").arg(Expression::parse(text).errorMessage()), 8000);
            return;
        }
        m_run->setBreakpoint(ids.first(), Breakpoint{text.trimmed(), old.onIteration});
    }, false);
    menu->addSeparator();
    add(QStringLiteral("RunInput"), tr("Run Input…"), QKeySequence(), [this] { askRunInput(); }, false);
    add(QStringLiteral("RunMocks"), tr("Mock File…"), QKeySequence(), [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Mocks for skills without a handler"), m_run->mockFile(),
                                                          tr("Mock files (*.yaml *.yml *.json)"));
        if (!path.isEmpty())
            m_run->setMockFile(path);
    }, false);
    updateRunStatus();
}

bool MainWindow::askRunInput()
{
    RunInputDialog dialog(GraphInputs::of(m_document->graph()), m_runInput, this);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    m_runInput = dialog.input();
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
    if (!m_run->standIns().isEmpty())
        statusBar()->showMessage(tr("No handler or mock for %1: stand-ins answer with null outputs (Run > Mock File… for real-looking ones)")
                                     .arg(m_run->standIns().join(QStringLiteral(", "))),
                                 12000);
    return true;
}

void MainWindow::updateRunStatus()
{
    const RunSnapshot &s = m_run->snapshot();
    QString text;
    if (m_run->isReplaying())
        text = tr("replay · event %1 of %2 · step %3").arg(m_run->position()).arg(m_run->events().size()).arg(s.steps());
    else if (m_run->executor())
        text = tr("%1 · step %2 · %3 s").arg(s.status()).arg(s.steps()).arg(double(m_run->executor()->elapsedMs()) / 1000.0, 0, 'f', 1);
    m_runStatus->setText(text);
    const RunStatus st = m_run->status();
    const bool live = m_run->isRunning();
    m_runBusy->setVisible(st == RunStatus::Running && !m_run->isReplaying());
    for (QAction *a : findChildren<QAction *>()) {
        const QString n = a->objectName();
        if (n == QLatin1String("RunPause"))
            a->setEnabled(live && st == RunStatus::Running);
        else if (n == QLatin1String("RunStop"))
            a->setEnabled(live);
        else if (n == QLatin1String("RunStart"))
            a->setText(st == RunStatus::Paused ? tr("Continue") : tr("Run"));
    }
}

bool MainWindow::offerRecovery()
{
    const QList<Autosave::Recovery> found = Autosave::recoverable();
    if (found.isEmpty())
        return false;
    const Autosave::Recovery &newest = found.first();
    const QString what = newest.originalPath.isEmpty() ? tr("an unsaved graph") : QFileInfo(newest.originalPath).fileName();
    bool restore = true;
    if (!qEnvironmentVariableIsSet("CAPGRAPH_NO_DIALOGS"))
        restore = QMessageBox::question(this, tr("Recover unsaved work"),
                                        tr("CapGraph Studio did not close properly. Recover the changes to %1 autosaved at %2?")
                                            .arg(what, QLocale().toString(newest.savedAt.toLocalTime(), QLocale::ShortFormat)))
                  == QMessageBox::Yes;
    bool restored = false;
    if (restore) {
        QString error;
        restored = m_document->recover(newest.copyPath, newest.originalPath, &error);
        if (restored)
            statusBar()->showMessage(tr("Recovered %1 — save to keep it").arg(what), 10000);
    }
    for (const Autosave::Recovery &r : found)
        Autosave::discard(r);
    if (restored)
        m_view->fitAll();
    return restored;
}

PlanWindow *MainWindow::openPlan(const QString &location)
{
    auto *window = new PlanWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    window->openLocation(location);
    return window;
}

bool MainWindow::openFile(const QString &path, QString *error)
{
    QString why;
    if (!m_document->load(path, &why)) {
        if (error)
            *error = why;
        statusBar()->showMessage(tr("Could not open %1").arg(QFileInfo(path).fileName()), 8000);
        if (!qEnvironmentVariableIsSet("CAPGRAPH_NO_DIALOGS"))
            QMessageBox::warning(this, tr("Open"), tr("Could not open %1:\n\n%2\n\nThe open graph is unchanged.").arg(path, why));
        return false;
    }
    addRecent(m_document->filePath());
    refreshAnalysis();
    m_view->fitAll();
    return true;
}

bool MainWindow::saveTo(const QString &path, QString *error)
{
    QString why;
    if (!m_document->save(path, &why)) {
        if (error)
            *error = why;
        if (!qEnvironmentVariableIsSet("CAPGRAPH_NO_DIALOGS"))
            QMessageBox::warning(this, tr("Save"), tr("Could not save %1:\n\n%2").arg(path, why));
        return false;
    }
    addRecent(m_document->filePath());
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 4000);
    return true;
}

void MainWindow::open()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Graph"), QFileInfo(m_document->filePath()).absolutePath(),
                                                      tr("Capability graphs (*.yaml *.yml)"));
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::save()
{
    if (m_document->filePath().isEmpty())
        saveAs();
    else
        saveTo(m_document->filePath());
}

void MainWindow::saveAs()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Graph"), m_document->filePath(), tr("Capability graphs (*.yaml *.yml)"));
    if (!path.isEmpty())
        saveTo(path);
}

void MainWindow::exportPicture()
{
    const QString base = QFileInfo(m_document->filePath()).completeBaseName();
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Picture"), base.isEmpty() ? QStringLiteral("graph.svg") : base + QStringLiteral(".svg"),
                                                      tr("SVG (*.svg);;PNG (*.png)"));
    if (path.isEmpty())
        return;
    QString error;
    const bool selection = !m_scene->selectedItems().isEmpty();
    if (!SceneExporter::exportTo(m_scene, path, selection, 2.0, &error))
        QMessageBox::warning(this, tr("Export"), error);
    else
        statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(path).fileName()), 4000);
}

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

void MainWindow::printTo(QPrinter *printer)
{
    QRectF source;
    for (QGraphicsItem *item : m_scene->selectedItems())
        source = source.united(item->sceneBoundingRect());
    if (source.isEmpty())
        source = m_scene->itemsBoundingRect();
    const QList<QGraphicsItem *> selected = m_scene->selectedItems();
    m_scene->clearSelection();
    m_scene->setExporting(true);
    QPainter painter(printer);
    m_scene->render(&painter, QRectF(), source.adjusted(-20, -20, 20, 20), Qt::KeepAspectRatio);
    painter.end();
    m_scene->setExporting(false);
    for (QGraphicsItem *item : selected)
        item->setSelected(true);
}

void MainWindow::refreshPath()
{
    if (!m_pathAction || !m_pathAction->isChecked()) {
        m_scene->setPathHighlight(false, {}, {});
        m_pathStatus.clear();
        return;
    }
    PathOptions options;
    options.depth = m_pathDepth->currentData().toString() == QLatin1String("thorough") ? PathDepth::Thorough : PathDepth::Quick;
    if (m_pathBudget->value() > 0)
        options.budget = m_pathBudget->value();
    const PathResult path = OptimalPath::find(m_document->graph(), options);
    if (!path.found) {
        m_scene->setPathHighlight(true, {}, {});
        m_pathStatus = tr("No path: %1").arg(path.reason);
    } else {
        const QStringList ids = path.nodeIds();
        m_scene->setPathHighlight(true, QSet<QString>(ids.cbegin(), ids.cend()), QSet<int>(path.edgesTaken.cbegin(), path.edgesTaken.cend()));
        m_pathStatus = tr("Optimal path: %n node(s), cost %1, time %2", nullptr, int(ids.size())).arg(path.cost).arg(path.time);
    }
    statusBar()->showMessage(m_pathStatus);
}

void MainWindow::refreshAnalysis()
{
    m_analysisTimer->stop(); // what it would do is done now
    refreshPath();
    showAnalysis(GraphValidator::validate(m_document->graph(), m_document->filePath(), m_catalog->registry()), GraphMetrics::compute(m_document->graph()));
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
    refreshPath();
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
    m_metrics->setText(tr("%1 nodes · %2 edges · complexity %3 (%4)")
                           .arg(metrics.nodeCount)
                           .arg(metrics.edgeCount)
                           .arg(metrics.complexityScore)
                           .arg(complexityLevelName(metrics.level)));
}

void MainWindow::updateTitle()
{
    setWindowTitle(QStringLiteral("%1[*] — CapGraph Studio").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
}

bool MainWindow::maybeSave()
{
    if (!m_document->isModified() || qEnvironmentVariableIsSet("CAPGRAPH_NO_DIALOGS"))
        return true;
    const auto answer = QMessageBox::warning(this, tr("Unsaved changes"),
                                             tr("%1 has unsaved changes. Save them?").arg(m_document->displayName()),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save) {
        save();
        return !m_document->isModified();
    }
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    event->accept();
}

void MainWindow::addRecent(const QString &path)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > 10)
        recent.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString &path : recent)
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] {
            if (maybeSave())
                openFile(path);
        })->setToolTip(path);
    m_recentMenu->setEnabled(!recent.isEmpty());
}

} // namespace capgraph::editor
