#include "analysis/StaleResults.h"

#include "analysis/GraphTopology.h"

#include <QHash>

#include <algorithm>

namespace capgraph::StaleResults {

namespace {

// A node as a run sees it: where it sits on the canvas does not change what it does.
Node withoutPlace(Node n)
{
    n.position.reset();
    return n;
}

QHash<QString, QList<Edge>> edgesInto(const Graph &g)
{
    QHash<QString, QList<Edge>> into;
    for (const Edge &e : g.edges)
        into[e.to].append(e);
    for (QList<Edge> &list : into)
        std::sort(list.begin(), list.end(), [](const Edge &a, const Edge &b) {
            return std::tie(a.from, a.type, a.condition) < std::tie(b.from, b.type, b.condition);
        });
    return into;
}

} // namespace

QSet<QString> of(const Graph &ran, const Graph &now, const QSet<QString> &ranNodes)
{
    if (ranNodes.isEmpty())
        return {};
    QHash<QString, const Node *> before;
    for (const Node &n : ran.nodes)
        before.insert(n.id, &n);
    const QHash<QString, QList<Edge>> inBefore = edgesInto(ran);
    const QHash<QString, QList<Edge>> inNow = edgesInto(now);
    const GraphTopology topology(now);
    QList<int> changed;
    for (const Node &n : now.nodes) {
        const Node *old = before.value(n.id);
        if (!old || withoutPlace(*old) != withoutPlace(n) || inBefore.value(n.id) != inNow.value(n.id)) {
            const int i = topology.indexOf(n.id);
            if (i >= 0)
                changed << i;
        }
    }
    QSet<QString> stale;
    if (changed.isEmpty())
        return stale;
    const QList<bool> downstream = topology.reachableFrom(changed);
    for (int i = 0; i < downstream.size(); ++i)
        if (downstream.at(i) && ranNodes.contains(topology.idAt(i)))
            stale.insert(topology.idAt(i));
    return stale;
}

} // namespace capgraph::StaleResults
