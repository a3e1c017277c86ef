#pragma once

#include <QDockWidget>
#include <QStringList>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace capgraph::editor {

class LevelRunView;
class RunController;

// The run's context as a tree: input, each node's outputs, the variables. While the run is
// paused a variable's value can be edited in place (as JSON: 12, "text", [1, 2], {"a": 1});
// the change goes to the executor before the run continues. Refreshed at most four times a
// second while the run goes, at once when it stops.
class VariablesDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit VariablesDock(RunController *run, QWidget *parent = nullptr);

    QTreeWidget *tree() const { return m_tree; }
    // The row of a path such as "variables/result_count" or "outputs/search/results".
    QTreeWidgetItem *item(const QString &path) const;
    void refresh();
    // The run as the level on screen shows it: inside a composite node, the child run's own
    // context (read only there: edits go to the run's own variables, on its level).
    void setLevelView(LevelRunView *level);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void edited(QTreeWidgetItem *item, int column);

    RunController *m_run;
    LevelRunView *m_level = nullptr;
    QStringList m_childPath; // the child run whose context is on screen, while under way (LevelRunView::liveChildPath)
    QTreeWidget *m_tree;
    QLabel *m_hint;
    qint64 m_lastRefresh = 0;
    bool m_filling = false;
    QString m_problem; // a refused edit, shown after the refresh that follows it
};

} // namespace capgraph::editor
