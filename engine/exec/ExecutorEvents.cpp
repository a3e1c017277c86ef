#include "exec/ExecutorEvents_p.h"

#include "exec/Executor_p.h"

#include <QDateTime>

namespace capgraph {

void ExecutorEvents::warn(const Token *t, int node, const TranslatableText &message)
{
    if (m_warnings.size() < 200)
        m_warnings.append(message.english());
    if (observed(RunEventType::Warning))
        emitEvent(RunEventType::Warning, t, node, message);
}

void ExecutorEvents::addObserver(RunObserver *observer)
{
    for (const Observer &o : std::as_const(m_observers))
        if (o.observer == observer)
            return;
    m_observers.append({observer, observer->wantedEvents(), observer->wantsChildEvents()});
    m_wanted |= m_observers.constLast().wanted;
    if (m_observers.constLast().children)
        m_childWanted |= m_observers.constLast().wanted;
}

void ExecutorEvents::removeObserver(RunObserver *observer)
{
    m_observers.removeIf([observer](const Observer &o) { return o.observer == observer; });
    m_wanted = 0;
    m_childWanted = 0;
    for (const Observer &o : std::as_const(m_observers)) {
        m_wanted |= o.wanted;
        if (o.children)
            m_childWanted |= o.wanted;
    }
}

void ExecutorEvents::deliverChild(const RunEvent &event)
{
    const QList<Observer> observers = m_observers;
    for (const Observer &o : observers)
        if (o.children && (o.wanted & runEventBit(event.type)))
            o.observer->onRunEvent(event);
}

void ExecutorEvents::emitSummaryOfChild(RunEventType type, const Token *t, int node, const TranslatableText &message)
{
    deliverEvent(type, t, node, message.english(), message, QVariant(), -1, -1, true);
}

void ExecutorEvents::emitEvent(RunEventType type, const Token *t, int node, const TranslatableText &message, const QVariant &data)
{
    deliverEvent(type, t, node, message.english(), message, data, -1, -1);
}

void ExecutorEvents::emitEvent(RunEventType type, const Token *t, int node, const QString &message, const QVariant &data,
                         int fromNode, int toNode)
{
    deliverEvent(type, t, node, message, TranslatableText(), data, fromNode, toNode);
}

void ExecutorEvents::deliverEvent(RunEventType type, const Token *t, int node, const QString &message, const TranslatableText &text,
                            const QVariant &data, int fromNode, int toNode, bool levelOnly)
{
    RunEvent e;
    e.type = type;
    e.time = QDateTime::currentMSecsSinceEpoch();
    e.elapsedUs = d.elapsedBeforeMs * 1000 + (d.clock.isValid() ? d.clock.nsecsElapsed() / 1000 : 0);
    e.step = d.steps;
    if (t) {
        e.token = t->id;
        e.iteration = t->iteration();
    }
    if (node >= 0) {
        const auto &n = d.cg.nodes.at(node);
        e.nodeId = n.id;
        e.nodeKind = n.kind;
        e.skillId = n.skillId;
    }
    if (fromNode >= 0)
        e.from = d.cg.nodes.at(fromNode).id;
    if (toNode >= 0)
        e.to = d.cg.nodes.at(toNode).id;
    e.message = message;
    e.text = text;
    e.data = data;
    const QList<Observer> observers = m_observers; // an observer may remove itself
    for (const Observer &o : observers)
        if ((o.wanted & runEventBit(type)) && !(levelOnly && o.children))
            o.observer->onRunEvent(e);
}

} // namespace capgraph
