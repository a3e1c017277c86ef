#pragma once

#include <QPlainTextEdit>

namespace capgraph::editor {

// A multi-line field of the properties dock: typing changes nothing in the graph; leaving the
// field or Ctrl+Return commits the text (one undo command per commit), Escape restores the
// committed text. Like QLineEdit::editingFinished, but for prompts and raw YAML.
class CommittingTextEdit : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit CommittingTextEdit(QWidget *parent = nullptr);

    // Shows `text` as the committed state (no signal).
    void setCommittedText(const QString &text);
    QString committedText() const { return m_committed; }
    // Commits now if the text differs from the committed one.
    void commit();
    QSize sizeHint() const override;

signals:
    void committed(const QString &text);

protected:
    void focusOutEvent(QFocusEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    QString m_committed;
};

} // namespace capgraph::editor
