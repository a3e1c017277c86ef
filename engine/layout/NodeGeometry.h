#pragma once

#include "model/NodeKind.h"

#include <QRectF>
#include <QSizeF>
#include <QString>

namespace capgraph {

// The size of a node's box as the studio draws it, by kind. Shared by the studio's items,
// headless export and auto-layout, so a layout computed without a display fits the drawing.
QSizeF nodeBoxSize(NodeKind kind);

// Small shapes (start, end, merge, branch, the parallel bars) carry their id under the box
// rather than inside it.
bool hasCaptionBelow(NodeKind kind);

// Where that id is written: a rectangle under the box, relative to the box's centre, as wide
// as the id needs in the caption font (estimated from its characters, at most 160) — empty
// for kinds that write their id inside. Layout, edge routing and drawing all use it, so
// edges and labels keep off the caption without a display to measure it.
QRectF nodeCaptionRect(NodeKind kind, const QString &id);

// The box and its caption together, relative to the box's centre.
QRectF nodeFootprint(NodeKind kind, const QString &id);

// The caption's font size in scene pixels (the studio draws it at this size).
constexpr double CaptionPixelSize = 12;
// An edge label's font size, and the widest its box gets (longer text is shortened).
constexpr double EdgeLabelPixelSize = 11;
constexpr double EdgeLabelMaxWidth = 180;

// How wide `text` is in the studio's sans-serif font at `pixelSize` (DejaVu Sans, Noto Sans
// CJK for ideographs), from its characters, rounded up: layout and routing measure texts
// without a display this way.
double estimatedTextWidth(const QString &text, double pixelSize);
// An edge label's box, as the studio draws it for `text` (empty text: none).
QSizeF edgeLabelSize(const QString &text);

} // namespace capgraph
