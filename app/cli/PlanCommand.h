#pragma once

#include "CliCommand.h"

#include <QString>
#include <QStringList>

#include <cstdio>

namespace capgraph {

struct PlanLoadResult;

// `capgraph plan check PLAN [--json] [--werror]`: reads a negotiated plan (a file — plan_json,
// a plan.ready envelope or a recorded event stream — or an http(s) URL) and prints the
// validator's findings, the roll-up and the critical path.
// `capgraph plan render PLAN -o OUT.svg|png [--select TASK] [--whole-chain] [--critical-path]
// [--lanes] [--scale N]`: the plan viewer's picture, headless, with the selection's highlight
// and dimming (needs a QApplication: main.cpp makes one).
// Exit codes: 0 ok; 1 errors in the plan (check; with --werror warnings too), or a plan that
// cannot be drawn (render: no plan_json, no tasks, a cycle); 2 unreadable, not a plan, or a
// usage error.
class PlanCommand : public CliCommand
{
public:
    PlanCommand(FILE *out, FILE *err) : CliCommand(out, err) {}
    int run(const QStringList &args);

    enum ExitCode { Ok = 0, Problems = 1, BadInput = 2 };

private:
    int check(const QStringList &args);
    int render(const QStringList &args);
    // The last plan the location gives (a stream may give several), or an error exit code.
    bool load(const QString &location, PlanLoadResult *result);
    int usage(const QString &problem);

};

} // namespace capgraph
