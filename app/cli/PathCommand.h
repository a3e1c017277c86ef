#pragma once

#include "CliCommand.h"
#include "CliSpecs.h"

#include "analysis/PathCostModel.h"

#include <optional>

#include <QString>
#include <QStringList>

#include <cstdio>

namespace capgraph {

// `capgraph path FILE [--depth quick|thorough] [--budget N] [--json] [-o OUT]`: seed 000's
// context-aware optimal path (docs/path.md). Exit codes: 0 a path was found, 1 no path
// satisfies the constraints (the reason is printed), 2 unreadable input, invalid
// weights/qualities or a usage error.
class PathCommand : public CliCommand
{
public:
    PathCommand(FILE *out, FILE *err) : CliCommand(out, err) {}
    int run(const QStringList &args);

    enum ExitCode { Found = 0, NoPath = 1, BadInput = 2 };

    // `--depth` and `--budget` as `path` and `run` take them; false with the problem. Unset
    // options stay unset (the graph's execution_context decides).
    static bool readContext(const CliParser &p, std::optional<PathDepth> *depth, std::optional<double> *budget, QString *problem);

private:
    int usage(const QString &problem);
};

} // namespace capgraph
