#include "properties/ConditionCellDelegate.h"

#include "properties/ConditionsTable.h"
#include "ui/ExpressionLineEdit.h"

#include <QAbstractItemView>
#include <QComboBox>

namespace capgraph::editor {

ConditionCellDelegate::ConditionCellDelegate(ConditionsTable *table)
    : QStyledItemDelegate(table)
    , m_table(table)
{
}

QWidget *ConditionCellDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    if (index.column() == ExpressionColumn) {
        auto *edit = new ExpressionLineEdit(parent);
        edit->setEmptyAllowed(false);
        edit->setFrame(false);
        edit->setNameSource(m_table->nameSource());
        const int row = index.row();
        connect(edit, &QLineEdit::textChanged, m_table, [this, row](const QString &text) { m_table->expressionTyped(row, text); });
        return edit;
    }
    if (index.column() == TargetColumn) {
        auto *combo = new QComboBox(parent);
        combo->setEditable(true);
        combo->addItems(m_table->nodeIds());
        // The list as wide as the longest id, whatever the cell's width: no "st…_1".
        combo->view()->setMinimumWidth(combo->view()->sizeHintForColumn(0) + 24);
        for (int i = 0; i < combo->count(); ++i)
            combo->setItemData(i, combo->itemText(i), Qt::ToolTipRole);
        return combo;
    }
    return QStyledItemDelegate::createEditor(parent, option, index);
}

void ConditionCellDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    const QString text = index.data(Qt::EditRole).toString();
    if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        combo->setCurrentText(text);
        return;
    }
    QStyledItemDelegate::setEditorData(editor, index);
}

void ConditionCellDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        model->setData(index, combo->currentText().trimmed(), Qt::EditRole);
        return;
    }
    QStyledItemDelegate::setModelData(editor, model, index);
}

} // namespace capgraph::editor
