#include "run/RunClock.h"

#include "exec/PendingInteraction.h"

#include <QLocale>

#include <algorithm>

namespace capgraph::editor {

RunClock::Reading RunClock::apply(const RunEvent &e)
{
    if (!e.path.isEmpty()) {
        if (m_startUs < 0)
            return Reading{0, 0};
        // A child run's: timed on its own clock, which began when it started.
        const QString child = e.path.join(QLatin1Char('/'));
        if (e.type == RunEventType::RunStarted || !m_childStart.contains(child))
            m_childStart.insert(child, m_lastUs - e.elapsedUs);
        const qint64 at = std::max(m_lastUs, m_childStart.value(child) + e.elapsedUs);
        if (m_paused || (m_asking > 0 && m_atWork.isEmpty()))
            m_stillUs += at - m_lastUs;
        m_lastUs = at;
        const qint64 since = std::max<qint64>(0, at - m_startUs);
        const Reading reading{std::max<qint64>(0, since - m_stillUs), since};
        // Its question: the node that calls it waits for a person, as an asking node does.
        const QString caller = PendingInteraction::nodeOfId(e.path.constFirst());
        if (e.type == RunEventType::InteractionRequested) {
            ++m_asking;
            QSet<int> &still = m_asked[caller];
            for (auto it = m_tokenNode.cbegin(); it != m_tokenNode.cend(); ++it)
                if (it.value() == caller && m_atWork.remove(it.key()))
                    still.insert(it.key());
        } else if (e.type == RunEventType::InteractionAnswered) {
            m_asking = std::max(0, m_asking - 1);
            if (const auto it = m_asked.find(caller); it != m_asked.end()) {
                m_atWork += *it;
                m_asked.erase(it);
            }
        }
        return reading;
    }
    if (e.type == RunEventType::RunStarted)
        reset();
    if (m_startUs < 0) { // the run's start (or the first event heard of it)
        m_startUs = e.elapsedUs;
        m_lastUs = e.elapsedUs;
    }
    // Since the last event the run stood still, or it was at work.
    const qint64 gap = std::max<qint64>(0, e.elapsedUs - m_lastUs);
    if (m_paused || (m_asking > 0 && m_atWork.isEmpty()))
        m_stillUs += gap;
    m_lastUs = std::max(m_lastUs, e.elapsedUs);
    const qint64 since = std::max<qint64>(0, e.elapsedUs - m_startUs);
    const Reading reading{std::max<qint64>(0, since - m_stillUs), since};

    // What the run does from this event on.
    switch (e.type) {
    case RunEventType::Paused:
    case RunEventType::BreakpointHit:
        m_paused = true;
        break;
    case RunEventType::Resumed:
        m_paused = false;
        break;
    case RunEventType::InteractionRequested:
        ++m_asking;
        break;
    case RunEventType::InteractionAnswered:
        m_asking = std::max(0, m_asking - 1);
        break;
    case RunEventType::NodeStarted:
        if (e.token >= 0) {
            m_atWork.insert(e.token);
            m_tokenNode.insert(e.token, e.nodeId);
        }
        break;
    case RunEventType::NodeFinished:
    case RunEventType::NodeFailed:
    case RunEventType::NodeWaiting: // for a person, or at a join for the other branches
        m_atWork.remove(e.token);
        m_tokenNode.remove(e.token);
        for (QSet<int> &still : m_asked)
            still.remove(e.token);
        break;
    case RunEventType::RunFinished:
    case RunEventType::RunFailed:
    case RunEventType::RunCancelled:
        m_paused = false;
        m_asking = 0;
        m_atWork.clear();
        m_tokenNode.clear();
        m_asked.clear();
        break;
    default:
        break;
    }
    return reading;
}

qint64 RunClock::activeAt(qint64 elapsedUs) const
{
    if (m_startUs < 0)
        return 0;
    const qint64 now = std::max(elapsedUs, m_lastUs);
    qint64 still = m_stillUs;
    if (m_paused || (m_asking > 0 && m_atWork.isEmpty()))
        still += now - m_lastUs; // standing still since the last event
    return std::max<qint64>(0, now - m_startUs - still);
}

void RunClock::reset()
{
    *this = RunClock();
}

QString RunClock::format(qint64 us)
{
    const qint64 hundredths = (std::max<qint64>(0, us) + 5000) / 10000;
    if (hundredths < 6000)
        return tr("%1 s", "seconds, to the hundredth").arg(QLocale().toString(double(hundredths) / 100.0, 'f', 2));
    const qint64 seconds = std::max<qint64>(60, us / 1000000); // 59.996 s is "1 min 00 s", not "0 min 59 s"
    const QLatin1Char zero('0');
    if (seconds < 3600)
        return tr("%1 min %2 s").arg(seconds / 60).arg(seconds % 60, 2, 10, zero);
    return tr("%1 h %2 min %3 s").arg(seconds / 3600).arg(seconds / 60 % 60, 2, 10, zero).arg(seconds % 60, 2, 10, zero);
}

QString RunClock::brief(qint64 us)
{
    us = std::max<qint64>(0, us);
    const QLocale locale;
    if (us < 1000)
        return tr("%1 µs").arg(us);
    if (us < 1'000'000)
        return tr("%1 ms").arg(locale.toString(us / 1000.0, 'f', us < 10'000 ? 1 : 0));
    if (us < 60'000'000)
        return tr("%1 s").arg(locale.toString(us / 1'000'000.0, 'f', 1));
    return tr("%1 min %2 s").arg(us / 60'000'000).arg(us / 1'000'000 % 60, 2, 10, QLatin1Char('0'));
}

} // namespace capgraph::editor
