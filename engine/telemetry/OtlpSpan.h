#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace capgraph {

// One span as OTLP carries it (opentelemetry-proto's trace.v1.Span), and the JSON that
// OTLP/HTTP's JSON encoding sends for a batch of them (docs/observability.md).
struct OtlpSpan
{
    QByteArray traceId;      // 16 bytes
    QByteArray spanId;       // 8 bytes
    QByteArray parentSpanId; // empty for a root span
    QString name;
    qint64 startNs = 0;      // since the epoch
    qint64 endNs = 0;
    QJsonArray attributes;   // KeyValue objects (attribute())
    QJsonArray events;       // Span.Event objects
    int statusCode = 0;      // 0 unset, 1 ok, 2 error
    QString statusMessage;

    QJsonObject toJson() const;
    // A KeyValue whose AnyValue is a string, an integer, a double, a bool or a list of strings.
    static QJsonObject attribute(const QString &key, const QString &value);
    static QJsonObject attribute(const QString &key, qint64 value);
    static QJsonObject attribute(const QString &key, bool value);
    static QJsonObject attribute(const QString &key, const QStringList &values);
    // ExportTraceServiceRequest's JSON for `spans`, from service `serviceName`.
    static QJsonObject request(const QList<OtlpSpan> &spans, const QString &serviceName, const QString &serviceVersion);
};

} // namespace capgraph
