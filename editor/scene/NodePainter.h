#pragma once

#include "diagnostics/Diagnostic.h"
#include "model/Node.h"

#include <QPainter>
#include <QPainterPath>
#include <QFontMetricsF>
#include <QRectF>
#include <QStringList>

namespace capgraph::editor {

// Draws a node the way the studio shows it, for the canvas and for export alike: a shape per
// kind (skill card, start/end circles, branch diamond, merge dot, loop hexagons, parallel
// bars, interaction cards with a person badge), its id and what it does, and a lint badge.
// `lod` is the level of detail (QStyleOptionGraphicsItem::levelOfDetailFromTransform), the
// scale from scene to screen. The id is drawn at every zoom where it fits: at TitlePixelSize
// while that is legible on screen (LegiblePixels and up), and further out at LegiblePixels on
// screen, shortened to its box, as long as the box has room for a few letters.
class NodePainter
{
public:
    static constexpr double TitlePixelSize = 13;  // the id, in scene pixels
    static constexpr double DetailPixelSize = 11; // what the node does
    static constexpr double LegiblePixels = 9;    // smallest text on screen that reads well
    // The zoom from which ids are drawn at their own size and legible: "fit" stays there.
    static constexpr double legibleZoom() { return LegiblePixels / TitlePixelSize; }

    // `composite`: the node runs a sub-graph (a composite capability): a badge at the card's
    // left, two stacked cards, as the person badge marks a step that waits for a human.
    static void paint(QPainter *painter, const Node &node, const QRectF &box, bool selected, double lod,
                      Severity worstFinding, int findings, bool dark, bool composite = false);
    // An id as written on its card, `width` wide in `metrics`: one line when it fits, else two,
    // broken after a separator (_ - . / space) or between Chinese characters where one fits,
    // the second shortened with "…" only when even two lines cannot hold it.
    static QStringList titleLines(const QString &id, const QFontMetricsF &metrics, double width);
};

} // namespace capgraph::editor
