#pragma once

#include "analysis/PathCostModel.h"
#include "exec/HandlerRegistry.h"
#include "exec/PendingInteraction.h"
#include "exec/RunContext.h"
#include "exec/RunEvent.h"
#include "exec/RunStatus.h"
#include "model/Graph.h"

#include <QHash>
#include <QJsonObject>
#include <QMap>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QVariantMap>

#include <memory>

namespace capgraph {

class ExecutorPrivate;

// A skill node's call given as it is, not made from the graph (a node run alone:
// SingleNodeRun): its handler gets these inputs instead of what its `inputs` mapping
// evaluates to, and these settings (SkillCall::settings).
struct GivenCall
{
    QVariantMap inputs;
    QVariantMap settings;
};

struct RunOptions
{
    qint64 maxSteps = 1'000'000;      // node executions before the run is stopped
    bool cancelBackgroundAtEnd = false; // when the main path ends: cancel background branches instead of waiting
    int sliceMs = 8;                  // run at most this long before letting the event loop in
    QString runId;
    // Pinned outputs (docs/execution.md, "Pinned outputs"): skill nodes whose handler is not
    // called; they give these outputs instead (PinnedOutputs reads them from a file).
    QHash<QString, QVariantMap> pinned;
    // The step count a run started with startAt() goes on from: a fork counts on from its
    // parent's step (RunFork), so its trace's steps do too. The step limit counts them.
    qint64 firstStep = 0;
    // Skill nodes whose calls are given (GivenCall), by node id.
    QHash<QString, GivenCall> given;
    // The context `select: optimal` branches choose under (docs/path.md, "Choosing at run
    // time"); unset: the graph's `execution_context`, else quick with no budget.
    std::optional<PathDepth> depth;
    std::optional<double> budget;
};

// Tokens consumed by LLM calls (reported by handlers through SkillCall::usage), and what they
// cost when the node is priced (its capability's or its graph's `pricing:`).
struct TokenUsage
{
    qint64 prompt = 0;
    qint64 completion = 0;
    double cost = 0;  // in `currency`; 0 when unpriced
    QString currency; // empty when the node is not priced
    qint64 total() const { return prompt + completion; }
    bool priced() const { return !currency.isEmpty(); }
    TokenUsage &operator+=(const TokenUsage &o)
    {
        prompt += o.prompt;
        completion += o.completion;
        cost += o.cost;
        if (currency.isEmpty())
            currency = o.currency;
        return *this;
    }
};

// Runs a capability graph headless on the Qt event loop (docs/execution.md). Single
// threaded: parallel branches are interleaved tokens, and handlers that wait (timers,
// network, processes) overlap in time because they return to the event loop. Everything a
// GUI needs comes out as RunEvents to observers, and the run can be paused, stepped,
// broken into, answered and checkpointed at any node boundary.
//
// A façade: the work is done by private units, one job each (Executor_p.h): scheduling,
// flow rules, skill calls, interactions, the debugger and events.
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
    // Starts the run at `nodeId` instead of the start node, with `context` (as context() gives
    // it, e.g. recorded by a trace at some step) as what ran before: rerunning from a chosen
    // step. Loops entered before that node
    // count their rounds afresh; a join reached without its split lets the token through.
    // False with the reason when the node is unknown or the graph cannot run.
    bool startAt(const QString &nodeId, const RunContext &context, QString *error = nullptr);
    // Pause, resume and step reach the child runs of composite capabilities too (a debugger
    // across levels, docs/execution.md "Child runs"): a pause stops the children at work, a
    // resume lets the paused ones go on, and while a child stands paused a step is a step in
    // there (the innermost one); stepping past a child's end stands before the calling run's
    // next node.
    void pause();
    void resume();
    void step();   // run one node, then pause ("step over" a composite node)
    // A step whose node runs a child graph stops inside it, before that graph's first node
    // after its start; paused inside a child: a step into, in there.
    void stepInto();
    // Paused inside a child run: it runs to its end and the run stands paused before the
    // calling run's next node. Not inside one: as resume().
    void stepOut();
    // The nodes down to the child run that stands paused ("write_issue/polish"), empty when
    // none does.
    QStringList pausedPath() const;
    // The child run under way that a path of addresses leads to (RunEvent::path's: "write_issue",
    // "map[2]/polish", "draft#2"), to read or change (setVariable) while the run stands still;
    // null when none is under way there. The child belongs to the run: do not keep it.
    Executor *childRun(const QStringList &path) const;
    void cancel();
    void setBreakpoints(const QSet<QString> &nodeIds);
    // Breakpoints inside the graphs of child runs, by the path of calling nodes that leads
    // there ("write_issue", "write_issue/polish"; the same for every item and invocation):
    // node id → condition (as setBreakpointConditions; empty: always). A child that stops at
    // one pauses the whole run.
    void setChildBreakpoints(const QHash<QString, QHash<QString, QString>> &byPath);
    QSet<QString> breakpoints() const;
    // Conditional breakpoints: the run stops at a breakpoint node only when its condition
    // holds there (an expression over the run's context, as branch conditions see it, with
    // `iteration` the innermost loop round). One naming what the run has not produced yet does
    // not hold; one that cannot be evaluated otherwise (a type error) stops the run and says
    // why in a warning. Nodes without a condition always stop.
    void setBreakpointConditions(const QHash<QString, QString> &conditions);

    // What waits for an answer: the run's own interactions, then those of its child runs
    // (composite capabilities), whose ids are `node/child_node` (`node` is the calling node).
    QList<PendingInteraction> pendingInteractions() const;
    // Answers a waiting interaction (request id or node id; `node/child_node` for a child
    // run's). False with a reason when the id is unknown or the value does not fit (a select
    // answer must be one of the options).
    bool answer(const QString &requestId, const QVariant &value, QString *error = nullptr);

    RunStatus status() const;
    bool mainPathFinished() const;
    QString errorMessage() const;
    // The same in the application's language, where the engine wrote it (else as above).
    QString localErrorMessage() const;
    // Warnings of the run so far (forced convergence, dead ends...), at most 200, and the
    // failures of background branches (which do not fail the run).
    QStringList warnings() const;
    QStringList backgroundErrors() const;
    QString failedNode() const;
    QStringList failedPath() const;
    qint64 steps() const;
    qint64 elapsedMs() const;
    qint64 elapsedUs() const;
    QHash<QString, qint64> visitCounts() const;
    // Per node (the nodes whose handlers reported any), and summed over the run; kept in
    // checkpoints, so a resumed run goes on counting.
    QHash<QString, TokenUsage> tokenUsage() const;
    TokenUsage totalTokenUsage() const; // the tokens only (no cost): costs in several currencies do not add up
    // What the priced nodes' tokens cost, per currency (USD → 0.0042); empty when none is priced.
    QMap<QString, double> costTotals() const;

    RunContext context() const;
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
    std::unique_ptr<ExecutorPrivate> d;
};

} // namespace capgraph
