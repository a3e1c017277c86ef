#pragma once

#include "CliCommand.h"

#include <QStringList>

namespace capgraph {

class CapabilityRegistry;

// `capgraph capabilities list|show|validate` (docs/cli.md):
//   list [DIR...] [--graph FILE] [--search TEXT] [--json]   one line per capability (highest version)
//   show NAME[@VERSION] [DIR...] [--graph FILE] [--json]    a definition: description, schemas, handler
//   validate [DIR|FILE...] [--json]                         static validation (seed 003), every file
// Without DIR the folders are ./capabilities and the user's folder; --graph FILE adds the
// graph's own sources (its capabilities/ folder). Exit codes: 0 ok; 1 definitions with errors
// (validate) or no such capability (show); 2 a usage error or an unreadable path.
class CapabilitiesCommand : public CliCommand
{
public:
    CapabilitiesCommand(FILE *out, FILE *err) : CliCommand(out, err) {}
    int run(const QStringList &args);

    enum ExitCode { Ok = 0, Problems = 1, BadInput = 2 };

private:
    int list(const QStringList &args);
    int show(const QStringList &args);
    int validate(const QStringList &args);
    int usage(const QString &problem);
    // The registry of DIRs (or the default folders); false with a message on a bad DIR.
    bool load(const QStringList &dirs, const QString &graph, CapabilityRegistry *registry);
};

} // namespace capgraph
