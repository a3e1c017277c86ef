#include "handlers/WorkflowHandlers.h"

#include "exec/HandlerRegistry.h"
#include "handlers/CodeHandler.h"
#include "handlers/DataHandlers.h"
#include "handlers/HandlerEnvironment.h"
#include "handlers/HttpRequestHandler.h"
#include "handlers/LlmCallHandler.h"
#include "handlers/TrustGate.h"
#include "model/Graph.h"
#include "yaml/InlineSubgraphs.h"

namespace capgraph {

void registerWorkflowHandlers(HandlerRegistry &registry, const QString &baseDir, std::shared_ptr<TrustGate> trust)
{
    // An environment of their own: no run's handlers in it, so nothing holds itself.
    auto env = std::make_shared<HandlerEnvironment>();
    env->baseDir = baseDir;
    if (trust)
        env->trust = std::move(trust);
    registry.add(QStringLiteral("builtin.llm"), std::make_shared<LlmCallHandler>(env));
    registry.add(QStringLiteral("builtin.code"), std::make_shared<CodeHandler>(env));
    registry.add(QStringLiteral("builtin.http"), std::make_shared<HttpRequestHandler>(env));
    registry.add(QStringLiteral("builtin.jinja"), std::make_shared<JinjaHandler>());
    registry.add(QStringLiteral("builtin.coalesce"), std::make_shared<CoalesceHandler>());
    registry.add(QStringLiteral("builtin.list"), std::make_shared<ListHandler>());
}

namespace {
void trustLines(const Graph &graph, QStringList *lines)
{
    for (const Node &n : graph.nodes) {
        if (n.skillId == QLatin1String("builtin.code")) {
            const QString language = n.inputs.value(QStringLiteral("language")).toString();
            *lines << QStringLiteral("node '%1' runs %2 code in a child process (builtin.code)")
                          .arg(n.id, language == QLatin1String("javascript") ? QStringLiteral("JavaScript (node)") : QStringLiteral("Python (python3)"));
        } else if (n.skillId == QLatin1String("builtin.http")) {
            *lines << QStringLiteral("node '%1' sends %2 %3 (builtin.http)")
                          .arg(n.id, n.inputs.value(QStringLiteral("method")).toString().toUpper(),
                               n.inputs.value(QStringLiteral("url")).toString());
        }
    }
    for (const QString &name : InlineSubgraphs::names(graph))
        if (const GraphLoadResult r = InlineSubgraphs::read(graph, name); r.ok())
            trustLines(*r.graph, lines);
}
} // namespace

QStringList workflowTrustLines(const Graph &graph)
{
    QStringList lines;
    trustLines(graph, &lines);
    return lines;
}

} // namespace capgraph
