#pragma once

#include <QFrame>

class QLineEdit;
class QListWidget;

namespace capgraph::editor {

// The quick-add search (Tab on the canvas): type a few letters of a node type ("bra",
// "confirm", "loop"), Enter adds that node where the popup opened; Escape closes it.
class QuickAddPopup : public QFrame
{
    Q_OBJECT

public:
    explicit QuickAddPopup(QWidget *parent = nullptr);
    void popup(const QPoint &globalPos);
    QLineEdit *searchField() const { return m_search; }
    QListWidget *list() const { return m_list; }

signals:
    void typeChosen(const QString &typeName);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void nameItems();
    void filter(const QString &text);
    void choose();

    QLineEdit *m_search;
    QListWidget *m_list;
};

} // namespace capgraph::editor
