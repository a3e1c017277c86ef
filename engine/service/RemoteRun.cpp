#include "service/RemoteRun.h"

#include "service/RunClient.h"
#include "service/RunEventStream.h"

#include <QJsonArray>
#include <QTimer>
#include <QUrl>

#include <utility>

namespace capgraph {

RemoteRun::RemoteRun(RunClient *client, const QString &id, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_id(id)
    , m_stream(client->follow(id, 0))
    , m_refresh(new QTimer(this))
{
    m_stream->setParent(this);
    // The run's fields follow its events: read again after what changes them, at most ten times a second.
    m_refresh->setSingleShot(true);
    m_refresh->setInterval(100);
    connect(m_refresh, &QTimer::timeout, this, &RemoteRun::refresh);
    connect(m_stream, &RunEventStream::received, this, [this](qint64, const RunEvent &e) {
        if (m_lost) {
            m_lost = false;
            emit connectionChanged(QString(), false);
        }
        emit received(e);
        if (e.path.isEmpty() || e.type == RunEventType::InteractionRequested || e.type == RunEventType::InteractionAnswered)
            if (!m_refresh->isActive())
                m_refresh->start();
    });
    connect(m_stream, &RunEventStream::ended, this, [this] {
        m_ended = true;
        refresh(); // its final fields
        emit ended();
    });
    connect(m_stream, &RunEventStream::lost, this, [this](const QString &why, bool final) {
        m_lost = true;
        if (final)
            m_gone = true; // (the run itself may go on: it is only no longer followed)
        emit connectionChanged(why, final);
        if (final)
            emit ended();
    });
    refresh();
}

RemoteRun::~RemoteRun() = default;

RunStatus RemoteRun::status() const
{
    const QString s = statusName();
    if (s == QLatin1String("paused"))
        return RunStatus::Paused;
    if (s == QLatin1String("waiting"))
        return RunStatus::WaitingForInput;
    if (s == QLatin1String("finished"))
        return RunStatus::Finished;
    if (s == QLatin1String("failed"))
        return RunStatus::Failed;
    if (s == QLatin1String("cancelled"))
        return RunStatus::Cancelled;
    return RunStatus::Running; // running, queued, or not read yet
}

qint64 RemoteRun::events() const
{
    return m_stream ? m_stream->lastEvent() : 0;
}

bool RemoteRun::fieldsAreCurrent() const
{
    return !m_run.isEmpty() && m_run.value(QStringLiteral("events")).toInteger() >= events();
}

QHash<QString, QString> RemoteRun::breakpoints() const
{
    QHash<QString, QString> out;
    const QJsonObject b = m_run.value(QStringLiteral("breakpoints")).toObject();
    const QJsonObject conditions = b.value(QStringLiteral("conditions")).toObject();
    for (const QJsonValue &v : b.value(QStringLiteral("nodes")).toArray())
        out.insert(v.toString(), conditions.value(v.toString()).toString());
    return out;
}

void RemoteRun::stop()
{
    m_gone = true;
    m_refresh->stop();
    m_breakpoints.reset();
    delete m_stream; // its connection closes now
    m_stream = nullptr;
}

QList<PendingInteraction> RemoteRun::waiting() const
{
    QList<PendingInteraction> out;
    if (m_ended)
        return out;
    for (const QJsonValue &v : m_run.value(QStringLiteral("waiting")).toArray()) {
        const QJsonObject w = v.toObject();
        PendingInteraction p;
        p.id = w.value(QStringLiteral("node")).toString();
        p.kind = w.value(QStringLiteral("kind")).toString();
        p.prompt = w.value(QStringLiteral("prompt")).toString();
        p.options = w.value(QStringLiteral("options")).toArray().toVariantList();
        p.multiple = w.value(QStringLiteral("multiple")).toBool();
        p.minChoices = p.multiple ? w.value(QStringLiteral("min_choices")).toInt(1) : 1;
        p.maxChoices = p.multiple ? w.value(QStringLiteral("max_choices")).toInt(0) : 1;
        out.append(p);
    }
    return out;
}

void RemoteRun::refresh()
{
    if (!m_client || m_gone)
        return;
    QPointer<RemoteRun> self(this);
    m_client->get(QStringLiteral("/v1/runs/%1").arg(QString::fromUtf8(QUrl::toPercentEncoding(m_id))), [self](const RunClient::Answer &a) {
        if (!self)
            return;
        if (!a.ok()) {
            emit self->connectionChanged(a.error, a.status == 401 || a.status == 404);
            return;
        }
        self->m_run = a.body;
        self->sendBreakpoints();
        emit self->runChanged();
    });
}

void RemoteRun::verb(const QString &name, const QJsonObject &body, bool put, std::function<void()> then)
{
    if (!m_client || m_gone)
        return;
    QPointer<RemoteRun> self(this);
    const QString path = QStringLiteral("/v1/runs/%1/%2").arg(QString::fromUtf8(QUrl::toPercentEncoding(m_id)), name);
    const QString node = body.value(QStringLiteral("node")).toString();
    const auto done = [self, then, name, node](const RunClient::Answer &a) {
        if (!self || self->m_gone)
            return;
        if (!a.ok()) {
            emit self->refused(name, node, a.error);
            self->refresh();
            return;
        }
        if (a.body.contains(QStringLiteral("status"))) {
            self->m_run = a.body;
            emit self->runChanged();
        }
        if (then)
            then();
    };
    if (put)
        m_client->put(path, body, done);
    else
        m_client->post(path, body, done);
}

void RemoteRun::pause()
{
    verb(QStringLiteral("pause"));
}

void RemoteRun::resume()
{
    verb(QStringLiteral("resume"));
}

void RemoteRun::step()
{
    verb(QStringLiteral("step"));
}

void RemoteRun::cancel()
{
    verb(QStringLiteral("cancel"));
}

void RemoteRun::answer(const QString &node, const QVariant &value)
{
    verb(QStringLiteral("answers"), QJsonObject{{QStringLiteral("node"), node}, {QStringLiteral("answer"), QJsonValue::fromVariant(value)}});
}

void RemoteRun::setVariable(const QString &name, const QVariant &value)
{
    verb(QStringLiteral("variables"), QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("value"), QJsonValue::fromVariant(value)}}, true);
}

void RemoteRun::setBreakpoints(const QSet<QString> &nodes, const QHash<QString, QString> &conditions, std::function<void()> then)
{
    if (hasEnded())
        return;
    QStringList ids(nodes.cbegin(), nodes.cend());
    ids.sort();
    QJsonObject c;
    for (auto it = conditions.cbegin(); it != conditions.cend(); ++it)
        if (nodes.contains(it.key()))
            c.insert(it.key(), it.value());
    m_breakpoints = QJsonObject{{QStringLiteral("nodes"), QJsonArray::fromStringList(ids)}, {QStringLiteral("conditions"), c}};
    m_breakpointsThen = std::move(then);
    sendBreakpoints();
}

void RemoteRun::sendBreakpoints()
{
    // A queued run takes no verbs but cancel: they go once it has started.
    if (!m_breakpoints || isQueued() || m_run.isEmpty())
        return;
    const QString status = statusName();
    if (m_ended || status == QLatin1String("finished") || status == QLatin1String("failed") || status == QLatin1String("cancelled")) {
        m_breakpoints.reset(); // nothing to stop any more
        m_breakpointsThen = nullptr;
        return;
    }
    verb(QStringLiteral("breakpoints"), *std::exchange(m_breakpoints, std::nullopt), true, std::exchange(m_breakpointsThen, nullptr));
}

} // namespace capgraph
