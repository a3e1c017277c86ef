#include "ui/RecentList.h"

#include <QAction>
#include <QMenu>
#include <QSettings>

namespace capgraph::editor::RecentList {

void add(const QString &key, const QString &entry)
{
    QSettings settings;
    QStringList recent = settings.value(key).toStringList();
    recent.removeAll(entry);
    recent.prepend(entry);
    while (recent.size() > 10)
        recent.removeLast();
    settings.setValue(key, recent);
}

QStringList entries(const QString &key)
{
    return QSettings().value(key).toStringList();
}

void fillMenu(QMenu *menu, const QString &key, const std::function<void(const QString &)> &open)
{
    if (!menu)
        return;
    menu->clear();
    const QStringList recent = entries(key);
    for (const QString &entry : recent) {
        QAction *a = menu->addAction(entry.section(QLatin1Char('/'), -1));
        a->setToolTip(entry);
        QObject::connect(a, &QAction::triggered, menu, [open, entry] { open(entry); });
    }
    menu->setEnabled(!recent.isEmpty());
}

} // namespace capgraph::editor::RecentList
