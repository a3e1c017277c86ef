#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QUrl>

#include <functional>

class QNetworkAccessManager;

namespace capgraph {

class RunEventStream;

// A client of `capgraph serve`'s API (docs/server.md), for the studio attached to a server and
// for tests: JSON requests answered through callbacks, and a run's event stream
// (RunEventStream). Every request carries `Authorization: Bearer TOKEN` when a token is set;
// the token is never part of a message. Requests other than streams give up after
// `timeoutMs` without an answer.
class RunClient : public QObject
{
    Q_OBJECT

public:
    // `server`: http://HOST:PORT (a path after it is ignored; the API is under /v1).
    explicit RunClient(const QUrl &server, QByteArray token = {}, QObject *parent = nullptr);
    ~RunClient() override;

    // Whether `text` is a server's address this client can use (http or https, a host); the
    // URL as it will be used, or false with why.
    static bool parseServer(const QString &text, QUrl *url, QString *error);

    QUrl server() const { return m_server; }
    // The server as messages name it: scheme, host and port, never a user or password.
    QString displayName() const { return displayNameOf(m_server); }
    static QString displayNameOf(const QUrl &server);
    bool hasToken() const { return !m_token.isEmpty(); }
    void setTimeout(int ms) { m_timeoutMs = ms; }

    // What came back: the HTTP status (0 when no answer came: `error` says why), the JSON
    // object it sent (empty when none), and for any status but 2xx a one-line reason: the
    // server's "error", or what went wrong on the way.
    struct Answer
    {
        int status = 0;
        QJsonObject body;
        QString error;
        bool ok() const { return status >= 200 && status < 300; }
    };
    using Reply = std::function<void(const Answer &)>;

    // `path` is the API's, with its query: "/v1/runs?status=waiting".
    void get(const QString &path, Reply reply);
    void post(const QString &path, const QJsonObject &body, Reply reply);
    void put(const QString &path, const QJsonObject &body, Reply reply);

    // A run's trace events from after event number `after` (0: from the start), live until
    // the run ends. The stream is the caller's to delete; it stops when deleted.
    RunEventStream *follow(const QString &runId, qint64 after = 0);

    QNetworkAccessManager *network() const { return m_network; }
    QUrl urlOf(const QString &path) const;
    QByteArray token() const { return m_token; }

private:
    void send(const QByteArray &verb, const QString &path, const QByteArray &body, Reply reply);

    QUrl m_server;
    QByteArray m_token;
    QNetworkAccessManager *m_network;
    int m_timeoutMs = 30000;
};

} // namespace capgraph
