#include "analysis/GraphTopology.h"

#include "algo/DepthFirst.h"

#include <algorithm>

namespace capgraph {

GraphTopology::GraphTopology(const Graph &graph)
{
    m_ids.reserve(graph.nodes.size());
    for (const Node &n : graph.nodes) {
        m_ids.append(n.id);
        if (!m_index.contains(n.id))
            m_index.insert(n.id, int(m_ids.size() - 1));
        if (n.kind == NodeKind::Start)
            m_starts.append(int(m_ids.size() - 1));
    }
    m_flow = graph.flowEdges();
    const int n = nodeCount();
    m_out.resize(n);
    m_in.resize(n);
    m_src.resize(m_flow.size());
    m_dst.resize(m_flow.size());
    for (int e = 0; e < m_flow.size(); ++e) {
        const int s = indexOf(m_flow.at(e).from);
        const int t = indexOf(m_flow.at(e).to);
        m_src[e] = s;
        m_dst[e] = t;
        if (s < 0 || t < 0)
            continue;
        m_valid.append(e);
        m_out[s].append(e);
        m_in[t].append(e);
    }
    computeBackEdges();
    computeComponents();
}

QList<int> GraphTopology::successors(int node) const
{
    QList<int> s;
    for (int e : m_out.at(node))
        s.append(m_dst.at(e));
    return s;
}

QList<bool> GraphTopology::reachableFrom(const QList<int> &from) const
{
    QList<bool> seen(nodeCount(), false);
    QList<int> stack;
    for (int f : from)
        if (f >= 0 && !seen.at(f)) {
            seen[f] = true;
            stack.append(f);
        }
    while (!stack.isEmpty()) {
        const int v = stack.takeLast();
        for (int e : m_out.at(v)) {
            const int w = m_dst.at(e);
            if (!seen.at(w)) {
                seen[w] = true;
                stack.append(w);
            }
        }
    }
    return seen;
}

QList<bool> GraphTopology::reachingTo(const QList<int> &to) const
{
    QList<bool> seen(nodeCount(), false);
    QList<int> stack;
    for (int t : to)
        if (t >= 0 && !seen.at(t)) {
            seen[t] = true;
            stack.append(t);
        }
    while (!stack.isEmpty()) {
        const int v = stack.takeLast();
        for (int e : m_in.at(v)) {
            const int w = m_src.at(e);
            if (!seen.at(w)) {
                seen[w] = true;
                stack.append(w);
            }
        }
    }
    return seen;
}

void GraphTopology::computeBackEdges()
{
    QList<int> roots = m_starts;
    for (int i = 0; i < nodeCount(); ++i)
        roots.append(i);
    m_back = algo::backEdges(m_out, m_dst, roots);
}

QList<double> GraphTopology::longestPathsFrom(const QList<double> &weight, int from) const
{
    const int n = nodeCount();
    QList<int> indeg(n, 0);
    for (int e : m_valid)
        if (!m_back.at(e))
            ++indeg[m_dst.at(e)];
    QList<int> queue;
    for (int i = 0; i < n; ++i)
        if (indeg.at(i) == 0)
            queue.append(i);
    QList<double> dist(n, -1);
    if (from >= 0)
        dist[from] = 0;
    for (qsizetype q = 0; q < queue.size(); ++q) {
        const int v = queue.at(q);
        for (int e : m_out.at(v)) {
            if (m_back.at(e))
                continue;
            const int w = m_dst.at(e);
            if (dist.at(v) >= 0)
                dist[w] = std::max(dist.at(w), dist.at(v) + weight.at(e));
            if (--indeg[w] == 0)
                queue.append(w);
        }
    }
    return dist;
}

void GraphTopology::computeComponents()
{
    m_componentCount = tarjan(nullptr, nullptr, &m_component, &m_onCycle);
}

int GraphTopology::tarjan(const QList<bool> *nodeRemoved, const QList<bool> *edgeRemoved, QList<int> *component,
                          QList<bool> *onCycle) const
{
    // Iterative Tarjan.
    const int n = nodeCount();
    *component = QList<int>(n, -1);
    *onCycle = QList<bool>(n, false);
    auto nodeIn = [&](int v) { return !nodeRemoved || !nodeRemoved->at(v); };
    auto edgeIn = [&](int e) { return (!edgeRemoved || !edgeRemoved->at(e)) && nodeIn(m_src.at(e)) && nodeIn(m_dst.at(e)); };
    QList<int> index(n, -1), low(n, 0);
    QList<bool> onStack(n, false);
    QList<int> stack;
    int counter = 0;
    int components = 0;
    struct Frame { int node; qsizetype next; };
    for (int root = 0; root < n; ++root) {
        if (index.at(root) >= 0 || !nodeIn(root))
            continue;
        QList<Frame> call{{root, 0}};
        index[root] = low[root] = counter++;
        stack.append(root);
        onStack[root] = true;
        while (!call.isEmpty()) {
            Frame &f = call.last();
            const int v = f.node;
            if (f.next < m_out.at(v).size()) {
                const int e = m_out.at(v).at(f.next++);
                if (!edgeIn(e))
                    continue;
                const int w = m_dst.at(e);
                if (index.at(w) < 0) {
                    index[w] = low[w] = counter++;
                    stack.append(w);
                    onStack[w] = true;
                    call.append({w, 0});
                } else if (onStack.at(w)) {
                    low[v] = std::min(low.at(v), index.at(w));
                }
                continue;
            }
            if (low.at(v) == index.at(v)) {
                QList<int> members;
                int w;
                do {
                    w = stack.takeLast();
                    onStack[w] = false;
                    (*component)[w] = components;
                    members.append(w);
                } while (w != v);
                if (members.size() > 1)
                    for (int m : members)
                        (*onCycle)[m] = true;
                ++components;
            }
            call.removeLast();
            if (!call.isEmpty())
                low[call.last().node] = std::min(low.at(call.last().node), low.at(v));
        }
    }
    for (int e : m_valid)
        if (m_src.at(e) == m_dst.at(e) && edgeIn(e))
            (*onCycle)[m_src.at(e)] = true;
    return components;
}

QList<QList<int>> GraphTopology::cyclesWithout(const QList<bool> &nodeRemoved, const QList<bool> &edgeRemoved) const
{
    QList<int> component;
    QList<bool> onCycle;
    const int count = tarjan(&nodeRemoved, &edgeRemoved, &component, &onCycle);
    QList<QList<int>> cycles(count);
    for (int v = 0; v < nodeCount(); ++v)
        if (onCycle.at(v))
            cycles[component.at(v)].append(v);
    cycles.removeIf([](const QList<int> &c) { return c.isEmpty(); });
    std::sort(cycles.begin(), cycles.end(), [](const QList<int> &a, const QList<int> &b) { return a.first() < b.first(); });
    return cycles;
}

int GraphTopology::weakComponentCount() const
{
    const int n = nodeCount();
    QList<int> parent(n);
    for (int i = 0; i < n; ++i)
        parent[i] = i;
    auto find = [&](int x) {
        while (parent.at(x) != x) {
            parent[x] = parent.at(parent.at(x));
            x = parent.at(x);
        }
        return x;
    };
    int components = n;
    for (int e : m_valid) {
        const int a = find(m_src.at(e)), b = find(m_dst.at(e));
        if (a != b) {
            parent[a] = b;
            --components;
        }
    }
    return components;
}

QList<int> GraphTopology::immediatePostDominators(const QList<bool> *edgeRemoved) const
{
    // Cooper-Harvey-Kennedy on the reverse graph, rooted at a virtual exit (index n).
    const int n = nodeCount();
    const int exit = n;
    QList<QList<int>> succ(n + 1), pred(n + 1); // in the reverse graph: pred = forward successors
    for (int v = 0; v < n; ++v) {
        QList<int> out;
        for (int e : m_out.at(v))
            if (!edgeRemoved || !edgeRemoved->at(e))
                out.append(m_dst.at(e));
        if (out.isEmpty()) {
            succ[exit].append(v); // reverse edge exit -> v
            pred[v].append(exit);
        }
        for (int w : out) {
            succ[w].append(v);
            pred[v].append(w);
        }
    }
    // Reverse post-order of the reverse graph from the exit.
    QList<int> order;
    QList<int> rpoIndex(n + 1, -1);
    {
        QList<bool> seen(n + 1, false);
        struct Frame { int node; qsizetype next; };
        QList<Frame> stack{{exit, 0}};
        seen[exit] = true;
        while (!stack.isEmpty()) {
            Frame &f = stack.last();
            if (f.next < succ.at(f.node).size()) {
                const int w = succ.at(f.node).at(f.next++);
                if (!seen.at(w)) {
                    seen[w] = true;
                    stack.append({w, 0});
                }
            } else {
                order.append(f.node);
                stack.removeLast();
            }
        }
        std::reverse(order.begin(), order.end());
        for (int i = 0; i < order.size(); ++i)
            rpoIndex[order.at(i)] = i;
    }
    QList<int> idom(n + 1, -2);
    idom[exit] = exit;
    auto intersect = [&](int a, int b) {
        while (a != b) {
            while (rpoIndex.at(a) > rpoIndex.at(b))
                a = idom.at(a);
            while (rpoIndex.at(b) > rpoIndex.at(a))
                b = idom.at(b);
        }
        return a;
    };
    bool changed = true;
    while (changed) {
        changed = false;
        for (int v : order) {
            if (v == exit)
                continue;
            int newIdom = -2;
            for (int p : pred.at(v)) {
                if (idom.at(p) == -2)
                    continue;
                newIdom = newIdom == -2 ? p : intersect(p, newIdom);
            }
            if (newIdom != -2 && idom.at(v) != newIdom) {
                idom[v] = newIdom;
                changed = true;
            }
        }
    }
    QList<int> result(n, -1);
    for (int v = 0; v < n; ++v)
        result[v] = (idom.at(v) < 0 || idom.at(v) == exit) ? -1 : idom.at(v);
    return result;
}

QList<int> GraphTopology::nodesOfKind(const Graph &graph, NodeKind kind) const
{
    QList<int> out;
    for (int i = 0; i < graph.nodes.size() && i < nodeCount(); ++i)
        if (graph.nodes.at(i).kind == kind)
            out.append(i);
    return out;
}

} // namespace capgraph
