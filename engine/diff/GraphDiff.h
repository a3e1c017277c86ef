#pragma once

#include "diff/ValueChange.h"

#include <QJsonObject>
#include <QList>
#include <QPointF>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <optional>

namespace capgraph {

struct Graph;

// Whether something is in the new version only, in the old one only, or in both but different.
enum class DiffStatus { Added, Removed, Changed };
QString diffStatusName(DiffStatus status); // "added", "removed", "changed"

// A branch condition that differs. Conditions are matched by name; an unmatched old and new
// condition with the same expression are the same condition renamed.
struct ConditionChange
{
    DiffStatus status = DiffStatus::Changed;
    QString oldName;   // empty when added
    QString newName;   // empty when removed
    QList<ValueChange> fields; // expression, target, unknown keys (changed only)

    bool renamed() const { return status == DiffStatus::Changed && oldName != newName; }
    // The change of `target`, when there is one.
    const ValueChange *retarget() const;
    QJsonObject toJson() const;
};

// A node that differs, matched by id. `fields` lists each changed property old → new (for an
// added or removed node: empty). The studio colours the node by `status` and lists `fields`.
struct NodeDiff
{
    DiffStatus status = DiffStatus::Changed;
    QString id;
    QString type;                      // the new type (the old one for a removed node)
    QList<ValueChange> fields;
    QList<ConditionChange> conditions; // a branch's conditions added, removed, renamed, changed
    std::optional<ValueChange> conditionOrder; // the names in order, when only the order changed

    QJsonObject toJson() const;
};

// A way control flows (Graph::flowEdges: explicit edges and a branch's condition and default
// targets), identified by from, to, its kind and, for a branch's own flows, the condition's
// name ("default" for the default). Two flows with the same identity are told apart by their
// order (`occurrence`).
struct EdgeKey
{
    QString from;
    QString to;
    QString kind;      // "sequence", "conditional", ... (the written type when unknown)
    QString condition; // a branch's condition name, or "default"; empty for an explicit edge
    int occurrence = 0;

    bool operator==(const EdgeKey &o) const = default;
    QString describe() const; // "a → b (sequence)", "check → done (conditional: ok)"
};

// An edge that differs. `oldIndex` / `newIndex` is its place in each graph's flowEdges()
// (-1 on the side without it), so a canvas can find the flow it draws. A changed edge lists
// its changed fields (weight, condition, ...); a renamed condition's flow is a changed edge
// with the field "condition name".
struct EdgeDiff
{
    DiffStatus status = DiffStatus::Changed;
    EdgeKey key;       // the new identity (the old one when removed)
    int oldIndex = -1;
    int newIndex = -1;
    QList<ValueChange> fields;

    QJsonObject toJson() const;
};

// A node or a note moved or resized: layout, not meaning (listed only when asked).
struct LayoutChange
{
    QString kind; // "node", "note"
    QString id;
    std::optional<QPointF> oldPosition, newPosition;
    std::optional<QSizeF> oldSize, newSize; // notes

    QJsonObject toJson() const;
};

// What changed from one version of a graph to another, by meaning (docs/cli.md, `capgraph
// diff`): graph fields, nodes, conditions and edges. The order of keys and of nodes in the
// file, comments and the spelling of a type ("start" or "control.start") are not differences;
// positions are listed apart, in `layout`. Lists are sorted (nodes by id, edges by identity).
struct GraphDiff
{
    QList<ValueChange> graph; // graph-level fields: name, inputs.*, metadata.*, frames, notes ...
    QList<NodeDiff> nodes;
    QList<EdgeDiff> edges;
    QList<LayoutChange> layout;

    static GraphDiff compare(const Graph &oldGraph, const Graph &newGraph);

    // No difference of meaning (layout changes do not count unless `withLayout`).
    bool isEmpty(bool withLayout = false) const;
    const NodeDiff *node(const QString &id) const;

    // {"equal", "graph": [...], "nodes": [...], "edges": [...]} (+ "layout" when `withLayout`).
    QJsonObject toJson(bool withLayout = false) const;
    // One line a difference: "~ graph: name: "a" → "b"", "+ node x (skill)", "- edge a → b
    // (sequence)", "~ node w: prompt: "old…" → "new…"", "~ node b: condition ok renamed to
    // yes"; then, with `withLayout`, "@ node x moved (10, 20) → (30, 40)". Text values are cut
    // at `maxChars` characters (-1: never).
    QStringList lines(bool withLayout = false, int maxChars = 80) const;
};

} // namespace capgraph
