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
    std::weak_ptr<SkillCall> weak = call;
    // The answer may come after the run (and this handler) is gone.
    std::weak_ptr<ValidatingHandler> self = weak_from_this();
    m_trust->request(what, [self, weak](bool allowed, const QString &why) {
        const SkillCallPtr c = weak.lock();
        const auto handler = self.lock();
        if (!c || !handler || c->isCancelled() || c->isFinished())
            return;
        if (allowed)
            handler->run(c);
        else
            c->fail(why);
    });
}

QVariantMap ValidatingHandler::settingsFor(const QVariantMap &inputs, QString *error) const
{
    return m_inner->settingsFor(resolvedInputs(inputs), error);
}

void ValidatingHandler::run(const SkillCallPtr &outer)
{
    auto inner = std::make_shared<SkillCall>();
    inner->nodeId = outer->nodeId;
    inner->skillId = outer->skillId;
    inner->inputs = outer->inputs;
    inner->attempt = outer->attempt;
    inner->round = outer->round;
    inner->item = outer->item;
    inner->settings = outer->settings;
    inner->childState = outer->childState;
    std::weak_ptr<SkillCall> weak = outer;
    const Capability *cap = &m_capability; // the handler outlives its calls (the run's registry owns it)
    SkillCall::Hooks hooks;
    hooks.finished = [weak, cap](const QVariantMap &outputs, bool done) {
        const SkillCallPtr c = weak.lock();
        if (!c)
            return;
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
    };
    hooks.failed = [weak](const QString &error) {
        if (const SkillCallPtr c = weak.lock())
            c->fail(error);
    };
    hooks.log = [weak](const TranslatableText &message, bool aboutChild) {
        if (const SkillCallPtr c = weak.lock())
            aboutChild ? c->logChild(message) : c->log(message);
    };
    hooks.progress = [weak](double fraction, const QString &message) {
        if (const SkillCallPtr c = weak.lock())
            c->progress(fraction, message);
    };
    hooks.usage = [weak](qint64 prompt, qint64 completion, const QString &model, const QStringList &finishReasons) {
        if (const SkillCallPtr c = weak.lock())
            c->usage(prompt, completion, model, finishReasons);
    };
    inner->setHooks(std::move(hooks));
    inner->setAdopter(outer->adopter(), outer->adoptedAs());
    outer->onCancel([inner] { inner->cancel(); });
    m_inner->start(inner);
}

} // namespace capgraph
