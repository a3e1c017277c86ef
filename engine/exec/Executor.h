#pragma once

#include "diagnostics/Diagnostic.h"
#include "exec/CompiledGraph.h"
#include "exec/HandlerRegistry.h"
#include "exec/RunEvent.h"
#include "exec/RunState.h"
#include "model/Graph.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QSet>
#include <QVariantMap>

#include <deque>
#include <unordered_map>

namespace capgraph {

struct RunOptions
{
    qint64 maxSteps = 1'000'000;      // node executions before the run is stopped
    bool cancelBackgroundAtEnd = false; // when the main path ends: cancel background branches instead of waiting
    int sliceMs = 8;                  // run at most this long before letting the event loop in
    QString runId;
};

// Tokens consumed by LLM calls (reported by handlers through SkillCall::usage).
struct TokenUsage
{
    qint64 prompt = 0;
    qint64 completion = 0;
    qint64 total() const { return prompt + completion; }
    TokenUsage &operator+=(const TokenUsage &o) { prompt += o.prompt; completion += o.completion; return *this; }
};

enum class RunStatus { Idle, Running, Paused, WaitingForInput, Finished, Failed, Cancelled };
QString runStatusName(RunStatus status);

// Runs a capability graph headless on the Qt event loop (docs/execution.md). Single
// threaded: parallel branches are interleaved tokens, and handlers that wait (timers,
// network, processes) overlap in time because they return to the event loop. Everything a
// GUI needs comes out as RunEvents to observers, and the run can be paused, stepped,
// broken into, answered and checkpointed at any node boundary.
class Executor : public QObject
{
    Q_OBJECT

public:
    Executor(const Graph &graph, const HandlerRegistry &handlers, RunOptions options = {}, QObject *parent = nullptr);
    ~Executor() override;

    // Compiles the graph and resolves every skill's handler. False with the reasons when
    // the graph cannot run (a skill_id without handler, an expression that does not parse).
    bool prepare(QStringList *errors);

    void start(const QVariantMap &input = {});
    // Starts the run at `nodeId` instead of the start node, with `context` ({input, outputs:
    // {node: {...}}, variables: {...}}, as context() gives it, e.g. recorded by a trace at some
    // step) as what ran before: rerunning from a chosen step. Loops entered before that node
    // count their rounds afresh; a join reached without its split lets the token through.
    // False with the reason when the node is unknown or the graph cannot run.
    bool startAt(const QString &nodeId, const QVariantMap &context, QString *error = nullptr);
    void pause();
    void resume();
    void step();   // run one node, then pause
    void cancel();
    void setBreakpoints(const QSet<QString> &nodeIds);
    QSet<QString> breakpoints() const;
    // Conditional breakpoints: the run stops at a breakpoint node only when its condition
    // holds there (an expression over the run's context, as branch conditions see it, with
    // `iteration` the innermost loop round). One naming what the run has not produced yet does
    // not hold; one that cannot be evaluated otherwise (a type error) stops the run and says
    // why in a warning. Nodes without a condition always stop.
    void setBreakpointConditions(const QHash<QString, QString> &conditions);

    QList<PendingInteraction> pendingInteractions() const;
    // Answers a waiting interaction (request id or node id). False with a reason when the
    // id is unknown or the value does not fit (a select answer must be one of the options).
    bool answer(const QString &requestId, const QVariant &value, QString *error = nullptr);

    RunStatus status() const { return m_status; }
    bool mainPathFinished() const { return m_mainPathDone; }
    QString errorMessage() const { return m_error; }
    // The same in the application's language, where the engine wrote it (else as above).
    QString localErrorMessage() const { return m_errorText.isEmpty() ? m_error : m_errorText.translated(); }
    // Warnings of the run so far (forced convergence, dead ends...), at most 200, and the
    // failures of background branches (which do not fail the run).
    QStringList warnings() const { return m_warnings; }
    QStringList backgroundErrors() const { return m_backgroundErrors; }
    QString failedNode() const { return m_failedNode; }
    QStringList failedPath() const { return m_failedPath; }
    qint64 steps() const { return m_steps; }
    qint64 elapsedMs() const;
    qint64 elapsedUs() const;
    QHash<QString, qint64> visitCounts() const;
    // Per node (the nodes whose handlers reported any), and summed over the run; kept in
    // checkpoints, so a resumed run goes on counting.
    QHash<QString, TokenUsage> tokenUsage() const { return m_usage; }
    TokenUsage totalTokenUsage() const;

    // {input, outputs: {node: {...}}, variables: {bare name: value}}
    QVariantMap context() const;
    // Changes a variable while paused (the debugger's "edit a value"): a bare name, or
    // `node.output`.
    bool setVariable(const QString &name, const QVariant &value, QString *error = nullptr);

    void addObserver(RunObserver *observer);
    void removeObserver(RunObserver *observer);

    // Checkpoints: the whole run state as JSON (versioned). Saved between nodes; a node
    // whose handler was still running is run again after a restore.
    QJsonObject saveState() const;
    bool restoreState(const QJsonObject &state, QString *error);
    void continueRun(); // after restoreState(): goes on (or stays waiting for input)

    // Blocks in a local event loop until the run is no longer Running (finished, failed,
    // cancelled, paused or waiting for input) or the timeout passes. For CLIs and tests.
    RunStatus waitUntilIdle(int timeoutMs = -1);

signals:
    void statusChanged(capgraph::RunStatus status);
    void interactionRequested(const QString &requestId);

protected:
    void timerEvent(QTimerEvent *event) override;

private:
    Graph m_graph;
    HandlerRegistry m_handlers;
    RunOptions m_options;
    CompiledGraph m_cg;
    bool m_prepared = false;

    RunStatus m_status = RunStatus::Idle;
    QString m_error;
    TranslatableText m_errorText;
    QString m_failedNode;
    QStringList m_failedPath;

    QVariantMap m_input;
    QList<QVariantMap> m_outputs;  // per node
    QList<bool> m_hasOutputs;
    QHash<QString, QVariant> m_vars; // bare output names, last write wins
    QList<qint64> m_visits;
    QHash<QString, TokenUsage> m_usage;

    std::unordered_map<int, Token> m_tokens; // references stay valid while branches spawn
    std::deque<int> m_ready;
    QHash<int, Fork> m_forks;
    QList<PendingInteraction> m_pending;
    QList<ActiveCall> m_calls;
    QHash<int, PendingRetry> m_retries; // timer id -> what to call again
    struct ParallelState;
    QHash<int, std::shared_ptr<ParallelState>> m_parallel; // token -> map over a list
    int m_nextToken = 1;
    int m_nextFork = 1;
    qint64 m_steps = 0;
    bool m_mainPathDone = false;
    bool m_pauseRequested = false;
    int m_stepBudget = -1; // >= 0: pause after this many more nodes
    bool m_stepping = false; // a step's node ran: pause before the next one, once its call is back
    bool m_pumpQueued = false;
    bool m_inPump = false;
    bool m_hasDead = false; // some token is Done and waits to be removed
    bool m_cancelRequested = false; // cancel() from inside the pump (an observer): done between nodes
    QStringList m_warnings;
    QStringList m_backgroundErrors;
    void warn(const Token *t, int node, const TranslatableText &message);
    void arriveAtJoin(Token &t, int node);
    int openFork(Token &t, int syncBranches, int join);
    void leaveLoopsFor(Token &t, int target); // closes iteration-edge loops the target is outside of
    QSet<int> m_breakpoints;
    QSet<QString> m_breakpointIds; // kept as ids: they may be set before prepare()
    QHash<QString, QString> m_breakpointConditions; // node id -> expression text
    bool breakpointHolds(Token &t);
    QElapsedTimer m_clock;
    qint64 m_elapsedBeforeMs = 0; // from a restored checkpoint
    qint64 m_endedUs = -1;        // frozen when the run ends

    struct Observer
    {
        RunObserver *observer;
        RunEventTypes wanted;
    };
    QList<Observer> m_observers;
    RunEventTypes m_wanted = 0; // what any observer wants

    friend class TokenContext;

    // scheduling
    void schedulePump();
    void pump();
    bool runToken(int tokenId); // one node; false when the run stopped
    void setStatus(RunStatus status);
    void settle();              // after the ready queue drains: finished? waiting?

    // node kinds
    void enterNode(Token &t);
    void executeSkill(Token &t, const CompiledGraph::CNode &n);
    void startCall(int tokenId, int nodeIndex, const QVariantMap &inputs, int attempt, int round, int item);
    ActiveCall takeCall(const SkillCall *call);
    void callFinished(const SkillCall *call, const QVariantMap &outputs, bool done);
    void callFailed(const SkillCall *call, const QString &error);
    void nodeSucceeded(int tokenId, int nodeIndex, const QVariantMap &outputs);
    void nodeFailed(int tokenId, int nodeIndex, const QString &error);
    void startParallelItems(int tokenId);
    void finishParallel(int tokenId);
    void parallelItemDone(int tokenId, int item, const QVariantMap &outputs, const QString &error);
    void requestInteraction(Token &t, const CompiledGraph::CNode &n);
    void enterLoopStart(Token &t);

    // flow
    void advance(Token &t);     // leave t's node along its outgoing edges
    // The first conditional edge leaving t's node whose condition holds: its index, -1 when
    // none does, -2 when a condition could not be evaluated (the run has failed).
    int firstTrueConditionalEdge(Token &t, const ExpressionContext &ctx);
    void moveTo(Token &t, int edgeIndex, int target);
    int spawn(const Token &from, int node, bool background, int fork);
    void finishToken(Token &t);
    void reap();
    void wakeToken(int tokenId); // continue past its node on the next pump
    void checkJoin(int forkId);
    bool forceLoopExit(Token &t, int loopStart, const TranslatableText &why);

    // results
    void storeOutputs(int nodeIndex, const Token &t, const QVariantMap &outputs);
    void failRun(const Token *t, int nodeIndex, const QString &error);
    void failRun(const Token *t, int nodeIndex, const TranslatableText &error);
    void finishRun();
    void cancelAllCalls();
    bool evalInputs(const Token &t, const CompiledGraph::CNode &n, const QVariantMap &extra, QVariantMap *inputs, QString *error);

    // events
    // Whether some observer wants events of this type: an event nobody wants is not built.
    bool observed(RunEventType type) const { return m_wanted & runEventBit(type); }
    // A message in the engine's own words, kept translatable (RunEvent::text).
    void emitEvent(RunEventType type, const Token *t, int node, const TranslatableText &message, const QVariant &data = QVariant());
    void emitEvent(RunEventType type, const Token *t, int node, const QString &message = QString(),
                   const QVariant &data = QVariant(), int fromNode = -1, int toNode = -1);
    void deliverEvent(RunEventType type, const Token *t, int node, const QString &message, const TranslatableText &text,
                      const QVariant &data, int fromNode, int toNode);
};

} // namespace capgraph
