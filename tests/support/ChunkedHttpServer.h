#pragma once

// A tiny HTTP/1.1 server on 127.0.0.1 for the tests (tst_plan, tst_planview): each
// connection gets `response` written in chunks of `chunk` bytes, `delayMs` apart, then the
// connection is closed. Real sockets, so a client reads the bytes as a live stream would
// deliver them.
#include <QByteArray>
#include <QObject>
#include <QString>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

class ChunkedHttpServer : public QObject
{
public:
    QByteArray response;
    int chunk = 7;
    int delayMs = 2;
    QTcpServer server;

    ChunkedHttpServer()
    {
        server.listen(QHostAddress::LocalHost);
        connect(&server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = server.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, s, [this, s] {
                    if (!s->property("answered").toBool() && s->readAll().contains("\r\n\r\n")) {
                        s->setProperty("answered", true);
                        send(s, 0);
                    }
                });
            }
        });
    }
    QString url(const QString &path = QStringLiteral("/plan")) const
    {
        return QStringLiteral("http://127.0.0.1:%1%2").arg(server.serverPort()).arg(path);
    }

private:
    void send(QTcpSocket *s, qsizetype at)
    {
        if (at >= response.size()) {
            s->disconnectFromHost();
            return;
        }
        s->write(response.mid(at, chunk));
        s->flush();
        QTimer::singleShot(delayMs, s, [this, s, at] { send(s, at + chunk); });
    }
};

inline QByteArray httpResponse(const QByteArray &status, const QByteArray &contentType, const QByteArray &body, bool withLength)
{
    QByteArray r = "HTTP/1.1 " + status + "\r\nContent-Type: " + contentType + "\r\nConnection: close\r\n";
    if (withLength)
        r += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    return r + "\r\n" + body;
}

