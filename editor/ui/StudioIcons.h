#pragma once

#include "model/NodeKind.h"

#include <QColor>
#include <QIcon>

namespace capgraph::editor {

// The studio's icons, drawn rather than loaded (no icon theme is needed, and they follow the
// light or dark theme): the toolbar's actions and, for the palette, each node kind as the
// canvas draws it.
namespace StudioIcons {

enum class Glyph { Undo, Redo, AutoLayout, Fit, Run, Continue, Pause, Step, RunTo, Stop, Breakpoint, OptimalPath, Follow };

// A glyph in `ink` (the theme's text colour), at the sizes toolbars and menus use.
QIcon icon(Glyph glyph, const QColor &ink);
// A node kind's shape in its canvas colours.
QIcon kindIcon(NodeKind kind, bool dark = false);

} // namespace StudioIcons

} // namespace capgraph::editor
