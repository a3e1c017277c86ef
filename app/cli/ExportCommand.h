#pragma once

#include "CliCommand.h"

#include <QString>
#include <QStringList>

#include <cstdio>

namespace capgraph {

// `capgraph export FILE -o OUT.svg|OUT.png [--selection ID,ID...] [--scale N] [--dark]
// [--path quick|thorough [--budget N]]`: the studio's picture of a graph, drawn by the
// studio's own classes (GraphDocument lays out unplaced nodes as on open, GraphScene draws,
// SceneExporter writes atomically). Needs a QApplication (main.cpp makes one for this
// command, on the offscreen platform when there is no display). Exit codes: 0 written,
// 2 unreadable or malformed input, a bad path weight/quality, or a usage error.
class ExportCommand : public CliCommand
{
public:
    ExportCommand(FILE *out, FILE *err) : CliCommand(out, err) {}
    int run(const QStringList &args);

    enum ExitCode { Ok = 0, BadInput = 2 };

private:
    int usage(const QString &problem);
    // --format dify: the graph as a Dify app DSL (DifyExporter), to `target` or standard output.
    int exportDify(const QString &file, const QString &target);
};

} // namespace capgraph
