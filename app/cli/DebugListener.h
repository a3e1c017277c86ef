#pragma once

#include <QString>
#include <QTemporaryDir>
#include <QUrl>
#include <QVariantMap>

#include <memory>

namespace capgraph {

class Executor;
class RunApi;
class RunService;
class RunSetup;
class RunStore;

// `capgraph run --debug-listen HOST:PORT` (docs/server.md): the run server's API for the one
// run the command drives, so that a client (curl, a script, the studio) watches and debugs it
// as it would a server's run. Its events are kept in an SQLite store in a temporary folder,
// gone with the command. Loopback only: it has no token.
class DebugListener
{
public:
    // Listens on `address` (HOST:PORT, a loopback address); null with why when it cannot.
    static std::unique_ptr<DebugListener> listen(const QString &address, QString *error);
    ~DebugListener();
    DebugListener(const DebugListener &) = delete;
    DebugListener &operator=(const DebugListener &) = delete;

    // Serves `executor`'s run (not started yet) from now on; false with why.
    bool attach(Executor *executor, RunSetup *setup, const QString &graphName, const QVariantMap &input, QString *error);
    // The run's address: http://HOST:PORT/v1/runs/ID.
    QUrl runUrl() const;
    // The run has ended: what it did last is committed, and the clients' event streams and
    // answers are sent to the end (for up to two seconds) before the command exits.
    void finish();

private:
    DebugListener() = default;
    QTemporaryDir m_dir;
    std::unique_ptr<RunStore> m_store;
    std::unique_ptr<RunService> m_service;
    std::unique_ptr<RunApi> m_api;
    QUrl m_base;
    QString m_id;
};

} // namespace capgraph
