#pragma once

#include <QColor>

namespace capgraph::editor {

// The studio's light and dark themes: the whole application follows (Fusion with a dark
// palette, or the platform's own style and palette back), and the canvas with it.
class StudioTheme
{
public:
    // Switches the application's style and palette. The first call remembers the platform's.
    static void apply(bool dark);
    static bool isDark() { return s_dark; }
    // The colour of text and icons in the current theme.
    static QColor ink();

private:
    static bool s_dark;
};

} // namespace capgraph::editor
