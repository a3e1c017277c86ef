#include "exec/ExecutorDebugger_p.h"

#include "exec/Executor_p.h"
#include "exec/TokenContext_p.h"
#include "expr/ExprValue.h"
#include "expr/Expression.h"

namespace capgraph {

void ExecutorDebugger::pause()
{
    if (d.status != RunStatus::Running)
        return;
    m_stepping = false; // a pause asked for now: not at the end of a step still at work
    if (d.scheduler.inPump() || !d.ready.empty()) {
        m_pauseRequested = true;
        return;
    }
    m_pauseRequested = false;
    d.setStatus(RunStatus::Paused);
    if (d.events.observed(RunEventType::Paused))
        d.events.emitEvent(RunEventType::Paused, nullptr, -1);
}

void ExecutorDebugger::resume()
{
    if (d.status == RunStatus::Running && m_pauseRequested) { // a pause asked for, not yet made
        m_pauseRequested = false;
        m_stepping = false;
        return;
    }
    if (d.status != RunStatus::Paused)
        return;
    m_pauseRequested = false;
    d.setStatus(RunStatus::Running);
    if (d.events.observed(RunEventType::Resumed))
        d.events.emitEvent(RunEventType::Resumed, nullptr, -1);
    if (d.ready.empty())
        d.scheduler.settle();
    else
        d.scheduler.schedulePump();
}

void ExecutorDebugger::step()
{
    m_stepBudget = 1;
    if (d.status == RunStatus::Idle)
        return; // not started yet (a child run stepped into): it stops after its first node
    resume();
}

void ExecutorDebugger::setBreakpoints(const QSet<QString> &nodeIds)
{
    m_breakpointIds = nodeIds;
    m_breakpoints.clear();
    for (const QString &id : nodeIds) {
        const int i = d.cg.index.value(id, -1);
        if (i >= 0)
            m_breakpoints.insert(i);
    }
}

bool ExecutorDebugger::breakpointHolds(Token &t)
{
    const QString condition = m_breakpointConditions.value(d.cg.nodes.at(t.node).id).trimmed();
    if (condition.isEmpty())
        return true;
    const Expression e = Expression::parse(condition);
    const EvalResult r = e.isValid() ? e.evaluate(TokenContext(d, t)) : EvalResult{QVariant(), e.errorMessage(), e.errorColumn()};
    if (r.missing)
        return false; // names the run has not produced yet: the condition does not hold yet
    if (!r.ok()) {
        d.events.warn(&t, t.node, CAPGRAPH_TR("capgraph::Run", "breakpoint condition '%1' could not be evaluated (%2): stopped here").arg(condition, r.error));
        return true;
    }
    return ExprValue::truthy(r.value); // as a branch condition would take it
}

QSet<QString> ExecutorDebugger::breakpoints() const
{
    if (!d.prepared)
        return m_breakpointIds; // resolved against the graph by d.prepare()
    QSet<QString> ids;
    for (int i : m_breakpoints)
        ids.insert(d.cg.nodes.at(i).id);
    return ids;
}

bool ExecutorDebugger::setVariable(const QString &name, const QVariant &value, QString *error)
{
    if (d.status == RunStatus::Running) {
        if (error)
            *error = QStringLiteral("pause the run before changing a value");
        return false;
    }
    const qsizetype dot = name.indexOf(QLatin1Char('.'));
    if (dot > 0) {
        const int node = d.cg.index.value(name.left(dot), -1);
        if (node < 0) {
            if (error)
                *error = QStringLiteral("no node '%1'").arg(name.left(dot));
            return false;
        }
        d.outputs[node].insert(name.mid(dot + 1), value);
        d.hasOutputs[node] = true;
        d.vars.insert(name.mid(dot + 1), value);
        if (d.events.observed(RunEventType::VariableChanged)) // in the trace: a replay shows what the run went on with
            d.events.emitEvent(RunEventType::VariableChanged, nullptr, node, name, value);
        return true;
    }
    if (name == QLatin1String("input")) {
        d.input = value.toMap();
        return true;
    }
    d.vars.insert(name, value);
    if (d.events.observed(RunEventType::VariableChanged))
        d.events.emitEvent(RunEventType::VariableChanged, nullptr, -1, name, value);
    return true;
}

bool ExecutorDebugger::stopsAt(Token &t)
{
    return !m_breakpoints.isEmpty() && m_breakpoints.contains(t.node) && !t.skipBreakpoint && breakpointHolds(t);
}

void ExecutorDebugger::pausedHere()
{
    m_pauseRequested = false;
    m_stepping = false;
    d.children.stepIntoNext(false); // a step into a node that ran no child graph: over
}

void ExecutorDebugger::nodeEntered()
{
    if (m_stepBudget > 0 && --m_stepBudget == 0) {
        m_stepBudget = -1;
        m_stepping = true;
        m_pauseRequested = true; // pauses before the next node (once the one that ran is done)
    }
}

} // namespace capgraph
