#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;

namespace capgraph::editor {

class ExpressionLineEdit;

// Asks for an expression (a breakpoint's condition): the syntax is checked as it is typed, what
// is wrong and where is said under the field, and OK stays disabled until it parses — nothing
// typed is lost to a refusal. Empty is allowed when `emptyAllowed` (no condition).
class ExpressionDialog : public QDialog
{
    Q_OBJECT

public:
    ExpressionDialog(const QString &title, const QString &label, const QString &text, bool emptyAllowed, QWidget *parent = nullptr);

    QString text() const;
    ExpressionLineEdit *field() const { return m_field; }
    QLabel *problem() const { return m_problem; }
    bool canAccept() const;

private:
    void check();

    ExpressionLineEdit *m_field;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};

} // namespace capgraph::editor
