#pragma once

#include "model/NodeKind.h"

#include <QSizeF>

namespace capgraph {

// The size of a node's box as the studio draws it, by kind. Shared by the studio's items,
// headless export and auto-layout, so a layout computed without a display fits the drawing.
QSizeF nodeBoxSize(NodeKind kind);

} // namespace capgraph
