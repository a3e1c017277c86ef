#pragma once

#include <QList>

namespace capgraph::layout {

// The "proper" layered graph the phases of the layered (Sugiyama) layout work on: every
// edge joins consecutive layers (long edges are chains of dummy nodes). Index-based and
// shared by layering, crossing minimisation and coordinate assignment.
//
// Terms: a node's *layer* is its rank along the flow (x for left-to-right); its *order* is
// its position within the layer; its *coordinate* is its position across the flow (y for
// left-to-right). "Size" is a node's extent across the flow (its height for left-to-right).
struct LayeredGraph
{
    int realCount = 0;            // nodes [0, realCount) are real, the others dummies
    QList<int> layerOf;           // per node
    QList<QList<int>> layers;     // per layer: its nodes, in order
    QList<QList<int>> up;         // per node: neighbours in the previous layer (edge sources)
    QList<QList<int>> down;       // per node: neighbours in the next layer (edge targets)
    QList<double> size;           // per node: extent across the flow (dummies: 0)
    QList<int> group;             // per node: group key (same assignee), -1 = none; dummies -1

    int nodeCount() const { return int(layerOf.size()); }
    bool isDummy(int v) const { return v >= realCount; }
    // Position of each node within its layer, from `layers`.
    QList<int> positions() const
    {
        QList<int> pos(nodeCount(), 0);
        for (const QList<int> &layer : layers)
            for (int i = 0; i < layer.size(); ++i)
                pos[layer.at(i)] = i;
        return pos;
    }
};

} // namespace capgraph::layout
