#include "plan/PlanTopology.h"

#include <QCoreApplication>

#include <QHash>

#include <algorithm>
#include <functional>

namespace capgraph {

QString PlanRollup::text(bool translated) const
{
    const auto say = [translated](const char *text) {
        return translated ? QCoreApplication::translate("capgraph::PlanRollup", text) : QString::fromUtf8(text);
    };
    QStringList parts{say(QT_TRANSLATE_NOOP("capgraph::PlanRollup", "%1 of %2 done")).arg(done).arg(total)};
    if (inProgress > 0)
        parts << say(QT_TRANSLATE_NOOP("capgraph::PlanRollup", "%1 in progress")).arg(inProgress);
    if (blocked > 0)
        parts << say(QT_TRANSLATE_NOOP("capgraph::PlanRollup", "%1 blocked")).arg(blocked);
    if (ready > 0)
        parts << say(QT_TRANSLATE_NOOP("capgraph::PlanRollup", "%1 ready to start")).arg(ready);
    return parts.join(say(QT_TRANSLATE_NOOP("capgraph::PlanRollup", ", ")));
}

PlanTopology::PlanTopology(const Plan &plan)
    : m_plan(plan)
    , m_predecessors(plan.tasks.size())
    , m_successors(plan.tasks.size())
{
    // First index of each id: a duplicate id's later tasks get no edges (reported).
    QHash<QString, int> index;
    for (int i = 0; i < plan.tasks.size(); ++i)
        if (!index.contains(plan.tasks.at(i).id))
            index.insert(plan.tasks.at(i).id, i);
    QSet<QPair<int, int>> seen;
    for (const PlanDependency &d : plan.dependencies) {
        const int a = index.value(d.from, -1);
        const int b = index.value(d.to, -1);
        if (a < 0 || b < 0 || a == b || seen.contains({a, b}))
            continue;
        seen.insert({a, b});
        m_edges.append({a, b});
        m_successors[a].append(b);
        m_predecessors[b].append(a);
    }
    findCycles();
}

QSet<int> PlanTopology::ancestors(int task) const
{
    QSet<int> out;
    QList<int> todo{task};
    while (!todo.isEmpty()) {
        const int t = todo.takeLast();
        for (int p : m_predecessors.at(t))
            if (!out.contains(p) && p != task) {
                out.insert(p);
                todo.append(p);
            }
    }
    return out;
}

QSet<int> PlanTopology::descendants(int task) const
{
    QSet<int> out;
    QList<int> todo{task};
    while (!todo.isEmpty()) {
        const int t = todo.takeLast();
        for (int s : m_successors.at(t))
            if (!out.contains(s) && s != task) {
                out.insert(s);
                todo.append(s);
            }
    }
    return out;
}

void PlanTopology::findCycles()
{
    // Tarjan's strongly connected components (iteratively: a 1,000-task chain must not
    // exhaust the stack); every component of two or more tasks holds a cycle, reported as the
    // shortest way from its first task (in plan order) back to itself.
    const int n = taskCount();
    QList<int> order(n, -1), low(n, 0), component(n, -1);
    QList<bool> onStack(n, false);
    QList<int> stack;
    int counter = 0, components = 0;
    for (int root = 0; root < n; ++root) {
        if (order[root] >= 0)
            continue;
        QList<QPair<int, int>> work{{root, 0}}; // (task, next successor to visit)
        order[root] = low[root] = counter++;
        stack.append(root);
        onStack[root] = true;
        while (!work.isEmpty()) {
            auto &[v, next] = work.last();
            if (next < m_successors.at(v).size()) {
                const int w = m_successors.at(v).at(next++);
                if (order[w] < 0) {
                    order[w] = low[w] = counter++;
                    stack.append(w);
                    onStack[w] = true;
                    work.append({w, 0});
                } else if (onStack[w]) {
                    low[v] = std::min(low[v], order[w]);
                }
                continue;
            }
            const int done = v;
            work.removeLast();
            if (!work.isEmpty())
                low[work.last().first] = std::min(low[work.last().first], low[done]);
            if (low[done] == order[done]) {
                int w;
                do {
                    w = stack.takeLast();
                    onStack[w] = false;
                    component[w] = components;
                } while (w != done);
                ++components;
            }
        }
    }
    QList<QList<int>> members(components);
    for (int v = 0; v < n; ++v)
        members[component[v]].append(v);
    std::sort(members.begin(), members.end(), [](const QList<int> &a, const QList<int> &b) { return a.first() < b.first(); });
    for (const QList<int> &c : members) {
        if (c.size() < 2)
            continue;
        const int start = c.first();
        const int comp = component[start];
        // Breadth-first inside the component from start's successors back to start.
        QHash<int, int> parent;
        QList<int> queue;
        for (int s : m_successors.at(start))
            if (component[s] == comp && !parent.contains(s)) {
                parent.insert(s, start);
                queue.append(s);
            }
        for (qsizetype head = 0; head < queue.size(); ++head) {
            const int v = queue.at(head);
            if (v == start)
                break;
            for (int s : m_successors.at(v))
                if (component[s] == comp && !parent.contains(s)) {
                    parent.insert(s, v);
                    queue.append(s);
                }
        }
        QStringList ids{m_plan.tasks.at(start).id};
        for (int v = parent.value(start, -1); v >= 0 && v != start; v = parent.value(v, -1))
            ids.prepend(m_plan.tasks.at(v).id);
        ids.prepend(m_plan.tasks.at(start).id);
        m_cycles.append(ids);
    }
}

QList<int> PlanTopology::criticalPath() const
{
    if (!isAcyclic() || taskCount() == 0)
        return {};
    // Longest path by task count over a topological order (Kahn, ties in plan order).
    const int n = taskCount();
    QList<int> indegree(n, 0);
    for (const auto &e : m_edges)
        ++indegree[e.second];
    QList<int> topo;
    QList<int> ready;
    for (int v = 0; v < n; ++v)
        if (indegree[v] == 0)
            ready.append(v);
    while (!ready.isEmpty()) {
        std::sort(ready.begin(), ready.end(), std::greater<int>());
        const int v = ready.takeLast();
        topo.append(v);
        for (int s : m_successors.at(v))
            if (--indegree[s] == 0)
                ready.append(s);
    }
    QList<int> length(n, 1), from(n, -1);
    for (int v : topo)
        for (int s : m_successors.at(v))
            if (length[v] + 1 > length[s] || (length[v] + 1 == length[s] && from[s] > v)) {
                length[s] = length[v] + 1;
                from[s] = v;
            }
    int best = 0;
    for (int v = 1; v < n; ++v)
        if (length[v] > length[best])
            best = v;
    QList<int> path;
    for (int v = best; v >= 0; v = from[v])
        path.prepend(v);
    return path;
}

PlanRollup PlanTopology::rollup() const
{
    PlanRollup r;
    r.total = taskCount();
    for (int v = 0; v < taskCount(); ++v) {
        const PlanTaskStatus s = m_plan.tasks.at(v).status;
        if (s == PlanTaskStatus::Done) {
            ++r.done;
            continue;
        }
        if (s == PlanTaskStatus::InProgress) { // started: in progress, whatever it still waits for
            ++r.inProgress;
            continue;
        }
        const bool waiting = std::any_of(m_predecessors.at(v).cbegin(), m_predecessors.at(v).cend(),
                                         [this](int p) { return m_plan.tasks.at(p).status != PlanTaskStatus::Done; });
        if (waiting)
            ++r.blocked;
        else
            ++r.ready;
    }
    return r;
}

} // namespace capgraph
