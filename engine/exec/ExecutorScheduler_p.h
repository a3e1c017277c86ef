#pragma once

namespace capgraph {

class ExecutorPrivate;

// Scheduling: runs ready tokens one node at a time on the Qt event loop in time slices,
// stops where a breakpoint, a pause or a step says, removes finished tokens, and settles what
// the run is once nothing is ready (finished, waiting for an answer, waiting for handlers, or
// stuck).
class ExecutorScheduler
{
public:
    explicit ExecutorScheduler(ExecutorPrivate &d) : d(d) {}

    void schedulePump(); // a pump on the next turn of the event loop (once)
    void pump();
    void wakeToken(int tokenId); // continue past its node on the next pump
    void markDead() { m_hasDead = true; } // some token is Done and waits to be removed
    void reap();
    void settle(); // after the ready queue drains: finished? waiting?
    bool inPump() const { return m_inPump; }
    bool pumpQueued() const { return m_pumpQueued; }
    void requestCancel() { m_cancelRequested = true; } // from inside the pump: done between nodes

private:
    bool runToken(int tokenId); // one node; false when no node was entered

    ExecutorPrivate &d;
    bool m_pumpQueued = false;
    bool m_inPump = false;
    bool m_hasDead = false;
    bool m_cancelRequested = false;
};

} // namespace capgraph
