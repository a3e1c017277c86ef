#pragma once

#include "diagnostics/TranslatableText.h"
#include "exec/RunEvent.h"

#include <QList>
#include <QStringList>
#include <QVariant>

namespace capgraph {

class ExecutorPrivate;
struct Token;

// The executor's events: who observes the run and what each wants, the RunEvents it hands
// them (an event nobody wants is not built), and the run's warnings.
class ExecutorEvents
{
public:
    explicit ExecutorEvents(ExecutorPrivate &d) : d(d) {}

    void addObserver(RunObserver *observer);
    void removeObserver(RunObserver *observer);
    // Whether some observer wants events of this type.
    bool observed(RunEventType type) const { return m_wanted & runEventBit(type); }
    // A message in the engine's own words, kept translatable (RunEvent::text).
    void emitEvent(RunEventType type, const Token *t, int node, const TranslatableText &message, const QVariant &data = QVariant());
    void emitEvent(RunEventType type, const Token *t, int node, const QString &message = QString(),
                   const QVariant &data = QVariant(), int fromNode = -1, int toNode = -1);
    // An event of a child run (RunEvent::path set), to the observers that want child events.
    void deliverChild(const RunEvent &event);
    // A composite node's own line about its child run ("write_issue ▸ draft finished"), to the
    // observers that do not take the child's events: those that do see the child's own events.
    void emitSummaryOfChild(RunEventType type, const Token *t, int node, const TranslatableText &message);
    // What the observers that want child events want of them (0: nobody).
    RunEventTypes childWanted() const { return m_childWanted; }
    // A warning of the run (kept, at most 200, and sent as an event).
    void warn(const Token *t, int node, const TranslatableText &message);
    const QStringList &warnings() const { return m_warnings; }

private:
    friend class Executor; // checkpoints
    void deliverEvent(RunEventType type, const Token *t, int node, const QString &message, const TranslatableText &text,
                      const QVariant &data, int fromNode, int toNode, bool levelOnly = false);

    struct Observer
    {
        RunObserver *observer;
        RunEventTypes wanted;
        bool children = false;
    };
    ExecutorPrivate &d;
    QList<Observer> m_observers;
    RunEventTypes m_wanted = 0; // what any observer wants
    RunEventTypes m_childWanted = 0; // what observers of child events want
    QStringList m_warnings;
};

} // namespace capgraph
