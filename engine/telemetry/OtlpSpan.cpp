#include "telemetry/OtlpSpan.h"

namespace capgraph {

namespace {
QJsonObject keyValue(const QString &key, const QJsonObject &value)
{
    return QJsonObject{{QStringLiteral("key"), key}, {QStringLiteral("value"), value}};
}
} // namespace

QJsonObject OtlpSpan::attribute(const QString &key, const QString &value)
{
    return keyValue(key, QJsonObject{{QStringLiteral("stringValue"), value}});
}

QJsonObject OtlpSpan::attribute(const QString &key, qint64 value)
{
    // 64-bit integers are strings in OTLP's JSON (the protobuf JSON mapping).
    return keyValue(key, QJsonObject{{QStringLiteral("intValue"), QString::number(value)}});
}

QJsonObject OtlpSpan::attribute(const QString &key, bool value)
{
    return keyValue(key, QJsonObject{{QStringLiteral("boolValue"), value}});
}

QJsonObject OtlpSpan::attribute(const QString &key, const QStringList &values)
{
    QJsonArray list;
    for (const QString &v : values)
        list.append(QJsonObject{{QStringLiteral("stringValue"), v}});
    return keyValue(key, QJsonObject{{QStringLiteral("arrayValue"), QJsonObject{{QStringLiteral("values"), list}}}});
}

QJsonObject OtlpSpan::toJson() const
{
    // Ids are hex in OTLP's JSON (not base64, as protobuf's JSON mapping would have bytes).
    QJsonObject o{{QStringLiteral("traceId"), QString::fromLatin1(traceId.toHex())},
                  {QStringLiteral("spanId"), QString::fromLatin1(spanId.toHex())},
                  {QStringLiteral("name"), name},
                  {QStringLiteral("kind"), 1}, // SPAN_KIND_INTERNAL
                  {QStringLiteral("startTimeUnixNano"), QString::number(startNs)},
                  {QStringLiteral("endTimeUnixNano"), QString::number(std::max(startNs, endNs))},
                  {QStringLiteral("attributes"), attributes}};
    if (!parentSpanId.isEmpty())
        o.insert(QStringLiteral("parentSpanId"), QString::fromLatin1(parentSpanId.toHex()));
    if (!events.isEmpty())
        o.insert(QStringLiteral("events"), events);
    QJsonObject status{{QStringLiteral("code"), statusCode}};
    if (!statusMessage.isEmpty())
        status.insert(QStringLiteral("message"), statusMessage);
    o.insert(QStringLiteral("status"), status);
    return o;
}

QJsonObject OtlpSpan::request(const QList<OtlpSpan> &spans, const QString &serviceName, const QString &serviceVersion)
{
    QJsonArray list;
    for (const OtlpSpan &s : spans)
        list.append(s.toJson());
    const QJsonObject resource{{QStringLiteral("attributes"),
                                QJsonArray{attribute(QStringLiteral("service.name"), serviceName),
                                           attribute(QStringLiteral("service.version"), serviceVersion)}}};
    const QJsonObject scope{{QStringLiteral("name"), QStringLiteral("capgraph")}, {QStringLiteral("version"), serviceVersion}};
    return QJsonObject{{QStringLiteral("resourceSpans"),
                        QJsonArray{QJsonObject{{QStringLiteral("resource"), resource},
                                               {QStringLiteral("scopeSpans"),
                                                QJsonArray{QJsonObject{{QStringLiteral("scope"), scope}, {QStringLiteral("spans"), list}}}}}}}};
}

} // namespace capgraph
