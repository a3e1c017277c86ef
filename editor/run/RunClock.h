#pragma once

#include "exec/RunEvent.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

namespace capgraph::editor {

// A run's own time, as the Run Log shows it: since the run started, without the time it stood
// still — paused (a pause, a breakpoint, a step) or waiting for nothing but a person's answer
// (questions open and no node at work, as when the run's status is "waiting for input"). Read
// from the run's events alone, so that a live run and a replayed trace give the same times.
// Feed it a run's events in order; each gets its time. A child run's events (RunEvent::path)
// count on the run's clock from the moment the child started (its own clock begins at 0), and
// a child's open question makes the node that calls it stand still, as a node that asks does.
class RunClock
{
    Q_DECLARE_TR_FUNCTIONS(capgraph::editor::RunClock)

public:
    struct Reading
    {
        qint64 activeUs = 0; // the run's own time at the event
        qint64 sinceStartUs = 0; // the clock on the wall since the start, paused and waiting included
    };

    // The event's times; a RunStarted starts the clock afresh.
    Reading apply(const RunEvent &event);
    void reset();
    // The run's own time at `elapsedUs` (the run's clock on the wall, after the last event
    // applied): what a status bar ticking between events shows.
    qint64 activeAt(qint64 elapsedUs) const;

    // "0.42 s", "12.35 s", "1 min 02 s", "1 h 02 min 03 s", the decimal point as the locale writes it.
    static QString format(qint64 us);
    // A duration as short as it reads well, for lists (Run History, the Node dock, the Tests
    // dock): "29 µs", "5.3 ms", "74 ms", "2.4 s", "3 min 05 s".
    static QString brief(qint64 us);

private:
    qint64 m_startUs = -1;
    qint64 m_lastUs = 0;
    qint64 m_stillUs = 0; // paused or waiting for an answer, so far
    bool m_paused = false;
    int m_asking = 0;   // questions waiting for an answer
    QSet<int> m_atWork; // the tokens inside a node (a call under way, a retry's wait)
    QHash<int, QString> m_tokenNode;   // the node each token at work is in
    QHash<QString, qint64> m_childStart; // a child run's path: where its clock's 0 is on the run's
    QHash<QString, QSet<int>> m_asked;  // a calling node whose child asks: its tokens, standing still
};

} // namespace capgraph::editor
