#include "plan/PlanSource.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

namespace capgraph {

namespace {
constexpr int ConnectTimeoutMs = 15000;

bool looksLikeEventStream(const QByteArray &bytes)
{
    QByteArray t = bytes.startsWith("\xEF\xBB\xBF") ? bytes.mid(3) : bytes; // a BOM says nothing either way
    t = t.trimmed();
    return !t.startsWith('{') && !t.startsWith('[')
        && (t.startsWith("event:") || t.startsWith("data:") || t.startsWith("id:") || t.startsWith(':') || t.startsWith("retry:"));
}
} // namespace

PlanSource::PlanSource(QObject *parent)
    : QObject(parent)
    , m_connectTimeout(new QTimer(this))
{
    m_connectTimeout->setSingleShot(true);
    m_connectTimeout->setInterval(ConnectTimeoutMs);
    connect(m_connectTimeout, &QTimer::timeout, this, [this] {
        if (m_reply && !m_headersSeen) {
            const QString where = m_location;
            close();
            emit failed(tr("%1: no answer within %2 ms").arg(where).arg(m_connectTimeout->interval()));
            emit finished();
        }
    });
}

PlanSource::~PlanSource()
{
    close();
}

void PlanSource::setConnectTimeout(int ms)
{
    m_connectTimeout->setInterval(ms);
}

bool PlanSource::isPlanReady(const SseEvent &event)
{
    if (event.type == QLatin1String("plan.ready"))
        return true;
    if (!event.data.contains(QLatin1String("plan.ready")))
        return false;
    const QJsonObject o = QJsonDocument::fromJson(event.data.toUtf8()).object();
    for (const char *key : {"event_type", "event", "type"})
        if (o.value(QLatin1String(key)).toString() == QLatin1String("plan.ready"))
            return true;
    return false;
}

void PlanSource::close()
{
    ++m_generation;
    m_connectTimeout->stop();
    if (m_reply) {
        QNetworkReply *reply = m_reply;
        m_reply = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    m_streaming = false;
}

void PlanSource::open(const QString &location)
{
    close();
    m_location = location;
    m_sse = SseParser();
    m_body.clear();
    m_headersSeen = false;
    m_planEvents = 0;
    const QUrl url(location);
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("http") || scheme == QLatin1String("https")) {
        if (!m_network)
            m_network = new QNetworkAccessManager(this);
        QNetworkRequest request(url);
        request.setRawHeader("Accept", "text/event-stream, application/json;q=0.9");
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
        m_reply = m_network->get(request);
        connect(m_reply, &QNetworkReply::metaDataChanged, this, [this] {
            m_headersSeen = true;
            m_connectTimeout->stop();
            const QString type = m_reply->header(QNetworkRequest::ContentTypeHeader).toString();
            m_streaming = type.startsWith(QLatin1String("text/event-stream"), Qt::CaseInsensitive);
        });
        connect(m_reply, &QNetworkReply::readyRead, this, &PlanSource::replyReadyRead);
        connect(m_reply, &QNetworkReply::finished, this, &PlanSource::replyFinished);
        m_connectTimeout->start();
        return;
    }
    openFile(url.isLocalFile() ? url.toLocalFile() : location);
}

void PlanSource::openFile(const QString &path)
{
    // Reported from the event loop, as for a URL: the caller connects after open(). A later
    // open() or close() before then cancels it.
    QTimer::singleShot(0, this, [this, path, generation = m_generation] {
        if (generation != m_generation)
            return;
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            emit failed(tr("%1: cannot read: %2").arg(path, f.errorString()));
            emit finished();
            return;
        }
        if (looksLikeEventStream(f.peek(4096))) { // a recording: read as it was received, in pieces
            qsizetype events = 0;
            while (!f.atEnd()) {
                const QList<SseEvent> some = m_sse.feed(f.read(1024 * 1024));
                events += some.size();
                handle(some);
            }
            const QList<SseEvent> last = m_sse.feed("\n\n"); // a recording may end without the last blank line
            handle(last);
            if (m_planEvents == 0)
                emit failed(tr("%1: no plan.ready among its %2 events").arg(m_location).arg(events + last.size()));
        } else if (f.size() > PlanReader::MaxPlanBytes) {
            emit failed(tr("%1: the file is larger than %2 MiB, the limit for a plan").arg(path).arg(PlanReader::MaxPlanBytes / (1024 * 1024)));
        } else {
            readBody(f.readAll());
        }
        emit finished();
    });
}

void PlanSource::readBody(const QByteArray &body)
{
    if (looksLikeEventStream(body)) {
        QList<SseEvent> events = m_sse.feed(body);
        events += m_sse.feed("\n\n"); // a recording may end without the last blank line
        handle(events);
        if (m_planEvents == 0)
            emit failed(tr("%1: no plan.ready among its %2 events").arg(m_location).arg(events.size()));
        return;
    }
    emit planReceived(PlanReader::parse(body, m_location));
}

void PlanSource::handle(const QList<SseEvent> &events)
{
    for (const QString &problem : m_sse.takeProblems())
        emit failed(tr("%1: %2").arg(m_location, problem));
    for (const SseEvent &e : events) {
        emit eventReceived(e);
        if (!isPlanReady(e))
            continue;
        ++m_planEvents;
        emit planReceived(PlanReader::parse(e.data.toUtf8(), tr("%1 (plan.ready #%2)").arg(m_location).arg(m_planEvents)));
    }
}

void PlanSource::replyReadyRead()
{
    if (!m_reply)
        return;
    const QByteArray chunk = m_reply->readAll();
    if (m_streaming) {
        handle(m_sse.feed(chunk));
    } else if (m_body.size() + chunk.size() > PlanReader::MaxPlanBytes) {
        emit failed(tr("%1: the answer is larger than %2 MiB, the limit for a plan").arg(m_location).arg(PlanReader::MaxPlanBytes / (1024 * 1024)));
        close();
        emit finished();
    } else {
        m_body.append(chunk);
    }
}

void PlanSource::replyFinished()
{
    QNetworkReply *reply = m_reply;
    if (!reply)
        return;
    m_connectTimeout->stop();
    replyReadyRead();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QNetworkReply::NetworkError error = reply->error();
    const QString errorText = reply->errorString();
    const bool streaming = m_streaming;
    m_reply = nullptr;
    reply->deleteLater();
    m_streaming = false;
    if (error != QNetworkReply::NoError && !(streaming && error == QNetworkReply::RemoteHostClosedError)) {
        emit failed(status > 0 ? tr("%1: HTTP %2: %3").arg(m_location).arg(status).arg(errorText) : tr("%1: %2").arg(m_location, errorText));
    } else if (streaming) {
        m_sse.finish();
        if (m_planEvents == 0)
            emit failed(tr("%1: the stream ended without a plan.ready event").arg(m_location));
    } else {
        readBody(m_body);
    }
    emit finished();
}

} // namespace capgraph
