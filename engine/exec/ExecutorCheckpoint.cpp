// Executor::saveState / restoreState: the run state as versioned JSON, so a run can stop in
// one process (waiting for input, say) and go on in another.
#include "exec/Executor.h"

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
    auto nodeId = [this](int i) { return i >= 0 ? QJsonValue(m_cg.nodes.at(i).id) : QJsonValue(); };
    QJsonObject o;
    o.insert(QStringLiteral("format"), QString::fromLatin1(kFormat));
    o.insert(QStringLiteral("version"), kStateVersion);
    o.insert(QStringLiteral("graph"), m_graph.id);
    o.insert(QStringLiteral("run_id"), m_options.runId);
    o.insert(QStringLiteral("status"), runStatusName(m_status));
    o.insert(QStringLiteral("steps"), m_steps);
    o.insert(QStringLiteral("elapsed_ms"), elapsedMs());
    o.insert(QStringLiteral("main_path_done"), m_mainPathDone);
    o.insert(QStringLiteral("max_steps"), m_options.maxSteps);
    o.insert(QStringLiteral("cancel_background"), m_options.cancelBackgroundAtEnd);
    o.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(m_warnings));
    o.insert(QStringLiteral("background_errors"), QJsonArray::fromStringList(m_backgroundErrors));
    if (!m_error.isEmpty()) {
        o.insert(QStringLiteral("error"), m_error);
        o.insert(QStringLiteral("failed_node"), m_failedNode);
        o.insert(QStringLiteral("failed_path"), QJsonArray::fromStringList(m_failedPath));
    }
    o.insert(QStringLiteral("input"), QJsonValue::fromVariant(m_input));
    QJsonObject outputs;
    QJsonObject visits;
    for (int i = 0; i < m_cg.nodes.size(); ++i) {
        if (m_hasOutputs.at(i))
            outputs.insert(m_cg.nodes.at(i).id, QJsonValue::fromVariant(m_outputs.at(i)));
        if (m_visits.at(i) > 0)
            visits.insert(m_cg.nodes.at(i).id, m_visits.at(i));
    }
    o.insert(QStringLiteral("outputs"), outputs);
    o.insert(QStringLiteral("visits"), visits);
    if (!m_usage.isEmpty()) {
        QJsonObject usage;
        for (auto it = m_usage.cbegin(); it != m_usage.cend(); ++it)
            usage.insert(it.key(), QJsonObject{{QStringLiteral("prompt_tokens"), it->prompt}, {QStringLiteral("completion_tokens"), it->completion}});
        o.insert(QStringLiteral("token_usage"), usage);
    }
    QJsonObject vars;
    for (auto it = m_vars.cbegin(); it != m_vars.cend(); ++it)
        vars.insert(it.key(), QJsonValue::fromVariant(it.value()));
    o.insert(QStringLiteral("variables"), vars);

    QList<int> ids;
    for (const auto &[id, t] : m_tokens)
        if (t.state != TokenState::Done)
            ids.append(id);
    std::sort(ids.begin(), ids.end());
    QJsonArray tokens;
    for (int id : ids) {
        const Token &t = m_tokens.at(id);
        QJsonObject j;
        j.insert(QStringLiteral("id"), t.id);
        j.insert(QStringLiteral("node"), nodeId(t.node));
        // A call in flight is not saved: the node runs again after a restore.
        const bool inFlight = t.state == TokenState::Running;
        j.insert(QStringLiteral("state"), tokenStateName(inFlight ? TokenState::Ready : t.state));
        j.insert(QStringLiteral("resume_after_node"), inFlight ? false : t.resumeAfterNode);
        j.insert(QStringLiteral("background"), t.background);
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
            path.append(m_cg.nodes.at(n).id);
        j.insert(QStringLiteral("path"), path);
        tokens.append(j);
    }
    o.insert(QStringLiteral("tokens"), tokens);
    QJsonArray forks;
    for (auto it = m_forks.cbegin(); it != m_forks.cend(); ++it) {
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
    for (const PendingInteraction &p : m_pending) {
        QJsonObject j = QJsonObject::fromVariantMap(p.toVariant(m_cg.nodes.at(p.node).id));
        j.insert(QStringLiteral("token"), p.token);
        j.insert(QStringLiteral("options"), QJsonArray::fromVariantList(p.options));
        pending.append(j);
    }
    o.insert(QStringLiteral("pending"), pending);
    o.insert(QStringLiteral("next_token"), m_nextToken);
    o.insert(QStringLiteral("next_fork"), m_nextFork);
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
    if (o.value(QStringLiteral("graph")).toString() != m_graph.id)
        return fail(QStringLiteral("the run state is for graph '%1', not '%2'").arg(o.value(QStringLiteral("graph")).toString(), m_graph.id));
    if (!m_prepared) {
        QStringList errors;
        if (!prepare(&errors))
            return fail(errors.join(QStringLiteral("; ")));
    }
    auto nodeIndex = [this](const QJsonValue &v, bool allowNull, int *out) {
        if (v.isNull() && allowNull) {
            *out = -1;
            return true;
        }
        *out = m_cg.index.value(v.toString(), -1);
        return *out >= 0;
    };
    m_options.runId = o.value(QStringLiteral("run_id")).toString(m_options.runId);
    m_steps = count(o.value(QStringLiteral("steps")));
    m_elapsedBeforeMs = count(o.value(QStringLiteral("elapsed_ms")));
    m_mainPathDone = o.value(QStringLiteral("main_path_done")).toBool();
    m_options.cancelBackgroundAtEnd = o.value(QStringLiteral("cancel_background")).toBool(m_options.cancelBackgroundAtEnd);
    m_warnings.clear();
    for (const QJsonValue &w : o.value(QStringLiteral("warnings")).toArray())
        m_warnings << w.toString();
    m_backgroundErrors.clear();
    for (const QJsonValue &w : o.value(QStringLiteral("background_errors")).toArray())
        m_backgroundErrors << w.toString();
    m_input = o.value(QStringLiteral("input")).toObject().toVariantMap();
    const QJsonObject outputs = o.value(QStringLiteral("outputs")).toObject();
    for (auto it = outputs.constBegin(); it != outputs.constEnd(); ++it) {
        int i;
        if (!nodeIndex(QJsonValue(it.key()), false, &i))
            return fail(QStringLiteral("the run state has outputs for '%1', which the graph does not have").arg(it.key()));
        m_outputs[i] = it.value().toObject().toVariantMap();
        m_hasOutputs[i] = true;
    }
    const QJsonObject visits = o.value(QStringLiteral("visits")).toObject();
    for (auto it = visits.constBegin(); it != visits.constEnd(); ++it) {
        int i;
        if (nodeIndex(QJsonValue(it.key()), false, &i))
            m_visits[i] = count(it.value());
    }
    m_usage.clear();
    const QJsonObject usage = o.value(QStringLiteral("token_usage")).toObject();
    for (auto it = usage.constBegin(); it != usage.constEnd(); ++it) {
        const QJsonObject u = it.value().toObject();
        m_usage.insert(it.key(), TokenUsage{count(u.value(QStringLiteral("prompt_tokens"))),
                                            count(u.value(QStringLiteral("completion_tokens")))});
    }
    const QJsonObject vars = o.value(QStringLiteral("variables")).toObject();
    m_vars.clear();
    for (auto it = vars.constBegin(); it != vars.constEnd(); ++it)
        m_vars.insert(it.key(), it.value().toVariant());

    m_tokens.clear();
    m_ready.clear();
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
        for (const QJsonValue &l : j.value(QStringLiteral("loops")).toArray()) {
            LoopFrame f;
            if (!nodeIndex(l.toObject().value(QStringLiteral("header")), false, &f.header))
                return fail(QStringLiteral("token %1 has a loop the graph does not have").arg(t.id));
            f.counter = l.toObject().value(QStringLiteral("counter")).toInt(1);
            f.edge = l.toObject().value(QStringLiteral("edge")).toInt(-1);
            if (f.edge >= m_cg.edges.size())
                return fail(QStringLiteral("token %1 has a loop edge the graph does not have").arg(t.id));
            t.loops.append(f);
        }
        for (const QJsonValue &f : j.value(QStringLiteral("forks")).toArray())
            t.forks.append(f.toInt());
        for (const QJsonValue &c : j.value(QStringLiteral("edge_counts")).toArray()) {
            const int edge = c.toObject().value(QStringLiteral("edge")).toInt(-1);
            if (edge < 0 || edge >= m_cg.edges.size())
                return fail(QStringLiteral("token %1 counts an edge the graph does not have").arg(t.id));
            t.edgeCounts.insert(edge, c.toObject().value(QStringLiteral("count")).toInt());
        }
        for (const QJsonValue &p : j.value(QStringLiteral("path")).toArray()) {
            int n;
            if (nodeIndex(p, false, &n))
                t.remember(n);
        }
        if (t.state == TokenState::Ready)
            m_ready.push_back(t.id);
        m_tokens.emplace(t.id, std::move(t));
    }
    m_forks.clear();
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
        m_forks.insert(f.id, f);
    }
    m_pending.clear();
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
        if (m_tokens.find(p.token) == m_tokens.end())
            return fail(QStringLiteral("interaction '%1' belongs to a branch the run state does not have").arg(p.id));
        m_pending.append(p);
    }
    m_nextToken = o.value(QStringLiteral("next_token")).toInt(1);
    m_nextFork = o.value(QStringLiteral("next_fork")).toInt(1);
    const QString status = o.value(QStringLiteral("status")).toString();
    m_status = status == QLatin1String("finished") ? RunStatus::Finished
             : status == QLatin1String("failed")   ? RunStatus::Failed
             : status == QLatin1String("cancelled") ? RunStatus::Cancelled
                                                   : RunStatus::Paused;
    m_error = o.value(QStringLiteral("error")).toString();
    m_failedNode = o.value(QStringLiteral("failed_node")).toString();
    m_failedPath.clear();
    for (const QJsonValue &p : o.value(QStringLiteral("failed_path")).toArray())
        m_failedPath << p.toString();
    return true;
}

void Executor::continueRun()
{
    if (m_status != RunStatus::Paused && m_status != RunStatus::Idle)
        return;
    m_clock.start();
    setStatus(RunStatus::Running);
    if (observed(RunEventType::Resumed))
        emitEvent(RunEventType::Resumed, nullptr, -1, QStringLiteral("from a checkpoint"));
    if (m_ready.empty())
        settle();
    else
        schedulePump();
}

} // namespace capgraph
