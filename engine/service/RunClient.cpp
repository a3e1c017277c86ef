#include "service/RunClient.h"

#include "service/RunEventStream.h"

#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace capgraph {

RunClient::RunClient(const QUrl &server, QByteArray token, QObject *parent)
    : QObject(parent)
    , m_server(server)
    , m_token(std::move(token))
    , m_network(new QNetworkAccessManager(this))
{
    m_server.setPath(QString());
    m_server.setQuery(QString());
    m_server.setFragment(QString());
}

RunClient::~RunClient() = default;

bool RunClient::parseServer(const QString &text, QUrl *url, QString *error)
{
    QString t = text.trimmed();
    if (t.isEmpty()) {
        *error = QStringLiteral("give the server's address (http://HOST:PORT)");
        return false;
    }
    if (!t.contains(QLatin1String("://")))
        t.prepend(QLatin1String("http://")); // "127.0.0.1:8750" as `capgraph serve` prints it
    const QUrl u(t, QUrl::StrictMode);
    if (!u.isValid() || u.host().isEmpty()) {
        *error = QStringLiteral("'%1' is not a server's address (http://HOST:PORT)").arg(text.trimmed());
        return false;
    }
    if (u.scheme() != QLatin1String("http") && u.scheme() != QLatin1String("https")) {
        *error = QStringLiteral("'%1': a server is reached over http or https, not %2").arg(text.trimmed(), u.scheme());
        return false;
    }
    if (!u.userInfo().isEmpty()) {
        *error = QStringLiteral("give the token in its own field, not in the address");
        return false;
    }
    QUrl clean = u;
    clean.setPath(QString());
    clean.setQuery(QString());
    clean.setFragment(QString());
    *url = clean;
    return true;
}

QString RunClient::displayNameOf(const QUrl &server)
{
    return server.toString(QUrl::RemoveUserInfo | QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment);
}

QUrl RunClient::urlOf(const QString &path) const
{
    QUrl url = m_server;
    const qsizetype q = path.indexOf(QLatin1Char('?'));
    url.setPath(q < 0 ? path : path.left(q));
    if (q >= 0)
        url.setQuery(path.mid(q + 1));
    return url;
}

void RunClient::get(const QString &path, Reply reply)
{
    send("GET", path, QByteArray(), std::move(reply));
}

void RunClient::post(const QString &path, const QJsonObject &body, Reply reply)
{
    send("POST", path, QJsonDocument(body).toJson(QJsonDocument::Compact), std::move(reply));
}

void RunClient::put(const QString &path, const QJsonObject &body, Reply reply)
{
    send("PUT", path, QJsonDocument(body).toJson(QJsonDocument::Compact), std::move(reply));
}

void RunClient::send(const QByteArray &verb, const QString &path, const QByteArray &body, Reply reply)
{
    QNetworkRequest request(urlOf(path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "application/json");
    if (!m_token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_token);
    request.setTransferTimeout(m_timeoutMs);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy); // the API never redirects: the token goes nowhere else
    QNetworkReply *r = m_network->sendCustomRequest(request, verb, body);
    connect(r, &QNetworkReply::finished, this, [this, r, reply = std::move(reply)] {
        r->deleteLater();
        Answer a;
        a.status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray bytes = r->readAll();
        const QJsonDocument doc = QJsonDocument::fromJson(bytes);
        if (doc.isObject())
            a.body = doc.object();
        if (a.status == 0) {
            a.error = r->error() == QNetworkReply::OperationCanceledError || r->error() == QNetworkReply::TimeoutError
                          ? QStringLiteral("%1 did not answer").arg(displayName())
                          : QStringLiteral("%1: %2").arg(displayName(), r->errorString());
        } else if (!a.ok()) {
            a.error = a.body.value(QStringLiteral("error")).toString();
            if (a.error.isEmpty())
                a.error = QStringLiteral("%1 answered %2 %3")
                              .arg(displayName())
                              .arg(a.status)
                              .arg(r->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString());
            if (a.status == 401)
                a.error = m_token.isEmpty() ? QStringLiteral("%1 wants a token").arg(displayName())
                                            : QStringLiteral("%1 refused the token").arg(displayName());
        }
        reply(a);
    });
}

RunEventStream *RunClient::follow(const QString &runId, qint64 after)
{
    return new RunEventStream(this, runId, after);
}

} // namespace capgraph
