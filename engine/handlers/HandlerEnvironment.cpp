#include "handlers/HandlerEnvironment.h"

#include <QNetworkAccessManager>

namespace capgraph {

LlmSettings LlmSettings::fromEnvironment(const QProcessEnvironment &env)
{
    LlmSettings s;
    s.baseUrl = env.value(QStringLiteral("OPENAI_BASE_URL"), QStringLiteral("https://api.openai.com/v1"));
    s.apiKey = env.value(QStringLiteral("OPENAI_API_KEY"));
    s.model = env.value(QStringLiteral("CAPGRAPH_LLM_MODEL"), env.value(QStringLiteral("OPENAI_MODEL")));
    return s;
}

QNetworkAccessManager *HandlerEnvironment::networkAccess()
{
    if (!network) {
        network = std::make_shared<QNetworkAccessManager>();
        // Redirects are followed only to the same origin: elsewhere they would carry the keys.
        network->setRedirectPolicy(QNetworkRequest::SameOriginRedirectPolicy);
    }
    return network.get();
}

} // namespace capgraph
