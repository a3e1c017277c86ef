#pragma once

#include "diagnostics/Diagnostic.h"
#include "metrics/GraphMetrics.h"

#include <QFutureWatcher>

#include <utility>

#include <QMainWindow>

class QLabel;
class QProgressBar;
class QAction;
class QComboBox;
class QDoubleSpinBox;
class QMenu;
class QPrinter;
class QTimer;
class QUndoView;

namespace capgraph::editor {

class Autosave;
class CapabilitiesDock;
class CapabilityCatalog;
class GraphDocument;
class GraphScene;
class GraphView;
class OverviewView;
class QuickAddPopup;
class PaletteList;
class ProblemsDock;
class PropertiesDock;
class RunController;
class RunLogDock;
class VariablesDock;
class InboxDock;
class RunHistoryDock;
class PlanWindow;

// The studio's window: one document, its canvas, the palette, problems and history docks,
// and the metrics in the status bar (refreshed as the graph changes).
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    GraphDocument *document() const { return m_document; }
    GraphScene *scene() const { return m_scene; }
    GraphView *view() const { return m_view; }
    OverviewView *overview() const { return m_overview; }
    QuickAddPopup *quickAdd() const { return m_quickAdd; }
    ProblemsDock *problems() const { return m_problems; }
    PropertiesDock *properties() const { return m_properties; }
    // Capabilities (seed 003) the open graph's skill_ids resolve to, and their dock.
    CapabilityCatalog *capabilityCatalog() const { return m_catalog; }
    CapabilitiesDock *capabilities() const { return m_capabilities; }
    // Folders read before the graph's own capabilities/ folder (`--capabilities DIR`).
    void setCapabilityFolders(const QStringList &folders);
    RunController *run() const { return m_run; }
    RunLogDock *runLog() const { return m_runLog; }
    VariablesDock *variables() const { return m_variables; }
    InboxDock *inbox() const { return m_inbox; }
    RunHistoryDock *runHistory() const { return m_runHistory; }
    QLabel *runStatusLabel() const { return m_runStatus; }
    // Runs the open graph with `input` (the Run action uses the last Run Input). False with
    // the reasons shown in the status bar and returned.
    bool startRun(const QVariantMap &input, QString *error = nullptr);
    // The input the Run action uses (and the Run Input dialog starts from).
    void setRunInput(const QVariantMap &input) { m_runInput = input; }
    QLabel *metricsLabel() const { return m_metrics; }

    // Opens a negotiated plan (a path, a URL or an event stream) in a plan window of its own.
    PlanWindow *openPlan(const QString &location);
    // Opens a file; on failure shows (and returns) the error and keeps the open graph.
    bool openFile(const QString &path, QString *error = nullptr);
    bool saveTo(const QString &path, QString *error = nullptr);
    // Prints the canvas (or the selection), fitted to the page, as the studio draws it.
    void printTo(QPrinter *printer);
    // The optimal-path preview (seed 000's dynamic composition): its controls, and the
    // status text of the last search ("cost 6, time 6" or why there is no path).
    QAction *pathAction() const { return m_pathAction; }
    QComboBox *pathDepth() const { return m_pathDepth; }
    QDoubleSpinBox *pathBudget() const { return m_pathBudget; }
    QString pathStatus() const { return m_pathStatus; }
    // Recomputes lint and metrics now (normally debounced after each change).
    // Lint and metrics of the open graph, now (the debounced re-analysis after an edit runs
    // them on a worker thread instead; see analyseInBackground).
    void refreshAnalysis();

    // At start-up: offers to restore work a crashed studio left in the autosave folder.
    // Returns whether something was restored.
    bool offerRecovery();
    Autosave *autosave() const { return m_autosave; }

    // Where File > Examples looks: next to the binary, then the source tree.
    static QString examplesDir();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void updateTitle();
    bool maybeSave();
    void save();
    void saveAs();
    void open();
    void exportPicture();
    void copy();
    void paste();
    void addRecent(const QString &path);
    void rebuildRecentMenu();

    GraphDocument *m_document;
    GraphScene *m_scene;
    GraphView *m_view;
    OverviewView *m_overview = nullptr;
    QuickAddPopup *m_quickAdd = nullptr;
    PaletteList *m_palette;
    ProblemsDock *m_problems;
    PropertiesDock *m_properties = nullptr;
    CapabilityCatalog *m_catalog = nullptr;
    CapabilitiesDock *m_capabilities = nullptr;
    RunController *m_run = nullptr;
    RunLogDock *m_runLog = nullptr;
    VariablesDock *m_variables = nullptr;
    InboxDock *m_inbox = nullptr;
    RunHistoryDock *m_runHistory = nullptr;
    QLabel *m_runStatus = nullptr;
    QProgressBar *m_runBusy = nullptr;
    QVariantMap m_runInput;
    QUndoView *m_history;
    QLabel *m_metrics;
    QLabel *m_zoom;
    QTimer *m_analysisTimer;
    // Counts the document's changes: a background analysis of an older graph is dropped.
    quint64 m_revision = 0;
    // The background analysis: one at a time (a change meanwhile runs one more after it).
    QFutureWatcher<std::pair<Diagnostics, GraphMetrics>> *m_analysis;
    quint64 m_analysisRevision = 0;
    bool m_analysisAgain = false;
    QMenu *m_recentMenu = nullptr;
    int m_pasteCount = 0;
    Autosave *m_autosave = nullptr;
    QAction *m_pathAction = nullptr;
    QComboBox *m_pathDepth = nullptr;
    QDoubleSpinBox *m_pathBudget = nullptr;
    QString m_pathStatus;
    void refreshPath();
    void createRunActions();
    bool askRunInput(); // the Run Input dialog; false when cancelled
    void updateRunStatus();
    void analyseInBackground();
    void showAnalysis(const Diagnostics &findings, const GraphMetrics &metrics);
};

} // namespace capgraph::editor
