#include "run/LevelRunView.h"

#include "document/GraphDocument.h"
#include "exec/PendingInteraction.h"
#include "run/RunController.h"

namespace capgraph::editor {

namespace {
const RunSnapshot &noRun()
{
    static const RunSnapshot none;
    return none;
}

const NodeExecutions &noExecutions()
{
    static const NodeExecutions none;
    return none;
}
} // namespace

LevelRunView::LevelRunView(RunController *run, GraphDocument *document, QObject *parent)
    : QObject(parent)
    , m_run(run)
    , m_document(document)
{
    connect(run, &RunController::logged, this, [this](const RunEvent &e) {
        if (e.path.isEmpty() && e.type == RunEventType::RunStarted) { // another run: no child runs yet
            m_children.clear();
            m_current.clear();
            showAll();
            emit invocationsChanged();
        }
        fold(e);
    });
    connect(run, &RunController::changed, this, [this](const QSet<QString> &nodes) {
        const std::optional<QStringList> down = below();
        if (down && down->isEmpty())
            emit changed(nodes);
        else if (!m_dirty.isEmpty())
            emit changed(std::exchange(m_dirty, {}));
    });
    connect(run, &RunController::replayChanged, this, &LevelRunView::rebuild);
    connect(run, &RunController::statusChanged, this, [this](RunStatus s) {
        if (s == RunStatus::Idle && !m_run->isReplaying() && !m_run->hasRun()) {
            m_children.clear(); // another graph: nothing of the old run's children
            m_current.clear();
            emit invocationsChanged();
        }
    });
    connect(document, &GraphDocument::levelChanged, this, [this] {
        showAll();
        emit invocationsChanged();
    });
}

std::optional<QStringList> LevelRunView::below() const
{
    const QStringList here = m_document->levelPath();
    const QStringList ran = m_run->runLevel();
    if (here.size() < ran.size() || here.mid(0, ran.size()) != ran)
        return std::nullopt;
    return here.mid(ran.size());
}

const RunSnapshot &LevelRunView::snapshot() const
{
    const std::optional<QStringList> down = below();
    if (!down)
        return noRun();
    if (down->isEmpty())
        return m_run->snapshot();
    const Invocations *runs = shownRuns();
    if (!runs || runs->runs.isEmpty())
        return noRun();
    return runs->runs.at(shownIndex(*runs));
}

const NodeExecutions &LevelRunView::executions() const
{
    const std::optional<QStringList> down = below();
    if (!down)
        return noExecutions();
    if (down->isEmpty())
        return m_run->executions();
    const Invocations *runs = shownRuns();
    if (!runs || runs->executions.isEmpty())
        return noExecutions();
    return runs->executions.at(shownIndex(*runs));
}

qsizetype LevelRunView::shownIndex(const Invocations &runs) const
{
    const qsizetype i = runs.shown > 0 ? runs.shown - 1 - runs.dropped : runs.runs.size() - 1;
    return i >= 0 && i < runs.runs.size() ? i : runs.runs.size() - 1;
}

QStringList LevelRunView::liveChildPath() const
{
    const std::optional<QStringList> down = below();
    if (!down || down->isEmpty() || m_run->isReplaying() || !m_run->hasRun())
        return {};
    const QString key = down->join(QLatin1Char('/'));
    const Invocations *runs = shownRuns();
    if (!runs || runs->runs.isEmpty())
        return {};
    const qsizetype i = shownIndex(*runs);
    const RunStatus status = runs->runs.at(i).status();
    if (status == RunStatus::Finished || status == RunStatus::Failed || status == RunStatus::Cancelled || status == RunStatus::Idle)
        return {};
    const qint64 number = runs->dropped + 1 + i;
    for (auto it = m_current.cbegin(); it != m_current.cend(); ++it) {
        if (it.value() != number)
            continue;
        QStringList raw = it.key().split(QLatin1Char('/'));
        QStringList ids;
        for (const QString &part : std::as_const(raw))
            ids << PendingInteraction::nodeOfId(part);
        if (ids.join(QLatin1Char('/')) == key)
            return raw;
    }
    return {};
}

const LevelRunView::Invocations *LevelRunView::shownRuns() const
{
    const std::optional<QStringList> down = below();
    if (!down || down->isEmpty())
        return nullptr;
    const auto it = m_children.constFind(down->join(QLatin1Char('/')));
    return it == m_children.cend() ? nullptr : &*it;
}

int LevelRunView::invocations() const
{
    const Invocations *runs = shownRuns();
    return runs ? int(runs->runs.size()) : 0;
}

qint64 LevelRunView::firstInvocation() const
{
    const Invocations *runs = shownRuns();
    return runs ? runs->dropped + 1 : 1;
}

qint64 LevelRunView::shownInvocation() const
{
    const Invocations *runs = shownRuns();
    return runs ? runs->shown : 0;
}

void LevelRunView::showInvocation(qint64 number)
{
    const std::optional<QStringList> down = below();
    if (!down || down->isEmpty())
        return;
    const auto it = m_children.find(down->join(QLatin1Char('/')));
    if (it == m_children.end())
        return;
    const qint64 last = it->dropped + it->runs.size();
    it->shown = number >= last || number <= it->dropped ? 0 : number; // the latest, or one kept
    showAll();
}

bool LevelRunView::hasBreakpoint(const QString &nodeId) const
{
    return m_run->hasBreakpoint(nodeId); // the graph on screen's own
}

Breakpoint LevelRunView::breakpoint(const QString &nodeId) const
{
    return m_run->breakpoint(nodeId);
}

bool LevelRunView::isRunning() const
{
    return m_run->isRunning() && below().has_value();
}

bool LevelRunView::isReplaying() const
{
    return m_run->isReplaying() && below().has_value();
}

bool LevelRunView::isStale(const QString &nodeId) const
{
    const std::optional<QStringList> down = below();
    return down && down->isEmpty() && m_run->isStale(nodeId);
}

bool LevelRunView::isPinned(const QString &nodeId) const
{
    return m_run->isPinned(nodeId); // the pins are the graph on screen's
}

QString LevelRunView::nodeOnScreen(const QString &requestId) const
{
    const std::optional<QStringList> down = below();
    if (!down)
        return {};
    const QStringList parts = requestId.split(QLatin1Char('/'));
    if (parts.size() <= down->size())
        return {};
    for (qsizetype i = 0; i < down->size(); ++i)
        if (PendingInteraction::nodeOfId(parts.at(i)) != down->at(i))
            return {};
    return PendingInteraction::nodeOfId(parts.at(down->size()));
}

void LevelRunView::fold(const RunEvent &event)
{
    if (event.path.isEmpty())
        return;
    const std::optional<QStringList> down = below();
    const QString shown = down && !down->isEmpty() ? down->join(QLatin1Char('/')) : QString();
    // Into the child run of each level of its path: a grandchild's question makes the child's
    // calling node wait too. Each child run is one invocation of its path; the items of a
    // parallel node ("map[2]") and a node run twice at once ("draft#2") are each their own.
    QString key, raw;
    for (qsizetype k = 1; k <= event.path.size(); ++k) {
        if (k > 1) {
            key += QLatin1Char('/');
            raw += QLatin1Char('/');
        }
        key += PendingInteraction::nodeOfId(event.path.at(k - 1)); // "map[2]", "draft#2": of map, of draft
        raw += event.path.at(k - 1);
        RunEvent local = event;
        local.path = event.path.mid(k);
        Invocations &runs = m_children[key];
        if (local.path.isEmpty() && local.type == RunEventType::RunStarted) { // the node runs its graph again
            runs.runs.append(RunSnapshot());
            runs.executions.append(NodeExecutions());
            if (runs.runs.size() > MaxInvocations) {
                runs.runs.removeFirst();
                runs.executions.removeFirst();
                ++runs.dropped;
            }
            m_current.insert(raw, runs.dropped + runs.runs.size());
            if (key == shown)
                emit invocationsChanged();
        }
        if (runs.runs.isEmpty()) { // joined after its start (a replay cut short)
            runs.runs.append(RunSnapshot());
            runs.executions.append(NodeExecutions());
            m_current.insert(raw, runs.dropped + 1);
        }
        const qsizetype i = m_current.value(raw, runs.dropped + runs.runs.size()) - 1 - runs.dropped;
        if (i < 0 || i >= runs.runs.size())
            continue; // no longer kept
        RunSnapshot &child = runs.runs[i];
        const QString pausedBefore = child.pausedAt();
        child.apply(local);
        runs.executions[i].apply(local);
        const qsizetype onScreen = runs.shown > 0 ? runs.shown - 1 - runs.dropped : runs.runs.size() - 1;
        if (key != shown || i != onScreen)
            continue;
        if (!local.path.isEmpty()) {
            m_dirty.insert(RunSnapshot::callingNode(local));
            continue;
        }
        if (!local.nodeId.isEmpty())
            m_dirty.insert(local.nodeId);
        if (!pausedBefore.isEmpty())
            m_dirty.insert(pausedBefore);
        if (!local.from.isEmpty()) {
            m_dirty.insert(child.lastEdgeBefore().first);
            m_dirty.insert(child.lastEdgeBefore().second);
            m_dirty.insert(local.from);
            m_dirty.insert(local.to);
        }
    }
}

void LevelRunView::rebuild()
{
    m_children.clear();
    m_current.clear();
    if (m_run->isReplaying()) {
        const QList<RunEvent> &events = m_run->events();
        for (qsizetype i = 0; i < m_run->position() && i < events.size(); ++i)
            fold(events.at(i));
    }
    m_dirty.clear();
    showAll();
    emit invocationsChanged();
}

void LevelRunView::showAll()
{
    QSet<QString> all;
    for (const Node &n : m_document->graph().nodes)
        all.insert(n.id);
    m_dirty.clear();
    emit changed(all);
}

} // namespace capgraph::editor
