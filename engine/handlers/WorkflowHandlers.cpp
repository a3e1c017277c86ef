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

void registerWorkflowHandlers(HandlerRegistry &registry, const HandlerEnvironment &run)
{
    auto env = std::make_shared<HandlerEnvironment>(run);
    env->baseHandlers = HandlerRegistry();
    env->capabilities.reset();
    if (!env->trust)
        env->trust = std::make_shared<TrustGate>(TrustGate::denied(QStringLiteral("no trust gate was given for this run")));
    registry.add(QStringLiteral("builtin.llm"), std::make_shared<LlmCallHandler>(env));
    registry.add(QStringLiteral("builtin.code"), std::make_shared<CodeHandler>(env));
    registry.add(QStringLiteral("builtin.http"), std::make_shared<HttpRequestHandler>(env));
    registry.add(QStringLiteral("builtin.jinja"), std::make_shared<JinjaHandler>());
    registry.add(QStringLiteral("builtin.coalesce"), std::make_shared<CoalesceHandler>());
    registry.add(QStringLiteral("builtin.list"), std::make_shared<ListHandler>());
}

namespace {
void trustLines(const Graph &graph, QList<TranslatableText> *lines)
{
    for (const Node &n : graph.nodes) {
        if (n.skillId == QLatin1String("builtin.code")) {
            const bool node = n.inputs.value(QStringLiteral("language")).toString() == QLatin1String("javascript");
            *lines << (node ? CAPGRAPH_TR("capgraph::RunSetup", "node '%1' runs JavaScript code in a child process (node, builtin.code)").arg(n.id)
                            : CAPGRAPH_TR("capgraph::RunSetup", "node '%1' runs Python code in a child process (python3, builtin.code)").arg(n.id));
        } else if (n.skillId == QLatin1String("builtin.http")) {
            *lines << CAPGRAPH_TR("capgraph::RunSetup", "node '%1' sends %2 %3 (builtin.http)")
                          .arg(n.id, n.inputs.value(QStringLiteral("method")).toString().toUpper(), n.inputs.value(QStringLiteral("url")).toString());
        }
    }
}
} // namespace

QList<TranslatableText> workflowTrustLines(const Graph &graph)
{
    QList<TranslatableText> lines;
    trustLines(graph, &lines);
    for (const auto &[name, r] : InlineSubgraphs::readAll(graph)) // every level of containers is kept at the top
        if (r.ok())
            trustLines(*r.graph, &lines);
    return lines;
}

} // namespace capgraph
