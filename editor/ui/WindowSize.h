#pragma once

#include <QSize>

namespace capgraph::editor {

// A first start's window size, for the main window and the plan windows alike: a good share
// of the screen's free area `available`, at least 1280 x 800 where the screen has room for
// that (afterwards the size the user left it at).
QSize defaultWindowSize(const QSize &available);

} // namespace capgraph::editor
