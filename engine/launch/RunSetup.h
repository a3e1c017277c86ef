#pragma once

#include "capability/CapabilityRegistry.h"
#include "diagnostics/Diagnostic.h"
#include "diagnostics/TranslatableText.h"
#include "exec/Executor.h"
#include "exec/RunFiles.h"
#include "handlers/TrustGate.h"
#include "model/Graph.h"

#include <QStringList>
#include <QVariantMap>

#include <memory>
#include <optional>

namespace capgraph {

class GraphCache;
struct HandlerEnvironment;

// What a run is set up from besides its graph: the one list of choices `capgraph run`,
// `capgraph resume` and the studio's Run make (docs/execution.md, "Setting up a run").
struct RunRequest
{
    QString graphFile;            // the graph's file (absolute), empty for a graph never saved
    QString workDir;              // where a graph without a file reads relative paths (empty: the current folder)
    QString displayName;          // how findings name the file (the path as the user gave it); empty: graphFile
    QString mockFile;             // a mock file (absolute), or none
    // Mocks written inline (a test case's `mocks:` mapping, as a mock file holds them), added
    // after the mock file's; `mocksName` names them in messages ("suite.test.yaml:12:7").
    QVariant mocks;
    QString mocksName;
    QStringList capabilityDirs;   // folders read before the graph's capabilities/ folder
    // Capabilities already loaded from those folders (the studio's Capabilities dock): used
    // as they are instead of reading the folders again. Null: read them.
    std::shared_ptr<const CapabilityRegistry> capabilities;
    // Trust (docs/capabilities.md, "Trust"): a graph runs commands and calls web APIs when
    // `trusted` (--trust) or its folder is trusted; else `asker` is asked once, before the
    // run starts; with no one to ask, those calls fail saying how to trust the graph.
    bool trusted = false;
    TrustGate::Asker asker;
    // Skills with neither a handler nor a mock run on stand-ins that answer with their
    // declared outputs, null (the studio); without it they are refused (the command line).
    bool standIns = false;
    RunOptions options;
};

// Sets a graph up to run: reads its capabilities, lints the graph with them, binds every
// skill to its handler (builtins, the mock file, the capabilities' own handlers, validated),
// asks for trust once when something will run commands or call web APIs, and makes the
// executor. The command line, the studio and tests all start their runs here, so a graph one
// of them refuses every one refuses, with the same findings.
class RunSetup
{
public:
    RunSetup(Graph graph, RunRequest request);
    ~RunSetup();
    // The graph read from request.graphFile (its bytes hashed for checkpoints), or null with
    // the reader's findings ("file:line:column: error: …") in *error.
    static std::unique_ptr<RunSetup> fromFile(RunRequest request, QString *error);
    // A run to go on from `checkpoint` (named `checkpointName` in messages): its graph read
    // again and refused when its bytes changed since; the mock file (unless the request names
    // one), capability folders and step limit as the run had them. Then makeExecutor(&checkpoint).
    // `graphBytes`: the graph's bytes as the run started with them (a run server keeps them),
    // read instead of the file; they too must have the checkpoint's SHA-256.
    static std::unique_ptr<RunSetup> resuming(const RunCheckpoint &checkpoint, const QString &checkpointName, RunRequest request,
                                              QString *error, const QByteArray *graphBytes = nullptr);
    // The graph read from its bytes (`request.displayName`, else `request.graphFile`, names it
    // in findings), hashed for checkpoints; null with the reader's findings in *error. With a
    // cache, bytes read before are not read again.
    static std::unique_ptr<RunSetup> fromBytes(const QByteArray &bytes, RunRequest request, QString *error, GraphCache *cache = nullptr);
    RunSetup(const RunSetup &) = delete;
    RunSetup &operator=(const RunSetup &) = delete;

    // The graph's findings with its capabilities (read on first use). Errors refuse the run.
    const Diagnostics &lint();
    // The capabilities the run binds (read on first use); their own findings are in
    // capabilities()->diagnostics().
    std::shared_ptr<const CapabilityRegistry> capabilities();

    // A ready executor (prepared, not started), or null with problems() saying why: lint
    // errors (lint()), a mock file or capability handler that cannot be made, a skill without
    // handler, a declined trust question. Each call makes a new executor (warm-up runs).
    // Resuming, the executor takes the checkpoint's state first, and trust is asked only when
    // the run has something left to do.
    std::unique_ptr<Executor> makeExecutor(const RunCheckpoint *resumeFrom = nullptr);
    // The handler a run made now would call for the skill node `nodeId` (bound as
    // makeExecutor binds it, trust not asked), or null with the reasons (lint errors, a bad
    // mock file, no handler).
    std::shared_ptr<SkillHandler> handlerFor(const QString &nodeId, QStringList *problems);
    // Why makeExecutor() refused (lint errors as "file:line:col: error: …"), English; the
    // same in the user's language below.
    QStringList problems() const { return m_problems; }
    QStringList localProblems() const { return m_localProblems; }
    // Which step refused: the lint, handlers (mock file, bindings), the executor's own checks
    // (a skill without handler, an expression that does not parse), a checkpoint's state
    // that does not fit the graph, trust (declined).
    enum class Refusal { None, Lint, Handlers, Executor, Restore, Declined };
    Refusal refusal() const { return m_refusal; }

    // The run's input completed with what the graph's `inputs` and the capabilities' schemas
    // give defaults for (GraphInputs::completed).
    QVariantMap completedInput(const QVariantMap &input);
    // Skills that run on stand-ins (RunRequest::standIns) in the last executor made.
    QStringList standIns() const { return m_standIns; }
    std::shared_ptr<TrustGate> trustGate() const { return m_trust; }
    const Graph &graph() const { return m_graph; }
    // The SHA-256 of the graph file's bytes (fromFile, resuming), for checkpoints.
    QByteArray graphHash() const { return m_graphHash; }
    const RunRequest &request() const { return m_request; }
    // The executor's options (step limit, background branches) for the executors made next.
    RunOptions &options() { return m_request.options; }
    // Where the graph's relative paths start: its folder, or the current one when it has no file.
    QString baseDir() const;

private:
    std::shared_ptr<TrustGate> makeTrustGate() const;
    // Builtins, the mock file and inline mocks, every skill bound to its capability, stand-ins
    // (RunRequest::standIns). False with the problems; `gated` gets what needs trust.
    bool makeHandlers(HandlerRegistry *registry, QStringList *problems, QList<TranslatableText> *gated);
    void refuse(Refusal why, const QStringList &english, const QStringList &local);

    Graph m_graph;
    RunRequest m_request;
    QByteArray m_graphHash;
    QString m_checkpointName;
    std::shared_ptr<const CapabilityRegistry> m_capabilities;
    std::optional<Diagnostics> m_lint;
    std::shared_ptr<TrustGate> m_trust;
    QStringList m_standIns;
    Refusal m_refusal = Refusal::None;
    QStringList m_problems;
    QStringList m_localProblems;
};

} // namespace capgraph
