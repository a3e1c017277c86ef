#include "launch/GraphCache.h"
#include "dify/DifyImporter.h"

#include <QCryptographicHash>

#include <algorithm>

namespace capgraph {

GraphCache::GraphCache(int capacity)
    : m_capacity(std::max(1, capacity))
{
}

GraphLoadResult GraphCache::read(const QByteArray &bytes, const QString &name, QByteArray sha256)
{
    if (sha256.isEmpty())
        sha256 = QCryptographicHash::hash(bytes, QCryptographicHash::Sha256);
    const QByteArray key = sha256 + name.toUtf8();
    if (const auto it = m_graphs.constFind(key); it != m_graphs.constEnd()) {
        m_order.removeOne(key);
        m_order.append(key);
        return *it;
    }
    GraphLoadResult loaded = DifyImporter::readGraph(bytes, name);
    if (!loaded.ok())
        return loaded;
    while (m_order.size() >= m_capacity)
        m_graphs.remove(m_order.takeFirst());
    m_graphs.insert(key, loaded);
    m_order.append(key);
    return loaded;
}

} // namespace capgraph
