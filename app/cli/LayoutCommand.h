#pragma once

#include "CliCommand.h"

#include <QStringList>

#include <cstdio>

namespace capgraph {

// `capgraph layout IN OUT [--direction LR|TB] [--group-by assignee] [--node-sep N] [--layer-sep N]`:
// lays out a plan topology JSON, a plan_json (tasks with prerequisites, or a plan.ready
// envelope) or a capability-graph YAML, and writes the drawing format of the layout
// benchmark (../shared/bench/layout/README.md). Prints `layout_ms=<median>` on stdout.
class LayoutCommand : public CliCommand
{
public:
    LayoutCommand(FILE *out, FILE *err) : CliCommand(out, err) {}
    int run(const QStringList &args);

private:
};

} // namespace capgraph
