#include "exec/TokenContext_p.h"

#include "exec/Executor_p.h"

namespace capgraph {

bool TokenContext::lookup(const QString &name, QVariant *value) const
{
    if (name == QLatin1String("iteration")) {
        *value = m_t.iteration();
        return true;
    }
    if (name == QLatin1String("input")) {
        *value = d.input;
        return true;
    }
    if (m_extra) {
        const auto it = m_extra->constFind(name);
        if (it != m_extra->cend()) {
            *value = it.value();
            return true;
        }
    }
    if (name == QLatin1String("run")) {
        *value = QVariantMap{{QStringLiteral("id"), d.options.runId},
                             {QStringLiteral("steps"), d.steps},
                             {QStringLiteral("token"), m_t.id}};
        return true;
    }
    const auto node = d.cg.index.constFind(name);
    if (node != d.cg.index.cend()) {
        if (!d.hasOutputs.at(node.value()))
            return false; // has not run yet
        *value = d.outputs.at(node.value());
        return true;
    }
    const auto var = d.vars.constFind(name);
    if (var == d.vars.cend())
        return false;
    *value = var.value();
    return true;
}

} // namespace capgraph
