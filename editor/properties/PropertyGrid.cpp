#include "properties/PropertyGrid.h"

#include <QLabel>

namespace capgraph::editor {

PropertyGrid::PropertyGrid(QWidget *parent)
    : QGridLayout(parent)
{
    setColumnStretch(1, 1);
    setHorizontalSpacing(8);
    setVerticalSpacing(4);
}

void PropertyGrid::addRow(const QString &label, QWidget *field)
{
    const int row = rowCount();
    auto *l = new QLabel(label, parentWidget());
    l->setBuddy(field);
    l->setAlignment(Qt::AlignRight | Qt::AlignTop);
    l->setContentsMargins(0, 4, 0, 0);
    addWidget(l, row, 0);
    addWidget(field, row, 1);
    m_labels.insert(field, l);
}

void PropertyGrid::addWideRow(const QString &label, QWidget *field)
{
    const int row = rowCount();
    auto *l = new QLabel(label, parentWidget());
    l->setBuddy(field);
    addWidget(l, row, 0, 1, 2);
    addWidget(field, row + 1, 0, 1, 2);
    m_labels.insert(field, l);
}

void PropertyGrid::addSpanning(QWidget *widget)
{
    addWidget(widget, rowCount(), 0, 1, 2);
}

void PropertyGrid::setRowShown(QWidget *field, bool shown)
{
    if (QLabel *l = m_labels.value(field))
        l->setVisible(shown);
    field->setVisible(shown);
}

bool PropertyGrid::isRowShown(QWidget *field) const
{
    return !field->isHidden();
}

} // namespace capgraph::editor
