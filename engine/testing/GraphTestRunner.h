#pragma once

#include "exec/RunStatus.h"
#include "testing/GraphTestSuite.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <functional>

namespace capgraph {

class RunObserver;

// What became of one test case (docs/testing.md).
struct GraphTestResult
{
    enum class Outcome { Passed, Failed, Error };
    QString name;
    Outcome outcome = Outcome::Error;
    // Each expectation that did not hold: what was expected and what happened.
    QStringList failures;
    // Why the case could not run (its graph unreadable or with errors, a mock that cannot be
    // made): the run's refusal, "file:line:column: error: …".
    QStringList errors;
    QString status;          // finished, failed, waiting, timed out (empty when it did not run)
    QString runError;        // why the run failed
    QStringList route;       // the nodes it entered, in order
    QVariantMap context;     // the final context (RunContext::toVariant)
    qint64 steps = 0;
    qint64 tokens = 0;
    qint64 elapsedMs = 0;    // the whole case, set-up included
    // Where it went wrong: the node that failed the run, else the node of the first expectation
    // that did not hold (where a route should have gone on, a node it must not enter, the node
    // whose output an expression reads), else the last node entered.
    QString failedNode;

    bool passed() const { return outcome == Outcome::Passed; }
};

// Runs test cases as `capgraph run` would run them (RunSetup: the same lint, bindings and
// trust), answering from the case's answers and never from a person, then checks what the
// case expects. The command line (`capgraph test`) and the studio's Tests dock run cases here.
class GraphTestRunner
{
public:
    // Commands and web APIs run only when the graph's folder is trusted, or with `trust`.
    explicit GraphTestRunner(bool trust = false) : m_trust(trust) {}
    // Another observer of each run (the studio draws the run of a case it opens).
    void setObserver(RunObserver *observer) { m_observer = observer; }
    // How long a case's run may take when it does not say (`timeout:`); then it is cancelled
    // and fails. 60 s unless set.
    void setDefaultTimeout(double seconds) { m_defaultTimeoutSeconds = seconds; }
    static constexpr double DefaultTimeoutSeconds = 60;

    GraphTestResult run(const GraphTestCase &testCase) const;

private:
    bool m_trust;
    RunObserver *m_observer = nullptr;
    double m_defaultTimeoutSeconds = DefaultTimeoutSeconds;
};

} // namespace capgraph
