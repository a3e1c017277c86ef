#pragma once

#include <QWidget>

class QLabel;
class QListWidget;
class QListWidgetItem;

namespace capgraph::editor {

class PlanScene;

// What the focused task is (seed 004's info panel): title, description, status, assignee
// (name and role in the plan), and its prerequisites and successors as lists — clicking one
// selects that task (taskRequested). With no task focused: the plan's summary, roll-up and
// critical path (its tasks in order, as a list); with a participant focused: their tasks.
class PlanInfoPanel : public QWidget
{
    Q_OBJECT

public:
    explicit PlanInfoPanel(PlanScene *scene, QWidget *parent = nullptr);

    QString title() const;
    QStringList prerequisiteIds() const; // as listed, for tests
    QStringList successorIds() const;
    QListWidget *prerequisites() const { return m_prerequisites; }
    QListWidget *successors() const { return m_successors; }
    // The first list's heading ("Prerequisites (2)", "Critical path: 5 tasks", "Tasks (4)").
    QString firstListTitle() const;

signals:
    void taskRequested(int task);

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void fill(QListWidget *list, const QList<int> &tasks);

    PlanScene *m_scene;
    QLabel *m_title;
    QLabel *m_meta;
    QLabel *m_description;
    QLabel *m_assignee;
    QLabel *m_prerequisitesLabel;
    QListWidget *m_prerequisites;
    QLabel *m_successorsLabel;
    QListWidget *m_successors;
};

} // namespace capgraph::editor
