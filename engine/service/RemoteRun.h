#pragma once

#include "exec/PendingInteraction.h"
#include "exec/RunEvent.h"
#include "exec/RunStatus.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <functional>
#include <optional>

class QTimer;

namespace capgraph {

class RunClient;
class RunEventStream;

// A run of a server (`capgraph serve`, or `capgraph run --debug-listen`) followed and driven
// from here, as the studio attached to a server does (docs/server.md): its events as they
// come, the run as the server last gave it (status, what it waits for), and the debugger's
// and the inbox's verbs. The verbs are asked for and answered later: a refusal (the run has
// moved on, another server holds it) comes back as `refused`.
class RemoteRun : public QObject
{
    Q_OBJECT

public:
    // Follows run `id` from its first event. The client must outlive it.
    RemoteRun(RunClient *client, const QString &id, QObject *parent = nullptr);
    ~RemoteRun() override;

    QString id() const { return m_id; }
    RunClient *client() const { return m_client.data(); }
    // The run as the server last gave it (docs/server.md's Run); empty until it answered.
    QJsonObject run() const { return m_run; }
    QString statusName() const { return m_run.value(QStringLiteral("status")).toString(); }
    // The status as the studio names it (queued counts as running: it goes on without anyone).
    RunStatus status() const;
    bool isQueued() const { return statusName() == QLatin1String("queued"); }
    // The run has ended and every event of it came, or it is followed no more (its stream
    // was refused for good, or stop() was called).
    bool hasEnded() const { return m_ended || m_gone; }
    // Whether run() is as new as the events that came (the server had committed them all when
    // it answered): its status is then the run's.
    bool fieldsAreCurrent() const;
    qint64 events() const; // how many events came
    // Its breakpoints as the server keeps them: node → condition (empty: always).
    QHash<QString, QString> breakpoints() const;
    // The questions it waits for, as the server lists them (`node` is their id).
    QList<PendingInteraction> waiting() const;

    void pause();
    void resume();
    void step();
    void cancel();
    void answer(const QString &node, const QVariant &value);
    void setVariable(const QString &name, const QVariant &value);
    // Its breakpoints: `nodes`, some with a condition (an expression over the context); `then`
    // once the server has them (not when it refused). Dropped for a run that has ended.
    void setBreakpoints(const QSet<QString> &nodes, const QHash<QString, QString> &conditions, std::function<void()> then = {});
    // Reads the run again now (its status and questions).
    void refresh();
    // Follows it no more: its stream and timers stop now (the run goes on on its server).
    void stop();

signals:
    void received(const capgraph::RunEvent &event);
    void runChanged();                 // run() was read again
    // A verb the server did not do ("answers", "pause", …; for an answer, `node` is the
    // question's), and why.
    void refused(const QString &verb, const QString &node, const QString &why);
    // The event stream broke off (it connects again unless `final`), or is back (`why` empty).
    void connectionChanged(const QString &why, bool final);
    void ended();                      // the run ended and every event came

private:
    void verb(const QString &name, const QJsonObject &body = {}, bool put = false, std::function<void()> then = {});
    void sendBreakpoints(); // those set while it was queued, once it has started

    std::optional<QJsonObject> m_breakpoints; // to send when it has started
    std::function<void()> m_breakpointsThen;
    QPointer<RunClient> m_client;
    QString m_id;
    QJsonObject m_run;
    RunEventStream *m_stream;
    QTimer *m_refresh;
    bool m_ended = false;
    bool m_gone = false; // followed no more
    bool m_lost = false;
};

} // namespace capgraph
