#include "window/StudioActions.h"

#include "model/EdgeKind.h"
#include "ui/StudioIcons.h"
#include "window/StudioLanguage.h"
#include "window/StudioTheme.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QEvent>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QRegularExpression>
#include <QToolBar>
#include <QUndoStack>

namespace capgraph::editor {

StudioActions::StudioActions(QMainWindow *window)
    : QObject(window)
    , m_window(window)
{
    const auto key = [](QKeySequence::StandardKey k) { return QKeySequence::keyBindings(k); };
    const auto one = [](QKeyCombination k) { return QList<QKeySequence>{QKeySequence(k)}; };
    const struct
    {
        Id id;
        const char *name;
        QList<QKeySequence> keys;
    } table[] = {
        {New, "FileNew", key(QKeySequence::New)},
        {Open, "FileOpen", key(QKeySequence::Open)},
        {Save, "FileSave", key(QKeySequence::Save)},
        {SaveAs, "FileSaveAs", key(QKeySequence::SaveAs)},
        {ExportPicture, "FileExport", one(Qt::CTRL | Qt::Key_E)},
        {Print, "FilePrint", key(QKeySequence::Print)},
        {OpenPlan, "FileOpenPlan", one(Qt::CTRL | Qt::SHIFT | Qt::Key_O)},
        {OpenPlanUrl, "FileOpenPlanUrl", {}},
        {ConnectServer, "FileConnectServer", {}},
        {Quit, "FileQuit", key(QKeySequence::Quit)},
        {Cut, "EditCut", key(QKeySequence::Cut)},
        {Copy, "EditCopy", key(QKeySequence::Copy)},
        {Paste, "EditPaste", key(QKeySequence::Paste)},
        {Duplicate, "EditDuplicate", one(Qt::CTRL | Qt::Key_D)},
        {Delete, "EditDelete", {QKeySequence(QKeySequence::Delete), QKeySequence(Qt::Key_Backspace)}},
        {SelectAll, "EditSelectAll", key(QKeySequence::SelectAll)},
        {EditLabel, "EditLabel", one(QKeyCombination(Qt::Key_F2))},
        {Find, "EditFind", {QKeySequence(QKeySequence::Find), QKeySequence(Qt::CTRL | Qt::Key_K)}},
        {ZoomIn, "ViewZoomIn", {QKeySequence(QKeySequence::ZoomIn), QKeySequence(Qt::CTRL | Qt::Key_Equal)}},
        {ZoomOut, "ViewZoomOut", key(QKeySequence::ZoomOut)},
        {ActualSize, "ViewActualSize", one(Qt::CTRL | Qt::Key_0)},
        {FitToView, "ViewFit", one(Qt::CTRL | Qt::Key_1)},
        {ZoomToSelection, "ViewZoomToSelection", one(Qt::CTRL | Qt::Key_2)},
        {ShowWholeGraph, "ViewWholeGraph", one(Qt::CTRL | Qt::Key_3)},
        {SnapToGrid, "ViewSnapToGrid", {}},
        {DarkTheme, "ViewDarkTheme", {}},
        {ShowOverview, "ViewOverview", {}},
        {ResetLayout, "ViewResetLayout", {}},
        // Return/Enter on the canvas (the window makes them canvas-only); Alt+Up as file managers go up.
        {OpenSubgraph, "ViewOpenSubgraph", {QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)}},
        {LeaveSubgraph, "ViewLeaveSubgraph", one(Qt::ALT | Qt::Key_Up)},
        {AutoLayout, "GraphAutoLayout", one(Qt::CTRL | Qt::Key_L)},
        {AutoLayoutSelection, "GraphAutoLayoutSelection", one(Qt::CTRL | Qt::SHIFT | Qt::Key_L)},
        {GroupIntoFrame, "GraphGroup", one(Qt::CTRL | Qt::Key_G)},
        {AddNote, "GraphAddNote", one(Qt::CTRL | Qt::SHIFT | Qt::Key_N)},
        {AlignLeft, "GraphAlignLeft", {}},
        {AlignTop, "GraphAlignTop", {}},
        {AlignCentresHorizontally, "GraphAlignCentresHorizontally", {}},
        {AlignCentresVertically, "GraphAlignCentresVertically", {}},
        {GraphProperties, "GraphProperties", {}},
        {ExtractSubgraph, "GraphExtractSubgraph", one(Qt::CTRL | Qt::ALT | Qt::Key_E)},
        {InlineSubgraph, "GraphInlineSubgraph", one(Qt::CTRL | Qt::ALT | Qt::Key_I)},
        {RunStart, "RunStart", one(QKeyCombination(Qt::Key_F5))},
        {RunPause, "RunPause", one(QKeyCombination(Qt::Key_F6))},
        {RunStep, "RunStep", one(QKeyCombination(Qt::Key_F10))},
        {RunStepInto, "RunStepInto", one(QKeyCombination(Qt::Key_F11))},
        {RunStepOut, "RunStepOut", one(Qt::SHIFT | Qt::Key_F11)},
        {RunToSelected, "RunToSelected", one(Qt::CTRL | Qt::Key_F10)},
        {RunStop, "RunStop", one(Qt::SHIFT | Qt::Key_F5)},
        {RunFromSelected, "RunFromSelected", one(Qt::CTRL | Qt::SHIFT | Qt::Key_F5)},
        {RunBreakpoint, "RunBreakpoint", one(QKeyCombination(Qt::Key_F9))},
        {RunBreakpointCondition, "RunBreakpointCondition", {}},
        {RunInput, "RunInput", {}},
        {RunMocks, "RunMocks", {}},
        {RunExportTraces, "RunExportTraces", {}},
        {FollowRun, "RunFollow", {}},
        {RunPinOutput, "RunPinOutput", {}},
        {RunNodeAlone, "RunNodeAlone", {}},
        {CompareWith, "FileCompareWith", {}},
        {CloseComparison, "FileCloseComparison", {}},
    };
    for (const auto &row : table) {
        QAction *a = make(row.id, row.name);
        a->setShortcuts(row.keys);
    }
    for (Id checkable : {SnapToGrid, DarkTheme, ShowOverview, FollowRun})
        action(checkable)->setCheckable(true);
    action(FollowRun)->setChecked(QSettings().value(QStringLiteral("run/follow"), true).toBool());
    connect(action(FollowRun), &QAction::toggled, this, [](bool on) { QSettings().setValue(QStringLiteral("run/follow"), on); });
    window->installEventFilter(this);
    retranslate();
    refreshIcons();
}

QAction *StudioActions::make(Id id, const char *objectName)
{
    auto *a = new QAction(m_window);
    a->setObjectName(QLatin1String(objectName));
    m_actions.insert(id, a);
    return a;
}

void StudioActions::setUndoStack(QUndoStack *stack)
{
    // Not QUndoStack::createUndoAction: its "Undo %1" is fixed when it is made, and a new
    // language must reach it too.
    if (m_stack)
        disconnect(m_stack, nullptr, this, nullptr);
    m_stack = stack;
    if (!m_undo) {
        m_undo = new QAction(m_window);
        m_redo = new QAction(m_window);
        connect(m_undo, &QAction::triggered, this, [this] { m_stack->undo(); });
        connect(m_redo, &QAction::triggered, this, [this] { m_stack->redo(); });
        m_undo->setObjectName(QStringLiteral("EditUndo"));
        m_redo->setObjectName(QStringLiteral("EditRedo"));
        m_undo->setShortcuts(QKeySequence::Undo);
        // Both habits: Ctrl+Y (Windows, many editors) and Ctrl+Shift+Z (macOS, GNOME, KDE).
        QList<QKeySequence> redoKeys{QKeySequence(Qt::CTRL | Qt::Key_Y), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)};
        for (const QKeySequence &k : QKeySequence::keyBindings(QKeySequence::Redo))
            if (!redoKeys.contains(k))
                redoKeys.append(k);
        m_redo->setShortcuts(redoKeys);
    }
    m_undo->setEnabled(stack->canUndo());
    m_redo->setEnabled(stack->canRedo());
    connect(stack, &QUndoStack::canUndoChanged, this, [this](bool on) { m_undo->setEnabled(on); });
    connect(stack, &QUndoStack::canRedoChanged, this, [this](bool on) { m_redo->setEnabled(on); });
    connect(stack, &QUndoStack::undoTextChanged, this, &StudioActions::nameUndoRedo);
    connect(stack, &QUndoStack::redoTextChanged, this, &StudioActions::nameUndoRedo);
    nameUndoRedo();
    refreshIcons();
}

void StudioActions::buildMenusAndToolBars(QToolBar *pathBar, QAction *pathAction)
{
    QMenuBar *bar = m_window->menuBar();
    m_file = bar->addMenu(QString());
    m_file->setObjectName(QStringLiteral("FileMenu"));
    m_file->addAction(action(New));
    m_file->addAction(action(Open));
    m_examples = m_file->addMenu(QString());
    m_examples->setObjectName(QStringLiteral("ExamplesMenu"));
    m_recent = m_file->addMenu(QString());
    m_recent->setObjectName(QStringLiteral("RecentMenu"));
    m_file->addSeparator();
    m_file->addAction(action(OpenPlan));
    m_file->addAction(action(OpenPlanUrl));
    m_examplePlans = m_file->addMenu(QString());
    m_examplePlans->setObjectName(QStringLiteral("ExamplePlansMenu"));
    m_file->addSeparator();
    m_file->addAction(action(ConnectServer));
    m_file->addSeparator();
    m_file->addAction(action(Save));
    m_file->addAction(action(SaveAs));
    m_file->addAction(action(ExportPicture));
    m_file->addAction(action(Print));
    m_file->addSeparator();
    m_file->addAction(action(CompareWith));
    m_file->addAction(action(CloseComparison));
    m_file->addSeparator();
    m_file->addAction(action(Quit));

    m_edit = bar->addMenu(QString());
    m_edit->setObjectName(QStringLiteral("EditMenu"));
    if (m_undo) {
        m_edit->addAction(m_undo);
        m_edit->addAction(m_redo);
        m_edit->addSeparator();
    }
    for (Id id : {Cut, Copy, Paste, Duplicate, Delete, SelectAll})
        m_edit->addAction(action(id));
    m_edit->addSeparator();
    m_edit->addAction(action(EditLabel));
    m_edit->addSeparator();
    m_edit->addAction(action(Find));

    m_view = bar->addMenu(QString());
    m_view->setObjectName(QStringLiteral("ViewMenu"));
    for (Id id : {ZoomIn, ZoomOut, ActualSize, FitToView, ZoomToSelection, ShowWholeGraph})
        m_view->addAction(action(id));
    m_view->addSeparator();
    m_view->addAction(action(SnapToGrid));
    m_view->addAction(action(DarkTheme));
    m_view->addAction(action(ShowOverview));
    m_view->addAction(action(ResetLayout));
    m_view->addSeparator();
    m_view->addAction(action(OpenSubgraph));
    m_view->addAction(action(LeaveSubgraph));
    m_view->addSeparator();
    // Languages by their own names (a person who cannot read the current one finds theirs).
    m_language = m_view->addMenu(QString());
    m_language->setObjectName(QStringLiteral("LanguageMenu"));
    m_languages = new QActionGroup(this);
    for (const QString &code : QStringList{QString()} + StudioLanguage::codes()) {
        QAction *a = m_language->addAction(code.isEmpty() ? QString() : StudioLanguage::nativeName(code));
        a->setObjectName(QStringLiteral("Language_") + (code.isEmpty() ? QStringLiteral("System") : code));
        a->setData(code);
        a->setCheckable(true);
        m_languages->addAction(a);
        if (code.isEmpty())
            m_language->addSeparator();
    }
    setLanguageChoice(StudioLanguage::currentChoice());
    connect(m_languages, &QActionGroup::triggered, this, [this](QAction *a) { emit languageChosen(a->data().toString()); });
    m_view->addSeparator();

    m_graph = bar->addMenu(QString());
    m_graph->setObjectName(QStringLiteral("GraphMenu"));
    m_graph->addAction(action(AutoLayout));
    m_graph->addAction(action(AutoLayoutSelection));
    m_graph->addSeparator();
    m_graph->addAction(action(GroupIntoFrame));
    m_graph->addAction(action(AddNote));
    m_graph->addSeparator();
    for (Id id : {AlignLeft, AlignTop, AlignCentresHorizontally, AlignCentresVertically})
        m_graph->addAction(action(id));
    m_graph->addSeparator();
    m_graph->addAction(action(ExtractSubgraph));
    m_graph->addAction(action(InlineSubgraph));
    m_graph->addSeparator();
    m_graph->addAction(action(GraphProperties));
    m_graph->addSeparator();
    m_graph->addAction(pathAction);

    m_run = bar->addMenu(QString());
    m_run->setObjectName(QStringLiteral("RunMenu"));
    for (Id id : {RunStart, RunPause, RunStep, RunStepInto, RunStepOut, RunToSelected, RunStop, RunFromSelected})
        m_run->addAction(action(id));
    m_run->addSeparator();
    m_run->addAction(action(RunBreakpoint));
    m_run->addAction(action(RunBreakpointCondition));
    m_run->addAction(action(RunPinOutput));
    m_run->addAction(action(RunNodeAlone));
    m_run->addSeparator();
    m_run->addAction(action(RunInput));
    m_run->addAction(action(RunMocks));
    m_run->addAction(action(RunExportTraces));
    m_run->addAction(action(FollowRun));

    // Toolbars: icons only, so nothing moves when a text changes.
    m_mainBar = m_window->addToolBar(QString());
    m_mainBar->setObjectName(QStringLiteral("MainToolBar"));
    m_mainBar->setToolButtonStyle(Qt::ToolButtonIconOnly);
    if (m_undo) {
        m_mainBar->addAction(m_undo);
        m_mainBar->addAction(m_redo);
        m_mainBar->addSeparator();
    }
    m_mainBar->addAction(action(AutoLayout));
    m_mainBar->addAction(action(FitToView));
    m_mainBar->addSeparator();
    // The type of the next connection: inferred from its ends, or the one chosen here.
    m_edgeType = new QComboBox(m_mainBar);
    m_edgeType->setObjectName(QStringLiteral("EdgeTypeCombo"));
    m_edgeType->addItem(QString(), QString());
    for (const QString &type : allEdgeTypeNames())
        m_edgeType->addItem(type, type); // named in words by retranslate()
    m_edgeType->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_mainBar->addWidget(m_edgeType);
    pathBar->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_window->addToolBar(pathBar);
    m_runBar = m_window->addToolBar(QString());
    m_runBar->setObjectName(QStringLiteral("RunToolBar"));
    m_runBar->setToolButtonStyle(Qt::ToolButtonIconOnly);
    for (Id id : {RunStart, RunPause, RunStep, RunToSelected, RunStop})
        m_runBar->addAction(action(id));
    m_runBar->addSeparator();
    m_runBar->addAction(action(RunBreakpoint));
    m_runBar->addAction(action(FollowRun));
    retranslate();
}

void StudioActions::setPinned(bool pinned)
{
    if (m_pinned == pinned)
        return;
    m_pinned = pinned;
    retranslate();
}

void StudioActions::setPaused(bool paused)
{
    if (m_paused == paused)
        return;
    m_paused = paused;
    retranslate();
    refreshIcons();
}

void StudioActions::refreshIcons()
{
    using StudioIcons::Glyph;
    const QColor ink = StudioTheme::ink();
    const auto set = [&](QAction *a, Glyph g) {
        if (a)
            a->setIcon(StudioIcons::icon(g, ink));
    };
    set(m_undo, Glyph::Undo);
    set(m_redo, Glyph::Redo);
    set(action(AutoLayout), Glyph::AutoLayout);
    set(action(FitToView), Glyph::Fit);
    set(action(RunStart), m_paused ? Glyph::Continue : Glyph::Run);
    set(action(RunPause), Glyph::Pause);
    set(action(RunStep), Glyph::Step);
    set(action(RunToSelected), Glyph::RunTo);
    set(action(RunStop), Glyph::Stop);
    set(action(RunBreakpoint), Glyph::Breakpoint);
    set(action(FollowRun), Glyph::Follow);
}

bool StudioActions::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

void StudioActions::nameUndoRedo()
{
    if (!m_stack)
        return;
    m_undo->setText(m_stack->undoText().isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(m_stack->undoText()));
    m_redo->setText(m_stack->redoText().isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(m_stack->redoText()));
}

void StudioActions::setLanguageChoice(const QString &choice)
{
    if (!m_languages)
        return;
    for (QAction *a : m_languages->actions())
        a->setChecked(a->data().toString() == choice);
}

void StudioActions::retranslate()
{
    const struct
    {
        Id id;
        QString text;
        QString tip; // a tooltip that says more than the text, or empty
    } texts[] = {
        {New, tr("&New"), {}},
        {Open, tr("&Open…"), {}},
        {Save, tr("&Save"), {}},
        {SaveAs, tr("Save &As…"), {}},
        {ExportPicture, tr("&Export Picture…"), {}},
        {Print, tr("&Print…"), {}},
        {OpenPlan, tr("Open &Plan…"), {}},
        {OpenPlanUrl, tr("Open Plan from &URL…"), {}},
        {ConnectServer, tr("Connect to Ser&ver…"), tr("Follow and debug the runs of a run server (capgraph serve), or run this graph on it")},
        {Quit, tr("&Quit"), {}},
        {Cut, tr("Cu&t"), {}},
        {Copy, tr("&Copy"), {}},
        {Paste, tr("&Paste"), {}},
        {Duplicate, tr("D&uplicate"), {}},
        {Delete, tr("&Delete"), {}},
        {SelectAll, tr("Select &All"), {}},
        {EditLabel, tr("Edit &Label"), tr("Edit the selected node's label on its card (the id stays the key)")},
        {ZoomIn, tr("Zoom &In"), {}},
        {ZoomOut, tr("Zoom &Out"), {}},
        {ActualSize, tr("&Actual Size"), {}},
        {FitToView, tr("&Fit to View"), tr("Fit to view: the whole graph, or its start at a zoom where the labels read")},
        {ZoomToSelection, tr("Zoom to &Selection"), {}},
        {ShowWholeGraph, tr("Show &Whole Graph"), tr("The whole graph, however small it gets")},
        {SnapToGrid, tr("S&nap to Grid"), {}},
        {DarkTheme, tr("&Dark Canvas"), {}},
        {ShowOverview, tr("&Overview"), tr("The whole graph, small, over the canvas's corner: click or drag in it to go there")},
        {ResetLayout, tr("Reset &Layout"), tr("Put the docks back where they start: the canvas gets most of the window")},
        {OpenSubgraph, tr("Open &Sub-graph"), tr("Open the graph the selected composite node runs, here, to edit or watch it")},
        {LeaveSubgraph, tr("&Back to Parent Graph"), tr("Back to the graph that runs this sub-graph")},
        {AutoLayout, tr("&Auto-Layout"), tr("Auto-layout: arrange the whole graph in layers")},
        {AutoLayoutSelection, tr("Auto-Layout &Selection"), {}},
        {GroupIntoFrame, tr("&Group into Frame"), {}},
        {AddNote, tr("Add &Note"), {}},
        {AlignLeft, tr("Align &Left"), {}},
        {AlignTop, tr("Align &Top"), {}},
        {AlignCentresHorizontally, tr("Align Centres &Horizontally"), {}},
        {AlignCentresVertically, tr("Align Centres &Vertically"), {}},
        {ExtractSubgraph, tr("E&xtract to Sub-graph…"),
         tr("Move the selected nodes into a graph of their own, called through a new composite capability: one node takes their place")},
        {InlineSubgraph, tr("&Inline Sub-graph"), tr("Put the nodes of the graph the selected composite node runs in its place")},
        {GraphProperties, tr("Graph &Properties…"), tr("The graph's id, name, version, description and default run input, in the Properties dock")},
        {RunStart, m_paused ? tr("&Continue") : tr("&Run"), m_paused ? tr("Continue the run") : tr("Run the graph")},
        {RunPause, tr("&Pause"), tr("Pause the run before its next node")},
        {RunStep, tr("&Step"), tr("Step: run one node, then stop before the next")},
        {RunStepInto, tr("Step &Into"), tr("Step into: a node that runs a sub-graph stops inside it, before its first node")},
        {RunStepOut, tr("Step O&ut"), tr("Step out: the sub-graph the run is paused in runs to its end, then the run stops before the next node")},
        {RunToSelected, tr("Run &to Selected Node"), {}},
        {RunStop, tr("St&op"), tr("Stop the run")},
        {RunFromSelected, tr("Rerun &from Selected Node"), {}},
        {RunBreakpoint, tr("Toggle &Breakpoint"), tr("Toggle a breakpoint on the selected nodes")},
        {RunBreakpointCondition, tr("Breakpoint &Condition…"), {}},
        {RunInput, tr("Run &Input…"), {}},
        {RunMocks, tr("&Mock File…"), {}},
        {RunExportTraces, tr("E&xport Traces…"), tr("Send each run's trace to an OpenTelemetry collector (Jaeger, Langfuse, Phoenix)")},
        {FollowRun, tr("&Follow the Run"), tr("Follow the run: keep the node that runs or waits in view")},
        {RunPinOutput, m_pinned ? tr("Unpin &Output") : tr("Pin &Output"),
         m_pinned ? tr("Runs call the selected node's handler again")
                  : tr("Keep the selected node's last output for the next runs: they use it instead of calling its handler")},
        {RunNodeAlone, tr("Run Node &Alone…"),
         tr("Call the selected skill node's handler once with its recorded input, edited first if you like, without running the graph")},
        {CompareWith, tr("Compare &With…"), tr("Compare the open graph with another file or an earlier git revision of it: what differs, on the canvas")},
        {CloseComparison, tr("Close Co&mparison"), {}},
        {Find, tr("&Find in Graph…"), tr("Find nodes by id, label, type, capability, prompt, condition or note; filters such as type:skill or is:stale")},
    };
    for (const auto &t : texts) {
        QAction *a = action(t.id);
        a->setText(t.text);
        // The menu text without its mnemonic: "&Run" or, as Chinese menus write it, "執行(&R)".
        static const QRegularExpression mnemonic(QStringLiteral("\\(&\\w\\)|&(?=\\w)"));
        QString tip = t.tip.isEmpty() ? QString(t.text).remove(mnemonic).remove(QStringLiteral("…")) : t.tip;
        if (!a->shortcut().isEmpty())
            tip = tr("%1 (%2)", "a tooltip and its shortcut").arg(tip, a->shortcut().toString(QKeySequence::NativeText));
        a->setToolTip(tip);
    }
    nameUndoRedo();
    if (m_undo) {
        m_undo->setToolTip(tr("Undo (%1)").arg(m_undo->shortcut().toString(QKeySequence::NativeText)));
        m_redo->setToolTip(tr("Redo (%1)").arg(m_redo->shortcut().toString(QKeySequence::NativeText)));
    }
    if (m_file) {
        m_file->setTitle(tr("&File"));
        m_examples->setTitle(tr("&Examples"));
        m_recent->setTitle(tr("Open &Recent"));
        m_examplePlans->setTitle(tr("Example Pla&ns"));
        m_edit->setTitle(tr("&Edit"));
        m_view->setTitle(tr("&View"));
        m_language->setTitle(tr("&Language"));
        // "System (繁體中文)": what following the system means here.
        m_languages->actions().constFirst()->setText(
            tr("&System (%1)").arg(StudioLanguage::nativeName(StudioLanguage::systemCode())));
        m_graph->setTitle(tr("&Graph"));
        m_run->setTitle(tr("&Run"));
        m_mainBar->setWindowTitle(tr("Main"));
        m_runBar->setWindowTitle(tr("Run"));
        m_edgeType->setItemText(0, tr("connect: auto"));
        // The four edge kinds of seed 000, in words, with the type name the file gets.
        for (int i = 1; i < m_edgeType->count(); ++i) {
            const QString type = m_edgeType->itemData(i).toString();
            const QString words = type == QLatin1String("sequence")  ? tr("sequence edge")
                : type == QLatin1String("conditional")               ? tr("conditional edge")
                : type == QLatin1String("iteration")                 ? tr("iteration edge")
                : type == QLatin1String("parallel")                  ? tr("parallel edge")
                                                                     : type;
            m_edgeType->setItemText(i, words == type ? type : tr("%1 (%2)", "an edge kind and its type name").arg(words, type));
        }
        m_edgeType->setToolTip(tr("The type of new connections: auto follows their ends (out of a branch: one of its conditions)"));
    }
}

} // namespace capgraph::editor
