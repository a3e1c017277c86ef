#pragma once

#include "plan/Plan.h"
#include "plan/PlanLayout.h"
#include "plan/PlanTopology.h"

#include <QColor>
#include <QGraphicsScene>
#include <QPainterPath>
#include <QSet>

#include <memory>

namespace capgraph::editor {

class PlanEdgeItem;
class PlanLaneItem;
class PlanTaskItem;

// A negotiated plan drawn as a layered DAG (seed 004): a card per task, a curve per
// dependency, optional swimlanes per participant. The plan and what the user focuses on live
// here; the items ask this scene how to draw themselves.
//
// Focus: clicking a task highlights it, its prerequisites and successors (with `transitive`,
// everything upstream and downstream) and the edges between them, and dims the rest to 30 %;
// clicking a participant highlights that participant's tasks; clicking the background clears.
// The critical path can be shown on top of either, and a participant filter hides the tasks
// of the participants left out.
class PlanScene : public QGraphicsScene
{
    Q_OBJECT

public:
    static constexpr double DimmedOpacity = 0.3;

    explicit PlanScene(QObject *parent = nullptr);
    ~PlanScene() override;

    void setPlan(const Plan &plan);
    // Makes the items again (in a new language: the cards' statuses, tooltips and sizes); the
    // focus stays.
    void relayout() { rebuild(); }
    const Plan &plan() const { return m_plan; }
    const PlanTopology &topology() const { return *m_topology; }

    PlanTaskItem *taskItem(int task) const { return m_tasks.value(task); }
    QList<PlanLaneItem *> laneItems() const { return m_lanes ? m_laneItems : QList<PlanLaneItem *>(); }
    PlanEdgeItem *edgeItem(int edge) const { return m_edges.value(edge); }
    int taskAt(const QPointF &scenePos) const;
    // The curve of a dependency, from `from`'s right middle to `to`'s left middle with
    // horizontal tangents (seed 004): one cubic Bézier where that passes no other card; else
    // around the cards as they are placed, level through each layer it crosses (past that
    // layer's cards, as near its own height as there is room) and turning in the gaps between
    // the layers, where there are no cards.
    QPainterPath dependencyPath(int from, int to) const;

    // -1: none.
    int selectedTask() const { return m_selected; }
    void selectTask(int task);
    QString focusedParticipant() const { return m_participant; }
    void focusParticipant(const QString &agentId);
    void clearFocus();
    bool hasFocus() const { return m_selected >= 0 || !m_participant.isNull(); }

    bool isTransitive() const { return m_transitive; }
    void setTransitive(bool on);
    bool showsCriticalPath() const { return m_critical; }
    void setShowCriticalPath(bool on);
    bool hasLanes() const { return m_lanes; }
    void setLanes(bool on);
    // Participants whose tasks are hidden (the filter); "" stands for tasks without assignee.
    QSet<QString> hiddenParticipants() const { return m_hidden; }
    void setHiddenParticipants(const QSet<QString> &agentIds);
    // While exporting, cards paint directly (no pixmap cache): an SVG gets text and vectors;
    // and every card shows its whole title (the cards grow, the plan is laid out again).
    void setExporting(bool exporting);
    bool showsWholeTitles() const { return m_wholeTitles; }
    // The critical path (the longest chain of dependent tasks), first task first.
    QList<int> criticalPath() const { return m_criticalPath; }
    // The dashed dependencies through hidden tasks, as (from, to) task pairs.
    QList<QPair<int, int>> viaHiddenEdges() const;

    // What the items draw.
    bool isHighlighted(int task) const { return m_focusTasks.contains(task); }
    bool isDimmed(int task) const { return hasFocus() && !m_focusTasks.contains(task); }
    bool isEdgeHighlighted(int edge) const { return m_focusEdges.contains(edge); }
    bool isEdgeDimmed(int edge) const { return hasFocus() && !m_focusEdges.contains(edge); }
    bool isOnCriticalPath(int task) const { return m_critical && m_criticalTasks.contains(task); }
    bool isEdgeOnCriticalPath(int edge) const { return m_critical && m_criticalEdges.contains(edge); }
    bool isTaskShown(int task) const;
    QList<int> highlightedTasks() const;  // sorted
    QList<int> highlightedEdges() const;  // sorted, indices in topology().edges()

    // A participant's colour: avatar_color when it is one, else a colour from the id (the
    // same every time); grey for an assignee who is not a participant.
    QColor colorOf(const QString &agentId) const;
    static QColor stableColor(const QString &agentId);
    // The first character of the display name (a whole character: CJK or an emoji too).
    static QString initialOf(const QString &name);

signals:
    // The focus changed (a task or participant selected, or cleared).
    void focusChanged();
    // The participant filter changed (hiddenParticipants()).
    void filterChanged();

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;
    void drawBackground(QPainter *painter, const QRectF &rect) override;

private:
    // The cards whose extents along the flow overlap (a layer's), left to right.
    struct Column
    {
        double left = 0;
        double right = 0;
        QList<int> tasks; // top to bottom
    };

    void rebuild();
    void placeColumns();
    bool crossesCard(const QPainterPath &path, int from, int to) const;
    double freeHeight(const Column &column, double wanted, int from, int to) const;
    void updateFocus();
    void rebuildViaHidden();

    Plan m_plan;
    std::unique_ptr<PlanTopology> m_topology;
    PlanLayoutResult m_layout;
    QHash<int, PlanTaskItem *> m_tasks;
    QHash<int, PlanEdgeItem *> m_edges;
    QList<QRectF> m_cards; // per task, where its card is in the scene
    QList<Column> m_columns;
    int m_selected = -1;
    QString m_participant; // null: no participant focused
    bool m_transitive = false;
    bool m_critical = false;
    bool m_lanes = false;
    QSet<QString> m_hidden;
    QSet<int> m_focusTasks;
    QSet<int> m_focusEdges;
    QList<int> m_criticalPath;
    QList<PlanEdgeItem *> m_viaHidden;
    QList<PlanLaneItem *> m_laneItems;
    bool m_wholeTitles = false;
    QSet<int> m_criticalTasks;
    QSet<int> m_criticalEdges;
    int m_paintedSelection = -1; // what the cards were last told to show
    bool m_paintedCritical = false;
};

} // namespace capgraph::editor
