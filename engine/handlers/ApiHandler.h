#pragma once

#include "exec/SkillCall.h"

#include <QJsonObject>

#include <memory>

namespace capgraph {

struct HandlerEnvironment;

// `handler: {type: api, ...}` (docs/capabilities.md): an HTTP call whose answer is JSON.
//   endpoint  "https://…/stocks/{symbol}": {name} holes take inputs, URL-encoded
//   method    GET (default), POST, PUT, PATCH, DELETE. The inputs no hole used go to the
//             query string (GET, DELETE) or as the JSON body (the others)
//   headers   {Authorization: "Bearer ${STOCK_API_KEY}"}: ${NAME} from the environment, so
//             secrets never sit in YAML, traces or logs
//   timeout   seconds per attempt (30; 0: none); retry: {max_attempts: 3, backoff: 0.5, multiplier: 2}
//             on refused connections, 429 and 502-504, and for requests that can be repeated
//             (not POST or PATCH, unless `idempotent: true`) also on timeouts and other 5xx
//   response  {output: "/json/pointer"} picks outputs out of the answer; without it the answer
//             object is the outputs (anything else becomes {result: answer})
class ApiHandler : public SkillHandler
{
public:
    ApiHandler(QJsonObject spec, std::shared_ptr<HandlerEnvironment> env);
    void start(const SkillCallPtr &call) override;
    // As its own retries decide for a timeout: not POST or PATCH, unless `idempotent: true`.
    bool repeatable() const override;

private:
    QJsonObject m_spec;
    std::shared_ptr<HandlerEnvironment> m_env;
};

// Shared by the api and llm handlers: timeout (seconds) and retry fields of a handler spec.
void readRetryFields(const QJsonObject &spec, int defaultAttempts, int *timeoutMs, int *attempts, double *backoffMs, double *multiplier);

} // namespace capgraph
