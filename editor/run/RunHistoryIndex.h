#pragma once

#include "service/RunStore.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace capgraph::editor {

// The studio's Run History kept in a run store (engine/service/RunStore: the SQLite schema
// `capgraph serve` keeps its runs in), so that it can be searched: each run of a graph is
// recorded there from its trace file — status, steps, tokens, input, error and every trace
// event — once it ended. The trace files stay what a replay, a comparison and a fork read;
// the store follows them: a trace the history let go of (it keeps a graph's newest runs) is
// let go of here too. The store is opened for each call, so several studios share it, and
// any thread may call (the dock records on a worker thread).
class RunHistoryIndex
{
public:
    // `location`: the store's file; default: history.sqlite in the studio's data folder.
    explicit RunHistoryIndex(QString location = defaultLocation());
    static QString defaultLocation();
    QString location() const { return m_location; }

    // Records the runs of `graph` whose traces (`tracePaths`, its history) it has not recorded
    // yet, and lets go of those of its runs whose traces are gone. False with why when the
    // store cannot be opened or written.
    bool sync(const QString &graph, const QStringList &tracePaths, QString *error);
    // Of `tracePaths` (the graph's history), those whose run's status, error, input or a trace
    // event contains `text` (case ignored), in their order: of those recorded (sync).
    std::optional<QStringList> search(const QString &graph, const QStringList &tracePaths, const QString &text, QString *error);

    // A run as the store keeps it, read from its trace (the studio's graph name `graph`), and
    // its events (the trace's lines); nullopt when the file cannot be read.
    static std::optional<StoredRun> fromTrace(const QString &tracePath, const QString &graph, QList<QByteArray> *events);
    // Its id in the store: the history folder's name and the trace's file name.
    static QString idOf(const QString &tracePath);

private:
    std::unique_ptr<RunStore> open(QString *error) const;
    QString m_location;
};

} // namespace capgraph::editor
