#include "diff/GraphDiff.h"

#include "diff/GraphFields.h"
#include "model/Graph.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <algorithm>

namespace capgraph {

namespace {

using Fields = QList<GraphFields::Field>;

// Each field whose value differs, in the new version's order, then those only the old one has.
QList<ValueChange> diffFields(const Fields &oldFields, const Fields &newFields)
{
    QHash<QString, QVariant> oldValues;
    for (const GraphFields::Field &f : oldFields)
        oldValues.insert(f.name, f.value);
    QList<ValueChange> changes;
    QSet<QString> seen;
    for (const GraphFields::Field &f : newFields) {
        seen.insert(f.name);
        const QVariant before = oldValues.value(f.name);
        if (!ValueChange::sameValue(before, f.value))
            changes.append({f.name, before, f.value});
    }
    for (const GraphFields::Field &f : oldFields)
        if (!seen.contains(f.name))
            changes.append({f.name, f.value, QVariant()});
    return changes;
}

// A condition's name as its identity: unnamed ones by their place ("#2").
QString conditionKey(const BranchCondition &c, int index)
{
    return c.name.isEmpty() ? QStringLiteral("#%1").arg(index + 1) : c.name;
}

void diffConditions(const Node &oldNode, const Node &newNode, NodeDiff *diff)
{
    QStringList oldKeys, newKeys;
    for (int i = 0; i < oldNode.conditions.size(); ++i)
        oldKeys << conditionKey(oldNode.conditions.at(i), i);
    for (int i = 0; i < newNode.conditions.size(); ++i)
        newKeys << conditionKey(newNode.conditions.at(i), i);

    // old index -> new index: by name first, then an unmatched pair with the same expression.
    QHash<int, int> match;
    QSet<int> newMatched;
    for (int i = 0; i < oldKeys.size(); ++i) {
        const int j = int(newKeys.indexOf(oldKeys.at(i)));
        if (j >= 0 && !newMatched.contains(j)) {
            match.insert(i, j);
            newMatched.insert(j);
        }
    }
    for (int i = 0; i < oldKeys.size(); ++i) {
        if (match.contains(i) || oldNode.conditions.at(i).expression.isEmpty())
            continue;
        for (int j = 0; j < newKeys.size(); ++j) {
            if (!newMatched.contains(j) && newNode.conditions.at(j).expression == oldNode.conditions.at(i).expression) {
                match.insert(i, j);
                newMatched.insert(j);
                break;
            }
        }
    }

    for (int i = 0; i < oldKeys.size(); ++i) {
        ConditionChange c;
        c.oldName = oldKeys.at(i);
        if (!match.contains(i)) {
            c.status = DiffStatus::Removed;
            diff->conditions.append(c);
            continue;
        }
        const int j = match.value(i);
        c.newName = newKeys.at(j);
        c.fields = diffFields(GraphFields::ofCondition(oldNode.conditions.at(i)), GraphFields::ofCondition(newNode.conditions.at(j)));
        if (c.renamed() || !c.fields.isEmpty())
            diff->conditions.append(c);
    }
    for (int j = 0; j < newKeys.size(); ++j) {
        if (newMatched.contains(j))
            continue;
        ConditionChange c;
        c.status = DiffStatus::Added;
        c.newName = newKeys.at(j);
        c.fields = diffFields({}, GraphFields::ofCondition(newNode.conditions.at(j)));
        diff->conditions.append(c);
    }

    // The first condition that holds is taken: the order of the conditions both have matters.
    QStringList oldOrder, newOrder;
    for (int i = 0; i < oldKeys.size(); ++i)
        if (match.contains(i))
            oldOrder << newKeys.at(match.value(i));
    for (int j = 0; j < newKeys.size(); ++j)
        if (newMatched.contains(j))
            newOrder << newKeys.at(j);
    if (oldOrder != newOrder)
        diff->conditionOrder = ValueChange{QStringLiteral("conditions (order)"), QVariant(oldOrder).toList(), QVariant(newOrder).toList()};
}

struct Flow
{
    EdgeKey key;
    int index = -1;
    Fields fields;
};

QList<Flow> flowsOf(const Graph &g)
{
    QList<Flow> flows;
    QHash<QString, int> seen;
    const QList<FlowEdge> all = g.flowEdges();
    for (int i = 0; i < all.size(); ++i) {
        const FlowEdge &f = all.at(i);
        Flow flow;
        flow.index = i;
        flow.key.from = f.from;
        flow.key.to = f.to;
        if (f.origin == FlowEdge::Origin::Edge) {
            const Edge &e = g.edges.at(f.edgeIndex);
            flow.key.kind = GraphFields::edgeType(e);
            flow.fields = GraphFields::ofEdge(e);
        } else {
            flow.key.kind = edgeTypeName(EdgeKind::Conditional);
            const Node *branch = g.node(f.from);
            if (f.origin == FlowEdge::Origin::Default) {
                flow.key.condition = QStringLiteral("default");
            } else if (branch && f.conditionIndex >= 0 && f.conditionIndex < branch->conditions.size()) {
                const BranchCondition &c = branch->conditions.at(f.conditionIndex);
                flow.key.condition = conditionKey(c, f.conditionIndex);
                if (!c.expression.isEmpty())
                    flow.fields.append({QStringLiteral("expression"), c.expression});
            }
        }
        const QString id = QStringList{flow.key.from, flow.key.to, flow.key.kind, flow.key.condition}.join(QChar(0));
        flow.key.occurrence = seen.value(id);
        seen.insert(id, flow.key.occurrence + 1);
        flows.append(flow);
    }
    return flows;
}

bool keyLess(const EdgeKey &a, const EdgeKey &b)
{
    return std::tie(a.from, a.to, a.kind, a.condition, a.occurrence) < std::tie(b.from, b.to, b.kind, b.condition, b.occurrence);
}

void diffEdges(const Graph &oldGraph, const Graph &newGraph, const QList<NodeDiff> &nodes, QList<EdgeDiff> *out)
{
    const QList<Flow> oldFlows = flowsOf(oldGraph);
    const QList<Flow> newFlows = flowsOf(newGraph);
    QList<bool> newUsed(newFlows.size(), false);
    QList<const Flow *> removed;
    for (const Flow &o : oldFlows) {
        int j = -1;
        for (int k = 0; k < newFlows.size() && j < 0; ++k)
            if (!newUsed.at(k) && newFlows.at(k).key == o.key)
                j = k;
        if (j < 0) {
            removed.append(&o);
            continue;
        }
        newUsed[j] = true;
        const QList<ValueChange> fields = diffFields(o.fields, newFlows.at(j).fields);
        if (!fields.isEmpty())
            out->append({DiffStatus::Changed, newFlows.at(j).key, o.index, newFlows.at(j).index, fields});
    }
    // A renamed condition's flow: the same way, under the condition's new name.
    auto renamedTo = [&](const EdgeKey &key) -> QString {
        for (const NodeDiff &n : nodes)
            if (n.id == key.from)
                for (const ConditionChange &c : n.conditions)
                    if (c.renamed() && c.oldName == key.condition)
                        return c.newName;
        return QString();
    };
    for (const Flow *o : removed) {
        const QString newName = o->key.condition.isEmpty() ? QString() : renamedTo(o->key);
        int j = -1;
        for (int k = 0; k < newFlows.size() && j < 0 && !newName.isEmpty(); ++k) {
            const EdgeKey &nk = newFlows.at(k).key;
            if (!newUsed.at(k) && nk.from == o->key.from && nk.to == o->key.to && nk.condition == newName)
                j = k;
        }
        if (j < 0) {
            out->append({DiffStatus::Removed, o->key, o->index, -1, {}});
            continue;
        }
        newUsed[j] = true;
        QList<ValueChange> fields{{QStringLiteral("condition name"), o->key.condition, newName}};
        fields += diffFields(o->fields, newFlows.at(j).fields);
        out->append({DiffStatus::Changed, newFlows.at(j).key, o->index, newFlows.at(j).index, fields});
    }
    for (int k = 0; k < newFlows.size(); ++k)
        if (!newUsed.at(k))
            out->append({DiffStatus::Added, newFlows.at(k).key, -1, newFlows.at(k).index, {}});
    std::sort(out->begin(), out->end(), [](const EdgeDiff &a, const EdgeDiff &b) { return keyLess(a.key, b.key); });
}

QJsonValue pointJson(const std::optional<QPointF> &p)
{
    return p ? QJsonValue(QJsonObject{{QStringLiteral("x"), p->x()}, {QStringLiteral("y"), p->y()}}) : QJsonValue();
}

QJsonArray changesJson(const QList<ValueChange> &changes)
{
    QJsonArray a;
    for (const ValueChange &c : changes)
        a.append(c.toJson());
    return a;
}

} // namespace

QString diffStatusName(DiffStatus status)
{
    switch (status) {
    case DiffStatus::Added: return QStringLiteral("added");
    case DiffStatus::Removed: return QStringLiteral("removed");
    case DiffStatus::Changed: break;
    }
    return QStringLiteral("changed");
}

const ValueChange *ConditionChange::retarget() const
{
    for (const ValueChange &f : fields)
        if (f.field == QLatin1String("target"))
            return &f;
    return nullptr;
}

QJsonObject ConditionChange::toJson() const
{
    QJsonObject o{{QStringLiteral("status"), diffStatusName(status)}};
    if (!oldName.isEmpty())
        o.insert(QStringLiteral("old_name"), oldName);
    if (!newName.isEmpty())
        o.insert(QStringLiteral("name"), newName);
    o.insert(QStringLiteral("renamed"), renamed());
    o.insert(QStringLiteral("retargeted"), status == DiffStatus::Changed && retarget() != nullptr);
    o.insert(QStringLiteral("fields"), changesJson(fields));
    return o;
}

QJsonObject NodeDiff::toJson() const
{
    QJsonObject o{{QStringLiteral("status"), diffStatusName(status)}, {QStringLiteral("id"), id}, {QStringLiteral("type"), type}};
    if (status == DiffStatus::Changed) {
        o.insert(QStringLiteral("fields"), changesJson(fields));
        QJsonArray conds;
        for (const ConditionChange &c : conditions)
            conds.append(c.toJson());
        o.insert(QStringLiteral("conditions"), conds);
        if (conditionOrder)
            o.insert(QStringLiteral("condition_order"), conditionOrder->toJson());
    }
    return o;
}

QString EdgeKey::describe() const
{
    QString text = QStringLiteral("%1 → %2 (%3").arg(from, to, kind);
    if (!condition.isEmpty())
        text += QStringLiteral(": ") + condition;
    if (occurrence > 0)
        text += QStringLiteral(", #%1").arg(occurrence + 1);
    return text + QLatin1Char(')');
}

QJsonObject EdgeDiff::toJson() const
{
    QJsonObject o{{QStringLiteral("status"), diffStatusName(status)},
                  {QStringLiteral("from"), key.from},
                  {QStringLiteral("to"), key.to},
                  {QStringLiteral("kind"), key.kind}};
    if (!key.condition.isEmpty())
        o.insert(QStringLiteral("condition"), key.condition);
    if (key.occurrence > 0)
        o.insert(QStringLiteral("occurrence"), key.occurrence + 1);
    o.insert(QStringLiteral("old_index"), oldIndex);
    o.insert(QStringLiteral("new_index"), newIndex);
    if (status == DiffStatus::Changed)
        o.insert(QStringLiteral("fields"), changesJson(fields));
    return o;
}

QJsonObject LayoutChange::toJson() const
{
    QJsonObject o{{QStringLiteral("kind"), kind}, {QStringLiteral("id"), id}};
    o.insert(QStringLiteral("old_position"), pointJson(oldPosition));
    o.insert(QStringLiteral("new_position"), pointJson(newPosition));
    if (oldSize || newSize) {
        auto size = [](const std::optional<QSizeF> &s) {
            return s ? QJsonValue(QJsonObject{{QStringLiteral("width"), s->width()}, {QStringLiteral("height"), s->height()}}) : QJsonValue();
        };
        o.insert(QStringLiteral("old_size"), size(oldSize));
        o.insert(QStringLiteral("new_size"), size(newSize));
    }
    return o;
}

GraphDiff GraphDiff::compare(const Graph &oldGraph, const Graph &newGraph)
{
    GraphDiff d;
    d.graph = diffFields(GraphFields::ofGraph(oldGraph), GraphFields::ofGraph(newGraph));

    QStringList ids;
    for (const Node &n : oldGraph.nodes)
        ids << n.id;
    for (const Node &n : newGraph.nodes)
        ids << n.id;
    ids.sort();
    ids.removeDuplicates();
    for (const QString &id : ids) {
        const Node *o = oldGraph.node(id);
        const Node *n = newGraph.node(id);
        NodeDiff nd;
        nd.id = id;
        nd.type = GraphFields::nodeType(n ? *n : *o);
        if (!o || !n) {
            nd.status = o ? DiffStatus::Removed : DiffStatus::Added;
            d.nodes.append(nd);
            continue;
        }
        nd.fields = diffFields(GraphFields::ofNode(*o), GraphFields::ofNode(*n));
        diffConditions(*o, *n, &nd);
        if (!nd.fields.isEmpty() || !nd.conditions.isEmpty() || nd.conditionOrder)
            d.nodes.append(nd);
        if (o->position != n->position)
            d.layout.append({QStringLiteral("node"), id, o->position, n->position, {}, {}});
    }
    diffEdges(oldGraph, newGraph, d.nodes, &d.edges);

    for (const Note &n : newGraph.notes) {
        for (const Note &o : oldGraph.notes) {
            if (o.id == n.id && (o.position != n.position || o.size != n.size))
                d.layout.append({QStringLiteral("note"), n.id, o.position, n.position,
                                 o.size != n.size ? std::optional(o.size) : std::nullopt,
                                 o.size != n.size ? std::optional(n.size) : std::nullopt});
        }
    }
    return d;
}

bool GraphDiff::isEmpty(bool withLayout) const
{
    return graph.isEmpty() && nodes.isEmpty() && edges.isEmpty() && (!withLayout || layout.isEmpty());
}

const NodeDiff *GraphDiff::node(const QString &id) const
{
    for (const NodeDiff &n : nodes)
        if (n.id == id)
            return &n;
    return nullptr;
}

QJsonObject GraphDiff::toJson(bool withLayout) const
{
    QJsonObject o{{QStringLiteral("equal"), isEmpty(withLayout)}, {QStringLiteral("graph"), changesJson(graph)}};
    QJsonArray n, e;
    for (const NodeDiff &nd : nodes)
        n.append(nd.toJson());
    for (const EdgeDiff &ed : edges)
        e.append(ed.toJson());
    o.insert(QStringLiteral("nodes"), n);
    o.insert(QStringLiteral("edges"), e);
    if (withLayout) {
        QJsonArray l;
        for (const LayoutChange &c : layout)
            l.append(c.toJson());
        o.insert(QStringLiteral("layout"), l);
    }
    return o;
}

} // namespace capgraph
