#pragma once

#include "diagnostics/Diagnostic.h"
#include "model/Node.h"

#include <QPainter>
#include <QPainterPath>
#include <QRectF>

namespace capgraph::editor {

// Draws a node the way the studio shows it, for the canvas and for export alike: a shape per
// kind (skill card, start/end circles, branch diamond, merge dot, loop hexagons, parallel
// bars, interaction cards with a person badge), its id and what it does, and a lint badge.
// `lod` is the level of detail (QStyleOptionGraphicsItem::levelOfDetailFromTransform):
// below 0.3 only the shape is drawn.
class NodePainter
{
public:
    static QPainterPath shape(NodeKind kind, const QRectF &box);
    static void paint(QPainter *painter, const Node &node, const QRectF &box, bool selected, double lod,
                      Severity worstFinding, int findings, bool dark);
    static QColor fill(NodeKind kind, bool dark);
};

} // namespace capgraph::editor
