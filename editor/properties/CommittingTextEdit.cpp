#include "properties/CommittingTextEdit.h"

#include <QKeyEvent>

namespace capgraph::editor {

CommittingTextEdit::CommittingTextEdit(QWidget *parent)
    : QPlainTextEdit(parent)
{
    setTabChangesFocus(true);
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
}

void CommittingTextEdit::setCommittedText(const QString &text)
{
    m_committed = text;
    if (toPlainText() != text)
        setPlainText(text);
}

void CommittingTextEdit::commit()
{
    const QString text = toPlainText();
    if (text == m_committed)
        return;
    // The receiver may refuse (bad YAML): it then leaves m_committed alone via setCommittedText
    // not being called, and the text stays for the user to fix.
    emit committed(text);
}

QSize CommittingTextEdit::sizeHint() const
{
    const QSize s = QPlainTextEdit::sizeHint();
    return {s.width(), fontMetrics().lineSpacing() * 4 + 12};
}

void CommittingTextEdit::focusOutEvent(QFocusEvent *event)
{
    if (event->reason() != Qt::PopupFocusReason) // its own context menu: still editing
        commit();
    QPlainTextEdit::focusOutEvent(event);
}

void CommittingTextEdit::keyPressEvent(QKeyEvent *event)
{
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) && (event->modifiers() & Qt::ControlModifier)) {
        commit();
        return;
    }
    if (event->key() == Qt::Key_Escape && toPlainText() != m_committed) {
        setPlainText(m_committed);
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
}

} // namespace capgraph::editor
