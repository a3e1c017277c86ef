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
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("CapGraph"));
    request.setRawHeader("Accept", "application/json");
    if (!m_spec.body.isEmpty())
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    for (const auto &[name, value] : std::as_const(m_spec.headers))
        request.setRawHeader(name, value);
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
        retryOrFail(QStringLiteral("%1 did not answer within %2 s").arg(where).arg(m_spec.timeoutMs / 1000.0), 0, {});
        return;
    }
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->readAll();
    if (status == 0 || (reply->error() != QNetworkReply::NoError && status < 400)) {
        // No HTTP answer: refused, unreachable, TLS failure...
        const bool transient = reply->error() != QNetworkReply::SslHandshakeFailedError && reply->error() != QNetworkReply::ProtocolUnknownError;
        const QString error = QStringLiteral("%1: %2").arg(where, reply->errorString());
        if (transient)
            retryOrFail(error, 0, {});
        else
            end({false, 0, {}, {}, error, m_attempt});
        return;
    }
    if (status >= 400) {
        const QString reason = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
        QString snippet = QString::fromUtf8(body.left(300)).simplified();
        const QString error = QStringLiteral("HTTP %1%2 from %3%4")
                                  .arg(status)
                                  .arg(reason.isEmpty() ? QString() : QLatin1Char(' ') + reason, where,
                                       snippet.isEmpty() ? QString() : QStringLiteral(": ") + snippet);
        if (status >= 500 || status == 429)
            retryOrFail(error, status, body);
        else
            end({false, status, {}, body, error, m_attempt});
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
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (pe.error != QJsonParseError::NoError) {
        result.error = QStringLiteral("the answer of %1 is not JSON (%2 at byte %3): %4")
                           .arg(where, pe.errorString())
                           .arg(pe.offset)
                           .arg(QString::fromUtf8(body.left(120)).simplified());
        end(result);
        return;
    }
    result.ok = true;
    result.json = doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array());
    end(result);
}

void HttpJsonCall::retryOrFail(const QString &error, int status, const QByteArray &body)
{
    if (m_attempt < m_spec.maxAttempts) {
        const double wait = m_spec.backoffMs * std::pow(m_spec.multiplier, m_attempt - 1);
        if (m_log)
            m_log(QStringLiteral("attempt %1 of %2 failed: %3; retrying in %4 ms").arg(m_attempt).arg(m_spec.maxAttempts).arg(error).arg(qRound64(wait)));
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
        [weak](const QString &message) {
            if (const SkillCallPtr c = weak.lock())
                c->log(message);
        });
    call->onCancel([http] { http->cancel(); });
}

void HttpJsonCall::end(HttpResult result)
{
    auto keep = std::move(m_self);
    if (auto done = std::move(m_done))
        done(result);
    m_log = {};
}

} // namespace capgraph
