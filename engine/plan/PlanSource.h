#pragma once

#include "plan/PlanReader.h"
#include "plan/SseParser.h"

#include <QObject>
#include <QPointer>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

namespace capgraph {

// Where a plan comes from: a file, an HTTP(S) URL that answers with the plan as JSON, or a
// Server-Sent Events stream (text/event-stream, by its Content-Type; a file of recorded
// events too). From a stream every event is reported (the negotiation's timeline) and each
// plan.ready event — named so, or carrying "event_type": "plan.ready" in its data — is read
// as a plan; a later one replaces the earlier. Asynchronous (Qt Network), cancellable.
class PlanSource : public QObject
{
    Q_OBJECT

public:
    explicit PlanSource(QObject *parent = nullptr);
    ~PlanSource() override;

    // A path, a file: URL, or an http(s): URL. Stops what was open before.
    void open(const QString &location);
    void close();
    bool isStreaming() const { return m_streaming; }
    // How long to wait for a server's first answer (15 s by default).
    void setConnectTimeout(int ms);
    QString location() const { return m_location; }

    // True for a plan.ready event, by name or by the event_type/type in its data.
    static bool isPlanReady(const SseEvent &event);

signals:
    void eventReceived(const capgraph::SseEvent &event);
    void planReceived(const capgraph::PlanLoadResult &result);
    // The source could not be read (no such file, connection refused, HTTP 404, timeout).
    void failed(const QString &message);
    // The file was read or the response (or stream) ended.
    void finished();

private:
    void openFile(const QString &path);
    void readBody(const QByteArray &body);
    void handle(const QList<SseEvent> &events);
    void replyReadyRead();
    void replyFinished();

    QNetworkAccessManager *m_network = nullptr;
    QPointer<QNetworkReply> m_reply;
    QTimer *m_connectTimeout;
    QString m_location;
    SseParser m_sse;
    QByteArray m_body;
    bool m_streaming = false;
    bool m_headersSeen = false;
    int m_planEvents = 0;
    int m_generation = 0; // open()/close() count: a queued file read of an older one is dropped
};

} // namespace capgraph
