#include "handlers/InlineSubgraphHandler.h"

#include "expr/ExprValue.h"
#include "expr/Expression.h"
#include "handlers/SubgraphHandler.h"
#include "yaml/InlineSubgraphs.h"

namespace capgraph {

InlineSubgraphHandler::InlineSubgraphHandler(const Graph &graph, const QString &file, std::shared_ptr<HandlerEnvironment> env, QStringList *problems)
    : m_env(std::move(env))
{
    for (const QString &name : InlineSubgraphs::names(graph)) {
        const GraphLoadResult r = InlineSubgraphs::read(graph, name, file);
        if (r.ok())
            m_graphs.insert(name, std::make_shared<const Graph>(*r.graph));
        else if (problems)
            *problems << r.errorText();
    }
}

void InlineSubgraphHandler::start(const SkillCallPtr &call)
{
    const QString name = call->inputs.value(QStringLiteral("subgraph")).toString();
    const auto graph = m_graphs.value(name);
    if (!graph) {
        call->fail(QStringLiteral("builtin.subgraph: the file has no sub-graph '%1' (graph.subgraphs)").arg(name));
        return;
    }
    QVariantMap input = call->inputs;
    input.remove(QStringLiteral("subgraph"));
    const QString breakWhen = input.take(QStringLiteral("break_when")).toString();
    const bool loop = input.contains(QStringLiteral("loop_variables"));
    const QStringList variables = input.take(QStringLiteral("loop_variables")).toStringList();
    std::weak_ptr<InlineSubgraphHandler> self = weak_from_this();
    auto child = std::make_shared<SubgraphHandler>(
        QStringLiteral("subgraphs.") + name, graph,
        [self] {
            const auto me = self.lock();
            HandlerRegistry r = me ? me->m_handlers : HandlerRegistry();
            if (me)
                r.add(QStringLiteral("builtin.subgraph"), me);
            return r;
        },
        m_env);
    const int round = call->round;
    const SkillCallPtr inner = SkillCall::forwarding(call, [child, loop, variables, breakWhen, input, round](const SkillCallPtr &c, const QVariantMap &vars, bool) {
        if (!loop) {
            c->finish({{QStringLiteral("output"), vars.value(QStringLiteral("output"), QVariant::fromValue(nullptr))}});
            return;
        }
        QVariantMap out;
        for (const QString &v : variables)
            out.insert(v, vars.contains(v) ? vars.value(v) : input.value(v));
        out.insert(QStringLiteral("loop_round"), round);
        bool last = ExprValue::truthy(vars.value(QStringLiteral("__break")));
        if (!last && !breakWhen.isEmpty()) {
            QVariantMap names = input;
            for (auto it = out.cbegin(); it != out.cend(); ++it)
                names.insert(it.key(), it.value());
            const Expression e = Expression::parse(breakWhen);
            const EvalResult r = e.isValid() ? e.evaluate(QVariantMap{{QStringLiteral("input"), names}}) : EvalResult{};
            if (!e.isValid() || !r.ok()) {
                c->fail(QStringLiteral("the loop's break condition %1: %2").arg(breakWhen, e.isValid() ? r.error : e.errorMessage()));
                return;
            }
            last = ExprValue::truthy(r.value);
        }
        c->finish(out, last);
    });
    inner->inputs = input;
    child->start(inner);
}

} // namespace capgraph
