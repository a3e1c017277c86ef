#pragma once

#include <QStyledItemDelegate>

namespace capgraph::editor {

class ConditionsTable;

// Cell editors of the conditions table: an ExpressionLineEdit (syntax checked as you type) for
// expressions, an editable combo box of the graph's node ids for targets.
class ConditionCellDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    enum Column { NameColumn = 0, ExpressionColumn = 1, TargetColumn = 2 };
    explicit ConditionCellDelegate(ConditionsTable *table);

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;

private:
    ConditionsTable *m_table;
};

} // namespace capgraph::editor
