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

} // namespace capgraph
