#pragma once

#include "exec/RunSnapshot.h"

#include <QString>

namespace capgraph::editor {

// A conditional breakpoint: stop at the node only when `condition` (an expression over the
// run's context, `iteration` included) holds, or from its `onIteration`-th loop round on.
// Both empty: stop every time.
struct Breakpoint
{
    QString condition;
    int onIteration = 0;
};

// What the canvas reads of a run to draw it (the nodes' and edges' states, the breakpoints,
// whether a run or a replay is on), and nothing it could change it with. RunController
// implements it; the scene holds one (GraphScene::setRunState) and the items and the
// overview ask it as they paint.
class RunStateView
{
public:
    virtual ~RunStateView() = default;

    virtual const RunSnapshot &snapshot() const = 0;
    virtual bool hasBreakpoint(const QString &nodeId) const = 0;
    virtual Breakpoint breakpoint(const QString &nodeId) const = 0;
    virtual bool isRunning() const = 0; // a run exists and has not ended
    virtual bool isReplaying() const = 0;
    // The node's result is out of date: the graph changed there, or upstream, since the run.
    virtual bool isStale(const QString &nodeId) const = 0;
    // The node's output is pinned: runs do not call its handler.
    virtual bool isPinned(const QString &nodeId) const = 0;
};

} // namespace capgraph::editor
