#pragma once

// The executor's inside (docs/execution.md): one ExecutorPrivate per Executor holds what
// the run is (the compiled graph, tokens, values, status) and the units that act on it,
// one job each. Nothing outside engine/exec includes this.

#include "diagnostics/TranslatableText.h"
#include "exec/CompiledGraph.h"
#include "exec/Executor.h"
#include "exec/ExecutorCalls_p.h"
#include "exec/ExecutorChildren_p.h"
#include "exec/ExecutorDebugger_p.h"
#include "exec/ExecutorEvents_p.h"
#include "exec/ExecutorFlow_p.h"
#include "exec/ExecutorInteractions_p.h"
#include "exec/ExecutorRoute_p.h"
#include "exec/ExecutorScheduler_p.h"
#include "exec/RunTokens_p.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QVariantMap>

#include <deque>
#include <unordered_map>

namespace capgraph {

class ExecutorPrivate
{
public:
    ExecutorPrivate(Executor *q, const Graph &graph, const HandlerRegistry &handlers, RunOptions options);

    // the run's life
    bool prepare(QStringList *errors);
    void setStatus(RunStatus status);
    void storeOutputs(int nodeIndex, const Token &t, const QVariantMap &values);
    void failRun(const Token *t, int nodeIndex, const QString &why);
    void failRun(const Token *t, int nodeIndex, const TranslatableText &why);
    void finishRun();
    // `total_tokens` of the run so far into a run.finished or run.failed event's data (when not
    // 0), and what the priced nodes' tokens cost: `total_cost` and `currency`, or `costs`
    // (currency → cost) when they were priced in several currencies.
    void addTokenTotal(QVariantMap *data) const;
    void cancel();
    int addToken(int node); // a new token at `node`, ready
    qint64 elapsedUs() const;
    bool ended() const { return runStatusIsFinal(status); }

    Executor *const q;

    // what runs
    Graph graph;
    HandlerRegistry handlers;
    RunOptions options;
    CompiledGraph cg;
    bool prepared = false;

    // where it stands
    RunStatus status = RunStatus::Idle;
    QString error;
    TranslatableText errorText;
    QString failedNode;
    QStringList failedPath;
    QStringList backgroundErrors;
    qint64 steps = 0;
    bool mainPathDone = false;
    QElapsedTimer clock;
    qint64 elapsedBeforeMs = 0; // from a restored checkpoint
    qint64 endedUs = -1;        // frozen when the run ends

    // what it has produced
    QVariantMap input;
    QList<QVariantMap> outputs;  // per node
    QList<bool> hasOutputs;
    QHash<QString, QVariant> vars; // bare output names, last write wins
    QList<qint64> visits;
    QHash<QString, TokenUsage> usage;

    // threads of control
    std::unordered_map<int, Token> tokens; // references stay valid while branches spawn
    std::deque<int> ready;
    int nextToken = 1;

    // the units
    ExecutorEvents events{*this};
    ExecutorScheduler scheduler{*this};
    ExecutorFlow flow{*this};
    ExecutorCalls calls{*this};
    ExecutorInteractions interactions{*this};
    ExecutorDebugger debugger{*this};
    ExecutorRoute route{*this};
    ExecutorChildren children{*this};
};

} // namespace capgraph
