#pragma once

#include <QDockWidget>

class QCheckBox;
class QTreeWidget;

namespace capgraph::editor {

class GraphScene;
class RunController;

// The run's events as a log (step, time, node, event, message), newest at the bottom. Filled
// at the frame rate from the controller's events, never per event, and holding the last
// MaxRows only: a 100,000-step loop does not drown the window. "Selected node only" shows
// just the events of the node selected on the canvas.
class RunLogDock : public QDockWidget
{
    Q_OBJECT

public:
    static constexpr int MaxRows = 2000;

    RunLogDock(RunController *run, GraphScene *scene, QWidget *parent = nullptr);

    QTreeWidget *tree() const { return m_tree; }
    QCheckBox *selectedOnly() const { return m_selectedOnly; }
    void refresh(); // rebuilds from the controller's events

private:
    void appendNew();
    bool shows(qsizetype index) const;

    RunController *m_run;
    GraphScene *m_scene;
    QTreeWidget *m_tree;
    QCheckBox *m_selectedOnly;
    qsizetype m_shown = 0; // events looked at so far
    QString m_filter;      // node id, or empty
};

} // namespace capgraph::editor
