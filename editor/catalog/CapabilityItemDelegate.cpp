#include "catalog/CapabilityItemDelegate.h"

#include "catalog/CapabilityList.h"

#include <QApplication>
#include <QPainter>

namespace capgraph::editor {

namespace {
constexpr int Margin = 6;
}

void CapabilityItemDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear(); // the panel (selection, hover) from the style, the text drawn here
    const QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);

    const int kind = index.data(CapabilityList::KindRole).toInt();
    const bool selected = opt.state & QStyle::State_Selected;
    const QPalette &pal = opt.palette;
    QColor text = pal.color(selected ? QPalette::HighlightedText : QPalette::Text);
    QColor muted = selected ? text : pal.color(QPalette::PlaceholderText);
    if (!selected && kind == CapabilityList::ProblemEntry)
        text = muted = QColor(0xb3261e);
    if (!selected && kind == CapabilityList::WarningEntry)
        text = muted = QColor(0x9a6700);

    const QRect r = opt.rect.adjusted(Margin, Margin / 2 + 1, -Margin, -Margin / 2);
    QFont bold = opt.font;
    bold.setBold(true);
    QFont small = opt.font;
    small.setPointSizeF(opt.font.pointSizeF() * 0.9);
    const QFontMetrics boldMetrics(bold), smallMetrics(small);
    const int lineHeight = boldMetrics.height();

    painter->save();
    // First line: the title, and the version and handler on the right when both fit; else
    // they lead the second line, and the title has the whole width.
    const QString title = index.data(Qt::DisplayRole).toString();
    const QString detail = index.data(CapabilityList::DetailRole).toString();
    const int detailWidth = detail.isEmpty() ? 0 : smallMetrics.horizontalAdvance(detail) + 8;
    const bool detailRight = boldMetrics.horizontalAdvance(title) + detailWidth <= r.width();
    painter->setFont(bold);
    painter->setPen(text);
    painter->drawText(QRect(r.left(), r.top(), r.width(), lineHeight), Qt::AlignLeft | Qt::AlignVCenter,
                      boldMetrics.elidedText(title, Qt::ElideMiddle, r.width()));
    painter->setFont(small);
    painter->setPen(muted);
    if (detailRight && !detail.isEmpty())
        painter->drawText(QRect(r.left(), r.top(), r.width(), lineHeight), Qt::AlignRight | Qt::AlignVCenter, detail);
    // Second line: the description or the error.
    QString summary = index.data(CapabilityList::SummaryRole).toString().simplified();
    if (!detailRight && !detail.isEmpty())
        summary = detail + QStringLiteral(" — ") + summary;
    const QRect summaryRect(r.left(), r.top() + lineHeight, r.width(), smallMetrics.height() + 2);
    painter->drawText(summaryRect, Qt::AlignLeft | Qt::AlignVCenter, smallMetrics.elidedText(summary, Qt::ElideRight, r.width()));
    painter->restore();
}

QSize CapabilityItemDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const
{
    QFont bold = option.font;
    bold.setBold(true);
    QFont small = option.font;
    small.setPointSizeF(option.font.pointSizeF() * 0.9);
    // Width 0: the list is as wide as the dock, and entries elide to it.
    return QSize(0, QFontMetrics(bold).height() + QFontMetrics(small).height() + Margin + 4);
}

} // namespace capgraph::editor
