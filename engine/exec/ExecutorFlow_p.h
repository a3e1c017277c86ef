#pragma once

#include "exec/CompiledGraph.h"
#include "exec/RunTokens_p.h"

#include <QHash>
#include <QVariantMap>

namespace capgraph {

class ExecutorPrivate;
class ExpressionContext;
class TranslatableText;

// The flow rules of seed 000's node kinds: what entering a node does (start, end, merge,
// branch, loops, parallel split and join, and handing skills and interactions to their
// units), and how a token leaves it along its edges (conditions, iteration edges with their
// limits, parallel edges, forks and joins).
class ExecutorFlow
{
public:
    explicit ExecutorFlow(ExecutorPrivate &d) : d(d) {}

    void enterNode(Token &t);
    void advance(Token &t); // leave t's node along its outgoing edges
    void finishToken(Token &t);

private:
    friend class Executor; // checkpoints
    void enterLoopStart(Token &t);
    bool forceLoopExit(Token &t, int loopStart, const TranslatableText &why);
    void leaveLoopsFor(Token &t, int target); // closes iteration-edge loops the target is outside of
    // The first conditional edge leaving t's node whose condition holds: its index, -1 when
    // none does, -2 when a condition could not be evaluated (the run has failed).
    int firstTrueConditionalEdge(Token &t, const ExpressionContext &ctx);
    void moveTo(Token &t, int edgeIndex, int target);
    // A branch with `select: optimal` whose conditions did not decide (ExecutorRoute).
    void chooseOptimal(Token &t, const CompiledGraph::CNode &n);
    // A branch goes on to `target`: node.finished (`because`: the engine's reason, else the
    // way `taken`), node.skipped for the other ways, the move.
    void leaveBranch(Token &t, const CompiledGraph::CNode &n, int edge, int target, const QString &taken,
                     const TranslatableText *because = nullptr, const QVariantMap *choice = nullptr);
    int spawn(const Token &from, int node, bool background, int fork);
    int openFork(Token &t, int syncBranches, int join);
    void arriveAtJoin(Token &t, int node);
    void checkJoin(int forkId);

    ExecutorPrivate &d;
    QHash<int, Fork> m_forks;
    int m_nextFork = 1;
};

} // namespace capgraph
