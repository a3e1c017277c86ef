#pragma once

#include "launch/PinnedOutputs.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <QVariantMap>

#include <optional>

namespace capgraph {

// One expectation of a test case written as an expression (`outputs:`), with where it was
// written, for messages.
struct GraphTestCheck
{
    QString expression;
    int line = 0;
    int column = 0;
};

// What a test case expects of its run (docs/testing.md); unset parts are not checked.
struct GraphTestExpectation
{
    std::optional<QString> status;   // finished, failed, waiting
    QStringList route;               // nodes the run passes through, in this order (not necessarily adjacent)
    QStringList notRoute;            // nodes the run must not enter
    QList<GraphTestCheck> outputs;   // expressions that hold on the final context
    std::optional<qint64> maxSteps;  // at most this many node executions
    std::optional<qint64> maxTokens; // at most this many LLM tokens
};

// One case of a suite: a graph, what it is run with, and what must come of it.
struct GraphTestCase
{
    QString name;
    int line = 0;            // where the case starts in its suite
    int column = 0;
    QString graphFile;       // absolute
    QVariantMap input;
    QString mockFile;        // absolute, or empty
    QVariant mocks;          // inline mocks, or invalid
    QString mocksWhere;      // where they were written ("suite.test.yaml:12:7")
    QVariant answers;        // a mapping of interaction ids to answers, or invalid
    PinnedOutputs::Pins pinned;
    std::optional<qint64> runMaxSteps; // the run's step limit (max_steps beside expect)
    std::optional<double> timeoutSeconds; // how long the run may take (`timeout:`), else the runner's default
    GraphTestExpectation expect;
};

// A `*.test.yaml` file (docs/testing.md): `tests:`, a list of cases; `graph:` and `mocks:` at
// the top are every case's defaults. Paths are relative to the suite's folder.
struct GraphTestSuite
{
    QString file;        // as given (messages name it so)
    QList<GraphTestCase> cases;

    // False with "FILE:line:column: error: what (expected …)" when the file cannot be read, is
    // not YAML, or is not a test suite (an unknown key, a value of the wrong kind, a case
    // without a name or graph, a route that is not a list of node ids, …).
    static bool read(const QString &path, GraphTestSuite *suite, QString *error);
    // The suites at `paths`: files as they are, folders searched (recursively) for *.test.yaml,
    // in name order. Paths that do not exist go to *missing.
    static QStringList find(const QStringList &paths, QStringList *missing);
};

} // namespace capgraph
