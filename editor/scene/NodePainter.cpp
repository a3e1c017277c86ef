#include "scene/NodePainter.h"

#include "scene/RunDecoration.h"

#include "ui/NodeLook.h"

#include "layout/NodeGeometry.h"

#include <algorithm>

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QtMath>

namespace capgraph::editor {

void NodePainter::paint(QPainter *painter, const Node &node, const QRectF &box, bool selected, double lod,
                        Severity worstFinding, int findings, bool dark, bool composite)
{
    const QColor ink = dark ? QColor(0xe8e8e8) : QColor(0x1d2733);
    const QColor accent(0x2f7de1);
    const bool human = isInteraction(node.kind);
    // The selection's outline stays at least 2.5 screen pixels wide when zoomed out (at 30 %
    // a 2.5-unit pen is under a pixel), and far out the fill turns the accent colour too.
    const double selectedWidth = std::clamp(2.5 / std::max(lod, 0.01), 2.5, std::max(2.5, box.height() / 4));
    QPen pen(selected ? accent : ink.lighter(dark ? 80 : 160), selected ? selectedWidth : 1.2);
    if (human)
        pen = QPen(selected ? accent : QColor(0xe07a1f), selected ? selectedWidth : 1.6, Qt::DashLine);
    painter->setPen(pen);
    painter->setBrush(selected && lod < 0.5 ? accent.lighter(dark ? 70 : 160) : NodeLook::fill(node.kind, dark));
    painter->drawPath(NodeLook::shape(node.kind, box));
    if (node.kind == NodeKind::End) { // a double ring, like UML's final state
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(box.adjusted(6, 6, -6, -6));
    }
    // Text: at its own size while that reads on screen; further out at the legible size on
    // screen (larger in the scene), only the id, shortened to the box; none when the box has
    // no room left for a few letters.
    const bool full = TitlePixelSize * lod >= LegiblePixels - 0.01;
    const bool smallShape = hasCaptionBelow(node.kind);
    const QString &caption = node.caption(); // the label when there is one, else the id
    const double room = smallShape ? nodeCaptionRect(node.kind, caption).width() : box.width() - 24;
    // At its own size a caption is as wide as its id: always drawn (a short id such as "end"
    // is narrow, not unreadable). Further out, only where a few letters fit.
    const bool drawText = smallShape ? full || room * lod >= 22 : room * lod >= 34;
    const auto pixelFont = [&](double pixels, bool bold) {
        QFont f = painter->font();
        f.setPixelSize(std::max(1, qRound(pixels)));
        f.setBold(bold);
        return f;
    };
    const auto elided = [&](const QString &text, double width) {
        return QFontMetricsF(painter->font()).elidedText(text, Qt::ElideRight, width);
    };
    if (drawText && smallShape) {
        // Small shapes (and a diamond's narrow middle): the id goes underneath, in the
        // caption's place (nodeCaptionRect), where edges and labels keep off.
        const QRectF captionRect = nodeCaptionRect(node.kind, caption).translated(box.center());
        painter->setFont(pixelFont(full ? CaptionPixelSize : LegiblePixels / lod, false));
        painter->setPen(ink);
        QRectF below = captionRect;
        if (!full) // the larger text may overhang the caption's height, never its width
            below.setHeight(std::max(captionRect.height(), painter->fontMetrics().height() * 1.1));
        painter->drawText(below, Qt::AlignHCenter | Qt::AlignTop, elided(caption, captionRect.width()));
    } else if (drawText) {
        QRectF text = box.adjusted(12, 6, -12, -6);
        if (node.kind == NodeKind::LoopStart || node.kind == NodeKind::LoopEnd)
            text = box.adjusted(box.height() / 2 - 6, 4, -box.height() / 2 + 6, -4); // inside the hexagon's points
        if (human) {
            // The person badge: this step waits for a human.
            const QRectF badge(box.left() + 8, box.center().y() - 11, 22, 22);
            painter->setPen(Qt::NoPen);
            painter->setBrush(QColor(0xe07a1f));
            painter->drawEllipse(badge);
            painter->setBrush(Qt::white);
            painter->drawEllipse(QRectF(badge.center().x() - 4, badge.top() + 4, 8, 8));
            painter->drawChord(QRectF(badge.left() + 4, badge.top() + 12, 14, 12), 0, 180 * 16);
            text.setLeft(badge.right() + 6);
        }
        if (composite) {
            // The sub-graph badge: two cards stacked, in the skill's accent; a double-click opens them.
            const QRectF badge(box.left() + 8, box.center().y() - 11, 22, 22);
            painter->setPen(Qt::NoPen);
            painter->setBrush(accent);
            painter->drawRoundedRect(badge, 5, 5);
            painter->setPen(QPen(accent, 1.2));
            painter->setBrush(Qt::white);
            painter->drawRoundedRect(QRectF(badge.left() + 7, badge.top() + 4, 11, 8), 2, 2);
            painter->drawRoundedRect(QRectF(badge.left() + 4, badge.top() + 10, 11, 8), 2, 2);
            text.setLeft(badge.right() + 6);
        }
        QString detail;
        switch (node.kind) {
        case NodeKind::Skill:
            detail = node.skillId.isEmpty() ? QCoreApplication::translate("capgraph::editor::NodePainter", "(no skill_id)") : node.skillId;
            if (node.executionMode == QLatin1String("iterative"))
                detail += QStringLiteral("  ⟳ %1").arg(node.maxIterations.value_or(0));
            else if (node.executionMode == QLatin1String("parallel"))
                detail += QStringLiteral("  ∥");
            break;
        case NodeKind::LoopStart:
            detail = QCoreApplication::translate("capgraph::editor::NodePainter", "loop ≤ %1").arg(node.maxIterations ? QString::number(*node.maxIterations) : QStringLiteral("?"));
            break;
        case NodeKind::LoopEnd:
            detail = QStringLiteral("↺ %1").arg(node.loopStart);
            break;
        case NodeKind::Confirm: detail = QCoreApplication::translate("capgraph::editor::NodePainter", "confirm"); break;
        case NodeKind::Select: detail = node.multiple ? QCoreApplication::translate("capgraph::editor::NodePainter", "select ☑☑") : QCoreApplication::translate("capgraph::editor::NodePainter", "select"); break;
        case NodeKind::Input: detail = QCoreApplication::translate("capgraph::editor::NodePainter", "input"); break;
        default: detail = node.type; break;
        }
        painter->setPen(ink);
        if (!full) {
            // Far out: the id alone, as large on screen as reads well; on two lines when it
            // is long and two legible lines fit the card.
            const double oneLine = std::min(LegiblePixels / lod, text.height());
            painter->setFont(pixelFont(oneLine, true));
            QStringList lines = titleLines(caption, QFontMetricsF(painter->font()), text.width());
            if (lines.size() > 1 && QFontMetricsF(painter->font()).lineSpacing() * 2 > text.height())
                lines = {elided(caption, text.width())};
            painter->drawText(text, Qt::AlignCenter, lines.join(QLatin1Char('\n')));
        } else {
            // The label or id (one line, or two when long: "remove_build_" over "artifacts"),
            // under a label its id, then what the node does, centred together on the card (a
            // line that has no room left is left out, the detail first).
            const QFont title = pixelFont(TitlePixelSize, true), small = pixelFont(DetailPixelSize, false);
            const QFontMetricsF titleMetrics(title), smallMetrics(small);
            QStringList lines = titleLines(caption, titleMetrics, text.width());
            const bool labelled = !node.label.isEmpty();
            const double smallLine = smallMetrics.lineSpacing();
            double titleHeight = titleMetrics.lineSpacing() * lines.size();
            const double idHeight = labelled ? smallLine : 0.0;
            if (titleHeight + idHeight > text.height() + 1 && lines.size() > 1) { // two title lines and the id do not fit: one
                lines = {QFontMetricsF(title).elidedText(caption, Qt::ElideRight, text.width())};
                titleHeight = titleMetrics.lineSpacing();
            }
            const double detailHeight = detail.isEmpty() || titleHeight + idHeight + smallLine > text.height() + 1 ? 0.0 : smallLine;
            const double top = text.center().y() - (titleHeight + idHeight + detailHeight) / 2;
            painter->setFont(title);
            painter->drawText(QRectF(text.left(), top, text.width(), titleHeight), Qt::AlignHCenter | Qt::AlignVCenter,
                              lines.join(QLatin1Char('\n')));
            const QColor muted = dark ? ink.darker(130) : ink.lighter(170);
            painter->setFont(small);
            painter->setPen(muted);
            if (labelled)
                painter->drawText(QRectF(text.left(), top + titleHeight, text.width(), idHeight), Qt::AlignHCenter | Qt::AlignTop,
                                  smallMetrics.elidedText(node.id, Qt::ElideMiddle, text.width()));
            if (detailHeight > 0)
                painter->drawText(QRectF(text.left(), top + titleHeight + idHeight, text.width(), detailHeight), Qt::AlignHCenter | Qt::AlignTop,
                                  elided(detail, text.width()));
        }
    }
    if (findings > 0) {
        // Lint badge at the top-right corner: red for errors, amber for warnings; at least
        // 12 pixels on screen, so it shows at every zoom.
        const QColor c = worstFinding == Severity::Error ? QColor(0xd93025) : worstFinding == Severity::Warning ? QColor(0xf29900) : QColor(0x1a73e8);
        const double d = std::clamp(12 / std::max(lod, 0.01), 18.0, box.height() * 0.9);
        // On the corner, reaching past it no further than the run badges do.
        const double out = RunDecoration::overhang(d + 1.5) - 0.75; // the white ring's outside on the corner
        const QRectF badge(box.right() - d + out, box.top() - out, d, d);
        painter->setPen(QPen(Qt::white, 1.5));
        painter->setBrush(c);
        painter->drawEllipse(badge);
        QFont f = painter->font();
        f.setBold(true);
        f.setPixelSize(std::max(1, qRound(d * 0.6)));
        painter->setFont(f);
        painter->setPen(Qt::white);
        painter->drawText(badge, Qt::AlignCenter, findings > 9 ? QStringLiteral("9+") : QString::number(findings));
    }
}

QStringList NodePainter::titleLines(const QString &id, const QFontMetricsF &metrics, double width)
{
    if (metrics.horizontalAdvance(id) <= width)
        return {id};
    // The longest first line that fits, ending after a separator or before a Chinese
    // character when there is one, else wherever it stops fitting.
    qsizetype fits = 0;
    while (fits < id.size() && metrics.horizontalAdvance(id.left(fits + 1)) <= width)
        ++fits;
    fits = std::max<qsizetype>(fits, 1);
    qsizetype cut = fits;
    for (qsizetype k = fits; k > fits / 2; --k) {
        const QChar before = id.at(k - 1);
        const QChar after = k < id.size() ? id.at(k) : QChar();
        const bool separator = before == QLatin1Char('_') || before == QLatin1Char('-') || before == QLatin1Char('.')
            || before == QLatin1Char('/') || before == QLatin1Char(' ');
        const bool han = after.unicode() >= 0x3400 && after.unicode() <= 0x9fff;
        if (separator || han) {
            cut = k;
            break;
        }
    }
    const QString second = id.mid(cut);
    return {id.left(cut), metrics.elidedText(second, Qt::ElideRight, width)};
}

} // namespace capgraph::editor
