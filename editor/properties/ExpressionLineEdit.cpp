#include "properties/ExpressionLineEdit.h"

#include "expr/Expression.h"

#include <QAction>
#include <QStyle>

namespace capgraph::editor {

ExpressionLineEdit::ExpressionLineEdit(QWidget *parent)
    : QLineEdit(parent)
    , m_warning(new QAction(style()->standardIcon(QStyle::SP_MessageBoxWarning), QString(), this))
{
    addAction(m_warning, QLineEdit::TrailingPosition);
    m_warning->setVisible(false);
    setPlaceholderText(tr("expression, e.g. score >= 0.8 and exists(draft)"));
    connect(this, &QLineEdit::textChanged, this, &ExpressionLineEdit::check);
}

void ExpressionLineEdit::setEmptyAllowed(bool allowed)
{
    m_emptyAllowed = allowed;
    check();
}

QString ExpressionLineEdit::checkSyntax(const QString &text, bool emptyAllowed)
{
    if (text.trimmed().isEmpty())
        return emptyAllowed ? QString() : tr("the expression is empty");
    const Expression e = Expression::parse(text);
    if (e.isValid())
        return QString();
    return tr("column %1: %2").arg(e.errorColumn()).arg(e.errorText().translated());
}

void ExpressionLineEdit::check()
{
    const QString error = checkSyntax(text(), m_emptyAllowed);
    if (error == m_error && m_warning->isVisible() == !error.isEmpty())
        return;
    m_error = error;
    m_warning->setVisible(!error.isEmpty());
    m_warning->setToolTip(error);
    setToolTip(error);
    emit syntaxChecked(error);
}

} // namespace capgraph::editor
