#include "exec/ExecutorScheduler_p.h"

#include "exec/Executor_p.h"

#include <QElapsedTimer>

namespace capgraph {

void ExecutorScheduler::schedulePump()
{
    if (m_inPump || m_pumpQueued || d.status != RunStatus::Running)
        return;
    m_pumpQueued = true;
    QMetaObject::invokeMethod(d.q, [this] { pump(); }, Qt::QueuedConnection);
}

void ExecutorScheduler::pump()
{
    m_pumpQueued = false;
    if (d.status != RunStatus::Running)
        return;
    if (!d.clock.isValid())
        d.clock.start(); // the run's time counts from its first node
    m_inPump = true;
    QElapsedTimer slice;
    slice.start();
    int n = 0;
    while (!d.ready.empty() && d.status == RunStatus::Running) {
        if (d.debugger.pauseRequested()) {
            // A token whose node has already run (its call came back, a join let it through)
            // only moves on: not a step. Move it first, so that the pause stands before the
            // node the next step runs, never after the one that just ran.
            const auto front = d.tokens.find(d.ready.front());
            if (front != d.tokens.end() && front->second.resumeAfterNode && front->second.state == TokenState::Ready) {
                const int id = d.ready.front();
                d.ready.pop_front();
                runToken(id);
                reap();
                continue;
            }
            d.debugger.pausedHere();
            d.setStatus(RunStatus::Paused);
            if (d.events.observed(RunEventType::Paused)) { // paused before the next ready token's node: say which
                const auto next = d.tokens.find(d.ready.front());
                if (next != d.tokens.end())
                    d.events.emitEvent(RunEventType::Paused, &next->second, next->second.node);
                else
                    d.events.emitEvent(RunEventType::Paused, nullptr, -1);
            }
            break;
        }
        const int id = d.ready.front();
        d.ready.pop_front();
        const bool entered = runToken(id);
        if (m_cancelRequested) {
            m_cancelRequested = false;
            m_inPump = false;
            d.cancel();
            return;
        }
        reap();
        if (entered)
            d.debugger.nodeEntered();
        // Let the event loop in now and then: timers, sockets and the GUI keep running.
        if ((++n & 127) == 0 && slice.elapsed() >= d.options.sliceMs) {
            m_inPump = false;
            schedulePump();
            return;
        }
    }
    m_inPump = false;
    if (d.status == RunStatus::Running && d.debugger.pauseRequested() && d.ready.empty()) {
        if (d.debugger.stepAwaitsCall(d.calls.busy())) {
            // The step ends when its node's call comes back and the run stands before the
            // next node.
            settle();
            return;
        }
        d.debugger.pausedHere();
        d.setStatus(RunStatus::Paused);
        if (d.events.observed(RunEventType::Paused))
            d.events.emitEvent(RunEventType::Paused, nullptr, -1);
        return;
    }
    settle();
}

bool ExecutorScheduler::runToken(int tokenId)
{
    auto it = d.tokens.find(tokenId);
    if (it == d.tokens.end() || it->second.state != TokenState::Ready)
        return false;
    Token &t = it->second;
    if (t.resumeAfterNode) {
        t.resumeAfterNode = false;
        d.flow.advance(t);
        return false;
    }
    if (t.pendingRound > 0) {
        d.calls.startRound(t);
        return false;
    }
    if (d.debugger.stopsAt(t)) {
        t.skipBreakpoint = true;
        d.ready.push_front(t.id);
        d.setStatus(RunStatus::Paused);
        if (d.events.observed(RunEventType::BreakpointHit))
            d.events.emitEvent(RunEventType::BreakpointHit, &t, t.node);
        return false;
    }
    t.skipBreakpoint = false;
    ++d.steps;
    ++d.visits[t.node];
    if (d.steps > d.options.maxSteps) {
        int hottest = 0;
        for (int i = 1; i < d.visits.size(); ++i)
            if (d.visits.at(i) > d.visits.at(hottest))
                hottest = i;
        d.failRun(&t, t.node,
                  QStringLiteral("step limit of %1 node executions reached; the hottest node is '%2' (%3 executions) — "
                                 "raise it with --max-steps if the graph really needs more")
                      .arg(d.options.maxSteps)
                      .arg(d.cg.nodes.at(hottest).id)
                      .arg(d.visits.at(hottest)));
        return true;
    }
    t.remember(t.node);
    // A skill's node.started carries its resolved input: ExecutorCalls sends it.
    if (d.events.observed(RunEventType::NodeStarted) && d.cg.nodes.at(t.node).kind != NodeKind::Skill)
        d.events.emitEvent(RunEventType::NodeStarted, &t, t.node);
    d.flow.enterNode(t);
    return true;
}

void ExecutorScheduler::wakeToken(int tokenId)
{
    const auto tok = d.tokens.find(tokenId);
    if (tok == d.tokens.end())
        return;
    tok->second.resumeAfterNode = true;
    tok->second.state = TokenState::Ready;
    d.ready.push_back(tokenId);
    if (d.status == RunStatus::WaitingForInput)
        d.setStatus(RunStatus::Running);
    schedulePump();
}

void ExecutorScheduler::reap()
{
    if (!m_hasDead)
        return;
    m_hasDead = false;
    bool removed = false;
    for (auto it = d.tokens.begin(); it != d.tokens.end();) {
        if (it->second.state == TokenState::Done) {
            it = d.tokens.erase(it);
            removed = true;
        } else {
            ++it;
        }
    }
    if (!removed || d.status != RunStatus::Running)
        return;
    bool mainAlive = false;
    for (const auto &[id, t] : d.tokens)
        if (!t.background) {
            mainAlive = true;
            break;
        }
    if (!mainAlive && !d.mainPathDone) {
        d.mainPathDone = true;
        if (d.events.observed(RunEventType::MainPathFinished))
            d.events.emitEvent(RunEventType::MainPathFinished, nullptr, -1,
                               d.tokens.empty() ? TranslatableText()
                                                : CAPGRAPH_TR("capgraph::Run", "%1 background branch(es) still running").arg(qint64(d.tokens.size())));
        if (d.options.cancelBackgroundAtEnd && !d.tokens.empty()) {
            d.calls.cancelAllCalls();
            d.tokens.clear();
            d.ready.clear();
            d.interactions.clear();
            d.calls.forgetAllParallel();
            d.events.warn(nullptr, -1, CAPGRAPH_TR("capgraph::Run", "background branches cancelled at the end of the main path"));
        }
    }
    if (d.tokens.empty())
        d.finishRun();
}

void ExecutorScheduler::settle()
{
    if (d.status != RunStatus::Running)
        return;
    reap();
    if (d.status != RunStatus::Running)
        return;
    if (d.tokens.empty()) {
        d.finishRun();
        return;
    }
    if (!d.ready.empty()) {
        schedulePump();
        return;
    }
    if (d.calls.busy() && d.calls.working())
        return; // handlers at work: their completion wakes the run
    if (d.interactions.waiting() || d.calls.busy()) { // a question here, or in a child run
        d.setStatus(RunStatus::WaitingForInput);
        return;
    }
    QStringList stuck;
    for (const auto &[id, t] : d.tokens)
        stuck << QStringLiteral("%1 (%2)").arg(d.cg.nodes.at(t.node).id,
                                             t.state == TokenState::WaitingJoin ? QStringLiteral("waiting at join") : QStringLiteral("stalled"));
    stuck.sort();
    d.failRun(nullptr, -1, CAPGRAPH_TR("capgraph::Run", "the run cannot go on: %1; a parallel_join waits for branches that will never arrive")
                             .arg(stuck.join(QStringLiteral(", "))));
}

} // namespace capgraph
