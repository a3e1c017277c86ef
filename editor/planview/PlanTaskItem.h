#pragma once

#include "plan/PlanTask.h"
#include "scene/ItemTypes.h"

#include <QGraphicsItem>

namespace capgraph::editor {

class PlanScene;

// One task as a card (PlanCard): an avatar circle in its assignee's colour with the first
// character of their name, the title on up to three lines, the assignee's name, the status as
// a badge, the task id; the whole title and the description in the tooltip. Too far out to
// read, the card takes its status's colour and the avatar grows. Holds only its task's index
// and its size; the plan and the focus are the scene's.
class PlanTaskItem : public QGraphicsItem
{
public:
    // A status as people read it, translated: "pending", "in progress", "done".
    static QString statusText(PlanTaskStatus status);
    // What the avatar shows: the assignee's initial, or "?" for an assignee who is not among
    // the plan's participants (so that "agent_x" does not look like Alice).
    QString avatarText() const;
    enum { Type = PlanTaskItemType };
    // `size`: the card's, from its text (PlanCard::size).
    PlanTaskItem(PlanScene *scene, int task, const QSizeF &size);

    int type() const override { return Type; }
    int task() const { return m_task; }
    // Where dependency curves leave and arrive (scene coordinates).
    QPointF outPort() const;
    QPointF inPort() const;

    // The title's lines as drawn (the last one elided on screen when the title is longer).
    QStringList titleLines() const;
    QRectF card() const;

    // Draws the card anew in every view that shows it (the canvas and the overview), after what
    // it shows changed: its outline, its critical-path band.
    void refresh();

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    PlanScene *m_scene;
    int m_task;
    QSizeF m_size;
};

} // namespace capgraph::editor
