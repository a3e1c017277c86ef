#pragma once

#include <QHash>
#include <QSet>
#include <QString>
#include <QVariant>

namespace capgraph {

class ExecutorPrivate;
struct Token;

// The debugger: pause, resume and step at node boundaries, breakpoints (conditional ones
// too), and values changed while paused.
class ExecutorDebugger
{
public:
    explicit ExecutorDebugger(ExecutorPrivate &d) : d(d) {}

    void pause();
    void resume();
    void step();
    void setBreakpoints(const QSet<QString> &nodeIds);
    void resolveBreakpoints() { setBreakpoints(m_breakpointIds); } // once the graph is compiled
    QSet<QString> breakpoints() const;
    void setBreakpointConditions(const QHash<QString, QString> &conditions) { m_breakpointConditions = conditions; }
    bool setVariable(const QString &name, const QVariant &value, QString *error);

    // For the scheduler: whether the run stops before t's node (a breakpoint there whose
    // condition holds).
    bool stopsAt(Token &t);
    bool pauseRequested() const { return m_pauseRequested; }
    // A node was entered: a step's budget counts it (the run pauses before the next node,
    // once the one that ran is done).
    void nodeEntered();
    // A step whose node is still at work (an asynchronous call, a retry's wait): the step
    // ends when it comes back.
    bool stepAwaitsCall(bool callsBusy) const { return m_stepBudget < 0 && m_stepping && callsBusy; }
    void pausedHere();

private:
    bool breakpointHolds(Token &t);

    ExecutorPrivate &d;
    QSet<int> m_breakpoints;
    QSet<QString> m_breakpointIds; // kept as ids: they may be set before prepare()
    QHash<QString, QString> m_breakpointConditions; // node id -> expression text
    bool m_pauseRequested = false;
    int m_stepBudget = -1;   // >= 0: pause after this many more nodes
    bool m_stepping = false; // a step's node ran: pause before the next one, once its call is back
};

} // namespace capgraph
