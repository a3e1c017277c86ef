#pragma once

#include "exec/RunStatus.h"
#include "service/RunStore.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QVariant>

#include <QTemporaryDir>

#include <memory>

namespace capgraph {

class Executor;

// Runs graphs as a service (docs/server.md): the third user of the one run set-up
// (RunSetup), beside the command line and the studio, with its runs kept in a RunStore. A run
// is submitted (queued), started when a slot is free (`workers` at once), and each time it
// moves on — when the executor hands control back to the event loop — its new trace events,
// its fields and its checkpoint are committed in one transaction before anyone is told
// (committed()): what a client reads always has a checkpoint behind it. Started again on the
// same store, recover() goes on with every run that had not ended, from its last checkpoint.
class RunService : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QString graphsDir;           // where `graph: NAME` is looked up (absolute); empty: none
        QStringList capabilityDirs;  // read before a graph's own capabilities/ folder
        QStringList trustedDirs;     // graphs under these may run commands and call web APIs
        QString mockFile;            // stand-ins for skills, for every run (empty: none)
        int workers = 4;             // runs going at once
        qint64 maxSteps = 1000000;
    };
    RunService(RunStore *store, Options options, QObject *parent = nullptr);
    ~RunService() override;

    struct Submission
    {
        QString id;           // the new run's, when it was accepted
        QStringList findings; // why the graph cannot run ("file:line:col: error: …"), when not
        bool notFound = false; // `graph` names no file under graphsDir
    };
    // A run of the graph file `graphName` (relative to graphsDir, never outside it) or of the
    // YAML text `graphYaml`, with `input`. Refused with findings when the graph does not load
    // or lint finds errors (the run set-up's own refusal).
    Submission submit(const QString &graphName, const QByteArray &graphYaml, const QVariantMap &input);

    // The debugger's and the inbox's verbs for a run going on in this service. False with why.
    bool answer(const QString &id, const QString &node, const QVariant &value, QString *error);
    bool pause(const QString &id, QString *error);
    bool resume(const QString &id, QString *error);
    bool step(const QString &id, QString *error);
    bool cancel(const QString &id, QString *error);
    bool setBreakpoints(const QString &id, const QSet<QString> &nodes, QString *error);
    bool setVariable(const QString &id, const QString &name, const QVariant &value, QString *error);
    // Whether the run is going on in this service (not queued, not ended).
    bool isActive(const QString &id) const { return m_active.contains(id); }

    // Goes on with the store's runs that had not ended (a server started again).
    void recover();
    RunStore *store() const { return m_store; }

    // The API's name of a run status: queued (not started), running, waiting, paused,
    // finished, failed, cancelled.
    static QString statusName(RunStatus status);
    // Whether an API status name is one a run does not leave (finished, failed, cancelled).
    static bool isFinalStatus(const QString &name);
    // A run as the API gives it (docs/server.md, openapi.yaml's Run).
    static QJsonObject toJson(const StoredRun &run);

signals:
    // The run's new events (numbers up to `lastEvent`) and fields are in the store.
    void committed(const QString &id, qint64 lastEvent, bool ended);

private:
    struct Served;
    void startQueued();
    bool start(const QString &id, QString *error);
    void failToStart(const QString &id, const QString &error); // kept as failed, saying why
    void scheduleCommit(Served *run);
    void commit(Served *run);
    void commitNow(Served *run);
    Served *active(const QString &id, QString *error) const;
    Served *paused(const QString &id, QString *error) const; // active and standing paused

    RunStore *m_store;
    Options m_options;
    QHash<QString, Served *> m_active;
    QStringList m_queue;
    QTemporaryDir m_inlineDir; // an empty folder: where graphs sent as text read relative paths
};

} // namespace capgraph
