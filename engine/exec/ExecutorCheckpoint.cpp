// Executor::saveState / restoreState: the run state as versioned JSON, so a run can stop in
// one process (waiting for input, say) and go on in another.
#include "exec/Executor.h"

#include "exec/Executor_p.h"

#include <QJsonArray>
#include <QJsonValue>

#include <cmath>

namespace capgraph {

namespace {
constexpr int kStateVersion = 1;
const char kFormat[] = "capgraph-run-state";

QString tokenStateName(TokenState s)
{
    switch (s) {
    case TokenState::Ready: return QStringLiteral("ready");
    case TokenState::Running: return QStringLiteral("running");
    case TokenState::WaitingInput: return QStringLiteral("waiting_input");
    case TokenState::WaitingJoin: return QStringLiteral("waiting_join");
    case TokenState::Done: return QStringLiteral("done");
    }
    return {};
}

// A count or a duration: a whole number from 0 to 2^53 (a checkpoint edited by hand may say
// 1e400 or -5; neither may become undefined behaviour).
qint64 count(const QJsonValue &v, qint64 fallback = 0)
{
    const double d = v.toDouble(double(fallback));
    return std::isfinite(d) && d >= 0 && d <= 9007199254740992.0 ? qint64(d) : fallback;
}
} // namespace

QJsonObject Executor::saveState() const
{
    auto nodeId = [this](int i) { return i >= 0 ? QJsonValue(d->cg.nodes.at(i).id) : QJsonValue(); };
    QJsonObject o;
    o.insert(QStringLiteral("format"), QString::fromLatin1(kFormat));
    o.insert(QStringLiteral("version"), kStateVersion);
    o.insert(QStringLiteral("graph"), d->graph.id);
    o.insert(QStringLiteral("run_id"), d->options.runId);
    o.insert(QStringLiteral("status"), runStatusName(d->status));
    o.insert(QStringLiteral("steps"), d->steps);
    o.insert(QStringLiteral("elapsed_ms"), elapsedMs());
    o.insert(QStringLiteral("main_path_done"), d->mainPathDone);
    o.insert(QStringLiteral("max_steps"), d->options.maxSteps);
    o.insert(QStringLiteral("cancel_background"), d->options.cancelBackgroundAtEnd);
    if (d->options.depth)
        o.insert(QStringLiteral("depth"), pathDepthName(*d->options.depth));
    if (d->options.budget)
        o.insert(QStringLiteral("budget"), *d->options.budget);
    o.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(d->events.m_warnings));
    o.insert(QStringLiteral("background_errors"), QJsonArray::fromStringList(d->backgroundErrors));
    if (!d->error.isEmpty()) {
        o.insert(QStringLiteral("error"), d->error);
        o.insert(QStringLiteral("failed_node"), d->failedNode);
        o.insert(QStringLiteral("failed_path"), QJsonArray::fromStringList(d->failedPath));
    }
    o.insert(QStringLiteral("input"), QJsonValue::fromVariant(d->input));
    QJsonObject outputs;
    QJsonObject visits;
    for (int i = 0; i < d->cg.nodes.size(); ++i) {
        if (d->hasOutputs.at(i))
            outputs.insert(d->cg.nodes.at(i).id, QJsonValue::fromVariant(d->outputs.at(i)));
        if (d->visits.at(i) > 0)
            visits.insert(d->cg.nodes.at(i).id, d->visits.at(i));
    }
    o.insert(QStringLiteral("outputs"), outputs);
    o.insert(QStringLiteral("visits"), visits);
    if (!d->usage.isEmpty()) {
        QJsonObject usage;
        for (auto it = d->usage.cbegin(); it != d->usage.cend(); ++it) {
            QJsonObject u{{QStringLiteral("prompt_tokens"), it->prompt}, {QStringLiteral("completion_tokens"), it->completion}};
            if (it->priced()) { // what they cost so far, so that a resumed run goes on adding
                u.insert(QStringLiteral("cost"), roundedCost(it->cost));
                u.insert(QStringLiteral("currency"), it->currency);
            }
            usage.insert(it.key(), u);
        }
        o.insert(QStringLiteral("token_usage"), usage);
    }
    QJsonObject vars;
    for (auto it = d->vars.cbegin(); it != d->vars.cend(); ++it)
        vars.insert(it.key(), QJsonValue::fromVariant(it.value()));
    o.insert(QStringLiteral("variables"), vars);

    QList<int> ids;
    for (const auto &[id, t] : d->tokens)
        if (t.state != TokenState::Done)
            ids.append(id);
    std::sort(ids.begin(), ids.end());
    QJsonArray tokens;
    for (int id : ids) {
        const Token &t = d->tokens.at(id);
        QJsonObject j;
        j.insert(QStringLiteral("id"), t.id);
        j.insert(QStringLiteral("node"), nodeId(t.node));
        // A call in flight is not saved: the node runs again after a restore.
        const bool inFlight = t.state == TokenState::Running;
        j.insert(QStringLiteral("state"), tokenStateName(inFlight ? TokenState::Ready : t.state));
        j.insert(QStringLiteral("resume_after_node"), inFlight ? false : t.resumeAfterNode);
        j.insert(QStringLiteral("background"), t.background);
        if (inFlight) // its call may have acted: made again only if its handler allows (SkillHandler::repeatable)
            j.insert(QStringLiteral("interrupted"), true);
        if (t.skipBreakpoint && !inFlight) // it stands at its node's breakpoint: resumed, it runs the node (a kept breakpoint stops it once)
            j.insert(QStringLiteral("past_breakpoint"), true);
        QJsonArray loops;
        for (const LoopFrame &f : t.loops)
            loops.append(QJsonObject{{QStringLiteral("header"), nodeId(f.header)},
                                     {QStringLiteral("counter"), f.counter},
                                     {QStringLiteral("edge"), f.edge}});
        j.insert(QStringLiteral("loops"), loops);
        QJsonArray forks;
        for (int f : t.forks)
            forks.append(f);
        j.insert(QStringLiteral("forks"), forks);
        QJsonArray counts;
        for (auto it = t.edgeCounts.cbegin(); it != t.edgeCounts.cend(); ++it)
            counts.append(QJsonObject{{QStringLiteral("edge"), it.key()}, {QStringLiteral("count"), it.value()}});
        j.insert(QStringLiteral("edge_counts"), counts);
        QJsonArray path;
        for (int n : t.recentPath())
            path.append(d->cg.nodes.at(n).id);
        j.insert(QStringLiteral("path"), path);
        tokens.append(j);
    }
    o.insert(QStringLiteral("tokens"), tokens);
    QJsonArray forks;
    for (auto it = d->flow.m_forks.cbegin(); it != d->flow.m_forks.cend(); ++it) {
        QJsonArray arrived;
        for (int a : it.value().arrived)
            arrived.append(a);
        forks.append(QJsonObject{{QStringLiteral("id"), it.value().id},
                                 {QStringLiteral("expected"), it.value().expected},
                                 {QStringLiteral("finished"), it.value().finished},
                                 {QStringLiteral("join"), nodeId(it.value().join)},
                                 {QStringLiteral("parent"), it.value().parent},
                                 {QStringLiteral("arrived"), arrived}});
    }
    o.insert(QStringLiteral("forks"), forks);
    QJsonArray pending;
    for (const PendingInteraction &p : d->interactions.m_pending) {
        QJsonObject j = QJsonObject::fromVariantMap(p.toVariant(d->cg.nodes.at(p.node).id));
        j.insert(QStringLiteral("token"), p.token);
        j.insert(QStringLiteral("options"), QJsonArray::fromVariantList(p.options));
        pending.append(j);
    }
    o.insert(QStringLiteral("pending"), pending);
    // Child runs waiting for an answer: their whole state, given back to the call that runs
    // their node again after a restore.
    if (const QJsonObject children = d->children.save(); !children.isEmpty())
        o.insert(QStringLiteral("children"), children);
    o.insert(QStringLiteral("next_token"), d->nextToken);
    o.insert(QStringLiteral("next_fork"), d->flow.m_nextFork);
    return o;
}

bool Executor::restoreState(const QJsonObject &o, QString *error)
{
    auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    if (o.value(QStringLiteral("format")).toString() != QLatin1String(kFormat))
        return fail(QStringLiteral("not a run state (format is not '%1')").arg(QString::fromLatin1(kFormat)));
    const int version = o.value(QStringLiteral("version")).toInt();
    if (version != kStateVersion)
        return fail(QStringLiteral("run state version %1 is not supported (this build reads version %2)").arg(version).arg(kStateVersion));
    if (o.value(QStringLiteral("graph")).toString() != d->graph.id)
        return fail(QStringLiteral("the run state is for graph '%1', not '%2'").arg(o.value(QStringLiteral("graph")).toString(), d->graph.id));
    if (!d->prepared) {
        QStringList errors;
        if (!d->prepare(&errors))
            return fail(errors.join(QStringLiteral("; ")));
    }
    auto nodeIndex = [this](const QJsonValue &v, bool allowNull, int *out) {
        if (v.isNull() && allowNull) {
            *out = -1;
            return true;
        }
        *out = d->cg.index.value(v.toString(), -1);
        return *out >= 0;
    };
    d->options.runId = o.value(QStringLiteral("run_id")).toString(d->options.runId);
    d->steps = count(o.value(QStringLiteral("steps")));
    d->elapsedBeforeMs = count(o.value(QStringLiteral("elapsed_ms")));
    d->mainPathDone = o.value(QStringLiteral("main_path_done")).toBool();
    d->options.cancelBackgroundAtEnd = o.value(QStringLiteral("cancel_background")).toBool(d->options.cancelBackgroundAtEnd);
    d->events.m_warnings.clear();
    for (const QJsonValue &w : o.value(QStringLiteral("warnings")).toArray())
        d->events.m_warnings << w.toString();
    d->backgroundErrors.clear();
    for (const QJsonValue &w : o.value(QStringLiteral("background_errors")).toArray())
        d->backgroundErrors << w.toString();
    d->input = o.value(QStringLiteral("input")).toObject().toVariantMap();
    const QJsonObject outputs = o.value(QStringLiteral("outputs")).toObject();
    for (auto it = outputs.constBegin(); it != outputs.constEnd(); ++it) {
        int i;
        if (!nodeIndex(QJsonValue(it.key()), false, &i))
            return fail(QStringLiteral("the run state has outputs for '%1', which the graph does not have").arg(it.key()));
        d->outputs[i] = it.value().toObject().toVariantMap();
        d->hasOutputs[i] = true;
    }
    const QJsonObject visits = o.value(QStringLiteral("visits")).toObject();
    for (auto it = visits.constBegin(); it != visits.constEnd(); ++it) {
        int i;
        if (nodeIndex(QJsonValue(it.key()), false, &i))
            d->visits[i] = count(it.value());
    }
    d->usage.clear();
    const QJsonObject usage = o.value(QStringLiteral("token_usage")).toObject();
    for (auto it = usage.constBegin(); it != usage.constEnd(); ++it) {
        const QJsonObject u = it.value().toObject();
        TokenUsage restored;
        restored.prompt = count(u.value(QStringLiteral("prompt_tokens")));
        restored.completion = count(u.value(QStringLiteral("completion_tokens")));
        // A cost is kept only with its currency, and only when it is a number ≥ 0.
        const QString currency = u.value(QStringLiteral("currency")).toString();
        const double cost = u.value(QStringLiteral("cost")).toDouble(-1);
        if (currency.size() == 3 && std::isfinite(cost) && cost >= 0) {
            restored.cost = cost;
            restored.currency = currency;
        }
        d->usage.insert(it.key(), restored);
    }
    const QJsonObject vars = o.value(QStringLiteral("variables")).toObject();
    d->vars.clear();
    for (auto it = vars.constBegin(); it != vars.constEnd(); ++it)
        d->vars.insert(it.key(), it.value().toVariant());

    d->tokens.clear();
    d->ready.clear();
    for (const QJsonValue &v : o.value(QStringLiteral("tokens")).toArray()) {
        const QJsonObject j = v.toObject();
        Token t;
        t.id = j.value(QStringLiteral("id")).toInt();
        if (!nodeIndex(j.value(QStringLiteral("node")), false, &t.node))
            return fail(QStringLiteral("token %1 is at '%2', which the graph does not have").arg(t.id).arg(j.value(QStringLiteral("node")).toString()));
        const QString state = j.value(QStringLiteral("state")).toString();
        t.state = state == QLatin1String("waiting_input") ? TokenState::WaitingInput
                : state == QLatin1String("waiting_join")  ? TokenState::WaitingJoin
                                                          : TokenState::Ready;
        t.resumeAfterNode = j.value(QStringLiteral("resume_after_node")).toBool();
        t.background = j.value(QStringLiteral("background")).toBool();
        t.skipBreakpoint = j.value(QStringLiteral("past_breakpoint")).toBool();
        t.interrupted = j.value(QStringLiteral("interrupted")).toBool();
        for (const QJsonValue &l : j.value(QStringLiteral("loops")).toArray()) {
            LoopFrame f;
            if (!nodeIndex(l.toObject().value(QStringLiteral("header")), false, &f.header))
                return fail(QStringLiteral("token %1 has a loop the graph does not have").arg(t.id));
            f.counter = l.toObject().value(QStringLiteral("counter")).toInt(1);
            f.edge = l.toObject().value(QStringLiteral("edge")).toInt(-1);
            if (f.edge >= d->cg.edges.size())
                return fail(QStringLiteral("token %1 has a loop edge the graph does not have").arg(t.id));
            t.loops.append(f);
        }
        for (const QJsonValue &f : j.value(QStringLiteral("forks")).toArray())
            t.forks.append(f.toInt());
        for (const QJsonValue &c : j.value(QStringLiteral("edge_counts")).toArray()) {
            const int edge = c.toObject().value(QStringLiteral("edge")).toInt(-1);
            if (edge < 0 || edge >= d->cg.edges.size())
                return fail(QStringLiteral("token %1 counts an edge the graph does not have").arg(t.id));
            t.edgeCounts.insert(edge, c.toObject().value(QStringLiteral("count")).toInt());
        }
        for (const QJsonValue &p : j.value(QStringLiteral("path")).toArray()) {
            int n;
            if (nodeIndex(p, false, &n))
                t.remember(n);
        }
        if (t.state == TokenState::Ready)
            d->ready.push_back(t.id);
        d->tokens.emplace(t.id, std::move(t));
    }
    d->flow.m_forks.clear();
    for (const QJsonValue &v : o.value(QStringLiteral("forks")).toArray()) {
        const QJsonObject j = v.toObject();
        Fork f;
        f.id = j.value(QStringLiteral("id")).toInt();
        f.expected = j.value(QStringLiteral("expected")).toInt();
        f.finished = j.value(QStringLiteral("finished")).toInt();
        f.parent = j.value(QStringLiteral("parent")).toInt(-1);
        if (!nodeIndex(j.value(QStringLiteral("join")), true, &f.join))
            return fail(QStringLiteral("fork %1 waits at a join the graph does not have").arg(f.id));
        for (const QJsonValue &a : j.value(QStringLiteral("arrived")).toArray())
            f.arrived.append(a.toInt());
        d->flow.m_forks.insert(f.id, f);
    }
    d->interactions.m_pending.clear();
    for (const QJsonValue &v : o.value(QStringLiteral("pending")).toArray()) {
        const QJsonObject j = v.toObject();
        PendingInteraction p;
        p.id = j.value(QStringLiteral("id")).toString();
        if (!nodeIndex(j.value(QStringLiteral("node")), false, &p.node))
            return fail(QStringLiteral("interaction '%1' is at a node the graph does not have").arg(p.id));
        p.token = j.value(QStringLiteral("token")).toInt();
        p.kind = j.value(QStringLiteral("kind")).toString();
        p.prompt = j.value(QStringLiteral("prompt")).toString();
        p.options = j.value(QStringLiteral("options")).toArray().toVariantList();
        p.multiple = j.value(QStringLiteral("multiple")).toBool();
        p.minChoices = p.multiple ? j.value(QStringLiteral("min")).toInt(1) : 1;
        p.maxChoices = p.multiple ? j.value(QStringLiteral("max")).toInt(0) : 1;
        if (d->tokens.find(p.token) == d->tokens.end())
            return fail(QStringLiteral("interaction '%1' belongs to a branch the run state does not have").arg(p.id));
        d->interactions.m_pending.append(p);
    }
    d->children.restore(o.value(QStringLiteral("children")).toObject());
    d->nextToken = o.value(QStringLiteral("next_token")).toInt(1);
    d->flow.m_nextFork = o.value(QStringLiteral("next_fork")).toInt(1);
    // A run that was under way when saved goes on paused until continueRun().
    const RunStatus saved = runStatusFromName(o.value(QStringLiteral("status")).toString(), RunStatus::Paused);
    d->status = runStatusIsFinal(saved) ? saved : RunStatus::Paused;
    d->error = o.value(QStringLiteral("error")).toString();
    d->failedNode = o.value(QStringLiteral("failed_node")).toString();
    d->failedPath.clear();
    for (const QJsonValue &p : o.value(QStringLiteral("failed_path")).toArray())
        d->failedPath << p.toString();
    return true;
}

void Executor::continueRun()
{
    if (d->status != RunStatus::Paused && d->status != RunStatus::Idle)
        return;
    d->clock.start();
    d->setStatus(RunStatus::Running);
    if (d->events.observed(RunEventType::Resumed))
        d->events.emitEvent(RunEventType::Resumed, nullptr, -1, QStringLiteral("from a checkpoint"));
    if (d->ready.empty())
        d->scheduler.settle();
    else
        d->scheduler.schedulePump();
}

} // namespace capgraph
