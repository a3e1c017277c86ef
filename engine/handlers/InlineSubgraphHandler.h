#pragma once

#include "exec/HandlerRegistry.h"
#include "exec/SkillCall.h"
#include "model/Graph.h"

#include <QHash>

#include <memory>

namespace capgraph {

struct HandlerEnvironment;
class SubgraphHandler;

// builtin.subgraph: runs the graph `subgraph` names among the file's graph.subgraphs as a child
// run (an imported Dify iteration's or loop's children), the call's other inputs as its input.
//   An iteration (execution_mode: parallel over for_each) gives back {output}: what the
//   children's results node set.
//   A loop (execution_mode: iterative) names its `loop_variables`; each round gives back their
//   values and `loop_round`, and is the last when a node set `__break` or `break_when` (an
//   expression over `input`: the call's inputs with the round's values) holds. `break_when`
//   is checked before the first round too: met by the first values, no round runs
//   (`loop_round` 0).
class InlineSubgraphHandler : public SkillHandler, public std::enable_shared_from_this<InlineSubgraphHandler>
{
public:
    // `graph`: the file's graph; its sub-graphs are read now (problems says which do not read).
    InlineSubgraphHandler(const Graph &graph, const QString &file, std::shared_ptr<HandlerEnvironment> env, QStringList *problems);
    void start(const SkillCallPtr &call) override;
    // The handlers the children's skills resolve with: the calling run's (set once they are all
    // made; this handler is added at each call, so that it holds no reference to itself).
    void setHandlers(HandlerRegistry handlers) { m_handlers = std::move(handlers); }
    QList<std::shared_ptr<const Graph>> graphs() const { return m_graphs.values(); }

private:
    QHash<QString, std::shared_ptr<const Graph>> m_graphs;
    std::shared_ptr<HandlerEnvironment> m_env;
    HandlerRegistry m_handlers;
};

} // namespace capgraph
