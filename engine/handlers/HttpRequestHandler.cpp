#include "handlers/HttpRequestHandler.h"

#include "handlers/HandlerEnvironment.h"
#include "handlers/HttpJsonCall.h"
#include "handlers/TrustGate.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QUrlQuery>

namespace capgraph {

namespace {
// "key:value" lines (Dify's headers and params), blank lines skipped.
QList<std::pair<QString, QString>> pairs(const QString &text)
{
    QList<std::pair<QString, QString>> out;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const qsizetype colon = line.indexOf(QLatin1Char(':'));
        const QString key = (colon < 0 ? line : line.left(colon)).trimmed();
        if (!key.isEmpty())
            out.append({key, colon < 0 ? QString() : line.mid(colon + 1).trimmed()});
    }
    return out;
}
} // namespace

HttpRequestHandler::HttpRequestHandler(std::shared_ptr<HandlerEnvironment> env) : m_env(std::move(env)) {}

void HttpRequestHandler::start(const SkillCallPtr &call)
{
    const QUrl url(call->inputs.value(QStringLiteral("url")).toString().trimmed());
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty()) {
        call->fail(QStringLiteral("builtin.http needs an http or https URL, not '%1'").arg(call->inputs.value(QStringLiteral("url")).toString()));
        return;
    }
    const QString method = call->inputs.value(QStringLiteral("method"), QStringLiteral("GET")).toString().toUpper();
    m_env->trust->runWhenAllowed(QStringLiteral("%1 %2 (builtin.http, node '%3')").arg(method, redactedUrl(url), call->nodeId), call, shared_from_this(),
                                 &HttpRequestHandler::send);
}

void HttpRequestHandler::send(const SkillCallPtr &call)
{
    const QVariantMap &in = call->inputs;
    QUrl url(in.value(QStringLiteral("url")).toString().trimmed());
    QUrlQuery query(url);
    for (const auto &[k, v] : pairs(in.value(QStringLiteral("params")).toString()))
        query.addQueryItem(k, v);
    url.setQuery(query);
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::SameOriginRedirectPolicy);
    const double timeout = in.value(QStringLiteral("timeout"), 30).toDouble();
    request.setTransferTimeout(int(std::clamp(timeout, 0.001, 3600.0) * 1000));
    for (const auto &[k, v] : pairs(in.value(QStringLiteral("headers")).toString()))
        request.setRawHeader(k.toUtf8(), v.toUtf8());
    const QString bodyType = in.value(QStringLiteral("body_type")).toString();
    QByteArray body = in.value(QStringLiteral("body")).toString().toUtf8();
    if (bodyType == QLatin1String("json")) {
        if (!request.hasRawHeader("Content-Type"))
            request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    } else if (bodyType == QLatin1String("form-data") || bodyType == QLatin1String("x-www-form-urlencoded")) {
        QUrlQuery form;
        for (const auto &[k, v] : pairs(QString::fromUtf8(body)))
            form.addQueryItem(k, v);
        body = form.toString(QUrl::FullyEncoded).toUtf8();
        if (!request.hasRawHeader("Content-Type"))
            request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/x-www-form-urlencoded"));
    } else if (bodyType == QLatin1String("raw-text") && !request.hasRawHeader("Content-Type")) {
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("text/plain; charset=utf-8"));
    }
    const QByteArray method = in.value(QStringLiteral("method"), QStringLiteral("GET")).toString().toUpper().toUtf8();
    QNetworkReply *reply = m_env->networkAccess()->sendCustomRequest(request, method, bodyType.isEmpty() ? QByteArray() : body);
    QPointer<QNetworkReply> guard(reply);
    call->onCancel([guard] {
        if (guard)
            guard->abort();
    });
    std::weak_ptr<SkillCall> weak = call;
    const QString shown = redactedUrl(url);
    // An answer larger than this is not read (docs/dify.md, "Limits").
    constexpr qint64 kMaxBody = 64 * 1024 * 1024;
    QObject::connect(reply, &QNetworkReply::downloadProgress, reply, [reply, weak, shown](qint64 received, qint64) {
        if (received <= kMaxBody)
            return;
        if (const SkillCallPtr c = weak.lock())
            c->fail(QStringLiteral("%1: the answer is larger than %2 MiB").arg(shown).arg(kMaxBody / (1024 * 1024)));
        reply->abort();
    });
    QObject::connect(reply, &QNetworkReply::finished, reply, [reply, weak, method, shown] {
        reply->deleteLater();
        const SkillCallPtr c = weak.lock();
        if (!c || c->isCancelled())
            return;
        const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
        if (!status.isValid()) {
            c->fail(QStringLiteral("%1 %2: %3").arg(QString::fromLatin1(method), shown, reply->errorString()));
            return;
        }
        QVariantMap headers;
        for (const auto &[k, v] : reply->rawHeaderPairs())
            headers.insert(QString::fromUtf8(k).toLower(), QString::fromUtf8(v));
        c->finish({{QStringLiteral("body"), QString::fromUtf8(reply->readAll())},
                   {QStringLiteral("status_code"), status.toInt()},
                   {QStringLiteral("headers"), headers}});
    });
}

} // namespace capgraph
