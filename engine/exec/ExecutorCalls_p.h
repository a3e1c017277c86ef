#pragma once

#include "exec/CompiledGraph.h"
#include "exec/SkillCall.h"
#include "exec/RunTokens_p.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QVariantMap>

#include <memory>

namespace capgraph {

class ExecutorPrivate;

// Skill calls: a node's inputs evaluated, its handler called (with the timeout, retries and
// their back-off, the rounds of an iterative skill), for_each over a list with its
// concurrency, and the outcome stored or the node failed.
class ExecutorCalls : public SkillCall::ChildAdopter
{
public:
    explicit ExecutorCalls(ExecutorPrivate &d) : d(d) {}

    void executeSkill(Token &t, const CompiledGraph::CNode &n);
    // The next round of an iterative skill (t.pendingRound), started by the scheduler.
    void startRound(Token &t);
    void timerFired(int timerId); // a call's timeout or a retry's wait
    void cancelAllCalls();
    void cancelCallsOf(int tokenId); // a background branch that stopped
    void forgetParallel(int tokenId) { m_parallel.remove(tokenId); }
    void forgetAllParallel() { m_parallel.clear(); }
    bool busy() const { return !m_calls.isEmpty() || !m_retries.isEmpty(); } // handlers at work
    // Handlers at work that do not just wait for a person: every call in flight is a child
    // run waiting for an answer (ExecutorChildren) when this is false and busy() is true.
    bool working() const;
    // A call's handler started a child run (a composite capability): ExecutorChildren follows it.
    bool adopt(const SkillCall *call, Executor *child) override;
    // A composite node's timeout does not run while its child run waits for a person or stands
    // paused (a breakpoint, a step): held, then given what was left when the child goes on.
    void holdTimeout(const SkillCall *call, bool hold);

private:
    friend class Executor; // checkpoints
    struct ParallelState;
    bool evalInputs(const Token &t, const CompiledGraph::CNode &n, const QVariantMap &extra, QVariantMap *inputs, QString *error);
    void startCall(int tokenId, int nodeIndex, const QVariantMap &inputs, int attempt, int round, int item);
    ActiveCall takeCall(const SkillCall *call);
    void callFinished(const SkillCall *call, const QVariantMap &outputs, bool done);
    void callFailed(const SkillCall *call, const QString &error);
    void nodeSucceeded(int tokenId, int nodeIndex, const QVariantMap &outputs);
    void nodeFailed(int tokenId, int nodeIndex, const QString &error);
    void startParallelItems(int tokenId);
    void parallelItemDone(int tokenId, int item, const QVariantMap &inputs, const QVariantMap &outputs, const QString &error);
    // node.started's (and node.item's) data: {input, truncated} (TraceValue::bounded).
    QVariantMap recordedInput(const CompiledGraph::CNode &n, const QVariantMap &inputs) const;
    void finishParallel(int tokenId);

    ExecutorPrivate &d;
    QList<ActiveCall> m_calls;
    QHash<int, PendingRetry> m_retries; // timer id -> what to call again
    QHash<int, std::shared_ptr<ParallelState>> m_parallel; // token -> map over a list
};

} // namespace capgraph
