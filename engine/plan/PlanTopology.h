#pragma once

#include "plan/Plan.h"

#include <QList>
#include <QSet>
#include <QStringList>

namespace capgraph {

// How far a plan has come: "5 of 12 done, 2 in progress, 3 blocked".
struct PlanRollup
{
    int total = 0;
    int done = 0;
    int inProgress = 0;
    // The four parts add up to the total: done, in progress (started), blocked (pending and
    // waiting on a prerequisite that is not done), ready (pending, every prerequisite done;
    // prerequisites that name no task are the validator's business and count as done here).
    int blocked = 0;
    int ready = 0;
    // "5 of 12 done, 2 in progress, 4 blocked, 1 ready to start"; `translated`: in the
    // application's language (context capgraph::PlanRollup).
    QString text(bool translated = false) const;
};

// The dependency graph of a plan's tasks, by task index: the merged dependencies whose both
// ends are tasks (a dependency of a task on itself is left out: the validator reports it).
// Answers what the viewer asks: neighbours, everything upstream or downstream, cycles, the
// critical (longest) path.
class PlanTopology
{
public:
    explicit PlanTopology(const Plan &plan);

    int taskCount() const { return int(m_successors.size()); }
    const QList<int> &predecessors(int task) const { return m_predecessors.at(task); }
    const QList<int> &successors(int task) const { return m_successors.at(task); }
    // Index pairs (from, to), in the plan's order of dependencies.
    const QList<QPair<int, int>> &edges() const { return m_edges; }

    QSet<int> ancestors(int task) const;   // every task it waits for, directly or not
    QSet<int> descendants(int task) const; // every task that waits for it

    // Each cycle once, as task ids in order, the first repeated at the end: a → b → c → a.
    QList<QStringList> cycles() const { return m_cycles; }
    bool isAcyclic() const { return m_cycles.isEmpty(); }

    // The longest chain of dependent tasks (most tasks; ties: the chain that ends at the
    // earliest task in plan order), as task indices from first to last. Empty when the plan
    // has a cycle.
    QList<int> criticalPath() const;

    PlanRollup rollup() const;

private:
    void findCycles();

    const Plan &m_plan;
    QList<QList<int>> m_predecessors;
    QList<QList<int>> m_successors;
    QList<QPair<int, int>> m_edges;
    QList<QStringList> m_cycles;
};

} // namespace capgraph
