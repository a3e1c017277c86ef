#include "handlers/ValidatingHandler.h"

#include "handlers/TrustGate.h"

namespace capgraph {

ValidatingHandler::ValidatingHandler(Capability capability, std::shared_ptr<SkillHandler> inner, std::shared_ptr<TrustGate> trust)
    : m_capability(std::move(capability)), m_inner(std::move(inner)), m_trust(std::move(trust))
{
}

QVariantMap ValidatingHandler::resolvedInputs(const QVariantMap &inputs) const
{
    if (!m_capability.input)
        return inputs;
    return m_capability.input->withDefaults(QJsonObject::fromVariantMap(inputs)).toObject().toVariantMap();
}

void ValidatingHandler::start(const SkillCallPtr &call)
{
    if (m_capability.input) {
        const QJsonObject inputs = m_capability.input->withDefaults(QJsonObject::fromVariantMap(call->inputs)).toObject();
        const QStringList problems = m_capability.input->validate(inputs);
        if (!problems.isEmpty()) {
            call->fail(QStringLiteral("the inputs do not fit %1's input_schema: %2").arg(m_capability.reference(), problems.join(QStringLiteral("; "))));
            return;
        }
        call->inputs = inputs.toVariantMap();
    }
    if (!m_trust) {
        run(call);
        return;
    }
    const QString what = QStringLiteral("%1 (%2 handler, node '%3')")
                             .arg(m_capability.reference(), m_capability.handlerType(), call->nodeId);
    m_trust->runWhenAllowed(what, call, shared_from_this(), &ValidatingHandler::run);
}

QVariantMap ValidatingHandler::settingsFor(const QVariantMap &inputs, QString *error) const
{
    return m_inner->settingsFor(resolvedInputs(inputs), error);
}

void ValidatingHandler::run(const SkillCallPtr &outer)
{
    const Capability *cap = &m_capability; // the handler outlives its calls (the run's registry owns it)
    const SkillCallPtr inner = SkillCall::forwarding(outer, [cap](const SkillCallPtr &c, const QVariantMap &outputs, bool done) {
        if (!cap->output) {
            c->finish(outputs, done);
            return;
        }
        const QJsonObject filled = cap->output->withDefaults(QJsonObject::fromVariantMap(outputs)).toObject();
        const QStringList problems = cap->output->validate(filled);
        if (!problems.isEmpty())
            c->fail(QStringLiteral("the outputs do not fit %1's output_schema: %2").arg(cap->reference(), problems.join(QStringLiteral("; "))));
        else
            c->finish(filled.toVariantMap(), done);
    });
    m_inner->start(inner);
}

} // namespace capgraph
