#include "planview/PlanLaneItem.h"

#include "planview/PlanScene.h"

#include <QFontMetricsF>
#include <QPainter>

namespace capgraph::editor {

PlanLaneItem::PlanLaneItem(const QRectF &band, const QString &name, const QColor &color)
    : m_band(band)
    , m_name(name)
    , m_color(color)
{
    setZValue(0);
}

void PlanLaneItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    QColor tint = m_color;
    tint.setAlpha(28);
    const QRectF whole = boundingRect();
    painter->setPen(QPen(m_color.darker(115), 1, Qt::DashLine));
    painter->setBrush(tint);
    painter->drawRect(whole);
    const auto *plan = qobject_cast<PlanScene *>(scene());
    if (!plan || !plan->showsWholeTitles())
        return; // on screen the view draws the name, at its own left edge
    // The name, in the margin before the first layer.
    QFont f = painter->font();
    f.setPointSizeF(10);
    f.setBold(true);
    painter->setFont(f);
    painter->setPen(m_color.darker(170));
    const QRectF label(whole.left() + 10, whole.top(), 130, whole.height());
    painter->drawText(label, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, m_name);
}

} // namespace capgraph::editor
