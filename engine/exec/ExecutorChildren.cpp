#include "exec/ExecutorChildren_p.h"

#include "exec/Executor_p.h"

#include <QJsonArray>

#include <algorithm>

namespace capgraph {

namespace {
// Passes a child's events up, one level of path more.
class ChildForwarder : public RunObserver
{
public:
    ChildForwarder(ExecutorEvents &events, QString prefix, RunEventTypes wanted)
        : m_events(events), m_prefix(std::move(prefix)), m_wanted(wanted)
    {
    }
    RunEventTypes wantedEvents() const override { return m_wanted; }
    bool wantsChildEvents() const override { return true; }
    void onRunEvent(const RunEvent &event) override
    {
        RunEvent up = event;
        up.path.prepend(m_prefix);
        m_events.deliverChild(up);
    }

private:
    ExecutorEvents &m_events;
    QString m_prefix;
    RunEventTypes m_wanted;
};
} // namespace

ExecutorChildren::ExecutorChildren(ExecutorPrivate &d) : d(d) {}

ExecutorChildren::~ExecutorChildren()
{
    clear();
}

QString ExecutorChildren::prefixOf(const Child &child) const
{
    const QString &id = d.cg.nodes.at(child.node).id;
    return child.item >= 0 ? QStringLiteral("%1[%2]").arg(id).arg(child.item) : id;
}

void ExecutorChildren::adopt(const SkillCall *call, int token, int node, int item, Executor *child)
{
    auto c = std::make_unique<Child>();
    c->call = call;
    c->token = token;
    c->node = node;
    c->item = item;
    c->executor = child;
    Child *raw = c.get();
    // Two tokens may run one node at once (parallel branches): each child its own address.
    const QString base = prefixOf(*raw);
    QString prefix = base;
    for (int n = 2; std::any_of(m_children.cbegin(), m_children.cend(), [&](const auto &o) { return o->prefix == prefix; }); ++n)
        prefix = QStringLiteral("%1#%2").arg(base).arg(n);
    c->prefix = prefix;
    if (const RunEventTypes wanted = d.events.childWanted()) {
        c->forwarder = std::make_unique<ChildForwarder>(d.events, prefix, wanted);
        child->addObserver(c->forwarder.get());
    }
    applyBreakpoints(*raw);
    if (std::exchange(m_stepInto, false))
        child->step(); // a step into its calling node: it stops before its first node after the start
    QObject::connect(child, &Executor::statusChanged, d.q, [this, raw](RunStatus) { childStatusChanged(raw); });
    QObject::connect(child, &Executor::interactionRequested, d.q,
                     [this, prefix](const QString &id) { emit d.q->interactionRequested(prefix + QLatin1Char('/') + id); });
    m_children.push_back(std::move(c));
}

void ExecutorChildren::release(const SkillCall *call)
{
    for (auto it = m_children.begin(); it != m_children.end(); ++it)
        if ((*it)->call == call) {
            Child &c = **it;
            const bool waited = c.executor && c.executor->status() == RunStatus::WaitingForInput;
            if (c.executor) {
                QObject::disconnect(c.executor, nullptr, d.q, nullptr);
                if (c.forwarder)
                    c.executor->removeObserver(c.forwarder.get());
            }
            m_children.erase(it);
            // Its question goes with it (a timeout, a failed branch): the run no longer waits for it.
            if (waited && d.status == RunStatus::WaitingForInput && !d.interactions.waiting() && waitingCalls() == 0)
                d.setStatus(RunStatus::Running);
            return;
        }
}

bool ExecutorChildren::forwarded(int token, int node) const
{
    return std::any_of(m_children.cbegin(), m_children.cend(),
                       [token, node](const auto &c) { return c->token == token && c->node == node && c->forwarder; });
}

void ExecutorChildren::clear()
{
    while (!m_children.empty())
        release(m_children.back()->call);
}

void ExecutorChildren::applyBreakpoints(const Child &child)
{
    if (!child.executor || m_breakpointsBelow.isEmpty())
        return;
    const QString key = d.cg.nodes.at(child.node).id;
    const QHash<QString, QString> here = m_breakpointsBelow.value(key);
    child.executor->setBreakpoints(QSet<QString>(here.keyBegin(), here.keyEnd()));
    QHash<QString, QString> conditions;
    for (auto it = here.cbegin(); it != here.cend(); ++it)
        if (!it.value().trimmed().isEmpty())
            conditions.insert(it.key(), it.value());
    child.executor->setBreakpointConditions(conditions);
    QHash<QString, QHash<QString, QString>> below;
    const QString deeper = key + QLatin1Char('/');
    for (auto it = m_breakpointsBelow.cbegin(); it != m_breakpointsBelow.cend(); ++it)
        if (it.key().startsWith(deeper))
            below.insert(it.key().mid(deeper.size()), it.value());
    child.executor->setChildBreakpoints(below);
}

void ExecutorChildren::setBreakpointsBelow(const QHash<QString, QHash<QString, QString>> &byPath)
{
    const bool had = !m_breakpointsBelow.isEmpty();
    m_breakpointsBelow = byPath;
    for (const auto &c : m_children) {
        if (had && byPath.isEmpty() && c->executor) { // all cleared: the children's too
            c->executor->setBreakpoints({});
            c->executor->setBreakpointConditions({});
            c->executor->setChildBreakpoints({});
        }
        applyBreakpoints(*c);
    }
}

QList<Executor *> ExecutorChildren::paused() const
{
    // A child stands paused itself, or because a child of its own does.
    QList<Executor *> out;
    for (const auto &c : m_children)
        if (c->executor && c->executor->status() == RunStatus::Paused)
            out.append(c->executor);
    return out;
}

QStringList ExecutorChildren::pausedPath() const
{
    for (const auto &c : m_children)
        if (c->executor && c->executor->status() == RunStatus::Paused)
            return QStringList{c->prefix} + c->executor->pausedPath();
    return {};
}

void ExecutorChildren::pauseAll()
{
    for (const auto &c : m_children)
        if (c->executor && c->executor->status() == RunStatus::Running)
            c->executor->pause();
}

void ExecutorChildren::childStatusChanged(Child *child)
{
    if (!child->executor)
        return;
    const RunStatus s = child->executor->status();
    if (s == RunStatus::Paused || s == RunStatus::WaitingForInput || s == RunStatus::Running)
        d.calls.holdTimeout(child->call, s != RunStatus::Running);
    if (s == RunStatus::Paused && d.status == RunStatus::Running) {
        d.debugger.pause(); // stopped in there (a breakpoint, a step): the whole run stands still
        return;
    }
    if (s == RunStatus::WaitingForInput && d.status == RunStatus::Running && d.ready.empty())
        d.scheduler.settle(); // perhaps nothing else goes on: the run waits too
    else if (s == RunStatus::Running && d.status == RunStatus::WaitingForInput)
        d.setStatus(RunStatus::Running); // answered down there: the child goes on, so does the run
}

QList<PendingInteraction> ExecutorChildren::pending() const
{
    QList<PendingInteraction> all;
    for (const auto &c : m_children) {
        if (!c->executor)
            continue;
        const QString prefix = c->prefix + QLatin1Char('/');
        for (PendingInteraction p : c->executor->pendingInteractions()) {
            p.id.prepend(prefix);
            p.node = c->node;
            p.token = c->token;
            all.append(p);
        }
    }
    return all;
}

bool ExecutorChildren::routes(const QString &requestId) const
{
    return std::any_of(m_children.cbegin(), m_children.cend(), [&](const auto &c) {
        return c->executor && requestId.startsWith(c->prefix + QLatin1Char('/'));
    });
}

bool ExecutorChildren::answer(const QString &requestId, const QVariant &value, QString *error)
{
    for (const auto &c : m_children) {
        const QString prefix = c->prefix + QLatin1Char('/');
        if (c->executor && requestId.startsWith(prefix))
            return c->executor->answer(requestId.mid(prefix.size()), value, error);
    }
    if (error)
        *error = QStringLiteral("no sub-graph run of '%1' asks for '%2'").arg(requestId.section(QLatin1Char('/'), 0, 0),
                                                                               requestId.section(QLatin1Char('/'), 1));
    return false;
}

int ExecutorChildren::waitingCalls() const
{
    int n = 0;
    for (const auto &c : m_children)
        if (c->executor && c->executor->status() == RunStatus::WaitingForInput)
            ++n;
    return n;
}

QJsonObject ExecutorChildren::save() const
{
    QJsonObject o;
    for (auto it = m_saved.cbegin(); it != m_saved.cend(); ++it) // restored, not asked for again yet
        o.insert(QString::number(it.key()), it.value());
    for (const auto &c : m_children)
        if (c->executor && c->item < 0
            && (c->executor->status() == RunStatus::WaitingForInput || c->executor->status() == RunStatus::Paused))
            o.insert(QString::number(c->token), QJsonObject{{QStringLiteral("node"), d.cg.nodes.at(c->node).id},
                                                            {QStringLiteral("state"), c->executor->saveState()}});
    return o;
}

void ExecutorChildren::restore(const QJsonObject &children)
{
    m_saved.clear();
    for (auto it = children.begin(); it != children.end(); ++it) {
        bool ok = false;
        const int token = it.key().toInt(&ok);
        if (ok && it.value().isObject())
            m_saved.insert(token, it.value().toObject());
    }
}

QJsonObject ExecutorChildren::takeSaved(int token, int node)
{
    const auto it = m_saved.find(token);
    if (it == m_saved.end() || it->value(QStringLiteral("node")).toString() != d.cg.nodes.at(node).id)
        return {};
    return m_saved.take(token).value(QStringLiteral("state")).toObject();
}

} // namespace capgraph
