#include "testing/GraphTestRunner.h"

#include "exec/Executor.h"
#include "expr/ExprValue.h"
#include "expr/Expression.h"
#include "launch/AnswerQueue.h"
#include "launch/RunSetup.h"

#include <QElapsedTimer>

#include <climits>
#include <QFileInfo>

namespace capgraph {

namespace {

// The nodes a run enters, in order.
class RouteRecorder : public RunObserver
{
public:
    RunEventTypes wantedEvents() const override { return runEventBit(RunEventType::NodeStarted); }
    void onRunEvent(const RunEvent &e) override { route.append(e.nodeId); }
    QStringList route;
};

QString arrow(const QStringList &ids)
{
    return ids.isEmpty() ? QStringLiteral("(no node)") : ids.join(QStringLiteral(" → "));
}

// What an expectation's expression sees: the final context as a branch condition sees it
// (a node's id names its outputs, a bare name the latest value of that output, `input`).
QVariantMap expressionScope(const RunContext &context, qint64 steps)
{
    QVariantMap scope = context.variables;
    for (auto it = context.outputs.cbegin(); it != context.outputs.cend(); ++it)
        scope.insert(it.key(), it.value());
    scope.insert(QStringLiteral("input"), context.input);
    scope.insert(QStringLiteral("run"), QVariantMap{{QStringLiteral("steps"), steps}});
    return scope;
}

void check(const GraphTestCase &c, const RunContext &context, GraphTestResult *r)
{
    const GraphTestExpectation &e = c.expect;
    if (e.status && *e.status != r->status)
        r->failures << QStringLiteral("status: expected %1, the run %2%3")
                           .arg(*e.status, r->status == QLatin1String("waiting") ? QStringLiteral("waits for an answer") : r->status,
                                r->runError.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(r->runError));
    if (!e.route.isEmpty()) {
        qsizetype at = 0;
        for (const QString &id : r->route)
            if (at < e.route.size() && id == e.route.at(at))
                ++at;
        if (at < e.route.size() && r->failedNode.isEmpty())
            r->failedNode = at == 0 ? r->route.value(0) : e.route.at(at - 1); // where it should have gone on
        if (at < e.route.size())
            r->failures << QStringLiteral("route: expected %1, but after %2 the run never entered '%3'; it went %4")
                               .arg(arrow(e.route), at == 0 ? QStringLiteral("the start") : QStringLiteral("'%1'").arg(e.route.at(at - 1)),
                                    e.route.at(at), arrow(r->route));
    }
    for (const QString &id : e.notRoute) {
        if (!r->route.contains(id))
            continue;
        if (r->failedNode.isEmpty())
            r->failedNode = id;
        r->failures << QStringLiteral("not_route: the run entered '%1' (step %2 of %3)")
                               .arg(id)
                               .arg(r->route.indexOf(id) + 1)
                               .arg(arrow(r->route));
    }
    if (!e.outputs.isEmpty()) {
        const QVariantMap scope = expressionScope(context, r->steps);
        for (const GraphTestCheck &chk : e.outputs) {
            const Expression x = Expression::parse(chk.expression);
            if (!x.isValid()) {
                r->failures << QStringLiteral("outputs: `%1` (line %2): %3 at column %4")
                                   .arg(chk.expression)
                                   .arg(chk.line)
                                   .arg(x.errorMessage())
                                   .arg(x.errorColumn());
                continue;
            }
            const EvalResult v = x.evaluate(scope);
            if (!v.ok()) {
                r->failures << QStringLiteral("outputs: `%1` (line %2) cannot be evaluated on the final context: %3")
                                   .arg(chk.expression)
                                   .arg(chk.line)
                                   .arg(v.error);
                continue;
            }
            if (ExprValue::kindOf(v.value) != ValueKind::Bool || !v.value.toBool()) {
                for (const NameReference &ref : x.references()) // the node whose output it reads
                    if (r->failedNode.isEmpty() && context.outputs.contains(ref.root))
                        r->failedNode = ref.root;
                QStringList values; // what the names it reads hold, so the failure says what was found
                for (const NameReference &ref : x.references()) {
                    QVariant found = scope.value(ref.root);
                    QString name = ref.root;
                    for (const QString &part : ref.path) {
                        found = found.toMap().value(part);
                        name += QLatin1Char('.') + part;
                    }
                    const QString shown = scope.contains(ref.root) ? ExprValue::toDisplayString(found) : QStringLiteral("(not set)");
                    const QString line = QStringLiteral("%1 = %2").arg(name, shown.size() > 200 ? shown.left(200) + QStringLiteral("…") : shown);
                    if (!values.contains(line))
                        values << line;
                }
                r->failures << QStringLiteral("outputs: `%1` (line %2) is %3%4")
                                   .arg(chk.expression)
                                   .arg(chk.line)
                                   .arg(ExprValue::kindOf(v.value) == ValueKind::Bool ? QStringLiteral("false") : QStringLiteral("not true or false but %1").arg(ExprValue::toDisplayString(v.value)),
                                        values.isEmpty() ? QString() : QStringLiteral(", where %1").arg(values.join(QStringLiteral(", "))));
            }
        }
    }
    if (e.maxSteps && r->steps > *e.maxSteps)
        r->failures << QStringLiteral("max_steps: expected at most %1 node executions, the run took %2").arg(*e.maxSteps).arg(r->steps);
    if (e.maxTokens && r->tokens > *e.maxTokens)
        r->failures << QStringLiteral("max_tokens: expected at most %1 tokens, the run used %2").arg(*e.maxTokens).arg(r->tokens);
}

} // namespace

GraphTestResult GraphTestRunner::run(const GraphTestCase &c) const
{
    QElapsedTimer clock;
    clock.start();
    GraphTestResult r;
    r.name = c.name;
    RunRequest request;
    request.graphFile = c.graphFile;
    request.displayName = QFileInfo(c.graphFile).filePath();
    request.mockFile = c.mockFile;
    request.mocks = c.mocks;
    request.mocksName = c.mocksWhere;
    request.trusted = m_trust;
    request.options.pinned = c.pinned;
    if (c.runMaxSteps)
        request.options.maxSteps = *c.runMaxSteps;
    QString error;
    std::unique_ptr<RunSetup> setup = RunSetup::fromFile(request, &error);
    std::unique_ptr<Executor> ex;
    if (!setup) {
        r.errors << error;
    } else {
        ex = setup->makeExecutor();
        if (!ex)
            r.errors = setup->problems();
    }
    AnswerQueue answers;
    if (ex && c.answers.isValid() && !answers.add(c.answers, QStringLiteral("answers"), &error))
        r.errors << error;
    if (!r.errors.isEmpty()) {
        r.outcome = GraphTestResult::Outcome::Error;
        r.elapsedMs = clock.elapsed();
        return r;
    }
    RouteRecorder route;
    ex->addObserver(&route);
    if (m_observer)
        ex->addObserver(m_observer);
    ex->start(setup->completedInput(c.input));
    const double limitSeconds = c.timeoutSeconds.value_or(m_defaultTimeoutSeconds);
    const qint64 limitMs = qint64(limitSeconds * 1000);
    bool timedOut = false;
    for (;;) {
        const qint64 left = limitMs - clock.elapsed();
        const RunStatus s = left > 0 ? ex->waitUntilIdle(int(std::min<qint64>(left, INT_MAX))) : ex->status();
        if (s == RunStatus::Running) {
            timedOut = true;
            break;
        }
        if (s == RunStatus::WaitingForInput) {
            bool answered = false;
            for (const AnswerQueue::Given &g : answers.answerWaiting(*ex)) {
                if (g.refusal.isEmpty())
                    answered = true;
                else
                    r.failures << QStringLiteral("answers: the answer for '%1' was refused: %2").arg(g.id, g.refusal);
            }
            if (answered)
                continue;
        }
        break;
    }
    ex->removeObserver(&route);
    if (m_observer)
        ex->removeObserver(m_observer);
    const RunStatus s = ex->status();
    r.status = timedOut ? QStringLiteral("timed out") : s == RunStatus::WaitingForInput ? QStringLiteral("waiting") : runStatusName(s);
    r.runError = ex->errorMessage();
    r.route = route.route;
    r.steps = ex->steps();
    r.tokens = ex->totalTokenUsage().total();
    const RunContext context = ex->context();
    r.context = context.toVariant();
    r.failedNode = ex->failedNode();
    if (!runStatusIsFinal(s))
        ex->cancel();
    if (timedOut) {
        r.failures << QStringLiteral("timeout: the run was still going after %1 s (at step %2, in %3); give the case a longer `timeout:` if it needs one")
                          .arg(limitSeconds)
                          .arg(r.steps)
                          .arg(r.route.isEmpty() ? QStringLiteral("no node") : QStringLiteral("'%1'").arg(r.route.constLast()));
        r.outcome = GraphTestResult::Outcome::Failed;
        r.failedNode = r.route.isEmpty() ? QString() : r.route.constLast();
        r.elapsedMs = clock.elapsed();
        return r;
    }
    if (s == RunStatus::WaitingForInput && !c.expect.status) {
        QStringList ids;
        for (const PendingInteraction &p : ex->pendingInteractions())
            ids << p.id;
        r.failures << QStringLiteral("the run waits for answers nobody gave: %1 (add them under `answers:`, or expect `status: waiting`)")
                          .arg(ids.join(QStringLiteral(", ")));
    } else if (s == RunStatus::Failed && !c.expect.status) {
        r.failures << QStringLiteral("the run failed: %1 (expect `status: failed` if it should)").arg(r.runError);
    }
    check(c, context, &r);
    if (r.failedNode.isEmpty() && !r.route.isEmpty())
        r.failedNode = r.route.constLast();
    r.outcome = r.failures.isEmpty() ? GraphTestResult::Outcome::Passed : GraphTestResult::Outcome::Failed;
    r.elapsedMs = clock.elapsed();
    return r;
}

} // namespace capgraph
