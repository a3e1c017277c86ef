#include "ui/ExpressionDialog.h"

#include "ui/ExpressionLineEdit.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace capgraph::editor {

ExpressionDialog::ExpressionDialog(const QString &title, const QString &label, const QString &text, bool emptyAllowed, QWidget *parent)
    : QDialog(parent)
    , m_field(new ExpressionLineEdit(this))
    , m_problem(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("ExpressionDialog"));
    setWindowTitle(title);
    auto *caption = new QLabel(label, this);
    caption->setWordWrap(true);
    m_field->setObjectName(QStringLiteral("ExpressionField"));
    m_field->setEmptyAllowed(emptyAllowed);
    m_field->setText(text);
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_field->setFont(mono);
    m_problem->setObjectName(QStringLiteral("ExpressionProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #c5221f;"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(caption);
    layout->addWidget(m_field);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (canAccept())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_field, &ExpressionLineEdit::syntaxChecked, this, &ExpressionDialog::check);
    connect(m_field, &QLineEdit::textChanged, this, &ExpressionDialog::check);
    setMinimumWidth(460);
    check();
}

QString ExpressionDialog::text() const
{
    return m_field->text().trimmed();
}

bool ExpressionDialog::canAccept() const
{
    return m_field->isSyntaxValid();
}

void ExpressionDialog::check()
{
    const QString error = m_field->syntaxError();
    m_problem->setText(error);
    m_problem->setVisible(!error.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(error.isEmpty());
}

} // namespace capgraph::editor
