#include "scene/NodePainter.h"

#include <algorithm>

#include <QFontMetricsF>
#include <QtMath>

namespace capgraph::editor {

QColor NodePainter::fill(NodeKind kind, bool dark)
{
    QColor c;
    switch (kind) {
    case NodeKind::Skill: c = QColor(0xdbe9fb); break;
    case NodeKind::Start: c = QColor(0xc8efcf); break;
    case NodeKind::End: c = QColor(0xf6c9c6); break;
    case NodeKind::Branch:
    case NodeKind::Merge: c = QColor(0xfbe7b5); break;
    case NodeKind::LoopStart:
    case NodeKind::LoopEnd: c = QColor(0xe4d9f7); break;
    case NodeKind::ParallelSplit:
    case NodeKind::ParallelJoin: c = QColor(0x4a5a6a); break;
    case NodeKind::Confirm:
    case NodeKind::Select:
    case NodeKind::Input: c = QColor(0xffe2cc); break;
    case NodeKind::Unknown: c = QColor(0xdddddd); break;
    }
    return dark && kind != NodeKind::ParallelSplit && kind != NodeKind::ParallelJoin ? c.darker(260) : c;
}

QPainterPath NodePainter::shape(NodeKind kind, const QRectF &box)
{
    QPainterPath p;
    switch (kind) {
    case NodeKind::Start:
    case NodeKind::End:
    case NodeKind::Merge:
        p.addEllipse(box);
        break;
    case NodeKind::Branch: {
        QPolygonF diamond{{box.center().x(), box.top()}, {box.right(), box.center().y()},
                          {box.center().x(), box.bottom()}, {box.left(), box.center().y()}};
        diamond.append(diamond.first());
        p.addPolygon(diamond);
        break;
    }
    case NodeKind::LoopStart:
    case NodeKind::LoopEnd: {
        const double d = box.height() / 2;
        QPolygonF hex{{box.left() + d, box.top()}, {box.right() - d, box.top()}, {box.right(), box.center().y()},
                      {box.right() - d, box.bottom()}, {box.left() + d, box.bottom()}, {box.left(), box.center().y()}};
        hex.append(hex.first());
        p.addPolygon(hex);
        break;
    }
    case NodeKind::ParallelSplit:
    case NodeKind::ParallelJoin:
        p.addRoundedRect(box, 3, 3);
        break;
    default:
        p.addRoundedRect(box, 10, 10);
        break;
    }
    return p;
}

void NodePainter::paint(QPainter *painter, const Node &node, const QRectF &box, bool selected, double lod,
                        Severity worstFinding, int findings, bool dark)
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
    painter->setBrush(selected && lod < 0.5 ? accent.lighter(dark ? 70 : 160) : fill(node.kind, dark));
    painter->drawPath(shape(node.kind, box));
    if (node.kind == NodeKind::End) { // a double ring, like UML's final state
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(box.adjusted(6, 6, -6, -6));
    }
    if (lod < 0.3)
        return; // far away: the shape says enough, text would be unreadable anyway

    painter->setPen(ink);
    QFont font = painter->font();
    font.setPointSizeF(9);
    const auto elided = [&](const QString &text, double width) {
        return QFontMetricsF(painter->font()).elidedText(text, Qt::ElideRight, width);
    };
    switch (node.kind) {
    case NodeKind::Start:
    case NodeKind::End:
    case NodeKind::Merge:
    case NodeKind::Branch:
    case NodeKind::ParallelSplit:
    case NodeKind::ParallelJoin: {
        // Small shapes (and a diamond's narrow middle): the id goes underneath.
        painter->setFont(font);
        const QRectF below(box.center().x() - 70, box.bottom() + 2, 140, 16);
        painter->drawText(below, Qt::AlignHCenter | Qt::AlignTop, elided(node.id, 140));
        break;
    }
    default: {
        QFont bold = font;
        bold.setBold(true);
        painter->setFont(bold);
        QRectF text = box.adjusted(12, 6, -12, -6);
        if (node.kind == NodeKind::LoopStart || node.kind == NodeKind::LoopEnd)
            text = box.adjusted(7, 6, -7, -6); // the hexagon's points leave room near the middle line
        if (node.kind == NodeKind::Branch)
            text = box.adjusted(box.width() / 5, box.height() / 4, -box.width() / 5, -box.height() / 4);
        if (human) {
            // The person badge: this step waits for a human.
            const QRectF badge(box.left() + 8, box.center().y() - 11, 22, 22);
            painter->setPen(Qt::NoPen);
            painter->setBrush(QColor(0xe07a1f));
            painter->drawEllipse(badge);
            painter->setBrush(Qt::white);
            painter->drawEllipse(QRectF(badge.center().x() - 4, badge.top() + 4, 8, 8));
            painter->drawChord(QRectF(badge.left() + 4, badge.top() + 12, 14, 12), 0, 180 * 16);
            painter->setPen(ink);
            text.setLeft(badge.right() + 6);
        }
        QString detail;
        switch (node.kind) {
        case NodeKind::Skill:
            detail = node.skillId.isEmpty() ? QStringLiteral("(no skill_id)") : node.skillId;
            if (node.executionMode == QLatin1String("iterative"))
                detail += QStringLiteral("  ⟳ %1").arg(node.maxIterations.value_or(0));
            else if (node.executionMode == QLatin1String("parallel"))
                detail += QStringLiteral("  ∥");
            break;
        case NodeKind::LoopStart:
            detail = QStringLiteral("loop ≤ %1").arg(node.maxIterations ? QString::number(*node.maxIterations) : QStringLiteral("?"));
            break;
        case NodeKind::LoopEnd:
            detail = QStringLiteral("↺ %1").arg(node.loopStart);
            break;
        case NodeKind::Confirm: detail = QStringLiteral("confirm"); break;
        case NodeKind::Select: detail = QStringLiteral("select"); break;
        case NodeKind::Input: detail = QStringLiteral("input"); break;
        case NodeKind::Branch: break;
        default: detail = node.type; break;
        }
        if (detail.isEmpty()) {
            painter->drawText(text, Qt::AlignCenter, elided(node.id, text.width()));
        } else {
            painter->drawText(QRectF(text.left(), text.top(), text.width(), text.height() / 2), Qt::AlignHCenter | Qt::AlignBottom,
                              elided(node.id, text.width()));
            painter->setFont(font);
            painter->setPen(dark ? ink.darker(130) : ink.lighter(170));
            painter->drawText(QRectF(text.left(), text.center().y() + 2, text.width(), text.height() / 2), Qt::AlignHCenter | Qt::AlignTop,
                              elided(detail, text.width()));
        }
        break;
    }
    }
    if (findings > 0) {
        // Lint badge at the top-right corner: red for errors, amber for warnings.
        const QColor c = worstFinding == Severity::Error ? QColor(0xd93025) : worstFinding == Severity::Warning ? QColor(0xf29900) : QColor(0x1a73e8);
        const QRectF badge(box.right() - 9, box.top() - 9, 18, 18);
        painter->setPen(QPen(Qt::white, 1.5));
        painter->setBrush(c);
        painter->drawEllipse(badge);
        QFont f = font;
        f.setBold(true);
        f.setPointSizeF(8);
        painter->setFont(f);
        painter->setPen(Qt::white);
        painter->drawText(badge, Qt::AlignCenter, findings > 9 ? QStringLiteral("9+") : QString::number(findings));
    }
}

} // namespace capgraph::editor
