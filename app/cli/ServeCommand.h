#pragma once

#include "CliCommand.h"

#include <QStringList>

namespace capgraph {

// `capgraph serve [--listen HOST:PORT] [--store FILE] [--graphs DIR] ...`: runs graphs as a
// service (docs/server.md): a RunService over a RunStore, behind the HTTP API (RunApi).
// Runs until SIGINT or SIGTERM; the runs that had not ended go on when it is started again on
// the same store. Exit 0 when stopped so, 2 on bad options, a store that cannot be opened or
// an address it cannot listen on.
class ServeCommand : public CliCommand
{
public:
    ServeCommand(FILE *out, FILE *err) : CliCommand(out, err) {}
    int run(const QStringList &args);

    enum ExitCode { Stopped = 0, BadInput = 2 };

private:
    int usage(const QString &problem);
};

} // namespace capgraph
