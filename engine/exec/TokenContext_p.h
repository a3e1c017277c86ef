#pragma once

#include "expr/ExpressionContext.h"

#include <QVariantMap>

namespace capgraph {

class ExecutorPrivate;
struct Token;

// Names an expression sees while a token runs: built-ins first (input, iteration, run),
// then per-call extras (item, index in parallel mode), node ids (their outputs), then bare
// output names (the most recent write wins).
class TokenContext : public ExpressionContext
{
public:
    TokenContext(const ExecutorPrivate &d, const Token &t, const QVariantMap *extra = nullptr) : d(d), m_t(t), m_extra(extra) {}

    bool lookup(const QString &name, QVariant *value) const override;

private:
    const ExecutorPrivate &d;
    const Token &m_t;
    const QVariantMap *m_extra;
};

} // namespace capgraph
