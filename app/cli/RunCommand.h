#pragma once

#include "diagnostics/TranslatableText.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <cstdio>
#include <memory>

namespace capgraph {

class Executor;
class HandlerRegistry;
struct Graph;
struct HandlerEnvironment;
class TrustGate;
class CapabilityRegistry;

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
    QString m_graphPath;
    QByteArray m_graphHash;
    QString m_mockPath;
    QHash<QString, QList<QVariant>> m_answers; // request or node id -> answers to give, in order
    QStringList m_capabilityDirs; // --capabilities, before the graph's and the user's folders
    bool m_trust = false;         // --trust: commands and web APIs without asking
    QString m_sessionPath;        // --session: the previous turn's checkpoint, rewritten at the end
    std::shared_ptr<CapabilityRegistry> m_capabilities; // read once per command
    std::shared_ptr<TrustGate> m_trustGate; // one per command: warm-ups and the run share the answer
    QList<TranslatableText> m_gated;                    // what will ask it (asked before the run starts)

    void print(const QString &text);
    void printErr(const QString &text);
    int usage(const QString &problem);

    bool loadAnswers(const QString &path, QString *error);
    // Builtins plus the mock file, if any, plus the capabilities the graph's skills name:
    // fresh per run, since mocks count their calls.
    bool makeRegistry(HandlerRegistry *registry, const Graph &graph, QString *error);
    std::shared_ptr<HandlerEnvironment> makeEnvironment();
    // The graph's capabilities, read once per command (the lint, the warm-ups and the run).
    std::shared_ptr<CapabilityRegistry> loadCapabilities();
    bool saveSession(const Executor &ex, QString *error);
    // Asks the trust question now, when the graph will run commands or call web APIs: a
    // question asked later would eat into a node's timeout.
    void askTrustBeforeStart();
    bool addAnswerArgument(const QString &arg, QString *error);
    // Drives the run until it ends or needs an answer nobody can give.
    int drive(Executor &ex, const QString &tracePath, bool appendTrace);
    bool answerFromQueue(Executor &ex);
    bool answerOnTerminal(Executor &ex);
    bool saveCheckpoint(const Executor &ex, QString *error, const QString &what = QStringLiteral("checkpoint"));
    int report(const Executor &ex, int exitCode);
};

} // namespace capgraph
