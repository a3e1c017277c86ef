#include "layout/NodeGeometry.h"

#include <algorithm>
#include <cmath>

namespace capgraph {

QSizeF nodeBoxSize(NodeKind kind)
{
    switch (kind) {
    case NodeKind::Start:
    case NodeKind::End:
        return {48, 48};
    case NodeKind::Merge:
        return {40, 40};
    case NodeKind::Branch:
        return {110, 70};
    case NodeKind::LoopStart:
    case NodeKind::LoopEnd:
        return {190, 56};
    case NodeKind::ParallelSplit:
    case NodeKind::ParallelJoin:
        return {16, 96};
    case NodeKind::Skill:
    case NodeKind::Confirm:
    case NodeKind::Select:
    case NodeKind::Input:
    case NodeKind::Unknown:
        break;
    }
    return {180, 64};
}

bool hasCaptionBelow(NodeKind kind)
{
    switch (kind) {
    case NodeKind::Start:
    case NodeKind::End:
    case NodeKind::Merge:
    case NodeKind::Branch:
    case NodeKind::ParallelSplit:
    case NodeKind::ParallelJoin:
        return true;
    default:
        return false;
    }
}

double estimatedTextWidth(const QString &text, double pixelSize)
{
    // Advances at 12 pixels in DejaVu Sans / Noto Sans CJK, rounded up: narrow letters 4.6,
    // most 7.4, wide ones (m, w, capitals) 9.8, East Asian ideographs and symbols 12.2.
    double width = 0;
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (c.isLowSurrogate())
            continue;
        if (u >= 0x1100)
            width += 12.2;
        else if (QStringLiteral("iljtf.,:;'|!I()[] ").contains(c))
            width += 4.6;
        else if (QStringLiteral("mwMWOQGDHNUC@%").contains(c) || c.isUpper())
            width += 9.8;
        else
            width += 7.4;
    }
    return width * pixelSize / 12;
}

QSizeF edgeLabelSize(const QString &text)
{
    if (text.isEmpty())
        return {};
    return QSizeF(std::min(std::ceil(estimatedTextWidth(text, EdgeLabelPixelSize)), EdgeLabelMaxWidth - 10) + 10, 17);
}

QRectF nodeCaptionRect(NodeKind kind, const QString &id)
{
    if (!hasCaptionBelow(kind) || id.isEmpty())
        return {};
    const double width = std::min(8 + estimatedTextWidth(id, CaptionPixelSize), 160.0);
    const double top = nodeBoxSize(kind).height() / 2 + 2;
    return QRectF(-width / 2, top, width, CaptionPixelSize + 5);
}

QRectF nodeFootprint(NodeKind kind, const QString &id)
{
    const QSizeF s = nodeBoxSize(kind);
    const QRectF box(-s.width() / 2, -s.height() / 2, s.width(), s.height());
    const QRectF caption = nodeCaptionRect(kind, id);
    return caption.isEmpty() ? box : box.united(caption);
}

} // namespace capgraph
