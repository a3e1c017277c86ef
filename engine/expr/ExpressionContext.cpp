#include "expr/ExpressionContext.h"

namespace capgraph {

QStringList ExpressionContext::builtinNames()
{
    return {QStringLiteral("input"), QStringLiteral("iteration"), QStringLiteral("run")};
}

bool VariantMapContext::lookup(const QString &name, QVariant *value) const
{
    const auto it = m_values.constFind(name);
    if (it == m_values.cend())
        return false;
    *value = it.value();
    return true;
}

} // namespace capgraph
