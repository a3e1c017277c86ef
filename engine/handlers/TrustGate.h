#pragma once

#include "exec/SkillCall.h"

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
    // For a handler whose call needs trust: asks about `what`, then runs `(owner->*run)(call)`
    // once allowed, unless the call ended or the handler went away meanwhile (the answer may
    // come after the run); refused, the call fails saying why.
    template <class Handler>
    void runWhenAllowed(const QString &what, const SkillCallPtr &call, const std::shared_ptr<Handler> &owner, void (Handler::*run)(const SkillCallPtr &))
    {
        std::weak_ptr<SkillCall> weakCall = call;
        std::weak_ptr<Handler> weakOwner = owner;
        request(what, [weakCall, weakOwner, run](bool allowed, const QString &why) {
            const SkillCallPtr c = weakCall.lock();
            const std::shared_ptr<Handler> h = weakOwner.lock();
            if (!c || !h || c->isCancelled() || c->isFinished())
                return;
            if (allowed)
                (h.get()->*run)(c);
            else
                c->fail(why);
        });
    }

private:
    enum class State { Granted, Denied, Unknown, Asking };
    State m_state = State::Granted;
    QString m_why;
    Asker m_asker;
    QList<std::function<void(bool, const QString &)>> m_waiting;
};

} // namespace capgraph
