#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>

class QDockWidget;
class QMainWindow;
class QTabBar;

namespace capgraph::editor {

// Where the studio's docks are, and how much room they take: the canvas gets most of the
// window (two thirds of it at 1280 × 800). The default layout (the first start, View > Reset
// Layout): one column on the right — Palette and Capabilities as tabs over Properties — and
// the bottom docks (Problems, Run Log, Inbox, Variables, Run History, History) as tabs,
// collapsed to their tab bar until they have something to say: a run starting, a pause, a
// question, a click on one of their tabs or on the status bar's problem count opens them.
// (The overview is a minimap over the canvas's corner, not a dock.) The user's own
// arrangement is saved when the window closes and comes back next time.
class StudioLayout : public QObject
{
    Q_OBJECT

public:
    struct Docks
    {
        QDockWidget *palette;
        QDockWidget *capabilities;
        QDockWidget *properties;
        QList<QDockWidget *> bottom; // the first is raised by default (Problems)
    };

    StudioLayout(QMainWindow *window, const Docks &docks);

    // Puts the docks where they go by default (once, before restore()).
    void placeDocks();
    // The last session's arrangement, or the default one; true when one was restored.
    bool restore();
    void save() const;
    // View > Reset Layout: the default arrangement, at this window's size.
    void reset();
    // The default sizes (for the window's current size), bottom docks collapsed.
    void arrange();

    bool isBottomCollapsed() const;
    // Opens the bottom docks (when collapsed) and raises `dock` among them.
    void openBottom(QDockWidget *dock);
    void collapseBottom();

    // The default width of the column, the Palette's share of its height, and the bottom
    // docks' height when open.
    static constexpr int ColumnWidth = 340;
    static constexpr int PaletteHeight = 330;
    static constexpr int BottomHeight = 200;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void watchTabBars();
    void setBottomHeightLimit(int limit);
    QDockWidget *bottomDockFor(const QTabBar *bar, int index) const;

    QMainWindow *m_window;
    Docks m_docks;
    QByteArray m_defaultState;
    QList<QTabBar *> m_watched;
    bool m_collapsed = false;
};

} // namespace capgraph::editor
