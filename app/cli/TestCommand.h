#pragma once

#include "CliCommand.h"

#include <QString>
#include <QStringList>

#include <cstdio>

namespace capgraph {

// `capgraph test PATH... [--junit FILE] [--case TEXT] [--trust] [--verbose]`: runs graph test
// suites (*.test.yaml, docs/testing.md), a line per case and a summary. Exit codes: 0 every
// case passed, 1 a case failed (or could not run), 2 a test file that cannot be read or is
// not a valid suite, or a usage error.
class TestCommand : public CliCommand
{
public:
    TestCommand(FILE *out, FILE *err) : CliCommand(out, err) {}
    int run(const QStringList &args);

    enum ExitCode { AllPassed = 0, SomeFailed = 1, BadInput = 2 };

private:
    int usage(const QString &problem);
};

} // namespace capgraph
