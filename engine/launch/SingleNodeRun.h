#pragma once

#include "exec/Executor.h"
#include "exec/NodeExecutions.h"
#include "launch/RunSetup.h"
#include "model/Graph.h"

#include <QObject>
#include <QVariantMap>

#include <memory>
#include <optional>

namespace capgraph {

// Runs one skill node of a graph on its own (docs/execution.md, "Running a node alone"): its
// handler is called once with the inputs given — the ones a run recorded, edited or not —
// and, for an llm handler, the messages and model settings given, the way a run would call
// it (the capability's checks, retries, timeout, mocks, trust, tokens), without the rest of
// the graph: nothing before it runs, nothing after it, and no run's context is changed.
//
// The call runs as a run of a graph made for it (isolate()): a start, the node, an end. So
// the command line (`capgraph call`) and the studio (the Node dock's Run Alone) set it up
// as every run is set up (RunSetup), and its events are those of a run.
class SingleNodeRun : public QObject, public RunObserver
{
    Q_OBJECT

public:
    // `request` as for a run of `graph` (its file, mocks, capabilities, trust); its options'
    // pins are dropped (the node's handler is what runs).
    SingleNodeRun(const Graph &graph, const QString &nodeId, RunRequest request, QObject *parent = nullptr);
    ~SingleNodeRun() override;

    // The graph a call of `nodeId` runs in: a start, a copy of the node, an end. The node
    // keeps its handler settings (retries, timeout, iterations) but maps over no list (its
    // call is one item's), and names `inputKeys` as its inputs (their values are given).
    // Null with the reason when there is no such node, or it is no skill.
    static std::optional<Graph> isolate(const Graph &graph, const QString &nodeId, const QStringList &inputKeys, QString *error);

    // What the node's handler would do with `inputs` beyond them, to show and edit before the
    // call (SkillHandler::settingsFor: an llm handler's messages and model settings). Empty
    // when it has nothing to edit; *error says when the inputs cannot be rendered or the node
    // has no handler.
    QVariantMap settingsFor(const QVariantMap &inputs, QString *error);

    // Starts the call: false with the reasons (English, and in the user's language) when it
    // cannot (the graph or the node refused as a run would be, trust declined).
    bool start(const QVariantMap &inputs, const QVariantMap &settings, QStringList *problems, QStringList *localProblems = nullptr);
    void cancel();
    bool isRunning() const;
    // Blocks in a local event loop until the call ends or the timeout passes (the CLI, tests).
    RunStatus waitUntilIdle(int timeoutMs = -1);

    // The call so far (once it started): what the handler was given, what it gave back or why
    // it failed, its time, retries and tokens.
    std::optional<NodeExecution> result() const;
    // The handler's log lines, in the user's language where the engine wrote them.
    QStringList logLines() const { return m_log; }
    // Why the call failed as the run says it (also when the node never started), else empty.
    QString errorMessage() const;
    RunStatus status() const;
    const QString &nodeId() const { return m_nodeId; }
    // The run's events, in order (a trace of the call).
    const QList<RunEvent> &events() const { return m_events; }

    void onRunEvent(const RunEvent &event) override;

signals:
    void finished(); // the call ended: succeeded, failed or cancelled

private:
    RunSetup *setup(const QStringList &inputKeys, QStringList *problems, QStringList *localProblems);

    Graph m_graph;
    QString m_nodeId;
    RunRequest m_request;
    std::unique_ptr<RunSetup> m_setup;
    std::unique_ptr<Executor> m_executor;
    NodeExecutions m_executions;
    QList<RunEvent> m_events;
    QStringList m_log;
};

} // namespace capgraph
