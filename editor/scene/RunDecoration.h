#pragma once

#include "exec/RunSnapshot.h"

#include <QColor>
#include <QPointF>
#include <QRectF>
#include <QString>

class QPainter;

namespace capgraph::editor {

// What a run adds to a node on the canvas: an outline and a badge for its state (running
// blue, waiting for a person orange with "?", done green ✓, failed red ✕, forced out of a
// loop amber), "×N" beside it when it ran more than once, a red breakpoint dot at its top
// left (with a white bar when conditional), and an arrow where the run is paused. Far out
// they keep a size that reads on screen (`lod` is the scale), within reach(box). The badges
// sit on the node's corners; at their own size (zoomed in to 67 % and more) they reach only
// Overhang past the box, less than edge labels (3 units) and routed edges (10) keep off a
// node, so they cover no edge or label; larger, further out, they reach further (overhang()).
// What else a run's results say of a node: out of date since an edit (stale), its output
// pinned, the LLM tokens its calls used and what they cost.
struct NodeRunMarks
{
    bool stale = false;
    bool pinned = false;
    qint64 tokens = 0;
    double cost = 0;
    QString currency; // empty: its tokens are not priced
};

class RunDecoration
{
public:
    // How far a badge `size` units across reaches past the node's box it sits on.
    static constexpr double Overhang = 3;
    static double overhang(double size);
    // Where the state badge of `radius` sits on the box's bottom-right corner.
    static QPointF stateBadgeCentre(const QRectF &box, double radius);
    // Everything paint() may cover around `box`.
    static QRectF reach(const QRectF &box);
    // A state's colour (invalid for pending and skipped, which have none).
    static QColor stateColor(NodeRunState state);
    // A stale result gets a dotted amber outline and "↻" on its badge instead of its state; a
    // pinned output a blue pin tag at the bottom left; tokens a grey "1.2k tok" tag above the
    // top edge's middle (when not zero), "1.2k tok · $0.004" when they are priced.
    static void paint(QPainter *painter, const QRectF &box, const NodeRunInfo &state, bool breakpoint, bool conditional, bool pausedHere,
                      double lod, const NodeRunMarks &marks = {});
    // "950", "1.2k", "34k", "1.5M"
    static QString tokenText(qint64 tokens);
    // The token tag's text: "1.2k tok", or "1.2k tok · $0.004" when priced (CostText).
    static QString tokenTagText(const NodeRunMarks &marks);
};

} // namespace capgraph::editor
