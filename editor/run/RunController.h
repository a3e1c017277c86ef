#pragma once

#include "exec/Executor.h"
#include "exec/NodeExecutions.h"
#include "exec/RunSnapshot.h"
#include "exec/TraceWriter.h"
#include "run/RunClock.h"
#include "scene/RunStateView.h"
#include "handlers/TrustGate.h"
#include "launch/RunFork.h"
#include "launch/RunSetup.h"

#include <QHash>
#include <QObject>
#include <QSet>

#include <functional>
#include <memory>

class QTimer;

namespace capgraph {
class OtlpExporter;
class RemoteRun;
class RunClient;
class RunSetup;
class CapabilityRegistry;
}

namespace capgraph::editor {

class GraphDocument;
class PinBoard;

// Runs the open graph for the studio and tells the canvas what happens, without freezing
// it: the executor runs on the event loop in slices, its events are folded into a
// RunSnapshot at once, and the window hears about them (changed) at most once a frame, with
// the nodes whose state changed. Debugging: pause, resume, step one node, run to a node,
// stop; breakpoints (also conditional, or from a loop round on); the context to read and
// edit while paused; interactions to answer. Every run is kept as a trace (JSON Lines) in the
// studio's data folder; a trace can be replayed to any step (seek).
class RunController : public QObject, public RunObserver, public RunStateView
{
    Q_OBJECT

public:
    explicit RunController(GraphDocument *document, QObject *parent = nullptr);
    ~RunController() override;

    // A mock file for skills without a real handler (docs/execution.md, "Mocks"). Empty:
    // mocks/<graph file name>.mock.yaml beside the graph, when there is one.
    void setMockFile(const QString &path) { m_mockFile = path; }
    // Runs started from now on send their traces to an OpenTelemetry collector at `url`
    // (with nodes' inputs and outputs when `content`); an empty url: they do not. False with
    // why when the URL is no collector's.
    bool setTraceExport(const QString &url, bool content, QString *error = nullptr);
    bool exportsTraces() const { return m_otlp != nullptr; }
    // The depth and budget the next runs' `select: optimal` branches choose under (unset: the
    // graph's execution_context), as `capgraph run --depth --budget` sets them.
    void setPathContext(std::optional<PathDepth> depth, std::optional<double> budget)
    {
        m_depth = depth;
        m_budget = budget;
    }
    std::optional<PathDepth> pathDepth() const { return m_depth; }
    std::optional<double> pathBudget() const { return m_budget; }
    QString mockFile() const;
    // The capabilities runs bind and lint with, asked as each run starts (the Capabilities
    // dock's: the folders it reads, as it last read them). None: read for each run from the
    // graph's folders.
    void setCapabilities(std::function<std::shared_ptr<const CapabilityRegistry>()> source) { m_capabilities = std::move(source); }
    // Asks the user whether a graph from an untrusted folder may run commands and call web
    // APIs (once per run; the window asks with a dialog: allow for this run, always trust the
    // folder, or deny). Graphs in trusted folders (TrustedFolders) never ask; with no asker,
    // those calls fail saying how to trust the graph.
    void setTrustAsker(TrustGate::Asker asker) { m_trustAsker = std::move(asker); }
    // The open graph's pinned outputs: runs started here give those nodes their pinned
    // outputs instead of calling their handlers, and the canvas marks them.
    void setPinBoard(PinBoard *pins);
    PinBoard *pinBoard() const { return m_pins; }

    // How the studio sets a run up (RunSetup): the graph's file, the mock file, the
    // capabilities, stand-ins, the trust question, the pinned outputs, a new run id.
    RunRequest request() const;
    // Starts a run of the document's graph as it is now. False with the reasons when it
    // cannot run (lint errors, a skill without handler, a bad mock file).
    bool start(const QVariantMap &input, QString *error);
    // Reruns from `nodeId` with `context` as what ran before (the replayed step's context, or
    // the last run's): a new run, in the history like any other.
    bool startFrom(const QString &nodeId, const RunContext &context, QString *error);
    // Forking the replayed run (docs/studio.md, "Forking a run"): where a fork from the step
    // after `position` events would go on (RunFork::at), or null with why (no replay, nothing
    // left to run, a node the graph no longer has).
    std::optional<ForkPoint> forkPoint(qsizetype position, QString *error) const;
    // A new run that goes on from there with `edits` (RunFork::edited names) applied; its trace
    // begins with the replayed run's history and names it (run.forked). The replayed trace is
    // left as it is.
    bool fork(qsizetype position, const QVariantMap &edits, QString *error);
    void pause();
    void resume();
    void step();
    // Across levels (docs/studio.md, "Sub-graphs"): a step whose node runs a child graph stops
    // inside it; paused inside a child run, step out runs it to its end.
    void stepInto();
    void stepOut();
    // Runs until `nodeId` is about to run (a one-off breakpoint), from a pause or a fresh start.
    void runTo(const QString &nodeId);
    void stop();

    // A server's run (File > Connect to Server…, docs/studio.md "Runs on a server"), shown and
    // debugged as a run started here: the document must be its graph. Its events come from the
    // server's stream (and go to the Run History as they come); pause, step, resume, stop,
    // breakpoints (with their conditions), answers and variable edits go to the server. A run
    // shown before is let be: a local one stops, a server's goes on on its server. Step into
    // and out of sub-graphs, run-to and edits inside child runs are for runs started here.
    bool attach(RunClient *client, const QString &runId, QString *error);
    // Sends the document's graph to the server as text (named `name`), with `input` and this
    // graph's breakpoints, and shows the run (attach) once the server took it; `pause`: it
    // stands before its first node. The outcome comes as serverRunStarted or remoteProblem.
    void startOnServer(RunClient *client, const QString &name, const QVariantMap &input, bool pause = false);
    // The server's run on show (null: none, or a run started here).
    RemoteRun *remote() const { return m_remote.get(); }
    // The server's run on show is shown no more (it goes on on its server); the breakpoints stay.
    void letServerRunBe();
    // A run is on show, live or over (started here or a server's), not a replay.
    bool hasRun() const { return m_executor || m_remote; }

    bool isRunning() const override; // a run exists and has not ended
    // A RunSnapshot status ("running", "paused", ...) as the window shows it, translated.
    static QString statusText(RunStatus status);
    // The skill ids the current run runs on stand-ins (no handler, no mock).
    QStringList standIns() const { return m_standIns; }
    RunStatus status() const;
    Executor *executor() const { return m_executor.get(); }
    const RunSnapshot &snapshot() const override { return m_snapshot; }
    // Each node's executions in the run on screen (live, or replayed up to the scrubber's step).
    const NodeExecutions &executions() const { return m_executions; }
    // The nodes whose results the graph's edits since the run made out of date (StaleResults):
    // none while a run goes or a trace is replayed.
    QSet<QString> staleNodes() const { return m_stale; }
    bool isStale(const QString &nodeId) const override { return m_stale.contains(nodeId); }
    bool isPinned(const QString &nodeId) const override;
    // The replayed trace's events (empty for a live run: its events go to the trace file as
    // they come, and to `logged`; a long run would not fit in memory).
    const QList<RunEvent> &events() const { return m_events; }

    RunContext context() const; // live: the executor's; replaying: the snapshot's
    // A variable of the run (or, with childPath, of the child run under way at those addresses,
    // LevelRunView::liveChildPath) changed while it stands paused or waits for an answer.
    bool setVariable(const QString &name, const QVariant &value, QString *error, const QStringList &childPath = {});
    // Whether setVariable can change that run's variables now.
    bool canSetVariables(const QStringList &childPath = {}) const;
    QList<PendingInteraction> pendingInteractions() const;
    bool answer(const QString &requestId, const QVariant &value, QString *error);

    void toggleBreakpoint(const QString &nodeId);
    void setBreakpoint(const QString &nodeId, const Breakpoint &breakpoint);
    void clearBreakpoint(const QString &nodeId);
    bool hasBreakpoint(const QString &nodeId) const override { return m_breakpoints.contains(nodeId); }
    Breakpoint breakpoint(const QString &nodeId) const override { return m_breakpoints.value(nodeId); }
    QHash<QString, Breakpoint> breakpoints() const { return m_breakpoints; }

    // Run history: the traces of this graph's runs, newest first.
    QString historyFolder() const;
    QStringList history() const;
    // The open graph's name for the history: its id, or its file's name.
    QString graphName() const;
    // The trace the current replay came from (empty when none).
    QString lastOpened() const { return m_replaying ? m_replayPath : QString(); }
    QString lastTrace() const { return m_lastTrace; }
    // Replay: loads a trace and shows its state at `count` events (seek). False with the
    // reason when the file is not a trace.
    bool replay(const QString &tracePath, QString *error);
    void seek(qsizetype count);
    bool isReplaying() const override { return m_replaying; }
    qsizetype position() const { return m_position; }
    void stopReplay();
    // Another graph (File > Open, New): no run, no breakpoints, no replay, no mock file.
    void reset();
    // The sub-graph level (GraphDocument::levelPath) the run on screen started at, or its
    // replayed trace was opened at. Runs go on while the user enters or leaves sub-graphs;
    // LevelRunView shows them at each level.
    QStringList runLevel() const { return m_runLevel; }
    static constexpr int MaxHistory = 20; // traces kept per graph

    void onRunEvent(const RunEvent &event) override;
    bool wantsChildEvents() const override { return true; } // the Run Log shows them
    // The live run's own time so far (not counting the time it stood paused or waited for an
    // answer with nothing at work), as the Run Log counts it: RunClock.
    qint64 runTimeUs() const;

signals:
    // The picture changed: these nodes (and the run's totals); coalesced to the frame rate.
    void changed(const QSet<QString> &nodes);
    void statusChanged(capgraph::RunStatus status);
    void interactionsChanged();
    void breakpointsChanged();
    void logged(const capgraph::RunEvent &event); // every event, as it comes (the run log)
    void runEnded(const QString &tracePath);
    void replayChanged();
    // The trace export failed (reported once per collector set): what went wrong, in English.
    void traceExportFailed(const QString &problem);
    // A server's run started from here (startOnServer) and is on show.
    void serverRunStarted(const QString &runId);
    // The server refused a run or a verb, or its event stream broke off (in English, from
    // the server); `final`: the run is no longer followed.
    void remoteProblem(const QString &why, bool final);
    // A server's run refused an answer given to question `requestId` (someone answered first,
    // the run moved on), and why.
    void answerRefused(const QString &requestId, const QString &why);

private:
    void flush();
    void retire();
    void detach(); // the server's run on show is let be (it goes on on its server)
    void remoteStatusChanged(); // the server's run's status, as shown, may have changed
    void remoteEnded();
    // `go` starts the prepared executor; it gets the run's capabilities.
    // `req`: how to set the run up, when not request().
    bool begin(const std::function<bool(Executor *, RunSetup &, QString *)> &go, QString *error, std::optional<RunRequest> req = std::nullopt);
    void apply(const RunEvent &event); // an event of the run on screen, folded and drawn
    void breakpointHit(const QString &nodeId);
    void saveTrace();
    // Closes m_trace (at m_tracePath) on a worker thread; `then` with its path, and an error or none.
    void commitTrace(std::function<void(const QString &path, const QString &error)> then);
    void applyBreakpoints(std::function<void()> then = {}); // `then`: once a server has them
    void updateStale();
    void levelChanged(); // the graph on screen is another level: its own breakpoints

    GraphDocument *m_document;
    QStringList m_runLevel;
    QString m_runFile; // the file of the graph the run runs (its breakpoints are the run's)
    QString m_breakpointsFile; // the graph m_breakpoints belong to (the one on screen)
    QHash<QString, QHash<QString, Breakpoint>> m_levelBreakpoints; // other levels', by their file
    QHash<QString, QString> m_levelFiles; // each level seen ("write_issue/polish") → its graph file
    std::unique_ptr<Executor> m_executor;
    std::unique_ptr<RemoteRun> m_remote; // or a server's run (attach)
    RunStatus m_remoteStatus = RunStatus::Idle; // as last told
    qint64 m_remoteActiveUs = 0; // its own time at its last event
    bool m_remoteBreakpointsRead = false; // the server's breakpoints for it were shown
    RunSnapshot m_snapshot;
    NodeExecutions m_executions;
    std::optional<PathDepth> m_depth;
    std::optional<double> m_budget;
    PinBoard *m_pins = nullptr;
    Graph m_ranGraph;        // the graph as the last run started it
    QSet<QString> m_stale;
    RunClock m_runClock; // the live run's own time
    QList<RunEvent> m_events;
    QList<RunEvent> m_forkHistory; // a fork's start: put after its run.started (fork())
    QSet<QString> m_dirty;
    QTimer *m_frame;
    QTimer *m_pulse; // while nodes run: their outline moves, ten times a second
    QString m_mockFile;
    QStringList m_standIns;
    std::function<std::shared_ptr<const CapabilityRegistry>()> m_capabilities;
    TrustGate::Asker m_trustAsker;
    std::shared_ptr<TrustGate> m_trust; // the current run's: its answer may come after the run
    QHash<QString, Breakpoint> m_breakpoints;
    QString m_runTo;
    QString m_lastTrace;
    std::unique_ptr<TraceWriter> m_trace; // the live run's trace, written as events come
    std::unique_ptr<OtlpExporter> m_otlp;       // where runs' spans go (the Run menu's Export Traces…), or none
    std::unique_ptr<RunObserver> m_otlpTracer;  // the live run's spans
    QString m_tracePath;
    bool m_replaying = false;
    QString m_replayPath;
    qsizetype m_position = 0;
};

} // namespace capgraph::editor
