#pragma once

#include "telemetry/OtlpSpan.h"

#include <QList>
#include <QObject>
#include <QPair>
#include <QString>
#include <QUrl>

#include <memory>

namespace capgraph {

class RunObserver;

// Sends runs' traces as OpenTelemetry spans over OTLP/HTTP with the JSON encoding
// (docs/observability.md). Spans are handed over as they end and sent in batches from a
// thread of its own, so a run never waits for the collector: a collector that does not answer
// costs the run nothing, its spans are dropped, and the first failure is reported once
// (problem()). At most maxQueued spans wait; more are dropped and counted.
class OtlpExporter : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QUrl endpoint;           // the collector; /v1/traces is added unless the path ends so
        bool content = false;    // inputs and outputs of nodes in the spans (input.value, output.value)
        QString serviceName = QStringLiteral("capgraph");
        // Sent with every request (OTEL_EXPORTER_OTLP_HEADERS: "key=value,key=value").
        QList<QPair<QByteArray, QByteArray>> headers;
        int maxQueued = 10000;
        int batchSize = 512;
        int intervalMs = 500;    // how long a span waits for more before it is sent
    };
    // An exporter, or null with why (an endpoint that is not http:// or https://, headers
    // that do not parse).
    static std::unique_ptr<OtlpExporter> create(Options options, QString *error);
    // OTEL_EXPORTER_OTLP_HEADERS's text as headers; false with why.
    static bool parseHeaders(const QString &text, QList<QPair<QByteArray, QByteArray>> *headers, QString *error);
    ~OtlpExporter() override;

    // An observer that turns one run's events into spans: a root span for the run, a child
    // span per node execution (child runs nested under their node). `workflow` names the
    // graph; `runId`, when given, is kept as capgraph.run.id.
    std::unique_ptr<RunObserver> tracer(const QString &workflow, const QString &runId = QString());
    bool content() const { return m_options.content; }
    QUrl endpoint() const { return m_options.endpoint; }

    // Queues spans to be sent (any thread).
    void enqueue(const QList<OtlpSpan> &spans);
    // Sends what waits and waits for the collector's answers, at most `timeoutMs`; false when
    // time ran out (the rest is dropped when the exporter goes).
    bool flush(int timeoutMs);
    // The first failure to send, empty when none (the collector's URL without its query).
    QString problem() const;
    qint64 sent() const;
    qint64 dropped() const;

signals:
    // The first failure to send (reported once), in the thread the exporter lives in.
    void failed(const QString &problem);

private:
    OtlpExporter() = default;
    struct Shared;
    class Sender;
    Options m_options;
    std::shared_ptr<Shared> m_shared;
    Sender *m_sender = nullptr;
    class QThread *m_thread = nullptr;
};

} // namespace capgraph
