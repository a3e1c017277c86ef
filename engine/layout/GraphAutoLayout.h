#pragma once

#include "layout/LayeredLayout.h"
#include "model/Graph.h"

#include <QHash>
#include <QList>
#include <QPair>
#include <QPointF>
#include <QSet>
#include <QString>

namespace capgraph {

// Where the layered layout put a graph's nodes and how it drew its edges.
struct GraphLayout
{
    QHash<QString, QPointF> centres; // node id -> its box's new centre
    // (from, to) -> the layout's polyline for that control-flow edge, from the source box's
    // right-side port to the target box's left-side port (EdgeRouter's hint). Back edges,
    // which the layout draws against the flow, have none.
    QHash<QPair<QString, QString>, QList<QPointF>> routes;
};

// Auto-layout of a capability graph with the layered layout: every control-flow edge
// (explicit edges and branch conditions' targets) counts, iteration edges are loop back
// edges (reversed for layering, drawn backwards), nodes take the studio's room (their box
// and the caption under small shapes: nodeFootprint).
//
// With `only` non-empty, just those nodes are laid out (the edges among them count), and the
// result is moved so that its top-left corner is where the selection's was, when all of its
// nodes had positions; other nodes keep theirs.
GraphLayout layOutGraph(const Graph &graph, layout::LayoutDirection direction = layout::LayoutDirection::LeftToRight,
                        const QSet<QString> &only = {});

// layOutGraph's centres alone.
QHash<QString, QPointF> autoLayoutGraph(const Graph &graph,
                                        layout::LayoutDirection direction = layout::LayoutDirection::LeftToRight,
                                        const QSet<QString> &only = {});

} // namespace capgraph
