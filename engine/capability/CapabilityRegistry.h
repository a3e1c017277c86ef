#pragma once

#include "capability/Capability.h"

#include <QList>
#include <QString>

namespace capgraph {

// The capabilities a graph can call (seed 003's registry): loaded from folders of definition
// files, every version of a name kept. A skill_id names a capability as `name` (the highest
// semantic version) or pinned as `name@1.2` (the highest 1.2.x) or `name@1.2.0` (exactly).
// Files that do not validate are reported and left out; the same name and version twice is
// reported, and the first one read is used.
class CapabilityRegistry
{
public:
    // Every *.yaml, *.yml and *.json below `dir` (sorted, so the first is always the same);
    // capability graphs kept there (composites' workflows) are skipped.
    void addFolder(const QString &dir);
    void add(const Capability &capability);

    // Null with the reason when nothing fits.
    const Capability *resolve(const QString &reference, QString *why = nullptr) const;
    // By name, description and tags, case-insensitively: name matches first, then tags, then
    // descriptions; one entry per name (its highest version).
    QList<const Capability *> search(const QString &query) const;
    QList<const Capability *> all() const; // one per name, highest version, by name
    qsizetype size() const { return m_capabilities.size(); } // every version
    const Diagnostics &diagnostics() const { return m_diagnostics; }

    // -1, 0, 1 as semantic versions order (1.10.0 after 1.9.0; 1.0.0-rc1 before 1.0.0; an
    // empty version before any other).
    static int compareVersions(const QString &a, const QString &b);

private:
    QList<Capability> m_capabilities;
    Diagnostics m_diagnostics;
};

} // namespace capgraph
