#pragma once

#include "yaml/GraphYamlReader.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

namespace capgraph {

// Graphs read from their bytes, kept for the next run of the same bytes. A run server runs
// the same few graphs again and again, and reading one (YAML, then the schema's checks)
// costs more than a run of a small graph does. Keyed by the bytes' SHA-256 and the name
// findings give the file; at most `capacity` graphs, the one used longest ago let go first.
// Only graphs that read without error are kept: a refusal is read again, and said again.
class GraphCache
{
public:
    explicit GraphCache(int capacity = 16);
    // What GraphYamlReader::readBytes(bytes, name) gives, read once for the same bytes and
    // name; `sha256`: the bytes' hash when the caller has it (else computed here).
    GraphLoadResult read(const QByteArray &bytes, const QString &name, QByteArray sha256 = {});
    int size() const { return int(m_graphs.size()); }

private:
    int m_capacity;
    QHash<QByteArray, GraphLoadResult> m_graphs;
    QList<QByteArray> m_order; // keys, used longest ago first
};

} // namespace capgraph
