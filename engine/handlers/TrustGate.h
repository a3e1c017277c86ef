#pragma once

#include <QList>
#include <QString>

#include <functional>
#include <memory>

namespace capgraph {

// Whether a graph may run commands and call web APIs on this machine. A graph opened from a
// folder the user has not trusted asks once, before its first `command` or `api` call (the
// studio shows a dialog; `capgraph run` asks on the terminal or needs --trust); calls that
// arrive while the question is open wait for the same answer. A denied run fails those
// calls with a message saying how to trust the graph.
class TrustGate : public std::enable_shared_from_this<TrustGate>
{
public:
    using Asker = std::function<void(const QString &question, std::function<void(bool allowed)> answer)>;

    static TrustGate trusted();                 // never asks
    static TrustGate denied(const QString &why); // never asks, always refuses (no terminal, no --trust)
    static TrustGate asking(Asker asker);

    // Calls `decided` with the answer, now when it is known, else once the user has answered.
    // Hold the gate in a shared_ptr: an answer that comes after the gate is gone is dropped.
    void request(const QString &what, std::function<void(bool allowed, const QString &why)> decided);
    bool isTrusted() const { return m_state == State::Granted; }

private:
    enum class State { Granted, Denied, Unknown, Asking };
    State m_state = State::Granted;
    QString m_why;
    Asker m_asker;
    QList<std::function<void(bool, const QString &)>> m_waiting;
};

} // namespace capgraph
