#pragma once

#include "plan/PlanTask.h"

#include <QFont>
#include <QSizeF>
#include <QStringList>

namespace capgraph::editor {

// A task card's geometry and text, in scene units (pixels at 100 %), shared by the items that
// draw cards, the layout that places them and the tests that check them. A title wraps onto
// up to MaxTitleLines lines (Unicode line breaking: between any two Chinese characters, at
// spaces in Latin text, anywhere in a word too long for a line); the card's height follows.
// On screen a longer title ends in "…" (the title is in the card's tooltip and the info
// panel); exports (`wholeTitle`) draw up to MaxExportTitleLines lines, which holds any title a
// person writes: only a longer one ends in "…" there. Only the lines drawn are laid out, so a
// title of millions of characters costs what a long sentence costs.
namespace PlanCard {

constexpr double Width = 240;
constexpr double MinHeight = 78;
constexpr int MaxTitleLines = 3;
constexpr int MaxExportTitleLines = 12;
// Text shown whole in a tooltip or a panel before it is cut (with "…" and how much is left).
constexpr int MaxShownChars = 2000;
// Pixel sizes: the title is the text that must stay legible (LegiblePixels on screen).
constexpr int TitlePixels = 13;
constexpr int MetaPixels = 11;
constexpr int AvatarPixels = 15;
constexpr double LegiblePixels = 9;
// Where the text column starts and how wide it is (after the avatar).
constexpr double TextLeft = 53;
constexpr double TextWidth = Width - TextLeft - 10;
constexpr double TitleTop = 8;

QFont titleFont();
QFont metaFont();
// The title as drawn: its lines (the last elided when the title is longer and not whole).
QStringList titleLines(const QString &title, bool wholeTitle);
double titleLineHeight();
QSizeF size(const PlanTask &task, bool wholeTitle);
// The zoom at which titles are LegiblePixels high on screen.
double legibleZoom();
// `text`, or its first `maxChars` characters and what is left out ("… (12,345 more characters)").
QString bounded(const QString &text, int maxChars = MaxShownChars);

} // namespace PlanCard

} // namespace capgraph::editor
