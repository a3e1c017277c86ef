#include "exec/ExecutorFlow_p.h"

#include "exec/Executor_p.h"
#include "exec/TokenContext_p.h"
#include "expr/ExprValue.h"

namespace capgraph {

void ExecutorFlow::enterNode(Token &t)
{
    const CompiledGraph::CNode &n = d.cg.nodes.at(t.node);
    switch (n.kind) {
    case NodeKind::Start:
    case NodeKind::Merge:
        if (d.events.observed(RunEventType::NodeFinished))
            d.events.emitEvent(RunEventType::NodeFinished, &t, t.node);
        advance(t);
        return;
    case NodeKind::End:
        if (d.events.observed(RunEventType::NodeFinished))
            d.events.emitEvent(RunEventType::NodeFinished, &t, t.node);
        finishToken(t);
        return;
    case NodeKind::Branch: {
        const TokenContext ctx(d, t);
        int target = -1;
        QString taken;
        for (const auto &c : n.conditions) {
            const EvalResult r = c.expression.evaluate(ctx);
            if (!r.ok()) {
                d.failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "branch '%1' condition '%2': %3 (column %4 of \"%5\")")
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
                target = d.cg.edges.at(edge).to;
                taken = d.cg.edges.at(edge).condition.text();
            }
        }
        if (target < 0 && n.selectOptimal) {
            chooseOptimal(t, n);
            return;
        }
        if (target < 0 && n.defaultTarget >= 0) {
            target = n.defaultTarget;
            taken = QStringLiteral("default");
        }
        if (target < 0) {
            for (int e : n.out) {
                const auto &ce = d.cg.edges.at(e);
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
            d.failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "branch '%1': no condition is true (%2) and there is no default")
                                    .arg(n.id, names.join(QStringLiteral(", "))));
            return;
        }
        leaveBranch(t, n, edge, target, taken);
        return;
    }
    case NodeKind::LoopStart:
        enterLoopStart(t);
        return;
    case NodeKind::LoopEnd: {
        for (int i = int(t.loops.size()) - 1; i >= 0; --i) {
            if (t.loops.at(i).header == n.loopStart) {
                t.loops.resize(i);
                for (int e : d.cg.nodes.at(n.loopStart).in)
                    t.edgeCounts.remove(e); // the loop's iteration edges count afresh next time
                break;
            }
        }
        if (d.events.observed(RunEventType::NodeFinished))
            d.events.emitEvent(RunEventType::NodeFinished, &t, t.node);
        advance(t);
        return;
    }
    case NodeKind::ParallelSplit: {
        if (d.events.observed(RunEventType::NodeFinished))
            d.events.emitEvent(RunEventType::NodeFinished, &t, t.node);
        QList<int> sync, background;
        for (int e : n.out)
            (d.cg.edges.at(e).background ? background : sync).append(e);
        for (int e : background) {
            const int b = spawn(t, d.cg.edges.at(e).to, true, -1);
            if (d.events.observed(RunEventType::EdgeTraversed))
                d.events.emitEvent(RunEventType::EdgeTraversed, &d.tokens.at(b), -1, QString(), QVariant(), t.node, d.cg.edges.at(e).to);
        }
        if (sync.isEmpty()) {
            finishToken(t);
            return;
        }
        const int forkId = openFork(t, int(sync.size()), n.pairedJoin);
        for (int i = 1; i < sync.size(); ++i) {
            const int s = spawn(t, d.cg.edges.at(sync.at(i)).to, false, forkId);
            if (d.events.observed(RunEventType::EdgeTraversed))
                d.events.emitEvent(RunEventType::EdgeTraversed, &d.tokens.at(s), -1, QString(), QVariant(), t.node,
                          d.cg.edges.at(sync.at(i)).to);
        }
        t.forks.append(forkId);
        moveTo(t, sync.first(), d.cg.edges.at(sync.first()).to);
        return;
    }
    case NodeKind::ParallelJoin:
        arriveAtJoin(t, t.node);
        return;
    case NodeKind::Skill:
        d.calls.executeSkill(t, n);
        return;
    case NodeKind::Confirm:
    case NodeKind::Select:
    case NodeKind::Input:
        d.interactions.request(t, n);
        return;
    case NodeKind::Unknown:
        d.failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "node '%1' has an unknown type").arg(n.id));
        return;
    }
}

void ExecutorFlow::enterLoopStart(Token &t)
{
    const CompiledGraph::CNode &n = d.cg.nodes.at(t.node);
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
    if (d.events.observed(RunEventType::NodeFinished))
        d.events.emitEvent(RunEventType::NodeFinished, &t, t.node);
    advance(t);
}

bool ExecutorFlow::forceLoopExit(Token &t, int loopStart, const TranslatableText &why)
{
    const CompiledGraph::CNode &n = d.cg.nodes.at(loopStart);
    if (n.loopEnds.isEmpty()) {
        d.failRun(&t, loopStart, CAPGRAPH_TR("capgraph::Run", "%1, and it has no loop_end to leave through").arg(why));
        return false;
    }
    for (int i = int(t.loops.size()) - 1; i >= 0; --i)
        if (t.loops.at(i).header == loopStart) {
            t.loops.resize(i);
            break;
        }
    for (int e : n.in)
        t.edgeCounts.remove(e);
    d.events.warn(&t, loopStart, why);
    if (d.events.observed(RunEventType::NodeFinished))
        d.events.emitEvent(RunEventType::NodeFinished, &t, loopStart, CAPGRAPH_TR("capgraph::Run", "forced exit"),
                  QVariantMap{{QStringLiteral("forced_exit"), true}});
    moveTo(t, -1, n.loopEnds.first());
    return true;
}

void ExecutorFlow::leaveLoopsFor(Token &t, int target)
{
    // Moving outside a loop's body closes its level, however the loop is left.
    while (!t.loops.isEmpty()) {
        const LoopFrame &f = t.loops.last();
        const QList<bool> &body = f.edge >= 0 ? d.cg.edges.at(f.edge).body : d.cg.nodes.at(f.header).loopBody;
        if (body.isEmpty() || body.at(target))
            break;
        if (f.edge >= 0)
            t.edgeCounts.remove(f.edge);
        else
            for (int e : d.cg.nodes.at(f.header).in)
                t.edgeCounts.remove(e);
        t.loops.removeLast();
    }
}

void ExecutorFlow::chooseOptimal(Token &t, const CompiledGraph::CNode &n)
{
    ExecutorRoute::Choice c;
    TranslatableText why;
    if (!d.route.choose(t.node, &c, &why)) {
        d.failRun(&t, t.node, why);
        return;
    }
    if (c.data.value(QStringLiteral("over_budget")).toBool())
        d.events.warn(&t, t.node, CAPGRAPH_TR("capgraph::Run", "branch '%1' %2").arg(n.id).arg(c.reason));
    leaveBranch(t, n, c.edge, c.target, d.cg.nodes.at(c.target).id, &c.reason, &c.data);
}

void ExecutorFlow::leaveBranch(Token &t, const CompiledGraph::CNode &n, int edge, int target, const QString &taken,
                               const TranslatableText *because, const QVariantMap *choice)
{
    if (d.events.observed(RunEventType::NodeFinished)) {
        if (because)
            d.events.emitEvent(RunEventType::NodeFinished, &t, t.node, *because, choice ? QVariant(*choice) : QVariant());
        else
            d.events.emitEvent(RunEventType::NodeFinished, &t, t.node, taken);
    }
    if (d.events.observed(RunEventType::NodeSkipped)) {
        // Every other route the branch could have taken: condition targets, conditional
        // and plain edges, the default.
        QList<int> others;
        for (const auto &c : n.conditions)
            others.append(c.target);
        for (int e : n.out)
            if (d.cg.edges.at(e).kind != EdgeKind::Parallel && d.cg.edges.at(e).kind != EdgeKind::Iteration)
                others.append(d.cg.edges.at(e).to);
        others.append(n.defaultTarget);
        QSet<int> done{target, -1};
        for (int o : others)
            if (!done.contains(o)) {
                done.insert(o);
                d.events.emitEvent(RunEventType::NodeSkipped, &t, o, CAPGRAPH_TR("capgraph::Run", "branch '%1' took '%2'").arg(n.id, taken));
            }
    }
    moveTo(t, edge, target);
}

int ExecutorFlow::openFork(Token &t, int syncBranches, int join)
{
    Fork f;
    f.id = m_nextFork++;
    f.expected = syncBranches;
    f.join = join;
    f.parent = t.forks.isEmpty() ? -1 : t.forks.last();
    m_forks.insert(f.id, f);
    return f.id;
}

void ExecutorFlow::moveTo(Token &t, int edgeIndex, int target)
{
    if (d.events.observed(RunEventType::EdgeTraversed))
        d.events.emitEvent(RunEventType::EdgeTraversed, &t, -1, QString(), QVariant(), t.node, target);
    leaveLoopsFor(t, target);
    const bool viaIteration = edgeIndex >= 0 && d.cg.edges.at(edgeIndex).kind == EdgeKind::Iteration
        && d.cg.nodes.at(target).kind != NodeKind::LoopStart;
    if (!viaIteration) {
        // Arriving at the header of an iteration-edge loop from outside: its first pass.
        for (int e : d.cg.headerOf.at(target)) {
            const bool open = std::any_of(t.loops.cbegin(), t.loops.cend(), [e](const LoopFrame &f) { return f.edge == e; });
            if (!open && !d.cg.edges.at(e).body.at(t.node))
                t.loops.append({target, 1, e});
        }
    }
    t.node = target;
    t.state = TokenState::Ready;
    d.ready.push_back(t.id);
}

int ExecutorFlow::spawn(const Token &from, int node, bool background, int fork)
{
    Token s;
    s.id = d.nextToken++;
    s.node = node;
    s.background = background || from.background;
    s.loops = from.loops;
    if (!background) {
        s.forks = from.forks;
        if (fork >= 0)
            s.forks.append(fork);
    }
    const int id = s.id;
    d.tokens.emplace(id, std::move(s));
    d.ready.push_back(id);
    return id;
}

void ExecutorFlow::advance(Token &t)
{
    const CompiledGraph::CNode &n = d.cg.nodes.at(t.node);
    if (n.out.size() == 1 && d.cg.edges.at(n.out.first()).kind == EdgeKind::Sequence) {
        // The common case, kept short: one plain edge.
        moveTo(t, n.out.first(), d.cg.edges.at(n.out.first()).to);
        return;
    }
    const TokenContext ctx(d, t);
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
        const auto &ce = d.cg.edges.at(e);
        if (ce.kind != EdgeKind::Parallel)
            continue;
        spawned = true;
        if (!ce.background) {
            syncParallel.append(e);
            continue;
        }
        const int s = spawn(t, ce.to, true, -1);
        if (d.events.observed(RunEventType::EdgeTraversed))
            d.events.emitEvent(RunEventType::EdgeTraversed, &d.tokens.at(s), -1, QString(), QVariant(), t.node, ce.to);
    }
    for (int e : n.out) {
        const auto &ce = d.cg.edges.at(e);
        if (ce.kind != EdgeKind::Iteration)
            continue;
        const int count = t.edgeCounts.value(e, 0);
        if (ce.maxCount > 0 && count >= ce.maxCount) {
            iterationBlocked = true;
            if (d.cg.nodes.at(ce.to).kind == NodeKind::LoopStart)
                blockedLoopStart = ce.to;
            d.events.warn(&t, t.node, CAPGRAPH_TR("capgraph::Run", "iteration edge %1 -> %2 reached max_count (%3): forced convergence")
                                 .arg(n.id, d.cg.nodes.at(ce.to).id)
                                 .arg(ce.maxCount));
            continue;
        }
        if (ce.exitCondition.isValid()) {
            const EvalResult r = ce.exitCondition.evaluate(ctx);
            if (!r.ok()) {
                d.failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "edge %1 -> %2 exit_condition: %3 (column %4 of \"%5\")")
                                        .arg(n.id, d.cg.nodes.at(ce.to).id, r.error)
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
            const auto &ce = d.cg.edges.at(e);
            if (ce.kind == EdgeKind::Sequence || (ce.kind == EdgeKind::Conditional && !ce.condition.isValid())) {
                if (chosen < 0)
                    chosen = e;
                else
                    extraPlain.append(e);
            }
        }
    }
    if (chosen >= 0 && d.cg.edges.at(chosen).kind == EdgeKind::Iteration) {
        const auto &ce = d.cg.edges.at(chosen);
        ++t.edgeCounts[chosen];
        if (d.cg.nodes.at(ce.to).kind != NodeKind::LoopStart) {
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
            const int s = spawn(t, d.cg.edges.at(e).to, false, forkId);
            if (d.events.observed(RunEventType::EdgeTraversed))
                d.events.emitEvent(RunEventType::EdgeTraversed, &d.tokens.at(s), -1, QString(), QVariant(), t.node, d.cg.edges.at(e).to);
        }
        if (chosen >= 0)
            t.forks.append(forkId);
    }
    if (chosen >= 0) {
        moveTo(t, chosen, d.cg.edges.at(chosen).to);
        return;
    }
    if (iterationBlocked && blockedLoopStart >= 0) {
        forceLoopExit(t, blockedLoopStart, CAPGRAPH_TR("capgraph::Run", "loop '%1' left through its loop_end").arg(d.cg.nodes.at(blockedLoopStart).id));
        return;
    }
    if (!spawned && n.kind != NodeKind::End)
        d.events.warn(&t, t.node, CAPGRAPH_TR("capgraph::Run", "'%1' has no way forward; this branch ends here").arg(n.id));
    finishToken(t);
}

int ExecutorFlow::firstTrueConditionalEdge(Token &t, const ExpressionContext &ctx)
{
    for (int e : d.cg.nodes.at(t.node).out) {
        const auto &ce = d.cg.edges.at(e);
        if (ce.kind != EdgeKind::Conditional || !ce.condition.isValid())
            continue;
        const EvalResult r = ce.condition.evaluate(ctx);
        if (!r.ok()) {
            d.failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "edge %1 -> %2 condition: %3 (column %4 of \"%5\")")
                                    .arg(d.cg.nodes.at(t.node).id, d.cg.nodes.at(ce.to).id, r.error)
                                    .arg(r.column)
                                    .arg(ce.condition.text()));
            return -2;
        }
        if (ExprValue::truthy(r.value))
            return e;
    }
    return -1;
}

void ExecutorFlow::arriveAtJoin(Token &t, int node)
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
        if (d.events.observed(RunEventType::NodeFinished))
            d.events.emitEvent(RunEventType::NodeFinished, &t, node);
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
    if (d.events.observed(RunEventType::NodeWaiting))
        d.events.emitEvent(RunEventType::NodeWaiting, &t, node,
                  CAPGRAPH_TR("capgraph::Run", "%1 of %2 branches arrived").arg(f.arrived.size()).arg(f.expected - f.finished));
    checkJoin(f.id);
}

void ExecutorFlow::checkJoin(int forkId)
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
        auto ot = d.tokens.find(o);
        if (ot != d.tokens.end()) {
            ot->second.state = TokenState::Done;
            d.scheduler.markDead();
        }
    }
    auto st = d.tokens.find(survivorId);
    if (st == d.tokens.end())
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
    if (d.events.observed(RunEventType::NodeFinished))
        d.events.emitEvent(RunEventType::NodeFinished, &s, join);
    s.resumeAfterNode = true;
    s.state = TokenState::Ready;
    d.ready.push_back(s.id);
    d.scheduler.schedulePump();
}

void ExecutorFlow::finishToken(Token &t)
{
    t.state = TokenState::Done;
    d.scheduler.markDead();
    if (!t.forks.isEmpty()) {
        auto f = m_forks.find(t.forks.last());
        if (f != m_forks.end()) {
            ++f.value().finished;
            checkJoin(f.key());
        }
    }
}

} // namespace capgraph
