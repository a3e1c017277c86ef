#include "window/StudioLayout.h"

#include <QDockWidget>
#include <QEvent>
#include <QLayout>
#include <QMainWindow>
#include <QMouseEvent>
#include <QSettings>
#include <QTabBar>
#include <QTimer>

namespace capgraph::editor {

namespace {
const char *const StateKey = "window/state";
const char *const GeometryKey = "window/geometry";
} // namespace

StudioLayout::StudioLayout(QMainWindow *window, const Docks &docks)
    : QObject(window)
    , m_window(window)
    , m_docks(docks)
{
    // The bottom docks show their tabs as their titles: collapsed, the tab bar is all that is
    // left of them (a floating one gets its title bar back, to be moved by).
    for (QDockWidget *dock : std::as_const(m_docks.bottom)) {
        dock->setTitleBarWidget(new QWidget(dock));
        dock->widget()->setMinimumHeight(1); // below the contents' own minimum: down to the tabs
        connect(dock, &QDockWidget::topLevelChanged, dock, [dock](bool floating) {
            if (QWidget *old = dock->titleBarWidget(); floating && old) {
                dock->setTitleBarWidget(nullptr);
                old->deleteLater();
            } else if (!floating && !old) {
                dock->setTitleBarWidget(new QWidget(dock));
            }
        });
    }
}

void StudioLayout::placeDocks()
{
    QMainWindow *w = m_window;
    // The column reaches down to the status bar; the bottom docks sit under the canvas.
    w->setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    w->setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    w->addDockWidget(Qt::RightDockWidgetArea, m_docks.palette);
    w->addDockWidget(Qt::RightDockWidgetArea, m_docks.properties);
    w->splitDockWidget(m_docks.palette, m_docks.properties, Qt::Vertical);
    w->tabifyDockWidget(m_docks.palette, m_docks.capabilities);
    m_docks.palette->raise();
    QDockWidget *previous = nullptr;
    for (QDockWidget *dock : std::as_const(m_docks.bottom)) {
        w->addDockWidget(Qt::BottomDockWidgetArea, dock);
        if (previous)
            w->tabifyDockWidget(previous, dock);
        previous = dock;
    }
    if (!m_docks.bottom.isEmpty())
        m_docks.bottom.constFirst()->raise();
    for (QDockWidget *dock : w->findChildren<QDockWidget *>())
        dock->show();
    m_defaultState = w->saveState(); // View > Reset Layout comes back to this
}

bool StudioLayout::restore()
{
    QSettings settings;
    const bool restored = settings.contains(QLatin1String(GeometryKey)) && m_window->restoreGeometry(settings.value(QLatin1String(GeometryKey)).toByteArray())
        && m_window->restoreState(settings.value(QLatin1String(StateKey)).toByteArray());
    QTimer::singleShot(0, this, &StudioLayout::watchTabBars);
    return restored;
}

void StudioLayout::save() const
{
    QSettings settings;
    settings.setValue(QLatin1String(GeometryKey), m_window->saveGeometry());
    settings.setValue(QLatin1String(StateKey), m_window->saveState());
}

void StudioLayout::reset()
{
    m_window->restoreState(m_defaultState);
    arrange();
    QSettings().remove(QLatin1String(StateKey));
}

void StudioLayout::arrange()
{
    if (QLayout *l = m_window->layout())
        l->activate(); // sizes set on a layout that has not run yet are overridden when it does
    m_window->resizeDocks({m_docks.properties}, {ColumnWidth}, Qt::Horizontal);
    // The palette shows every entry without scrolling, whatever the language's font makes of
    // its rows (Chinese glyphs are taller: 輸入 was cut off at a fixed height).
    const int palette = std::max(PaletteHeight, m_docks.palette->sizeHint().height());
    m_window->resizeDocks({m_docks.palette, m_docks.properties}, {palette, std::max(200, m_window->height() - palette)}, Qt::Vertical);
    collapseBottom();
    QTimer::singleShot(0, this, &StudioLayout::watchTabBars);
}

bool StudioLayout::isBottomCollapsed() const
{
    return m_collapsed;
}

void StudioLayout::setBottomHeightLimit(int limit)
{
    for (QDockWidget *dock : std::as_const(m_docks.bottom))
        dock->widget()->setMaximumHeight(limit);
}

void StudioLayout::collapseBottom()
{
    // Collapsed: the docks' contents may have no height, so their area is its tab bar. (Sizes
    // given to resizeDocks are redone by the layout when it next runs; a limit holds.)
    m_collapsed = true;
    setBottomHeightLimit(1);
}

void StudioLayout::openBottom(QDockWidget *dock)
{
    if (!dock->isVisible())
        dock->show();
    const bool wasCollapsed = m_collapsed;
    m_collapsed = false;
    setBottomHeightLimit(QWIDGETSIZE_MAX);
    dock->raise();
    if (wasCollapsed && !dock->isFloating() && m_window->dockWidgetArea(dock) == Qt::BottomDockWidgetArea) {
        if (QLayout *l = m_window->layout())
            l->activate();
        m_window->resizeDocks({dock}, {BottomHeight}, Qt::Vertical);
    }
}

void StudioLayout::watchTabBars()
{
    // The main window's tab bars come and go as docks are tabified: watch the current ones
    // for a click on a collapsed bottom dock's tab.
    for (QTabBar *bar : m_window->findChildren<QTabBar *>(QString(), Qt::FindDirectChildrenOnly))
        if (!m_watched.contains(bar)) {
            bar->installEventFilter(this);
            m_watched << bar;
            connect(bar, &QObject::destroyed, this, [this, bar] { m_watched.removeAll(bar); });
        }
}

QDockWidget *StudioLayout::bottomDockFor(const QTabBar *bar, int index) const
{
    if (index < 0)
        return nullptr;
    const QString title = bar->tabText(index);
    for (QDockWidget *dock : m_docks.bottom)
        if (dock->windowTitle() == title)
            return dock;
    return nullptr;
}

bool StudioLayout::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::MouseButtonPress) {
        auto *bar = qobject_cast<QTabBar *>(watched);
        const auto *mouse = static_cast<QMouseEvent *>(event);
        if (bar && mouse->button() == Qt::LeftButton)
            if (QDockWidget *dock = bottomDockFor(bar, bar->tabAt(mouse->position().toPoint())); dock && isBottomCollapsed())
                QTimer::singleShot(0, this, [this, dock] { openBottom(dock); });
    }
    return QObject::eventFilter(watched, event);
}

} // namespace capgraph::editor
