#include "scene/RunDecoration.h"

#include "ui/CostText.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QTime>

#include <algorithm>

namespace capgraph::editor {

namespace {
// A round badge `radius` units wide around `centre` with a white mark.
void badge(QPainter *painter, const QPointF &centre, double radius, const QColor &fill, const QString &text)
{
    painter->setPen(QPen(Qt::white, std::max(1.5, radius / 6)));
    painter->setBrush(fill);
    painter->drawEllipse(centre, radius, radius);
    QFont f = painter->font();
    f.setPixelSize(std::max(1, qRound(radius * 1.25)));
    f.setBold(true);
    painter->setFont(f);
    painter->setPen(Qt::white);
    painter->drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius), Qt::AlignCenter, text);
}
} // namespace

QColor RunDecoration::stateColor(NodeRunState state)
{
    switch (state) {
    case NodeRunState::Running: return QColor(0x2f7de1);
    case NodeRunState::Waiting: return QColor(0xe8590c);
    case NodeRunState::Done: return QColor(0x12a150);
    case NodeRunState::Failed: return QColor(0xd93025);
    case NodeRunState::ForcedExit: return QColor(0xe8a317);
    case NodeRunState::Skipped:
    case NodeRunState::Pending: break;
    }
    return {};
}

double RunDecoration::overhang(double size)
{
    // Far out, where a badge keeps its size on screen and grows in the scene, it leaves more
    // of itself outside rather than cover the node's text.
    return std::min(size / 2, std::max(Overhang, size / 2 - 8));
}

QPointF RunDecoration::stateBadgeCentre(const QRectF &box, double radius)
{
    const double outer = radius + std::max(1.5, radius / 6) / 2; // badge()'s white ring's outside
    const double in = outer - overhang(2 * outer);
    return QPointF(box.right() - in, box.bottom() - in);
}

QRectF RunDecoration::reach(const QRectF &box)
{
    // The largest the decorations get (far out, where they keep their size on screen).
    return box.adjusted(-box.height() * 0.5 - 30, -box.height() * 0.5 - 18, box.height() * 0.45 + 8, box.height() * 0.45 + 16);
}

QString RunDecoration::tokenText(qint64 tokens)
{
    if (tokens < 1000)
        return QString::number(tokens);
    if (tokens < 10'000)
        return QString::number(tokens / 1000.0, 'f', 1) + QLatin1Char('k');
    if (tokens < 1'000'000)
        return QString::number(tokens / 1000) + QLatin1Char('k');
    return QString::number(tokens / 1'000'000.0, 'f', 1) + QLatin1Char('M');
}

QString RunDecoration::tokenTagText(const NodeRunMarks &marks)
{
    QString text = tokenText(marks.tokens) + QStringLiteral(" tok");
    if (!marks.currency.isEmpty())
        text += QStringLiteral(" · ") + CostText::amount(marks.cost, marks.currency);
    return text;
}

void RunDecoration::paint(QPainter *painter, const QRectF &box, const NodeRunInfo &state, bool breakpoint, bool conditional,
                          bool pausedHere, double lod, const NodeRunMarks &marks)
{
    painter->save();
    painter->setOpacity(1.0);
    // Sizes in screen pixels where that is larger: the states read at every zoom.
    const double px = 1.0 / std::max(lod, 0.01);
    const bool stale = marks.stale && state.state != NodeRunState::Running && state.state != NodeRunState::Waiting;
    const QColor staleColor(0xb7791f);
    QColor outline = stateColor(state.state);
    if (stale) { // the result no longer describes the node: a dotted amber outline, "↻" on the badge
        const double width = std::clamp(2.5 * px, 2.2, box.height() / 3);
        painter->setPen(QPen(staleColor, width, Qt::DotLine));
        painter->setBrush(Qt::NoBrush);
        const double gap = 2 + width / 2;
        painter->drawRoundedRect(box.adjusted(-gap, -gap, gap, gap), 12, 12);
        const double radius = std::clamp(8 * px, 9.0, box.height() * 0.45);
        badge(painter, stateBadgeCentre(box, radius), radius, staleColor, QStringLiteral("↻"));
        outline = QColor();
    }
    QString mark;
    switch (state.state) {
    case NodeRunState::Running: mark = QStringLiteral("▶"); break;
    case NodeRunState::Waiting: mark = QStringLiteral("?"); break;
    case NodeRunState::Done: mark = QStringLiteral("✓"); break;
    case NodeRunState::Failed: mark = QStringLiteral("✕"); break;
    case NodeRunState::ForcedExit: mark = QStringLiteral("⤓"); break;
    case NodeRunState::Skipped:
    case NodeRunState::Pending: break;
    }
    if (outline.isValid()) {
        const bool live = state.state == NodeRunState::Running || state.state == NodeRunState::Waiting;
        const double width = std::clamp((live ? 3.0 : 2.5) * px, live ? 3.5 : 2.2, box.height() / 3);
        QPen pen(outline, width, live ? Qt::DashLine : Qt::SolidLine);
        if (state.state == NodeRunState::Running) // marching dashes: the run controller repaints it 10 times a second
            pen.setDashOffset(double(QTime::currentTime().msecsSinceStartOfDay() % 1000) / 100.0);
        painter->setPen(pen);
        painter->setBrush(Qt::NoBrush);
        const double gap = 2 + width / 2;
        painter->drawRoundedRect(box.adjusted(-gap, -gap, gap, gap), 12, 12);
        // The badge stays at least 16 pixels across on screen, over the corner by no more
        // than edges and labels keep off a node (Overhang).
        const double radius = std::clamp(8 * px, 9.0, box.height() * 0.45);
        badge(painter, stateBadgeCentre(box, radius), radius, outline, mark);
    }
    if (state.state == NodeRunState::Running && state.progress >= 0) { // its inner progress
        const double h = std::clamp(4 * px, 5.0, 14.0);
        const QRectF track(box.left() + 8, box.bottom() + 5, box.width() - 16, h);
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(0xd8e8fd));
        painter->drawRoundedRect(track, h / 2, h / 2);
        painter->setBrush(QColor(0x2f7de1));
        painter->drawRoundedRect(QRectF(track.topLeft(), QSizeF(track.width() * state.progress, track.height())), h / 2, h / 2);
        if (lod >= 0.6 && !state.progressText.isEmpty()) {
            QFont f = painter->font();
            f.setPixelSize(10);
            painter->setFont(f);
            painter->setPen(QColor(0x1f5fb8));
            painter->drawText(QRectF(track.left(), track.bottom() + 1, track.width(), 12), Qt::AlignHCenter | Qt::AlignTop,
                              QFontMetricsF(f).elidedText(state.progressText, Qt::ElideRight, track.width()));
        }
    }
    if (state.visits > 1) {
        QFont f = painter->font();
        f.setPixelSize(std::max(1, qRound(std::clamp(10 * px, 11.0, box.height() * 0.35))));
        f.setBold(true);
        painter->setFont(f);
        const QString text = QStringLiteral("×%1").arg(state.visits);
        const QFontMetricsF fm(f);
        // Beside the state badge on the bottom border, inside the corner the same way: "×2 ✓".
        const double radius = std::clamp(8 * px, 9.0, box.height() * 0.45);
        const QPointF badgeCentre = stateBadgeCentre(box, radius);
        const double h = fm.height() + 1;
        QRectF r(0, 0, fm.horizontalAdvance(text) + fm.height() * 0.7, h);
        r.moveRight(badgeCentre.x() - radius - 2);
        r.moveBottom(std::min(box.bottom() + overhang(h), badgeCentre.y() + h / 2));
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(0x7b4fc9));
        painter->drawRoundedRect(r, r.height() / 2, r.height() / 2);
        painter->setPen(Qt::white);
        painter->drawText(r, Qt::AlignCenter, text);
    }
    if (breakpoint) {
        const double radius = std::clamp(6 * px, 7.0, box.height() * 0.3);
        const double pen = std::max(1.5, radius / 5);
        const double outer = radius + pen / 2; // the white ring's outside
        const QPointF at(box.left() + outer - overhang(2 * outer), box.top() + outer - overhang(2 * outer));
        painter->setPen(QPen(Qt::white, pen));
        painter->setBrush(QColor(0xd93025));
        painter->drawEllipse(at, radius, radius);
        if (conditional) {
            painter->setPen(QPen(Qt::white, std::max(2.0, radius / 3.5)));
            painter->drawLine(at + QPointF(-radius / 2, 0), at + QPointF(radius / 2, 0));
        }
    }
    if (marks.pinned) { // a pin tag at the bottom left: this node's handler is not called
        const double h = std::clamp(9 * px, 12.0, box.height() * 0.45);
        const QRectF tag(box.left() - overhang(h), box.bottom() - h + overhang(h), h * 1.25, h);
        painter->setPen(QPen(Qt::white, std::max(1.2, h / 10)));
        painter->setBrush(QColor(0x1c7ed6));
        painter->drawRoundedRect(tag, h / 3, h / 3);
        // The pin: a round head, a needle below it.
        const QPointF head(tag.center().x(), tag.top() + h * 0.38);
        painter->setPen(Qt::NoPen);
        painter->setBrush(Qt::white);
        painter->drawEllipse(head, h * 0.2, h * 0.2);
        painter->setPen(QPen(Qt::white, std::max(1.2, h / 9), Qt::SolidLine, Qt::RoundCap));
        painter->drawLine(head, QPointF(head.x(), tag.bottom() - h * 0.15));
    }
    if (marks.tokens > 0 && lod >= 0.35) { // tokens used: a grey tag over the top edge's middle
        QFont f = painter->font();
        f.setPixelSize(std::max(1, qRound(std::clamp(9 * px, 10.0, box.height() * 0.3))));
        f.setBold(false);
        painter->setFont(f);
        const QFontMetricsF fm(f);
        const QString text = tokenTagText(marks);
        const double h = fm.height() + 1;
        QRectF r(0, 0, fm.horizontalAdvance(text) + fm.height() * 0.8, h);
        r.moveCenter(QPointF(box.center().x(), box.top() - overhang(h) + h / 2));
        painter->setPen(QPen(QColor(0xced4da), 1));
        painter->setBrush(QColor(0xf1f3f5));
        painter->drawRoundedRect(r, h / 2, h / 2);
        painter->setPen(QColor(0x495057));
        painter->drawText(r, Qt::AlignCenter, text);
    }
    if (pausedHere) { // the run stands before this node
        const double s = std::clamp(12 * px, 14.0, box.height() * 0.5 + 12);
        const QPointF tip(box.left() - 6, box.center().y());
        QPainterPath arrow;
        arrow.moveTo(tip);
        arrow.lineTo(tip + QPointF(-s, -s * 0.65));
        arrow.lineTo(tip + QPointF(-s, s * 0.65));
        arrow.closeSubpath();
        painter->setPen(QPen(QColor(0x8a6d00), std::max(1.0, px)));
        painter->setBrush(QColor(0xffd43b));
        painter->drawPath(arrow);
    }
    painter->restore();
}

} // namespace capgraph::editor
