#pragma once

namespace capgraph::editor {

// The type a new node's kind is dragged under (its canonical type name): from the
// palette (PaletteList) onto the canvas (GraphScene), which adds a node of that kind.
inline constexpr const char *NodeTypeMime = "application/x-capgraph-node-type";

} // namespace capgraph::editor
