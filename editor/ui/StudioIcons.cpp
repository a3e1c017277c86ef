#include "ui/StudioIcons.h"

#include "ui/NodeLook.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

namespace capgraph::editor::StudioIcons {

namespace {

// Draws `glyph` into a 24 x 24 box.
void draw(QPainter &p, Glyph glyph, const QColor &ink)
{
    QPen pen(ink, 2.2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    const auto arrowHead = [&](QPointF tip, QPointF dir) {
        const QPointF n(-dir.y(), dir.x());
        QPolygonF head{tip, tip - dir * 6 + n * 4.5, tip - dir * 6 - n * 4.5};
        p.setPen(Qt::NoPen);
        p.setBrush(ink);
        p.drawPolygon(head);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
    };
    switch (glyph) {
    case Glyph::Undo:
    case Glyph::Redo: {
        const bool undo = glyph == Glyph::Undo;
        QPainterPath arc;
        arc.moveTo(undo ? 7 : 17, 10);
        arc.cubicTo(undo ? 12 : 12, 5.5, undo ? 21 : 3, 7, undo ? 19 : 5, 18);
        p.drawPath(arc);
        arrowHead(QPointF(undo ? 4 : 20, 11.5), QPointF(undo ? -0.85 : 0.85, 0.5));
        break;
    }
    case Glyph::AutoLayout: {
        p.setBrush(ink);
        p.drawRoundedRect(QRectF(2.5, 9, 5, 6), 1.5, 1.5);
        p.drawRoundedRect(QRectF(16.5, 3, 5, 6), 1.5, 1.5);
        p.drawRoundedRect(QRectF(16.5, 15, 5, 6), 1.5, 1.5);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(ink, 1.6, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(QPointF(8, 12), QPointF(16, 6));
        p.drawLine(QPointF(8, 12), QPointF(16, 18));
        break;
    }
    case Glyph::Fit: {
        const double a = 3, b = 21, c = 8;
        p.drawPolyline(QPolygonF{{a, a + c - 1}, {a, a}, {a + c - 1, a}});
        p.drawPolyline(QPolygonF{{b - c + 1, a}, {b, a}, {b, a + c - 1}});
        p.drawPolyline(QPolygonF{{a, b - c + 1}, {a, b}, {a + c - 1, b}});
        p.drawPolyline(QPolygonF{{b - c + 1, b}, {b, b}, {b, b - c + 1}});
        p.drawRect(QRectF(8.5, 8.5, 7, 7));
        break;
    }
    case Glyph::Run:
    case Glyph::Continue: {
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0x12a150));
        if (glyph == Glyph::Continue) {
            p.drawRect(QRectF(4, 5, 3.2, 14));
            p.drawPolygon(QPolygonF{{9.5, 4.5}, {20.5, 12}, {9.5, 19.5}});
        } else {
            p.drawPolygon(QPolygonF{{6, 4}, {20, 12}, {6, 20}});
        }
        break;
    }
    case Glyph::Pause:
        p.setPen(Qt::NoPen);
        p.setBrush(ink);
        p.drawRoundedRect(QRectF(6, 5, 4, 14), 1, 1);
        p.drawRoundedRect(QRectF(14, 5, 4, 14), 1, 1);
        break;
    case Glyph::Step: {
        QPainterPath hop;
        hop.moveTo(4, 15);
        hop.cubicTo(6, 5, 16, 5, 18, 12);
        p.drawPath(hop);
        arrowHead(QPointF(19, 15.5), QPointF(0.3, 0.95));
        p.setPen(Qt::NoPen);
        p.setBrush(ink);
        p.drawEllipse(QPointF(12, 19.5), 2.2, 2.2);
        break;
    }
    case Glyph::RunTo:
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0x12a150));
        p.drawPolygon(QPolygonF{{3, 6}, {12, 12}, {3, 18}});
        p.setBrush(ink);
        p.drawRoundedRect(QRectF(14, 6, 7, 12), 2, 2);
        break;
    case Glyph::Stop:
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0xd93025));
        p.drawRoundedRect(QRectF(5, 5, 14, 14), 2, 2);
        break;
    case Glyph::Breakpoint:
        p.setPen(QPen(Qt::white, 1.5));
        p.setBrush(QColor(0xd93025));
        p.drawEllipse(QPointF(12, 12), 7.5, 7.5);
        break;
    case Glyph::OptimalPath: {
        p.setPen(QPen(QColor(0x12a150), 2.6, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p.drawPolyline(QPolygonF{{3, 18}, {9, 9}, {15, 14}, {21, 5}});
        p.setPen(Qt::NoPen);
        p.setBrush(ink);
        for (const QPointF &c : {QPointF(3, 18), QPointF(9, 9), QPointF(15, 14), QPointF(21, 5)})
            p.drawEllipse(c, 2.2, 2.2);
        break;
    }
    case Glyph::Follow:
        p.drawEllipse(QPointF(12, 12), 7, 7);
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0x2f7de1));
        p.drawEllipse(QPointF(12, 12), 3, 3);
        p.setPen(pen);
        for (const QLineF &l : {QLineF(12, 1.5, 12, 4.5), QLineF(12, 19.5, 12, 22.5), QLineF(1.5, 12, 4.5, 12), QLineF(19.5, 12, 22.5, 12)})
            p.drawLine(l);
        break;
    }
}

} // namespace

QIcon icon(Glyph glyph, const QColor &ink)
{
    QIcon out;
    for (const int size : {16, 24, 32, 48}) {
        for (const qreal ratio : {1.0, 2.0}) {
            QPixmap pixmap(QSize(size, size) * ratio);
            pixmap.setDevicePixelRatio(ratio);
            pixmap.fill(Qt::transparent);
            QPainter p(&pixmap);
            p.setRenderHint(QPainter::Antialiasing);
            p.scale(size / 24.0, size / 24.0);
            draw(p, glyph, ink);
            p.end();
            out.addPixmap(pixmap);
        }
    }
    return out;
}

QIcon kindIcon(NodeKind kind, bool dark)
{
    QIcon out;
    for (const int size : {16, 24, 32}) {
        QPixmap pixmap(size * 2, size * 2);
        pixmap.setDevicePixelRatio(2);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing);
        // The kind's shape in proportion, fitted to the icon.
        QRectF box;
        switch (kind) {
        case NodeKind::Start:
        case NodeKind::End:
        case NodeKind::Merge: box = QRectF(0, 0, 16, 16); break;
        case NodeKind::Branch: box = QRectF(0, 0, 22, 15); break;
        case NodeKind::LoopStart:
        case NodeKind::LoopEnd: box = QRectF(0, 0, 22, 11); break;
        case NodeKind::ParallelSplit:
        case NodeKind::ParallelJoin: box = QRectF(0, 0, 5, 20); break;
        default: box = QRectF(0, 0, 22, 13); break;
        }
        const double scale = size / 24.0;
        p.scale(scale, scale);
        box.moveCenter(QPointF(12, 12));
        const QColor ink = dark ? QColor(0xe8e8e8) : QColor(0x4b5563);
        QPen pen(isInteraction(kind) ? QColor(0xe07a1f) : ink, isInteraction(kind) ? 1.4 : 1.1);
        p.setPen(pen);
        p.setBrush(NodeLook::fill(kind, dark));
        QPainterPath shape = NodeLook::shape(kind, box);
        if (kind == NodeKind::Skill || isInteraction(kind)) {
            shape = QPainterPath();
            shape.addRoundedRect(box, 3, 3);
        }
        p.drawPath(shape);
        if (kind == NodeKind::End) {
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(box.adjusted(3, 3, -3, -3));
        }
        if (isInteraction(kind)) { // the person badge
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(0xe07a1f));
            p.drawEllipse(QPointF(box.left() + 5, box.center().y()), 3.2, 3.2);
        }
        p.end();
        out.addPixmap(pixmap);
    }
    return out;
}

} // namespace capgraph::editor::StudioIcons
