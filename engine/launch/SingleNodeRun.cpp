#include "launch/SingleNodeRun.h"

#include "model/NodeKind.h"

namespace capgraph {

SingleNodeRun::SingleNodeRun(const Graph &graph, const QString &nodeId, RunRequest request, QObject *parent)
    : QObject(parent), m_graph(graph), m_nodeId(nodeId), m_request(std::move(request))
{
    m_request.options.pinned.clear();
    m_request.options.given.clear();
}

SingleNodeRun::~SingleNodeRun()
{
    if (m_executor)
        m_executor->removeObserver(this);
}

std::optional<Graph> SingleNodeRun::isolate(const Graph &graph, const QString &nodeId, const QStringList &inputKeys, QString *error)
{
    const Node *node = graph.node(nodeId);
    if (!node) {
        *error = QStringLiteral("no node '%1' in the graph").arg(nodeId);
        return std::nullopt;
    }
    if (node->kind != NodeKind::Skill) {
        *error = QStringLiteral("'%1' is a %2 node: only a skill node runs alone").arg(nodeId, canonicalTypeName(node->kind));
        return std::nullopt;
    }
    Graph g;
    g.id = graph.id;
    g.name = graph.name;
    g.version = graph.version;
    g.description = graph.description;
    g.pricing = graph.pricing; // the price of its tokens, when its capability declares none
    g.metadata = graph.metadata;
    g.extra = graph.extra;
    g.documentExtra = graph.documentExtra;
    // A start and an end whose ids the graph's node does not have.
    const auto freeId = [&](const QString &base) {
        QString id = base;
        for (int i = 2; id == nodeId; ++i)
            id = base + QString::number(i);
        return id;
    };
    Node start;
    start.id = freeId(QStringLiteral("start"));
    start.type = QStringLiteral("control.start");
    start.kind = NodeKind::Start;
    Node end;
    end.id = freeId(QStringLiteral("end"));
    end.type = QStringLiteral("control.end");
    end.kind = NodeKind::End;
    Node alone = *node;
    // Its inputs are given (RunOptions::given): named here for the checks, valued there.
    alone.inputs = ExtraFields();
    for (const QString &key : inputKeys)
        alone.inputs.setValue(key, QVariant::fromValue(nullptr));
    if (alone.executionMode == QLatin1String("parallel")) { // one item's call
        alone.executionMode.clear();
        alone.forEach.clear();
        alone.concurrency.reset();
    }
    alone.conditions.clear();
    alone.defaultTarget.clear();
    g.nodes = {start, alone, end};
    Edge in;
    in.from = start.id;
    in.to = nodeId;
    Edge out;
    out.from = nodeId;
    out.to = end.id;
    g.edges = {in, out};
    return g;
}

RunSetup *SingleNodeRun::setup(const QStringList &inputKeys, QStringList *problems, QStringList *localProblems)
{
    QString why;
    std::optional<Graph> g = isolate(m_graph, m_nodeId, inputKeys, &why);
    if (!g) {
        *problems << why;
        if (localProblems)
            *localProblems << why;
        return nullptr;
    }
    // The capabilities are read once, for settingsFor() and the call after it.
    std::shared_ptr<const CapabilityRegistry> capabilities = m_setup ? m_setup->capabilities() : m_request.capabilities;
    RunRequest request = m_request;
    request.capabilities = capabilities;
    m_setup = std::make_unique<RunSetup>(std::move(*g), std::move(request));
    return m_setup.get();
}

QVariantMap SingleNodeRun::settingsFor(const QVariantMap &inputs, QString *error)
{
    // The handler as a run binds it: made without asking for trust (nothing runs here).
    QStringList problems;
    RunSetup *s = setup(inputs.keys(), &problems, nullptr);
    if (!s) {
        *error = problems.join(QLatin1Char('\n'));
        return {};
    }
    std::shared_ptr<SkillHandler> handler = s->handlerFor(m_nodeId, &problems);
    if (!handler) {
        *error = problems.join(QLatin1Char('\n'));
        return {};
    }
    return handler->settingsFor(inputs, error);
}

bool SingleNodeRun::start(const QVariantMap &inputs, const QVariantMap &settings, QStringList *problems, QStringList *localProblems)
{
    if (isRunning()) {
        *problems << QStringLiteral("the node is running already");
        return false;
    }
    m_executions.clear();
    m_events.clear();
    m_log.clear();
    if (m_executor)
        m_executor->removeObserver(this);
    m_executor.reset();
    RunSetup *s = setup(inputs.keys(), problems, localProblems);
    if (!s)
        return false;
    s->options().given.insert(m_nodeId, GivenCall{inputs, settings});
    m_executor = s->makeExecutor();
    if (!m_executor) {
        *problems << s->problems();
        if (localProblems)
            *localProblems << s->localProblems();
        return false;
    }
    m_executor->addObserver(this);
    connect(m_executor.get(), &Executor::statusChanged, this, [this](RunStatus status) {
        if (status == RunStatus::Finished || status == RunStatus::Failed || status == RunStatus::Cancelled)
            emit finished();
    });
    m_executor->start();
    return true;
}

void SingleNodeRun::cancel()
{
    if (m_executor)
        m_executor->cancel();
}

bool SingleNodeRun::isRunning() const
{
    if (!m_executor)
        return false;
    const RunStatus s = m_executor->status();
    return s != RunStatus::Finished && s != RunStatus::Failed && s != RunStatus::Cancelled && s != RunStatus::Idle;
}

RunStatus SingleNodeRun::waitUntilIdle(int timeoutMs)
{
    return m_executor ? m_executor->waitUntilIdle(timeoutMs) : RunStatus::Idle;
}

RunStatus SingleNodeRun::status() const
{
    return m_executor ? m_executor->status() : RunStatus::Idle;
}

std::optional<NodeExecution> SingleNodeRun::result() const
{
    const QList<NodeExecution> calls = m_executions.of(m_nodeId);
    if (calls.isEmpty())
        return std::nullopt;
    return calls.last();
}

QString SingleNodeRun::errorMessage() const
{
    return m_executor && m_executor->status() == RunStatus::Failed ? m_executor->localErrorMessage() : QString();
}

void SingleNodeRun::onRunEvent(const RunEvent &event)
{
    m_events.append(event);
    m_executions.apply(event);
    if (event.type == RunEventType::Log && event.nodeId == m_nodeId)
        m_log << event.localMessage();
}

} // namespace capgraph
