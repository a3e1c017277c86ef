// Dify's parallel branches: a node whose edges go to several nodes runs them all at once, and
// a node those branches meet again waits for every one of them. Ours: the extra edges out of
// such a node are `parallel` edges (they fork with its main continuation) and a
// control.parallel_join stands before the node where they meet.

#include "dify/DifyImporter_p.h"

#include "io/YamlValue.h"
#include "model/EdgeKind.h"
#include "model/NodeKind.h"

#include <QMap>
#include <QQueue>

namespace capgraph::dify {

namespace {
// At most this many forks are followed to find where their branches meet; an app with more
// keeps its forks, without joins (docs/dify.md, "Limits").
constexpr int kMaxForks = 64;
} // namespace

QList<int> ScopeMapper::scopeEdges() const
{
    QList<int> edges;
    for (const QString &id : m_inScope)
        edges += m_shared->edgesFrom.value(id);
    std::sort(edges.begin(), edges.end()); // file order
    return edges;
}

void ScopeMapper::planParallel(Graph &g)
{
    QHash<QString, QStringList> next; // Dify id -> the nodes its edges lead to, in this graph
    QHash<QString, QSet<QString>> sources; // Dify id -> the nodes with an edge into it
    QMap<QPair<QString, QString>, QStringList> byHandle; // (Dify id, handle) -> its nodes
    QSet<QString> deciding;
    for (const int ei : scopeEdges()) {
        const SourceEdge &e = m_edges.at(ei);
        if (!m_inScope.contains(e.target) || e.source == e.target)
            continue;
        next[e.source] << e.target;
        sources[e.target].insert(e.source);
        const SourceNode &from = m_all.at(m_index.value(e.source));
        if (from.type == QLatin1String("if-else") || from.type == QLatin1String("question-classifier")
            || from.data.value(QStringLiteral("error_strategy")).toString() == QLatin1String("fail-branch"))
            deciding.insert(e.source);
        QStringList &targets = byHandle[qMakePair(e.source, e.handle)];
        if (!targets.contains(e.target))
            targets << e.target;
    }
    // Forks: a way out to several nodes. Out of an ordinary node, the extra edges become
    // parallel edges (mapEdges); out of a branch, a parallel_split (handleTarget).
    QList<QStringList> forks;
    for (auto it = byHandle.cbegin(); it != byHandle.cend(); ++it) {
        if (it.value().size() < 2 || (!deciding.contains(it.key().first) && it.key().second != QLatin1String("source")))
            continue;
        forks << it.value();
        if (!deciding.contains(it.key().first))
            m_forks.insert(it.key().first);
    }
    if (forks.isEmpty() || forks.size() > kMaxForks)
        return;
    // What each branch of each fork reaches (the branch's first node included).
    auto reach = [&](const QString &from) {
        QSet<QString> seen{from};
        QQueue<QString> todo;
        todo.enqueue(from);
        while (!todo.isEmpty())
            for (const QString &n : next.value(todo.dequeue()))
                if (!seen.contains(n)) {
                    seen.insert(n);
                    todo.enqueue(n);
                }
        return seen;
    };
    QList<QList<QSet<QString>>> branches; // per fork, per branch
    for (const QStringList &targets : std::as_const(forks)) {
        QList<QSet<QString>> each;
        for (const QString &t : targets)
            each << reach(t);
        branches << each;
    }
    // A node reached by edges from two branches of one fork waits for both.
    QStringList meets(sources.keyBegin(), sources.keyEnd());
    std::sort(meets.begin(), meets.end());
    for (const QString &n : std::as_const(meets)) {
        const QSet<QString> &from = sources.value(n);
        if (from.size() < 2)
            continue;
        bool parallel = false;
        for (const QList<QSet<QString>> &each : std::as_const(branches)) {
            int hit = 0;
            for (const QSet<QString> &b : each)
                hit += std::any_of(from.cbegin(), from.cend(), [&](const QString &s) { return b.contains(s); });
            if (hit >= 2) {
                parallel = true;
                break;
            }
        }
        if (!parallel)
            continue;
        const SourceNode &target = m_all.at(m_index.value(n));
        Node join;
        join.id = ourId(m_scope.ids.value(n) + QStringLiteral("_join"), {});
        join.type = QStringLiteral("control.parallel_join");
        join.kind = NodeKind::ParallelJoin;
        if (target.placed)
            join.position = target.position + QPointF(-60, target.size.height() / 2);
        join.extra.setValue(QStringLiteral("dify_part_of"), n);
        g.nodes << join;
        Edge into;
        into.from = join.id;
        into.to = m_scope.ids.value(n);
        into.extra.setValue(QStringLiteral("dify_part_of"), n);
        g.edges << into;
        m_entryOf.insert(n, join.id);
    }
}

void ScopeMapper::mapEdges(Graph &g)
{
    QSet<QString> continued; // forks whose main continuation is taken: their other branches are parallel edges
    for (const int ei : scopeEdges()) {
        const SourceEdge &e = m_edges.at(ei);
        if (!m_inScope.contains(e.target))
            continue;
        Edge edge;
        edge.from = m_exitOf.value(e.source);
        edge.to = m_entryOf.value(e.target);
        if (m_forks.contains(e.source) && e.handle == QLatin1String("source")) {
            if (continued.contains(e.source)) {
                edge.type = QStringLiteral("parallel");
                edge.kind = EdgeKind::Parallel;
            }
            continued.insert(e.source);
        }
        QString err;
        edge.extra.setYaml(QStringLiteral("dify"), emitYamlNode(e.yaml), &err);
        g.edges << edge;
    }
}

} // namespace capgraph::dify
