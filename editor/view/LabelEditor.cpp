#include "view/LabelEditor.h"

#include <QFocusEvent>
#include <QGraphicsView>
#include <QKeyEvent>

namespace capgraph::editor {

LabelEditor::LabelEditor(QWidget *viewport)
    : QLineEdit(viewport)
{
    setObjectName(QStringLiteral("LabelEditor"));
    setAlignment(Qt::AlignCenter);
    setFrame(true);
}

LabelEditor *LabelEditor::current(QGraphicsView *view)
{
    // The one still open (a finished one is gone at the next turn of the event loop).
    for (LabelEditor *e : view->viewport()->findChildren<LabelEditor *>(QStringLiteral("LabelEditor"), Qt::FindDirectChildrenOnly))
        if (!e->m_done)
            return e;
    return nullptr;
}

LabelEditor *LabelEditor::open(QGraphicsView *view, const QRectF &sceneRect, const QString &text, const QString &placeholder)
{
    if (LabelEditor *old = current(view))
        old->finish(true);
    auto *editor = new LabelEditor(view->viewport());
    const QRect card = view->mapFromScene(sceneRect).boundingRect();
    QFont f = editor->font();
    f.setBold(true);
    editor->setFont(f);
    const int height = editor->sizeHint().height();
    const int width = std::max(card.width(), 180);
    QRect r(card.center().x() - width / 2, card.center().y() - height / 2, width, height);
    // Inside the viewport, whatever the zoom and scroll.
    r.moveLeft(std::clamp(r.left(), 0, std::max(0, view->viewport()->width() - r.width())));
    r.moveTop(std::clamp(r.top(), 0, std::max(0, view->viewport()->height() - r.height())));
    editor->setGeometry(r);
    editor->setText(text);
    editor->setPlaceholderText(placeholder);
    editor->selectAll();
    editor->show();
    editor->setFocus(Qt::OtherFocusReason);
    return editor;
}

void LabelEditor::finish(bool commit)
{
    if (m_done)
        return;
    m_done = true;
    hide();
    if (commit)
        emit committed(text().trimmed());
    else
        emit cancelled();
    deleteLater();
}

void LabelEditor::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
        finish(true);
        return;
    case Qt::Key_Escape:
        finish(false);
        return;
    default:
        QLineEdit::keyPressEvent(event);
    }
}

void LabelEditor::focusOutEvent(QFocusEvent *event)
{
    QLineEdit::focusOutEvent(event);
    // Clicking elsewhere commits (a context menu or a window switch does not end the edit).
    if (event->reason() != Qt::PopupFocusReason && event->reason() != Qt::ActiveWindowFocusReason)
        finish(true);
}

} // namespace capgraph::editor
