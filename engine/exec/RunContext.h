#pragma once

#include <QVariantMap>

namespace capgraph {

// What a run has produced at some moment: what an expression can name. The executor gives
// it (Executor::context), a replayed trace rebuilds it (RunSnapshot::context), and a rerun
// from a chosen step starts from it (Executor::startAt).
struct RunContext
{
    QVariantMap input;     // the run's input
    QVariantMap outputs;   // node id -> that node's last outputs (a map)
    QVariantMap variables; // bare output name -> value (the most recent write wins)

    // {"input", "outputs", "variables"}: as `capgraph run --json` and the trace write it.
    QVariantMap toVariant() const;
    static RunContext fromVariant(const QVariantMap &map);

    bool operator==(const RunContext &other) const = default;
};

} // namespace capgraph
