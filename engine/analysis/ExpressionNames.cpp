#include "analysis/ExpressionNames.h"

#include "analysis/GraphInputs.h"
#include "analysis/GraphTopology.h"
#include "capability/CapabilityRegistry.h"
#include "expr/ExprFunctions.h"
#include "expr/ExpressionContext.h"

#include <QJsonObject>
#include <QSet>

namespace capgraph {

QList<ExpressionName> ExpressionNames::at(const Graph &graph, const QString &nodeId, bool nodeRan, const CapabilityRegistry *capabilities)
{
    QList<ExpressionName> out;
    QSet<QString> seen;
    const auto add = [&](ExpressionName n) {
        if (n.label.isEmpty())
            n.label = n.text;
        if (!seen.contains(n.text)) {
            seen.insert(n.text);
            out.append(std::move(n));
        }
    };
    // The run's input, its fields as the graph reads them (typed by the capabilities).
    // The built-ins first (a word's first match is the one most often meant: "iter" is
    // iteration, not search_literature), then the input's fields, the upstream outputs, the functions.
    add({ExpressionName::Kind::Builtin, QStringLiteral("input"), {}, QStringLiteral("object"), QStringLiteral("the run's input")});
    for (const QString &b : ExpressionContext::builtinNames())
        if (b != QLatin1String("input"))
            add({ExpressionName::Kind::Builtin, b, {}, b == QLatin1String("iteration") ? QStringLiteral("integer") : QStringLiteral("object"), {}});
    const QList<GraphInput> inputs = capabilities ? GraphInputs::of(graph, *capabilities) : GraphInputs::of(graph);
    for (const GraphInput &in : inputs)
        add({ExpressionName::Kind::Input, QStringLiteral("input.") + in.name, {}, in.type, in.describedBy});
    // Upstream nodes: those from which `nodeId` can be reached (every node when there is no
    // scope, or when the node is not in the graph).
    const GraphTopology topo(graph);
    const int scope = topo.indexOf(nodeId);
    const QList<bool> upstream = scope >= 0 ? topo.reachingTo({scope}) : QList<bool>(topo.nodeCount(), true);
    for (int i = 0; i < topo.nodeCount(); ++i) {
        if (!upstream.at(i))
            continue;
        const Node *n = graph.node(topo.idAt(i));
        if (!n || (i == scope && !nodeRan && !topo.onCycle(i)))
            continue;
        QJsonObject properties;
        if (capabilities && n->kind == NodeKind::Skill)
            if (const Capability *c = capabilities->resolve(n->skillId))
                properties = c->outputSchema.value(QStringLiteral("properties")).toObject();
        QStringList names = n->outputs;
        if (isInteraction(n->kind))
            names << QStringLiteral("answer");
        for (const QString &o : std::as_const(names)) {
            const QString type = isInteraction(n->kind) && o == QLatin1String("answer") ? QString() : properties.value(o).toObject().value(QStringLiteral("type")).toString();
            add({ExpressionName::Kind::Output, n->id + QLatin1Char('.') + o, {}, type, n->id});
            add({ExpressionName::Kind::Variable, o, {}, type, n->id});
        }
    }
    for (int f = 0; f < ExprFunctions::Count; ++f) {
        const ExprFunctions::Spec &spec = ExprFunctions::spec(f);
        add({ExpressionName::Kind::Function, QLatin1String(spec.name) + QLatin1Char('('), QLatin1String(spec.signature), QStringLiteral("function"), {}});
    }
    return out;
}

QString ExpressionNames::tokenBefore(const QString &text, int cursor, int *start)
{
    cursor = std::clamp(cursor, 0, int(text.size()));
    int s = cursor;
    while (s > 0) {
        const QChar c = text.at(s - 1);
        if (!(c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('.')))
            break;
        --s;
    }
    if (start)
        *start = s;
    return text.mid(s, cursor - s);
}

} // namespace capgraph
