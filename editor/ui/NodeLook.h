#pragma once

#include "model/NodeKind.h"

#include <QColor>
#include <QPainterPath>
#include <QRectF>

namespace capgraph::editor {

// A node kind's colour and outline, the same wherever a node is drawn: on the canvas
// (NodePainter), in the zoomed-out sketch (GraphSketch) and in the palette's icons (StudioIcons).
class NodeLook
{
public:
    static QColor fill(NodeKind kind, bool dark);
    static QPainterPath shape(NodeKind kind, const QRectF &box);
};

} // namespace capgraph::editor
