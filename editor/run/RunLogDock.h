#pragma once

#include <QDockWidget>

#include "exec/RunEvent.h"

#include <QList>

class QCheckBox;
class QTreeWidget;
class QTreeWidgetItem;

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

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void appendNew();
    bool shows(const RunEvent &event) const;
    QTreeWidgetItem *rowFor(const RunEvent &event) const;

    RunController *m_run;
    GraphScene *m_scene;
    QTreeWidget *m_tree;
    QCheckBox *m_selectedOnly;
    QList<RunEvent> m_pending; // heard since the last frame (the newest MaxRows at most)
    QList<RunEvent> m_kept;    // the live run's last MaxRows events, to filter again
    QString m_filter;          // node id, or empty
};

} // namespace capgraph::editor
