#include "scene/RunDecoration.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QTime>

namespace capgraph::editor {

namespace {
void badge(QPainter *painter, const QPointF &centre, const QColor &fill, const QString &text)
{
    painter->setPen(QPen(Qt::white, 1.5));
    painter->setBrush(fill);
    painter->drawEllipse(centre, 9, 9);
    QFont f = painter->font();
    f.setPointSizeF(8.5);
    f.setBold(true);
    painter->setFont(f);
    painter->setPen(Qt::white);
    painter->drawText(QRectF(centre.x() - 9, centre.y() - 9, 18, 18), Qt::AlignCenter, text);
}
} // namespace

void RunDecoration::paint(QPainter *painter, const QRectF &box, const NodeRunInfo &state, bool breakpoint, bool conditional,
                          bool pausedHere, double lod)
{
    painter->save();
    painter->setOpacity(1.0);
    const QPointF corner(box.right() - 4, box.bottom() - 4);
    QColor outline;
    QString mark;
    switch (state.state) {
    case NodeRunState::Running: outline = QColor(0x2f7de1); mark = QStringLiteral("▶"); break;
    case NodeRunState::Waiting: outline = QColor(0xe8590c); mark = QStringLiteral("?"); break;
    case NodeRunState::Done: outline = QColor(0x12a150); mark = QStringLiteral("✓"); break;
    case NodeRunState::Failed: outline = QColor(0xd93025); mark = QStringLiteral("✕"); break;
    case NodeRunState::ForcedExit: outline = QColor(0xe8a317); mark = QStringLiteral("⤓"); break;
    case NodeRunState::Skipped:
    case NodeRunState::Pending: break;
    }
    if (outline.isValid()) {
        const bool live = state.state == NodeRunState::Running || state.state == NodeRunState::Waiting;
        QPen pen(outline, live ? 3.5 : 2.2, live ? Qt::DashLine : Qt::SolidLine);
        if (state.state == NodeRunState::Running) // marching dashes: the run controller repaints it 10 times a second
            pen.setDashOffset(double(QTime::currentTime().msecsSinceStartOfDay() % 1000) / 100.0);
        painter->setPen(pen);
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(box.adjusted(-4, -4, 4, 4), 12, 12);
        if (lod >= 0.3)
            badge(painter, corner, outline, mark);
    }
    if (state.state == NodeRunState::Running && state.progress >= 0) { // its inner progress
        const QRectF track(box.left() + 8, box.bottom() + 5, box.width() - 16, 5);
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(0xd8e8fd));
        painter->drawRoundedRect(track, 2.5, 2.5);
        painter->setBrush(QColor(0x2f7de1));
        painter->drawRoundedRect(QRectF(track.topLeft(), QSizeF(track.width() * state.progress, track.height())), 2.5, 2.5);
        if (lod >= 0.3 && !state.progressText.isEmpty()) {
            QFont f = painter->font();
            f.setPointSizeF(7.5);
            painter->setFont(f);
            painter->setPen(QColor(0x1f5fb8));
            painter->drawText(QRectF(track.left(), track.bottom() + 1, track.width(), 12), Qt::AlignHCenter | Qt::AlignTop,
                              QFontMetricsF(f).elidedText(state.progressText, Qt::ElideRight, track.width()));
        }
    }
    if (lod >= 0.3 && state.visits > 1) {
        QFont f = painter->font();
        f.setPointSizeF(8);
        f.setBold(true);
        painter->setFont(f);
        const QString text = QStringLiteral("×%1").arg(state.visits);
        const QRectF r(box.left() + 14, box.top() - 16, QFontMetricsF(f).horizontalAdvance(text) + 10, 15);
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(0x7b4fc9));
        painter->drawRoundedRect(r, 7, 7);
        painter->setPen(Qt::white);
        painter->drawText(r, Qt::AlignCenter, text);
    }
    if (breakpoint) {
        const QPointF at(box.left() + 2, box.top() + 2);
        painter->setPen(QPen(Qt::white, 1.5));
        painter->setBrush(QColor(0xd93025));
        painter->drawEllipse(at, 7, 7);
        if (conditional) {
            painter->setPen(QPen(Qt::white, 2));
            painter->drawLine(at + QPointF(-3.5, 0), at + QPointF(3.5, 0));
        }
    }
    if (pausedHere) { // the run stands before this node
        const QPointF tip(box.left() - 6, box.center().y());
        QPainterPath arrow;
        arrow.moveTo(tip);
        arrow.lineTo(tip + QPointF(-14, -9));
        arrow.lineTo(tip + QPointF(-14, 9));
        arrow.closeSubpath();
        painter->setPen(QPen(QColor(0x8a6d00), 1));
        painter->setBrush(QColor(0xffd43b));
        painter->drawPath(arrow);
    }
    painter->restore();
}

} // namespace capgraph::editor
