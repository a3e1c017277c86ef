#include "diff/GraphDiff.h"

namespace capgraph {

namespace {

QString point(const std::optional<QPointF> &p)
{
    return p ? QStringLiteral("(%1, %2)").arg(p->x()).arg(p->y()) : QStringLiteral("(none)");
}

QString conditionLine(const QString &node, const ConditionChange &c, int maxChars)
{
    const QString head = QStringLiteral("~ node %1: ").arg(node);
    if (c.status == DiffStatus::Added) {
        QStringList about;
        for (const ValueChange &f : c.fields)
            about << QStringLiteral("%1 %2").arg(f.field, ValueChange::valueText(f.newValue, maxChars));
        return head + QStringLiteral("+ condition %1").arg(c.newName)
             + (about.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(about.join(QStringLiteral(", "))));
    }
    if (c.status == DiffStatus::Removed)
        return head + QStringLiteral("- condition %1").arg(c.oldName);
    QStringList parts;
    if (c.renamed())
        parts << QStringLiteral("renamed to %1").arg(c.newName);
    for (const ValueChange &f : c.fields) {
        if (f.field == QLatin1String("target") && f.hadOld() && f.hasNew())
            parts << QStringLiteral("retargeted %1 → %2").arg(f.oldValue.toString(), f.newValue.toString());
        else
            parts << f.describe(maxChars);
    }
    return head + QStringLiteral("condition %1 %2").arg(c.oldName, parts.join(QStringLiteral("; ")));
}

} // namespace

QStringList GraphDiff::lines(bool withLayout, int maxChars) const
{
    QStringList out;
    for (const ValueChange &c : graph)
        out << QStringLiteral("~ graph: ") + c.describe(maxChars);
    for (const NodeDiff &n : nodes) {
        if (n.status != DiffStatus::Changed) {
            out << QStringLiteral("%1 node %2 (%3)").arg(n.status == DiffStatus::Added ? QStringLiteral("+") : QStringLiteral("-"), n.id, n.type);
            continue;
        }
        for (const ValueChange &f : n.fields)
            out << QStringLiteral("~ node %1: %2").arg(n.id, f.describe(maxChars));
        for (const ConditionChange &c : n.conditions)
            out << conditionLine(n.id, c, maxChars);
        if (n.conditionOrder)
            out << QStringLiteral("~ node %1: %2").arg(n.id, n.conditionOrder->describe(maxChars));
    }
    for (const EdgeDiff &e : edges) {
        if (e.status != DiffStatus::Changed) {
            out << QStringLiteral("%1 edge %2").arg(e.status == DiffStatus::Added ? QStringLiteral("+") : QStringLiteral("-"), e.key.describe());
            continue;
        }
        // A branch's own flow changes with its condition, which the node's lines tell.
        if (!e.key.condition.isEmpty())
            continue;
        for (const ValueChange &f : e.fields)
            out << QStringLiteral("~ edge %1: %2").arg(e.key.describe(), f.describe(maxChars));
    }
    if (withLayout) {
        for (const LayoutChange &l : layout) {
            QString line = QStringLiteral("@ %1 %2 ").arg(l.kind, l.id);
            if (l.oldPosition != l.newPosition)
                line += QStringLiteral("moved %1 → %2").arg(point(l.oldPosition), point(l.newPosition));
            if (l.oldSize != l.newSize)
                line += QStringLiteral("%1resized %2 × %3 → %4 × %5")
                            .arg(l.oldPosition != l.newPosition ? QStringLiteral(", ") : QString())
                            .arg(l.oldSize->width()).arg(l.oldSize->height()).arg(l.newSize->width()).arg(l.newSize->height());
            out << line;
        }
    }
    return out;
}

} // namespace capgraph
