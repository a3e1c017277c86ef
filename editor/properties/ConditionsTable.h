#pragma once

#include "ui/Retranslator.h"

#include "analysis/ExpressionNames.h"
#include "model/BranchCondition.h"

#include <QList>
#include <QStringList>
#include <QWidget>

#include <functional>

class QLabel;
class QTableWidget;
class QToolButton;

namespace capgraph::editor {

class ExpressionLineEdit;

// A branch node's conditions as an editable list (name, expression, target), in order: the
// first one that holds is taken. Expressions are checked as the user types (the cell editor
// and the line under the table say what is wrong and where); targets are chosen from the
// graph's nodes. Every committed change — a cell, add, remove, move — is reported as the
// whole new list, for one undo command.
class ConditionsTable : public QWidget
{
    Q_OBJECT

public:
    explicit ConditionsTable(QWidget *parent = nullptr);

    void setConditions(const QList<BranchCondition> &conditions, const QStringList &nodeIds);
    QList<BranchCondition> conditions() const { return m_conditions; }
    QTableWidget *table() const { return m_table; }
    // The current row's expression at full width, checked as it is typed; Return or leaving
    // it commits (the table's cell is too narrow to read a long expression in a dock).
    ExpressionLineEdit *expressionEditor() const { return m_expression; }
    // The syntax finding shown under the table ("row 2, column 7: expected ')'"), or empty.
    QString problem() const;
    QStringList nodeIds() const { return m_nodeIds; }
    // What the expressions may name, completed in the field under the table and in the cells.
    void setNameSource(std::function<QList<ExpressionName>()> source);
    std::function<QList<ExpressionName>()> nameSource() const { return m_names; }

    // For the cell editor: the text being typed in row `row`'s expression.
    void expressionTyped(int row, const QString &text);

signals:
    void conditionsEdited(const QList<BranchCondition> &conditions, const QString &what);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    Retranslator m_texts;
    void fitTargetColumn();
    void fill();
    void cellCommitted(int row, int column);
    void addCondition();
    void removeCondition();
    void moveCondition(int delta);
    void updateProblem(int typingRow = -1, const QString &typing = QString());
    void updateButtons();
    void showCurrentExpression();
    void commitCurrentExpression();

    QTableWidget *m_table;
    QLabel *m_expressionLabel;
    ExpressionLineEdit *m_expression;
    QLabel *m_problem;
    QToolButton *m_add;
    QToolButton *m_remove;
    QToolButton *m_up;
    std::function<QList<ExpressionName>()> m_names;
    QToolButton *m_down;
    QList<BranchCondition> m_conditions;
    QStringList m_nodeIds;
    bool m_filling = false;
    // The row whose expression the full-width box was loaded with (-1: none). Typed text
    // goes to this row, whatever row is current when it is committed.
    int m_expressionRow = -1;
};

} // namespace capgraph::editor
