#pragma once

#include "model/FlowEdge.h"
#include "model/Graph.h"

#include <QHash>
#include <QList>
#include <QString>

namespace capgraph {

// Index-based view of a graph's control flow (explicit edges plus branch targets), built
// once and shared by the validator, the metrics and the layout. Edges whose endpoints do
// not exist are left out (the validator reports them). With duplicate ids the first wins.
class GraphTopology
{
public:
    explicit GraphTopology(const Graph &graph);

    int nodeCount() const { return int(m_ids.size()); }
    int indexOf(const QString &id) const { return m_index.value(id, -1); }
    const QString &idAt(int i) const { return m_ids.at(i); }

    const QList<FlowEdge> &flowEdges() const { return m_flow; }
    // Flow edges with both endpoints present: indexes into flowEdges().
    const QList<int> &validFlowEdges() const { return m_valid; }
    int sourceOf(int flowEdge) const { return m_src.at(flowEdge); }
    int targetOf(int flowEdge) const { return m_dst.at(flowEdge); }
    const QList<int> &outEdges(int node) const { return m_out.at(node); } // flow edge indexes
    const QList<int> &inEdges(int node) const { return m_in.at(node); }
    QList<int> successors(int node) const;

    // Nodes reachable from `from` (inclusive) along flow edges.
    QList<bool> reachableFrom(const QList<int> &from) const;
    // Nodes from which one of `to` is reachable (inclusive).
    QList<bool> reachingTo(const QList<int> &to) const;

    // Depth-first from the start node(s) (then from any node not yet seen, in file order):
    // true for each flow edge that closes a cycle. Deterministic.
    const QList<bool> &backEdges() const { return m_back; }
    // The longest path by `weight` (one per flow edge) from `from` to every node over the
    // flow edges that are not back edges; -1 = not reachable (all -1 when `from` is -1). The
    // metrics' estimated duration and the path costs' loop bodies both measure with it.
    QList<double> longestPathsFrom(const QList<double> &weight, int from) const;

    // Strongly connected components (Tarjan); component id per node.
    const QList<int> &componentOf() const { return m_component; }
    int componentCount() const { return m_componentCount; }
    // True when node i lies on a cycle (a component of 2+ nodes, or a self-loop).
    bool onCycle(int node) const { return m_onCycle.at(node); }
    // The cycles left once the given nodes and flow edges are taken out: each entry is the
    // node set of a strongly connected component with a cycle (2+ nodes, or a self-loop).
    QList<QList<int>> cyclesWithout(const QList<bool> &nodeRemoved, const QList<bool> &edgeRemoved) const;

    // Weakly connected components (for P in E - N + 2P).
    int weakComponentCount() const;

    // Immediate post-dominator of each node with a virtual exit after every end node and
    // dead end; -1 = the virtual exit (or the node cannot reach an exit). Flow edges marked
    // in `edgeRemoved` (null = none) are left out.
    QList<int> immediatePostDominators(const QList<bool> *edgeRemoved = nullptr) const;

    QList<int> nodesOfKind(const Graph &graph, NodeKind kind) const;

private:
    QList<QString> m_ids;
    QHash<QString, int> m_index;
    QList<FlowEdge> m_flow;
    QList<int> m_valid;
    QList<int> m_src, m_dst;
    QList<QList<int>> m_out, m_in;
    QList<bool> m_back;
    QList<int> m_component;
    QList<bool> m_onCycle;
    int m_componentCount = 0;
    QList<int> m_starts;

    void computeBackEdges();
    void computeComponents();
    // Tarjan over the flow graph minus removed nodes/edges (null = none removed).
    int tarjan(const QList<bool> *nodeRemoved, const QList<bool> *edgeRemoved, QList<int> *component,
               QList<bool> *onCycle) const;
};

} // namespace capgraph
