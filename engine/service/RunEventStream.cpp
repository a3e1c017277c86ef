#include "service/RunEventStream.h"

#include "service/RunClient.h"

#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrlQuery>

namespace capgraph {

RunEventStream::RunEventStream(RunClient *client, const QString &runId, qint64 after, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_runId(runId)
    , m_last(after)
    , m_retry(new QTimer(this))
{
    m_retry->setSingleShot(true);
    connect(m_retry, &QTimer::timeout, this, &RunEventStream::connectNow);
    connectNow();
}

RunEventStream::~RunEventStream()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

void RunEventStream::connectNow()
{
    if (m_ended || m_final || !m_client)
        return;
    QNetworkRequest request(m_client->urlOf(QStringLiteral("/v1/runs/%1/events").arg(QString::fromUtf8(QUrl::toPercentEncoding(m_runId)))));
    request.setRawHeader("Accept", "text/event-stream");
    if (m_last > 0)
        request.setRawHeader("Last-Event-ID", QByteArray::number(m_last));
    if (!m_client->token().isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_client->token());
    request.setTransferTimeout(0); // a paused run sends nothing for as long as it stands
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    m_parser = SseParser();
    m_reply = m_client->network()->get(request);
    connect(m_reply, &QNetworkReply::readyRead, this, &RunEventStream::read);
    connect(m_reply, &QNetworkReply::finished, this, &RunEventStream::finished);
}

void RunEventStream::read()
{
    if (!m_reply)
        return;
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status != 200)
        return; // its error body is read when it finishes
    const QList<SseEvent> events = m_parser.feed(m_reply->readAll());
    for (const QString &problem : m_parser.takeProblems()) // (an event too large: dropped whole)
        emit lost(QStringLiteral("run %1: %2").arg(m_runId, problem), false);
    for (const SseEvent &e : events) {
        dispatch(e);
        if (m_ended || !m_reply)
            return;
    }
}

void RunEventStream::dispatch(const SseEvent &e)
{
    if (e.type == QLatin1String("end")) {
        m_ended = true;
        if (m_reply) {
            m_reply->disconnect(this);
            m_reply->abort();
            m_reply->deleteLater();
        }
        emit ended();
        return;
    }
    if (e.type != QLatin1String("trace") || e.data.isEmpty())
        return; // a kind this client does not know
    bool numbered = false;
    const qint64 id = e.id.toLongLong(&numbered);
    if (numbered && id <= m_last)
        return; // had it already (a reconnection that overlapped)
    RunEvent parsed;
    const QJsonDocument doc = QJsonDocument::fromJson(e.data.toUtf8());
    if (!doc.isObject() || !RunEvent::fromJson(doc.object(), &parsed))
        return; // not an event of ours: skipped, as a trace file's reader would refuse it
    m_last = numbered ? id : m_last + 1;
    emit received(m_last, parsed);
}

void RunEventStream::finished()
{
    if (!m_reply)
        return;
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 200)
        read(); // what came with the end of the connection
    if (m_ended || !m_reply || m_final)
        return;
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    reply->deleteLater();
    if (status == 200) {
        emit lost(QStringLiteral("the event stream of run %1 broke off; connecting again").arg(m_runId), false);
    } else if (status == 401 || status == 404) {
        m_final = true;
        const QJsonDocument doc = QJsonDocument::fromJson(reply->readAll());
        const QString server = m_client ? m_client->displayName() : QString();
        QString why = doc.object().value(QStringLiteral("error")).toString();
        if (status == 401)
            why = QStringLiteral("%1 refused the token").arg(server);
        emit lost(why.isEmpty() ? QStringLiteral("%1 answered %2").arg(server).arg(status) : why, true);
        return;
    } else {
        const QString server = m_client ? m_client->displayName() : QString();
        emit lost(status == 0 ? QStringLiteral("%1: %2").arg(server, reply->errorString()) : QStringLiteral("%1 answered %2").arg(server).arg(status),
                  false);
    }
    m_retry->start(m_retryMs);
}

} // namespace capgraph
