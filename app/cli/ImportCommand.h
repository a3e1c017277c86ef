#pragma once

#include "CliCommand.h"

#include <QStringList>

namespace capgraph {

// `capgraph import dify APP.yml [-o GRAPH.yaml] [--report] [--mocks FILE] [--layout]`: a Dify
// app DSL as a capability graph (docs/dify.md). The DSL is only read. Without -o the graph
// goes to APP.capgraph.yaml beside it, which must not exist yet. Exit codes: 0 written,
// 2 a file that cannot be read or is no Dify app (FILE:line:column says why), or a usage error.
class ImportCommand : public CliCommand
{
public:
    ImportCommand(FILE *out, FILE *err) : CliCommand(out, err) {}
    int run(const QStringList &args);

    enum ExitCode { Ok = 0, BadInput = 2 };

private:
    int usage(const QString &problem);
};

} // namespace capgraph
