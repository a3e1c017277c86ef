#pragma once

#include "exec/PendingInteraction.h"
#include "exec/RunEvent.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QVariant>

#include <memory>

namespace capgraph {

class Executor;
class ExecutorPrivate;
class SkillCall;

// The run's child runs (composite capabilities, docs/execution.md "Sub-graphs"), one level
// down: each skill call whose handler runs a graph hands its child executor over
// (SkillCall::adoptChild). This unit shows the child's events to the observers that want them
// (with RunEvent::path), lists the child's questions as the run's own (`node/child_node`),
// routes answers down, lets the run wait while a child waits, and keeps a waiting or paused
// child's state in checkpoints, so that a resumed run gives it back to the call that asks again.
class ExecutorChildren
{
public:
    explicit ExecutorChildren(ExecutorPrivate &d);
    ~ExecutorChildren();

    void adopt(const SkillCall *call, int token, int node, int item, Executor *child);
    // Debugging across levels (Executor::stepInto, setChildBreakpoints): breakpoints in the
    // children's graphs by the path of calling nodes, the next child adopted stopping before
    // its first node, the children that stand paused (first: the one a step goes into).
    void setBreakpointsBelow(const QHash<QString, QHash<QString, QString>> &byPath);
    void stepIntoNext(bool on) { m_stepInto = on; }
    QList<Executor *> paused() const;
    QStringList pausedPath() const;
    void pauseAll(); // the children at work pause too
    void release(const SkillCall *call); // the call ended
    // Whether the child run of the call `token` makes at `node` passes its events up (some
    // observer takes child events).
    bool forwarded(int token, int node) const;
    void clear();

    // The children's questions, ids prefixed with the calling node's id (`draft/ask`, and
    // `draft/refine/ask` a level deeper); `node` is the calling node.
    QList<PendingInteraction> pending() const;
    // Whether a child run answers to `requestId` (`node/…`, `node#2/…`).
    bool routes(const QString &requestId) const;
    // Answers `node/…` in the child that node runs. False with *error when no child of that
    // node waits, or the child refuses the answer.
    bool answer(const QString &requestId, const QVariant &value, QString *error);
    // How many calls wait on their child's questions (their child runs wait for input).
    int waitingCalls() const;

    // Checkpoints: the state of each child run that waits or stands paused, by the token whose
    // call runs it.
    QJsonObject save() const;
    void restore(const QJsonObject &children);
    bool hasSaved() const { return !m_saved.isEmpty(); }
    bool any() const { return !m_children.empty(); }
    // The saved state for the call `token` makes at `node` (once), or empty.
    QJsonObject takeSaved(int token, int node);

    struct Child
    {
        const SkillCall *call = nullptr;
        int token = -1;
        int node = -1;
        int item = -1;
        QString prefix; // its address: "draft", "map[2]" for an item, "draft#2" for a second run of draft at once
        QPointer<Executor> executor;
        std::unique_ptr<RunObserver> forwarder;
    };
    const std::vector<std::unique_ptr<Child>> &children() const { return m_children; }

private:
    void childStatusChanged(Child *child);
    void applyBreakpoints(const Child &child);
    QHash<QString, QHash<QString, QString>> m_breakpointsBelow; // path → node → condition
    bool m_stepInto = false;
    QString prefixOf(const Child &child) const; // "draft", or "map[2]" for an item of a parallel node

    ExecutorPrivate &d;
    std::vector<std::unique_ptr<Child>> m_children;
    QHash<int, QJsonObject> m_saved; // token -> {node, state}
};

} // namespace capgraph
