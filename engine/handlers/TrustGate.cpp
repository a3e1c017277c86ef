#include "handlers/TrustGate.h"

namespace capgraph {

TrustGate TrustGate::trusted()
{
    return {};
}

TrustGate TrustGate::denied(const QString &why)
{
    TrustGate g;
    g.m_state = State::Denied;
    g.m_why = why;
    return g;
}

TrustGate TrustGate::asking(Asker asker)
{
    TrustGate g;
    g.m_state = State::Unknown;
    g.m_asker = std::move(asker);
    return g;
}

void TrustGate::request(const QString &what, std::function<void(bool, const QString &)> decided)
{
    switch (m_state) {
    case State::Granted:
        decided(true, QString());
        return;
    case State::Denied:
        decided(false, m_why);
        return;
    case State::Asking:
        m_waiting.append(std::move(decided));
        return;
    case State::Unknown:
        break;
    }
    m_state = State::Asking;
    m_waiting.append(std::move(decided));
    const std::weak_ptr<TrustGate> weak = weak_from_this();
    const bool shared = !weak.expired();
    m_asker(what, [this, weak, shared](bool allowed) {
        const std::shared_ptr<TrustGate> keep = weak.lock();
        if ((shared && !keep) || m_state != State::Asking)
            return;
        m_state = allowed ? State::Granted : State::Denied;
        if (!allowed)
            m_why = QStringLiteral("the graph is not trusted to run commands or call web APIs (declined; `capgraph run --trust`, "
                                   "or trusting the graph's folder, allows it)");
        const auto waiting = std::exchange(m_waiting, {});
        for (const auto &w : waiting)
            w(allowed, m_why);
    });
}

} // namespace capgraph
