#pragma once

#include <QWidget>

class QHBoxLayout;
class QToolButton;

namespace capgraph::editor {

class PlanScene;

// The plan's participants as a row of chips (avatar colour, name, role as tooltip), always
// shown (seed 004). Clicking a chip highlights that participant's tasks; clicking it again
// clears. Assignees who are not participants get a grey chip with their raw id. A participant
// the filter hides has a faded, struck-through chip; clicking it asks to show them again
// (showRequested).
class ParticipantChips : public QWidget
{
    Q_OBJECT

public:
    explicit ParticipantChips(PlanScene *scene, QWidget *parent = nullptr);

    // Rebuilds the chips from the scene's plan.
    void refresh();
    QToolButton *chip(const QString &agentId) const;
    QStringList chipIds() const;

signals:
    void showRequested(const QString &agentId);

private:
    void syncChecked();
    void syncHidden();

    PlanScene *m_scene;
    QHBoxLayout *m_layout;
    QList<QToolButton *> m_chips;
};

} // namespace capgraph::editor
