#pragma once

#include "ui/Retranslator.h"

#include <QDialog>

class QLineEdit;
class QMainWindow;
class QTreeWidget;

namespace capgraph::editor {

// Help > Keyboard Shortcuts: every action of the window's menus with its keys, searchable
// (by the action's name, its menu, or its keys: "F9", "ctrl+d"). Read from the menus when
// it opens, so it lists what the menu bar offers in the language of the moment.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ShortcutsDialog(QMainWindow *window);
    // Fills the list from the window's menu bar again.
    void refresh();
    QLineEdit *searchField() const { return m_search; }
    QTreeWidget *list() const { return m_list; }
    // Rows shown now (after the search).
    int visibleCount() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void filter(const QString &text);

    QMainWindow *m_window;
    QLineEdit *m_search;
    QTreeWidget *m_list;
    Retranslator m_texts;
};

} // namespace capgraph::editor
