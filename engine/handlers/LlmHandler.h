#pragma once

#include "exec/SkillCall.h"

#include <QJsonArray>
#include <QJsonObject>

#include <memory>

namespace capgraph {

struct HandlerEnvironment;

// `handler: {type: llm, ...}` (docs/capabilities.md): one call to an OpenAI-compatible
// chat-completions endpoint.
//   system, prompt   templates over the call's inputs: "${message}", "${stage.name}"
//   history          {input: messages, last: 10}: that input's [{role, content}, ...], the last N
//                    of them sent between the system message and the prompt (seed 002: the
//                    Response agent sees 10, the others 3)
//   json             true: asks for a JSON object (response_format) and its keys are the outputs
//   output           text mode: the output holding the answer (default: the one property of
//                    the output_schema, else `text`)
//   model, base_url, api_key_env (OPENAI_API_KEY), temperature, max_tokens, timeout (60 s), retry
// Token usage from the answer is reported per call (SkillCall::usage).
class LlmHandler : public SkillHandler
{
public:
    LlmHandler(QJsonObject spec, QJsonObject outputSchema, std::shared_ptr<HandlerEnvironment> env);
    void start(const SkillCallPtr &call) override;
    // {messages: [{role, content}, ...], model, and temperature, max_tokens, top_p, seed where
    // the definition sets them}: what start() sends for `inputs`. A call whose
    // SkillCall::settings has `messages` sends those as they are; `model` and the others
    // there replace the definition's (a null one leaves it out).
    QVariantMap settingsFor(const QVariantMap &inputs, QString *error = nullptr) const override;

private:
    // The system message, the history and the prompt, filled from `inputs`.
    bool messagesFor(const QVariantMap &inputs, QJsonArray *messages, QString *error) const;

    QJsonObject m_spec;
    QString m_textOutput;
    std::shared_ptr<HandlerEnvironment> m_env;
};

} // namespace capgraph
