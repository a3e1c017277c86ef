#include "ui/ExpressionLineEdit.h"

#include "expr/Expression.h"

#include "ui/UiText.h"

#include <QAbstractItemView>
#include <QAction>
#include <QCompleter>
#include <QKeyEvent>
#include <QStandardItemModel>
#include <QStyle>

namespace capgraph::editor {

ExpressionLineEdit::ExpressionLineEdit(QWidget *parent)
    : QLineEdit(parent)
    , m_warning(new QAction(style()->standardIcon(QStyle::SP_MessageBoxWarning), QString(), this))
    , m_completer(new QCompleter(this))
    , m_names(new QStandardItemModel(this))
{
    addAction(m_warning, QLineEdit::TrailingPosition);
    m_warning->setVisible(false);
    setPlaceholderText(tr("expression, e.g. score >= 0.8 and exists(draft)"));
    connect(this, &QLineEdit::textChanged, this, &ExpressionLineEdit::check);
    // Completion of the word being typed, not of the whole line (QLineEdit's own completer
    // would replace everything): the completer is attached to the widget, not set on it.
    m_completer->setModel(m_names);
    m_completer->setWidget(this);
    m_completer->setCompletionMode(QCompleter::PopupCompletion);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->setFilterMode(Qt::MatchContains); // "results" finds search.results
    m_completer->setCompletionRole(Qt::UserRole + 1);
    m_completer->setMaxVisibleItems(10);
    m_completer->popup()->setObjectName(QStringLiteral("ExpressionCompletions"));
    connect(m_completer, qOverload<const QString &>(&QCompleter::activated), this, &ExpressionLineEdit::insertCompletion);
    connect(this, &QLineEdit::textEdited, this, [this] { completeWord(false); });
}

void ExpressionLineEdit::focusInEvent(QFocusEvent *event)
{
    QLineEdit::focusInEvent(event);
    refreshNames();
}

void ExpressionLineEdit::refreshNames()
{
    m_names->clear();
    if (!m_source)
        return;
    for (const ExpressionName &n : m_source()) {
        QString detail = n.detail;
        if (n.kind == ExpressionName::Kind::Function)
            detail = tr("function");
        else if (!detail.isEmpty() && n.kind != ExpressionName::Kind::Builtin)
            detail = UiText::jsonType(detail);
        else if (n.kind == ExpressionName::Kind::Builtin)
            detail = n.text == QLatin1String("input") ? tr("the run's input") : n.text == QLatin1String("iteration") ? tr("loop round") : tr("run information");
        QString from;
        if (n.kind == ExpressionName::Kind::Input && !n.from.isEmpty())
            from = tr("for %1").arg(n.from);
        else if (n.kind == ExpressionName::Kind::Output)
            from = tr("output of %1").arg(n.from);
        else if (n.kind == ExpressionName::Kind::Variable)
            from = tr("variable, from %1").arg(n.from);
        QStringList about;
        if (!detail.isEmpty())
            about << detail;
        if (!from.isEmpty())
            about << from;
        auto *item = new QStandardItem(about.isEmpty() ? n.label : QStringLiteral("%1    — %2").arg(n.label, about.join(QStringLiteral(", "))));
        item->setData(n.text, Qt::UserRole + 1);
        item->setToolTip(item->text());
        item->setEditable(false);
        m_names->appendRow(item);
    }
}

void ExpressionLineEdit::completeWord(bool evenWhenEmpty)
{
    int start = 0;
    const QString word = ExpressionNames::tokenBefore(text(), cursorPosition(), &start);
    // Not inside a string: an odd number of quotes before the word means it is text.
    const QString before = text().left(start);
    if (before.count(QLatin1Char('\'')) % 2 || before.count(QLatin1Char('"')) % 2 || (word.isEmpty() && !evenWhenEmpty)
        || (!word.isEmpty() && word.at(0).isDigit())) {
        m_completer->popup()->hide();
        return;
    }
    if (m_names->rowCount() == 0)
        refreshNames();
    m_completer->setCompletionPrefix(word);
    if (m_completer->completionCount() == 0) {
        m_completer->popup()->hide();
        return;
    }
    m_completer->popup()->setCurrentIndex(m_completer->completionModel()->index(0, 0));
    QRect r = cursorRect();
    r.setWidth(std::max(320, width()));
    r.moveLeft(0);
    m_completer->complete(r);
}

void ExpressionLineEdit::showCompletions()
{
    refreshNames();
    completeWord(true);
}

void ExpressionLineEdit::insertCompletion(const QString &completion)
{
    int start = 0;
    const int cursor = cursorPosition();
    ExpressionNames::tokenBefore(text(), cursor, &start);
    QString t = text();
    t.replace(start, cursor - start, completion);
    setText(t);
    setCursorPosition(start + int(completion.size()));
}

void ExpressionLineEdit::keyPressEvent(QKeyEvent *event)
{
    if (m_completer->popup()->isVisible()) {
        switch (event->key()) {
        case Qt::Key_Enter:
        case Qt::Key_Return:
        case Qt::Key_Escape:
        case Qt::Key_Tab:
        case Qt::Key_Backtab:
            event->ignore(); // the completer's
            return;
        default:
            break;
        }
    }
    if (event->key() == Qt::Key_Space && event->modifiers() & Qt::ControlModifier) {
        showCompletions();
        return;
    }
    QLineEdit::keyPressEvent(event);
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
