#pragma once

#include <QString>
#include <QStringList>

#include <cstdio>

namespace capgraph {

// The `capgraph` command line: validate, metrics, fmt (here), run/resume, layout, path and
// export (one class each). Output goes to the given streams so that tests can capture it.
// Exit codes: 0 ok, 1 findings with errors (or fmt --check found a difference), 2 unreadable
// input or a usage error.
class CliApplication
{
public:
    CliApplication(FILE *out, FILE *err) : m_out(out), m_err(err) {}

    int run(const QStringList &arguments);

    enum ExitCode { Ok = 0, Findings = 1, Unreadable = 2 };

private:
    FILE *m_out;
    FILE *m_err;

    void print(const QString &text);
    void printErr(const QString &text);

    int usage(const QString &problem = QString());
    // A subcommand's usage error: the problem and that command's synopsis, exit code 2.
    int commandUsage(const QString &command, const QString &problem);
    int validate(const QStringList &args);
    int metrics(const QStringList &args);
    int fmt(const QStringList &args);
};

} // namespace capgraph
