#pragma once

#include "layout/EdgeRoute.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

#include <vector>

namespace capgraph::layout {

// Routes kept while nothing they depend on moves: each under a key (its edge's ends and
// label size), with the nodes it joins and the areas its route depended on
// (EdgeRoute::dependsOn), indexed on a grid so that a moved box finds the few routes near it
// without looking at all of them.
class RouteCache
{
public:
    const EdgeRoute *find(const QString &key) const;
    void insert(const QString &key, const QString &from, const QString &to, const EdgeRoute &route);
    // Drops the routes that join `nodeId` or depended on `area` (a box's old and new place);
    // returns their keys.
    QSet<QString> dropAround(const QRectF &area, const QString &nodeId);
    void clear();
    int size() const { return int(m_ids.size()); }

private:
    struct Entry
    {
        QString key, from, to;
        EdgeRoute route;
        std::vector<quint64> cells; // grid cells its dependsOn areas cover
        bool everywhere = false;    // it depended on an area too large for the grid
        bool used = false;
    };
    void erase(int slot);
    static constexpr double CellSize = 400;
    static constexpr int MaxCellsPerArea = 64;

    QHash<QString, int> m_ids;     // key -> slot
    QList<Entry> m_slots;
    std::vector<int> m_free;       // slots to reuse
    QHash<quint64, std::vector<int>> m_cells;
    std::vector<int> m_everywhere;
    QHash<QString, std::vector<int>> m_byNode; // node id -> slots of the routes joining it
};

} // namespace capgraph::layout
