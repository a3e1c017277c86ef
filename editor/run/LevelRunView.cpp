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
} // namespace

LevelRunView::LevelRunView(RunController *run, GraphDocument *document, QObject *parent)
    : QObject(parent)
    , m_run(run)
    , m_document(document)
{
    connect(run, &RunController::logged, this, [this](const RunEvent &e) {
        if (e.path.isEmpty() && e.type == RunEventType::RunStarted) { // another run: no child runs yet
            m_children.clear();
            showAll();
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
        if (s == RunStatus::Idle && !m_run->isReplaying() && !m_run->executor())
            m_children.clear(); // another graph: nothing of the old run's children
    });
    connect(document, &GraphDocument::levelChanged, this, &LevelRunView::showAll);
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
    const auto it = m_children.constFind(down->join(QLatin1Char('/')));
    return it == m_children.cend() ? noRun() : *it;
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
    // calling node wait too.
    QString key;
    for (qsizetype k = 1; k <= event.path.size(); ++k) {
        if (k > 1)
            key += QLatin1Char('/');
        key += PendingInteraction::nodeOfId(event.path.at(k - 1)); // "map[2]", "draft#2": of map, of draft
        RunEvent local = event;
        local.path = event.path.mid(k);
        if (local.path.isEmpty() && local.type == RunEventType::RunStarted)
            m_children[key] = RunSnapshot(); // the node runs its graph again: the latest one shows
        RunSnapshot &child = m_children[key];
        const QString pausedBefore = child.pausedAt();
        child.apply(local);
        if (key != shown)
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
    if (m_run->isReplaying()) {
        const QList<RunEvent> &events = m_run->events();
        for (qsizetype i = 0; i < m_run->position() && i < events.size(); ++i)
            fold(events.at(i));
    }
    m_dirty.clear();
    showAll();
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
