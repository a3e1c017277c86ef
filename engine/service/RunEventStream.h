#pragma once

#include "exec/RunEvent.h"
#include "plan/SseParser.h"

#include <QObject>
#include <QPointer>
#include <QString>

class QNetworkReply;
class QTimer;

namespace capgraph {

class RunClient;

// A run's trace as a server sends it (GET /v1/runs/ID/events, server-sent events): each event
// as it comes, in order and once, with its number. When the connection drops before the run
// ended (the server restarted, the network went), it connects again after a second and asks
// for what came after the last event it had (Last-Event-ID), as long as it lives; `lost` says
// so each time, `ended` when the run has ended and every event came.
class RunEventStream : public QObject
{
    Q_OBJECT

public:
    RunEventStream(RunClient *client, const QString &runId, qint64 after, QObject *parent = nullptr);
    ~RunEventStream() override;

    QString runId() const { return m_runId; }
    qint64 lastEvent() const { return m_last; } // the number of the last event given
    bool hasEnded() const { return m_ended; }
    // How long to wait before connecting again after a drop (default 1000 ms).
    void setRetryInterval(int ms) { m_retryMs = ms; }

signals:
    void received(qint64 number, const capgraph::RunEvent &event);
    void ended();
    // The stream dropped or was refused (why, in English); it tries again unless `final`
    // (the run does not exist, the token was refused).
    void lost(const QString &why, bool final);

private:
    void connectNow();
    void read();
    void finished();
    void dispatch(const SseEvent &e);

    QPointer<RunClient> m_client;
    QString m_runId;
    qint64 m_last = 0;
    QPointer<QNetworkReply> m_reply;
    SseParser m_parser; // the connection's text/event-stream (one per connection)
    bool m_ended = false;
    bool m_final = false;
    int m_retryMs = 1000;
    QTimer *m_retry;
};

} // namespace capgraph
