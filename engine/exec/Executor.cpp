#include "exec/Executor.h"

#include "expr/ExprValue.h"
#include "expr/Expression.h"
#include "expr/ExpressionContext.h"

#include <QDateTime>
#include <QEventLoop>
#include <QTimer>
#include <QTimerEvent>

#include <climits>
#include <cmath>

namespace capgraph {

QString runStatusName(RunStatus status)
{
    switch (status) {
    case RunStatus::Idle: return QStringLiteral("idle");
    case RunStatus::Running: return QStringLiteral("running");
    case RunStatus::Paused: return QStringLiteral("paused");
    case RunStatus::WaitingForInput: return QStringLiteral("waiting_for_input");
    case RunStatus::Finished: return QStringLiteral("finished");
    case RunStatus::Failed: return QStringLiteral("failed");
    case RunStatus::Cancelled: return QStringLiteral("cancelled");
    }
    return {};
}

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

// Names an expression sees while a token runs: built-ins first (input, iteration, run),
// then per-call extras (item, index in parallel mode), node ids (their outputs), then bare
// output names (the most recent write wins).
class TokenContext : public ExpressionContext
{
public:
    TokenContext(const Executor &ex, const Token &t, const QVariantMap *extra = nullptr)
        : m_ex(ex), m_t(t), m_extra(extra) {}

    bool lookup(const QString &name, QVariant *value) const override
    {
        if (name == QLatin1String("iteration")) {
            *value = m_t.iteration();
            return true;
        }
        if (name == QLatin1String("input")) {
            *value = m_ex.m_input;
            return true;
        }
        if (m_extra) {
            const auto it = m_extra->constFind(name);
            if (it != m_extra->cend()) {
                *value = it.value();
                return true;
            }
        }
        if (name == QLatin1String("run")) {
            *value = QVariantMap{{QStringLiteral("id"), m_ex.m_options.runId},
                                 {QStringLiteral("steps"), m_ex.m_steps},
                                 {QStringLiteral("token"), m_t.id}};
            return true;
        }
        const auto node = m_ex.m_cg.index.constFind(name);
        if (node != m_ex.m_cg.index.cend()) {
            if (!m_ex.m_hasOutputs.at(node.value()))
                return false; // has not run yet
            *value = m_ex.m_outputs.at(node.value());
            return true;
        }
        const auto var = m_ex.m_vars.constFind(name);
        if (var == m_ex.m_vars.cend())
            return false;
        *value = var.value();
        return true;
    }

private:
    const Executor &m_ex;
    const Token &m_t;
    const QVariantMap *m_extra;
};

struct Executor::ParallelState
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

Executor::Executor(const Graph &graph, const HandlerRegistry &handlers, RunOptions options, QObject *parent)
    : QObject(parent), m_graph(graph), m_handlers(handlers), m_options(std::move(options))
{
    if (m_options.runId.isEmpty())
        m_options.runId = QString::number(QDateTime::currentMSecsSinceEpoch(), 36);
}

Executor::~Executor()
{
    cancelAllCalls();
}

bool Executor::prepare(QStringList *errors)
{
    QStringList problems;
    m_cg = CompiledGraph::compile(m_graph, &problems);
    QHash<QString, QStringList> missing;
    for (CompiledGraph::CNode &n : m_cg.nodes) {
        if (n.kind != NodeKind::Skill)
            continue;
        n.handler = m_handlers.resolve(n.id, n.skillId);
        if (!n.handler)
            missing[n.skillId].append(n.id);
    }
    QStringList skills = missing.keys();
    skills.sort();
    for (const QString &s : skills)
        problems << QStringLiteral("no handler for skill_id '%1' (node%2 %3); register one or give a mock")
                        .arg(s.isEmpty() ? QStringLiteral("<empty>") : s,
                             missing.value(s).size() > 1 ? QStringLiteral("s") : QString(),
                             missing.value(s).join(QStringLiteral(", ")));
    m_prepared = problems.isEmpty();
    if (errors)
        *errors = problems;
    setBreakpoints(m_breakpointIds);
    const int n = int(m_cg.nodes.size());
    m_outputs = QList<QVariantMap>(n);
    m_hasOutputs = QList<bool>(n, false);
    m_visits = QList<qint64>(n, 0);
    return m_prepared;
}

qint64 Executor::elapsedMs() const
{
    return elapsedUs() / 1000;
}

qint64 Executor::elapsedUs() const
{
    if (m_endedUs >= 0)
        return m_endedUs;
    return m_elapsedBeforeMs * 1000 + (m_clock.isValid() ? m_clock.nsecsElapsed() / 1000 : 0);
}

void Executor::start(const QVariantMap &input)
{
    if (m_status != RunStatus::Idle)
        return;
    if (!m_prepared) {
        m_clock.start();
        QStringList errors;
        if (!prepare(&errors)) {
            m_status = RunStatus::Running;
            failRun(nullptr, -1, errors.join(QStringLiteral("; ")));
            return;
        }
    }
    m_input = input;
    Token t;
    t.id = m_nextToken++;
    t.node = m_cg.start;
    m_tokens.emplace(t.id, t);
    m_ready.push_back(t.id);
    setStatus(RunStatus::Running);
    if (observed(RunEventType::RunStarted))
        emitEvent(RunEventType::RunStarted, nullptr, -1, QString(), m_input);
    schedulePump();
}

bool Executor::startAt(const QString &nodeId, const QVariantMap &context, QString *error)
{
    const auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (m_status != RunStatus::Idle)
        return fail(QStringLiteral("the run has already started"));
    if (!m_prepared) {
        m_clock.start();
        QStringList errors;
        if (!prepare(&errors))
            return fail(errors.join(QStringLiteral("; ")));
    }
    const int node = m_cg.index.value(nodeId, -1);
    if (node < 0)
        return fail(QStringLiteral("no node '%1' in the graph").arg(nodeId));
    m_input = context.value(QStringLiteral("input")).toMap();
    Token t;
    t.id = m_nextToken++;
    t.node = node;
    m_tokens.emplace(t.id, t);
    m_ready.push_back(t.id);
    setStatus(RunStatus::Running);
    if (observed(RunEventType::RunStarted))
        emitEvent(RunEventType::RunStarted, nullptr, -1, CAPGRAPH_TR("capgraph::Run", "from %1").arg(nodeId), m_input);
    // What ran before, as the recording had it: outputs per node (so `node.output` and the
    // bare names resolve), then the variables (last write wins, as in the run recorded).
    const QVariantMap outputs = context.value(QStringLiteral("outputs")).toMap();
    for (auto it = outputs.cbegin(); it != outputs.cend(); ++it)
        if (const int i = m_cg.index.value(it.key(), -1); i >= 0)
            storeOutputs(i, m_tokens.at(t.id), it.value().toMap());
    const QVariantMap vars = context.value(QStringLiteral("variables")).toMap();
    for (auto it = vars.cbegin(); it != vars.cend(); ++it)
        m_vars.insert(it.key(), it.value());
    schedulePump();
    return true;
}

void Executor::setStatus(RunStatus status)
{
    if (m_status == status)
        return;
    if ((status == RunStatus::Finished || status == RunStatus::Failed || status == RunStatus::Cancelled) && m_endedUs < 0)
        m_endedUs = elapsedUs();
    m_status = status;
    emit statusChanged(status);
}

void Executor::schedulePump()
{
    if (m_inPump || m_pumpQueued || m_status != RunStatus::Running)
        return;
    m_pumpQueued = true;
    QMetaObject::invokeMethod(this, &Executor::pump, Qt::QueuedConnection);
}

void Executor::pump()
{
    m_pumpQueued = false;
    if (m_status != RunStatus::Running)
        return;
    if (!m_clock.isValid())
        m_clock.start(); // the run's time counts from its first node
    m_inPump = true;
    QElapsedTimer slice;
    slice.start();
    int n = 0;
    while (!m_ready.empty() && m_status == RunStatus::Running) {
        if (m_pauseRequested) {
            // A token whose node has already run (its call came back, a join let it through)
            // only moves on: not a step. Move it first, so that the pause stands before the
            // node the next step runs, never after the one that just ran.
            const auto front = m_tokens.find(m_ready.front());
            if (front != m_tokens.end() && front->second.resumeAfterNode && front->second.state == TokenState::Ready) {
                const int id = m_ready.front();
                m_ready.pop_front();
                runToken(id);
                reap();
                continue;
            }
            m_pauseRequested = false;
            m_stepping = false;
            setStatus(RunStatus::Paused);
            if (observed(RunEventType::Paused)) { // paused before the next ready token's node: say which
                const auto next = m_tokens.find(m_ready.front());
                if (next != m_tokens.end())
                    emitEvent(RunEventType::Paused, &next->second, next->second.node);
                else
                    emitEvent(RunEventType::Paused, nullptr, -1);
            }
            break;
        }
        const int id = m_ready.front();
        m_ready.pop_front();
        const bool entered = runToken(id);
        if (m_cancelRequested) {
            m_cancelRequested = false;
            m_inPump = false;
            cancel();
            return;
        }
        reap();
        if (entered && m_stepBudget > 0 && --m_stepBudget == 0) {
            m_stepBudget = -1;
            m_stepping = true;
            m_pauseRequested = true; // pauses before the next node (once the one that ran is done)
        }
        // Let the event loop in now and then: timers, sockets and the GUI keep running.
        if ((++n & 127) == 0 && slice.elapsed() >= m_options.sliceMs) {
            m_inPump = false;
            schedulePump();
            return;
        }
    }
    m_inPump = false;
    if (m_status == RunStatus::Running && m_pauseRequested && m_ready.empty()) {
        if (m_stepBudget < 0 && m_stepping && (!m_calls.isEmpty() || !m_retries.isEmpty())) {
            // A step whose node is still at work (an asynchronous call, a retry's wait): the
            // step ends when it comes back and the run stands before the next node.
            settle();
            return;
        }
        m_pauseRequested = false;
        m_stepping = false;
        setStatus(RunStatus::Paused);
        if (observed(RunEventType::Paused))
            emitEvent(RunEventType::Paused, nullptr, -1);
        return;
    }
    settle();
}

bool Executor::runToken(int tokenId)
{
    auto it = m_tokens.find(tokenId);
    if (it == m_tokens.end() || it->second.state != TokenState::Ready)
        return false;
    Token &t = it->second;
    if (t.resumeAfterNode) {
        t.resumeAfterNode = false;
        advance(t);
        return false;
    }
    if (t.pendingRound > 0) {
        const int round = t.pendingRound;
        t.pendingRound = 0;
        t.state = TokenState::Running;
        startCall(t.id, t.node, std::exchange(t.pendingInputs, {}), 1, round, -1);
        return false;
    }
    if (!m_breakpoints.isEmpty() && m_breakpoints.contains(t.node) && !t.skipBreakpoint && breakpointHolds(t)) {
        t.skipBreakpoint = true;
        m_ready.push_front(t.id);
        setStatus(RunStatus::Paused);
        if (observed(RunEventType::BreakpointHit))
            emitEvent(RunEventType::BreakpointHit, &t, t.node);
        return false;
    }
    t.skipBreakpoint = false;
    ++m_steps;
    ++m_visits[t.node];
    if (m_steps > m_options.maxSteps) {
        int hottest = 0;
        for (int i = 1; i < m_visits.size(); ++i)
            if (m_visits.at(i) > m_visits.at(hottest))
                hottest = i;
        failRun(&t, t.node,
                QStringLiteral("step limit of %1 node executions reached; the hottest node is '%2' (%3 executions) — "
                               "raise it with --max-steps if the graph really needs more")
                    .arg(m_options.maxSteps)
                    .arg(m_cg.nodes.at(hottest).id)
                    .arg(m_visits.at(hottest)));
        return true;
    }
    t.remember(t.node);
    if (observed(RunEventType::NodeStarted))
        emitEvent(RunEventType::NodeStarted, &t, t.node);
    enterNode(t);
    return true;
}

void Executor::enterNode(Token &t)
{
    const CompiledGraph::CNode &n = m_cg.nodes.at(t.node);
    switch (n.kind) {
    case NodeKind::Start:
    case NodeKind::Merge:
        if (observed(RunEventType::NodeFinished))
            emitEvent(RunEventType::NodeFinished, &t, t.node);
        advance(t);
        return;
    case NodeKind::End:
        if (observed(RunEventType::NodeFinished))
            emitEvent(RunEventType::NodeFinished, &t, t.node);
        finishToken(t);
        return;
    case NodeKind::Branch: {
        const TokenContext ctx(*this, t);
        int target = -1;
        QString taken;
        for (const auto &c : n.conditions) {
            const EvalResult r = c.expression.evaluate(ctx);
            if (!r.ok()) {
                failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "branch '%1' condition '%2': %3 (column %4 of \"%5\")")
                                        .arg(n.id, c.name, r.error)
                                        .arg(r.column)
                                        .arg(c.expression.text()));
                return;
            }
            if (ExprValue::truthy(r.value)) {
                target = c.target;
                taken = c.name;
                break;
            }
        }
        int edge = -1;
        if (target < 0) {
            // Conditional edges, then the default, then a plain edge.
            edge = firstTrueConditionalEdge(t, ctx);
            if (edge == -2)
                return;
            if (edge >= 0) {
                target = m_cg.edges.at(edge).to;
                taken = m_cg.edges.at(edge).condition.text();
            }
        }
        if (target < 0 && n.defaultTarget >= 0) {
            target = n.defaultTarget;
            taken = QStringLiteral("default");
        }
        if (target < 0) {
            for (int e : n.out) {
                const auto &ce = m_cg.edges.at(e);
                if (ce.kind == EdgeKind::Sequence || (ce.kind == EdgeKind::Conditional && !ce.condition.isValid())) {
                    edge = e;
                    target = ce.to;
                    taken = QStringLiteral("default");
                    break;
                }
            }
        }
        if (target < 0) {
            QStringList names;
            for (const auto &c : n.conditions)
                names << c.name;
            failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "branch '%1': no condition is true (%2) and there is no default")
                                    .arg(n.id, names.join(QStringLiteral(", "))));
            return;
        }
        if (observed(RunEventType::NodeFinished))
            emitEvent(RunEventType::NodeFinished, &t, t.node, taken);
        if (observed(RunEventType::NodeSkipped)) {
            // Every other route the branch could have taken: condition targets, conditional
            // and plain edges, the default.
            QList<int> others;
            for (const auto &c : n.conditions)
                others.append(c.target);
            for (int e : n.out)
                if (m_cg.edges.at(e).kind != EdgeKind::Parallel && m_cg.edges.at(e).kind != EdgeKind::Iteration)
                    others.append(m_cg.edges.at(e).to);
            others.append(n.defaultTarget);
            QSet<int> done{target, -1};
            for (int o : others)
                if (!done.contains(o)) {
                    done.insert(o);
                    emitEvent(RunEventType::NodeSkipped, &t, o, CAPGRAPH_TR("capgraph::Run", "branch '%1' took '%2'").arg(n.id, taken));
                }
        }
        moveTo(t, edge, target);
        return;
    }
    case NodeKind::LoopStart:
        enterLoopStart(t);
        return;
    case NodeKind::LoopEnd: {
        for (int i = int(t.loops.size()) - 1; i >= 0; --i) {
            if (t.loops.at(i).header == n.loopStart) {
                t.loops.resize(i);
                for (int e : m_cg.nodes.at(n.loopStart).in)
                    t.edgeCounts.remove(e); // the loop's iteration edges count afresh next time
                break;
            }
        }
        if (observed(RunEventType::NodeFinished))
            emitEvent(RunEventType::NodeFinished, &t, t.node);
        advance(t);
        return;
    }
    case NodeKind::ParallelSplit: {
        if (observed(RunEventType::NodeFinished))
            emitEvent(RunEventType::NodeFinished, &t, t.node);
        QList<int> sync, background;
        for (int e : n.out)
            (m_cg.edges.at(e).background ? background : sync).append(e);
        for (int e : background) {
            const int b = spawn(t, m_cg.edges.at(e).to, true, -1);
            if (observed(RunEventType::EdgeTraversed))
                emitEvent(RunEventType::EdgeTraversed, &m_tokens.at(b), -1, QString(), QVariant(), t.node, m_cg.edges.at(e).to);
        }
        if (sync.isEmpty()) {
            finishToken(t);
            return;
        }
        const int forkId = openFork(t, int(sync.size()), n.pairedJoin);
        for (int i = 1; i < sync.size(); ++i) {
            const int s = spawn(t, m_cg.edges.at(sync.at(i)).to, false, forkId);
            if (observed(RunEventType::EdgeTraversed))
                emitEvent(RunEventType::EdgeTraversed, &m_tokens.at(s), -1, QString(), QVariant(), t.node,
                          m_cg.edges.at(sync.at(i)).to);
        }
        t.forks.append(forkId);
        moveTo(t, sync.first(), m_cg.edges.at(sync.first()).to);
        return;
    }
    case NodeKind::ParallelJoin:
        arriveAtJoin(t, t.node);
        return;
    case NodeKind::Skill:
        executeSkill(t, n);
        return;
    case NodeKind::Confirm:
    case NodeKind::Select:
    case NodeKind::Input:
        requestInteraction(t, n);
        return;
    case NodeKind::Unknown:
        failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "node '%1' has an unknown type").arg(n.id));
        return;
    }
}

void Executor::enterLoopStart(Token &t)
{
    const CompiledGraph::CNode &n = m_cg.nodes.at(t.node);
    int frame = -1;
    for (int i = int(t.loops.size()) - 1; i >= 0; --i)
        if (t.loops.at(i).header == t.node) {
            frame = i;
            break;
        }
    if (frame >= 0) {
        t.loops.resize(frame + 1); // leaving inner loops that did not end properly
        LoopFrame &f = t.loops.last();
        ++f.counter;
        if (n.maxIterations > 0 && f.counter > n.maxIterations) {
            forceLoopExit(t, t.node, CAPGRAPH_TR("capgraph::Run", "loop '%1' reached max_iterations (%2): forced convergence")
                                        .arg(n.id)
                                        .arg(n.maxIterations));
            return;
        }
    } else {
        t.loops.append({t.node, 1});
    }
    if (observed(RunEventType::NodeFinished))
        emitEvent(RunEventType::NodeFinished, &t, t.node);
    advance(t);
}

bool Executor::forceLoopExit(Token &t, int loopStart, const TranslatableText &why)
{
    const CompiledGraph::CNode &n = m_cg.nodes.at(loopStart);
    if (n.loopEnds.isEmpty()) {
        failRun(&t, loopStart, CAPGRAPH_TR("capgraph::Run", "%1, and it has no loop_end to leave through").arg(why));
        return false;
    }
    for (int i = int(t.loops.size()) - 1; i >= 0; --i)
        if (t.loops.at(i).header == loopStart) {
            t.loops.resize(i);
            break;
        }
    for (int e : n.in)
        t.edgeCounts.remove(e);
    warn(&t, loopStart, why);
    if (observed(RunEventType::NodeFinished))
        emitEvent(RunEventType::NodeFinished, &t, loopStart, CAPGRAPH_TR("capgraph::Run", "forced exit"),
                  QVariantMap{{QStringLiteral("forced_exit"), true}});
    moveTo(t, -1, n.loopEnds.first());
    return true;
}

void Executor::warn(const Token *t, int node, const TranslatableText &message)
{
    if (m_warnings.size() < 200)
        m_warnings.append(message.english());
    if (observed(RunEventType::Warning))
        emitEvent(RunEventType::Warning, t, node, message);
}

void Executor::leaveLoopsFor(Token &t, int target)
{
    // Moving outside a loop's body closes its level, however the loop is left.
    while (!t.loops.isEmpty()) {
        const LoopFrame &f = t.loops.last();
        const QList<bool> &body = f.edge >= 0 ? m_cg.edges.at(f.edge).body : m_cg.nodes.at(f.header).loopBody;
        if (body.isEmpty() || body.at(target))
            break;
        if (f.edge >= 0)
            t.edgeCounts.remove(f.edge);
        else
            for (int e : m_cg.nodes.at(f.header).in)
                t.edgeCounts.remove(e);
        t.loops.removeLast();
    }
}

int Executor::openFork(Token &t, int syncBranches, int join)
{
    Fork f;
    f.id = m_nextFork++;
    f.expected = syncBranches;
    f.join = join;
    f.parent = t.forks.isEmpty() ? -1 : t.forks.last();
    m_forks.insert(f.id, f);
    return f.id;
}

void Executor::moveTo(Token &t, int edgeIndex, int target)
{
    if (observed(RunEventType::EdgeTraversed))
        emitEvent(RunEventType::EdgeTraversed, &t, -1, QString(), QVariant(), t.node, target);
    leaveLoopsFor(t, target);
    const bool viaIteration = edgeIndex >= 0 && m_cg.edges.at(edgeIndex).kind == EdgeKind::Iteration
        && m_cg.nodes.at(target).kind != NodeKind::LoopStart;
    if (!viaIteration) {
        // Arriving at the header of an iteration-edge loop from outside: its first pass.
        for (int e : m_cg.headerOf.at(target)) {
            const bool open = std::any_of(t.loops.cbegin(), t.loops.cend(), [e](const LoopFrame &f) { return f.edge == e; });
            if (!open && !m_cg.edges.at(e).body.at(t.node))
                t.loops.append({target, 1, e});
        }
    }
    t.node = target;
    t.state = TokenState::Ready;
    m_ready.push_back(t.id);
}

int Executor::spawn(const Token &from, int node, bool background, int fork)
{
    Token s;
    s.id = m_nextToken++;
    s.node = node;
    s.background = background || from.background;
    s.loops = from.loops;
    if (!background) {
        s.forks = from.forks;
        if (fork >= 0)
            s.forks.append(fork);
    }
    const int id = s.id;
    m_tokens.emplace(id, std::move(s));
    m_ready.push_back(id);
    return id;
}

void Executor::advance(Token &t)
{
    const CompiledGraph::CNode &n = m_cg.nodes.at(t.node);
    if (n.out.size() == 1 && m_cg.edges.at(n.out.first()).kind == EdgeKind::Sequence) {
        // The common case, kept short: one plain edge.
        moveTo(t, n.out.first(), m_cg.edges.at(n.out.first()).to);
        return;
    }
    const TokenContext ctx(*this, t);
    int chosen = -1;
    QList<int> extraPlain;
    bool spawned = false;
    bool iterationBlocked = false;
    int blockedLoopStart = -1;
    // Parallel edges from an ordinary node start concurrent branches beside the main one;
    // background ones now, synchronised ones once the main continuation is known (they and
    // it form a fork that a join can wait for).
    QList<int> syncParallel;
    for (int e : n.out) {
        const auto &ce = m_cg.edges.at(e);
        if (ce.kind != EdgeKind::Parallel)
            continue;
        spawned = true;
        if (!ce.background) {
            syncParallel.append(e);
            continue;
        }
        const int s = spawn(t, ce.to, true, -1);
        if (observed(RunEventType::EdgeTraversed))
            emitEvent(RunEventType::EdgeTraversed, &m_tokens.at(s), -1, QString(), QVariant(), t.node, ce.to);
    }
    for (int e : n.out) {
        const auto &ce = m_cg.edges.at(e);
        if (ce.kind != EdgeKind::Iteration)
            continue;
        const int count = t.edgeCounts.value(e, 0);
        if (ce.maxCount > 0 && count >= ce.maxCount) {
            iterationBlocked = true;
            if (m_cg.nodes.at(ce.to).kind == NodeKind::LoopStart)
                blockedLoopStart = ce.to;
            warn(&t, t.node, CAPGRAPH_TR("capgraph::Run", "iteration edge %1 -> %2 reached max_count (%3): forced convergence")
                                 .arg(n.id, m_cg.nodes.at(ce.to).id)
                                 .arg(ce.maxCount));
            continue;
        }
        if (ce.exitCondition.isValid()) {
            const EvalResult r = ce.exitCondition.evaluate(ctx);
            if (!r.ok()) {
                failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "edge %1 -> %2 exit_condition: %3 (column %4 of \"%5\")")
                                        .arg(n.id, m_cg.nodes.at(ce.to).id, r.error)
                                        .arg(r.column)
                                        .arg(ce.exitCondition.text()));
                return;
            }
            if (ExprValue::truthy(r.value))
                continue;
        }
        chosen = e;
        break;
    }
    if (chosen < 0) {
        chosen = firstTrueConditionalEdge(t, ctx);
        if (chosen == -2)
            return;
    }
    if (chosen < 0) {
        for (int e : n.out) {
            const auto &ce = m_cg.edges.at(e);
            if (ce.kind == EdgeKind::Sequence || (ce.kind == EdgeKind::Conditional && !ce.condition.isValid())) {
                if (chosen < 0)
                    chosen = e;
                else
                    extraPlain.append(e);
            }
        }
    }
    if (chosen >= 0 && m_cg.edges.at(chosen).kind == EdgeKind::Iteration) {
        const auto &ce = m_cg.edges.at(chosen);
        ++t.edgeCounts[chosen];
        if (m_cg.nodes.at(ce.to).kind != NodeKind::LoopStart) {
            // Another pass of a loop made by an iteration edge alone.
            int frame = -1;
            for (int i = int(t.loops.size()) - 1; i >= 0; --i)
                if (t.loops.at(i).edge == chosen) {
                    frame = i;
                    break;
                }
            if (frame >= 0) {
                t.loops.resize(frame + 1);
                ++t.loops.last().counter;
            } else {
                t.loops.append({ce.to, 2, chosen}); // the token began inside the loop
            }
        }
        moveTo(t, chosen, ce.to);
        return;
    }
    const QList<int> siblings = syncParallel + extraPlain;
    if (!siblings.isEmpty()) {
        const int forkId = openFork(t, int(siblings.size()) + (chosen >= 0 ? 1 : 0), -1);
        for (int e : siblings) {
            const int s = spawn(t, m_cg.edges.at(e).to, false, forkId);
            if (observed(RunEventType::EdgeTraversed))
                emitEvent(RunEventType::EdgeTraversed, &m_tokens.at(s), -1, QString(), QVariant(), t.node, m_cg.edges.at(e).to);
        }
        if (chosen >= 0)
            t.forks.append(forkId);
    }
    if (chosen >= 0) {
        moveTo(t, chosen, m_cg.edges.at(chosen).to);
        return;
    }
    if (iterationBlocked && blockedLoopStart >= 0) {
        forceLoopExit(t, blockedLoopStart, CAPGRAPH_TR("capgraph::Run", "loop '%1' left through its loop_end").arg(m_cg.nodes.at(blockedLoopStart).id));
        return;
    }
    if (!spawned && n.kind != NodeKind::End)
        warn(&t, t.node, CAPGRAPH_TR("capgraph::Run", "'%1' has no way forward; this branch ends here").arg(n.id));
    finishToken(t);
}

int Executor::firstTrueConditionalEdge(Token &t, const ExpressionContext &ctx)
{
    for (int e : m_cg.nodes.at(t.node).out) {
        const auto &ce = m_cg.edges.at(e);
        if (ce.kind != EdgeKind::Conditional || !ce.condition.isValid())
            continue;
        const EvalResult r = ce.condition.evaluate(ctx);
        if (!r.ok()) {
            failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "edge %1 -> %2 condition: %3 (column %4 of \"%5\")")
                                    .arg(m_cg.nodes.at(t.node).id, m_cg.nodes.at(ce.to).id, r.error)
                                    .arg(r.column)
                                    .arg(ce.condition.text()));
            return -2;
        }
        if (ExprValue::truthy(r.value))
            return e;
    }
    return -1;
}

bool Executor::evalInputs(const Token &t, const CompiledGraph::CNode &n, const QVariantMap &extra, QVariantMap *inputs,
                          QString *error)
{
    if (n.inputs.isEmpty())
        return true;
    const TokenContext ctx(*this, t, extra.isEmpty() ? nullptr : &extra);
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

void Executor::executeSkill(Token &t, const CompiledGraph::CNode &n)
{
    t.state = TokenState::Running;
    if (n.mode == CompiledGraph::CNode::Mode::Parallel) {
        const TokenContext ctx(*this, t);
        const EvalResult r = n.forEach.evaluate(ctx);
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
        nodeFailed(t.id, t.node, error);
        return;
    }
    startCall(t.id, t.node, inputs, 1, 1, -1);
}

void Executor::startParallelItems(int tokenId)
{
    const auto it = m_parallel.constFind(tokenId);
    if (it == m_parallel.cend())
        return;
    const std::shared_ptr<ParallelState> state = it.value();
    const CompiledGraph::CNode &n = m_cg.nodes.at(state->node);
    if (state->items.isEmpty()) {
        m_parallel.remove(tokenId);
        QVariantMap empty{{QStringLiteral("item_results"), QVariantList()}};
        for (const QString &o : n.outputs)
            empty.insert(o, QVariantList());
        nodeSucceeded(tokenId, state->node, empty);
        return;
    }
    const auto tok = m_tokens.find(tokenId);
    if (tok == m_tokens.end())
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

void Executor::parallelItemDone(int tokenId, int item, const QVariantMap &outputs, const QString &error)
{
    const auto it = m_parallel.constFind(tokenId);
    if (it == m_parallel.cend())
        return;
    const std::shared_ptr<ParallelState> state = it.value();
    const CompiledGraph::CNode &n = m_cg.nodes.at(state->node);
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

void Executor::finishParallel(int tokenId)
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

void Executor::startCall(int tokenId, int nodeIndex, const QVariantMap &inputs, int attempt, int round, int item)
{
    const CompiledGraph::CNode &n = m_cg.nodes.at(nodeIndex);
    auto call = std::make_shared<SkillCall>();
    call->nodeId = n.id;
    call->skillId = n.skillId;
    call->inputs = inputs;
    call->attempt = attempt;
    call->round = round;
    call->item = item;
    const SkillCall *raw = call.get();
    SkillCall::Hooks hooks;
    hooks.finished = [this, raw](const QVariantMap &outputs, bool done) { callFinished(raw, outputs, done); };
    hooks.failed = [this, raw](const QString &error) { callFailed(raw, error); };
    hooks.log = [this, tokenId, nodeIndex](const TranslatableText &message) {
        if (observed(RunEventType::Log)) {
            const auto it = m_tokens.find(tokenId);
            emitEvent(RunEventType::Log, it == m_tokens.end() ? nullptr : &it->second, nodeIndex, message);
        }
    };
    hooks.progress = [this, tokenId, nodeIndex](double fraction, const QString &message) {
        if (observed(RunEventType::NodeProgress)) {
            const auto it = m_tokens.find(tokenId);
            emitEvent(RunEventType::NodeProgress, it == m_tokens.end() ? nullptr : &it->second, nodeIndex, message,
                      QVariantMap{{QStringLiteral("fraction"), fraction}});
        }
    };
    hooks.usage = [this, tokenId, nodeIndex](qint64 prompt, qint64 completion) {
        TokenUsage &u = m_usage[m_cg.nodes.at(nodeIndex).id];
        u += TokenUsage{prompt, completion};
        if (observed(RunEventType::NodeUsage)) {
            const auto it = m_tokens.find(tokenId);
            emitEvent(RunEventType::NodeUsage, it == m_tokens.end() ? nullptr : &it->second, nodeIndex,
                      QStringLiteral("%1 tokens (prompt %2, completion %3)").arg(prompt + completion).arg(prompt).arg(completion),
                      QVariantMap{{QStringLiteral("prompt_tokens"), prompt}, {QStringLiteral("completion_tokens"), completion},
                                  {QStringLiteral("total_tokens"), prompt + completion}});
        }
    };
    call->setHooks(std::move(hooks));
    ActiveCall active;
    active.token = tokenId;
    active.node = nodeIndex;
    active.call = call;
    active.item = item;
    active.attempt = attempt;
    active.round = round;
    active.inputs = inputs;
    if (n.timeoutMs > 0)
        active.timerId = startTimer(int(std::clamp(n.timeoutMs, 1.0, double(INT_MAX))), Qt::PreciseTimer);
    m_calls.append(active);
    n.handler->start(call);
}

ActiveCall Executor::takeCall(const SkillCall *call)
{
    for (qsizetype i = m_calls.size() - 1; i >= 0; --i) {
        if (m_calls.at(i).call.get() == call) {
            ActiveCall a = m_calls.takeAt(i);
            if (a.timerId)
                killTimer(a.timerId);
            return a;
        }
    }
    return {};
}

void Executor::callFinished(const SkillCall *call, const QVariantMap &outputs, bool done)
{
    const ActiveCall a = takeCall(call);
    if (a.token < 0 || m_status == RunStatus::Failed || m_status == RunStatus::Cancelled)
        return;
    if (a.item >= 0) {
        parallelItemDone(a.token, a.item, outputs, QString());
        return;
    }
    const CompiledGraph::CNode &n = m_cg.nodes.at(a.node);
    if (n.mode == CompiledGraph::CNode::Mode::Iterative && !done) {
        const auto tok = m_tokens.find(a.token);
        if (tok == m_tokens.end())
            return;
        if (n.maxIterations <= 0 || a.round < n.maxIterations) {
            // Store what this round produced so the next round (and its inputs) see it; the
            // next call starts from the scheduler, not from inside this one (no recursion,
            // and the event loop gets its turns).
            storeOutputs(a.node, tok->second, outputs);
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
            m_ready.push_back(t.id);
            schedulePump();
            return;
        }
        warn(&tok->second, a.node,
             CAPGRAPH_TR("capgraph::Run", "iterative node '%1' reached max_iterations (%2) before its handler was done: forced convergence")
                 .arg(n.id)
                 .arg(n.maxIterations));
    }
    nodeSucceeded(a.token, a.node, outputs);
}

void Executor::callFailed(const SkillCall *call, const QString &error)
{
    const ActiveCall a = takeCall(call);
    if (a.token < 0 || m_status == RunStatus::Failed || m_status == RunStatus::Cancelled)
        return;
    const CompiledGraph::CNode &n = m_cg.nodes.at(a.node);
    if (a.attempt < n.retryAttempts) {
        const double delay = n.retryBackoffMs * std::pow(n.retryMultiplier, a.attempt - 1);
        PendingRetry r;
        r.token = a.token;
        r.node = a.node;
        r.inputs = a.inputs;
        r.attempt = a.attempt + 1;
        r.round = a.round;
        r.item = a.item;
        m_retries.insert(startTimer(int(std::clamp(delay, 0.0, double(INT_MAX))), Qt::PreciseTimer), r);
        if (observed(RunEventType::NodeRetry)) {
            const auto tok = m_tokens.find(a.token);
            emitEvent(RunEventType::NodeRetry, tok == m_tokens.end() ? nullptr : &tok->second, a.node,
                      CAPGRAPH_TR("capgraph::Run", "attempt %1 of %2 failed: %3; retrying in %4 ms")
                          .arg(a.attempt)
                          .arg(n.retryAttempts)
                          .arg(error)
                          .arg(qint64(delay)));
        }
        return;
    }
    if (a.item >= 0) {
        parallelItemDone(a.token, a.item, {}, error);
        return;
    }
    nodeFailed(a.token, a.node, error);
}

void Executor::nodeSucceeded(int tokenId, int nodeIndex, const QVariantMap &outputs)
{
    const auto tok = m_tokens.find(tokenId);
    if (tok == m_tokens.end())
        return;
    storeOutputs(nodeIndex, tok->second, outputs);
    if (observed(RunEventType::NodeFinished))
        emitEvent(RunEventType::NodeFinished, &tok->second, nodeIndex, QString(), outputs);
    wakeToken(tokenId);
}

void Executor::nodeFailed(int tokenId, int nodeIndex, const QString &error)
{
    const auto tok = m_tokens.find(tokenId);
    if (tok == m_tokens.end())
        return;
    const CompiledGraph::CNode &n = m_cg.nodes.at(nodeIndex);
    if (n.continueOnError) {
        storeOutputs(nodeIndex, tok->second, {{QStringLiteral("error"), error}});
        if (observed(RunEventType::NodeFailed))
            emitEvent(RunEventType::NodeFailed, &tok->second, nodeIndex, error, QVariantMap{{QStringLiteral("continued"), true}});
        wakeToken(tokenId);
        return;
    }
    failRun(&tok->second, nodeIndex, CAPGRAPH_TR("capgraph::Run", "node '%1' failed: %2").arg(n.id, error));
}

void Executor::wakeToken(int tokenId)
{
    const auto tok = m_tokens.find(tokenId);
    if (tok == m_tokens.end())
        return;
    tok->second.resumeAfterNode = true;
    tok->second.state = TokenState::Ready;
    m_ready.push_back(tokenId);
    if (m_status == RunStatus::WaitingForInput)
        setStatus(RunStatus::Running);
    schedulePump();
}

void Executor::timerEvent(QTimerEvent *event)
{
    const int id = event->timerId();
    killTimer(id);
    if (m_retries.contains(id)) {
        const PendingRetry r = m_retries.take(id);
        if (m_status == RunStatus::Failed || m_status == RunStatus::Cancelled)
            return;
        startCall(r.token, r.node, r.inputs, r.attempt, r.round, r.item);
        return;
    }
    for (const ActiveCall &a : std::as_const(m_calls)) {
        if (a.timerId != id)
            continue;
        const CompiledGraph::CNode &n = m_cg.nodes.at(a.node);
        SkillCallPtr call = a.call;
        for (ActiveCall &b : m_calls)
            if (b.call == call)
                b.timerId = 0; // already fired
        call->cancel();
        callFailed(call.get(), QStringLiteral("timed out after %1 s").arg(n.timeoutMs / 1000.0));
        return;
    }
}

void Executor::requestInteraction(Token &t, const CompiledGraph::CNode &n)
{
    PendingInteraction p;
    p.node = t.node;
    p.token = t.id;
    p.kind = n.kind == NodeKind::Confirm ? QStringLiteral("confirm")
           : n.kind == NodeKind::Select  ? QStringLiteral("select")
                                         : QStringLiteral("input");
    p.prompt = n.prompt.isEmpty() ? n.id : n.prompt;
    if (n.promptTemplate.hasExpressions()) {
        const TokenContext ctx(*this, t);
        const EvalResult r = n.promptTemplate.evaluate(ctx);
        if (r.ok())
            p.prompt = ExprValue::toText(r.value);
        else
            warn(&t, t.node, CAPGRAPH_TR("capgraph::Run", "prompt of '%1': %2; showing it unfilled").arg(n.id, r.error));
    }
    if (n.kind == NodeKind::Select) {
        if (n.optionsFrom.isValid()) {
            const TokenContext ctx(*this, t);
            const EvalResult r = n.optionsFrom.evaluate(ctx);
            if (!r.ok()) {
                failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "select '%1' options_from \"%2\": %3").arg(n.id, n.optionsFrom.text(), r.error));
                return;
            }
            if (ExprValue::kindOf(r.value) == ValueKind::List)
                p.options = ExprValue::normalized(r.value).toList();
            else if (ExprValue::kindOf(r.value) == ValueKind::Map) {
                const QStringList keys = ExprValue::normalized(r.value).toMap().keys();
                for (const QString &k : keys)
                    p.options.append(k);
            }
            else {
                failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "select '%1' options_from \"%2\" gave a %3, not a list")
                                        .arg(n.id, n.optionsFrom.text(), ExprValue::kindName(r.value)));
                return;
            }
        } else {
            p.options = n.options;
        }
        p.multiple = n.multiple;
        p.minChoices = n.minChoices;
        p.maxChoices = n.maxChoices;
        if (p.options.isEmpty()) {
            failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "select '%1' has no options to choose from%2")
                                    .arg(n.id, n.optionsFrom.isValid() ? CAPGRAPH_TR("capgraph::Run", " (options_from \"%1\" is empty)").arg(n.optionsFrom.text())
                                                                       : TranslatableText()));
            return;
        }
    }
    // The node id, or node#2, #3... when that is taken by a request still waiting.
    auto taken = [this](const QString &id) {
        for (const PendingInteraction &other : std::as_const(m_pending))
            if (other.id == id)
                return true;
        return false;
    };
    p.id = n.id;
    for (int k = 2; taken(p.id); ++k)
        p.id = QStringLiteral("%1#%2").arg(n.id).arg(k);
    t.state = TokenState::WaitingInput;
    m_pending.append(p);
    if (observed(RunEventType::NodeWaiting))
        emitEvent(RunEventType::NodeWaiting, &t, t.node, p.prompt);
    if (observed(RunEventType::InteractionRequested))
        emitEvent(RunEventType::InteractionRequested, &t, t.node, p.prompt, p.toVariant(n.id));
    emit interactionRequested(p.id);
}

QList<PendingInteraction> Executor::pendingInteractions() const
{
    return m_pending;
}

bool Executor::answer(const QString &requestId, const QVariant &rawValue, QString *error)
{
    auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    qsizetype at = -1;
    for (qsizetype i = 0; i < m_pending.size(); ++i)
        if (m_pending.at(i).id == requestId) {
            at = i;
            break;
        }
    if (at < 0) // a node id answers its first waiting request
        for (qsizetype i = 0; i < m_pending.size(); ++i)
            if (m_cg.nodes.at(m_pending.at(i).node).id == requestId) {
                at = i;
                break;
            }
    if (at < 0) {
        QStringList ids;
        for (const PendingInteraction &p : std::as_const(m_pending))
            ids << p.id;
        return fail(ids.isEmpty() ? QStringLiteral("no interaction is waiting (asked for '%1')").arg(requestId)
                                  : QStringLiteral("no interaction '%1' is waiting (waiting: %2)").arg(requestId, ids.join(QStringLiteral(", "))));
    }
    const PendingInteraction p = m_pending.at(at);
    QVariant value = ExprValue::normalized(rawValue);
    if (p.kind == QLatin1String("confirm")) {
        if (ExprValue::kindOf(value) == ValueKind::String) {
            const QString s = value.toString().trimmed().toLower();
            static const QStringList yes{QStringLiteral("y"), QStringLiteral("yes"), QStringLiteral("true"), QStringLiteral("ok"),
                                         QStringLiteral("1"), QStringLiteral("是"), QStringLiteral("確認"), QStringLiteral("确认")};
            static const QStringList no{QStringLiteral("n"), QStringLiteral("no"), QStringLiteral("false"), QStringLiteral("0"),
                                        QStringLiteral("否"), QStringLiteral("取消")};
            if (yes.contains(s))
                value = true;
            else if (no.contains(s))
                value = false;
            else
                return fail(QStringLiteral("'%1' confirms with yes or no, not '%2'").arg(p.id, value.toString()));
        } else if (ExprValue::kindOf(value) != ValueKind::Bool) {
            return fail(QStringLiteral("'%1' confirms with true or false, not a %2").arg(p.id, ExprValue::kindName(value)));
        }
    } else if (p.kind == QLatin1String("select")) {
        auto isOption = [&p](const QVariant &v) {
            for (const QVariant &o : p.options)
                if (ExprValue::equals(o, v))
                    return true;
            return false;
        };
        const bool list = ExprValue::kindOf(value) == ValueKind::List;
        if (!p.multiple && list && !isOption(value))
            return fail(QStringLiteral("'%1' takes one option, not a list (a select that takes several has multiple: true)").arg(p.id));
        const QVariantList chosen = list && p.multiple ? value.toList() : QVariantList{value};
        for (const QVariant &c : chosen)
            if (!isOption(c)) {
                QStringList shown;
                for (const QVariant &o : p.options)
                    shown << ExprValue::toDisplayString(o);
                return fail(QStringLiteral("'%1': %2 is not one of the options (%3)")
                                .arg(p.id, ExprValue::toDisplayString(c), shown.join(QStringLiteral(", "))));
            }
        for (qsizetype i = 0; i < chosen.size(); ++i)
            for (qsizetype j = 0; j < i; ++j)
                if (ExprValue::equals(chosen.at(i), chosen.at(j)))
                    return fail(QStringLiteral("'%1': %2 is chosen twice").arg(p.id, ExprValue::toDisplayString(chosen.at(i))));
        if (p.multiple) {
            const int most = p.maxChoices > 0 ? std::min<int>(p.maxChoices, int(p.options.size())) : int(p.options.size());
            if (chosen.size() < p.minChoices)
                return fail(p.minChoices == 1 ? QStringLiteral("'%1': choose at least one option").arg(p.id)
                                              : QStringLiteral("'%1': choose at least %2 options, not %3").arg(p.id).arg(p.minChoices).arg(chosen.size()));
            if (chosen.size() > most)
                return fail(QStringLiteral("'%1': choose at most %2 options, not %3").arg(p.id).arg(most).arg(chosen.size()));
            value = chosen; // always a list, also for one option given alone
        } else if (chosen.isEmpty()) {
            return fail(QStringLiteral("'%1': choose one option").arg(p.id));
        }
    }
    m_pending.removeAt(at);
    const auto tok = m_tokens.find(p.token);
    if (tok == m_tokens.end())
        return fail(QStringLiteral("the branch waiting on '%1' is gone").arg(p.id));
    storeOutputs(p.node, tok->second, {{QStringLiteral("answer"), value}});
    if (observed(RunEventType::InteractionAnswered))
        emitEvent(RunEventType::InteractionAnswered, &tok->second, p.node, p.id, value);
    if (observed(RunEventType::NodeFinished))
        emitEvent(RunEventType::NodeFinished, &tok->second, p.node, QString(), QVariantMap{{QStringLiteral("answer"), value}});
    wakeToken(p.token);
    return true;
}

void Executor::arriveAtJoin(Token &t, int node)
{
    // The innermost fork that closes here (its split's join, or not yet known). Inner forks
    // the token leaves without their join count it as a branch that ended elsewhere.
    int k = int(t.forks.size()) - 1;
    while (k >= 0) {
        const auto f = m_forks.constFind(t.forks.at(k));
        if (f != m_forks.cend() && (f->join == node || f->join < 0))
            break;
        --k;
    }
    if (k < 0) {
        if (observed(RunEventType::NodeFinished))
            emitEvent(RunEventType::NodeFinished, &t, node);
        advance(t);
        return;
    }
    while (t.forks.size() > k + 1) {
        const int inner = t.forks.takeLast();
        auto f = m_forks.find(inner);
        if (f != m_forks.end()) {
            ++f->finished;
            checkJoin(inner);
        }
    }
    Fork &f = m_forks[t.forks.at(k)];
    if (f.join < 0)
        f.join = node;
    t.node = node;
    t.state = TokenState::WaitingJoin;
    f.arrived.append(t.id);
    if (observed(RunEventType::NodeWaiting))
        emitEvent(RunEventType::NodeWaiting, &t, node,
                  CAPGRAPH_TR("capgraph::Run", "%1 of %2 branches arrived").arg(f.arrived.size()).arg(f.expected - f.finished));
    checkJoin(f.id);
}

void Executor::checkJoin(int forkId)
{
    auto it = m_forks.find(forkId);
    if (it == m_forks.end())
        return;
    Fork &f = it.value();
    if (f.arrived.size() + f.finished < f.expected)
        return;
    const int parent = f.parent;
    if (f.arrived.isEmpty()) {
        // Every branch ended elsewhere: the fork is over, and counts as one branch of its
        // parent that ended elsewhere.
        m_forks.erase(it);
        auto p = m_forks.find(parent);
        if (p != m_forks.end()) {
            ++p->finished;
            checkJoin(parent);
        }
        return;
    }
    const int survivorId = f.arrived.first();
    const QList<int> others = f.arrived.mid(1);
    const int join = f.join;
    m_forks.erase(it);
    for (int o : others) {
        auto ot = m_tokens.find(o);
        if (ot != m_tokens.end()) {
            ot->second.state = TokenState::Done;
            m_hasDead = true;
        }
    }
    auto st = m_tokens.find(survivorId);
    if (st == m_tokens.end())
        return;
    Token &s = st->second;
    if (!s.forks.isEmpty() && s.forks.last() == forkId)
        s.forks.removeLast();
    s.node = join;
    // A nested fork closing at its parent's join is one branch arriving there.
    const auto p = m_forks.constFind(parent);
    if (p != m_forks.cend() && p->join == join && !s.forks.isEmpty() && s.forks.last() == parent) {
        arriveAtJoin(s, join);
        return;
    }
    if (observed(RunEventType::NodeFinished))
        emitEvent(RunEventType::NodeFinished, &s, join);
    s.resumeAfterNode = true;
    s.state = TokenState::Ready;
    m_ready.push_back(s.id);
    schedulePump();
}

void Executor::finishToken(Token &t)
{
    t.state = TokenState::Done;
    m_hasDead = true;
    if (!t.forks.isEmpty()) {
        auto f = m_forks.find(t.forks.last());
        if (f != m_forks.end()) {
            ++f.value().finished;
            checkJoin(f.key());
        }
    }
}

void Executor::reap()
{
    if (!m_hasDead)
        return;
    m_hasDead = false;
    bool removed = false;
    for (auto it = m_tokens.begin(); it != m_tokens.end();) {
        if (it->second.state == TokenState::Done) {
            it = m_tokens.erase(it);
            removed = true;
        } else {
            ++it;
        }
    }
    if (!removed || m_status != RunStatus::Running)
        return;
    bool mainAlive = false;
    for (const auto &[id, t] : m_tokens)
        if (!t.background) {
            mainAlive = true;
            break;
        }
    if (!mainAlive && !m_mainPathDone) {
        m_mainPathDone = true;
        if (observed(RunEventType::MainPathFinished))
            emitEvent(RunEventType::MainPathFinished, nullptr, -1,
                      m_tokens.empty() ? TranslatableText() : CAPGRAPH_TR("capgraph::Run", "%1 background branch(es) still running").arg(qint64(m_tokens.size())));
        if (m_options.cancelBackgroundAtEnd && !m_tokens.empty()) {
            cancelAllCalls();
            m_tokens.clear();
            m_ready.clear();
            m_pending.clear();
            m_parallel.clear();
            warn(nullptr, -1, CAPGRAPH_TR("capgraph::Run", "background branches cancelled at the end of the main path"));
        }
    }
    if (m_tokens.empty())
        finishRun();
}

void Executor::settle()
{
    if (m_status != RunStatus::Running)
        return;
    reap();
    if (m_status != RunStatus::Running)
        return;
    if (m_tokens.empty()) {
        finishRun();
        return;
    }
    if (!m_ready.empty()) {
        schedulePump();
        return;
    }
    if (!m_calls.isEmpty() || !m_retries.isEmpty())
        return; // handlers at work: their completion wakes the run
    if (!m_pending.isEmpty()) {
        setStatus(RunStatus::WaitingForInput);
        return;
    }
    QStringList stuck;
    for (const auto &[id, t] : m_tokens)
        stuck << QStringLiteral("%1 (%2)").arg(m_cg.nodes.at(t.node).id,
                                             t.state == TokenState::WaitingJoin ? QStringLiteral("waiting at join") : QStringLiteral("stalled"));
    stuck.sort();
    failRun(nullptr, -1, CAPGRAPH_TR("capgraph::Run", "the run cannot go on: %1; a parallel_join waits for branches that will never arrive")
                             .arg(stuck.join(QStringLiteral(", "))));
}

void Executor::storeOutputs(int nodeIndex, const Token &t, const QVariantMap &outputs)
{
    m_outputs[nodeIndex] = outputs; // each execution replaces the last one's outputs
    m_hasOutputs[nodeIndex] = true;
    for (auto it = outputs.cbegin(); it != outputs.cend(); ++it) {
        m_vars.insert(it.key(), it.value());
        if (observed(RunEventType::VariableChanged))
            emitEvent(RunEventType::VariableChanged, &t, nodeIndex, m_cg.nodes.at(nodeIndex).id + QLatin1Char('.') + it.key(),
                      it.value());
    }
}

void Executor::failRun(const Token *t, int nodeIndex, const QString &error)
{
    failRun(t, nodeIndex, TranslatableText::verbatim(error));
}

void Executor::failRun(const Token *t, int nodeIndex, const TranslatableText &why)
{
    const QString error = why.english();
    if (m_status == RunStatus::Failed || m_status == RunStatus::Cancelled || m_status == RunStatus::Finished)
        return;
    if (t && t->background) {
        // A background branch (seed 002's Summary -> Score) never blocks or fails the main
        // path: it ends, and the failure is reported.
        const int tokenId = t->id;
        m_backgroundErrors.append(error);
        if (observed(RunEventType::NodeFailed) && nodeIndex >= 0)
            emitEvent(RunEventType::NodeFailed, t, nodeIndex, why, QVariantMap{{QStringLiteral("background"), true}});
        warn(t, nodeIndex, CAPGRAPH_TR("capgraph::Run", "background branch stopped: %1").arg(why));
        for (qsizetype i = m_calls.size() - 1; i >= 0; --i)
            if (m_calls.at(i).token == tokenId) {
                const ActiveCall a = m_calls.takeAt(i);
                if (a.timerId)
                    killTimer(a.timerId);
                a.call->cancel();
            }
        m_parallel.remove(tokenId);
        m_pending.removeIf([tokenId](const PendingInteraction &p) { return p.token == tokenId; });
        auto it = m_tokens.find(tokenId);
        if (it != m_tokens.end())
            finishToken(it->second);
        return;
    }
    m_error = error;
    m_errorText = why;
    m_failedNode = nodeIndex >= 0 ? m_cg.nodes.at(nodeIndex).id : QString();
    m_failedPath.clear();
    if (t)
        for (int n : t->recentPath())
            m_failedPath << m_cg.nodes.at(n).id;
    cancelAllCalls();
    if (observed(RunEventType::NodeFailed) && nodeIndex >= 0)
        emitEvent(RunEventType::NodeFailed, t, nodeIndex, why);
    if (observed(RunEventType::RunFailed))
        emitEvent(RunEventType::RunFailed, t, nodeIndex, why, QVariantMap{{QStringLiteral("path"), m_failedPath}});
    m_ready.clear();
    setStatus(RunStatus::Failed);
}

void Executor::finishRun()
{
    if (m_status == RunStatus::Finished || m_status == RunStatus::Failed || m_status == RunStatus::Cancelled)
        return;
    if (observed(RunEventType::RunFinished))
        emitEvent(RunEventType::RunFinished, nullptr, -1, QString(), QVariantMap{{QStringLiteral("steps"), m_steps}});
    setStatus(RunStatus::Finished);
}

void Executor::cancelAllCalls()
{
    const QList<ActiveCall> calls = m_calls;
    m_calls.clear();
    for (const ActiveCall &a : calls) {
        if (a.timerId)
            killTimer(a.timerId);
        a.call->cancel();
    }
    for (auto it = m_retries.cbegin(); it != m_retries.cend(); ++it)
        killTimer(it.key());
    m_retries.clear();
}

void Executor::pause()
{
    if (m_status != RunStatus::Running)
        return;
    m_stepping = false; // a pause asked for now: not at the end of a step still at work
    if (m_inPump || !m_ready.empty()) {
        m_pauseRequested = true;
        return;
    }
    m_pauseRequested = false;
    setStatus(RunStatus::Paused);
    if (observed(RunEventType::Paused))
        emitEvent(RunEventType::Paused, nullptr, -1);
}

void Executor::resume()
{
    if (m_status == RunStatus::Running && m_pauseRequested) { // a pause asked for, not yet made
        m_pauseRequested = false;
        m_stepping = false;
        return;
    }
    if (m_status != RunStatus::Paused)
        return;
    m_pauseRequested = false;
    setStatus(RunStatus::Running);
    if (observed(RunEventType::Resumed))
        emitEvent(RunEventType::Resumed, nullptr, -1);
    if (m_ready.empty())
        settle();
    else
        schedulePump();
}

void Executor::step()
{
    if (m_status == RunStatus::Idle)
        return;
    m_stepBudget = 1;
    resume();
}

void Executor::cancel()
{
    if (m_status == RunStatus::Finished || m_status == RunStatus::Failed || m_status == RunStatus::Cancelled)
        return;
    if (m_inPump) {
        m_cancelRequested = true; // an observer asked mid-node: finish that node first
        return;
    }
    cancelAllCalls();
    m_tokens.clear();
    m_ready.clear();
    m_pending.clear();
    m_parallel.clear();
    if (observed(RunEventType::RunCancelled))
        emitEvent(RunEventType::RunCancelled, nullptr, -1);
    setStatus(RunStatus::Cancelled);
}

void Executor::setBreakpoints(const QSet<QString> &nodeIds)
{
    m_breakpointIds = nodeIds;
    m_breakpoints.clear();
    for (const QString &id : nodeIds) {
        const int i = m_cg.index.value(id, -1);
        if (i >= 0)
            m_breakpoints.insert(i);
    }
}

void Executor::setBreakpointConditions(const QHash<QString, QString> &conditions)
{
    m_breakpointConditions = conditions;
}

bool Executor::breakpointHolds(Token &t)
{
    const QString condition = m_breakpointConditions.value(m_cg.nodes.at(t.node).id).trimmed();
    if (condition.isEmpty())
        return true;
    const Expression e = Expression::parse(condition);
    const EvalResult r = e.isValid() ? e.evaluate(TokenContext(*this, t)) : EvalResult{QVariant(), e.errorMessage(), e.errorColumn()};
    if (r.missing)
        return false; // names the run has not produced yet: the condition does not hold yet
    if (!r.ok()) {
        warn(&t, t.node, CAPGRAPH_TR("capgraph::Run", "breakpoint condition '%1' could not be evaluated (%2): stopped here").arg(condition, r.error));
        return true;
    }
    return ExprValue::truthy(r.value); // as a branch condition would take it
}

QSet<QString> Executor::breakpoints() const
{
    if (!m_prepared)
        return m_breakpointIds; // resolved against the graph by prepare()
    QSet<QString> ids;
    for (int i : m_breakpoints)
        ids.insert(m_cg.nodes.at(i).id);
    return ids;
}

QHash<QString, qint64> Executor::visitCounts() const
{
    QHash<QString, qint64> counts;
    for (int i = 0; i < m_visits.size(); ++i)
        if (m_visits.at(i) > 0)
            counts.insert(m_cg.nodes.at(i).id, m_visits.at(i));
    return counts;
}

TokenUsage Executor::totalTokenUsage() const
{
    TokenUsage sum;
    for (const TokenUsage &u : m_usage)
        sum += u;
    return sum;
}

QVariantMap Executor::context() const
{
    QVariantMap outputs;
    for (int i = 0; i < m_cg.nodes.size(); ++i)
        if (m_hasOutputs.at(i))
            outputs.insert(m_cg.nodes.at(i).id, m_outputs.at(i));
    QVariantMap vars;
    for (auto it = m_vars.cbegin(); it != m_vars.cend(); ++it)
        vars.insert(it.key(), it.value());
    return {{QStringLiteral("input"), m_input}, {QStringLiteral("outputs"), outputs}, {QStringLiteral("variables"), vars}};
}

bool Executor::setVariable(const QString &name, const QVariant &value, QString *error)
{
    if (m_status == RunStatus::Running) {
        if (error)
            *error = QStringLiteral("pause the run before changing a value");
        return false;
    }
    const qsizetype dot = name.indexOf(QLatin1Char('.'));
    if (dot > 0) {
        const int node = m_cg.index.value(name.left(dot), -1);
        if (node < 0) {
            if (error)
                *error = QStringLiteral("no node '%1'").arg(name.left(dot));
            return false;
        }
        m_outputs[node].insert(name.mid(dot + 1), value);
        m_hasOutputs[node] = true;
        m_vars.insert(name.mid(dot + 1), value);
        if (observed(RunEventType::VariableChanged)) // in the trace: a replay shows what the run went on with
            emitEvent(RunEventType::VariableChanged, nullptr, node, name, value);
        return true;
    }
    if (name == QLatin1String("input")) {
        m_input = value.toMap();
        return true;
    }
    m_vars.insert(name, value);
    if (observed(RunEventType::VariableChanged))
        emitEvent(RunEventType::VariableChanged, nullptr, -1, name, value);
    return true;
}

void Executor::addObserver(RunObserver *observer)
{
    for (const Observer &o : std::as_const(m_observers))
        if (o.observer == observer)
            return;
    m_observers.append({observer, observer->wantedEvents()});
    m_wanted |= m_observers.constLast().wanted;
}

void Executor::removeObserver(RunObserver *observer)
{
    m_observers.removeIf([observer](const Observer &o) { return o.observer == observer; });
    m_wanted = 0;
    for (const Observer &o : std::as_const(m_observers))
        m_wanted |= o.wanted;
}

void Executor::emitEvent(RunEventType type, const Token *t, int node, const TranslatableText &message, const QVariant &data)
{
    deliverEvent(type, t, node, message.english(), message, data, -1, -1);
}

void Executor::emitEvent(RunEventType type, const Token *t, int node, const QString &message, const QVariant &data,
                         int fromNode, int toNode)
{
    deliverEvent(type, t, node, message, TranslatableText(), data, fromNode, toNode);
}

void Executor::deliverEvent(RunEventType type, const Token *t, int node, const QString &message, const TranslatableText &text,
                            const QVariant &data, int fromNode, int toNode)
{
    RunEvent e;
    e.type = type;
    e.time = QDateTime::currentMSecsSinceEpoch();
    e.elapsedUs = m_elapsedBeforeMs * 1000 + (m_clock.isValid() ? m_clock.nsecsElapsed() / 1000 : 0);
    e.step = m_steps;
    if (t) {
        e.token = t->id;
        e.iteration = t->iteration();
    }
    if (node >= 0)
        e.nodeId = m_cg.nodes.at(node).id;
    if (fromNode >= 0)
        e.from = m_cg.nodes.at(fromNode).id;
    if (toNode >= 0)
        e.to = m_cg.nodes.at(toNode).id;
    e.message = message;
    e.text = text;
    e.data = data;
    const QList<Observer> observers = m_observers; // an observer may remove itself
    for (const Observer &o : observers)
        if (o.wanted & runEventBit(type))
            o.observer->onRunEvent(e);
}

RunStatus Executor::waitUntilIdle(int timeoutMs)
{
    if (m_status == RunStatus::Running && m_pumpQueued && !m_inPump)
        pump(); // work that is ready needs no trip through the event loop (the queued call then finds nothing)
    if (m_status != RunStatus::Running)
        return m_status;
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
    return m_status;
}

} // namespace capgraph
