#pragma once

#include "window/HelpBrowser.h"
#include "ui/Retranslator.h"
#include "window/ShortcutsDialog.h"

#include <QObject>
#include <QPointer>

class QAction;
class QMainWindow;
class QMenu;

namespace capgraph::editor {

// The Help menu a desktop application has: User Guide (F1: the docs that ship with the
// studio), Keyboard Shortcuts (Ctrl+/: every action and its keys, searchable), About
// CapGraph Studio, About Qt. Added last to the window's menu bar.
class HelpMenu : public QObject
{
    Q_OBJECT

public:
    explicit HelpMenu(QMainWindow *window);
    QMenu *menu() const { return m_menu; }
    // The windows, once opened (tests).
    ShortcutsDialog *shortcuts() const { return m_shortcuts; }
    HelpBrowser *guide() const { return m_guide; }

    void showGuide();
    void showShortcuts();
    void showAbout();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QMainWindow *m_window;
    QMenu *m_menu;
    QAction *m_guideAction;
    QAction *m_shortcutsAction;
    QAction *m_aboutAction;
    QAction *m_aboutQtAction;
    QPointer<ShortcutsDialog> m_shortcuts;
    QPointer<HelpBrowser> m_guide;
    Retranslator m_texts;
};

} // namespace capgraph::editor
