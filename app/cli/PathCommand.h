#pragma once

#include <QString>
#include <QStringList>

#include <cstdio>

namespace capgraph {

// `capgraph path FILE [--depth quick|thorough] [--budget N] [--json] [-o OUT]`: seed 000's
// context-aware optimal path (docs/path.md). Exit codes: 0 a path was found, 1 no path
// satisfies the constraints (the reason is printed), 2 unreadable input, invalid
// weights/qualities or a usage error.
class PathCommand
{
public:
    PathCommand(FILE *out, FILE *err) : m_out(out), m_err(err) {}
    int run(const QStringList &args);

    enum ExitCode { Found = 0, NoPath = 1, BadInput = 2 };

private:
    FILE *m_out;
    FILE *m_err;
    void print(FILE *f, const QString &text);
    int usage(const QString &problem);
};

} // namespace capgraph
