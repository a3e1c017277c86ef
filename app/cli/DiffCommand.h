#pragma once

#include "CliCommand.h"

#include <QString>
#include <QStringList>

#include <cstdio>
#include <optional>

namespace capgraph {

struct Graph;

// `capgraph diff OLD NEW [--json] [--layout] [--runs] [--textconv]`: two graphs compared by
// meaning (GraphDiff), or with --runs two traces (RunDiff); `--textconv FILE` prints a graph's
// canonical text (GraphText) for git's textconv; seven arguments are git's external diff
// (GIT_EXTERNAL_DIFF, diff.<driver>.command): PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX
// NEW-MODE. Exit codes as diff(1): 0 equal, 1 different, 2 trouble; as git's driver 0 unless
// a side cannot be read (git stops on any other code).
class DiffCommand : public CliCommand
{
public:
    DiffCommand(FILE *out, FILE *err) : CliCommand(out, err) {}
    int run(const QStringList &args);

    enum ExitCode { Equal = 0, Different = 1, Trouble = 2 };

private:
    int usage(const QString &problem);
    int graphs(const QString &oldFile, const QString &newFile, bool json, bool layout);
    int runs(const QString &oldFile, const QString &newFile, bool json);
    int textconv(const QString &file);
    int git(const QStringList &args, bool layout);
    // The graph in `file` (read under the name `label`); std::nullopt after printing why not.
    // `/dev/null` is an empty graph (a file git adds or deletes).
    std::optional<Graph> load(const QString &file, const QString &label);
};

} // namespace capgraph
