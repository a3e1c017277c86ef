#pragma once

#include "exec/RunSnapshot.h"

#include <QRectF>

class QPainter;

namespace capgraph::editor {

// What a run adds to a node on the canvas: an outline and a badge for its state (running
// blue, waiting for a person orange with "?", done green ✓, failed red ✕, forced out of a
// loop amber), "×N" when it ran more than once, a red breakpoint dot at its top left (with a
// white bar when conditional), and an arrow where the run is paused.
class RunDecoration
{
public:
    static void paint(QPainter *painter, const QRectF &box, const NodeRunInfo &state, bool breakpoint, bool conditional, bool pausedHere,
                      double lod);
};

} // namespace capgraph::editor
