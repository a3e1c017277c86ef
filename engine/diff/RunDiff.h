#pragma once

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace capgraph {

struct RunEvent;

// What a trace (`capgraph run --trace`, JSON Lines) says a run did, as far as comparing two
// runs goes.
struct RunSummary
{
    QString status;          // runStatusName of its last state: finished, failed, cancelled, waiting_for_input, ...
    QString error;           // run.failed's message
    QStringList route;       // node ids in the order they started (node.started), repeats included
    qint64 steps = 0;
    qint64 elapsedUs = 0;
    qint64 promptTokens = 0; // node.usage, summed
    qint64 completionTokens = 0;
    QMap<QString, double> costs; // node.usage's `cost` summed per currency (priced nodes only)
    // Each node's results, one a time it finished (node.finished's data; a branch's: the
    // condition it took), in order. Nodes that never gave one are not here.
    QMap<QString, QVariantList> outputs;

    static RunSummary of(const QList<RunEvent> &events);
    qint64 totalTokens() const { return promptTokens + completionTokens; }
    // A node's output as a diff shows it: its one result, or the list when it finished several
    // times; invalid when it gave none.
    QVariant output(const QString &node) const;
    QJsonObject toJson() const;
};

// A node whose outputs differ between the runs (an invalid value: no output in that run).
struct OutputDiff
{
    QString node;
    QVariant oldValue;
    QVariant newValue;

    QJsonObject toJson() const;
};

// Two runs compared (docs/cli.md, `capgraph diff --runs`): where their routes part, which
// nodes' outputs differ, and the difference in status, steps, time, tokens and costs. Time always
// differs between two runs, so it is reported but is not a difference.
struct RunDiff
{
    RunSummary oldRun;
    RunSummary newRun;
    int partIndex = -1;       // the first place (0-based) in the routes that differs; -1: same route
    QList<OutputDiff> outputs; // sorted by node id

    static RunDiff compare(const RunSummary &oldRun, const RunSummary &newRun);

    // Same status, route, outputs, steps, tokens and costs.
    bool isEmpty() const;
    QJsonObject toJson() const;
    // "routes part at 4: read_pdf (old) / fetch_pmid (new)", "~ output x: 1 → 2", "steps: 7 → 9
    // (+2)", "cost (USD): 0.0024 → 0.0031 (+0.0007)" when either run was priced, ... Text
    // values are cut at `maxChars` characters (-1: never).
    QStringList lines(int maxChars = 80) const;
};

} // namespace capgraph
