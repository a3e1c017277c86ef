#pragma once

#include "layout/LayeredLayout.h"
#include "model/Graph.h"

#include <QHash>
#include <QPointF>
#include <QSet>
#include <QString>

namespace capgraph {

// Auto-layout of a capability graph with the layered layout: every control-flow edge
// (explicit edges and branch conditions' targets) counts, iteration edges are loop back
// edges (reversed for layering, drawn backwards), boxes have the studio's sizes
// (nodeBoxSize). Returns each node's new centre.
//
// With `only` non-empty, just those nodes are laid out (the edges among them count), and the
// result is moved so that its top-left corner is where the selection's was, when all of its
// nodes had positions; other nodes keep theirs.
QHash<QString, QPointF> autoLayoutGraph(const Graph &graph,
                                        layout::LayoutDirection direction = layout::LayoutDirection::LeftToRight,
                                        const QSet<QString> &only = {});

} // namespace capgraph
