#include "handlers/SubgraphHandler.h"

#include "handlers/CapabilityBinder.h"
#include "exec/Executor.h"
#include "handlers/HandlerEnvironment.h"
#include "yaml/GraphYamlReader.h"
#include "handlers/BuiltinHandlers.h"

#include <QFileInfo>

namespace capgraph {

namespace {
// Owns the child executor and watches it. Deleted later, never inside the child's signals.
class ChildRun : public QObject, public RunObserver
{
public:
    ChildRun(const Graph &graph, const HandlerRegistry &handlers, const QString &capability, QStringList declared, std::weak_ptr<SkillCall> call)
        : m_executor(new Executor(graph, handlers, {}, this)), m_capability(capability), m_declared(std::move(declared)),
          m_call(std::move(call)), m_nodeCount(int(graph.nodes.size()))
    {
        m_executor->addObserver(this);
        connect(m_executor, &Executor::statusChanged, this, [this](RunStatus s) { statusChanged(s); });
    }
    Executor *executor() const { return m_executor; }
    void setAdopted(bool adopted) { m_adopted = adopted; }

    RunEventTypes wantedEvents() const override
    {
        return runEventBit(RunEventType::NodeFinished) | runEventBit(RunEventType::NodeFailed) | runEventBit(RunEventType::Warning)
            | runEventBit(RunEventType::Log) | runEventBit(RunEventType::NodeUsage);
    }

    void onRunEvent(const RunEvent &e) override
    {
        const SkillCallPtr c = m_call.lock();
        if (!c)
            return;
        switch (e.type) {
        case RunEventType::NodeFinished:
            ++m_finished;
            c->logChild(CAPGRAPH_TR("capgraph::Run", "%1 ▸ %2 finished").arg(m_capability, e.nodeId));
            c->progress(std::min(0.99, double(m_finished) / std::max(1, m_nodeCount)), QStringLiteral("%1 ▸ %2").arg(m_capability, e.nodeId));
            break;
        case RunEventType::NodeFailed:
        case RunEventType::Warning:
        case RunEventType::Log:
            c->logChild(TranslatableText::verbatim(QStringLiteral("%1 ▸ %2: %3").arg(m_capability, e.nodeId, e.message)));
            break;
        case RunEventType::NodeUsage: {
            const QVariantMap u = e.data.toMap();
            c->usage(u.value(QStringLiteral("prompt_tokens")).toLongLong(), u.value(QStringLiteral("completion_tokens")).toLongLong());
            break;
        }
        default:
            break;
        }
    }

private:
    void statusChanged(RunStatus s)
    {
        const SkillCallPtr c = m_call.lock();
        if (!c)
            return;
        switch (s) {
        case RunStatus::Finished: {
            const QVariantMap vars = m_executor->context().variables;
            QVariantMap outputs;
            if (m_declared.isEmpty())
                outputs = vars;
            else
                for (const QString &k : std::as_const(m_declared))
                    if (vars.contains(k))
                        outputs.insert(k, vars.value(k));
            c->finish(outputs);
            break;
        }
        case RunStatus::Failed:
            c->fail(QStringLiteral("sub-graph %1 failed at node '%2': %3").arg(m_capability, m_executor->failedNode(), m_executor->errorMessage()));
            break;
        case RunStatus::Cancelled:
            c->fail(QStringLiteral("sub-graph %1 was cancelled").arg(m_capability));
            break;
        case RunStatus::WaitingForInput: {
            if (m_adopted)
                break; // the calling run asks (`node/child_node`) and answers down here
            const auto pending = m_executor->pendingInteractions();
            c->fail(QStringLiteral("sub-graph %1 asks for human input at '%2', which a sub-graph run cannot ask for yet")
                        .arg(m_capability, pending.isEmpty() ? QString() : pending.first().id));
            m_executor->cancel();
            break;
        }
        default:
            break;
        }
    }

    Executor *m_executor;
    QString m_capability;
    QStringList m_declared;
    std::weak_ptr<SkillCall> m_call;
    int m_nodeCount;
    int m_finished = 0;
    bool m_adopted = false; // the calling run follows this child (SkillCall::adoptChild)
};
} // namespace

SubgraphHandler::SubgraphHandler(QString capability, QString graphPath, QJsonObject outputSchema, std::shared_ptr<HandlerEnvironment> env)
    : m_capability(std::move(capability)), m_graphPath(std::move(graphPath)), m_env(std::move(env))
{
    m_declaredOutputs = outputSchema.value(QStringLiteral("properties")).toObject().keys();
}

SubgraphHandler::SubgraphHandler(QString name, std::shared_ptr<const Graph> graph, std::function<HandlerRegistry()> handlers,
                                 std::shared_ptr<HandlerEnvironment> env)
    : m_capability(std::move(name)), m_graph(std::move(graph)), m_handlers(std::move(handlers)), m_env(std::move(env))
{
}

void SubgraphHandler::start(const SkillCallPtr &call)
{
    if (m_env->graphChain.size() >= m_env->maxDepth || m_env->graphChain.contains(m_capability)) {
        QStringList chain = m_env->graphChain;
        chain << m_capability;
        call->fail(QStringLiteral("sub-graphs nest %1: %2 (at most %3 deep, and a graph may not contain itself)")
                       .arg(m_env->graphChain.contains(m_capability) ? QStringLiteral("recursively") : QStringLiteral("too deep"),
                            chain.join(QStringLiteral(" → ")))
                       .arg(m_env->maxDepth));
        return;
    }
    std::shared_ptr<const Graph> graph = m_graph;
    if (!graph) {
        GraphLoadResult loaded = GraphYamlReader::readFile(m_graphPath);
        if (!loaded.ok()) {
            call->fail(QStringLiteral("sub-graph %1 does not load: %2").arg(m_capability, loaded.errorText()));
            return;
        }
        graph = std::make_shared<const Graph>(std::move(*loaded.graph));
    }
    m_env->networkAccess(); // made now, so that the child runs share its connections
    auto childEnv = std::make_shared<HandlerEnvironment>(*m_env);
    childEnv->graphChain << m_capability;
    QStringList problems;
    HandlerRegistry handlers;
    if (m_handlers) {
        handlers = m_handlers(); // bound with the calling run's
    } else {
        childEnv->baseDir = QFileInfo(m_graphPath).absolutePath();
        handlers = m_env->baseHandlers;
        registerBuiltinHandlers(handlers, childEnv->baseDir); // the child's files are beside the child (mocks still win)
        if (m_env->capabilities)
            CapabilityBinder::bind(&handlers, *graph, *m_env->capabilities, childEnv, &problems);
    }
    std::shared_ptr<ChildRun> child(new ChildRun(*graph, handlers, m_capability, m_declaredOutputs, call),
                                    [](ChildRun *r) { r->deleteLater(); });
    if (!problems.isEmpty() || !child->executor()->prepare(&problems)) {
        call->fail(QStringLiteral("sub-graph %1 cannot run: %2").arg(m_capability, problems.join(QStringLiteral("; "))));
        return;
    }
    if (m_env->childRunStarted)
        m_env->childRunStarted(call->nodeId, child->executor());
    call->onCancel([child] { child->executor()->cancel(); });
    child->setAdopted(call->adoptChild(child->executor()));
    if (call->childState && !call->childState->isEmpty()) {
        // A checkpoint was taken while this child waited for an answer: it goes on from there.
        QString why;
        if (!child->executor()->restoreState(*call->childState, &why)) {
            call->fail(QStringLiteral("sub-graph %1 cannot go on from the checkpoint: %2").arg(m_capability, why));
            return;
        }
        child->executor()->continueRun();
        return;
    }
    child->executor()->start(call->inputs);
}

} // namespace capgraph
