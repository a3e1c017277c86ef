#pragma once

#include <QVariant>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QToolButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace capgraph::editor {

// A value as people write it: a mapping or a list as a tree whose rows open and close, texts
// as text (their first line in the tree), numbers and yes/no as they are. The row chosen
// shows whole beside it, wrapped (a text as text, a collection as YAML), with a Copy button.
// Never a line of escaped JSON.
class ValueView : public QWidget
{
    Q_OBJECT

public:
    explicit ValueView(QWidget *parent = nullptr);

    void setTitle(const QString &title);
    // `value` invalid: the placeholder `empty` instead ("No input recorded").
    void setValue(const QVariant &value, const QString &empty = QString());
    QVariant value() const { return m_value; }
    QTreeWidget *tree() const { return m_tree; }
    QPlainTextEdit *detail() const { return m_detail; }
    QToolButton *copyButton() const { return m_copy; }
    // The text the Copy button puts on the clipboard now.
    QString copyText() const;
    // A value's text as the detail pane shows it: a text as it is, a collection as YAML.
    static QString displayText(const QVariant &value);

protected:
    void changeEvent(QEvent *event) override;

private:
    void fill(QTreeWidgetItem *parent, const QVariant &value);
    void showSelected();
    void retranslate();

    QLabel *m_title;
    QTreeWidget *m_tree;
    QPlainTextEdit *m_detail;
    QToolButton *m_copy;
    QVariant m_value;
    QString m_empty;
};

} // namespace capgraph::editor
