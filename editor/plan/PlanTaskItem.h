#pragma once

#include "plan/PlanTask.h"
#include "scene/ItemTypes.h"

#include <QGraphicsItem>

namespace capgraph::editor {

class PlanScene;

// One task as a card: an avatar circle in its assignee's colour with the first character of
// their name, the title, the assignee's name, the status as a badge, the task id. Holds only
// its task's index; the plan and the focus are the scene's.
class PlanTaskItem : public QGraphicsItem
{
public:
    // A status as people read it, translated: "pending", "in progress", "done".
    static QString statusText(PlanTaskStatus status);
    // What the avatar shows: the assignee's initial, or "?" for an assignee who is not among
    // the plan's participants (so that "agent_x" does not look like Alice).
    QString avatarText() const;
    enum { Type = PlanTaskItemType };
    PlanTaskItem(PlanScene *scene, int task);

    int type() const override { return Type; }
    int task() const { return m_task; }
    // Where dependency curves leave and arrive (scene coordinates).
    QPointF outPort() const;
    QPointF inPort() const;

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QRectF card() const;

    PlanScene *m_scene;
    int m_task;
};

} // namespace capgraph::editor
