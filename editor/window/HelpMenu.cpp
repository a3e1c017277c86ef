#include "window/HelpMenu.h"

#include "CapGraphVersion.h"
#include "window/HelpBrowser.h"
#include "window/ShortcutsDialog.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>

namespace capgraph::editor {

HelpMenu::HelpMenu(QMainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_menu(window->menuBar()->addMenu(QString()))
{
    m_menu->setObjectName(QStringLiteral("HelpMenu"));
    m_guideAction = m_menu->addAction(QString(), this, &HelpMenu::showGuide);
    m_guideAction->setObjectName(QStringLiteral("HelpGuide"));
    m_guideAction->setShortcuts(QKeySequence::HelpContents);
    m_shortcutsAction = m_menu->addAction(QString(), this, &HelpMenu::showShortcuts);
    m_shortcutsAction->setObjectName(QStringLiteral("HelpShortcuts"));
    m_shortcutsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    m_menu->addSeparator();
    m_aboutAction = m_menu->addAction(QString(), this, &HelpMenu::showAbout);
    m_aboutAction->setObjectName(QStringLiteral("HelpAbout"));
    m_aboutAction->setMenuRole(QAction::AboutRole);
    m_aboutQtAction = m_menu->addAction(QString(), qApp, &QApplication::aboutQt);
    m_aboutQtAction->setObjectName(QStringLiteral("HelpAboutQt"));
    m_aboutQtAction->setMenuRole(QAction::AboutQtRole);
    m_texts([this] {
        m_menu->setTitle(tr("&Help"));
        m_guideAction->setText(tr("&User Guide"));
        m_shortcutsAction->setText(tr("&Keyboard Shortcuts"));
        m_aboutAction->setText(tr("&About CapGraph Studio"));
        m_aboutQtAction->setText(tr("About &Qt"));
    });
    window->installEventFilter(this); // the window's LanguageChange
}

bool HelpMenu::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        m_texts.retranslate();
    return QObject::eventFilter(watched, event);
}

void HelpMenu::showGuide()
{
    if (!m_guide)
        m_guide = new HelpBrowser(m_window);
    m_guide->show();
    m_guide->raise();
    m_guide->activateWindow();
}

void HelpMenu::showShortcuts()
{
    if (!m_shortcuts)
        m_shortcuts = new ShortcutsDialog(m_window);
    else
        m_shortcuts->refresh();
    m_shortcuts->show();
    m_shortcuts->raise();
    m_shortcuts->activateWindow();
}

void HelpMenu::showAbout()
{
    QMessageBox::about(m_window, tr("About CapGraph Studio"),
                       tr("<h3>CapGraph Studio %1</h3>"
                          "<p>Design, run and debug agent capability graphs, and review the task plans agents negotiate.</p>"
                          "<p>Built with Qt %2. The command line is <code>capgraph</code>; the guides are under Help &gt; User "
                          "Guide.</p>")
                           .arg(QStringLiteral(CAPGRAPH_VERSION_STRING), QString::fromLatin1(qVersion())));
}

} // namespace capgraph::editor
