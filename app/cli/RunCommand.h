#pragma once

#include "launch/AnswerQueue.h"
#include "launch/RunFork.h"
#include "DebugListener.h"
#include "launch/RunSetup.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <cstdio>
#include <functional>
#include <memory>
#include <optional>

namespace capgraph {

class Executor;

// `capgraph run FILE ...` and `capgraph resume CHECKPOINT ...` (docs/cli.md). Exit codes:
// 0 finished, 1 the run failed, 2 unreadable input / invalid graph / usage, 3 waiting for
// input with no answer available, 130 interrupted.
class RunCommand
{
public:
    RunCommand(FILE *out, FILE *err) : m_out(out), m_err(err) {}

    int run(const QStringList &args);
    int resume(const QStringList &args);

    enum ExitCode { Finished = 0, RunFailed = 1, BadInput = 2, NeedsInput = 3, Interrupted = 130 };

private:
    FILE *m_out;
    FILE *m_err;
    bool m_json = false;
    bool m_quiet = false;
    QString m_checkpointPath;
    std::unique_ptr<RunSetup> m_setup; // the engine's run set-up: graph, capabilities, handlers, trust
    AnswerQueue m_answers;        // --answer, --answers
    QList<RunEvent> m_forkParent; // --fork: the trace's events
    std::optional<ForkPoint> m_fork;
    std::unique_ptr<DebugListener> m_debug; // --debug-listen: the API for this run
    QList<RunEvent> m_forkStart;  // --fork: what the trace gets after run.started (RunFork::traceStart)
    QString m_sessionPath;        // --session: the previous turn's checkpoint, rewritten at the end

    void print(const QString &text);
    void printErr(const QString &text);
    int usage(const QString &problem);

    // What run and resume share: trust (--trust, else asked on a terminal, else refused).
    RunRequest request(bool trust);
    // Prints the capabilities' and the graph's findings; false when the graph cannot run.
    bool lint();
    // A ready executor from the set-up (resumed from `checkpoint`), or null having said why.
    std::unique_ptr<Executor> makeExecutor(const RunCheckpoint *checkpoint = nullptr);
    // --debug-listen ADDRESS: the run server's API for `ex` (DebugListener); false having said why.
    bool listenForDebugger(const QString &address, Executor *ex, const QString &graphName, const QVariantMap &input);
    bool saveSession(const Executor &ex, QString *error);
    // Drives the run until it ends or needs an answer nobody can give.
    // Watches `ex` (trace, log lines, answers, Ctrl-C, checkpoints), starts it with `go`, and
    // runs the event loop until it ends or waits.
    int drive(Executor &ex, const QString &tracePath, bool appendTrace, const std::function<void()> &go);
    // --fork TRACE --at STEP: where it goes on from (m_fork), or false with the error.
    bool forkPoint(const QString &tracePath, qint64 step, QString *error);
    // Starts `ex` as that fork, with `sets` (NAME=VALUE) applied, and drives it.
    int fork(Executor &ex, const QString &parentTrace, const QString &tracePath, const QStringList &sets);
    bool answerFromQueue(Executor &ex);
    // --debug-listen: waits until a client moves the run on (or Ctrl-C).
    void waitForDebugger(Executor &ex);
    bool answerOnTerminal(Executor &ex);
    bool saveCheckpoint(const Executor &ex, QString *error, const QString &what = QStringLiteral("checkpoint"));
    int report(const Executor &ex, int exitCode);
};

} // namespace capgraph
