#pragma once

#include "exec/HandlerRegistry.h"
#include "handlers/TrustGate.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class QNetworkAccessManager;

namespace capgraph {

class CapabilityRegistry;
class Executor;

// Where an OpenAI-compatible chat-completions endpoint is: the handler's own fields win,
// then these (from settings or the environment: OPENAI_BASE_URL, OPENAI_API_KEY,
// CAPGRAPH_LLM_MODEL or OPENAI_MODEL).
struct LlmSettings
{
    QString baseUrl;   // e.g. https://api.openai.com/v1 (…/chat/completions is appended)
    QString apiKey;
    QString model;
    static LlmSettings fromEnvironment(const QProcessEnvironment &env);
};

// What real handlers (api, command, llm, graph) need from the place they run in. Shared by
// every handler of a run and by its sub-graph runs.
struct HandlerEnvironment
{
    QString baseDir;     // the graph's folder: relative programs and paths start here
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment(); // ${ENV} in headers
    LlmSettings llm = LlmSettings::fromEnvironment(QProcessEnvironment::systemEnvironment());
    std::shared_ptr<TrustGate> trust = std::make_shared<TrustGate>(TrustGate::trusted());
    std::shared_ptr<QNetworkAccessManager> network; // made on first use when null
    std::shared_ptr<const CapabilityRegistry> capabilities; // what sub-graphs' skills resolve to
    // Handlers sub-graph runs start from (builtins and the skill mocks of the parent run).
    HandlerRegistry baseHandlers;
    QStringList graphChain; // the sub-graph capabilities entered so far (recursion guard)
    int maxDepth = 8;
    // Told about each child run when it starts (the studio can follow it).
    std::function<void(const QString &parentNodeId, Executor *child)> childRunStarted;

    QNetworkAccessManager *networkAccess();
};

} // namespace capgraph
