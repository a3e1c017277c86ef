#include "properties/PropertyGrid.h"

#include <QCoreApplication>
#include <QLabel>

namespace capgraph::editor {

PropertyGrid::PropertyGrid(QWidget *parent)
    : QGridLayout(parent)
{
    setColumnStretch(1, 1);
    setHorizontalSpacing(8);
    setVerticalSpacing(4);
}

QString PropertyGrid::translated(const char *text) const
{
    return QCoreApplication::translate(parentWidget()->metaObject()->className(), text);
}

QLabel *PropertyGrid::label(const char *text, QWidget *field)
{
    auto *l = new QLabel(translated(text), parentWidget());
    l->setBuddy(field);
    m_sources.insert(l, text);
    return l;
}

void PropertyGrid::retranslate()
{
    for (auto it = m_sources.cbegin(); it != m_sources.cend(); ++it)
        it.key()->setText(translated(it.value()));
}

void PropertyGrid::addRow(const char *text, QWidget *field)
{
    const int row = rowCount();
    QLabel *l = label(text, field);
    l->setAlignment(Qt::AlignRight | Qt::AlignTop);
    l->setContentsMargins(0, 4, 0, 0);
    addWidget(l, row, 0);
    addWidget(field, row, 1);
    m_labels.insert(field, l);
}

void PropertyGrid::addWideRow(const char *text, QWidget *field)
{
    const int row = rowCount();
    QLabel *l = label(text, field);
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
