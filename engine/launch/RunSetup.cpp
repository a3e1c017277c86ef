#include "launch/RunSetup.h"
#include "dify/DifyImporter.h"

#include "launch/CheckpointStore.h"
#include "launch/GraphCache.h"

#include "analysis/GraphInputs.h"
#include "handlers/CapabilityBinder.h"
#include "capability/CapabilitySources.h"
#include "exec/HandlerRegistry.h"
#include "handlers/MockHandler.h"
#include "handlers/HandlerEnvironment.h"
#include "handlers/InlineSubgraphHandler.h"
#include "handlers/WorkflowHandlers.h"
#include "yaml/InlineSubgraphs.h"
#include "handlers/TrustedFolders.h"
#include "validation/GraphValidator.h"
#include "yaml/GraphYamlReader.h"
#include "handlers/BuiltinHandlers.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>


namespace capgraph {

RunSetup::RunSetup(Graph graph, RunRequest request)
    : m_graph(std::move(graph))
    , m_request(std::move(request))
    , m_capabilities(m_request.capabilities)
{
}

RunSetup::~RunSetup() = default;

std::unique_ptr<RunSetup> RunSetup::fromFile(RunRequest request, QString *error)
{
    const QString name = request.displayName.isEmpty() ? request.graphFile : request.displayName;
    QFile file(request.graphFile);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: error: cannot read file: %2").arg(name, file.errorString());
        return nullptr;
    }
    return fromBytes(file.readAll(), std::move(request), error);
}

std::unique_ptr<RunSetup> RunSetup::fromBytes(const QByteArray &bytes, RunRequest request, QString *error, GraphCache *cache)
{
    const QString name = request.displayName.isEmpty() ? request.graphFile : request.displayName;
    const QByteArray hash = CheckpointStore::graphHash(bytes);
    const GraphLoadResult loaded = cache ? cache->read(bytes, name, hash) : DifyImporter::readGraph(bytes, name);
    if (!loaded.ok()) {
        *error = loaded.errorText();
        return nullptr;
    }
    auto setup = std::make_unique<RunSetup>(*loaded.graph, std::move(request));
    setup->m_graphHash = hash;
    return setup;
}

std::unique_ptr<RunSetup> RunSetup::resuming(const RunCheckpoint &checkpoint, const QString &checkpointName, RunRequest request,
                                             QString *error, const QByteArray *graphBytes)
{
    QByteArray bytes;
    if (graphBytes) {
        bytes = *graphBytes;
    } else {
        QFile file(checkpoint.graphFile);
        if (!file.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("%1: error: cannot read the run's graph %2: %3").arg(checkpointName, checkpoint.graphFile, file.errorString());
            return nullptr;
        }
        bytes = file.readAll();
    }
    if (CheckpointStore::graphHash(bytes) != checkpoint.graphSha256) {
        *error = QStringLiteral("%1: error: %2 has changed since the checkpoint was written; a run cannot go on in a different graph")
                     .arg(checkpointName, checkpoint.graphFile);
        return nullptr;
    }
    const GraphLoadResult loaded = DifyImporter::readGraph(bytes, checkpoint.graphFile);
    if (!loaded.ok()) {
        *error = loaded.errorText();
        return nullptr;
    }
    request.graphFile = checkpoint.graphFile;
    if (request.displayName.isEmpty())
        request.displayName = checkpoint.graphFile;
    if (request.mockFile.isEmpty())
        request.mockFile = checkpoint.mockFile;
    request.capabilityDirs = checkpoint.capabilityDirs;
    request.options.maxSteps = CheckpointStore::maxSteps(checkpoint);
    CheckpointStore::routeContext(checkpoint, &request.options);
    auto setup = std::make_unique<RunSetup>(*loaded.graph, std::move(request));
    setup->m_graphHash = checkpoint.graphSha256;
    setup->m_checkpointName = checkpointName;
    return setup;
}

QString RunSetup::baseDir() const
{
    if (m_request.graphFile.isEmpty())
        return m_request.workDir.isEmpty() ? QDir::currentPath() : m_request.workDir;
    return QFileInfo(m_request.graphFile).absolutePath();
}

std::shared_ptr<const CapabilityRegistry> RunSetup::capabilities()
{
    if (!m_capabilities)
        m_capabilities = std::make_shared<CapabilityRegistry>(CapabilitySources::load(m_request.graphFile, m_request.capabilityDirs));
    return m_capabilities;
}

const Diagnostics &RunSetup::lint()
{
    if (!m_lint) {
        const QString name = m_request.displayName.isEmpty() ? m_request.graphFile : m_request.displayName;
        m_lint = GraphValidator::validate(m_graph, name, *capabilities());
    }
    return *m_lint;
}

QVariantMap RunSetup::completedInput(const QVariantMap &input)
{
    return GraphInputs::completed(m_graph, *capabilities(), input);
}

std::shared_ptr<TrustGate> RunSetup::makeTrustGate() const
{
    if (m_request.trusted || (!m_request.graphFile.isEmpty() && TrustedFolders::contains(m_request.graphFile)))
        return std::make_shared<TrustGate>(TrustGate::trusted());
    if (m_request.asker)
        return std::make_shared<TrustGate>(TrustGate::asking(m_request.asker));
    const QString name = m_request.graphFile.isEmpty() ? QStringLiteral("the graph") : QFileInfo(m_request.graphFile).fileName();
    return std::make_shared<TrustGate>(TrustGate::denied(
        QStringLiteral("%1 is not trusted to run commands or call web APIs: run it with --trust, or trust its folder in the studio").arg(name)));
}

void RunSetup::refuse(Refusal why, const QStringList &english, const QStringList &local)
{
    m_refusal = why;
    m_problems = english;
    m_localProblems = local;
}

bool RunSetup::makeHandlers(HandlerRegistry *registry, QStringList *problems, QList<TranslatableText> *gated)
{
    m_standIns.clear();
    const QString base = baseDir();
    registerBuiltinHandlers(*registry, base);
    if (!m_trust)
        m_trust = makeTrustGate();
    auto env = std::make_shared<HandlerEnvironment>(); // the run's (reading the process's environment once)
    env->baseDir = base;
    env->trust = m_trust;
    registerWorkflowHandlers(*registry, *env);
    if (!m_request.mockFile.isEmpty()) {
        QString error;
        if (!loadMockFile(m_request.mockFile, registry, &error))
            *problems << error;
    }
    if (m_request.mocks.isValid() && problems->isEmpty()) {
        QString error;
        if (!addMocks(m_request.mocks, m_request.mocksName, registry, &error))
            *problems << error;
    }
    env->capabilities = capabilities();
    env->baseHandlers = registry->withoutNodeOverrides();
    if (problems->isEmpty())
        CapabilityBinder::bind(registry, m_graph, *env->capabilities, env, problems, gated);
    if (!problems->isEmpty())
        return false;
    // The file's inline sub-graphs (an imported Dify iteration's or loop's children): their
    // skills bound as the graph's, run by builtin.subgraph with the run's handlers.
    std::shared_ptr<InlineSubgraphHandler> inlineGraphs;
    QList<const Graph *> graphs{&m_graph};
    if (!InlineSubgraphs::names(m_graph).isEmpty()) {
        inlineGraphs = std::make_shared<InlineSubgraphHandler>(m_graph, m_request.graphFile, env, problems);
        for (const auto &g : inlineGraphs->graphs()) {
            CapabilityBinder::bind(registry, *g, *env->capabilities, env, problems, gated);
            graphs << g.get();
        }
        if (!problems->isEmpty())
            return false;
    }
    // Stand-ins an import made (a Dify tool, knowledge base or agent): their placeholder
    // answers, until a capability or a mock takes their place.
    for (const Graph *g : std::as_const(graphs)) {
        for (const Node &n : g->nodes) {
            if (n.kind != NodeKind::Skill || !n.extra.contains(QStringLiteral("stand_in_outputs")) || registry->resolve(n.id, n.skillId))
                continue;
            std::shared_ptr<MockHandler> standIn;
            QString why;
            if (MockHandler::fromVariant(QVariantMap{{QStringLiteral("outputs"), n.extra.value(QStringLiteral("stand_in_outputs"))}}, &standIn, &why))
                registry->overrideNode(n.id, standIn);
            else
                *problems << QStringLiteral("node '%1': its stand_in_outputs: %2").arg(n.id, why);
        }
    }
    if (gated)
        *gated += workflowTrustLines(m_graph);

    // Stand-ins for what nothing handles (the studio): their declared outputs, null.
    if (m_request.standIns) {
        for (const Graph *g : std::as_const(graphs)) {
            for (const Node &n : g->nodes) {
                if (n.kind != NodeKind::Skill || n.skillId.isEmpty() || registry->resolve(n.id, n.skillId) || m_standIns.contains(n.skillId)
                    || (inlineGraphs && n.skillId == QLatin1String("builtin.subgraph")))
                    continue;
                QVariantMap outputs;
                for (const QString &o : n.outputs)
                    outputs.insert(o, QVariant::fromValue(nullptr));
                std::shared_ptr<MockHandler> standIn;
                QString why;
                if (MockHandler::fromVariant(QVariantMap{{QStringLiteral("outputs"), outputs}}, &standIn, &why)) {
                    registry->add(n.skillId, standIn);
                    m_standIns << n.skillId;
                }
            }
        }
    }
    if (inlineGraphs) {
        inlineGraphs->setHandlers(*registry);
        registry->add(QStringLiteral("builtin.subgraph"), inlineGraphs);
    }
    return true;
}

std::shared_ptr<SkillHandler> RunSetup::handlerFor(const QString &nodeId, QStringList *problems)
{
    for (const Diagnostic &d : lint())
        if (d.severity == Severity::Error)
            *problems << d.format();
    if (!problems->isEmpty())
        return nullptr;
    const Node *node = m_graph.node(nodeId);
    if (!node || node->kind != NodeKind::Skill) {
        *problems << QStringLiteral("no skill node '%1' in the graph").arg(nodeId);
        return nullptr;
    }
    HandlerRegistry registry;
    QList<TranslatableText> gated;
    if (!makeHandlers(&registry, problems, &gated))
        return nullptr;
    std::shared_ptr<SkillHandler> handler = registry.resolveShared(nodeId, node->skillId);
    if (!handler)
        *problems << QStringLiteral("no handler for skill_id '%1' (node %2); register one or give a mock").arg(node->skillId, nodeId);
    return handler;
}

std::unique_ptr<Executor> RunSetup::makeExecutor(const RunCheckpoint *resumeFrom)
{
    m_refusal = Refusal::None;
    m_problems.clear();
    m_localProblems.clear();
    m_standIns.clear();

    // 1. The graph's own findings, with its capabilities: errors refuse.
    QStringList english, local;
    for (const Diagnostic &d : lint()) {
        if (d.severity != Severity::Error)
            continue;
        english << d.format();
        local << d.localFormat();
    }
    if (!english.isEmpty()) {
        refuse(Refusal::Lint, english, local);
        return nullptr;
    }

    // 2. Handlers: builtins, the mock file, every skill bound to its capability, stand-ins.
    HandlerRegistry registry;
    QStringList problems;
    QList<TranslatableText> gated;
    if (!makeHandlers(&registry, &problems, &gated)) {
        refuse(Refusal::Handlers, problems, problems);
        return nullptr;
    }

    // 4. The executor, which checks what is left (a skill without handler, an expression).
    auto executor = std::make_unique<Executor>(m_graph, registry, m_request.options);
    if (!executor->prepare(&problems)) {
        refuse(Refusal::Executor, problems, problems);
        return nullptr;
    }
    if (resumeFrom) {
        QString error;
        if (!executor->restoreState(resumeFrom->state, &error)) {
            const QString line = QStringLiteral("%1: error: %2").arg(m_checkpointName, error);
            refuse(Refusal::Restore, {line}, {line});
            return nullptr;
        }
        if (executor->status() != RunStatus::Paused)
            return executor; // it ended: nothing will run, nothing to ask
    }

    // 5. Trust, asked once before anything runs when something will run commands or call
    // web APIs. Declined: nothing starts (no run, nothing recorded as failed). An answer that
    // comes later (an asker that does not answer at once) fails those calls when they come.
    if (!gated.isEmpty()) { // a gate that has its answer already (warm-up runs) does not ask again
        QStringList lines; // what will run, a line each, in the language of whoever is asked
        for (const TranslatableText &g : std::as_const(gated))
            lines << g.translated();
        const bool asking = m_request.asker && !m_trust->isTrusted();
        auto allowed = std::make_shared<std::optional<bool>>();
        m_trust->request(lines.join(QLatin1Char('\n')), [allowed](bool yes, const QString &) { *allowed = yes; });
        if (asking && allowed->has_value() && !**allowed) {
            m_trust.reset(); // the next run asks again
            const QString name = m_request.graphFile.isEmpty() ? QString() : QFileInfo(m_request.graphFile).fileName();
            const TranslatableText why = name.isEmpty()
                ? CAPGRAPH_TR("capgraph::RunSetup", "you declined to let this graph run commands or call web APIs, so nothing ran; run it again to be asked again")
                : CAPGRAPH_TR("capgraph::RunSetup", "you declined to let %1 run commands or call web APIs, so nothing ran; run it again to be asked again").arg(name);
            refuse(Refusal::Declined, {why.english()}, {why.translated()});
            return nullptr;
        }
    }

    return executor;
}

} // namespace capgraph
