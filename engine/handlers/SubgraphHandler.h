#pragma once

#include "exec/HandlerRegistry.h"
#include "exec/SkillCall.h"
#include "model/Graph.h"

#include <functional>

#include <QJsonObject>
#include <QString>

#include <memory>

namespace capgraph {

struct HandlerEnvironment;

// A composite capability (seed 003: `workflow_definition: {type: capgraph, path: …}`, or
// `handler: {type: graph, path: …}`): its graph runs as a child run — a graph used as a node,
// as seed 000's sub-graph composition describes. The call's inputs are the child's `input`;
// its outputs are the child's variables at the end (only those the output_schema declares,
// when it declares any). The child's node events come out as the call's log lines and
// progress, its token usage adds to the node's; in a run, the calling run adopts the child
// (SkillCall::adoptChild): its events, questions and checkpoints go one level up. Entering the same capability again deeper
// than HandlerEnvironment::maxDepth (8) fails with the chain of graphs.
class SubgraphHandler : public SkillHandler
{
public:
    SubgraphHandler(QString capability, QString graphPath, QJsonObject outputSchema, std::shared_ptr<HandlerEnvironment> env);
    // A graph kept in memory (an inline sub-graph, graph.subgraphs), whose skills resolve with
    // the handlers `handlers` gives at each call (the calling run's own, its per-node mocks
    // included: the sub-graph's node ids are the file's).
    SubgraphHandler(QString name, std::shared_ptr<const Graph> graph, std::function<HandlerRegistry()> handlers,
                    std::shared_ptr<HandlerEnvironment> env);
    void start(const SkillCallPtr &call) override;

private:
    QString m_capability;
    QString m_graphPath;
    std::shared_ptr<const Graph> m_graph;
    std::function<HandlerRegistry()> m_handlers;
    QStringList m_declaredOutputs;
    std::shared_ptr<HandlerEnvironment> m_env;
};

} // namespace capgraph
