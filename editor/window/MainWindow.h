#pragma once

#include "diagnostics/Diagnostic.h"
#include "metrics/GraphMetrics.h"

#include <QFutureWatcher>
#include <QMainWindow>
#include <QPointer>

#include <utility>

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QToolButton;
class QPrinter;
class QProgressBar;
class QTimer;
class QUndoView;

namespace capgraph::editor {

class Autosave;
class CapabilitiesDock;
class CapabilityCatalog;
class FindBar;
class GraphDocument;
class GraphScene;
class GraphView;
class InboxDock;
class LevelRunView;
class SubgraphNavigation;
class NodeDock;
class RunAloneDialog;
class PinBoard;
class TestsDock;
class ComparisonDock;
class CompareHandler;
class OverviewView;
class PaletteList;
class PathPreviewBar;
class PlanWindow;
class StudioLayout;
class ProblemsDock;
class PropertiesDock;
class QuickAddPopup;
class RunController;
class RunHistoryDock;
class RunLogDock;
class ServerHandler;
class ServerRunsDock;
class StudioActions;
class StudioPrompts;
class VariablesDock;

// The studio's window: one document, its canvas and overview, the palette, capabilities,
// properties, problems, history and run docks, the metrics in the status bar. Its actions
// (menus, toolbars, shortcuts) are StudioActions'; its questions to the user go through a
// StudioPrompts (real dialogs unless one is given: tests give scripted answers); the Optimal
// Path toolbar is PathPreviewBar. What the actions do is here, as the window's public API,
// so that tests and scripts do what a user does.
class MainWindow : public QMainWindow
{
    Q_OBJECT
    friend class ServerHandler; // opens a server's run and runs the graph there as the Run menu does

public:
    explicit MainWindow(StudioPrompts *prompts = nullptr, QWidget *parent = nullptr);
    ~MainWindow() override;

    GraphDocument *document() const { return m_document; }
    GraphScene *scene() const { return m_scene; }
    GraphView *view() const { return m_view; }
    OverviewView *overview() const { return m_overview; }
    QuickAddPopup *quickAdd() const { return m_quickAdd; }
    PaletteList *palette() const { return m_palette; }
    ProblemsDock *problems() const { return m_problems; }
    StudioLayout *studioLayout() const { return m_layout; }
    QToolButton *problemCount() const { return m_problemCount; }
    PropertiesDock *properties() const { return m_properties; }
    StudioActions *actions() const { return m_actions; }
    StudioPrompts *prompts() const { return m_prompts; }
    // Capabilities (seed 003) the open graph's skill_ids resolve to, and their dock.
    CapabilityCatalog *capabilityCatalog() const { return m_catalog; }
    CapabilitiesDock *capabilities() const { return m_capabilities; }
    // Folders read before the graph's own capabilities/ folder (`--capabilities DIR`).
    void setCapabilityFolders(const QStringList &folders);
    RunController *run() const { return m_run; }
    // The run as the canvas shows it at the level on screen (a sub-graph's own nodes).
    LevelRunView *levelRun() const { return m_levelRun; }
    // Composite nodes: open the graph they run here, the breadcrumb back (docs/studio.md, "Sub-graphs").
    SubgraphNavigation *subgraphs() const { return m_subgraphs; }
    RunLogDock *runLog() const { return m_runLog; }
    VariablesDock *variables() const { return m_variables; }
    InboxDock *inbox() const { return m_inbox; }
    RunHistoryDock *runHistory() const { return m_runHistory; }
    // File > Connect to Server… and the Server Runs dock (docs/studio.md, "Runs on a server").
    ServerHandler *server() const { return m_server; }
    ServerRunsDock *serverRuns() const { return m_serverRuns; }
    NodeDock *nodeDock() const { return m_nodeDock; }
    FindBar *findBar() const { return m_findBar; }
    PinBoard *pins() const { return m_pins; }
    TestsDock *tests() const { return m_tests; }
    ComparisonDock *comparisonDock() const { return m_comparisonDock; }
    CompareHandler *compare() const { return m_compare; }
    QLabel *runStatusLabel() const { return m_runStatus; }
    QLabel *metricsLabel() const { return m_metrics; }
    QLabel *zoomLabel() const { return m_zoom; }

    // ---- files ------------------------------------------------------------------------
    // A new, empty graph (after asking about unsaved changes), shown at 100 %.
    void newGraph();
    // Opens a file; on failure shows (and returns) the error and keeps the open graph.
    bool openFile(const QString &path, QString *error = nullptr);
    bool saveTo(const QString &path, QString *error = nullptr);
    void open();   // asks for a file
    void save();   // to its file, or Save As
    void saveAs(); // asks where
    void exportPicture();
    // Prints the canvas (or the selection), fitted to the page, as the studio draws it.
    void printTo(QPrinter *printer);
    // Opens a negotiated plan (a path, a URL or an event stream) in the plan window.
    PlanWindow *openPlan(const QString &location);
    // At start-up: offers to restore work a crashed studio left in the autosave folder.
    // Returns whether something was restored.
    bool offerRecovery();
    Autosave *autosave() const { return m_autosave; }
    // Where File > Examples looks: next to the binary, then the source tree.
    static QString examplesDir();

    // ---- editing ------------------------------------------------------------------------
    void copy();
    void paste();
    void cut();
    void duplicate();
    void deleteSelection();

    // ---- running ------------------------------------------------------------------------
    // Runs the open graph with `input` (the Run action uses the last Run Input). False with
    // the reasons shown in the status bar and returned.
    bool startRun(const QVariantMap &input, QString *error = nullptr);
    // The input the Run action uses (and the Run Input dialog starts from).
    void setRunInput(const QVariantMap &input) { m_runInput = input; }
    // Run > Follow the Run: the view keeps the node that runs, waits or is paused at in view.
    bool followsRun() const;

    // ---- the optimal-path preview -------------------------------------------------------
    PathPreviewBar *pathBar() const { return m_pathBar; }
    QAction *pathAction() const;
    QComboBox *pathDepth() const;
    QDoubleSpinBox *pathBudget() const;
    QString pathStatus() const;

    // Lint and metrics of the open graph, now (the debounced re-analysis after an edit runs
    // them on a worker thread instead; see analyseInBackground).
    void refreshAnalysis();

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override; // files from a file manager, anywhere on the window
    void dropEvent(QDropEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void createDocks();
    void createInspector(); // the Node dock, pinned outputs (MainWindowInspect.cpp)
    void connectInspector(); // their actions and the selection they follow, once the actions exist
public:
    // Run > Run Node Alone…: the dialog for `nodeId` with what the Node dock shows of it.
    RunAloneDialog *runNodeAlone(const QString &nodeId);
private:
    void createFind(); // the find bar over the canvas, Edit > Find in Graph (MainWindowFind.cpp)
    void showNodeFromElsewhere(const QString &nodeId); // selects and centres it (a run comparison's row)
    void connectActions();
    void connectRunActions();
    void fillExampleMenus();
    void retranslate();
    void updateTitle();
    bool maybeSave();
    // A file the user chose to open (File > Open, Open Recent, Examples): the open one again
    // says so, and offers to reload it from disk when it has unsaved changes; another asks
    // about the unsaved changes first.
    void openChosen(const QString &path);
    // A Dify app DSL (docs/dify.md): asks, then converts it to APP.capgraph.yaml beside it
    // (with placeholder mocks in mocks/) and opens that; the DSL is never written.
    bool openDify(const QString &path, QString *error);
    void addRecent(const QString &path);
    void rebuildRecentMenu();
    bool askRunInput(bool startsRun = true); // the Run Input dialog; false when cancelled
    void showRunLog();  // a run started: the Run Log in front
    void updateRunStatus();
    void followTheRun();
    void analyseInBackground();
    void showAnalysis(const Diagnostics &findings, const GraphMetrics &metrics);
    void applyTheme(bool dark);

    StudioPrompts *m_prompts;
    GraphDocument *m_document;
    GraphScene *m_scene;
    GraphView *m_view;
    StudioActions *m_actions = nullptr;
    PathPreviewBar *m_pathBar = nullptr;
    OverviewView *m_overview = nullptr;
    QuickAddPopup *m_quickAdd = nullptr;
    PaletteList *m_palette = nullptr;
    ProblemsDock *m_problems = nullptr;
    PropertiesDock *m_properties = nullptr;
    CapabilityCatalog *m_catalog = nullptr;
    CapabilitiesDock *m_capabilities = nullptr;
    RunController *m_run = nullptr;
    LevelRunView *m_levelRun = nullptr;
    SubgraphNavigation *m_subgraphs = nullptr;
    RunLogDock *m_runLog = nullptr;
    VariablesDock *m_variables = nullptr;
    InboxDock *m_inbox = nullptr;
    RunHistoryDock *m_runHistory = nullptr;
    ServerRunsDock *m_serverRuns = nullptr;
    ServerHandler *m_server = nullptr;
    NodeDock *m_nodeDock = nullptr;
    FindBar *m_findBar = nullptr;
    PinBoard *m_pins = nullptr;
    TestsDock *m_tests = nullptr;
    ComparisonDock *m_comparisonDock = nullptr;
    CompareHandler *m_compare = nullptr;
    QDockWidget *m_paletteDock = nullptr;
    QDockWidget *m_historyDock = nullptr;
    QLabel *m_runStatus = nullptr;
    QProgressBar *m_runBusy = nullptr;
    QVariantMap m_runInput;
    QUndoView *m_history = nullptr;
    QLabel *m_metrics = nullptr;
    QLabel *m_zoom = nullptr;
    QTimer *m_analysisTimer = nullptr;
    GraphMetrics m_lastMetrics;
    // Counts the document's changes: a background analysis of an older graph is dropped.
    quint64 m_revision = 0;
    // The background analysis: one at a time (a change meanwhile runs one more after it).
    QFutureWatcher<std::pair<Diagnostics, GraphMetrics>> *m_analysis = nullptr;
    quint64 m_analysisRevision = 0;
    bool m_analysisAgain = false;
    int m_pasteCount = 0;
    Autosave *m_autosave = nullptr;
    QPointer<PlanWindow> m_planWindow;
    bool m_arrangeOnShow = false;
    StudioLayout *m_layout = nullptr;
    QToolButton *m_problemCount = nullptr;
};

} // namespace capgraph::editor
