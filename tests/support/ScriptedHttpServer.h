#pragma once

// A small HTTP/1.1 server on 127.0.0.1 for handler tests: every request (method, path, headers,
// body) is recorded, and a script decides each answer (status, body, a delay, or no answer at
// all). Runs on its own thread, so a client in another process (the `capgraph` CLI, driven by
// a blocking QProcess) is served while the test waits. Real sockets throughout.
#include <QByteArray>
#include <QHash>
#include <QList>
#include <QMutex>
#include <QMutexLocker>
#include <QObject>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

#include <functional>
#include <memory>

struct HttpRequestSeen
{
    QByteArray method;
    QByteArray path; // with the query
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;
};

struct HttpReply
{
    int status = 200;
    QByteArray body;
    QByteArray contentType = "application/json";
    int delayMs = 0;
    bool hang = false; // never answer (the client must time out or cancel)
};

class ScriptedHttpServer
{
public:
    using Script = std::function<HttpReply(const HttpRequestSeen &)>;

    explicit ScriptedHttpServer(Script script) : m_script(std::move(script))
    {
        m_anchor.moveToThread(&m_thread);
        m_thread.start();
        QMetaObject::invokeMethod(&m_anchor, [this] { m_server = new QTcpServer; start(); }, Qt::BlockingQueuedConnection);
    }
    ~ScriptedHttpServer()
    {
        QMetaObject::invokeMethod(&m_anchor, [this] { delete m_server; }, Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }
    QString url(const QString &path = QString()) const { return QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path); }
    QList<HttpRequestSeen> requests() const
    {
        QMutexLocker lock(&m_mutex);
        return m_requests;
    }
    int aborted() const // connections the client closed before it had an answer
    {
        QMutexLocker lock(&m_mutex);
        return m_aborted;
    }

private:
    struct Anchor : QObject {}; // lives on the server thread: queued calls to it run there

    void start()
    {
        m_server->listen(QHostAddress::LocalHost);
        m_port = m_server->serverPort();
        QObject::connect(m_server, &QTcpServer::newConnection, m_server, [this] {
            while (QTcpSocket *s = m_server->nextPendingConnection()) {
                auto buffer = std::make_shared<QByteArray>();
                auto answered = std::make_shared<bool>(false);
                QObject::connect(s, &QTcpSocket::readyRead, s, [this, s, buffer, answered] {
                    *buffer += s->readAll();
                    const qsizetype end = buffer->indexOf("\r\n\r\n");
                    if (*answered || end < 0)
                        return;
                    HttpRequestSeen r;
                    const QList<QByteArray> lines = buffer->left(end).split('\n');
                    const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
                    r.method = first.value(0);
                    r.path = first.value(1);
                    for (qsizetype i = 1; i < lines.size(); ++i) {
                        const qsizetype colon = lines.at(i).indexOf(':');
                        if (colon > 0)
                            r.headers.insert(lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
                    }
                    const qsizetype length = r.headers.value("content-length").toLongLong();
                    if (buffer->size() < end + 4 + length)
                        return; // the body is still coming
                    r.body = buffer->mid(end + 4, length);
                    *answered = true;
                    {
                        QMutexLocker lock(&m_mutex);
                        m_requests.append(r);
                    }
                    const HttpReply reply = m_script(r);
                    QObject::connect(s, &QTcpSocket::disconnected, s, [this, s] {
                        if (!s->property("sent").toBool()) {
                            QMutexLocker lock(&m_mutex);
                            ++m_aborted;
                        }
                        s->deleteLater();
                    });
                    if (reply.hang)
                        return;
                    QTimer::singleShot(reply.delayMs, s, [s, reply] {
                        QByteArray out = "HTTP/1.1 " + QByteArray::number(reply.status) + " X\r\nContent-Type: " + reply.contentType
                                         + "\r\nContent-Length: " + QByteArray::number(reply.body.size()) + "\r\nConnection: close\r\n\r\n"
                                         + reply.body;
                        s->setProperty("sent", true);
                        s->write(out);
                        s->disconnectFromHost();
                    });
                });
            }
        });
    }

    Script m_script;
    QThread m_thread;
    Anchor m_anchor;
    QTcpServer *m_server = nullptr;
    quint16 m_port = 0;
    mutable QMutex m_mutex;
    QList<HttpRequestSeen> m_requests;
    int m_aborted = 0;
};
