#include "TestCommand.h"

#include "CliSpecs.h"

#include "io/AtomicWrite.h"
#include "testing/GraphTestRunner.h"
#include "testing/GraphTestSuite.h"

#include <QDateTime>
#include <QScopeGuard>
#include <QDir>
#include <QFileInfo>
#include <QXmlStreamWriter>

namespace capgraph {

namespace {

struct SuiteResult
{
    QString file;
    QString error; // the file is not a valid suite
    QList<GraphTestResult> results;
    qint64 elapsedMs = 0;
};

QString seconds(qint64 ms)
{
    return QString::number(ms / 1000.0, 'f', 3);
}

// JUnit XML as CI systems read it (Jenkins, GitLab, GitHub actions' reporters): a testsuite per
// file, a testcase per case; <failure> for expectations that did not hold, <error> for a case
// that could not run or a file that is not a suite.
QByteArray junit(const QList<SuiteResult> &suites)
{
    QByteArray out;
    QXmlStreamWriter w(&out);
    w.setAutoFormatting(true);
    w.writeStartDocument();
    int tests = 0, failures = 0, errors = 0;
    qint64 ms = 0;
    for (const SuiteResult &s : suites) {
        tests += s.error.isEmpty() ? int(s.results.size()) : 1;
        ms += s.elapsedMs;
        errors += s.error.isEmpty() ? 0 : 1;
        for (const GraphTestResult &r : s.results) {
            failures += r.outcome == GraphTestResult::Outcome::Failed;
            errors += r.outcome == GraphTestResult::Outcome::Error;
        }
    }
    w.writeStartElement(QStringLiteral("testsuites"));
    w.writeAttribute(QStringLiteral("name"), QStringLiteral("capgraph test"));
    w.writeAttribute(QStringLiteral("tests"), QString::number(tests));
    w.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    w.writeAttribute(QStringLiteral("errors"), QString::number(errors));
    w.writeAttribute(QStringLiteral("time"), seconds(ms));
    for (const SuiteResult &s : suites) {
        int f = 0, e = s.error.isEmpty() ? 0 : 1;
        for (const GraphTestResult &r : s.results) {
            f += r.outcome == GraphTestResult::Outcome::Failed;
            e += r.outcome == GraphTestResult::Outcome::Error;
        }
        w.writeStartElement(QStringLiteral("testsuite"));
        w.writeAttribute(QStringLiteral("name"), s.file);
        w.writeAttribute(QStringLiteral("tests"), QString::number(s.error.isEmpty() ? s.results.size() : 1));
        w.writeAttribute(QStringLiteral("failures"), QString::number(f));
        w.writeAttribute(QStringLiteral("errors"), QString::number(e));
        w.writeAttribute(QStringLiteral("time"), seconds(s.elapsedMs));
        w.writeAttribute(QStringLiteral("timestamp"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
        if (!s.error.isEmpty()) {
            w.writeStartElement(QStringLiteral("testcase"));
            w.writeAttribute(QStringLiteral("name"), QStringLiteral("(reading the suite)"));
            w.writeAttribute(QStringLiteral("classname"), s.file);
            w.writeStartElement(QStringLiteral("error"));
            w.writeAttribute(QStringLiteral("message"), s.error);
            w.writeCharacters(s.error);
            w.writeEndElement();
            w.writeEndElement();
        }
        for (const GraphTestResult &r : s.results) {
            w.writeStartElement(QStringLiteral("testcase"));
            w.writeAttribute(QStringLiteral("name"), r.name);
            w.writeAttribute(QStringLiteral("classname"), s.file);
            w.writeAttribute(QStringLiteral("time"), seconds(r.elapsedMs));
            if (r.outcome != GraphTestResult::Outcome::Passed) {
                const bool error = r.outcome == GraphTestResult::Outcome::Error;
                const QStringList lines = error ? r.errors : r.failures;
                w.writeStartElement(error ? QStringLiteral("error") : QStringLiteral("failure"));
                w.writeAttribute(QStringLiteral("message"), lines.value(0));
                QString body = lines.join(QLatin1Char('\n'));
                if (!r.route.isEmpty())
                    body += QStringLiteral("\nroute: ") + r.route.join(QStringLiteral(" → "));
                w.writeCharacters(body);
                w.writeEndElement();
            }
            w.writeStartElement(QStringLiteral("system-out"));
            w.writeCharacters(QStringLiteral("status: %1, %2 steps, %3 tokens").arg(r.status.isEmpty() ? QStringLiteral("not run") : r.status).arg(r.steps).arg(r.tokens));
            w.writeEndElement();
            w.writeEndElement();
        }
        w.writeEndElement();
    }
    w.writeEndElement();
    w.writeEndDocument();
    return out;
}

} // namespace

int TestCommand::usage(const QString &problem)
{
    print(m_err, CliSpecs::usageError(QStringLiteral("test"), problem));
    return BadInput;
}

int TestCommand::run(const QStringList &args)
{
    CliParser p(QStringLiteral("test"));
    const QCommandLineOption &junitOption = p.option(QStringLiteral("junit"));
    const QCommandLineOption &caseOption = p.option(QStringLiteral("case"));
    const QCommandLineOption &trustOption = p.option(QStringLiteral("trust"));
    const QCommandLineOption &verboseOption = p.option(QStringLiteral("verbose"));
    const QCommandLineOption &timeoutOption = p.option(QStringLiteral("timeout"));
    if (const std::optional<int> done = p.open(args, [this](const QString &problem) { return usage(problem); }, [this](const QString &text) { print(m_out, text); }, QStringLiteral("test: ")))
        return *done;
    if (p.positionalArguments().isEmpty())
        return usage(QStringLiteral("test: expected one or more test files or folders"));
    QStringList missing;
    const QStringList files = GraphTestSuite::find(p.positionalArguments(), &missing);
    for (const QString &m : std::as_const(missing))
        print(m_err, QStringLiteral("capgraph: test: no such file or folder: %1\n").arg(m));
    if (files.isEmpty()) {
        if (missing.isEmpty())
            print(m_err, QStringLiteral("capgraph: test: no *.test.yaml files in %1\n").arg(p.positionalArguments().join(QStringLiteral(", "))));
        return BadInput;
    }
    const QString only = p.value(caseOption);
    const bool verbose = p.isSet(verboseOption);
    GraphTestRunner runner(p.isSet(trustOption));
    if (p.isSet(timeoutOption)) {
        bool ok = false;
        const double seconds = p.value(timeoutOption).toDouble(&ok);
        if (!ok || !(seconds > 0) || seconds > 86400)
            return usage(QStringLiteral("test: --timeout is a number of seconds above 0 (at most 86400), not '%1'").arg(p.value(timeoutOption)));
        runner.setDefaultTimeout(seconds);
    }
    QList<SuiteResult> suites;
    int passed = 0, failed = 0, broken = 0, invalid = 0;
    for (const QString &file : files) {
        SuiteResult s;
        s.file = QDir::cleanPath(file);
        GraphTestSuite suite;
        QString error;
        if (!GraphTestSuite::read(file, &suite, &error)) {
            s.error = error;
            ++invalid;
            print(m_err, error + QLatin1Char('\n'));
            suites.append(s);
            continue;
        }
        for (const GraphTestCase &c : std::as_const(suite.cases)) {
            if (!only.isEmpty() && !c.name.contains(only, Qt::CaseInsensitive))
                continue;
            const GraphTestResult r = runner.run(c);
            const auto flush = qScopeGuard([this] { std::fflush(m_out); }); // a line per case as it ends, also into a pipe
            s.elapsedMs += r.elapsedMs;
            s.results.append(r);
            const QString where = QStringLiteral("%1:%2").arg(s.file).arg(c.line);
            switch (r.outcome) {
            case GraphTestResult::Outcome::Passed:
                ++passed;
                print(m_out, QStringLiteral("PASS  %1  %2 (%3 steps, %4 ms)\n").arg(where, r.name).arg(r.steps).arg(r.elapsedMs));
                if (verbose)
                    print(m_out, QStringLiteral("      route: %1\n").arg(r.route.join(QStringLiteral(" → "))));
                break;
            case GraphTestResult::Outcome::Failed:
                ++failed;
                print(m_out, QStringLiteral("FAIL  %1  %2 (%3, %4 steps)\n").arg(where, r.name, r.status).arg(r.steps));
                for (const QString &f : r.failures)
                    print(m_out, QStringLiteral("      %1\n").arg(f));
                if (verbose)
                    print(m_out, QStringLiteral("      route: %1\n").arg(r.route.join(QStringLiteral(" → "))));
                break;
            case GraphTestResult::Outcome::Error:
                ++broken;
                print(m_out, QStringLiteral("ERROR %1  %2: the case cannot run\n").arg(where, r.name));
                for (const QString &e : r.errors)
                    print(m_out, QStringLiteral("      %1\n").arg(e));
                break;
            }
        }
        suites.append(s);
    }
    const int cases = passed + failed + broken;
    QStringList parts{QStringLiteral("%1 passed").arg(passed)};
    if (failed)
        parts << QStringLiteral("%1 failed").arg(failed);
    if (broken)
        parts << QStringLiteral("%1 could not run").arg(broken);
    if (invalid)
        parts << QStringLiteral("%1 invalid test file%2").arg(invalid).arg(invalid == 1 ? QString() : QStringLiteral("s"));
    print(m_out, QStringLiteral("%1 case%2 in %3 file%4: %5\n")
                     .arg(cases)
                     .arg(cases == 1 ? QString() : QStringLiteral("s"))
                     .arg(files.size())
                     .arg(files.size() == 1 ? QString() : QStringLiteral("s"), parts.join(QStringLiteral(", "))));
    if (p.isSet(junitOption)) {
        QString error;
        if (!writeFileAtomically(p.value(junitOption), junit(suites), &error, QStringLiteral("JUnit report"))) {
            print(m_err, QStringLiteral("capgraph: %1\n").arg(error));
            return BadInput;
        }
    }
    if (invalid || !missing.isEmpty())
        return BadInput;
    if (!only.isEmpty() && cases == 0) {
        print(m_err, QStringLiteral("capgraph: test: no case's name contains '%1'\n").arg(only));
        return SomeFailed;
    }
    return failed || broken ? SomeFailed : AllPassed;
}

} // namespace capgraph
