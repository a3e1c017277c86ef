#include "DebugListener.h"

#include "RunApi.h"
#include "service/RunService.h"
#include "service/RunStore.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QHostAddress>

namespace capgraph {

std::unique_ptr<DebugListener> DebugListener::listen(const QString &text, QString *error)
{
    QHostAddress address;
    quint16 port = 0;
    if (!RunApi::parseAddress(text, &address, &port)) {
        *error = QStringLiteral("--debug-listen %1: expected HOST:PORT with an IP address (127.0.0.1:8760)").arg(text);
        return nullptr;
    }
    if (!address.isLoopback()) {
        *error = QStringLiteral("--debug-listen %1: a loopback address only (127.0.0.1 or ::1); a server for other machines is capgraph serve, with a token")
                     .arg(text);
        return nullptr;
    }
    std::unique_ptr<DebugListener> d(new DebugListener);
    if (!d->m_dir.isValid()) {
        *error = QStringLiteral("--debug-listen: no temporary folder for the run's events");
        return nullptr;
    }
    d->m_store = RunStore::open(d->m_dir.filePath(QStringLiteral("run.sqlite")), error);
    if (!d->m_store)
        return nullptr;
    d->m_service = std::make_unique<RunService>(d->m_store.get(), RunService::Options());
    d->m_api = std::make_unique<RunApi>(d->m_service.get(), QByteArray(), QStringLiteral("capgraph run"));
    d->m_api->refuseSubmissions(QStringLiteral("this server serves the one run of capgraph run --debug-listen; capgraph serve starts runs"));
    const quint16 bound = d->m_api->listenOn(address, port, error);
    if (!bound) {
        *error = QStringLiteral("--debug-listen %1: cannot listen: %2").arg(text, *error);
        return nullptr;
    }
    const QString host = address.protocol() == QAbstractSocket::IPv6Protocol ? QStringLiteral("[%1]").arg(address.toString()) : address.toString();
    d->m_base = QUrl(QStringLiteral("http://%1:%2").arg(host).arg(bound));
    return d;
}

DebugListener::~DebugListener()
{
    // The API and the service go first: they hold the store.
    m_api.reset();
    m_service.reset();
}

bool DebugListener::attach(Executor *executor, RunSetup *setup, const QString &graphName, const QVariantMap &input, QString *error)
{
    m_id = m_service->adopt(executor, setup, graphName, input, error);
    return !m_id.isEmpty();
}

QUrl DebugListener::runUrl() const { return m_base.resolved(QUrl(QStringLiteral("/v1/runs/") + m_id)); }

void DebugListener::finish()
{
    m_service->shutdown();
    const QDeadlineTimer deadline(2000);
    while (m_api->busy() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 50);
}

} // namespace capgraph
