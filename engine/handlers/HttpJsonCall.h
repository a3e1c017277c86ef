#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QTimer>
#include <QUrl>

#include "exec/SkillCall.h"

#include <functional>
#include <memory>

class QNetworkAccessManager;
class QNetworkReply;

namespace capgraph {

struct HttpRequestSpec
{
    QUrl url;
    QByteArray method = "GET";
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;             // sent as application/json when not empty
    int timeoutMs = 30'000;      // per attempt, the whole exchange
    int maxAttempts = 1;         // retries on timeouts, refused connections, 5xx and 429
    double backoffMs = 500;      // before the second attempt
    double multiplier = 2;       // each later wait is this much longer
    // Can be sent twice without harm. When false (POST, PATCH), a timeout, a closed connection
    // or a 500 is not retried (the server may have acted); refused connections, 429 and
    // 502/503/504 are.
    bool idempotent = true;
};

struct HttpResult
{
    bool ok = false;
    int status = 0;        // HTTP status, 0 when there was no response
    QJsonValue json;       // the body parsed (ok only)
    QByteArray body;
    QString error;         // what went wrong, for a user: status, the body's start, or the network error
    int attempts = 0;
};

// One HTTP exchange whose answer is JSON, on the event loop (api and llm handlers). Retries
// what may pass (timeouts, refused connections, 5xx, 429) with backoff; a 4xx or a body that
// is not JSON fails at once. TLS certificates are verified (Qt's default), never ignored.
class HttpJsonCall : public QObject
{
    Q_OBJECT

public:
    using Done = std::function<void(const HttpResult &)>;
    using Log = std::function<void(const TranslatableText &)>;

    // The call keeps itself alive until it ends or is cancelled.
    static std::shared_ptr<HttpJsonCall> start(QNetworkAccessManager *network, HttpRequestSpec spec, Done done, Log log = {});
    void cancel();
    ~HttpJsonCall() override;

private:
    HttpJsonCall() = default;
    void attempt();
    void finished(QNetworkReply *reply);
    void retryOrFail(const QString &error, int status, const QByteArray &body);
    void end(HttpResult result);
    QString masked(QString text) const;

    QNetworkAccessManager *m_network = nullptr;
    HttpRequestSpec m_spec;
    Done m_done;
    Log m_log;
    QPointer<QNetworkReply> m_reply;
    QTimer m_timeout;
    QTimer m_backoff;
    int m_attempt = 0;
    bool m_timedOut = false;
    int m_retryAfterMs = -1; // a 429's or 503's Retry-After, for the next wait
    std::shared_ptr<HttpJsonCall> m_self;
};

// The exchange on behalf of a skill call (api and llm handlers): a failure fails the call,
// retries are logged on it, cancelling the call aborts the request; `succeeded` gets the
// answer's JSON.
void startHttpForCall(QNetworkAccessManager *network, const SkillCallPtr &call, HttpRequestSpec spec,
                      std::function<void(const SkillCallPtr &call, const QJsonValue &json)> succeeded);

// The part of a URL worth showing in logs and errors: no user info, no query (it may hold keys).
QString redactedUrl(const QUrl &url);

} // namespace capgraph
