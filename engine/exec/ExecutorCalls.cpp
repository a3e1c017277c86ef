#include "exec/ExecutorCalls_p.h"

#include "exec/Executor_p.h"
#include "exec/TokenContext_p.h"
#include "exec/TraceValue.h"
#include "expr/ExprValue.h"

#include <climits>
#include <cmath>

namespace capgraph {

struct ExecutorCalls::ParallelState
{
    int node = -1;
    bool launching = false; // inside startParallelItems: completions only count, the loop starts more
    QVariantList items;
    QList<QVariantMap> results;
    QStringList errors;
    int next = 0;
    int running = 0;
    int done = 0;
};

bool ExecutorCalls::evalInputs(const Token &t, const CompiledGraph::CNode &n, const QVariantMap &extra, QVariantMap *inputs,
                          QString *error)
{
    if (n.inputs.isEmpty())
        return true;
    const TokenContext ctx(d, t, extra.isEmpty() ? nullptr : &extra);
    for (const auto &in : n.inputs) {
        if (!in.isTemplate) {
            inputs->insert(in.name, in.literal);
            continue;
        }
        const EvalResult r = in.text.evaluate(ctx);
        if (!r.ok()) {
            *error = QStringLiteral("input '%1': %2 (column %3)").arg(in.name, r.error).arg(r.column);
            return false;
        }
        inputs->insert(in.name, r.value);
    }
    return true;
}

QVariantMap ExecutorCalls::recordedInput(const CompiledGraph::CNode &n, const QVariantMap &inputs) const
{
    QVariantList cuts;
    QVariantMap data{{QStringLiteral("input"), TraceValue::bounded(n.handler ? n.handler->resolvedInputs(inputs) : inputs, &cuts)}};
    if (!cuts.isEmpty())
        data.insert(QStringLiteral("truncated"), cuts);
    return data;
}

void ExecutorCalls::executeSkill(Token &t, const CompiledGraph::CNode &n)
{
    t.state = TokenState::Running;
    const bool started = d.events.observed(RunEventType::NodeStarted);
    if (n.pinned) {
        // A pinned output (docs/execution.md, "Pinned outputs"): the handler is not called.
        if (started)
            d.events.emitEvent(RunEventType::NodeStarted, &t, t.node, QString(), QVariantMap{{QStringLiteral("pinned"), true}});
        nodeSucceeded(t.id, t.node, *n.pinned);
        return;
    }
    if (t.interrupted) { // restored with its call under way: nobody knows whether it acted
        t.interrupted = false;
        if (!n.handler->repeatable()) {
            if (started)
                d.events.emitEvent(RunEventType::NodeStarted, &t, t.node);
            nodeFailed(t.id, t.node,
                       QStringLiteral("its call was under way when the run stopped and may have acted; it is not made again (its handler "
                                      "repeats only calls that can be: an api GET, PUT or DELETE, or one that says idempotent: true)"));
            return;
        }
    }
    if (n.mode == CompiledGraph::CNode::Mode::Parallel) {
        const TokenContext ctx(d, t);
        const EvalResult r = n.forEach.evaluate(ctx);
        if (started)
            d.events.emitEvent(RunEventType::NodeStarted, &t, t.node, QString(),
                               r.ok() ? QVariantMap{{QStringLiteral("items"), ExprValue::kindOf(r.value) == ValueKind::List ? r.value.toList().size() : 0}}
                                      : QVariant());
        if (!r.ok() || ExprValue::kindOf(r.value) != ValueKind::List) {
            nodeFailed(t.id, t.node,
                       r.ok() ? QStringLiteral("for_each \"%1\" gave a %2, not a list").arg(n.forEach.text(), ExprValue::kindName(r.value))
                              : QStringLiteral("for_each \"%1\": %2").arg(n.forEach.text(), r.error));
            return;
        }
        auto state = std::make_shared<ParallelState>();
        state->node = t.node;
        state->items = ExprValue::normalized(r.value).toList();
        state->results = QList<QVariantMap>(state->items.size());
        m_parallel.insert(t.id, state);
        startParallelItems(t.id);
        return;
    }
    QVariantMap inputs;
    QString error;
    if (!evalInputs(t, n, {}, &inputs, &error)) {
        if (started)
            d.events.emitEvent(RunEventType::NodeStarted, &t, t.node);
        nodeFailed(t.id, t.node, error);
        return;
    }
    if (started)
        d.events.emitEvent(RunEventType::NodeStarted, &t, t.node, QString(), recordedInput(n, inputs));
    startCall(t.id, t.node, inputs, 1, 1, -1);
}

void ExecutorCalls::startParallelItems(int tokenId)
{
    const auto it = m_parallel.constFind(tokenId);
    if (it == m_parallel.cend())
        return;
    const std::shared_ptr<ParallelState> state = it.value();
    const CompiledGraph::CNode &n = d.cg.nodes.at(state->node);
    if (state->items.isEmpty()) {
        m_parallel.remove(tokenId);
        QVariantMap empty{{QStringLiteral("item_results"), QVariantList()}};
        for (const QString &o : n.outputs)
            empty.insert(o, QVariantList());
        nodeSucceeded(tokenId, state->node, empty);
        return;
    }
    const auto tok = d.tokens.find(tokenId);
    if (tok == d.tokens.end())
        return;
    // Synchronous handlers complete inside startCall; the loop, not recursion, starts the
    // next item (a list of 100,000 items must not need 100,000 stack frames).
    state->launching = true;
    while (state->running < n.concurrency && state->next < state->items.size()) {
        const int item = state->next++;
        ++state->running;
        const QVariantMap extra{{QStringLiteral("item"), state->items.at(item)}, {QStringLiteral("index"), item}};
        QVariantMap inputs;
        QString error;
        if (!evalInputs(tok->second, n, extra, &inputs, &error)) {
            m_parallel.remove(tokenId);
            nodeFailed(tokenId, state->node, QStringLiteral("item %1: %2").arg(item).arg(error));
            return;
        }
        if (n.inputs.isEmpty())
            inputs = extra;
        startCall(tokenId, state->node, inputs, 1, 1, item);
        if (!m_parallel.contains(tokenId))
            return; // an item failed the node
    }
    state->launching = false;
    if (state->done == state->items.size())
        finishParallel(tokenId);
}

void ExecutorCalls::parallelItemDone(int tokenId, int item, const QVariantMap &inputs, const QVariantMap &outputs, const QString &error)
{
    const auto it = m_parallel.constFind(tokenId);
    if (it == m_parallel.cend())
        return;
    const std::shared_ptr<ParallelState> state = it.value();
    const CompiledGraph::CNode &n = d.cg.nodes.at(state->node);
    if (d.events.observed(RunEventType::NodeItem)) {
        // Each item's call as the Node dock shows it: what it was given, what it gave back.
        QVariantMap data = recordedInput(n, inputs);
        data.insert(QStringLiteral("item"), item);
        QVariantList cuts = data.value(QStringLiteral("truncated")).toList();
        if (error.isEmpty())
            data.insert(QStringLiteral("outputs"), TraceValue::bounded(outputs, &cuts));
        else
            data.insert(QStringLiteral("error"), error);
        if (!cuts.isEmpty())
            data.insert(QStringLiteral("truncated"), cuts);
        const auto tok = d.tokens.find(tokenId);
        d.events.emitEvent(RunEventType::NodeItem, tok == d.tokens.end() ? nullptr : &tok->second, state->node, error, data);
    }
    --state->running;
    ++state->done;
    if (!error.isEmpty()) {
        if (!n.continueOnError) {
            m_parallel.remove(tokenId);
            nodeFailed(tokenId, state->node, QStringLiteral("item %1: %2").arg(item).arg(error));
            return;
        }
        state->errors << QStringLiteral("item %1: %2").arg(item).arg(error);
        state->results[item] = {{QStringLiteral("error"), error}};
    } else {
        state->results[item] = outputs;
    }
    if (state->launching)
        return; // startParallelItems goes on with the next item
    if (state->done < state->items.size()) {
        startParallelItems(tokenId);
        return;
    }
    finishParallel(tokenId);
}

void ExecutorCalls::finishParallel(int tokenId)
{
    const auto it = m_parallel.constFind(tokenId);
    if (it == m_parallel.cend())
        return;
    const std::shared_ptr<ParallelState> state = it.value();
    // All items done: each output name becomes the list of its per-item values; item_results
    // holds each call's outputs (named so as not to hide a `results` of another node).
    QVariantMap merged;
    QVariantList results;
    QStringList keys;
    for (const QVariantMap &r : std::as_const(state->results)) {
        results.append(r);
        for (auto k = r.cbegin(); k != r.cend(); ++k)
            if (!keys.contains(k.key()))
                keys.append(k.key());
    }
    for (const QString &k : std::as_const(keys)) {
        QVariantList values;
        for (const QVariantMap &r : std::as_const(state->results))
            values.append(r.value(k));
        merged.insert(k, values);
    }
    merged.insert(QStringLiteral("item_results"), results);
    if (!state->errors.isEmpty())
        merged.insert(QStringLiteral("item_errors"), state->errors);
    m_parallel.remove(tokenId);
    nodeSucceeded(tokenId, state->node, merged);
}

void ExecutorCalls::startCall(int tokenId, int nodeIndex, const QVariantMap &inputs, int attempt, int round, int item)
{
    const CompiledGraph::CNode &n = d.cg.nodes.at(nodeIndex);
    auto call = std::make_shared<SkillCall>();
    call->nodeId = n.id;
    call->skillId = n.skillId;
    call->inputs = inputs;
    call->attempt = attempt;
    call->round = round;
    call->item = item;
    if (n.settings)
        call->settings = *n.settings;
    if (item < 0 && attempt == 1 && round == 1 && d.children.hasSaved())
        call->childState = d.children.takeSaved(tokenId, nodeIndex);
    const SkillCall *raw = call.get();
    SkillCall::Hooks hooks;
    hooks.finished = [this, raw](const QVariantMap &outputs, bool done) { callFinished(raw, outputs, done); };
    hooks.failed = [this, raw](const QString &error) { callFailed(raw, error); };
    hooks.log = [this, tokenId, nodeIndex](const TranslatableText &message, bool aboutChild) { // (16 bytes: no allocation)
        if (d.events.observed(RunEventType::Log)) {
            const auto it = d.tokens.find(tokenId);
            const Token *t = it == d.tokens.end() ? nullptr : &it->second;
            if (aboutChild && d.children.forwarded(tokenId, nodeIndex)) // its child's own events say it, at their level
                d.events.emitSummaryOfChild(RunEventType::Log, t, nodeIndex, message);
            else
                d.events.emitEvent(RunEventType::Log, t, nodeIndex, message);
        }
    };
    hooks.progress = [this, tokenId, nodeIndex](double fraction, const QString &message) {
        if (d.events.observed(RunEventType::NodeProgress)) {
            const auto it = d.tokens.find(tokenId);
            d.events.emitEvent(RunEventType::NodeProgress, it == d.tokens.end() ? nullptr : &it->second, nodeIndex, message,
                      QVariantMap{{QStringLiteral("fraction"), fraction}});
        }
    };
    hooks.usage = [this, tokenId, nodeIndex](qint64 prompt, qint64 completion, const QString &model, const QStringList &finishReasons) {
        const int priceIndex = d.cg.nodes.at(nodeIndex).pricing;
        TokenUsage reported;
        reported.prompt = prompt;
        reported.completion = completion;
        if (priceIndex >= 0) { // priced when the run was prepared
            const Pricing &price = d.cg.prices.at(priceIndex);
            reported.cost = price.cost(prompt, completion);
            reported.currency = price.currency;
        }
        d.usage[d.cg.nodes.at(nodeIndex).id] += reported;
        if (d.events.observed(RunEventType::NodeUsage)) {
            const auto it = d.tokens.find(tokenId);
            QVariantMap data{{QStringLiteral("prompt_tokens"), prompt}, {QStringLiteral("completion_tokens"), completion},
                             {QStringLiteral("total_tokens"), prompt + completion}};
            if (reported.priced()) {
                data.insert(QStringLiteral("cost"), roundedCost(reported.cost));
                data.insert(QStringLiteral("currency"), reported.currency);
            }
            if (!model.isEmpty())
                data.insert(QStringLiteral("model"), model);
            if (!finishReasons.isEmpty())
                data.insert(QStringLiteral("finish_reasons"), finishReasons);
            d.events.emitEvent(RunEventType::NodeUsage, it == d.tokens.end() ? nullptr : &it->second, nodeIndex,
                      QStringLiteral("%1 tokens (prompt %2, completion %3)").arg(prompt + completion).arg(prompt).arg(completion), data);
        }
    };
    call->setHooks(std::move(hooks));
    call->setAdopter(this, nullptr);
    ActiveCall active;
    active.token = tokenId;
    active.node = nodeIndex;
    active.call = call;
    active.item = item;
    active.attempt = attempt;
    active.round = round;
    active.inputs = inputs;
    if (n.timeoutMs > 0) {
        const int ms = int(std::clamp(n.timeoutMs, 1.0, double(INT_MAX)));
        active.timerId = d.q->startTimer(ms, Qt::PreciseTimer);
        active.deadline = QDeadlineTimer(ms, Qt::PreciseTimer);
    }
    m_calls.append(active);
    n.handler->start(call);
}

ActiveCall ExecutorCalls::takeCall(const SkillCall *call)
{
    for (qsizetype i = m_calls.size() - 1; i >= 0; --i) {
        if (m_calls.at(i).call.get() == call) {
            ActiveCall a = m_calls.takeAt(i);
            if (a.timerId)
                d.q->killTimer(a.timerId);
            if (d.children.any())
                d.children.release(call);
            return a;
        }
    }
    return {};
}

void ExecutorCalls::callFinished(const SkillCall *call, const QVariantMap &outputs, bool done)
{
    const ActiveCall a = takeCall(call);
    if (a.token < 0 || d.status == RunStatus::Failed || d.status == RunStatus::Cancelled)
        return;
    if (a.item >= 0) {
        parallelItemDone(a.token, a.item, a.inputs, outputs, QString());
        return;
    }
    const CompiledGraph::CNode &n = d.cg.nodes.at(a.node);
    if (n.mode == CompiledGraph::CNode::Mode::Iterative && !done) {
        const auto tok = d.tokens.find(a.token);
        if (tok == d.tokens.end())
            return;
        if (n.maxIterations <= 0 || a.round < n.maxIterations) {
            // Store what this round produced so the next round (and its inputs) see it; the
            // next call starts from the scheduler, not from inside this one (no recursion,
            // and the event loop gets its turns).
            d.storeOutputs(a.node, tok->second, outputs);
            QVariantMap inputs;
            QString error;
            if (!evalInputs(tok->second, n, {}, &inputs, &error)) {
                nodeFailed(a.token, a.node, error);
                return;
            }
            Token &t = tok->second;
            t.pendingRound = a.round + 1;
            t.pendingInputs = inputs;
            t.state = TokenState::Ready;
            d.ready.push_back(t.id);
            d.scheduler.schedulePump();
            return;
        }
        d.events.warn(&tok->second, a.node,
             CAPGRAPH_TR("capgraph::Run", "iterative node '%1' reached max_iterations (%2) before its handler was done: forced convergence")
                 .arg(n.id)
                 .arg(n.maxIterations));
    }
    nodeSucceeded(a.token, a.node, outputs);
}

void ExecutorCalls::callFailed(const SkillCall *call, const QString &error)
{
    const ActiveCall a = takeCall(call);
    if (a.token < 0 || d.status == RunStatus::Failed || d.status == RunStatus::Cancelled)
        return;
    const CompiledGraph::CNode &n = d.cg.nodes.at(a.node);
    if (a.attempt < n.retryAttempts) {
        const double delay = n.retryBackoffMs * std::pow(n.retryMultiplier, a.attempt - 1);
        PendingRetry r;
        r.token = a.token;
        r.node = a.node;
        r.inputs = a.inputs;
        r.attempt = a.attempt + 1;
        r.round = a.round;
        r.item = a.item;
        m_retries.insert(d.q->startTimer(int(std::clamp(delay, 0.0, double(INT_MAX))), Qt::PreciseTimer), r);
        if (d.events.observed(RunEventType::NodeRetry)) {
            const auto tok = d.tokens.find(a.token);
            d.events.emitEvent(RunEventType::NodeRetry, tok == d.tokens.end() ? nullptr : &tok->second, a.node,
                      CAPGRAPH_TR("capgraph::Run", "attempt %1 of %2 failed: %3; retrying in %4 ms")
                          .arg(a.attempt)
                          .arg(n.retryAttempts)
                          .arg(error)
                          .arg(qint64(delay)));
        }
        return;
    }
    if (a.item >= 0) {
        parallelItemDone(a.token, a.item, a.inputs, {}, error);
        return;
    }
    nodeFailed(a.token, a.node, error);
}

void ExecutorCalls::nodeSucceeded(int tokenId, int nodeIndex, const QVariantMap &outputs)
{
    const auto tok = d.tokens.find(tokenId);
    if (tok == d.tokens.end())
        return;
    d.storeOutputs(nodeIndex, tok->second, outputs);
    if (d.events.observed(RunEventType::NodeFinished))
        d.events.emitEvent(RunEventType::NodeFinished, &tok->second, nodeIndex, QString(), outputs);
    d.scheduler.wakeToken(tokenId);
}

void ExecutorCalls::nodeFailed(int tokenId, int nodeIndex, const QString &error)
{
    const auto tok = d.tokens.find(tokenId);
    if (tok == d.tokens.end())
        return;
    const CompiledGraph::CNode &n = d.cg.nodes.at(nodeIndex);
    if (n.continueOnError) {
        d.storeOutputs(nodeIndex, tok->second, {{QStringLiteral("error"), error}});
        if (d.events.observed(RunEventType::NodeFailed))
            d.events.emitEvent(RunEventType::NodeFailed, &tok->second, nodeIndex, error, QVariantMap{{QStringLiteral("continued"), true}});
        d.scheduler.wakeToken(tokenId);
        return;
    }
    d.failRun(&tok->second, nodeIndex, CAPGRAPH_TR("capgraph::Run", "node '%1' failed: %2").arg(n.id, error));
}

bool ExecutorCalls::adopt(const SkillCall *call, Executor *child)
{
    for (const ActiveCall &a : std::as_const(m_calls))
        if (a.call.get() == call) {
            d.children.adopt(call, a.token, a.node, a.item, child);
            return true;
        }
    return false;
}

bool ExecutorCalls::working() const
{
    return !m_retries.isEmpty() || m_calls.size() > d.children.waitingCalls();
}

void ExecutorCalls::cancelAllCalls()
{
    const QList<ActiveCall> calls = m_calls;
    m_calls.clear();
    for (const ActiveCall &a : calls) {
        if (a.timerId)
            d.q->killTimer(a.timerId);
        d.children.release(a.call.get());
        a.call->cancel();
    }
    for (auto it = m_retries.cbegin(); it != m_retries.cend(); ++it)
        d.q->killTimer(it.key());
    m_retries.clear();
}

void ExecutorCalls::startRound(Token &t)
{
    const int round = t.pendingRound;
    t.pendingRound = 0;
    t.state = TokenState::Running;
    startCall(t.id, t.node, std::exchange(t.pendingInputs, {}), 1, round, -1);
}

void ExecutorCalls::timerFired(int id)
{
    d.q->killTimer(id);
    if (m_retries.contains(id)) {
        const PendingRetry r = m_retries.take(id);
        if (d.status == RunStatus::Failed || d.status == RunStatus::Cancelled)
            return;
        startCall(r.token, r.node, r.inputs, r.attempt, r.round, r.item);
        return;
    }
    for (const ActiveCall &a : std::as_const(m_calls)) {
        if (a.timerId != id)
            continue;
        const CompiledGraph::CNode &n = d.cg.nodes.at(a.node);
        SkillCallPtr call = a.call;
        for (ActiveCall &b : m_calls)
            if (b.call == call)
                b.timerId = 0; // already fired
        call->cancel();
        callFailed(call.get(), QStringLiteral("timed out after %1 s").arg(n.timeoutMs / 1000.0));
        return;
    }
}

void ExecutorCalls::holdTimeout(const SkillCall *call, bool hold)
{
    for (ActiveCall &a : m_calls) {
        if (a.call.get() != call)
            continue;
        if (hold && a.timerId) {
            d.q->killTimer(a.timerId);
            a.timerId = 0;
            a.heldLeftMs = std::max<qint64>(1, a.deadline.remainingTime());
        } else if (!hold && a.heldLeftMs > 0) {
            const int ms = int(std::min<qint64>(a.heldLeftMs, INT_MAX));
            a.timerId = d.q->startTimer(ms, Qt::PreciseTimer);
            a.deadline = QDeadlineTimer(ms, Qt::PreciseTimer);
            a.heldLeftMs = -1;
        }
    }
}

void ExecutorCalls::cancelCallsOf(int tokenId)
{
    for (qsizetype i = m_calls.size() - 1; i >= 0; --i)
        if (m_calls.at(i).token == tokenId) {
            const ActiveCall a = m_calls.takeAt(i);
            if (a.timerId)
                d.q->killTimer(a.timerId);
            d.children.release(a.call.get());
            a.call->cancel();
        }
}

} // namespace capgraph
