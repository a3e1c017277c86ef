#pragma once

#include <QHash>
#include <QObject>

class QAction;
class QActionGroup;
class QComboBox;
class QMainWindow;
class QMenu;
class QToolBar;
class QUndoStack;

namespace capgraph::editor {

// The studio's actions, menus and toolbars — made, named, given their shortcuts, icons and
// tooltips, and translated here, and nowhere else (Qt Creator's SCXML editor keeps its
// actions in an action handler the same way). The window connects each to what it does.
// Toolbar buttons show icons only, so the toolbars keep their widths whatever the texts say
// (Undo's text grows with what it undoes); the texts are in the tooltips and the menus.
class StudioActions : public QObject
{
    Q_OBJECT

public:
    enum Id {
        // File
        New, Open, SaveAs, Save, ExportPicture, Print, OpenPlan, OpenPlanUrl, Quit, CompareWith, CloseComparison, ConnectServer,
        // Edit (Undo and Redo follow the document's undo stack: setUndoStack)
        Cut, Copy, Paste, Duplicate, Delete, SelectAll, EditLabel, Find,
        // View
        ZoomIn, ZoomOut, ActualSize, FitToView, ShowWholeGraph, ZoomToSelection, SnapToGrid, DarkTheme, ShowOverview, ResetLayout,
        OpenSubgraph, LeaveSubgraph,
        // Graph
        AutoLayout, AutoLayoutSelection, GroupIntoFrame, AddNote, AlignLeft, AlignTop, AlignCentresHorizontally,
        AlignCentresVertically, GraphProperties, ExtractSubgraph, InlineSubgraph,
        // Run
        RunStart, RunPause, RunStep, RunStepInto, RunStepOut, RunToSelected, RunStop, RunFromSelected, RunBreakpoint, RunBreakpointCondition, RunInput,
        RunMocks, RunExportTraces, FollowRun, RunPinOutput, RunNodeAlone,
        IdCount
    };

    explicit StudioActions(QMainWindow *window);

    QAction *action(Id id) const { return m_actions.value(id); }
    QAction *undo() const { return m_undo; }
    QAction *redo() const { return m_redo; }
    // Undo and Redo of `stack`: their texts say what they undo ("Undo Move 2 nodes"), in the
    // language of the moment; Ctrl+Z, and both Ctrl+Y and Ctrl+Shift+Z for redo. Called again
    // with another stack (a sub-graph entered or left), the same two actions follow that one.
    void setUndoStack(QUndoStack *stack);

    // Builds the menu bar and the toolbars into the window. `pathBar` (the Optimal Path
    // toolbar) goes between the main and the run toolbar; `docks` adds the docks' toggles
    // to the View menu.
    void buildMenusAndToolBars(QToolBar *pathBar, QAction *pathAction);
    QMenu *examplesMenu() const { return m_examples; }
    QMenu *examplePlansMenu() const { return m_examplePlans; }
    QMenu *recentMenu() const { return m_recent; }
    QMenu *viewMenu() const { return m_view; }
    QMenu *languageMenu() const { return m_language; }
    // Checks the View > Language entry of `choice` ("" = System).
    void setLanguageChoice(const QString &choice);
    QComboBox *edgeTypeCombo() const { return m_edgeType; }

    // Run's own text: "Continue" while paused.
    void setPaused(bool paused);
    // Pin Output's own text: "Unpin Output" when the selected node's output is pinned.
    void setPinned(bool pinned);
    // Icons for the light or dark theme.
    void refreshIcons();

signals:
    // View > Language: "" (the system's), "en", "zh_TW" or "zh_CN".
    void languageChosen(const QString &choice);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QAction *make(Id id, const char *objectName);
    void retranslate();
    void nameUndoRedo();

    QMainWindow *m_window;
    QHash<int, QAction *> m_actions;
    QUndoStack *m_stack = nullptr;
    QAction *m_undo = nullptr;
    QAction *m_redo = nullptr;
    QMenu *m_file = nullptr;
    QMenu *m_edit = nullptr;
    QMenu *m_view = nullptr;
    QMenu *m_graph = nullptr;
    QMenu *m_run = nullptr;
    QMenu *m_examples = nullptr;
    QMenu *m_examplePlans = nullptr;
    QMenu *m_recent = nullptr;
    QMenu *m_language = nullptr;
    QActionGroup *m_languages = nullptr;
    QToolBar *m_mainBar = nullptr;
    QToolBar *m_runBar = nullptr;
    QComboBox *m_edgeType = nullptr;
    bool m_paused = false;
    bool m_pinned = false;
};

} // namespace capgraph::editor
