#pragma once

#include "exec/NodeExecutions.h"
#include "scene/RunStateView.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QStringList>

namespace capgraph::editor {

class GraphDocument;
class RunController;

// What the canvas shows of the run when the graph on screen may be a sub-graph (docs/studio.md,
// "Sub-graphs"). On the level the run started at: the run, as RunController has it. Below it
// (a composite node's graph, entered during or after the run): that child run's own nodes,
// folded from the events whose RunEvent::path leads there; when the composite node ran more
// than once (a loop, the items of a parallel node), each of its child runs is kept (the last
// MaxInvocations) and the latest is shown unless another is chosen (showInvocation: the
// breadcrumb bar's picker). Above the run's level: no run. The scene and the overview read
// this; its changed() says which of the nodes on screen to repaint.
class LevelRunView : public QObject, public RunStateView
{
    Q_OBJECT

public:
    LevelRunView(RunController *run, GraphDocument *document, QObject *parent = nullptr);

    const RunSnapshot &snapshot() const override;
    // The executions of the nodes on screen in the run shown (the Node dock's), as snapshot().
    const NodeExecutions &executions() const;
    bool hasBreakpoint(const QString &nodeId) const override;
    Breakpoint breakpoint(const QString &nodeId) const override;
    bool isRunning() const override;
    bool isReplaying() const override;
    bool isStale(const QString &nodeId) const override;
    bool isPinned(const QString &nodeId) const override;

    // The nodes from the run's level down to the graph on screen (empty on the run's level);
    // nullopt when the graph on screen is not in the run (above it, or another graph).
    std::optional<QStringList> below() const;
    // A request id ("write_issue/approve", "map[2]/ask") as a node of the graph on screen
    // ("approve" inside write_issue, "write_issue" above it); empty when it is not on screen.
    QString nodeOnScreen(const QString &requestId) const;
    // The child runs folded so far, by path ("write_issue", "write_issue/polish").
    QStringList childPaths() const { return m_children.keys(); }
    // The addresses (RunEvent::path: "write_issue", "map[2]/polish") of the child run on
    // screen while it is under way (Executor::childRun finds it), empty otherwise: on the
    // run's level, above it, a child run that ended, an earlier invocation, a replay.
    QStringList liveChildPath() const;

    // The child runs of the level on screen kept so far (0 on the run's level, or above it),
    // numbered from 1 (the first may have been dropped: firstInvocation()).
    static constexpr int MaxInvocations = 1000;
    int invocations() const;
    qint64 firstInvocation() const;
    // Which one the canvas shows: its number, or 0 for the latest (the default).
    qint64 shownInvocation() const;
    void showInvocation(qint64 number);

signals:
    void changed(const QSet<QString> &nodes);
    void invocationsChanged(); // another child run of the level on screen began (or the level changed)

private:
    void fold(const RunEvent &event);
    void rebuild(); // from a replay's events up to its position
    void showAll();

    RunController *m_run;
    GraphDocument *m_document;
    struct Invocations
    {
        QList<RunSnapshot> runs; // the kept ones, oldest first
        QList<NodeExecutions> executions; // theirs, one for one
        qint64 dropped = 0;      // how many before them are no longer kept
        qint64 shown = 0;        // the number shown, 0: the latest
    };
    const Invocations *shownRuns() const;
    qsizetype shownIndex(const Invocations &runs) const; // into runs.runs
    QHash<QString, Invocations> m_children; // by the node ids down from the run's level, '/'-joined
    QHash<QString, qint64> m_current; // a child run under way, by its raw path ("map[2]/ask"): its number
    QSet<QString> m_dirty; // nodes of the graph on screen to repaint (below the run's level)
};

} // namespace capgraph::editor
