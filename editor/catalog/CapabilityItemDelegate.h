#pragma once

#include <QStyledItemDelegate>

namespace capgraph::editor {

// Draws a CapabilityList entry on two lines: the name in bold with its version and handler
// type on the right, the description below it (muted, elided); a file that did not load shows
// file:line and what is wrong in red (amber for a warning).
class CapabilityItemDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace capgraph::editor
