#include "capability/CapabilityRegistry.h"

#include <QDir>
#include <QDirIterator>
#include <QHash>

#include <algorithm>

namespace capgraph {

int CapabilityRegistry::compareVersions(const QString &a, const QString &b)
{
    if (a == b)
        return 0;
    if (a.isEmpty() || b.isEmpty())
        return a.isEmpty() ? -1 : 1;
    const auto split = [](const QString &v) {
        const QString core = v.section(QLatin1Char('+'), 0, 0);
        return std::pair(core.section(QLatin1Char('-'), 0, 0).split(QLatin1Char('.')), core.section(QLatin1Char('-'), 1));
    };
    const auto [ca, pa] = split(a);
    const auto [cb, pb] = split(b);
    for (int i = 0; i < 3; ++i) {
        const qlonglong x = ca.value(i).toLongLong(), y = cb.value(i).toLongLong();
        if (x != y)
            return x < y ? -1 : 1;
    }
    if (pa.isEmpty() != pb.isEmpty()) // a pre-release comes before its release
        return pa.isEmpty() ? 1 : -1;
    return pa < pb ? -1 : pa > pb ? 1 : 0;
}

void CapabilityRegistry::addFolder(const QString &dir)
{
    QStringList files;
    QDirIterator it(dir, {QStringLiteral("*.yaml"), QStringLiteral("*.yml"), QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    std::sort(files.begin(), files.end());
    for (const QString &f : std::as_const(files)) {
        const CapabilityLoadResult r = CapabilityReader::readFile(f);
        if (r.diagnostics.size() == 1 && r.diagnostics.first().code == QLatin1String("graph-file"))
            continue; // a composite's graph kept in the folder
        m_diagnostics += r.diagnostics;
        if (r.ok())
            add(*r.capability);
    }
}

void CapabilityRegistry::add(const Capability &capability)
{
    for (const Capability &c : std::as_const(m_capabilities))
        if (c.name == capability.name && c.version == capability.version) {
            m_diagnostics.append(Diagnostic::make(
                Severity::Warning, QStringLiteral("duplicate-capability"),
                TranslatableText::verbatim(QStringLiteral("%1 %2 is defined twice (also in %3); the first is used")
                                               .arg(capability.name, capability.version.isEmpty() ? QStringLiteral("(no version)") : capability.version, c.file)),
                capability.file, capability.line));
            return;
        }
    m_capabilities.append(capability);
}

const Capability *CapabilityRegistry::resolve(const QString &reference, QString *why) const
{
    const QString name = reference.section(QLatin1Char('@'), 0, 0);
    const QString pin = reference.contains(QLatin1Char('@')) ? reference.section(QLatin1Char('@'), 1) : QString();
    const Capability *best = nullptr;
    QStringList versions;
    for (const Capability &c : m_capabilities) {
        if (c.name != name)
            continue;
        versions << (c.version.isEmpty() ? QStringLiteral("(no version)") : c.version);
        // A pin matches the version itself or any version it is a prefix of (1.2 → 1.2.x).
        if (!pin.isEmpty() && c.version != pin && !c.version.startsWith(pin + QLatin1Char('.')))
            continue;
        if (!best || compareVersions(c.version, best->version) > 0)
            best = &c;
    }
    if (!best && why)
        *why = versions.isEmpty() ? QStringLiteral("no capability is named '%1'").arg(name)
                                  : QStringLiteral("no version of '%1' matches %2 (there are %3)").arg(name, pin, versions.join(QStringLiteral(", ")));
    return best;
}

QList<const Capability *> CapabilityRegistry::all() const
{
    QHash<QString, const Capability *> newest;
    for (const Capability &c : m_capabilities)
        if (!newest.contains(c.name) || compareVersions(c.version, newest.value(c.name)->version) > 0)
            newest.insert(c.name, &c);
    QList<const Capability *> out = newest.values();
    std::sort(out.begin(), out.end(), [](const Capability *a, const Capability *b) { return a->name < b->name; });
    return out;
}

QList<const Capability *> CapabilityRegistry::search(const QString &query) const
{
    const QString q = query.trimmed();
    QList<QPair<int, const Capability *>> ranked;
    for (const Capability *c : all()) {
        int rank = -1;
        if (q.isEmpty() || c->name.contains(q, Qt::CaseInsensitive))
            rank = 0;
        else if (std::any_of(c->tags.cbegin(), c->tags.cend(), [&q](const QString &t) { return t.compare(q, Qt::CaseInsensitive) == 0; }))
            rank = 1;
        else if (c->description.contains(q, Qt::CaseInsensitive))
            rank = 2;
        if (rank >= 0)
            ranked.append({rank, c});
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QList<const Capability *> out;
    for (const auto &[rank, c] : ranked)
        out << c;
    return out;
}

} // namespace capgraph
