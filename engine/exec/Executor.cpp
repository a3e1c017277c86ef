// Executor: the façade (its public calls, handed to the units of Executor_p.h) and the run's
// life (prepare, start, status, results, failure, end, cancel).
#include "exec/Executor.h"

#include "exec/Executor_p.h"

#include <QDateTime>
#include <QEventLoop>
#include <QTimer>
#include <QTimerEvent>

namespace capgraph {

QVariantMap PendingInteraction::toVariant(const QString &nodeId) const
{
    QVariantMap m;
    m.insert(QStringLiteral("id"), id);
    m.insert(QStringLiteral("node"), nodeId);
    m.insert(QStringLiteral("kind"), kind);
    m.insert(QStringLiteral("prompt"), prompt);
    if (kind == QLatin1String("select")) {
        m.insert(QStringLiteral("options"), options);
        if (multiple) {
            m.insert(QStringLiteral("multiple"), true);
            m.insert(QStringLiteral("min"), minChoices);
            if (maxChoices > 0)
                m.insert(QStringLiteral("max"), maxChoices);
        }
    }
    return m;
}

// ---- the run's life ---------------------------------------------------------------------

ExecutorPrivate::ExecutorPrivate(Executor *q, const Graph &graph, const HandlerRegistry &handlers, RunOptions options)
    : q(q), graph(graph), handlers(handlers), options(std::move(options))
{
    if (this->options.runId.isEmpty())
        this->options.runId = QString::number(QDateTime::currentMSecsSinceEpoch(), 36);
}

bool ExecutorPrivate::prepare(QStringList *errors)
{
    QStringList problems;
    cg = CompiledGraph::compile(graph, &problems);
    QHash<QString, QStringList> missing;
    for (CompiledGraph::CNode &n : cg.nodes) {
        if (n.kind != NodeKind::Skill)
            continue;
        n.handler = handlers.resolve(n.id, n.skillId);
        if (const auto pin = options.pinned.constFind(n.id); pin != options.pinned.cend())
            n.pinned = &pin.value();
        if (!n.handler && !n.pinned) // a pinned node needs none
            missing[n.skillId].append(n.id);
        // The price of its tokens, resolved here once: the capability's, else the graph's.
        // Unpriced nodes keep -1, and their usage reports cost nothing more than before.
        const Pricing *price = n.handler ? n.handler->pricing() : nullptr;
        if (!price && graph.pricing)
            price = &*graph.pricing;
        if (price) {
            n.pricing = int(cg.prices.indexOf(*price));
            if (n.pricing < 0) {
                n.pricing = int(cg.prices.size());
                cg.prices.append(*price);
            }
        }
        if (const auto given = options.given.constFind(n.id); given != options.given.cend()) {
            // Its call given as it is: the inputs are literals, not templates.
            n.inputs.clear();
            for (auto it = given->inputs.cbegin(); it != given->inputs.cend(); ++it)
                n.inputs.append(CompiledGraph::InputTemplate{it.key(), {}, it.value(), false});
            if (!given->settings.isEmpty())
                n.settings = &given->settings;
        }
    }
    for (auto it = options.given.cbegin(); it != options.given.cend(); ++it) {
        const int i = cg.index.value(it.key(), -1);
        if (i < 0 || cg.nodes.at(i).kind != NodeKind::Skill)
            problems << QStringLiteral("a call given for '%1', which is no skill node of the graph").arg(it.key());
        else if (cg.nodes.at(i).mode == CompiledGraph::CNode::Mode::Parallel)
            problems << QStringLiteral("a call given for '%1', which maps over a list: give one item's call to a single node").arg(it.key());
    }
    QStringList pins = options.pinned.keys();
    pins.sort();
    for (const QString &id : std::as_const(pins)) {
        const int i = cg.index.value(id, -1);
        if (i < 0)
            problems << QStringLiteral("pinned output for '%1': the graph has no node with that id").arg(id);
        else if (cg.nodes.at(i).kind != NodeKind::Skill)
            problems << QStringLiteral("pinned output for '%1': only a skill node's output can be pinned, this is a %2 node")
                            .arg(id, canonicalTypeName(cg.nodes.at(i).kind));
    }
    QStringList skills = missing.keys();
    skills.sort();
    for (const QString &s : skills)
        problems << QStringLiteral("no handler for skill_id '%1' (node%2 %3); register one or give a mock")
                        .arg(s.isEmpty() ? QStringLiteral("<empty>") : s,
                             missing.value(s).size() > 1 ? QStringLiteral("s") : QString(),
                             missing.value(s).join(QStringLiteral(", ")));
    prepared = problems.isEmpty();
    if (errors)
        *errors = problems;
    debugger.resolveBreakpoints();
    const int n = int(cg.nodes.size());
    outputs = QList<QVariantMap>(n);
    hasOutputs = QList<bool>(n, false);
    visits = QList<qint64>(n, 0);
    return prepared;
}

qint64 ExecutorPrivate::elapsedUs() const
{
    if (endedUs >= 0)
        return endedUs;
    return elapsedBeforeMs * 1000 + (clock.isValid() ? clock.nsecsElapsed() / 1000 : 0);
}

void ExecutorPrivate::setStatus(RunStatus to)
{
    if (status == to)
        return;
    if (runStatusIsFinal(to) && endedUs < 0)
        endedUs = elapsedUs();
    status = to;
    emit q->statusChanged(to);
}

int ExecutorPrivate::addToken(int node)
{
    Token t;
    t.id = nextToken++;
    t.node = node;
    tokens.emplace(t.id, t);
    ready.push_back(t.id);
    return t.id;
}

void ExecutorPrivate::storeOutputs(int nodeIndex, const Token &t, const QVariantMap &values)
{
    outputs[nodeIndex] = values; // each execution replaces the last one's outputs
    hasOutputs[nodeIndex] = true;
    for (auto it = values.cbegin(); it != values.cend(); ++it) {
        vars.insert(it.key(), it.value());
        if (events.observed(RunEventType::VariableChanged))
            events.emitEvent(RunEventType::VariableChanged, &t, nodeIndex, cg.nodes.at(nodeIndex).id + QLatin1Char('.') + it.key(),
                             it.value());
    }
}

void ExecutorPrivate::failRun(const Token *t, int nodeIndex, const QString &why)
{
    failRun(t, nodeIndex, TranslatableText::verbatim(why));
}

void ExecutorPrivate::failRun(const Token *t, int nodeIndex, const TranslatableText &why)
{
    const QString english = why.english();
    if (ended())
        return;
    if (t && t->background) {
        // A background branch (seed 002's Summary -> Score) never blocks or fails the main
        // path: it ends, and the failure is reported.
        const int tokenId = t->id;
        backgroundErrors.append(english);
        if (events.observed(RunEventType::NodeFailed) && nodeIndex >= 0)
            events.emitEvent(RunEventType::NodeFailed, t, nodeIndex, why, QVariantMap{{QStringLiteral("background"), true}});
        events.warn(t, nodeIndex, CAPGRAPH_TR("capgraph::Run", "background branch stopped: %1").arg(why));
        calls.cancelCallsOf(tokenId);
        calls.forgetParallel(tokenId);
        interactions.forgetToken(tokenId);
        auto it = tokens.find(tokenId);
        if (it != tokens.end())
            flow.finishToken(it->second);
        // The run may be over now (the main path ended before this branch failed): the
        // scheduler settles it, as a branch that ends well wakes it.
        scheduler.schedulePump();
        return;
    }
    error = english;
    errorText = why;
    failedNode = nodeIndex >= 0 ? cg.nodes.at(nodeIndex).id : QString();
    failedPath.clear();
    if (t)
        for (int n : t->recentPath())
            failedPath << cg.nodes.at(n).id;
    calls.cancelAllCalls();
    if (events.observed(RunEventType::NodeFailed) && nodeIndex >= 0)
        events.emitEvent(RunEventType::NodeFailed, t, nodeIndex, why);
    if (events.observed(RunEventType::RunFailed)) {
        QVariantMap data{{QStringLiteral("path"), failedPath}};
        addTokenTotal(&data);
        events.emitEvent(RunEventType::RunFailed, t, nodeIndex, why, data);
    }
    ready.clear();
    setStatus(RunStatus::Failed);
}

void ExecutorPrivate::finishRun()
{
    if (ended())
        return;
    if (events.observed(RunEventType::RunFinished)) {
        QVariantMap data{{QStringLiteral("steps"), steps}};
        addTokenTotal(&data);
        events.emitEvent(RunEventType::RunFinished, nullptr, -1, QString(), data);
    }
    setStatus(RunStatus::Finished);
}

void ExecutorPrivate::addTokenTotal(QVariantMap *data) const
{
    qint64 total = 0;
    QMap<QString, double> costs;
    for (const TokenUsage &u : usage) {
        total += u.total();
        if (u.priced())
            costs[u.currency] += u.cost;
    }
    if (total > 0) // a run's LLM tokens, for whoever lists runs (the studio's Run History)
        data->insert(QStringLiteral("total_tokens"), total);
    // What they cost: total_cost and currency, or costs per currency.
    data->insert(costFields(costs));
}

void ExecutorPrivate::cancel()
{
    if (ended())
        return;
    if (scheduler.inPump()) {
        scheduler.requestCancel(); // an observer asked mid-node: finish that node first
        return;
    }
    calls.cancelAllCalls();
    tokens.clear();
    ready.clear();
    interactions.clear();
    calls.forgetAllParallel();
    if (events.observed(RunEventType::RunCancelled))
        events.emitEvent(RunEventType::RunCancelled, nullptr, -1);
    setStatus(RunStatus::Cancelled);
}

// ---- the façade -------------------------------------------------------------------------

Executor::Executor(const Graph &graph, const HandlerRegistry &handlers, RunOptions options, QObject *parent)
    : QObject(parent), d(std::make_unique<ExecutorPrivate>(this, graph, handlers, std::move(options)))
{
}

Executor::~Executor()
{
    d->calls.cancelAllCalls();
}

bool Executor::prepare(QStringList *errors)
{
    return d->prepare(errors);
}

void Executor::start(const QVariantMap &input)
{
    if (d->status != RunStatus::Idle)
        return;
    if (!d->prepared) {
        d->clock.start();
        QStringList errors;
        if (!d->prepare(&errors)) {
            d->status = RunStatus::Running;
            d->failRun(nullptr, -1, errors.join(QStringLiteral("; ")));
            return;
        }
    }
    d->input = input;
    d->addToken(d->cg.start);
    d->setStatus(RunStatus::Running);
    if (d->events.observed(RunEventType::RunStarted))
        d->events.emitEvent(RunEventType::RunStarted, nullptr, -1, QString(), d->input);
    d->scheduler.schedulePump();
}

bool Executor::startAt(const QString &nodeId, const RunContext &context, QString *error)
{
    const auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (d->status != RunStatus::Idle)
        return fail(QStringLiteral("the run has already started"));
    if (!d->prepared) {
        d->clock.start();
        QStringList errors;
        if (!d->prepare(&errors))
            return fail(errors.join(QStringLiteral("; ")));
    }
    const int node = d->cg.index.value(nodeId, -1);
    if (node < 0)
        return fail(QStringLiteral("no node '%1' in the graph").arg(nodeId));
    d->input = context.input;
    d->steps = d->options.firstStep;
    const int token = d->addToken(node);
    d->setStatus(RunStatus::Running);
    if (d->events.observed(RunEventType::RunStarted))
        d->events.emitEvent(RunEventType::RunStarted, nullptr, -1, CAPGRAPH_TR("capgraph::Run", "from %1").arg(nodeId), d->input);
    // What ran before, as the recording had it: outputs per node (so `node.output` and the
    // bare names resolve), then the variables (last write wins, as in the run recorded).
    for (auto it = context.outputs.cbegin(); it != context.outputs.cend(); ++it)
        if (const int i = d->cg.index.value(it.key(), -1); i >= 0)
            d->storeOutputs(i, d->tokens.at(token), it.value().toMap());
    for (auto it = context.variables.cbegin(); it != context.variables.cend(); ++it)
        d->vars.insert(it.key(), it.value());
    d->scheduler.schedulePump();
    return true;
}

void Executor::pause()
{
    d->children.pauseAll();
    d->debugger.pause();
}

void Executor::resume()
{
    d->children.stepIntoNext(false);
    for (Executor *child : d->children.paused())
        child->resume();
    d->debugger.resume();
}

void Executor::step()
{
    if (const QList<Executor *> paused = d->children.paused(); !paused.isEmpty()) {
        paused.first()->step(); // in there (it steps in its own paused child, if it has one)
        return;
    }
    d->children.stepIntoNext(false);
    d->debugger.step();
}

void Executor::stepInto()
{
    if (const QList<Executor *> paused = d->children.paused(); !paused.isEmpty()) {
        paused.first()->stepInto();
        return;
    }
    d->children.stepIntoNext(true);
    d->debugger.step();
}

void Executor::stepOut()
{
    const QList<Executor *> paused = d->children.paused();
    if (paused.isEmpty()) {
        resume();
        return;
    }
    Executor *child = paused.first();
    if (!child->pausedPath().isEmpty())
        child->stepOut(); // out of the innermost
    else
        child->resume(); // to its end; this run stays paused before its next node
}

QStringList Executor::pausedPath() const
{
    return d->children.pausedPath();
}

Executor *Executor::childRun(const QStringList &path) const
{
    if (path.isEmpty())
        return nullptr;
    for (const auto &c : d->children.children())
        if (c->executor && c->prefix == path.constFirst())
            return path.size() == 1 ? c->executor.data() : c->executor->childRun(path.mid(1));
    return nullptr;
}

void Executor::setChildBreakpoints(const QHash<QString, QHash<QString, QString>> &byPath)
{
    d->children.setBreakpointsBelow(byPath);
}

void Executor::cancel()
{
    d->cancel();
}

void Executor::setBreakpoints(const QSet<QString> &nodeIds)
{
    d->debugger.setBreakpoints(nodeIds);
}

QSet<QString> Executor::breakpoints() const
{
    return d->debugger.breakpoints();
}

void Executor::setBreakpointConditions(const QHash<QString, QString> &conditions)
{
    d->debugger.setBreakpointConditions(conditions);
}

QList<PendingInteraction> Executor::pendingInteractions() const
{
    if (d->children.children().empty())
        return d->interactions.pending();
    return d->interactions.pending() + d->children.pending();
}

bool Executor::answer(const QString &requestId, const QVariant &value, QString *error)
{
    // `node/child_node`: a question of the child run that node runs (a node id of our own may
    // hold a '/' too: then it is ours).
    if (requestId.contains(QLatin1Char('/')) && (d->children.routes(requestId) || !d->interactions.waiting()))
        return d->children.answer(requestId, value, error);
    return d->interactions.answer(requestId, value, error);
}

RunStatus Executor::status() const
{
    return d->status;
}

bool Executor::mainPathFinished() const
{
    return d->mainPathDone;
}

QString Executor::errorMessage() const
{
    return d->error;
}

QString Executor::localErrorMessage() const
{
    return d->errorText.isEmpty() ? d->error : d->errorText.translated();
}

QStringList Executor::warnings() const
{
    return d->events.warnings();
}

QStringList Executor::backgroundErrors() const
{
    return d->backgroundErrors;
}

QString Executor::failedNode() const
{
    return d->failedNode;
}

QStringList Executor::failedPath() const
{
    return d->failedPath;
}

qint64 Executor::steps() const
{
    return d->steps;
}

qint64 Executor::elapsedMs() const
{
    return d->elapsedUs() / 1000;
}

qint64 Executor::elapsedUs() const
{
    return d->elapsedUs();
}

QHash<QString, qint64> Executor::visitCounts() const
{
    QHash<QString, qint64> counts;
    for (int i = 0; i < d->visits.size(); ++i)
        if (d->visits.at(i) > 0)
            counts.insert(d->cg.nodes.at(i).id, d->visits.at(i));
    return counts;
}

QHash<QString, TokenUsage> Executor::tokenUsage() const
{
    return d->usage;
}

QMap<QString, double> Executor::costTotals() const
{
    QMap<QString, double> costs;
    for (const TokenUsage &u : std::as_const(d->usage))
        if (u.priced())
            costs[u.currency] += u.cost;
    for (double &c : costs)
        c = roundedCost(c);
    return costs;
}

TokenUsage Executor::totalTokenUsage() const
{
    TokenUsage sum; // tokens only: what they cost is per currency (costTotals)
    for (const TokenUsage &u : d->usage) {
        sum.prompt += u.prompt;
        sum.completion += u.completion;
    }
    return sum;
}

RunContext Executor::context() const
{
    RunContext c;
    c.input = d->input;
    for (int i = 0; i < d->cg.nodes.size(); ++i)
        if (d->hasOutputs.at(i))
            c.outputs.insert(d->cg.nodes.at(i).id, d->outputs.at(i));
    for (auto it = d->vars.cbegin(); it != d->vars.cend(); ++it)
        c.variables.insert(it.key(), it.value());
    return c;
}

bool Executor::setVariable(const QString &name, const QVariant &value, QString *error)
{
    return d->debugger.setVariable(name, value, error);
}

void Executor::addObserver(RunObserver *observer)
{
    d->events.addObserver(observer);
}

void Executor::removeObserver(RunObserver *observer)
{
    d->events.removeObserver(observer);
}

void Executor::timerEvent(QTimerEvent *event)
{
    d->calls.timerFired(event->timerId());
}

RunStatus Executor::waitUntilIdle(int timeoutMs)
{
    if (d->status == RunStatus::Running && d->scheduler.pumpQueued() && !d->scheduler.inPump())
        d->scheduler.pump(); // work that is ready needs no trip through the event loop (the queued call then finds nothing)
    if (d->status != RunStatus::Running)
        return d->status;
    QEventLoop loop;
    const auto conn = connect(this, &Executor::statusChanged, &loop, [&loop](RunStatus s) {
        if (s != RunStatus::Running)
            loop.quit();
    });
    QTimer timer;
    if (timeoutMs >= 0) {
        timer.setSingleShot(true);
        connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
        timer.start(timeoutMs);
    }
    loop.exec();
    disconnect(conn);
    return d->status;
}

} // namespace capgraph
