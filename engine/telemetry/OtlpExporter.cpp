#include "telemetry/OtlpExporter.h"

#include "CapGraphVersion.h"
#include "handlers/HttpJsonCall.h"
#include "telemetry/OtlpRunTracer.h"

#include <QDeadlineTimer>
#include <QJsonDocument>
#include <QMutex>
#include <QMutexLocker>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QThread>
#include <QTimer>
#include <QWaitCondition>

namespace capgraph {

// What the run's thread and the sending thread share.
struct OtlpExporter::Shared
{
    QMutex mutex;
    QWaitCondition idle; // the queue is empty and nothing is in flight
    QList<OtlpSpan> queue;
    int inFlight = 0;
    qint64 sent = 0;
    qint64 dropped = 0;
    QString problem;
};

// Lives in the exporter's thread: takes batches off the queue and posts them.
class OtlpExporter::Sender : public QObject
{
public:
    Sender(OtlpExporter *exporter, std::shared_ptr<Shared> shared, Options options)
        : m_exporter(exporter)
        , m_shared(std::move(shared))
        , m_options(std::move(options))
    {
    }

    void start() // in the thread
    {
        m_network = new QNetworkAccessManager(this);
        m_timer = new QTimer(this);
        m_timer->setInterval(m_options.intervalMs);
        connect(m_timer, &QTimer::timeout, this, &Sender::drain);
        m_timer->start();
    }

    void drain()
    {
        for (;;) {
            QList<OtlpSpan> batch;
            {
                QMutexLocker lock(&m_shared->mutex);
                if (m_shared->queue.isEmpty()) {
                    if (m_shared->inFlight == 0)
                        m_shared->idle.wakeAll();
                    return;
                }
                const qsizetype n = std::min<qsizetype>(m_options.batchSize, m_shared->queue.size());
                batch = m_shared->queue.mid(0, n);
                m_shared->queue.remove(0, n);
                ++m_shared->inFlight;
            }
            post(batch);
        }
    }

private:
    void post(const QList<OtlpSpan> &batch)
    {
        QNetworkRequest request(m_options.endpoint);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        for (const auto &[name, value] : m_options.headers)
            request.setRawHeader(name, value);
        request.setTransferTimeout(10000);
        const QByteArray body = QJsonDocument(OtlpSpan::request(batch, m_options.serviceName, QStringLiteral(CAPGRAPH_VERSION_STRING)))
                                    .toJson(QJsonDocument::Compact);
        QNetworkReply *reply = m_network->post(request, body);
        const qsizetype count = batch.size();
        connect(reply, &QNetworkReply::finished, this, [this, reply, count] {
            reply->deleteLater();
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            QString problem;
            if (reply->error() != QNetworkReply::NoError && status == 0)
                problem = reply->errorString();
            else if (status < 200 || status > 299)
                problem = QStringLiteral("HTTP %1: %2").arg(status).arg(QString::fromUtf8(reply->readAll().left(200)).simplified());
            bool first = false;
            {
                QMutexLocker lock(&m_shared->mutex);
                --m_shared->inFlight;
                if (problem.isEmpty()) {
                    m_shared->sent += count;
                } else {
                    m_shared->dropped += count;
                    first = m_shared->problem.isEmpty();
                    if (first) {
                        m_shared->problem = QStringLiteral("OpenTelemetry export to %1 failed: %2; its spans are dropped")
                                                .arg(redactedUrl(m_options.endpoint), problem);
                    }
                }
                if (m_shared->queue.isEmpty() && m_shared->inFlight == 0)
                    m_shared->idle.wakeAll();
            }
            if (first)
                QMetaObject::invokeMethod(m_exporter, [exporter = m_exporter, shared = m_shared] { emit exporter->failed(shared->problem); },
                                          Qt::QueuedConnection);
        });
    }

    OtlpExporter *m_exporter;
    std::shared_ptr<Shared> m_shared;
    Options m_options;
    QNetworkAccessManager *m_network = nullptr;
    QTimer *m_timer = nullptr;
};

bool OtlpExporter::parseHeaders(const QString &text, QList<QPair<QByteArray, QByteArray>> *headers, QString *error)
{
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const qsizetype eq = part.indexOf(QLatin1Char('='));
        const QString name = part.left(eq).trimmed();
        if (eq <= 0 || name.isEmpty()) {
            *error = QStringLiteral("OTEL_EXPORTER_OTLP_HEADERS: expected key=value pairs separated by commas");
            return false;
        }
        // Values are percent-encoded (the OpenTelemetry specification's format).
        headers->append({name.toUtf8(), QByteArray::fromPercentEncoding(part.mid(eq + 1).trimmed().toUtf8())});
    }
    return true;
}

std::unique_ptr<OtlpExporter> OtlpExporter::create(Options options, QString *error)
{
    QUrl url = options.endpoint;
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty()) {
        *error = QStringLiteral("%1: expected an http:// or https:// URL of an OTLP collector (http://localhost:4318)").arg(redactedUrl(url));
        return nullptr;
    }
    if (!url.path().endsWith(QLatin1String("/v1/traces"))) {
        QString path = url.path();
        while (path.endsWith(QLatin1Char('/')))
            path.chop(1);
        url.setPath(path + QStringLiteral("/v1/traces"));
    }
    options.endpoint = url;
    std::unique_ptr<OtlpExporter> e(new OtlpExporter);
    e->m_options = options;
    e->m_shared = std::make_shared<Shared>();
    e->m_thread = new QThread;
    e->m_thread->setObjectName(QStringLiteral("otlp-export"));
    e->m_sender = new Sender(e.get(), e->m_shared, options);
    e->m_sender->moveToThread(e->m_thread);
    QObject::connect(e->m_thread, &QThread::finished, e->m_sender, &QObject::deleteLater);
    e->m_thread->start();
    QMetaObject::invokeMethod(e->m_sender, [sender = e->m_sender] { sender->start(); }, Qt::QueuedConnection);
    return e;
}

OtlpExporter::~OtlpExporter()
{
    if (m_thread) {
        m_thread->quit();
        m_thread->wait();
        delete m_thread;
    }
}

std::unique_ptr<RunObserver> OtlpExporter::tracer(const QString &workflow, const QString &runId)
{
    return std::make_unique<OtlpRunTracer>(this, workflow, runId);
}

void OtlpExporter::enqueue(const QList<OtlpSpan> &spans)
{
    bool full = false;
    {
        QMutexLocker lock(&m_shared->mutex);
        for (const OtlpSpan &s : spans) {
            if (m_shared->queue.size() >= m_options.maxQueued) {
                ++m_shared->dropped;
                continue;
            }
            m_shared->queue.append(s);
        }
        full = m_shared->queue.size() >= m_options.batchSize;
    }
    if (full) // a whole batch: sent now, not at the next tick
        QMetaObject::invokeMethod(m_sender, [sender = m_sender] { sender->drain(); }, Qt::QueuedConnection);
}

bool OtlpExporter::flush(int timeoutMs)
{
    QMetaObject::invokeMethod(m_sender, [sender = m_sender] { sender->drain(); }, Qt::QueuedConnection);
    const QDeadlineTimer deadline(timeoutMs);
    QMutexLocker lock(&m_shared->mutex);
    while (!m_shared->queue.isEmpty() || m_shared->inFlight > 0)
        if (!m_shared->idle.wait(&m_shared->mutex, deadline))
            return false;
    return true;
}

QString OtlpExporter::problem() const
{
    QMutexLocker lock(&m_shared->mutex);
    return m_shared->problem;
}

qint64 OtlpExporter::sent() const
{
    QMutexLocker lock(&m_shared->mutex);
    return m_shared->sent;
}

qint64 OtlpExporter::dropped() const
{
    QMutexLocker lock(&m_shared->mutex);
    return m_shared->dropped;
}

} // namespace capgraph
