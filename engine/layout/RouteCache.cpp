#include "layout/RouteCache.h"

#include <algorithm>
#include <cmath>

namespace capgraph::layout {

namespace {
quint64 cellKey(int x, int y)
{
    return (quint64(quint32(x)) << 32) | quint64(quint32(y));
}

// The grid cells an area covers, or false when they are more than `most`.
bool cellsOf(const QRectF &area, double size, qint64 most, std::vector<quint64> *out)
{
    const int x0 = int(std::floor(area.left() / size)), x1 = int(std::floor(area.right() / size));
    const int y0 = int(std::floor(area.top() / size)), y1 = int(std::floor(area.bottom() / size));
    if (qint64(x1 - x0 + 1) * qint64(y1 - y0 + 1) > most)
        return false;
    for (int x = x0; x <= x1; ++x)
        for (int y = y0; y <= y1; ++y)
            out->push_back(cellKey(x, y));
    return true;
}

void removeFrom(std::vector<int> &list, int slot)
{
    list.erase(std::remove(list.begin(), list.end(), slot), list.end());
}
} // namespace

const EdgeRoute *RouteCache::find(const QString &key) const
{
    const auto it = m_ids.constFind(key);
    return it == m_ids.cend() ? nullptr : &m_slots.at(*it).route;
}

void RouteCache::insert(const QString &key, const QString &from, const QString &to, const EdgeRoute &route)
{
    if (const auto it = m_ids.constFind(key); it != m_ids.cend())
        erase(*it);
    int slot;
    if (!m_free.empty()) {
        slot = m_free.back();
        m_free.pop_back();
    } else {
        slot = int(m_slots.size());
        m_slots.append(Entry());
    }
    Entry &e = m_slots[slot];
    e = Entry{key, from, to, route, {}, false, true};
    for (const QRectF &area : route.dependsOn)
        if (!cellsOf(area, CellSize, MaxCellsPerArea, &e.cells))
            e.everywhere = true;
    std::sort(e.cells.begin(), e.cells.end());
    e.cells.erase(std::unique(e.cells.begin(), e.cells.end()), e.cells.end());
    for (quint64 c : e.cells)
        m_cells[c].push_back(slot);
    if (e.everywhere)
        m_everywhere.push_back(slot);
    m_byNode[from].push_back(slot);
    if (to != from)
        m_byNode[to].push_back(slot);
    m_ids.insert(key, slot);
}

void RouteCache::erase(int slot)
{
    Entry &e = m_slots[slot];
    if (!e.used)
        return;
    for (quint64 c : e.cells) {
        const auto cell = m_cells.find(c);
        if (cell == m_cells.end())
            continue;
        removeFrom(*cell, slot);
        if (cell->empty())
            m_cells.erase(cell);
    }
    if (e.everywhere)
        removeFrom(m_everywhere, slot);
    for (const QString &node : {e.from, e.to}) {
        const auto n = m_byNode.find(node);
        if (n != m_byNode.end()) {
            removeFrom(*n, slot);
            if (n->empty())
                m_byNode.erase(n);
        }
    }
    m_ids.remove(e.key);
    e = Entry();
    m_free.push_back(slot);
}

QSet<QString> RouteCache::dropAround(const QRectF &area, const QString &nodeId)
{
    std::vector<int> doomed = m_byNode.value(nodeId);
    if (!area.isNull()) {
        std::vector<int> candidates = m_everywhere;
        std::vector<quint64> cells;
        if (cellsOf(area, CellSize, qint64(1) << 20, &cells))
            for (quint64 c : cells)
                if (const auto it = m_cells.constFind(c); it != m_cells.cend())
                    candidates.insert(candidates.end(), it->begin(), it->end());
        std::sort(candidates.begin(), candidates.end());
        candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
        for (int slot : candidates)
            if (m_slots.at(slot).route.dependsOnArea(area))
                doomed.push_back(slot);
    }
    std::sort(doomed.begin(), doomed.end());
    doomed.erase(std::unique(doomed.begin(), doomed.end()), doomed.end());
    QSet<QString> keys;
    for (int slot : doomed) {
        keys.insert(m_slots.at(slot).key);
        erase(slot);
    }
    return keys;
}

void RouteCache::clear()
{
    m_ids.clear();
    m_slots.clear();
    m_free.clear();
    m_cells.clear();
    m_everywhere.clear();
    m_byNode.clear();
}

} // namespace capgraph::layout
