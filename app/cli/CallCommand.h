#pragma once

#include "CliCommand.h"

#include <QStringList>

namespace capgraph {

// `capgraph call FILE NODE [--input JSON|@FILE] [--from-trace TRACE] [--settings JSON|@FILE]
// [--show-settings] ...`: runs one skill node alone (SingleNodeRun, docs/execution.md,
// "Running a node alone") and prints what it gave back. Exit codes: 0 the call succeeded (or
// --show-settings), 1 it failed, 2 bad input (no such node, an input that does not parse, a
// graph that cannot run).
class CallCommand : public CliCommand
{
public:
    CallCommand(FILE *out, FILE *err) : CliCommand(out, err) {}
    int run(const QStringList &args);

    enum ExitCode { Succeeded = 0, Failed = 1, BadInput = 2 };

private:
    int usage(const QString &problem);
    // A JSON or YAML object from TEXT, or from a file when TEXT is @FILE.
    bool readObject(const QString &text, const QString &option, QVariantMap *value);
};

} // namespace capgraph
