#include "handlers/ApiHandler.h"

#include "capability/JsonPointer.h"
#include "handlers/HandlerEnvironment.h"
#include "handlers/HttpJsonCall.h"
#include "handlers/Placeholders.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QUrlQuery>

namespace capgraph {

void readRetryFields(const QJsonObject &spec, int defaultAttempts, int *timeoutMs, int *attempts, double *backoffMs, double *multiplier)
{
    const double seconds = spec.value(QStringLiteral("timeout")).toDouble(30.0);
    *timeoutMs = seconds <= 0 ? 0 : int(std::clamp(seconds * 1000.0, 1.0, 3.6e6)); // 0: no limit
    const QJsonObject retry = spec.value(QStringLiteral("retry")).toObject();
    *attempts = std::clamp(retry.value(QStringLiteral("max_attempts")).toInt(defaultAttempts), 1, 100);
    *backoffMs = std::clamp(retry.value(QStringLiteral("backoff")).toDouble(0.5) * 1000.0, 0.0, 3.6e6);
    *multiplier = std::clamp(retry.value(QStringLiteral("multiplier")).toDouble(2.0), 1.0, 100.0);
}

ApiHandler::ApiHandler(QJsonObject spec, std::shared_ptr<HandlerEnvironment> env)
    : m_spec(std::move(spec)), m_env(std::move(env))
{
}

bool ApiHandler::repeatable() const
{
    const QString method = m_spec.value(QStringLiteral("method")).toString(QStringLiteral("GET")).toUpper();
    return m_spec.value(QStringLiteral("idempotent")).toBool(method != QLatin1String("POST") && method != QLatin1String("PATCH"));
}

void ApiHandler::start(const SkillCallPtr &call)
{
    QString error;
    QString endpoint;
    QSet<QString> used;
    if (!fillPlaceholders(m_spec.value(QStringLiteral("endpoint")).toString(), call->inputs, true, &endpoint, &used, &error)) {
        call->fail(QStringLiteral("endpoint %1").arg(error));
        return;
    }
    HttpRequestSpec spec;
    spec.url = QUrl(endpoint, QUrl::StrictMode);
    if (!spec.url.isValid() || spec.url.scheme().isEmpty() || spec.url.host().isEmpty()) {
        call->fail(QStringLiteral("endpoint '%1' is not a URL").arg(endpoint));
        return;
    }
    spec.method = m_spec.value(QStringLiteral("method")).toString(QStringLiteral("GET")).toUpper().toLatin1();
    const QJsonObject headers = m_spec.value(QStringLiteral("headers")).toObject();
    for (auto it = headers.begin(); it != headers.end(); ++it) {
        QString value;
        if (!expandEnvironment(it.value().toString(), m_env->environment, &value, &error)) {
            call->fail(QStringLiteral("header %1: %2").arg(it.key(), error));
            return;
        }
        spec.headers.append({it.key().toLatin1(), value.toUtf8()});
    }
    QVariantMap rest = call->inputs;
    for (const QString &name : std::as_const(used))
        rest.remove(name);
    const bool queryMethod = spec.method == "GET" || spec.method == "DELETE" || spec.method == "HEAD";
    if (queryMethod) {
        QUrlQuery query(spec.url);
        for (auto it = rest.cbegin(); it != rest.cend(); ++it) {
            const QVariant &v = it.value();
            const bool scalar = v.typeId() != QMetaType::QVariantMap && v.typeId() != QMetaType::QVariantList;
            const QString text = scalar ? v.toString() : QString::fromUtf8(QJsonDocument::fromVariant(v).toJson(QJsonDocument::Compact));
            // Encoded here: QUrlQuery would leave '+' (a space to servers) and '%41' as they are.
            query.addQueryItem(QString::fromLatin1(QUrl::toPercentEncoding(it.key())), QString::fromLatin1(QUrl::toPercentEncoding(text)));
        }
        spec.url.setQuery(query);
    } else {
        spec.body = QJsonDocument(QJsonObject::fromVariantMap(rest)).toJson(QJsonDocument::Compact);
    }
    readRetryFields(m_spec, 3, &spec.timeoutMs, &spec.maxAttempts, &spec.backoffMs, &spec.multiplier);
    spec.idempotent = m_spec.value(QStringLiteral("idempotent")).toBool(spec.method != "POST" && spec.method != "PATCH");
    call->log(QStringLiteral("%1 %2").arg(QString::fromLatin1(spec.method), redactedUrl(spec.url)));
    const QJsonObject mapping = m_spec.value(QStringLiteral("response")).toObject();
    startHttpForCall(m_env->networkAccess(), call, spec, [mapping](const SkillCallPtr &c, const QJsonValue &json) {
        if (mapping.isEmpty()) {
            c->finish(json.isObject() ? json.toObject().toVariantMap() : QVariantMap{{QStringLiteral("result"), json.toVariant()}});
            return;
        }
        QVariantMap outputs;
        for (auto it = mapping.begin(); it != mapping.end(); ++it) {
            QJsonValue v;
            if (jsonPointer(json, it.value().toString(), &v))
                outputs.insert(it.key(), v.toVariant());
        }
        c->finish(outputs);
    });
}

} // namespace capgraph
