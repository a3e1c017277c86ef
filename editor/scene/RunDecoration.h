#pragma once

#include "exec/RunSnapshot.h"

#include <QColor>
#include <QRectF>

class QPainter;

namespace capgraph::editor {

// What a run adds to a node on the canvas: an outline and a badge for its state (running
// blue, waiting for a person orange with "?", done green ✓, failed red ✕, forced out of a
// loop amber), "×N" when it ran more than once, a red breakpoint dot at its top left (with a
// white bar when conditional), and an arrow where the run is paused. Far out they keep a
// size that reads on screen (`lod` is the scale), within reach(box).
class RunDecoration
{
public:
    // Everything paint() may cover around `box`.
    static QRectF reach(const QRectF &box);
    // A state's colour (invalid for pending and skipped, which have none).
    static QColor stateColor(NodeRunState state);
    static void paint(QPainter *painter, const QRectF &box, const NodeRunInfo &state, bool breakpoint, bool conditional, bool pausedHere,
                      double lod);
};

} // namespace capgraph::editor
