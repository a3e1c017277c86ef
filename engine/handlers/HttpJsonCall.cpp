#include "handlers/HttpJsonCall.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

#include <cmath>

namespace capgraph {

QString redactedUrl(const QUrl &url)
{
    return url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment);
}

std::shared_ptr<HttpJsonCall> HttpJsonCall::start(QNetworkAccessManager *network, HttpRequestSpec spec, Done done, Log log)
{
    // Deleted later, never inside its own reply's slot.
    std::shared_ptr<HttpJsonCall> call(new HttpJsonCall, [](HttpJsonCall *c) { c->deleteLater(); });
    call->m_network = network;
    call->m_spec = std::move(spec);
    call->m_done = std::move(done);
    call->m_log = std::move(log);
    call->m_self = call;
    call->m_timeout.setSingleShot(true);
    call->m_backoff.setSingleShot(true);
    connect(&call->m_timeout, &QTimer::timeout, call.get(), [c = call.get()] {
        c->m_timedOut = true;
        if (c->m_reply)
            c->m_reply->abort(); // finished() follows with OperationCanceledError
    });
    connect(&call->m_backoff, &QTimer::timeout, call.get(), [c = call.get()] { c->attempt(); });
    call->attempt();
    return call;
}

HttpJsonCall::~HttpJsonCall()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

void HttpJsonCall::cancel()
{
    m_done = {};
    m_log = {};
    m_timeout.stop();
    m_backoff.stop();
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
    }
    m_self.reset();
}

void HttpJsonCall::attempt()
{
    ++m_attempt;
    m_timedOut = false;
    QNetworkRequest request(m_spec.url);
    // Same origin only: a redirect elsewhere would carry the headers (keys) along.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::SameOriginRedirectPolicy);
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("CapGraph"));
    request.setRawHeader("Accept", "application/json");
    if (!m_spec.body.isEmpty())
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    for (const auto &[name, value] : std::as_const(m_spec.headers))
        request.setRawHeader(name, value);
    // The verbs Qt knows go through their own calls (a custom "HEAD" would wait for a body).
    if (m_spec.method == "GET")
        m_reply = m_network->get(request);
    else if (m_spec.method == "HEAD")
        m_reply = m_network->head(request);
    else if (m_spec.method == "DELETE" && m_spec.body.isEmpty())
        m_reply = m_network->deleteResource(request);
    else if (m_spec.method == "POST")
        m_reply = m_network->post(request, m_spec.body);
    else if (m_spec.method == "PUT")
        m_reply = m_network->put(request, m_spec.body);
    else
        m_reply = m_network->sendCustomRequest(request, m_spec.method, m_spec.body);
    connect(m_reply, &QNetworkReply::finished, this, [this, r = m_reply.data()] { finished(r); });
    if (m_spec.timeoutMs > 0)
        m_timeout.start(m_spec.timeoutMs);
}

void HttpJsonCall::finished(QNetworkReply *reply)
{
    m_timeout.stop();
    reply->deleteLater();
    m_reply = nullptr;
    const QString where = redactedUrl(m_spec.url);
    if (m_timedOut) {
        const QString error = QStringLiteral("%1 did not answer within %2 s").arg(where).arg(m_spec.timeoutMs / 1000.0);
        if (m_spec.idempotent)
            retryOrFail(error, 0, {});
        else
            end({false, 0, {}, {}, error, m_attempt});
        return;
    }
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->readAll();
    if (status == 0 || (reply->error() != QNetworkReply::NoError && status < 400)) {
        // No HTTP answer. A refused connection never reached the server: always worth another
        // try. A closed connection may have: only requests that can be repeated are.
        const auto e = reply->error();
        const bool neverSent = e == QNetworkReply::ConnectionRefusedError || e == QNetworkReply::ProxyConnectionRefusedError;
        const bool maybeSent = e == QNetworkReply::RemoteHostClosedError || e == QNetworkReply::TemporaryNetworkFailureError
                               || e == QNetworkReply::NetworkSessionFailedError || e == QNetworkReply::TimeoutError;
        const QString error = masked(QStringLiteral("%1: %2").arg(where, reply->errorString()));
        if (neverSent || (maybeSent && m_spec.idempotent))
            retryOrFail(error, 0, {});
        else
            end({false, 0, {}, {}, error, m_attempt});
        return;
    }
    if (status >= 400) {
        const QString reason = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
        QString snippet = QString::fromUtf8(body.left(300)).simplified();
        const QString error = masked(QStringLiteral("HTTP %1%2 from %3%4")
                                         .arg(status)
                                         .arg(reason.isEmpty() ? QString() : QLatin1Char(' ') + reason, where,
                                              snippet.isEmpty() ? QString() : QStringLiteral(": ") + snippet));
        // 429 and the gateway errors were not acted on; a 500 may have been.
        const bool notActedOn = status == 429 || status == 502 || status == 503 || status == 504;
        if (notActedOn || (status >= 500 && m_spec.idempotent)) {
            bool ok = false;
            const int retryAfter = reply->rawHeader("Retry-After").toInt(&ok);
            m_retryAfterMs = ok && retryAfter >= 0 ? std::min(retryAfter, 60) * 1000 : -1;
            retryOrFail(error, status, body);
        } else {
            end({false, status, {}, body, error, m_attempt});
        }
        return;
    }
    HttpResult result;
    result.status = status;
    result.body = body;
    result.attempts = m_attempt;
    if (body.trimmed().isEmpty()) {
        result.ok = true;
        result.json = QJsonObject();
        end(result);
        return;
    }
    // Wrapped in [ ]: a bare number, string or boolean is JSON too.
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson("[" + body + "\n]", &pe);
    if (pe.error != QJsonParseError::NoError || doc.array().size() != 1) {
        pe.offset = std::max(0, pe.offset - 1);
        result.error = QStringLiteral("the answer of %1 is not JSON (%2 at byte %3): %4")
                           .arg(where, pe.errorString())
                           .arg(pe.offset)
                           .arg(QString::fromUtf8(body.left(120)).simplified());
        end(result);
        return;
    }
    result.ok = true;
    result.json = doc.array().first();
    end(result);
}

void HttpJsonCall::retryOrFail(const QString &error, int status, const QByteArray &body)
{
    if (m_attempt < m_spec.maxAttempts) {
        const double wait = m_retryAfterMs >= 0 ? double(m_retryAfterMs) : m_spec.backoffMs * std::pow(m_spec.multiplier, m_attempt - 1);
        m_retryAfterMs = -1;
        if (m_log)
            m_log(CAPGRAPH_TR("capgraph::Run", "attempt %1 of %2 failed: %3; retrying in %4 ms").arg(m_attempt).arg(m_spec.maxAttempts).arg(error).arg(qRound64(wait)));
        m_backoff.start(int(std::clamp(wait, 0.0, 3.6e6)));
        return;
    }
    const QString full = m_attempt > 1 ? QStringLiteral("%1 (after %2 attempts)").arg(error).arg(m_attempt) : error;
    end({false, status, {}, body, full, m_attempt});
}

void startHttpForCall(QNetworkAccessManager *network, const SkillCallPtr &call, HttpRequestSpec spec,
                      std::function<void(const SkillCallPtr &, const QJsonValue &)> succeeded)
{
    std::weak_ptr<SkillCall> weak = call;
    auto http = HttpJsonCall::start(
        network, std::move(spec),
        [weak, succeeded = std::move(succeeded)](const HttpResult &r) {
            const SkillCallPtr c = weak.lock();
            if (!c)
                return;
            if (r.ok)
                succeeded(c, r.json);
            else
                c->fail(r.error);
        },
        [weak](const TranslatableText &message) {
            if (const SkillCallPtr c = weak.lock())
                c->log(message);
        });
    call->onCancel([http] { http->cancel(); });
}

QString HttpJsonCall::masked(QString text) const
{
    // A server may echo what it was sent: header values (keys) never reach a message.
    for (const auto &[name, value] : m_spec.headers)
        if (value.size() >= 4) {
            text.replace(QString::fromUtf8(value), QStringLiteral("***"));
            if (value.startsWith("Bearer ") && value.size() > 11)
                text.replace(QString::fromUtf8(value.mid(7)), QStringLiteral("***"));
        }
    return text;
}

void HttpJsonCall::end(HttpResult result)
{
    auto keep = std::move(m_self);
    if (auto done = std::move(m_done))
        done(result);
    m_log = {};
}

} // namespace capgraph
