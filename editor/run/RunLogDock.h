#pragma once

#include <QDockWidget>

#include "exec/RunEvent.h"
#include "run/RunClock.h"

#include <QList>

#include <utility>

class QCheckBox;
class QTreeWidget;
class QTreeWidgetItem;

namespace capgraph::editor {

class GraphScene;
class RunController;

// The run's events as a log (step, time, node, event, message), newest at the bottom. Filled
// at the frame rate from the controller's events, never per event, and holding the last
// MaxRows only: a 100,000-step loop does not drown the window. "Selected node only" shows
// just the events of the node selected on the canvas. The time is the run's own (RunClock:
// since its start, without the time it stood paused or waited for an answer); a changed
// variable shows its value (`name = value`, compact JSON). The Step, Time, Node and Event
// columns are as wide as their contents, the Message column takes the rest; every cell's
// whole text is in its tooltip.
class RunLogDock : public QDockWidget
{
    Q_OBJECT

public:
    static constexpr int MaxRows = 2000;
    enum Column { StepColumn, TimeColumn, NodeColumn, EventColumn, MessageColumn };
    // A changed variable's value is cut after this many characters (whole in the tooltip).
    static constexpr int ValueChars = 80;

    RunLogDock(RunController *run, GraphScene *scene, QWidget *parent = nullptr);

    QTreeWidget *tree() const { return m_tree; }
    QCheckBox *selectedOnly() const { return m_selectedOnly; }
    void refresh(); // rebuilds from the controller's events

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    using Logged = std::pair<RunEvent, RunClock::Reading>; // an event and its time

    void retranslate();
    void appendNew();
    bool shows(const RunEvent &event) const;
    QTreeWidgetItem *rowFor(const Logged &logged) const;
    // Column widths: back to the header's (a new run, another language), then as wide as the
    // rows need (the Node column at most two fifths of the log's width: longer ones are elided).
    void resetColumns();
    void widenColumns(const QList<QTreeWidgetItem *> &rows);
    void applyColumnWidths();

    RunController *m_run;
    GraphScene *m_scene;
    QTreeWidget *m_tree;
    QObject *m_treeViewport = nullptr; // watched; compared only (it outlives the tree's scroll area part)
    QCheckBox *m_selectedOnly;
    RunClock m_clock;        // the live run's
    QList<Logged> m_pending; // heard since the last frame (the newest MaxRows at most)
    QList<Logged> m_kept;    // the live run's last MaxRows events, to filter again
    QString m_filter;        // node id, or empty
    int m_wanted[MessageColumn] = {}; // what the rows shown need, per column
};

} // namespace capgraph::editor
