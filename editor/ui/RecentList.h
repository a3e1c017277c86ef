#pragma once

#include <QString>
#include <QStringList>

#include <functional>

class QMenu;

namespace capgraph::editor {

// A most-recent-first list kept in QSettings under `key` ("recentFiles", "recentPlans"), and
// the Open Recent menu made from it. The studio and the plan window keep theirs the same way.
namespace RecentList {

// Puts `entry` first (once), keeping the newest ten.
void add(const QString &key, const QString &entry);
QStringList entries(const QString &key);
// Fills `menu` with the entries (their last path part, the whole in the tooltip); choosing one
// calls `open` with it. The menu is disabled while the list is empty.
void fillMenu(QMenu *menu, const QString &key, const std::function<void(const QString &)> &open);

} // namespace RecentList

} // namespace capgraph::editor
