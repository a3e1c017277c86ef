#include "handlers/InlineSubgraphHandler.h"

#include "expr/ExprValue.h"
#include "expr/Expression.h"
#include "handlers/HandlerEnvironment.h"
#include "handlers/SubgraphHandler.h"
#include "model/NodeKind.h"

#include <functional>
#include "yaml/InlineSubgraphs.h"

namespace capgraph {

InlineSubgraphHandler::InlineSubgraphHandler(const Graph &graph, const QString &file, std::shared_ptr<HandlerEnvironment> env, QStringList *problems)
    : m_env(std::move(env))
{
    for (auto &[name, r] : InlineSubgraphs::readAll(graph, file)) {
        if (r.ok())
            m_graphs.insert(name, std::make_shared<const Graph>(*r.graph));
        else if (problems)
            *problems << r.errorText();
    }
    // Which sub-graph runs which: none may run itself, through others or not, nor nest deeper
    // than a composite capability may (HandlerEnvironment::maxDepth). Checked once here, as
    // the names are written in the file.
    QHash<QString, QStringList> runs;
    auto calls = [&](const Graph &g, const QString &where) {
        QStringList names;
        for (const Node &n : g.nodes) {
            if (n.kind != NodeKind::Skill || n.skillId != QLatin1String("builtin.subgraph"))
                continue;
            const QString name = n.inputs.value(QStringLiteral("subgraph")).toString();
            if (!m_graphs.contains(name) && problems)
                *problems << QStringLiteral("%1node '%2' runs the sub-graph '%3', which graph.subgraphs does not hold").arg(where, n.id, name);
            names << name;
        }
        return names;
    };
    calls(graph, QString());
    for (auto it = m_graphs.cbegin(); it != m_graphs.cend(); ++it)
        runs.insert(it.key(), calls(*it.value(), QStringLiteral("subgraphs.%1: ").arg(it.key())));
    const int maxDepth = m_env ? m_env->maxDepth : 8;
    std::function<bool(const QString &, QStringList &)> walk = [&](const QString &name, QStringList &chain) {
        if (chain.contains(name) || chain.size() >= maxDepth) {
            chain << name;
            return false;
        }
        chain << name;
        for (const QString &next : runs.value(name))
            if (!walk(next, chain))
                return false;
        chain.removeLast();
        return true;
    };
    for (auto it = runs.cbegin(); it != runs.cend() && problems; ++it) {
        QStringList chain;
        if (!walk(it.key(), chain)) {
            *problems << QStringLiteral("sub-graphs nest %1: %2 (at most %3 deep, and a sub-graph may not run itself)")
                             .arg(chain.count(chain.last()) > 1 ? QStringLiteral("recursively") : QStringLiteral("too deep"),
                                  chain.join(QStringLiteral(" → ")))
                             .arg(maxDepth);
            break;
        }
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
    // The break condition, parsed once: one that does not parse fails the node before any
    // round runs.
    Expression breakCondition;
    if (loop && !breakWhen.isEmpty()) {
        breakCondition = Expression::parse(breakWhen);
        if (!breakCondition.isValid()) {
            call->fail(QStringLiteral("the loop's break condition %1: %2").arg(breakWhen, breakCondition.errorMessage()));
            return;
        }
    }
    // A round's outputs: the loop variables as `values` gives them (else as they came in), and
    // `loop_round`.
    auto roundOutputs = [variables, input](const QVariantMap &values, int round) {
        QVariantMap out;
        for (const QString &v : variables)
            out.insert(v, values.contains(v) ? values.value(v) : input.value(v));
        out.insert(QStringLiteral("loop_round"), round);
        return out;
    };
    if (breakCondition.isValid() && call->round == 1) {
        // As Dify does, the break conditions are checked once before the first round too: met
        // by the loop variables' first values, no round runs and those values are the loop's
        // outputs. A condition that cannot be evaluated yet counts as not met (Dify's too).
        const EvalResult r = breakCondition.evaluate(QVariantMap{{QStringLiteral("input"), input}});
        if (r.ok() && ExprValue::truthy(r.value)) {
            call->finish(roundOutputs({}, 0), true);
            return;
        }
    }
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
    const SkillCallPtr inner = SkillCall::forwarding(call, [child, loop, roundOutputs, breakCondition, breakWhen, input, round](const SkillCallPtr &c, const QVariantMap &vars, bool) {
        Q_UNUSED(child); // held until the child run ends
        if (!loop) {
            c->finish({{QStringLiteral("output"), vars.value(QStringLiteral("output"), QVariant::fromValue(nullptr))}});
            return;
        }
        const QVariantMap out = roundOutputs(vars, round);
        bool last = ExprValue::truthy(vars.value(QStringLiteral("__break")));
        if (!last && breakCondition.isValid()) {
            QVariantMap names = input;
            for (auto it = out.cbegin(); it != out.cend(); ++it)
                names.insert(it.key(), it.value());
            const EvalResult r = breakCondition.evaluate(QVariantMap{{QStringLiteral("input"), names}});
            if (!r.ok()) {
                c->fail(QStringLiteral("the loop's break condition %1: %2").arg(breakWhen, r.error));
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
