#pragma once

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
// than once, the latest of its child runs. Above the run's level: no run. The scene and the
// overview read this; its changed() says which of the nodes on screen to repaint.
class LevelRunView : public QObject, public RunStateView
{
    Q_OBJECT

public:
    LevelRunView(RunController *run, GraphDocument *document, QObject *parent = nullptr);

    const RunSnapshot &snapshot() const override;
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

signals:
    void changed(const QSet<QString> &nodes);

private:
    void fold(const RunEvent &event);
    void rebuild(); // from a replay's events up to its position
    void showAll();

    RunController *m_run;
    GraphDocument *m_document;
    QHash<QString, RunSnapshot> m_children; // by the node ids down from the run's level, '/'-joined
    QSet<QString> m_dirty; // nodes of the graph on screen to repaint (below the run's level)
};

} // namespace capgraph::editor
