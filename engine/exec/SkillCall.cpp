#include "exec/SkillCall.h"

namespace capgraph {

void SkillCall::finish(const QVariantMap &outputs, bool done)
{
    if (m_finished || m_cancelled)
        return;
    m_finished = true;
    if (m_hooks.finished)
        m_hooks.finished(outputs, done);
}

void SkillCall::fail(const QString &error)
{
    if (m_finished || m_cancelled)
        return;
    m_finished = true;
    if (m_hooks.failed)
        m_hooks.failed(error);
}

void SkillCall::log(const QString &message)
{
    if (!m_cancelled && m_hooks.log)
        m_hooks.log(TranslatableText::verbatim(message), false);
}

void SkillCall::log(const TranslatableText &message)
{
    if (!m_cancelled && m_hooks.log)
        m_hooks.log(message, false);
}

void SkillCall::logChild(const TranslatableText &message)
{
    if (!m_cancelled && m_hooks.log)
        m_hooks.log(message, true);
}

void SkillCall::progress(double fraction, const QString &message)
{
    if (!m_cancelled && m_hooks.progress)
        m_hooks.progress(fraction, message);
}

void SkillCall::usage(qint64 promptTokens, qint64 completionTokens, const QString &model, const QStringList &finishReasons)
{
    if (!m_cancelled && m_hooks.usage)
        m_hooks.usage(promptTokens, completionTokens, model, finishReasons);
}

bool SkillCall::adoptChild(Executor *child)
{
    if (m_cancelled || m_finished || !m_adopter)
        return false;
    return m_adopter->adopt(adoptedAs(), child);
}

void SkillCall::cancel()
{
    if (m_finished || m_cancelled)
        return;
    m_cancelled = true;
    m_hooks = {};
    if (auto cb = std::move(m_cancelCallback))
        cb();
}

std::shared_ptr<SkillCall> SkillCall::forwarding(const std::shared_ptr<SkillCall> &outer, Finished finished)
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
    Hooks hooks;
    hooks.finished = [weak, finished = std::move(finished)](const QVariantMap &outputs, bool done) {
        const std::shared_ptr<SkillCall> c = weak.lock();
        if (!c)
            return;
        if (finished)
            finished(c, outputs, done);
        else
            c->finish(outputs, done);
    };
    hooks.failed = [weak](const QString &error) {
        if (const std::shared_ptr<SkillCall> c = weak.lock())
            c->fail(error);
    };
    hooks.log = [weak](const TranslatableText &message, bool aboutChild) {
        if (const std::shared_ptr<SkillCall> c = weak.lock())
            aboutChild ? c->logChild(message) : c->log(message);
    };
    hooks.progress = [weak](double fraction, const QString &message) {
        if (const std::shared_ptr<SkillCall> c = weak.lock())
            c->progress(fraction, message);
    };
    hooks.usage = [weak](qint64 prompt, qint64 completion, const QString &model, const QStringList &finishReasons) {
        if (const std::shared_ptr<SkillCall> c = weak.lock())
            c->usage(prompt, completion, model, finishReasons);
    };
    inner->setHooks(std::move(hooks));
    inner->setAdopter(outer->adopter(), outer->adoptedAs());
    outer->onCancel([inner] { inner->cancel(); });
    return inner;
}

} // namespace capgraph
