#pragma once

#include "exec/SkillCall.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QDeadlineTimer>
#include <QVariantMap>

#include <array>

namespace capgraph {

// The executor's bookkeeping (private to the executor's units: Executor_p.h), kept in plain
// structs so that a checkpoint can write and read all of it (ExecutorCheckpoint.cpp).

// One level of loop nesting on a token: a loop_start, or the target of an iteration edge
// that has no loop_start (its header).
struct LoopFrame
{
    int header = -1;
    int counter = 1; // the `iteration` value inside this loop, from 1
    int edge = -1;   // the iteration edge closing a loop without loop_start, else -1
};

enum class TokenState { Ready, Running, WaitingInput, WaitingJoin, Done };

// A thread of control: where it is, its loops, and the parallel forks it belongs to.
struct Token
{
    int id = 0;
    int node = -1;
    TokenState state = TokenState::Ready;
    bool background = false;    // started by a sync_required: false edge
    bool resumeAfterNode = false; // the node ran (an answer arrived): continue past it
    bool skipBreakpoint = false;  // resumed from a breakpoint on this node
    bool interrupted = false;     // restored: its node's call was under way when the checkpoint was taken
    int pendingRound = 0;         // iterative skill: the next round to call (0 = none)
    QVariantMap pendingInputs;
    QList<LoopFrame> loops;
    QList<int> forks;           // fork ids, innermost last
    QHash<int, int> edgeCounts; // iteration edge -> times taken in the current loop
    std::array<int, 32> path{}; // the last nodes run, a ring buffer
    int pathLength = 0;

    int iteration() const { return loops.isEmpty() ? 0 : loops.last().counter; }
    void remember(int nodeIndex)
    {
        path[size_t(pathLength % int(path.size()))] = nodeIndex;
        ++pathLength;
    }
    QList<int> recentPath() const
    {
        QList<int> out;
        const int n = std::min<int>(pathLength, int(path.size()));
        for (int i = pathLength - n; i < pathLength; ++i)
            out.append(path[size_t(i % int(path.size()))]);
        return out;
    }
};

// A parallel_split's set of synchronised branches.
struct Fork
{
    int id = 0;
    int expected = 0;      // sync branches started
    int finished = 0;      // sync branches that ended without reaching the join
    int join = -1;         // the join node the branches meet at (the split's join, else the first arrival)
    int parent = -1;       // the enclosing fork, -1 for none
    QList<int> arrived;    // tokens parked at the join
};

// A failed call waiting for its retry timer.
struct PendingRetry
{
    int token = -1;
    int node = -1;
    QVariantMap inputs;
    int attempt = 1; // the attempt to make
    int round = 1;
    int item = -1;
};

// A skill call in flight (asynchronous handlers).
struct ActiveCall
{
    int token = -1;
    int node = -1;
    SkillCallPtr call;
    int timerId = 0;  // its timeout, if any
    QDeadlineTimer deadline; // when it times out (while not held)
    qint64 heldLeftMs = -1;  // held (its child run waits for a person or stands paused): what was left
    int item = -1;
    int attempt = 1;
    int round = 1;
    QVariantMap inputs; // kept for a retry
};

} // namespace capgraph
