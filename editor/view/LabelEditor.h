#pragma once

#include <QLineEdit>
#include <QPointer>

class QGraphicsView;

namespace capgraph::editor {

// A node's label edited in place, over its card (double-click a node, or F2): a line edit on
// the view's viewport, as wide as the card on screen (at least wide enough to type in), with
// the card's text. Return or clicking elsewhere commits (committed(text), once), Escape
// cancels; either way it goes. The caller turns the text into one undoable edit.
class LabelEditor : public QLineEdit
{
    Q_OBJECT

public:
    // Opens over `sceneRect` (the card) in `view`; replaces an editor already open there.
    static LabelEditor *open(QGraphicsView *view, const QRectF &sceneRect, const QString &text, const QString &placeholder);
    static LabelEditor *current(QGraphicsView *view);

signals:
    void committed(const QString &text);
    void cancelled();

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    explicit LabelEditor(QWidget *viewport);
    void finish(bool commit);
    bool m_done = false;
};

} // namespace capgraph::editor
