#pragma once

// A `capgraph serve` process on loopback for the suites that drive one (tst_serve,
// tst_studio_server), and an HTTP client for it. Its graphs are tests/fixtures/serve, with
// slow.mock.yaml as the mock file. Needs CAPGRAPH_CLI and CAPGRAPH_FIXTURES_DIR.

#include <QElapsedTimer>
#include <QEventLoop>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>
#include <QTimer>

#include <csignal>
#include <functional>

namespace capgraph::testing {

// Where `capgraph run|resume --debug-listen` says it serves the run (port, run id), read from
// its standard error (kept in *err) for up to 20 s; no match when it did not say.
inline QRegularExpressionMatch debuggingAt(QProcess &process, QByteArray *err)
{
    static const QRegularExpression at(QStringLiteral("debugging on http://127\\.0\\.0\\.1:(\\d+)/v1/runs/([0-9a-f-]+)"));
    QRegularExpressionMatch m;
    QElapsedTimer t;
    t.start();
    while (!(m = at.match(QString::fromUtf8(*err))).hasMatch() && process.state() == QProcess::Running && t.elapsed() < 20000) {
        process.waitForReadyRead(100);
        *err += process.readAllStandardError();
    }
    return m;
}

inline QString fixture(const char *name) { return QStringLiteral(CAPGRAPH_FIXTURES_DIR "/serve/") + QLatin1String(name); }

struct Response
{
    int status = 0;
    QJsonObject json;
    QByteArray body;
    QByteArray header(const char *name) const { return headers.value(QByteArray(name).toLower()); }
    QHash<QByteArray, QByteArray> headers;
};

// A `capgraph serve` process and an HTTP client for it.
class Server
{
public:
    Server(const QString &store, const QStringList &extra = {}) : m_store(store), m_extra(extra) {}
    ~Server() { stop(); }

    bool start(QString *why)
    {
        m_err.clear(); // (started again: what it says now)
        m_port = 0;
        m_process.setProgram(QStringLiteral(CAPGRAPH_CLI));
        m_process.setArguments(QStringList{QStringLiteral("serve"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(m_listenPort),
                                           QStringLiteral("--store"), m_store, QStringLiteral("--graphs"), fixture(""),
                                           QStringLiteral("--mock"), fixture("slow.mock.yaml")}
                               + m_extra);
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        m_process.start();
        if (!m_process.waitForStarted(10000)) {
            *why = m_process.errorString();
            return false;
        }
        static const QRegularExpression listening(QStringLiteral("listening on http://127\\.0\\.0\\.1:(\\d+)"));
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 20000) {
            m_process.waitForReadyRead(200);
            m_err += m_process.readAllStandardError();
            const QRegularExpressionMatch m = listening.match(QString::fromUtf8(m_err));
            if (m.hasMatch()) {
                m_port = m.captured(1).toInt();
                return true;
            }
            if (m_process.state() == QProcess::NotRunning)
                break;
        }
        *why = QStringLiteral("the server did not say where it listens: ") + QString::fromUtf8(m_err);
        return false;
    }
    void signal(int sig) { ::kill(pid_t(m_process.processId()), sig); }
    void kill()
    {
        if (m_process.state() != QProcess::NotRunning) {
            ::kill(pid_t(m_process.processId()), SIGKILL);
            m_process.waitForFinished(10000);
        }
    }
    void stop()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.terminate();
            if (!m_process.waitForFinished(10000))
                kill();
        }
    }
    QByteArray log()
    {
        m_err += m_process.readAllStandardError();
        return m_err;
    }
    void setToken(const QByteArray &token) { m_token = token; }
    // The port start() listens on (0, the default: any free one; the same again after a restart).
    void setListenPort(int port) { m_listenPort = port; }
    int port() const { return m_port; }
    // A client of a server this object did not start (capgraph run --debug-listen's).
    void useServerAt(int port) { m_port = port; }
    QUrl url(const QString &path) const { return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path)); }

    Response request(const QByteArray &method, const QString &path, const QByteArray &body = QByteArray(), const QByteArray &token = "default")
    {
        QNetworkRequest req(url(path));
        if (!body.isEmpty())
            req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        const QByteArray t = token == "default" ? m_token : token;
        if (!t.isEmpty())
            req.setRawHeader("Authorization", "Bearer " + t);
        QNetworkReply *reply = m_net.sendCustomRequest(req, method, body);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(20000, &loop, &QEventLoop::quit);
        loop.exec();
        Response r;
        r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        r.body = reply->readAll();
        r.json = QJsonDocument::fromJson(r.body).object();
        for (const auto &[k, v] : reply->rawHeaderPairs())
            r.headers.insert(k.toLower(), v);
        reply->deleteLater();
        return r;
    }
    Response post(const QString &path, const QJsonObject &body) { return request("POST", path, QJsonDocument(body).toJson()); }

    // Waits until the run's status is one of `statuses` (or 20 s pass); its last JSON.
    QJsonObject waitFor(const QString &id, const QStringList &statuses)
    {
        QElapsedTimer t;
        t.start();
        QJsonObject run;
        while (t.elapsed() < 20000) {
            run = request("GET", QStringLiteral("/v1/runs/") + id).json;
            if (statuses.contains(run.value(QStringLiteral("status")).toString()))
                return run;
            QTest::qWait(20);
        }
        return run;
    }

    // The run's event stream, read until the server ends it (or 20 s); the `trace` events' JSON.
    QList<QJsonObject> stream(const QString &id, qint64 after = 0, const std::function<void(const QJsonObject &)> &each = {})
    {
        QNetworkRequest req(url(QStringLiteral("/v1/runs/%1/events").arg(id)));
        if (!m_token.isEmpty())
            req.setRawHeader("Authorization", "Bearer " + m_token);
        if (after > 0)
            req.setRawHeader("Last-Event-ID", QByteArray::number(after));
        QNetworkReply *reply = m_net.get(req);
        QList<QJsonObject> events;
        QByteArray buffer;
        QObject::connect(reply, &QNetworkReply::readyRead, reply, [&] {
            buffer += reply->readAll();
            qsizetype end;
            while ((end = buffer.indexOf("\n\n")) >= 0) {
                const QByteArray block = buffer.left(end);
                buffer.remove(0, end + 2);
                QByteArray event, data;
                for (const QByteArray &line : block.split('\n')) {
                    if (line.startsWith("event: "))
                        event = line.mid(7);
                    else if (line.startsWith("data: "))
                        data = line.mid(6);
                }
                if (event == "trace") {
                    events.append(QJsonDocument::fromJson(data).object());
                    if (each)
                        each(events.constLast());
                }
            }
        });
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(20000, &loop, &QEventLoop::quit);
        loop.exec();
        m_lastStreamType = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
        reply->deleteLater();
        return events;
    }
    QByteArray lastStreamType() const { return m_lastStreamType; }

private:
    QString m_store;
    QStringList m_extra;
    QProcess m_process;
    QByteArray m_err;
    QByteArray m_token;
    QByteArray m_lastStreamType;
    int m_port = 0;
    int m_listenPort = 0;
    QNetworkAccessManager m_net;
};

} // namespace capgraph::testing
