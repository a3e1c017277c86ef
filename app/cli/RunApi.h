#pragma once

#include <QAbstractHttpServer>
#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QHostAddress>
#include <QPointer>
#include <QTcpSocket>

namespace capgraph {

class RunService;

// The run server's HTTP API (docs/server.md, docs/openapi.yaml) over a RunService: JSON in and
// out, the trace as server-sent events. Requests need `Authorization: Bearer TOKEN` when a
// token is set (compared in constant time); bodies above maxBody bytes are refused (413)
// before they are read (GuardedTcpServer), so a hostile client cannot make it hold more.
class RunApi : public QAbstractHttpServer
{
    Q_OBJECT

public:
    static constexpr qint64 DefaultMaxBody = 1 << 20;

    // `logName` begins each request's line on standard error ("capgraph serve").
    RunApi(RunService *service, QByteArray token, QString logName = QStringLiteral("capgraph serve"), QObject *parent = nullptr);
    // Listens on `address:port` (port 0: any free one); the port, or 0 with why.
    quint16 listenOn(const QHostAddress &address, quint16 port, QString *error);
    // HOST:PORT (an IP address, [v6] or localhost) as --listen gives it; false when it is not.
    static bool parseAddress(const QString &text, QHostAddress *address, quint16 *port);
    // Whether POST /v1/runs starts runs (true), or is refused with `why` (a server of one run).
    void refuseSubmissions(const QString &why) { m_noSubmissions = why; }
    // Whether an event stream is open, or an answer or a stream that ended is still
    // sending its last bytes.
    bool busy() const;

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    struct Reply
    {
        int status = 200;
        QJsonObject body;
        QByteArray location;
    };
    enum class Taken { No, Stream, Later }; // answered now, an event stream, answered later
    Reply route(const QHttpServerRequest &request, QTcpSocket *socket, Taken *taken);
    Reply runVerb(const QString &id, const QString &verb, const QJsonObject &body, const QHttpServerRequest &request, QTcpSocket *socket,
                  bool *deferred);
    static void sendLater(QTcpSocket *socket, const Reply &reply);
    void send(const QHttpServerRequest &request, QTcpSocket *socket, const Reply &reply);
    void openStream(const QString &id, qint64 after, QTcpSocket *socket);
    // ?wait=SECONDS: the request is answered (`status`, the run's JSON) once the run stands
    // still (ended, waiting for an answer, paused) or the seconds are up; `line` is logged then.
    void awaitRun(const QString &id, int seconds, int status, const QByteArray &line, QTcpSocket *socket);
    // Answers those waiting for the run if it stands still (or all of them, or `only`, when
    // their time is up).
    void answerWaiters(const QString &id, bool timedOut, QTcpSocket *only = nullptr);
    // Sends each stream of the run what it has not had yet, and ends those of a run that ended.
    void feedStreams(const QString &id);
    bool authorized(const QHttpServerRequest &request) const;

    struct Stream
    {
        QString run;
        qint64 sent = 0;
        QPointer<QTcpSocket> socket;
    };
    struct Waiter
    {
        QString run;
        QPointer<QTcpSocket> socket;
        int status = 200; // 201 for a run created by the request
        QByteArray line;  // "POST /v1/runs", for the log
    };
    RunService *m_service;
    QByteArray m_token;
    QList<Stream> m_streams;
    QList<Waiter> m_waiters;
    QString m_noSubmissions;
    QByteArray m_logName;
    QList<QPointer<QTcpSocket>> m_closing; // streams ended, their last bytes going out
};

} // namespace capgraph
