#pragma once

#include "exec/SkillCall.h"

#include <QHash>

#include <memory>
#include <optional>

namespace capgraph {

struct HandlerEnvironment;

// builtin.llm: one chat completion whose messages and settings are the node's inputs (an
// imported Dify LLM, classifier or parameter extractor), sent by the llm handler to the
// user's OpenAI-compatible endpoint. Model names go through the model table
// (~/.config/CapGraph/models.yaml: dify-name: our-name), so an app's `gpt-4o` can run as the
// endpoint's own model.
class LlmCallHandler : public SkillHandler
{
public:
    explicit LlmCallHandler(std::shared_ptr<HandlerEnvironment> env);
    void start(const SkillCallPtr &call) override;
    QVariantMap settingsFor(const QVariantMap &inputs, QString *error = nullptr) const override;

    // The model table's file, and the table (empty when there is no file).
    static QString modelTableFile();
    static QHash<QString, QString> readModelTable(QString *error = nullptr);

private:
    std::shared_ptr<SkillHandler> handlerFor(const QVariantMap &inputs, QVariantMap *llmInputs, QString *error) const;

    std::shared_ptr<HandlerEnvironment> m_env;
    mutable std::optional<QHash<QString, QString>> m_models; // read on the first call
};

} // namespace capgraph
