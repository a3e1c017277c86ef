#pragma once

#include "plan/Plan.h"
#include "plan/PlanTopology.h"

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>

namespace capgraph {

struct PlanLane
{
    QString agentId; // "" for tasks with no assignee
    QRectF band;
};

struct PlanLayoutResult
{
    QList<QPointF> centers; // per task (index in Plan::tasks)
    QList<PlanLane> lanes;  // with lanes on
    QRectF bounds;
};

// Places a plan's tasks left to right in dependency layers with the layered layout engine
// (docs/layout.md): each task after its prerequisites, the tasks of one assignee adjacent
// within a layer, or, with `lanes`, in a band of their own (one per participant, in the
// participants' order). Cards are `sizes` (per task, as the viewer measures their text), or
// CardWidth × CardHeight; cycles are broken as back edges.
class PlanLayout
{
public:
    static constexpr double CardWidth = 240;
    static constexpr double CardHeight = 78;

    static PlanLayoutResult run(const Plan &plan, bool lanes = false, const QList<QSizeF> &sizes = {});
    // The same with the plan's topology already built (the viewer keeps one per plan).
    static PlanLayoutResult run(const Plan &plan, const PlanTopology &topology, bool lanes = false, const QList<QSizeF> &sizes = {});
};

} // namespace capgraph
