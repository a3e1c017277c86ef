#include "ui/WindowSize.h"

#include <algorithm>

namespace capgraph::editor {

QSize defaultWindowSize(const QSize &available)
{
    const QSize wanted(1280, 800);
    if (available.width() < wanted.width() || available.height() < wanted.height())
        return available; // a small screen: all of it
    // A large screen: most of it, but not a wall of a window.
    return QSize(std::max(wanted.width(), std::min(available.width() * 4 / 5, 1920)),
                 std::max(wanted.height(), std::min(available.height() * 4 / 5, 1200)));
}

} // namespace capgraph::editor
