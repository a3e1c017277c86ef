#pragma once

#include "exec/CompiledGraph.h"
#include "exec/PendingInteraction.h"

#include <QList>
#include <QString>
#include <QVariant>

namespace capgraph {

class ExecutorPrivate;
struct Token;

// Interactions with a person: a confirm, select or input node asks (its prompt filled in,
// its options computed), waits, and takes an answer once it fits.
class ExecutorInteractions
{
public:
    explicit ExecutorInteractions(ExecutorPrivate &d) : d(d) {}

    void request(Token &t, const CompiledGraph::CNode &n);
    bool answer(const QString &requestId, const QVariant &rawValue, QString *error);
    const QList<PendingInteraction> &pending() const { return m_pending; }
    bool waiting() const { return !m_pending.isEmpty(); }
    void forgetToken(int tokenId);
    void clear() { m_pending.clear(); }

private:
    friend class Executor; // checkpoints
    ExecutorPrivate &d;
    QList<PendingInteraction> m_pending;
};

} // namespace capgraph
