// The graph executor against its contract, docs/execution.md: every node and edge type,
// loops and their bounds, parallel branches and background work, skills (modes, timeout,
// retry, on_error), human input, failures, limits, the debugger API, checkpoints, the
// shipped examples with their mocks, the bench graphs, and responsiveness. Runs are observed
// through RunEvents (a recording RunObserver), context(), status() and the counters.
#include "support/ExampleGraphs.h"
#include "exec/Executor.h"
#include "handlers/BuiltinHandlers.h"
#include "support/TimeBounds.h"
#include "exec/HandlerRegistry.h"
#include "handlers/MockHandler.h"
#include "exec/SkillCall.h"
#include "expr/ExprValue.h"
#include "yaml/GraphYamlReader.h"
#include "io/YamlValue.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>
#include <QTimer>
#include <QtTest>

#include <functional>
#include <limits>
#include <memory>

#include <sys/resource.h>

using namespace capgraph;

namespace {

QString S(const char *text) { return QString::fromUtf8(text); }

QString show(const QVariant &v) { return ExprValue::toDisplayString(v); }

// Records every event of a run; `hook` sees each one as it happens (to act mid-run).
class Recorder : public RunObserver
{
public:
    QList<RunEvent> events;
    std::function<void(const RunEvent &)> hook;

    void onRunEvent(const RunEvent &e) override
    {
        events.append(e);
        if (hook)
            hook(e);
    }

    QList<RunEvent> of(RunEventType type, const QString &node = QString()) const
    {
        QList<RunEvent> out;
        for (const RunEvent &e : events)
            if (e.type == type && (node.isNull() || e.nodeId == node))
                out.append(e);
        return out;
    }
    int count(RunEventType type, const QString &node = QString()) const { return int(of(type, node).size()); }
    int first(RunEventType type, const QString &node = QString()) const
    {
        for (int i = 0; i < events.size(); ++i)
            if (events.at(i).type == type && (node.isNull() || events.at(i).nodeId == node))
                return i;
        return -1;
    }
    int last(RunEventType type, const QString &node = QString()) const
    {
        for (int i = int(events.size()) - 1; i >= 0; --i)
            if (events.at(i).type == type && (node.isNull() || events.at(i).nodeId == node))
                return i;
        return -1;
    }
    QStringList nodes(RunEventType type) const
    {
        QStringList out;
        for (const RunEvent &e : events)
            if (e.type == type)
                out << e.nodeId;
        return out;
    }
    QStringList messages(RunEventType type, const QString &node = QString()) const
    {
        QStringList out;
        for (const RunEvent &e : of(type, node))
            out << e.message;
        return out;
    }
    QList<int> iterations(RunEventType type, const QString &node) const
    {
        QList<int> out;
        for (const RunEvent &e : of(type, node))
            out << e.iteration;
        return out;
    }
    // Successive values of `node.output` from variable.changed events.
    QVariantList values(const QString &nodeOutput) const
    {
        QVariantList out;
        for (const RunEvent &e : of(RunEventType::VariableChanged))
            if (e.message == nodeOutput)
                out << e.data;
        return out;
    }
    QStringList edges() const
    {
        QStringList out;
        for (const RunEvent &e : of(RunEventType::EdgeTraversed))
            out << e.from + S("->") + e.to;
        return out;
    }
};

class FnHandler : public SkillHandler
{
public:
    explicit FnHandler(std::function<void(const SkillCallPtr &)> fn, bool repeatable = true) : m_fn(std::move(fn)), m_repeatable(repeatable) {}
    void start(const SkillCallPtr &call) override { m_fn(call); }
    bool repeatable() const override { return m_repeatable; }

private:
    std::function<void(const SkillCallPtr &)> m_fn;
    bool m_repeatable;
};

std::shared_ptr<SkillHandler> handler(std::function<void(const SkillCallPtr &)> fn)
{
    return std::make_shared<FnHandler>(std::move(fn));
}

// A handler that never finishes on its own; remembers whether it was cancelled.
struct Hang
{
    int started = 0;
    int cancelled = 0;
    QList<SkillCallPtr> calls;
};

std::shared_ptr<SkillHandler> hangHandler(const std::shared_ptr<Hang> &h)
{
    return handler([h](const SkillCallPtr &call) {
        ++h->started;
        h->calls << call;
        call->onCancel([h] { ++h->cancelled; });
    });
}

std::shared_ptr<MockHandler> mock(const QVariantMap &spec)
{
    std::shared_ptr<MockHandler> m;
    QString error;
    if (!MockHandler::fromVariant(spec, &m, &error))
        qFatal("bad mock spec: %s", qPrintable(error));
    return m;
}

// One run: a registry (built-ins + whatever the test adds before prepare()), a recorder
// and the executor. The executor is destroyed first (declared last).
struct Run
{
    HandlerRegistry registry;
    Recorder rec;
    Graph graph;
    std::unique_ptr<Executor> ex;
    QString problem;

    Run() { registerBuiltinHandlers(registry); }

    bool load(const QByteArray &yaml)
    {
        const GraphLoadResult r = GraphYamlReader::readBytes(yaml, S("inline.yaml"));
        if (!r.ok()) {
            problem = r.errorText();
            return false;
        }
        graph = *r.graph;
        return true;
    }
    bool prepare(const QByteArray &yaml, const RunOptions &options = {})
    {
        return load(yaml) && prepareLoaded(options);
    }
    bool prepareLoaded(const RunOptions &options = {})
    {
        ex = std::make_unique<Executor>(graph, registry, options);
        ex->addObserver(&rec);
        QStringList errors;
        if (!ex->prepare(&errors)) {
            problem = errors.join(QLatin1Char('\n'));
            return false;
        }
        return true;
    }
    RunStatus run(const QVariantMap &input = {}, int timeoutMs = 5000)
    {
        ex->start(input);
        return ex->waitUntilIdle(timeoutMs);
    }
    QVariantMap outputs() const { return ex->context().outputs; }
    bool hasOutputs(const QString &node) const { return outputs().contains(node); }
    QVariantMap outputs(const QString &node) const { return outputs().value(node).toMap(); }
    QVariant out(const QString &node, const QString &name) const { return outputs(node).value(name); }
    QVariant var(const QString &name) const { return ex->context().variables.value(name); }
    qint64 visits(const QString &node) const { return ex->visitCounts().value(node, 0); }
};

QByteArray fill(QByteArray yaml, const QList<QPair<QByteArray, QByteArray>> &values)
{
    for (const auto &[key, value] : values)
        yaml.replace(key, value);
    return yaml;
}

QVariantList list(std::initializer_list<QVariant> items) { return QVariantList(items); }

const char kChildVariable[] = "CAPGRAPH_TST_EXECUTOR_CHILD";

// For scenarios that have crashed the engine: the test function runs again in a child
// process of this binary, so a crash fails that one test instead of ending the suite.
// Returns true in the parent (the child's verdict has been checked), false in the child.
bool ranInChildProcess(QString *failure)
{
    if (qEnvironmentVariableIsSet(kChildVariable))
        return false;
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QString::fromLatin1(kChildVariable), S("1"));
    env.insert(S("QTEST_DISABLE_STACK_DUMP"), S("1")); // gdb on a 30,000-frame stack takes half a minute
    env.insert(S("QTEST_DISABLE_CORE_DUMP"), S("1"));
    child.setProcessEnvironment(env);
    child.setProcessChannelMode(QProcess::MergedChannels);
    child.setChildProcessModifier([] {
        const struct rlimit noCore{0, 0};
        setrlimit(RLIMIT_CORE, &noCore); // a crash should not leave a core file behind
    });
    child.start(QCoreApplication::applicationFilePath(), {QString::fromLatin1(QTest::currentTestFunction())});
    if (!child.waitForFinished(60000)) {
        child.kill();
        child.waitForFinished();
        *failure = S("the child process did not finish in 60 s");
        return true;
    }
    if (child.exitStatus() != QProcess::NormalExit || child.exitCode() != 0) {
        QStringList lines;
        for (const QByteArray &line : child.readAll().split('\n'))
            if (line.startsWith("FAIL") || line.startsWith("   ") || line.startsWith("QFATAL"))
                lines << QString::fromUtf8(line);
        *failure = child.exitStatus() == QProcess::CrashExit
                       ? S("the engine crashed (child process died with a signal)")
                       : S("failed in the child process:\n") + lines.join(QLatin1Char('\n'));
    }
    return true;
}

} // namespace

#define RUN_ISOLATED()                                                                                                 \
    do {                                                                                                               \
        QString failure_;                                                                                              \
        if (ranInChildProcess(&failure_)) {                                                                            \
            if (!failure_.isEmpty())                                                                                   \
                QFAIL(qPrintable(failure_));                                                                           \
            return;                                                                                                    \
        }                                                                                                              \
    } while (false)

#define PREPARE(run, ...) QVERIFY2((run).prepare(__VA_ARGS__), qPrintable((run).problem))

#define QCOMPARE_V(actual, expected)                                                                                   \
    do {                                                                                                               \
        const QVariant a_ = (actual);                                                                                  \
        const QVariant e_ = (expected);                                                                                \
        if (!ExprValue::equals(a_, e_))                                                                                \
            QFAIL(qPrintable(S("%1 is %2 (%3), expected %4 (%5)")                                                      \
                                 .arg(QLatin1String(#actual), show(a_), ExprValue::kindName(a_), show(e_),             \
                                      ExprValue::kindName(e_))));                                                      \
    } while (false)

#define QCOMPARE_STATUS(actual, expected, executor)                                                                    \
    do {                                                                                                               \
        const RunStatus s_ = (actual);                                                                                 \
        if (s_ != (expected))                                                                                          \
            QFAIL(qPrintable(S("status is %1, expected %2 (error: %3)")                                                \
                                 .arg(runStatusName(s_), runStatusName(expected), (executor).errorMessage())));        \
    } while (false)

class TestExecutor : public QObject
{
    Q_OBJECT

private slots:
    // flow
    void sequence();
    void builtinSkillsAndInputTemplates();
    void contextLookup();
    void branchFirstTrueConditionWins_data();
    void branchFirstTrueConditionWins();
    void branchRouting_data();
    void branchRouting();
    void branchWithoutWayFails();
    void branchEvaluationError_data();
    void branchEvaluationError();
    void branchSkipsTargetsNotTaken_data();
    void branchSkipsTargetsNotTaken();
    void mergePassesEachArrival();
    void ordinaryNodeEdges_data();
    void ordinaryNodeEdges();
    // loops
    void loopIterationCounter();
    void loopForcedConvergence();
    void loopStartWithoutLoopEndFails();
    void nestedLoops_data();
    void nestedLoops();
    void iterationEdgeMaxCount();
    void iterationEdgeExitCondition();
    void iterationEdgeExhausted_data();
    void iterationEdgeExhausted();
    // parallel
    void parallelBranchesOverlap();
    void joinWaitsForEverySyncBranch_data();
    void joinWaitsForEverySyncBranch();
    void backgroundBranchOutlivesMainPath();
    void backgroundBranchCancelledAtEnd();
    void backgroundEdgeFromOrdinaryNode();
    void nestedParallel();
    void parallelEdgeInsideFork();
    // skills
    void iterativeSkillUntilDone();
    void iterativeSkillRoundsSeeOutputs();
    void iterativeSkillForcedConvergence();
    void iterativeSkillManyRounds();
    void parallelSkillBoundedConcurrency_data();
    void parallelSkillBoundedConcurrency();
    void parallelSkillItemFailure();
    void parallelSkillContinueOnError();
    void parallelSkillEmptyList();
    void parallelSkillLargeList();
    void skillTimeout();
    void skillRetry_data();
    void skillRetry();
    void onErrorContinue();
    void missingHandlerStopsRun();
    void handlerResolution();
    void handlerLogAndProgress();
    // human input
    void interactions();
    void confirmAnswers_data();
    void confirmAnswers();
    void concurrentInteractions();
    void interactionIdsStayUnique();
    void promptTemplates();
    void selectOptionsFromMap();
    // failures and limits
    void failureReportsNodeErrorAndPath();
    void failurePathIsBounded();
    void failureInParallelBranch();
    void stepLimitNamesHottestNode();
    // debugger
    void pauseAndStep();
    void pauseWhileHandlerRuns();
    void stepStopsBeforeTheNodeItRunsNext();
    void breakpoints();
    void breakpointInLoopHitsEveryPass();
    void breakpointsSetBeforeStart();
    void setVariableWhilePaused_data();
    void setVariableWhilePaused();
    void cancelStopsHandlers();
    // checkpoints
    void checkpointResumesInNewExecutor();
    void checkpointRerunsNodeInFlight();
    void checkpointDoesNotRepeatACallThatMayHaveActed();
    void checkpointRefusesForeignState_data();
    void checkpointRefusesForeignState();
    // whole graphs
    void examples_data();
    void examples();
    void eventCompactJsonIsQtsJson();
    void benchGraphs_data();
    void benchGraphs();
    void responsiveDuringLongLoop();
};

// ---------------------------------------------------------------------------------------
// Flow

void TestExecutor::sequence()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: seq
  nodes:
    - {id: start, type: control.start}
    - {id: a, type: skill, skill_id: builtin.set, inputs: {x: 1, topic: "${input.topic}"}}
    - {id: b, type: skill, skill_id: builtin.set, inputs: {y: "${x + 1}", t: "${a.topic} reviews"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: a}
    - {from: a, to: b}
    - {from: b, to: end}
)Y");
    QCOMPARE(r.ex->status(), RunStatus::Idle);
    QCOMPARE_STATUS(r.run({{S("topic"), S("graphs")}}), RunStatus::Finished, *r.ex);
    QVERIFY(r.ex->errorMessage().isEmpty());
    QVERIFY(r.ex->mainPathFinished());

    QCOMPARE(r.rec.nodes(RunEventType::NodeStarted), (QStringList{S("start"), S("a"), S("b"), S("end")}));
    QCOMPARE(r.rec.nodes(RunEventType::NodeFinished), (QStringList{S("start"), S("a"), S("b"), S("end")}));
    QCOMPARE(r.rec.edges(), (QStringList{S("start->a"), S("a->b"), S("b->end")}));
    QCOMPARE(r.ex->steps(), 4);
    const QHash<QString, qint64> visits{{S("start"), 1}, {S("a"), 1}, {S("b"), 1}, {S("end"), 1}};
    QCOMPARE(r.ex->visitCounts(), visits);

    QCOMPARE_V(r.out(S("b"), S("y")), 2);
    QCOMPARE(ExprValue::kindOf(r.out(S("b"), S("y"))), ValueKind::Number);
    QCOMPARE_V(r.out(S("b"), S("t")), S("graphs reviews"));
    QCOMPARE_V(r.var(S("topic")), S("graphs"));
    QCOMPARE_V(r.ex->context().input, (QVariantMap{{S("topic"), S("graphs")}}));

    // run boundaries, in order
    QCOMPARE(r.rec.events.first().type, RunEventType::RunStarted);
    QCOMPARE_V(r.rec.events.first().data, (QVariantMap{{S("topic"), S("graphs")}}));
    QCOMPARE(r.rec.events.last().type, RunEventType::RunFinished);
    QCOMPARE(r.rec.count(RunEventType::RunFinished), 1);
    QCOMPARE(r.rec.count(RunEventType::MainPathFinished), 1);
    QVERIFY(r.rec.first(RunEventType::MainPathFinished) > r.rec.last(RunEventType::NodeFinished, S("end")));
    QCOMPARE(r.rec.count(RunEventType::RunFailed), 0);

    // a skill's node.finished carries its outputs; variable.changed names node.output
    const QList<RunEvent> aFinished = r.rec.of(RunEventType::NodeFinished, S("a"));
    QCOMPARE(aFinished.size(), 1);
    QCOMPARE_V(aFinished.first().data, (QVariantMap{{S("x"), 1}, {S("topic"), S("graphs")}}));
    QCOMPARE(r.rec.values(S("a.x")).size(), 1);
    QCOMPARE_V(r.rec.values(S("a.x")).first(), 1);
    QCOMPARE_V(r.rec.values(S("b.y")).first(), 2);

    // every node event names its token, with the iteration (0 outside loops), in step order
    qint64 lastStep = 0;
    for (const RunEvent &e : std::as_const(r.rec.events)) {
        QVERIFY(e.step >= lastStep);
        lastStep = e.step;
        if (e.type == RunEventType::NodeStarted || e.type == RunEventType::NodeFinished) {
            QCOMPARE(e.token, 1);
            QCOMPARE(e.iteration, 0);
        }
    }
}

void TestExecutor::builtinSkillsAndInputTemplates()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: builtins
  nodes:
    - {id: start, type: control.start}
    - id: s
      type: skill
      skill_id: builtin.set
      inputs:
        n: 3
        f: 2.5
        flag: true
        s: text
        l: [1, two]
        m: {k: v}
        items: "${input.items}"
        sum: "${1 + 2}"
        who: "${input}"
        mixed: "${input.topic} reviews"
        count: "n=${len(input.items)}"
        escaped: "$${not a hole}"
    - {id: as, type: skill, skill_id: builtin.assign, inputs: {copy: "${s.n}"}}
    - {id: t, type: skill, skill_id: builtin.template, inputs: {template: "Hello ${input.name}, ${len(input.items)} items"}}
    - {id: fm, type: skill, skill_id: builtin.format, inputs: {format: "{greeting}, {name}! {n}", greeting: Hi, name: "${input.name}", n: "${s.n}"}}
    - {id: lg, type: skill, skill_id: builtin.log, inputs: {message: "logged ${input.name}"}}
    - {id: nop, type: skill, skill_id: builtin.noop}
    - {id: dl, type: skill, skill_id: builtin.delay, inputs: {ms: 5}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: s}
    - {from: s, to: as}
    - {from: as, to: t}
    - {from: t, to: fm}
    - {from: fm, to: lg}
    - {from: lg, to: nop}
    - {from: nop, to: dl}
    - {from: dl, to: end}
)Y");
    const QVariantMap input{{S("topic"), S("graphs")}, {S("name"), S("Ann")}, {S("items"), list({1, 2, 3})}};
    QCOMPARE_STATUS(r.run(input), RunStatus::Finished, *r.ex);

    // literals pass as written, with their types
    QCOMPARE_V(r.out(S("s"), S("n")), 3);
    QCOMPARE_V(r.out(S("s"), S("f")), 2.5);
    QCOMPARE_V(r.out(S("s"), S("flag")), true);
    QCOMPARE_V(r.out(S("s"), S("s")), S("text"));
    QCOMPARE_V(r.out(S("s"), S("l")), list({1, S("two")}));
    QCOMPARE_V(r.out(S("s"), S("m")), (QVariantMap{{S("k"), S("v")}}));
    // a single hole keeps its type; mixed text is text
    QCOMPARE_V(r.out(S("s"), S("items")), list({1, 2, 3}));
    QCOMPARE(ExprValue::kindOf(r.out(S("s"), S("items"))), ValueKind::List);
    QCOMPARE_V(r.out(S("s"), S("sum")), 3);
    QCOMPARE(ExprValue::kindOf(r.out(S("s"), S("sum"))), ValueKind::Number);
    QCOMPARE_V(r.out(S("s"), S("who")), input);
    QCOMPARE_V(r.out(S("s"), S("mixed")), S("graphs reviews"));
    QCOMPARE_V(r.out(S("s"), S("count")), S("n=3"));
    QCOMPARE_V(r.out(S("s"), S("escaped")), S("${not a hole}"));
    // assign = set; template; format; log; noop; delay
    QCOMPARE_V(r.out(S("as"), S("copy")), 3);
    QCOMPARE_V(r.outputs(S("t")), (QVariantMap{{S("text"), S("Hello Ann, 3 items")}}));
    QCOMPARE_V(r.outputs(S("fm")), (QVariantMap{{S("text"), S("Hi, Ann! 3")}}));
    QCOMPARE(r.rec.count(RunEventType::Log, S("lg")), 1);
    QCOMPARE(r.rec.of(RunEventType::Log, S("lg")).first().message, S("logged Ann"));
    QVERIFY(r.hasOutputs(S("nop")));
    QVERIFY(r.outputs(S("nop")).isEmpty());
    QCOMPARE_V(r.out(S("dl"), S("slept_ms")), 5);
    QCOMPARE(r.rec.count(RunEventType::NodeFailed), 0);

    // builtin.format with a field that has no input fails the run, naming the field
    Run bad;
    PREPARE(bad, R"Y(
graph:
  id: badformat
  nodes:
    - {id: start, type: control.start}
    - {id: fm, type: skill, skill_id: builtin.format, inputs: {format: "{missing} here"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: fm}
    - {from: fm, to: end}
)Y");
    QCOMPARE_STATUS(bad.run(), RunStatus::Failed, *bad.ex);
    QCOMPARE(bad.ex->failedNode(), S("fm"));
    QVERIFY2(bad.ex->errorMessage().contains(S("missing")), qPrintable(bad.ex->errorMessage()));
}

void TestExecutor::contextLookup()
{
    Run r;
    RunOptions options;
    options.runId = S("run-42");
    PREPARE(r, R"Y(
graph:
  id: lookup
  nodes:
    - {id: start, type: control.start}
    - {id: early, type: skill, skill_id: builtin.set, inputs: {seen_late: "${exists(late)}", seen_v: "${exists(v)}"}}
    - {id: x, type: skill, skill_id: builtin.set, inputs: {v: 1}}
    - {id: y, type: skill, skill_id: builtin.set, inputs: {x: 99, v: 2}}
    - {id: late, type: skill, skill_id: builtin.set, inputs: {by_id: "${x}", bare: "${v}", qualified: "${x.v}", run_id: "${run.id}", token: "${run.token}", steps: "${run.steps}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: early}
    - {from: early, to: x}
    - {from: x, to: y}
    - {from: y, to: late}
    - {from: late, to: end}
)Y", options);
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    // a node's outputs are missing until it has run
    QCOMPARE_V(r.out(S("early"), S("seen_late")), false);
    QCOMPARE_V(r.out(S("early"), S("seen_v")), false);
    // a node id wins over an output of the same name; a bare name is the latest value
    QCOMPARE_V(r.out(S("late"), S("by_id")), (QVariantMap{{S("v"), 1}}));
    QCOMPARE_V(r.out(S("late"), S("bare")), 2);
    QCOMPARE_V(r.out(S("late"), S("qualified")), 1);
    QCOMPARE_V(r.out(S("late"), S("run_id")), S("run-42"));
    QCOMPARE_V(r.out(S("late"), S("token")), 1);
    QVERIFY(r.out(S("late"), S("steps")).toInt() >= 4);
    // context(): {input, outputs, variables}
    const QVariantMap ctx = r.ex->context().toVariant(); // as --json and the trace write it
    QCOMPARE(QStringList(ctx.keys()), (QStringList{S("input"), S("outputs"), S("variables")}));
    QCOMPARE_V(r.var(S("v")), 2);
    QCOMPARE_V(r.var(S("x")), 99);
}

void TestExecutor::branchFirstTrueConditionWins_data()
{
    QTest::addColumn<QByteArray>("conditions");
    QTest::addColumn<int>("x");
    QTest::addColumn<QString>("taken");
    QTest::addColumn<QString>("condition");
    QTest::addColumn<QStringList>("skipped");

    const QByteArray big = R"Y({name: big, expression: "input.x > 1", target: A})Y";
    const QByteArray positive = R"Y({name: positive, expression: "input.x > 0", target: B})Y";
    const QByteArray any = R"Y({name: any, expression: "true", target: C})Y";
    QTest::newRow("first of several true") << big + ", " + positive + ", " + any << 5 << S("A") << S("big")
                                           << QStringList{S("B"), S("C")};
    QTest::newRow("order matters") << positive + ", " + big + ", " + any << 5 << S("B") << S("positive")
                                   << QStringList{S("A"), S("C")};
    QTest::newRow("later true one") << big + ", " + positive + ", " + any << 0 << S("C") << S("any")
                                    << QStringList{S("A"), S("B")};
}

void TestExecutor::branchFirstTrueConditionWins()
{
    QFETCH(QByteArray, conditions);
    QFETCH(int, x);
    QFETCH(QString, taken);
    QFETCH(QString, condition);
    QFETCH(QStringList, skipped);
    Run r;
    PREPARE(r, fill(R"Y(
graph:
  id: branch
  nodes:
    - {id: start, type: control.start}
    - {id: check, type: control.branch, conditions: [CONDITIONS]}
    - {id: A, type: skill, skill_id: builtin.set, inputs: {took: A}}
    - {id: B, type: skill, skill_id: builtin.set, inputs: {took: B}}
    - {id: C, type: skill, skill_id: builtin.set, inputs: {took: C}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: check}
    - {from: A, to: end}
    - {from: B, to: end}
    - {from: C, to: end}
)Y", {{"CONDITIONS", conditions}}));
    QCOMPARE_STATUS(r.run({{S("x"), x}}), RunStatus::Finished, *r.ex);
    QCOMPARE_V(r.var(S("took")), taken);
    QCOMPARE(r.rec.nodes(RunEventType::NodeStarted), (QStringList{S("start"), S("check"), taken, S("end")}));
    const QList<RunEvent> branchDone = r.rec.of(RunEventType::NodeFinished, S("check"));
    QCOMPARE(branchDone.size(), 1);
    QCOMPARE(branchDone.first().message, condition); // node.finished of a branch: the condition taken
    QStringList skippedNodes = r.rec.nodes(RunEventType::NodeSkipped);
    skippedNodes.sort();
    QCOMPARE(skippedNodes, skipped);
    for (const QString &s : std::as_const(skipped))
        QCOMPARE(r.visits(s), 0);
}

void TestExecutor::branchRouting_data()
{
    QTest::addColumn<QByteArray>("conditions");
    QTest::addColumn<QByteArray>("extra"); // more branch keys
    QTest::addColumn<QByteArray>("edges"); // edges leaving the branch
    QTest::addColumn<int>("x");
    QTest::addColumn<QString>("taken");

    const QByteArray never = R"Y({name: never, expression: "false", target: A})Y";
    QTest::newRow("conditional edges from a branch")
        << never << QByteArray()
        << QByteArray(R"Y(
    - {from: check, to: B, type: conditional, condition: "input.x == 1"}
    - {from: check, to: C, type: conditional, condition: "input.x == 2"})Y")
        << 2 << S("C");
    QTest::newRow("first true conditional edge")
        << never << QByteArray()
        << QByteArray(R"Y(
    - {from: check, to: B, type: conditional, condition: "input.x >= 1"}
    - {from: check, to: C, type: conditional, condition: "input.x >= 2"})Y")
        << 5 << S("B");
    QTest::newRow("conditions before conditional edges")
        << QByteArray(R"Y({name: yes, expression: "true", target: A})Y") << QByteArray()
        << QByteArray(R"Y(
    - {from: check, to: B, type: conditional, condition: "true"})Y")
        << 0 << S("A");
    QTest::newRow("default when nothing is true")
        << never << QByteArray(", default: C")
        << QByteArray(R"Y(
    - {from: check, to: B, type: conditional, condition: "input.x == 1"})Y")
        << 0 << S("C");
    QTest::newRow("default before a plain edge")
        << never << QByteArray(", default: C")
        << QByteArray(R"Y(
    - {from: check, to: B})Y")
        << 0 << S("C");
    QTest::newRow("plain edge last")
        << never << QByteArray()
        << QByteArray(R"Y(
    - {from: check, to: B, type: conditional, condition: "input.x == 1"}
    - {from: check, to: C})Y")
        << 0 << S("C");
}

void TestExecutor::branchRouting()
{
    QFETCH(QByteArray, conditions);
    QFETCH(QByteArray, extra);
    QFETCH(QByteArray, edges);
    QFETCH(int, x);
    QFETCH(QString, taken);
    Run r;
    PREPARE(r, fill(R"Y(
graph:
  id: routing
  nodes:
    - {id: start, type: control.start}
    - {id: check, type: control.branch, conditions: [CONDITIONS]EXTRA}
    - {id: A, type: skill, skill_id: builtin.set, inputs: {took: A}}
    - {id: B, type: skill, skill_id: builtin.set, inputs: {took: B}}
    - {id: C, type: skill, skill_id: builtin.set, inputs: {took: C}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: check}
    - {from: A, to: end}
    - {from: B, to: end}
    - {from: C, to: end}EDGES
)Y", {{"CONDITIONS", conditions}, {"EXTRA", extra}, {"EDGES", edges}}));
    QCOMPARE_STATUS(r.run({{S("x"), x}}), RunStatus::Finished, *r.ex);
    QCOMPARE_V(r.var(S("took")), taken);
    QCOMPARE(r.rec.nodes(RunEventType::NodeStarted), (QStringList{S("start"), S("check"), taken, S("end")}));
    QCOMPARE(r.rec.edges(), (QStringList{S("start->check"), S("check->") + taken, taken + S("->end")}));
}

void TestExecutor::branchWithoutWayFails()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: noway
  nodes:
    - {id: start, type: control.start}
    - {id: check, type: control.branch, conditions: [{name: a, expression: "input.x == 1", target: A}, {name: b, expression: "input.x == 2", target: B}]}
    - {id: A, type: skill, skill_id: builtin.noop}
    - {id: B, type: skill, skill_id: builtin.noop}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: check}
    - {from: A, to: end}
    - {from: B, to: end}
)Y");
    QCOMPARE_STATUS(r.run({{S("x"), 3}}), RunStatus::Failed, *r.ex);
    QCOMPARE(r.ex->errorMessage(), S("branch 'check': no condition is true (a, b) and there is no default"));
    QCOMPARE(r.ex->failedNode(), S("check"));
    QCOMPARE(r.ex->failedPath(), (QStringList{S("start"), S("check")}));
    QCOMPARE(r.rec.count(RunEventType::RunFailed), 1);
    QCOMPARE(r.rec.count(RunEventType::RunFinished), 0);
    QCOMPARE(r.rec.events.last().type, RunEventType::RunFailed);
    QCOMPARE(r.visits(S("A")) + r.visits(S("B")), 0);
}

void TestExecutor::branchEvaluationError_data()
{
    QTest::addColumn<QByteArray>("expression");
    QTest::addColumn<QString>("errorPart");
    QTest::addColumn<int>("column");

    QTest::newRow("missing name") << QByteArray("input.x > 1 AND missing_name > 2") << S("missing_name") << 17;
    QTest::newRow("missing field") << QByteArray("input.nope == 3") << S("nope") << 0;
    QTest::newRow("type error") << QByteArray("input.x + 'a' == 'b'") << S("add") << 0;
}

void TestExecutor::branchEvaluationError()
{
    QFETCH(QByteArray, expression);
    QFETCH(QString, errorPart);
    QFETCH(int, column);
    Run r;
    PREPARE(r, fill(R"Y(
graph:
  id: evalerror
  nodes:
    - {id: start, type: control.start}
    - {id: check, type: control.branch, conditions: [{name: bad, expression: "EXPR", target: A}], default: A}
    - {id: A, type: skill, skill_id: builtin.noop}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: check}
    - {from: A, to: end}
)Y", {{"EXPR", expression}}));
    QCOMPARE_STATUS(r.run({{S("x"), 5}}), RunStatus::Failed, *r.ex);
    const QString error = r.ex->errorMessage();
    QCOMPARE(r.ex->failedNode(), S("check"));
    QVERIFY2(error.contains(QString::fromUtf8(expression)), qPrintable(error)); // the expression
    QVERIFY2(error.contains(errorPart), qPrintable(error));                    // the error
    if (column > 0)
        QVERIFY2(error.contains(S("column %1").arg(column)), qPrintable(error)); // its column
    else
        QVERIFY2(QRegularExpression(S("column \\d+")).match(error).hasMatch(), qPrintable(error));
    QCOMPARE(r.visits(S("A")), 0); // an error is not "false": the default is not taken
}

void TestExecutor::branchSkipsTargetsNotTaken_data()
{
    QTest::addColumn<QByteArray>("branch");
    QTest::addColumn<QByteArray>("edges");
    QTest::addColumn<QString>("taken");
    QTest::addColumn<QStringList>("skipped");

    QTest::newRow("condition targets")
        << QByteArray(R"Y(conditions: [{name: c1, expression: "false", target: A}, {name: c2, expression: "true", target: B}, {name: c3, expression: "true", target: C}])Y")
        << QByteArray() << S("B") << QStringList{S("A"), S("C")};
    QTest::newRow("conditional edge targets")
        << QByteArray(R"Y(conditions: [{name: c1, expression: "false", target: A}])Y")
        << QByteArray(R"Y(
    - {from: check, to: B, type: conditional, condition: "true"}
    - {from: check, to: C, type: conditional, condition: "true"})Y")
        << S("B") << QStringList{S("A"), S("C")};
    QTest::newRow("default target")
        << QByteArray(R"Y(conditions: [{name: c1, expression: "true", target: A}, {name: c2, expression: "false", target: B}], default: C)Y")
        << QByteArray() << S("A") << QStringList{S("B"), S("C")};
}

void TestExecutor::branchSkipsTargetsNotTaken()
{
    QFETCH(QByteArray, branch);
    QFETCH(QByteArray, edges);
    QFETCH(QString, taken);
    QFETCH(QStringList, skipped);
    Run r;
    PREPARE(r, fill(R"Y(
graph:
  id: skipped
  nodes:
    - {id: start, type: control.start}
    - {id: check, type: control.branch, BRANCH}
    - {id: A, type: skill, skill_id: builtin.noop}
    - {id: B, type: skill, skill_id: builtin.noop}
    - {id: C, type: skill, skill_id: builtin.noop}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: check}
    - {from: A, to: end}
    - {from: B, to: end}
    - {from: C, to: end}EDGES
)Y", {{"BRANCH", branch}, {"EDGES", edges}}));
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE(r.visits(taken), 1);
    QStringList got = r.rec.nodes(RunEventType::NodeSkipped);
    got.sort();
    QCOMPARE(got, skipped);
    for (const RunEvent &e : r.rec.of(RunEventType::NodeSkipped))
        QCOMPARE(e.token, 1);
}

void TestExecutor::mergePassesEachArrival()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: merge
  nodes:
    - {id: start, type: control.start}
    - {id: fork, type: skill, skill_id: builtin.noop}
    - {id: a, type: skill, skill_id: builtin.set, inputs: {via: a}}
    - {id: slow, type: skill, skill_id: builtin.delay, inputs: {ms: 60}}
    - {id: b, type: skill, skill_id: builtin.set, inputs: {via: b}}
    - {id: m, type: control.merge}
    - {id: after, type: skill, skill_id: builtin.set, inputs: {seen: "${via}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: fork}
    - {from: fork, to: a}
    - {from: fork, to: slow}
    - {from: a, to: m}
    - {from: slow, to: b}
    - {from: b, to: m}
    - {from: m, to: after}
    - {from: after, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE(r.visits(S("m")), 2);
    QCOMPARE(r.visits(S("after")), 2);
    QCOMPARE(r.visits(S("end")), 2);
    QCOMPARE(r.rec.values(S("after.seen")), (QVariantList{S("a"), S("b")}));
    // no waiting: the first arrival went on before the second branch got there
    QVERIFY(r.rec.first(RunEventType::NodeStarted, S("after")) < r.rec.first(RunEventType::NodeFinished, S("slow")));
    QCOMPARE(r.rec.count(RunEventType::NodeWaiting, S("m")), 0);
}

void TestExecutor::ordinaryNodeEdges_data()
{
    QTest::addColumn<QByteArray>("edges");
    QTest::addColumn<QStringList>("ran");     // target nodes that ran, sorted
    QTest::addColumn<QStringList>("notRan");

    QTest::newRow("first true conditional edge")
        << QByteArray(R"Y(
    - {from: n, to: x, type: conditional, condition: "input.v > 5"}
    - {from: n, to: y, type: conditional, condition: "input.v > 0"}
    - {from: n, to: z, type: conditional, condition: "input.v > 0"}
    - {from: n, to: p})Y")
        << QStringList{S("y")} << QStringList{S("x"), S("z"), S("p")};
    QTest::newRow("plain edge when no condition holds")
        << QByteArray(R"Y(
    - {from: n, to: x, type: conditional, condition: "input.v > 5"}
    - {from: n, to: p})Y")
        << QStringList{S("p")} << QStringList{S("x")};
    QTest::newRow("several plain edges all run")
        << QByteArray(R"Y(
    - {from: n, to: p}
    - {from: n, to: q})Y")
        << QStringList{S("p"), S("q")} << QStringList{};
    QTest::newRow("parallel edge beside a conditional one")
        << QByteArray(R"Y(
    - {from: n, to: x, type: parallel}
    - {from: n, to: y, type: conditional, condition: "input.v > 0"}
    - {from: n, to: p})Y")
        << QStringList{S("x"), S("y")} << QStringList{S("p")};
    QTest::newRow("iteration edge before conditional")
        << QByteArray(R"Y(
    - {from: n, to: y, type: conditional, condition: "true"}
    - {from: n, to: n, type: iteration, max_count: 2})Y")
        << QStringList{S("y")} << QStringList{};
}

void TestExecutor::ordinaryNodeEdges()
{
    QFETCH(QByteArray, edges);
    QFETCH(QStringList, ran);
    QFETCH(QStringList, notRan);
    Run r;
    PREPARE(r, fill(R"Y(
graph:
  id: edges
  nodes:
    - {id: start, type: control.start}
    - {id: n, type: skill, skill_id: builtin.noop}
    - {id: x, type: skill, skill_id: builtin.noop}
    - {id: y, type: skill, skill_id: builtin.noop}
    - {id: z, type: skill, skill_id: builtin.noop}
    - {id: p, type: skill, skill_id: builtin.noop}
    - {id: q, type: skill, skill_id: builtin.noop}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: n}
    - {from: x, to: end}
    - {from: y, to: end}
    - {from: z, to: end}
    - {from: p, to: end}
    - {from: q, to: end}EDGES
)Y", {{"EDGES", edges}}));
    QCOMPARE_STATUS(r.run({{S("v"), 3}}), RunStatus::Finished, *r.ex);
    for (const QString &node : ran)
        QVERIFY2(r.visits(node) == 1, qPrintable(node));
    for (const QString &node : notRan)
        QVERIFY2(r.visits(node) == 0, qPrintable(node));
    QCOMPARE(r.visits(S("end")), qint64(ran.size()));
    if (QByteArray(QTest::currentDataTag()) == "iteration edge before conditional") {
        // n repeats through its iteration edge twice (max_count 2), with a warning, then leaves
        QCOMPARE(r.visits(S("n")), 3);
        QCOMPARE(r.rec.count(RunEventType::Warning), 1);
        QVERIFY(r.rec.messages(RunEventType::Warning).first().contains(S("forced convergence")));
    } else {
        QCOMPARE(r.visits(S("n")), 1);
    }
}

// ---------------------------------------------------------------------------------------
// Loops

namespace {
const QByteArray kCountingLoop = R"Y(
graph:
  id: loop
  nodes:
    - {id: start, type: control.start}
    - {id: L, type: control.loop_start, max_iterations: MAX}
    - {id: body, type: skill, skill_id: builtin.set, inputs: {i: "${iteration}", n: "${default(n, 0) + 1}"}}
    - {id: check, type: control.branch, conditions: [CONDITIONS]}
    - {id: Lend, type: control.loop_end, loop_start: L}
    - {id: after, type: skill, skill_id: builtin.set, inputs: {outside: "${iteration}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: L}
    - {from: L, to: body}
    - {from: body, to: check}
    - {from: Lend, to: after}
    - {from: after, to: end}
)Y";
}

void TestExecutor::loopIterationCounter()
{
    Run r;
    PREPARE(r, fill(kCountingLoop, {{"MAX", "5"},
                                    {"CONDITIONS", R"Y({name: done, expression: "iteration >= 3", target: Lend}, {name: again, expression: "true", target: L})Y"}}));
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE(r.rec.values(S("body.i")), (QVariantList{1, 2, 3}));
    QCOMPARE(r.rec.iterations(RunEventType::NodeStarted, S("body")), (QList<int>{1, 2, 3}));
    QCOMPARE(r.rec.iterations(RunEventType::NodeFinished, S("body")), (QList<int>{1, 2, 3}));
    QCOMPARE(r.rec.iterations(RunEventType::NodeFinished, S("check")), (QList<int>{1, 2, 3}));
    QCOMPARE_V(r.out(S("body"), S("i")), 3);
    QCOMPARE_V(r.out(S("body"), S("n")), 3);
    QCOMPARE_V(r.out(S("after"), S("outside")), 0); // outside loops: 0
    QCOMPARE(r.rec.iterations(RunEventType::NodeStarted, S("after")), (QList<int>{0}));
    QCOMPARE(r.visits(S("body")), 3);
    QCOMPARE(r.visits(S("Lend")), 1);
    QCOMPARE(r.rec.count(RunEventType::Warning), 0);

    // a trace line: the event with its token and iteration, and back
    const RunEvent second = r.rec.of(RunEventType::NodeStarted, S("body")).at(1);
    const QJsonObject json = second.toJson();
    QCOMPARE(json.value(S("event")).toString(), S("node.started"));
    QCOMPARE(json.value(S("node")).toString(), S("body"));
    QCOMPARE(json.value(S("iteration")).toInt(), 2);
    QCOMPARE(json.value(S("token")).toInt(), 1);
    QCOMPARE(qint64(json.value(S("step")).toDouble()), second.step);
    QVERIFY(json.contains(S("time")) && json.contains(S("elapsed_us")));
    RunEvent back;
    QVERIFY(RunEvent::fromJson(json, &back));
    QCOMPARE(back.type, RunEventType::NodeStarted);
    QCOMPARE(back.iteration, 2);
    QCOMPARE(back.nodeId, S("body"));
}

void TestExecutor::loopForcedConvergence()
{
    Run r;
    PREPARE(r, fill(kCountingLoop, {{"MAX", "4"},
                                    {"CONDITIONS", R"Y({name: again, expression: "true", target: L})Y"}}));
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE(r.rec.values(S("body.i")), (QVariantList{1, 2, 3, 4}));
    QCOMPARE(r.visits(S("body")), 4);
    const QList<RunEvent> warnings = r.rec.of(RunEventType::Warning);
    QCOMPARE(warnings.size(), 1);
    QCOMPARE(warnings.first().message, S("loop 'L' reached max_iterations (4): forced convergence"));
    QCOMPARE(warnings.first().nodeId, S("L"));
    // it leaves through the loop_end, and the run goes on to the end
    QCOMPARE(r.visits(S("Lend")), 1);
    QVERIFY(r.rec.first(RunEventType::NodeStarted, S("Lend")) > r.rec.first(RunEventType::Warning));
    QCOMPARE_V(r.out(S("after"), S("outside")), 0);
    QCOMPARE(r.visits(S("end")), 1);
}

void TestExecutor::loopStartWithoutLoopEndFails()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: noend
  nodes:
    - {id: start, type: control.start}
    - {id: L, type: control.loop_start, max_iterations: 2}
    - {id: body, type: skill, skill_id: builtin.noop}
    - {id: check, type: control.branch, conditions: [{name: again, expression: "true", target: L}]}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: L}
    - {from: L, to: body}
    - {from: body, to: check}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Failed, *r.ex);
    QCOMPARE(r.visits(S("body")), 2);
    QCOMPARE(r.ex->failedNode(), S("L"));
    QVERIFY2(r.ex->errorMessage().contains(S("loop 'L' reached max_iterations (2)")), qPrintable(r.ex->errorMessage()));
    QVERIFY2(r.ex->errorMessage().contains(S("loop_end")), qPrintable(r.ex->errorMessage()));
}

void TestExecutor::nestedLoops_data()
{
    QTest::addColumn<QByteArray>("innerConditions");
    QTest::addColumn<QVariantList>("pairs");
    QTest::addColumn<QVariantList>("back");
    QTest::addColumn<int>("warnings");

    QTest::newRow("inner loop restarts on every outer pass")
        << QByteArray(R"Y({name: inner_done, expression: "iteration >= 2", target: L2end}, {name: inner_again, expression: "true", target: L2})Y")
        << QVariantList{S("1-1"), S("1-2"), S("2-1"), S("2-2"), S("3-1"), S("3-2")} << QVariantList{1, 2, 3} << 0;
    QTest::newRow("outer loop_end closes the open inner level")
        << QByteArray(R"Y({name: leave_all, expression: "iteration >= 2", target: L1end}, {name: inner_again, expression: "true", target: L2})Y")
        << QVariantList{S("1-1"), S("1-2")} << QVariantList{} << 0;
    QTest::newRow("back to the outer loop_start leaves the inner level")
        << QByteArray(R"Y({name: outer_again, expression: "iteration >= 2", target: L1}, {name: inner_again, expression: "true", target: L2})Y")
        << QVariantList{S("1-1"), S("1-2"), S("2-1"), S("2-2"), S("3-1"), S("3-2")} << QVariantList{} << 1;
}

void TestExecutor::nestedLoops()
{
    QFETCH(QByteArray, innerConditions);
    QFETCH(QVariantList, pairs);
    QFETCH(QVariantList, back);
    QFETCH(int, warnings);
    Run r;
    PREPARE(r, fill(R"Y(
graph:
  id: nested
  nodes:
    - {id: start, type: control.start}
    - {id: L1, type: control.loop_start, max_iterations: 3}
    - {id: ob, type: skill, skill_id: builtin.set, inputs: {o: "${iteration}"}}
    - {id: L2, type: control.loop_start, max_iterations: 5}
    - {id: ib, type: skill, skill_id: builtin.set, inputs: {pair: "${o}-${iteration}"}}
    - {id: ic, type: control.branch, conditions: [INNER]}
    - {id: L2end, type: control.loop_end, loop_start: L2}
    - {id: oc, type: skill, skill_id: builtin.set, inputs: {back: "${iteration}"}}
    - {id: occ, type: control.branch, conditions: [{name: outer_done, expression: "iteration >= 3", target: L1end}, {name: outer_again, expression: "true", target: L1}]}
    - {id: L1end, type: control.loop_end, loop_start: L1}
    - {id: after, type: skill, skill_id: builtin.set, inputs: {out: "${iteration}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: L1}
    - {from: L1, to: ob}
    - {from: ob, to: L2}
    - {from: L2, to: ib}
    - {from: ib, to: ic}
    - {from: L2end, to: oc}
    - {from: oc, to: occ}
    - {from: L1end, to: after}
    - {from: after, to: end}
)Y", {{"INNER", innerConditions}}));
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE(r.rec.values(S("ib.pair")), pairs);
    QCOMPARE(r.rec.values(S("oc.back")), back);
    QCOMPARE(r.rec.count(RunEventType::Warning), warnings);
    QCOMPARE_V(r.out(S("after"), S("out")), 0); // every level closed
    QCOMPARE(r.visits(S("end")), 1);
}

void TestExecutor::iterationEdgeMaxCount()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: itedge
  nodes:
    - {id: start, type: control.start}
    - {id: a, type: skill, skill_id: builtin.set, inputs: {i: "${iteration}", n: "${default(n, 0) + 1}"}}
    - {id: b, type: skill, skill_id: builtin.noop}
    - {id: c, type: skill, skill_id: builtin.set, inputs: {after: "${iteration}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: a}
    - {from: a, to: b}
    - {from: b, to: a, type: iteration, max_count: 3}
    - {from: b, to: c}
    - {from: c, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE(r.visits(S("a")), 4); // the first pass + max_count repeats
    QCOMPARE(r.visits(S("b")), 4);
    QCOMPARE(r.visits(S("c")), 1);
    QCOMPARE_V(r.out(S("a"), S("n")), 4);
    const QStringList warnings = r.rec.messages(RunEventType::Warning);
    QCOMPARE(warnings.size(), 1);
    QVERIFY2(warnings.first().contains(S("max_count (3)")) && warnings.first().contains(S("forced convergence")),
             qPrintable(warnings.first()));
    QCOMPARE_V(r.out(S("c"), S("after")), 0); // leaving the loop closes it
    // `iteration` counts the passes: 2 after the first repeat ...
    const QVariantList i = r.rec.values(S("a.i"));
    QCOMPARE(i.size(), 4);
    QCOMPARE(i.mid(1), (QVariantList{2, 3, 4}));
    // ... and 1 on the first pass through the loop (docs: "1 on the first pass through a loop")
    QCOMPARE_V(i.first(), 1);
}

void TestExecutor::iterationEdgeExitCondition()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: itexit
  nodes:
    - {id: start, type: control.start}
    - {id: a, type: skill, skill_id: builtin.set, inputs: {n: "${default(n, 0) + 1}"}}
    - {id: b, type: skill, skill_id: builtin.noop}
    - {id: c, type: skill, skill_id: builtin.set, inputs: {final: "${n}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: a}
    - {from: a, to: b}
    - {from: b, to: a, type: iteration, max_count: 10, exit_condition: "n >= 3"}
    - {from: b, to: c}
    - {from: c, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE(r.visits(S("a")), 3);
    QCOMPARE(r.visits(S("c")), 1);
    QCOMPARE_V(r.out(S("c"), S("final")), 3);
    QCOMPARE(r.rec.count(RunEventType::Warning), 0); // left by its exit_condition: no forced convergence
}

void TestExecutor::iterationEdgeExhausted_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<int>("bodyVisits");
    QTest::addColumn<bool>("reachesEnd");

    QTest::newRow("to a loop_start: leaves through its loop_end") << QByteArray(R"Y(
graph:
  id: exhausted
  nodes:
    - {id: start, type: control.start}
    - {id: L, type: control.loop_start, max_iterations: 10}
    - {id: body, type: skill, skill_id: builtin.set, inputs: {i: "${iteration}"}}
    - {id: Lend, type: control.loop_end, loop_start: L}
    - {id: after, type: skill, skill_id: builtin.set, inputs: {outside: "${iteration}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: L}
    - {from: L, to: body}
    - {from: body, to: L, type: iteration, max_count: 2}
    - {from: Lend, to: after}
    - {from: after, to: end}
)Y") << 3 << true;
    QTest::newRow("to an ordinary node: the branch ends there") << QByteArray(R"Y(
graph:
  id: exhausted
  nodes:
    - {id: start, type: control.start}
    - {id: body, type: skill, skill_id: builtin.set, inputs: {i: "${iteration}"}}
    - {id: b, type: skill, skill_id: builtin.noop}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: body}
    - {from: body, to: b}
    - {from: b, to: body, type: iteration, max_count: 2}
)Y") << 3 << false;
}

void TestExecutor::iterationEdgeExhausted()
{
    QFETCH(QByteArray, yaml);
    QFETCH(int, bodyVisits);
    QFETCH(bool, reachesEnd);
    Run r;
    PREPARE(r, yaml);
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE(r.visits(S("body")), bodyVisits);
    QVERIFY(r.rec.count(RunEventType::Warning) >= 1);
    QVERIFY2(r.rec.messages(RunEventType::Warning).join(QLatin1Char('\n')).contains(S("max_count (2)")),
             qPrintable(r.rec.messages(RunEventType::Warning).join(QLatin1Char('\n'))));
    if (reachesEnd) {
        QCOMPARE(r.rec.values(S("body.i")), (QVariantList{1, 2, 3}));
        QCOMPARE(r.visits(S("Lend")), 1);
        QCOMPARE_V(r.out(S("after"), S("outside")), 0);
        QCOMPARE(r.visits(S("end")), 1);
    } else {
        QCOMPARE(r.visits(S("end")), 0);
        QCOMPARE(r.visits(S("b")), 3);
        QVERIFY(r.rec.count(RunEventType::Warning, S("b")) >= 1); // where the branch stopped
    }
}

// ---------------------------------------------------------------------------------------
// Parallel branches

void TestExecutor::parallelBranchesOverlap()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: overlap
  nodes:
    - {id: start, type: control.start}
    - {id: split, type: control.parallel_split}
    - {id: d1, type: skill, skill_id: builtin.delay, inputs: {ms: 100}}
    - {id: d2, type: skill, skill_id: builtin.delay, inputs: {ms: 100}}
    - {id: d3, type: skill, skill_id: builtin.delay, inputs: {ms: 100}}
    - {id: join, type: control.parallel_join}
    - {id: after, type: skill, skill_id: builtin.set, inputs: {done: true}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: split}
    - {from: split, to: d1, type: parallel}
    - {from: split, to: d2, type: parallel}
    - {from: split, to: d3, type: parallel}
    - {from: d1, to: join}
    - {from: d2, to: join}
    - {from: d3, to: join}
    - {from: join, to: after}
    - {from: after, to: end}
)Y");
    QElapsedTimer wall;
    wall.start();
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    const qint64 ms = wall.elapsed();
    QVERIFY2(ms >= 95, qPrintable(QString::number(ms)));
    QVERIFY2(ms < 250, qPrintable(S("three 100 ms branches took %1 ms: they do not overlap").arg(ms)));
    // three tokens
    QSet<int> tokens;
    for (const QString &d : {S("d1"), S("d2"), S("d3")})
        tokens.insert(r.rec.of(RunEventType::NodeStarted, d).first().token);
    QCOMPARE(tokens.size(), 3);
    // the join lets one token on, after all three arrived
    QCOMPARE(r.visits(S("after")), 1);
    QCOMPARE(r.visits(S("end")), 1);
    const int afterStarted = r.rec.first(RunEventType::NodeStarted, S("after"));
    for (const QString &d : {S("d1"), S("d2"), S("d3")})
        QVERIFY(r.rec.first(RunEventType::NodeFinished, d) < afterStarted);
    QCOMPARE(r.rec.count(RunEventType::NodeFinished, S("join")), 1);
    QVERIFY(r.rec.count(RunEventType::NodeWaiting, S("join")) >= 2);
}

void TestExecutor::joinWaitsForEverySyncBranch_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QString>("lastBranchNode");
    QTest::addColumn<int>("minMs");

    QTest::newRow("staggered branches") << QByteArray(R"Y(
graph:
  id: join
  nodes:
    - {id: start, type: control.start}
    - {id: split, type: control.parallel_split}
    - {id: d1, type: skill, skill_id: builtin.delay, inputs: {ms: 10}}
    - {id: d2, type: skill, skill_id: builtin.delay, inputs: {ms: 40}}
    - {id: d3, type: skill, skill_id: builtin.delay, inputs: {ms: 120}}
    - {id: join, type: control.parallel_join}
    - {id: after, type: skill, skill_id: builtin.noop}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: split}
    - {from: split, to: d3, type: parallel}
    - {from: split, to: d1, type: parallel}
    - {from: split, to: d2, type: parallel}
    - {from: d1, to: join}
    - {from: d2, to: join}
    - {from: d3, to: join}
    - {from: join, to: after}
    - {from: after, to: end}
)Y") << S("d3") << 115;
    QTest::newRow("a branch that ends elsewhere") << QByteArray(R"Y(
graph:
  id: join
  nodes:
    - {id: start, type: control.start}
    - {id: split, type: control.parallel_split}
    - {id: d1, type: skill, skill_id: builtin.delay, inputs: {ms: 30}}
    - {id: other, type: skill, skill_id: builtin.delay, inputs: {ms: 60}}
    - {id: other_end, type: control.end}
    - {id: join, type: control.parallel_join}
    - {id: after, type: skill, skill_id: builtin.noop}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: split}
    - {from: split, to: d1, type: parallel}
    - {from: split, to: other, type: parallel}
    - {from: d1, to: join}
    - {from: other, to: other_end}
    - {from: join, to: after}
    - {from: after, to: end}
)Y") << S("other") << 55;
}

void TestExecutor::joinWaitsForEverySyncBranch()
{
    QFETCH(QByteArray, yaml);
    QFETCH(QString, lastBranchNode);
    QFETCH(int, minMs);
    Run r;
    PREPARE(r, yaml);
    QElapsedTimer wall;
    wall.start();
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QVERIFY(wall.elapsed() >= minMs);
    QCOMPARE(r.visits(S("after")), 1);
    QVERIFY(r.rec.first(RunEventType::NodeFinished, lastBranchNode) < r.rec.first(RunEventType::NodeStarted, S("after")));
}

namespace {
const QByteArray kBackground = R"Y(
graph:
  id: background
  nodes:
    - {id: start, type: control.start}
    - {id: split, type: control.parallel_split}
    - {id: bg, type: skill, skill_id: builtin.delay, inputs: {ms: 200}}
    - {id: bgdone, type: skill, skill_id: builtin.set, inputs: {bg: done}}
    - {id: bgend, type: control.end}
    - {id: main, type: skill, skill_id: builtin.set, inputs: {answer: 42}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: split}
    - {from: split, to: bg, type: parallel, sync_required: false}
    - {from: split, to: main, type: parallel}
    - {from: bg, to: bgdone}
    - {from: bgdone, to: bgend}
    - {from: main, to: end}
)Y";
}

void TestExecutor::backgroundBranchOutlivesMainPath()
{
    Run r;
    PREPARE(r, kBackground);
    RunStatus statusAtMainPathEnd = RunStatus::Idle;
    bool flagAtMainPathEnd = false;
    r.rec.hook = [&](const RunEvent &e) {
        if (e.type == RunEventType::MainPathFinished) {
            statusAtMainPathEnd = r.ex->status();
            flagAtMainPathEnd = r.ex->mainPathFinished();
        }
    };
    QElapsedTimer wall;
    wall.start();
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QVERIFY(wall.elapsed() >= 190); // it waited for the background branch
    const int mainDone = r.rec.first(RunEventType::MainPathFinished);
    QVERIFY(mainDone >= 0);
    QCOMPARE(r.rec.count(RunEventType::MainPathFinished), 1);
    QVERIFY(mainDone > r.rec.first(RunEventType::NodeFinished, S("end")));
    QVERIFY(mainDone < r.rec.first(RunEventType::NodeFinished, S("bg")));
    QVERIFY(r.rec.events.at(mainDone).elapsedUs < 150'000);
    QCOMPARE(statusAtMainPathEnd, RunStatus::Running);
    QVERIFY(flagAtMainPathEnd);
    const int finished = r.rec.first(RunEventType::RunFinished);
    QVERIFY(finished > r.rec.first(RunEventType::NodeFinished, S("bgdone")));
    QCOMPARE(finished, int(r.rec.events.size()) - 1);
    QCOMPARE_V(r.out(S("bgdone"), S("bg")), S("done"));
    QCOMPARE_V(r.out(S("main"), S("answer")), 42);
}

void TestExecutor::backgroundBranchCancelledAtEnd()
{
    Run r;
    RunOptions options;
    options.cancelBackgroundAtEnd = true;
    PREPARE(r, kBackground, options);
    QElapsedTimer wall;
    wall.start();
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QVERIFY2(wall.elapsed() < 150, qPrintable(QString::number(wall.elapsed())));
    QVERIFY(r.rec.first(RunEventType::MainPathFinished) >= 0);
    QVERIFY(r.rec.first(RunEventType::MainPathFinished) < r.rec.first(RunEventType::RunFinished));
    QCOMPARE_V(r.out(S("main"), S("answer")), 42);
    QCOMPARE(r.visits(S("bgdone")), 0);
    // the cancelled delay never reports back
    QTest::qWait(250);
    QCOMPARE(r.rec.count(RunEventType::NodeFinished, S("bg")), 0);
    QCOMPARE(r.visits(S("bgdone")), 0);
    QCOMPARE(r.ex->status(), RunStatus::Finished);
    QCOMPARE(r.rec.count(RunEventType::RunFinished), 1);
}

void TestExecutor::backgroundEdgeFromOrdinaryNode()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: bgedge
  nodes:
    - {id: start, type: control.start}
    - {id: a, type: skill, skill_id: builtin.noop}
    - {id: bg, type: skill, skill_id: builtin.delay, inputs: {ms: 80}}
    - {id: bgend, type: control.end}
    - {id: b, type: skill, skill_id: builtin.noop}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: a}
    - {from: a, to: bg, type: parallel, sync_required: false}
    - {from: a, to: b}
    - {from: bg, to: bgend}
    - {from: b, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE(r.visits(S("b")), 1);
    QCOMPARE(r.visits(S("bgend")), 1);
    QVERIFY(r.rec.first(RunEventType::MainPathFinished) < r.rec.first(RunEventType::NodeFinished, S("bg")));
    QVERIFY(r.rec.first(RunEventType::RunFinished) > r.rec.first(RunEventType::NodeFinished, S("bgend")));
}

void TestExecutor::nestedParallel()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: nestedpar
  nodes:
    - {id: start, type: control.start}
    - {id: outer, type: control.parallel_split}
    - {id: inner, type: control.parallel_split}
    - {id: x1, type: skill, skill_id: builtin.delay, inputs: {ms: 30}}
    - {id: x2, type: skill, skill_id: builtin.delay, inputs: {ms: 10}}
    - {id: ijoin, type: control.parallel_join}
    - {id: after_inner, type: skill, skill_id: builtin.set, inputs: {inner_done: true}}
    - {id: y, type: skill, skill_id: builtin.delay, inputs: {ms: 60}}
    - {id: ojoin, type: control.parallel_join}
    - {id: after, type: skill, skill_id: builtin.set, inputs: {all_done: true}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: outer}
    - {from: outer, to: inner, type: parallel}
    - {from: outer, to: y, type: parallel}
    - {from: inner, to: x1, type: parallel}
    - {from: inner, to: x2, type: parallel}
    - {from: x1, to: ijoin}
    - {from: x2, to: ijoin}
    - {from: ijoin, to: after_inner}
    - {from: after_inner, to: ojoin}
    - {from: y, to: ojoin}
    - {from: ojoin, to: after}
    - {from: after, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE(r.visits(S("after_inner")), 1);
    QCOMPARE(r.visits(S("after")), 1);
    QCOMPARE(r.visits(S("end")), 1);
    const int inner = r.rec.first(RunEventType::NodeStarted, S("after_inner"));
    QVERIFY(inner > r.rec.first(RunEventType::NodeFinished, S("x1")));
    QVERIFY(inner > r.rec.first(RunEventType::NodeFinished, S("x2")));
    QVERIFY(inner < r.rec.first(RunEventType::NodeFinished, S("y"))); // the inner join does not wait for y
    const int after = r.rec.first(RunEventType::NodeStarted, S("after"));
    QVERIFY(after > r.rec.first(RunEventType::NodeFinished, S("y")));
    QVERIFY(after > r.rec.first(RunEventType::NodeFinished, S("after_inner")));
}

void TestExecutor::parallelEdgeInsideFork()
{
    // A parallel edge from an ordinary node inside a split's branch adds a synchronised
    // branch: the join waits for it as well.
    Run r;
    PREPARE(r, R"Y(
graph:
  id: parinfork
  nodes:
    - {id: start, type: control.start}
    - {id: split, type: control.parallel_split}
    - {id: a, type: skill, skill_id: builtin.noop}
    - {id: x, type: skill, skill_id: builtin.delay, inputs: {ms: 60}}
    - {id: b, type: skill, skill_id: builtin.noop}
    - {id: c, type: skill, skill_id: builtin.noop}
    - {id: join, type: control.parallel_join}
    - {id: after, type: skill, skill_id: builtin.noop}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: split}
    - {from: split, to: a, type: parallel}
    - {from: split, to: c, type: parallel}
    - {from: a, to: x, type: parallel}
    - {from: a, to: b}
    - {from: x, to: join}
    - {from: b, to: join}
    - {from: c, to: join}
    - {from: join, to: after}
    - {from: after, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE(r.visits(S("after")), 1);
    QVERIFY(r.rec.first(RunEventType::NodeStarted, S("after")) > r.rec.first(RunEventType::NodeFinished, S("x")));
}

// ---------------------------------------------------------------------------------------
// Skills

void TestExecutor::iterativeSkillUntilDone()
{
    Run r;
    auto m = mock({{S("outputs"), QVariantMap{{S("v"), 1}}}, {S("done_after"), 3}});
    r.registry.overrideNode(S("it"), m);
    PREPARE(r, R"Y(
graph:
  id: iterative
  nodes:
    - {id: start, type: control.start}
    - {id: it, type: skill, skill_id: remote.refine, execution_mode: iterative, max_iterations: 10}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: it}
    - {from: it, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE(m->calls(), 3);
    QCOMPARE(r.rec.count(RunEventType::NodeStarted, S("it")), 1);
    QCOMPARE(r.rec.count(RunEventType::NodeFinished, S("it")), 1);
    QCOMPARE(r.visits(S("it")), 1);
    QCOMPARE(r.rec.count(RunEventType::Warning), 0);
    QCOMPARE_V(r.out(S("it"), S("v")), 1);
}

void TestExecutor::iterativeSkillRoundsSeeOutputs()
{
    Run r;
    QList<int> rounds;
    QVariantList seen;
    r.registry.add(S("acc.step"), handler([&](const SkillCallPtr &call) {
        rounds << call->round;
        seen << call->inputs.value(S("n"));
        const int next = call->inputs.value(S("n")).toInt() + 1;
        call->finish({{S("n"), next}}, next >= 4);
    }));
    PREPARE(r, R"Y(
graph:
  id: rounds
  nodes:
    - {id: start, type: control.start}
    - {id: acc, type: skill, skill_id: acc.step, execution_mode: iterative, max_iterations: 10, inputs: {n: "${default(acc.n, 0)}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: acc}
    - {from: acc, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE(rounds, (QList<int>{1, 2, 3, 4}));
    QCOMPARE(seen, (QVariantList{0, 1, 2, 3})); // each round's outputs were stored before the next call
    QCOMPARE_V(r.out(S("acc"), S("n")), 4);
    QCOMPARE(r.rec.values(S("acc.n")), (QVariantList{1, 2, 3, 4}));
    QCOMPARE(r.rec.count(RunEventType::Warning), 0);
}

void TestExecutor::iterativeSkillForcedConvergence()
{
    Run r;
    int calls = 0;
    r.registry.add(S("never.done"), handler([&](const SkillCallPtr &call) {
        ++calls;
        call->finish({{S("n"), calls}}, false);
    }));
    PREPARE(r, R"Y(
graph:
  id: forced
  nodes:
    - {id: start, type: control.start}
    - {id: acc, type: skill, skill_id: never.done, execution_mode: iterative, max_iterations: 3}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: acc}
    - {from: acc, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE(calls, 3);
    QCOMPARE_V(r.out(S("acc"), S("n")), 3);
    const QList<RunEvent> warnings = r.rec.of(RunEventType::Warning);
    QCOMPARE(warnings.size(), 1);
    QCOMPARE(warnings.first().nodeId, S("acc"));
    QVERIFY2(warnings.first().message.contains(S("max_iterations (3)")) && warnings.first().message.contains(S("forced convergence")),
             qPrintable(warnings.first().message));
    QCOMPARE(r.visits(S("end")), 1);
}

void TestExecutor::iterativeSkillManyRounds()
{
    // A synchronous handler that is never done, bounded by a large max_iterations.
    RUN_ISOLATED();
    Run r;
    int calls = 0;
    r.registry.add(S("never.done"), handler([&](const SkillCallPtr &call) {
        ++calls;
        call->finish({{S("n"), calls}}, false);
    }));
    PREPARE(r, R"Y(
graph:
  id: manyrounds
  nodes:
    - {id: start, type: control.start}
    - {id: acc, type: skill, skill_id: never.done, execution_mode: iterative, max_iterations: 100000}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: acc}
    - {from: acc, to: end}
)Y");
    r.ex->removeObserver(&r.rec);
    QCOMPARE_STATUS(r.run({}, 30000), RunStatus::Finished, *r.ex);
    QCOMPARE(calls, 100000);
    QCOMPARE_V(r.out(S("acc"), S("n")), 100000);
}

namespace {
struct ConcurrencyProbe
{
    int running = 0;
    int maxRunning = 0;
    int calls = 0;
    QList<int> items;
};
} // namespace

void TestExecutor::parallelSkillBoundedConcurrency_data()
{
    QTest::addColumn<QByteArray>("concurrency");
    QTest::addColumn<int>("items");
    QTest::addColumn<int>("expectedMax");

    QTest::newRow("concurrency 3, 7 items") << QByteArray(", concurrency: 3") << 7 << 3;
    QTest::newRow("default concurrency 4") << QByteArray() << 9 << 4;
    QTest::newRow("concurrency 1") << QByteArray(", concurrency: 1") << 4 << 1;
    QTest::newRow("more slots than items") << QByteArray(", concurrency: 10") << 3 << 3;
}

void TestExecutor::parallelSkillBoundedConcurrency()
{
    QFETCH(QByteArray, concurrency);
    QFETCH(int, items);
    QFETCH(int, expectedMax);
    Run r;
    auto probe = std::make_shared<ConcurrencyProbe>();
    r.registry.add(S("probe"), handler([probe](const SkillCallPtr &call) {
        ++probe->calls;
        probe->maxRunning = std::max(probe->maxRunning, ++probe->running);
        probe->items << call->item;
        const int value = call->inputs.value(S("value")).toInt();
        const int idx = call->inputs.value(S("idx")).toInt();
        // later items answer sooner: completion order is not item order
        QTimer::singleShot(8 + (12 - idx) * 3, [probe, call, value, idx] {
            --probe->running;
            call->finish({{S("doubled"), value * 2}, {S("pos"), idx}});
        });
    }));
    PREPARE(r, fill(R"Y(
graph:
  id: mapped
  nodes:
    - {id: start, type: control.start}
    - {id: fan, type: skill, skill_id: probe, execution_mode: parallel, for_each: "input.items"CONCURRENCY, inputs: {value: "${item}", idx: "${index}"}}
    - {id: after, type: skill, skill_id: builtin.set, inputs: {total: "${len(fan.item_results)}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: fan}
    - {from: fan, to: after}
    - {from: after, to: end}
)Y", {{"CONCURRENCY", concurrency}}));
    QVariantList values, doubled, positions, results;
    for (int i = 0; i < items; ++i) {
        values << i + 1;
        doubled << 2 * (i + 1);
        positions << i;
        results << QVariantMap{{S("doubled"), 2 * (i + 1)}, {S("pos"), i}};
    }
    QCOMPARE_STATUS(r.run({{S("items"), values}}), RunStatus::Finished, *r.ex);
    QCOMPARE(probe->calls, items);
    QCOMPARE(probe->maxRunning, expectedMax);
    QCOMPARE(probe->running, 0);
    QList<int> sortedItems = probe->items;
    std::sort(sortedItems.begin(), sortedItems.end());
    QCOMPARE(sortedItems.size(), items);
    for (int i = 0; i < items; ++i)
        QCOMPARE(sortedItems.at(i), i);
    // per-item outputs aggregated in item order
    QCOMPARE_V(r.out(S("fan"), S("doubled")), doubled);
    QCOMPARE_V(r.out(S("fan"), S("pos")), positions);
    QCOMPARE_V(r.out(S("fan"), S("item_results")), results);
    QCOMPARE_V(r.out(S("after"), S("total")), items);
    QCOMPARE(r.rec.count(RunEventType::NodeStarted, S("fan")), 1);
    QCOMPARE(r.rec.count(RunEventType::NodeFinished, S("fan")), 1);
}

void TestExecutor::parallelSkillItemFailure()
{
    Run r;
    r.registry.add(S("picky"), handler([](const SkillCallPtr &call) {
        if (call->inputs.value(S("value")).toInt() == 3)
            call->fail(S("three is bad"));
        else
            call->finish({{S("ok"), true}});
    }));
    PREPARE(r, R"Y(
graph:
  id: mapfail
  nodes:
    - {id: start, type: control.start}
    - {id: fan, type: skill, skill_id: picky, execution_mode: parallel, for_each: "[1, 2, 3, 4]", inputs: {value: "${item}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: fan}
    - {from: fan, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Failed, *r.ex);
    QCOMPARE(r.ex->failedNode(), S("fan"));
    QVERIFY2(r.ex->errorMessage().contains(S("item 2")) && r.ex->errorMessage().contains(S("three is bad")),
             qPrintable(r.ex->errorMessage()));
}

void TestExecutor::parallelSkillContinueOnError()
{
    Run r;
    r.registry.add(S("picky"), handler([](const SkillCallPtr &call) {
        if (call->inputs.value(S("value")).toInt() == 3)
            call->fail(S("three is bad"));
        else
            call->finish({{S("ok"), true}});
    }));
    PREPARE(r, R"Y(
graph:
  id: mapcontinue
  nodes:
    - {id: start, type: control.start}
    - {id: fan, type: skill, skill_id: picky, execution_mode: parallel, for_each: "[1, 2, 3, 4]", inputs: {value: "${item}"}, on_error: continue}
    - {id: after, type: skill, skill_id: builtin.set, inputs: {failures: "${len(fan.item_errors)}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: fan}
    - {from: fan, to: after}
    - {from: after, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    const QVariantList results = r.out(S("fan"), S("item_results")).toList();
    QCOMPARE(results.size(), 4);
    for (int i : {0, 1, 3})
        QCOMPARE_V(results.at(i), (QVariantMap{{S("ok"), true}}));
    QVERIFY2(show(results.at(2)).contains(S("three is bad")), qPrintable(show(results.at(2))));
    const QVariantList errors = r.out(S("fan"), S("item_errors")).toList();
    QCOMPARE(errors.size(), 1);
    QVERIFY2(show(errors.first()).contains(S("three is bad")), qPrintable(show(errors.first())));
    QCOMPARE(r.out(S("fan"), S("ok")).toList().size(), 4); // one value per item
    QCOMPARE_V(r.out(S("fan"), S("ok")).toList().at(0), true);
    QCOMPARE_V(r.out(S("after"), S("failures")), 1);
    QCOMPARE(r.rec.count(RunEventType::RunFailed), 0);
}

void TestExecutor::parallelSkillEmptyList()
{
    Run r;
    int calls = 0;
    r.registry.add(S("counted"), handler([&calls](const SkillCallPtr &call) {
        ++calls;
        call->finish({});
    }));
    PREPARE(r, R"Y(
graph:
  id: mapempty
  nodes:
    - {id: start, type: control.start}
    - {id: fan, type: skill, skill_id: counted, execution_mode: parallel, for_each: "input.items"}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: fan}
    - {from: fan, to: end}
)Y");
    QCOMPARE_STATUS(r.run({{S("items"), QVariantList()}}), RunStatus::Finished, *r.ex);
    QCOMPARE(calls, 0);
    QCOMPARE_V(r.out(S("fan"), S("item_results")), QVariantList());
    QCOMPARE(r.visits(S("end")), 1);
}

void TestExecutor::parallelSkillLargeList()
{
    // A synchronous handler over a long list (nothing in the docs bounds its length).
    RUN_ISOLATED();
    Run r;
    PREPARE(r, R"Y(
graph:
  id: biglist
  nodes:
    - {id: start, type: control.start}
    - {id: fan, type: skill, skill_id: builtin.set, execution_mode: parallel, for_each: "input.items", inputs: {v: "${item}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: fan}
    - {from: fan, to: end}
)Y");
    QVariantList items;
    for (int i = 0; i < 100000; ++i)
        items << i;
    QCOMPARE_STATUS(r.run({{S("items"), items}}, 30000), RunStatus::Finished, *r.ex);
    const QVariantList v = r.out(S("fan"), S("v")).toList();
    QCOMPARE(v.size(), 100000);
    QCOMPARE_V(v.last(), 99999);
}

void TestExecutor::skillTimeout()
{
    Run r;
    auto hang = std::make_shared<Hang>();
    r.registry.add(S("hang"), hangHandler(hang));
    PREPARE(r, R"Y(
graph:
  id: timeout
  nodes:
    - {id: start, type: control.start}
    - {id: stuck, type: skill, skill_id: hang, timeout: 0.1}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: stuck}
    - {from: stuck, to: end}
)Y");
    QElapsedTimer wall;
    wall.start();
    QCOMPARE_STATUS(r.run({}, 3000), RunStatus::Failed, *r.ex);
    QVERIFY2(wall.elapsed() >= 90 && wall.elapsed() < 1000, qPrintable(QString::number(wall.elapsed())));
    QCOMPARE(r.ex->failedNode(), S("stuck"));
    QVERIFY2(r.ex->errorMessage().contains(S("timed out after 0.1 s")), qPrintable(r.ex->errorMessage()));
    QCOMPARE(hang->started, 1);
    QCOMPARE(hang->cancelled, 1); // the call was cancelled
    QVERIFY(hang->calls.first()->isCancelled());
    QCOMPARE(r.visits(S("end")), 0);
}

void TestExecutor::skillRetry_data()
{
    QTest::addColumn<int>("failTimes");
    QTest::addColumn<bool>("succeeds");

    QTest::newRow("succeeds on the third attempt") << 2 << true;
    QTest::newRow("every attempt fails") << -1 << false;
}

void TestExecutor::skillRetry()
{
    QFETCH(int, failTimes);
    QFETCH(bool, succeeds);
    Run r;
    QVariantMap spec{{S("fail"), S("flaky")}, {S("outputs"), QVariantMap{{S("ok"), true}}}};
    if (failTimes >= 0)
        spec.insert(S("fail_times"), failTimes);
    auto m = mock(spec);
    r.registry.overrideSkill(S("remote.flaky"), m);
    PREPARE(r, R"Y(
graph:
  id: retry
  nodes:
    - {id: start, type: control.start}
    - {id: call, type: skill, skill_id: remote.flaky, retry: {max_attempts: 3, backoff: 0.05, multiplier: 2}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: call}
    - {from: call, to: end}
)Y");
    QElapsedTimer wall;
    wall.start();
    QCOMPARE_STATUS(r.run({}, 3000), succeeds ? RunStatus::Finished : RunStatus::Failed, *r.ex);
    QVERIFY2(wall.elapsed() >= 140, qPrintable(QString::number(wall.elapsed()))); // 50 ms + 100 ms of backoff
    QCOMPARE(m->calls(), 3);
    const QStringList retries = r.rec.messages(RunEventType::NodeRetry, S("call"));
    QCOMPARE(retries.size(), 2);
    QVERIFY2(retries.at(0).contains(S("attempt 1 of 3")) && retries.at(0).contains(S("flaky")) && retries.at(0).contains(S("50 ms")),
             qPrintable(retries.at(0)));
    QVERIFY2(retries.at(1).contains(S("attempt 2 of 3")) && retries.at(1).contains(S("100 ms")), qPrintable(retries.at(1)));
    QCOMPARE(r.rec.count(RunEventType::NodeStarted, S("call")), 1);
    if (succeeds) {
        QCOMPARE_V(r.out(S("call"), S("ok")), true);
        QCOMPARE(r.visits(S("end")), 1);
    } else {
        QCOMPARE(r.ex->failedNode(), S("call"));
        QVERIFY(r.ex->errorMessage().contains(S("flaky")));
    }
}

void TestExecutor::onErrorContinue()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: continue
  nodes:
    - {id: start, type: control.start}
    - {id: f, type: skill, skill_id: builtin.fail, inputs: {message: boom}, on_error: continue}
    - {id: next, type: skill, skill_id: builtin.set, inputs: {saw: "${f.error}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: f}
    - {from: f, to: next}
    - {from: next, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE_V(r.outputs(S("f")), (QVariantMap{{S("error"), S("boom")}}));
    QCOMPARE_V(r.out(S("next"), S("saw")), S("boom"));
    QCOMPARE(r.rec.count(RunEventType::NodeFailed, S("f")), 1);
    QCOMPARE(r.rec.count(RunEventType::RunFailed), 0);
    QVERIFY(r.ex->errorMessage().isEmpty());
}

void TestExecutor::missingHandlerStopsRun()
{
    const QByteArray yaml = R"Y(
graph:
  id: nohandler
  nodes:
    - {id: start, type: control.start}
    - {id: a, type: skill, skill_id: nowhere.skill}
    - {id: b, type: skill, skill_id: nowhere.skill}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: a}
    - {from: a, to: b}
    - {from: b, to: end}
)Y";
    Run r;
    QVERIFY(!r.prepare(yaml));
    QVERIFY2(r.problem.contains(S("nowhere.skill")) && r.problem.contains(S("a, b")), qPrintable(r.problem));

    // start() without prepare(): the run fails before any node runs
    Run s;
    QVERIFY(s.load(yaml));
    s.ex = std::make_unique<Executor>(s.graph, s.registry);
    s.ex->addObserver(&s.rec);
    s.ex->start();
    QCOMPARE_STATUS(s.ex->waitUntilIdle(1000), RunStatus::Failed, *s.ex);
    QVERIFY(s.ex->errorMessage().contains(S("nowhere.skill")));
    QCOMPARE(s.rec.count(RunEventType::NodeStarted), 0);
    QCOMPARE(s.ex->steps(), 0);
}

void TestExecutor::handlerResolution()
{
    Run r;
    auto registered = std::make_shared<int>(0);
    r.registry.add(S("shared.skill"), handler([registered](const SkillCallPtr &call) {
        ++*registered;
        call->finish({{S("who"), S("registered")}});
    }));
    r.registry.add(S("own.skill"), handler([](const SkillCallPtr &call) { call->finish({{S("who"), S("registered")}}); }));
    QString error;
    QVERIFY2(loadMockFile(QStringLiteral(CAPGRAPH_FIXTURES_DIR "/exec/resolution.mock.yaml"), &r.registry, &error), qPrintable(error));
    PREPARE(r, R"Y(
graph:
  id: resolution
  nodes:
    - {id: start, type: control.start}
    - {id: by_node, type: skill, skill_id: shared.skill}
    - {id: by_skill, type: skill, skill_id: shared.skill}
    - {id: registered, type: skill, skill_id: own.skill}
    - {id: bare1, type: skill, skill_id: bare.skill}
    - {id: bare2, type: skill, skill_id: bare.skill}
    - {id: bare3, type: skill, skill_id: bare.skill}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: by_node}
    - {from: by_node, to: by_skill}
    - {from: by_skill, to: registered}
    - {from: registered, to: bare1}
    - {from: bare1, to: bare2}
    - {from: bare2, to: bare3}
    - {from: bare3, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE_V(r.out(S("by_node"), S("who")), S("node-mock"));
    QCOMPARE_V(r.out(S("by_skill"), S("who")), S("skill-mock"));
    QCOMPARE_V(r.out(S("registered"), S("who")), S("registered"));
    QCOMPARE(*registered, 0);
    // responses: one per call, the last one repeats
    QCOMPARE_V(r.out(S("bare1"), S("who")), S("bare-1"));
    QCOMPARE_V(r.out(S("bare2"), S("who")), S("bare-2"));
    QCOMPARE_V(r.out(S("bare3"), S("who")), S("bare-2"));
}

void TestExecutor::handlerLogAndProgress()
{
    Run r;
    r.registry.add(S("chatty"), handler([](const SkillCallPtr &call) {
        call->log(S("working on it"));
        call->progress(0.5, S("half way"));
        QTimer::singleShot(5, [call] {
            call->progress(1.0, S("done"));
            call->finish({{S("ok"), true}});
        });
    }));
    PREPARE(r, R"Y(
graph:
  id: chatty
  nodes:
    - {id: start, type: control.start}
    - {id: talk, type: skill, skill_id: chatty}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: talk}
    - {from: talk, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Finished, *r.ex);
    QCOMPARE(r.rec.messages(RunEventType::Log, S("talk")), (QStringList{S("working on it")}));
    const QList<RunEvent> progress = r.rec.of(RunEventType::NodeProgress, S("talk"));
    QCOMPARE(progress.size(), 2);
    QCOMPARE(progress.at(0).message, S("half way"));
    QCOMPARE_V(progress.at(0).data.toMap().value(S("fraction")), 0.5);
    QCOMPARE_V(progress.at(1).data.toMap().value(S("fraction")), 1.0);
    QCOMPARE(progress.at(0).token, 1);
    QCOMPARE(runEventTypeName(RunEventType::NodeProgress), S("node.progress"));
    QVERIFY(r.rec.first(RunEventType::NodeProgress) < r.rec.first(RunEventType::NodeFinished, S("talk")));
}

// ---------------------------------------------------------------------------------------
// Human input

void TestExecutor::interactions()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: human
  nodes:
    - {id: start, type: control.start}
    - {id: src, type: skill, skill_id: builtin.set, inputs: {options: [alpha, beta, gamma]}}
    - {id: ok, type: interaction.confirm, prompt: "Go on?"}
    - {id: pick, type: interaction.select, prompt: "Pick one", options_from: "src.options"}
    - {id: colors, type: interaction.select, prompt: "Colors", options: [red, green, blue], multiple: true, min: 2, max: 2}
    - {id: name, type: interaction.input, prompt: "Your name?"}
    - {id: after, type: skill, skill_id: builtin.set, inputs: {bare: "${answer}", picked: "${pick.answer}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: src}
    - {from: src, to: ok}
    - {from: ok, to: pick}
    - {from: pick, to: colors}
    - {from: colors, to: name}
    - {from: name, to: after}
    - {from: after, to: end}
)Y");
    QString error;
    QCOMPARE_STATUS(r.run(), RunStatus::WaitingForInput, *r.ex);

    // confirm
    QCOMPARE(r.ex->pendingInteractions().size(), 1);
    PendingInteraction p = r.ex->pendingInteractions().first();
    QCOMPARE(p.id, S("ok"));
    QCOMPARE(p.kind, S("confirm"));
    QCOMPARE(p.prompt, S("Go on?"));
    const QList<RunEvent> requested = r.rec.of(RunEventType::InteractionRequested, S("ok"));
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.first().data.toMap().value(S("prompt")).toString(), S("Go on?"));
    QVERIFY(!r.ex->answer(S("ok"), S("maybe"), &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(r.ex->status(), RunStatus::WaitingForInput);
    QCOMPARE(r.ex->pendingInteractions().size(), 1);
    error.clear();
    QVERIFY(!r.ex->answer(S("nobody"), true, &error)); // unknown id
    QVERIFY(error.contains(S("nobody")));
    QVERIFY2(r.ex->answer(S("ok"), S("yes"), &error), qPrintable(error));
    QCOMPARE_STATUS(r.ex->waitUntilIdle(2000), RunStatus::WaitingForInput, *r.ex);

    // select from options_from
    p = r.ex->pendingInteractions().first();
    QCOMPARE(p.id, S("pick"));
    QCOMPARE(p.kind, S("select"));
    QCOMPARE_V(p.options, list({S("alpha"), S("beta"), S("gamma")}));
    QCOMPARE_V(r.rec.of(RunEventType::InteractionRequested, S("pick")).first().data.toMap().value(S("options")),
               list({S("alpha"), S("beta"), S("gamma")}));
    error.clear();
    QVERIFY(!r.ex->answer(S("pick"), S("delta"), &error));
    QVERIFY2(error.contains(S("delta")), qPrintable(error));
    QVERIFY(!r.ex->answer(S("pick"), list({S("alpha"), S("beta")}), &error)); // one option, not several
    QVERIFY2(error.contains(S("multiple: true")), qPrintable(error));
    QTest::qWait(20);
    QCOMPARE(r.ex->status(), RunStatus::WaitingForInput); // refused: still waiting
    QCOMPARE(r.ex->pendingInteractions().size(), 1);
    QCOMPARE(r.ex->pendingInteractions().first().id, S("pick"));
    QVERIFY(!r.hasOutputs(S("pick")));
    QVERIFY2(r.ex->answer(S("pick"), S("beta"), &error), qPrintable(error));
    QCOMPARE_STATUS(r.ex->waitUntilIdle(2000), RunStatus::WaitingForInput, *r.ex);

    // select several (multiple: true) from fixed options, between min and max of them
    p = r.ex->pendingInteractions().first();
    QCOMPARE(p.id, S("colors"));
    QVERIFY(p.multiple);
    QCOMPARE(p.minChoices, 2);
    QCOMPARE(p.maxChoices, 2);
    QCOMPARE(r.rec.of(RunEventType::InteractionRequested, S("colors")).first().data.toMap().value(S("multiple")).toBool(), true);
    QVERIFY(!r.ex->answer(S("colors"), list({S("red"), S("pink")}), &error));
    QVERIFY2(error.contains(S("pink")), qPrintable(error));
    QVERIFY(!r.ex->answer(S("colors"), S("red"), &error)); // one is too few
    QVERIFY2(error.contains(S("at least 2")), qPrintable(error));
    QVERIFY(!r.ex->answer(S("colors"), list({S("red"), S("green"), S("blue")}), &error));
    QVERIFY2(error.contains(S("at most 2")), qPrintable(error));
    QVERIFY(!r.ex->answer(S("colors"), list({S("red"), S("red")}), &error));
    QVERIFY2(error.contains(S("twice")), qPrintable(error));
    QVERIFY2(r.ex->answer(S("colors"), list({S("red"), S("blue")}), &error), qPrintable(error));
    QCOMPARE_STATUS(r.ex->waitUntilIdle(2000), RunStatus::WaitingForInput, *r.ex);

    // input: any text
    p = r.ex->pendingInteractions().first();
    QCOMPARE(p.id, S("name"));
    QCOMPARE(p.kind, S("input"));
    QVERIFY2(r.ex->answer(S("name"), S("Ann"), &error), qPrintable(error));
    QCOMPARE_STATUS(r.ex->waitUntilIdle(2000), RunStatus::Finished, *r.ex);

    QCOMPARE_V(r.out(S("ok"), S("answer")), true);
    QCOMPARE(ExprValue::kindOf(r.out(S("ok"), S("answer"))), ValueKind::Bool);
    QCOMPARE_V(r.out(S("pick"), S("answer")), S("beta"));
    QCOMPARE_V(r.out(S("colors"), S("answer")), list({S("red"), S("blue")}));
    QCOMPARE_V(r.out(S("name"), S("answer")), S("Ann"));
    QCOMPARE_V(r.out(S("after"), S("bare")), S("Ann")); // the bare name: the latest answer
    QCOMPARE_V(r.out(S("after"), S("picked")), S("beta"));
    QCOMPARE(r.rec.count(RunEventType::InteractionRequested), 4);
    QCOMPARE(r.rec.count(RunEventType::InteractionAnswered), 4);
    QVERIFY(r.ex->pendingInteractions().isEmpty());
}

void TestExecutor::confirmAnswers_data()
{
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<bool>("meaning");

    QTest::newRow("true") << QVariant(true) << true << true;
    QTest::newRow("false") << QVariant(false) << true << false;
    QTest::newRow("y") << QVariant(S("y")) << true << true;
    QTest::newRow("Yes") << QVariant(S("Yes")) << true << true;
    QTest::newRow("no") << QVariant(S("no")) << true << false;
    QTest::newRow("shi") << QVariant(S("是")) << true << true;
    QTest::newRow("fou") << QVariant(S("否")) << true << false;
    QTest::newRow("text") << QVariant(S("perhaps")) << false << false;
    QTest::newRow("list") << QVariant(list({true})) << false << false;
}

void TestExecutor::confirmAnswers()
{
    QFETCH(QVariant, value);
    QFETCH(bool, accepted);
    QFETCH(bool, meaning);
    Run r;
    PREPARE(r, R"Y(
graph:
  id: confirm
  nodes:
    - {id: start, type: control.start}
    - {id: ok, type: interaction.confirm, prompt: "Sure?"}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: ok}
    - {from: ok, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::WaitingForInput, *r.ex);
    QCOMPARE(r.rec.count(RunEventType::NodeWaiting, S("ok")), 1);
    QString error;
    QCOMPARE(r.ex->answer(S("ok"), value, &error), accepted);
    if (!accepted) {
        QVERIFY(!error.isEmpty());
        QCOMPARE(r.ex->status(), RunStatus::WaitingForInput);
        QCOMPARE(r.ex->pendingInteractions().size(), 1);
        return;
    }
    QCOMPARE_STATUS(r.ex->waitUntilIdle(1000), RunStatus::Finished, *r.ex);
    QCOMPARE_V(r.out(S("ok"), S("answer")), meaning);
    const QList<RunEvent> answered = r.rec.of(RunEventType::InteractionAnswered, S("ok"));
    QCOMPARE(answered.size(), 1);
    QCOMPARE_V(answered.first().data, meaning);
}

void TestExecutor::concurrentInteractions()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: concurrent
  nodes:
    - {id: start, type: control.start}
    - {id: split, type: control.parallel_split}
    - {id: ask1, type: interaction.input, prompt: "First?"}
    - {id: ask2, type: interaction.confirm, prompt: "Second?"}
    - {id: work, type: skill, skill_id: builtin.delay, inputs: {ms: 250}}
    - {id: workdone, type: skill, skill_id: builtin.set, inputs: {w: 1}}
    - {id: join, type: control.parallel_join}
    - {id: after, type: skill, skill_id: builtin.set, inputs: {r: "${ask1.answer}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: split}
    - {from: split, to: ask1, type: parallel}
    - {from: split, to: ask2, type: parallel}
    - {from: split, to: work, type: parallel}
    - {from: ask1, to: join}
    - {from: ask2, to: join}
    - {from: work, to: workdone}
    - {from: workdone, to: join}
    - {from: join, to: after}
    - {from: after, to: end}
)Y");
    QList<QPair<RunStatus, int>> statuses; // status changes with the number of events so far
    connect(r.ex.get(), &Executor::statusChanged, this,
            [&](RunStatus s) { statuses.append({s, int(r.rec.events.size())}); });
    r.ex->start();
    QTRY_COMPARE_WITH_TIMEOUT(r.ex->pendingInteractions().size(), 2, 1000);
    // two interactions wait, but the third branch still runs: not waiting for input yet
    QCOMPARE(r.ex->status(), RunStatus::Running);
    QCOMPARE(r.rec.count(RunEventType::NodeFinished, S("work")), 0);
    QStringList ids;
    for (const PendingInteraction &p : r.ex->pendingInteractions())
        ids << p.id;
    ids.sort();
    QCOMPARE(ids, (QStringList{S("ask1"), S("ask2")}));

    QCOMPARE_STATUS(r.ex->waitUntilIdle(3000), RunStatus::WaitingForInput, *r.ex);
    QCOMPARE(r.visits(S("workdone")), 1);
    // waiting_for_input came only after the working branch was done
    int firstWaiting = -1;
    for (const auto &[s, at] : std::as_const(statuses))
        if (s == RunStatus::WaitingForInput && firstWaiting < 0)
            firstWaiting = at;
    QVERIFY(firstWaiting > r.rec.first(RunEventType::NodeFinished, S("workdone")));

    QString error;
    QVERIFY2(r.ex->answer(S("ask2"), true, &error), qPrintable(error));
    QCOMPARE_STATUS(r.ex->waitUntilIdle(2000), RunStatus::WaitingForInput, *r.ex);
    QCOMPARE(r.ex->pendingInteractions().size(), 1);
    QCOMPARE(r.ex->pendingInteractions().first().id, S("ask1"));
    QCOMPARE(r.visits(S("after")), 0);
    QVERIFY2(r.ex->answer(S("ask1"), S("x"), &error), qPrintable(error));
    QCOMPARE_STATUS(r.ex->waitUntilIdle(2000), RunStatus::Finished, *r.ex);
    QCOMPARE(r.visits(S("after")), 1);
    QCOMPARE_V(r.out(S("after"), S("r")), S("x"));
}

void TestExecutor::interactionIdsStayUnique()
{
    // One node asked three times at once (three branches reach it): every waiting request
    // needs its own id ("node", "node#2", ...), also after one of them was answered.
    Run r;
    PREPARE(r, R"Y(
graph:
  id: sameask
  nodes:
    - {id: start, type: control.start}
    - {id: split, type: control.parallel_split}
    - {id: p1, type: skill, skill_id: builtin.noop}
    - {id: p2, type: skill, skill_id: builtin.noop}
    - {id: p3, type: skill, skill_id: builtin.delay, inputs: {ms: 300}}
    - {id: ask, type: interaction.input, prompt: "Why?"}
    - {id: join, type: control.parallel_join}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: split}
    - {from: split, to: p1, type: parallel}
    - {from: split, to: p2, type: parallel}
    - {from: split, to: p3, type: parallel}
    - {from: p1, to: ask}
    - {from: p2, to: ask}
    - {from: p3, to: ask}
    - {from: ask, to: join}
    - {from: join, to: end}
)Y");
    r.ex->start();
    QTRY_COMPARE_WITH_TIMEOUT(r.ex->pendingInteractions().size(), 2, 1000);
    QStringList ids;
    for (const PendingInteraction &p : r.ex->pendingInteractions())
        ids << p.id;
    ids.sort();
    QCOMPARE(ids, (QStringList{S("ask"), S("ask#2")}));
    QString error;
    QVERIFY2(r.ex->answer(S("ask"), S("one"), &error), qPrintable(error));
    QCOMPARE_STATUS(r.ex->waitUntilIdle(2000), RunStatus::WaitingForInput, *r.ex);
    ids.clear();
    for (const PendingInteraction &p : r.ex->pendingInteractions())
        ids << p.id;
    QCOMPARE(ids.size(), 2);
    QVERIFY2(ids.at(0) != ids.at(1), qPrintable(S("two waiting requests share the id: ") + ids.join(S(", "))));
    for (const QString &id : ids)
        QVERIFY2(r.ex->answer(id, S("more"), &error), qPrintable(error));
    QCOMPARE_STATUS(r.ex->waitUntilIdle(2000), RunStatus::Finished, *r.ex);
    QCOMPARE(r.visits(S("ask")), 3);
}

void TestExecutor::promptTemplates()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: prompts
  nodes:
    - {id: start, type: control.start}
    - {id: src, type: skill, skill_id: builtin.set, inputs: {opts: [x, y, z]}}
    - {id: pick, type: interaction.select, prompt: "Pick one of ${len(src.opts)} for ${input.who}", options_from: "src.opts"}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: src}
    - {from: src, to: pick}
    - {from: pick, to: end}
)Y");
    QCOMPARE_STATUS(r.run({{S("who"), S("Ann")}}), RunStatus::WaitingForInput, *r.ex);
    QCOMPARE(r.ex->pendingInteractions().first().prompt, S("Pick one of 3 for Ann"));
    QCOMPARE(r.rec.of(RunEventType::InteractionRequested, S("pick")).first().data.toMap().value(S("prompt")).toString(),
             S("Pick one of 3 for Ann"));
    QVERIFY(r.ex->answer(S("pick"), S("z")));
    QCOMPARE_STATUS(r.ex->waitUntilIdle(1000), RunStatus::Finished, *r.ex);
}

void TestExecutor::selectOptionsFromMap()
{
    // options_from names "a context path holding the options"; the engine reads a map as
    // its keys. Pinned: the keys are offered, and one of them is a valid answer.
    RUN_ISOLATED();
    Run r;
    PREPARE(r, R"Y(
graph:
  id: mapopts
  nodes:
    - {id: start, type: control.start}
    - {id: src, type: skill, skill_id: builtin.set, inputs: {opts: {alpha: 1, beta: 2, gamma: 3}}}
    - {id: pick, type: interaction.select, prompt: "Which?", options_from: "src.opts"}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: src}
    - {from: src, to: pick}
    - {from: pick, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::WaitingForInput, *r.ex);
    QCOMPARE_V(r.ex->pendingInteractions().first().options, list({S("alpha"), S("beta"), S("gamma")}));
    QVERIFY(r.ex->answer(S("pick"), S("beta")));
    QCOMPARE_STATUS(r.ex->waitUntilIdle(1000), RunStatus::Finished, *r.ex);
}

// ---------------------------------------------------------------------------------------
// Failures and limits

void TestExecutor::failureReportsNodeErrorAndPath()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: failing
  nodes:
    - {id: start, type: control.start}
    - {id: a, type: skill, skill_id: builtin.noop}
    - {id: b, type: skill, skill_id: builtin.noop}
    - {id: f, type: skill, skill_id: builtin.fail, inputs: {message: "boom at ${input.where}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: a}
    - {from: a, to: b}
    - {from: b, to: f}
    - {from: f, to: end}
)Y");
    QCOMPARE_STATUS(r.run({{S("where"), S("home")}}), RunStatus::Failed, *r.ex);
    QCOMPARE(r.ex->failedNode(), S("f"));
    QVERIFY2(r.ex->errorMessage().contains(S("boom at home")), qPrintable(r.ex->errorMessage()));
    QVERIFY2(r.ex->errorMessage().contains(S("'f'")), qPrintable(r.ex->errorMessage()));
    QCOMPARE(r.ex->failedPath(), (QStringList{S("start"), S("a"), S("b"), S("f")}));
    const QList<RunEvent> failed = r.rec.of(RunEventType::RunFailed);
    QCOMPARE(failed.size(), 1);
    QCOMPARE(failed.first().data.toMap().value(S("path")).toStringList(), r.ex->failedPath());
    QCOMPARE(failed.first().nodeId, S("f"));
    QCOMPARE(r.rec.count(RunEventType::NodeFailed, S("f")), 1);
    QCOMPARE(r.rec.count(RunEventType::RunFinished), 0);
    QCOMPARE(r.visits(S("end")), 0);
}

void TestExecutor::failurePathIsBounded()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: longpath
  nodes:
    - {id: start, type: control.start}
    - {id: L, type: control.loop_start, max_iterations: 50}
    - {id: body, type: skill, skill_id: builtin.noop}
    - {id: check, type: control.branch, conditions: [{name: done, expression: "iteration >= 20", target: Lend}, {name: again, expression: "true", target: L}]}
    - {id: Lend, type: control.loop_end, loop_start: L}
    - {id: f, type: skill, skill_id: builtin.fail, inputs: {message: late}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: L}
    - {from: L, to: body}
    - {from: body, to: check}
    - {from: Lend, to: f}
    - {from: f, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Failed, *r.ex);
    const QStringList path = r.ex->failedPath();
    QCOMPARE(path.size(), 32);
    QCOMPARE(path.mid(28), (QStringList{S("body"), S("check"), S("Lend"), S("f")}));
}

void TestExecutor::failureInParallelBranch()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: branchfail
  nodes:
    - {id: start, type: control.start}
    - {id: split, type: control.parallel_split}
    - {id: ok1, type: skill, skill_id: builtin.delay, inputs: {ms: 50}}
    - {id: bad1, type: skill, skill_id: builtin.noop}
    - {id: bad2, type: skill, skill_id: builtin.fail, inputs: {message: broken}}
    - {id: join, type: control.parallel_join}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: split}
    - {from: split, to: ok1, type: parallel}
    - {from: split, to: bad1, type: parallel}
    - {from: ok1, to: join}
    - {from: bad1, to: bad2}
    - {from: bad2, to: join}
    - {from: join, to: end}
)Y");
    QCOMPARE_STATUS(r.run(), RunStatus::Failed, *r.ex);
    QCOMPARE(r.ex->failedNode(), S("bad2"));
    const QStringList path = r.ex->failedPath();
    QVERIFY2(path.size() >= 2 && path.mid(path.size() - 2) == (QStringList{S("bad1"), S("bad2")}), qPrintable(path.join(S(" -> "))));
    QVERIFY(!path.contains(S("ok1"))); // the path of the failing token, not of another branch
    // the other branch's handler was stopped
    QTest::qWait(80);
    QCOMPARE(r.rec.count(RunEventType::NodeFinished, S("ok1")), 0);
    QCOMPARE(r.ex->status(), RunStatus::Failed);
}

void TestExecutor::stepLimitNamesHottestNode()
{
    Run r;
    QCOMPARE(RunOptions().maxSteps, 1'000'000); // the documented default
    RunOptions options;
    options.maxSteps = 50;
    PREPARE(r, R"Y(
graph:
  id: steplimit
  nodes:
    - {id: start, type: control.start}
    - {id: L, type: control.loop_start, max_iterations: 1000000}
    - {id: hot, type: skill, skill_id: builtin.noop}
    - {id: check, type: control.branch, conditions: [{name: again, expression: "iteration < 1000000", target: L}, {name: done, expression: "true", target: Lend}]}
    - {id: Lend, type: control.loop_end, loop_start: L}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: L}
    - {from: L, to: hot}
    - {from: hot, to: hot, type: iteration, max_count: 3}
    - {from: hot, to: check}
    - {from: Lend, to: end}
)Y", options);
    QCOMPARE_STATUS(r.run(), RunStatus::Failed, *r.ex);
    const QRegularExpression re(S("^step limit of 50 node executions reached; the hottest node is 'hot' \\((\\d+) executions\\)"));
    const auto m = re.match(r.ex->errorMessage());
    QVERIFY2(m.hasMatch(), qPrintable(r.ex->errorMessage()));
    QCOMPARE(m.captured(1).toLongLong(), r.visits(S("hot")));
    QVERIFY(r.visits(S("hot")) > r.visits(S("L")));
    QVERIFY(r.ex->steps() <= 51);
    QVERIFY(!r.ex->failedNode().isEmpty());
}

// ---------------------------------------------------------------------------------------
// Debugger

namespace {
const QByteArray kNoopLoop = R"Y(
graph:
  id: nooploop
  nodes:
    - {id: start, type: control.start}
    - {id: L, type: control.loop_start, max_iterations: MAX}
    - {id: w, type: skill, skill_id: builtin.noop}
    - {id: check, type: control.branch, conditions: [{name: done, expression: "iteration >= MAX", target: Lend}, {name: again, expression: "true", target: L}]}
    - {id: Lend, type: control.loop_end, loop_start: L}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: L}
    - {from: L, to: w}
    - {from: w, to: check}
    - {from: Lend, to: end}
)Y";
}

void TestExecutor::pauseAndStep()
{
    Run r;
    PREPARE(r, fill(kNoopLoop, {{"MAX", "300"}}));
    r.rec.hook = [&](const RunEvent &e) {
        if (e.type == RunEventType::NodeStarted && e.nodeId == S("w") && e.iteration == 50)
            r.ex->pause();
    };
    QCOMPARE_STATUS(r.run(), RunStatus::Paused, *r.ex);
    r.rec.hook = nullptr;
    QCOMPARE(r.rec.count(RunEventType::Paused), 1);
    const qint64 steps = r.ex->steps();
    const int started = r.rec.count(RunEventType::NodeStarted);
    QVERIFY(steps < 300);
    QCOMPARE(r.rec.events.last().type, RunEventType::Paused);
    // paused: nothing moves
    QTest::qWait(30);
    QCOMPARE(r.ex->steps(), steps);
    QCOMPARE(r.ex->status(), RunStatus::Paused);
    QCOMPARE(r.rec.count(RunEventType::NodeStarted), started);
    // step(): exactly one node, then paused again
    r.ex->step();
    QCOMPARE_STATUS(r.ex->waitUntilIdle(1000), RunStatus::Paused, *r.ex);
    QCOMPARE(r.ex->steps(), steps + 1);
    QCOMPARE(r.rec.count(RunEventType::NodeStarted), started + 1);
    r.ex->step();
    QCOMPARE_STATUS(r.ex->waitUntilIdle(1000), RunStatus::Paused, *r.ex);
    QCOMPARE(r.ex->steps(), steps + 2);
    QCOMPARE(r.rec.count(RunEventType::NodeStarted), started + 2);
    QCOMPARE(r.rec.count(RunEventType::Paused), 3);
    // resume: to the end
    r.ex->resume();
    QCOMPARE_STATUS(r.ex->waitUntilIdle(5000), RunStatus::Finished, *r.ex);
    QCOMPARE(r.visits(S("w")), 300);
}

void TestExecutor::stepStopsBeforeTheNodeItRunsNext()
{
    // Step after step through a sequence, a branch, a loop and parallel branches whose
    // skills answer later (asynchronous): every pause names the node the next step runs —
    // never the one that has just finished — so the studio's arrow stands there.
    Run r;
    r.registry.add(S("slow"), mock({{S("delay_ms"), 15}, {S("outputs"), QVariantMap{{S("score"), 0.9}}}}));
    PREPARE(r, R"Y(
graph:
  id: stepping
  nodes:
    - {id: start, type: control.start}
    - {id: a, type: skill, skill_id: slow}
    - id: pick
      type: control.branch
      conditions:
        - {name: high, expression: "score > 0.5", target: L}
        - {name: low, expression: "score <= 0.5", target: end}
    - {id: L, type: control.loop_start, max_iterations: 2}
    - {id: b, type: skill, skill_id: slow}
    - id: again
      type: control.branch
      conditions:
        - {name: done, expression: "iteration >= 2", target: Lend}
        - {name: more, expression: "iteration < 2", target: L}
    - {id: Lend, type: control.loop_end, loop_start: L}
    - {id: split, type: control.parallel_split}
    - {id: p1, type: skill, skill_id: slow}
    - {id: p2, type: skill, skill_id: slow}
    - {id: join, type: control.parallel_join}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: a}
    - {from: a, to: pick}
    - {from: L, to: b}
    - {from: b, to: again}
    - {from: Lend, to: split}
    - {from: split, to: p1, type: parallel}
    - {from: split, to: p2, type: parallel}
    - {from: p1, to: join, type: parallel}
    - {from: p2, to: join, type: parallel}
    - {from: join, to: end}
)Y");
    r.ex->start({});
    r.ex->pause();
    QCOMPARE_STATUS(r.ex->waitUntilIdle(2000), RunStatus::Paused, *r.ex);
    QStringList pausedAt;
    for (int guard = 0; guard < 60 && r.ex->status() == RunStatus::Paused; ++guard) {
        const RunEvent paused = r.rec.of(RunEventType::Paused).constLast();
        QVERIFY2(!paused.nodeId.isEmpty(), qPrintable(QStringLiteral("pause %1 names no node").arg(guard)));
        pausedAt << paused.nodeId;
        const qsizetype before = r.rec.events.size();
        r.ex->step();
        const RunStatus st = r.ex->waitUntilIdle(2000);
        QVERIFY(st == RunStatus::Paused || st == RunStatus::Finished);
        // The first node the step started is the one the pause named.
        QString next;
        for (qsizetype i = before; i < r.rec.events.size() && next.isEmpty(); ++i)
            if (r.rec.events.at(i).type == RunEventType::NodeStarted)
                next = r.rec.events.at(i).nodeId;
        QCOMPARE(next, paused.nodeId);
        // A step is one node: exactly one started.
        int started = 0;
        for (qsizetype i = before; i < r.rec.events.size(); ++i)
            started += r.rec.events.at(i).type == RunEventType::NodeStarted ? 1 : 0;
        QCOMPARE(started, 1);
    }
    QCOMPARE_STATUS(r.ex->status(), RunStatus::Finished, *r.ex);
    // All four kinds of section were stepped through, the loop twice.
    for (const char *node : {"a", "pick", "L", "b", "again", "Lend", "split", "p1", "p2", "join", "end"})
        QVERIFY2(pausedAt.contains(S(node)), node);
    QCOMPARE(pausedAt.count(S("b")), 2);
}

void TestExecutor::pauseWhileHandlerRuns()
{
    Run r;
    PREPARE(r, R"Y(
graph:
  id: pausedelay
  nodes:
    - {id: start, type: control.start}
    - {id: a, type: skill, skill_id: builtin.delay, inputs: {ms: 40}}
    - {id: b, type: skill, skill_id: builtin.noop}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: a}
    - {from: a, to: b}
    - {from: b, to: end}
)Y");
    r.rec.hook = [&](const RunEvent &e) {
        if (e.type == RunEventType::NodeStarted && e.nodeId == S("a"))
            r.ex->pause(); // while a's handler is about to run
    };
    QCOMPARE_STATUS(r.run(), RunStatus::Paused, *r.ex);
    r.rec.hook = nullptr;
    QCOMPARE(r.rec.count(RunEventType::Paused), 1);
    QTest::qWait(100); // the delay finishes meanwhile; the run does not go on
    QCOMPARE(r.rec.count(RunEventType::NodeStarted, S("b")), 0);
    QCOMPARE(r.ex->status(), RunStatus::Paused);
    r.ex->resume();
    QCOMPARE_STATUS(r.ex->waitUntilIdle(2000), RunStatus::Finished, *r.ex);
    QCOMPARE(r.visits(S("b")), 1);
}

namespace {
const QByteArray kAbc = R"Y(
graph:
  id: abc
  nodes:
    - {id: start, type: control.start}
    - {id: a, type: skill, skill_id: builtin.set, inputs: {x: 1}}
    - {id: b, type: skill, skill_id: builtin.set, inputs: {y: 2}}
    - {id: c, type: skill, skill_id: builtin.set, inputs: {z: 3}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: a}
    - {from: a, to: b}
    - {from: b, to: c}
    - {from: c, to: end}
)Y";
}

void TestExecutor::breakpoints()
{
    Run r;
    PREPARE(r, kAbc);
    r.ex->setBreakpoints({S("b"), S("no-such-node")});
    QCOMPARE(r.ex->breakpoints(), (QSet<QString>{S("b")}));
    QCOMPARE_STATUS(r.run(), RunStatus::Paused, *r.ex);
    // paused before b runs
    QCOMPARE(r.rec.count(RunEventType::BreakpointHit, S("b")), 1);
    QCOMPARE(r.rec.count(RunEventType::NodeStarted, S("b")), 0);
    QCOMPARE(r.rec.count(RunEventType::NodeFinished, S("a")), 1);
    QVERIFY(r.hasOutputs(S("a")));
    QVERIFY(!r.hasOutputs(S("b")));
    QCOMPARE(r.visits(S("b")), 0);
    // step from the breakpoint: b runs, then paused before c
    r.ex->step();
    QCOMPARE_STATUS(r.ex->waitUntilIdle(1000), RunStatus::Paused, *r.ex);
    QCOMPARE(r.rec.count(RunEventType::NodeStarted, S("b")), 1);
    QCOMPARE(r.rec.count(RunEventType::NodeStarted, S("c")), 0);
    QCOMPARE(r.rec.count(RunEventType::BreakpointHit), 1); // not hit again by the step
    r.ex->resume();
    QCOMPARE_STATUS(r.ex->waitUntilIdle(1000), RunStatus::Finished, *r.ex);
    QCOMPARE(r.visits(S("b")), 1);
    QCOMPARE(r.visits(S("c")), 1);

    // resume (not step) from a breakpoint runs the node
    Run s;
    PREPARE(s, kAbc);
    s.ex->setBreakpoints({S("c")});
    QCOMPARE_STATUS(s.run(), RunStatus::Paused, *s.ex);
    QCOMPARE(s.rec.events.last().type, RunEventType::BreakpointHit);
    QCOMPARE(s.rec.events.last().nodeId, S("c"));
    s.ex->resume();
    QCOMPARE_STATUS(s.ex->waitUntilIdle(1000), RunStatus::Finished, *s.ex);
    QCOMPARE(s.visits(S("c")), 1);
    QCOMPARE(s.rec.count(RunEventType::BreakpointHit), 1);
}

void TestExecutor::breakpointInLoopHitsEveryPass()
{
    Run r;
    PREPARE(r, fill(kNoopLoop, {{"MAX", "3"}}));
    r.ex->setBreakpoints({S("w")});
    QCOMPARE_STATUS(r.run(), RunStatus::Paused, *r.ex);
    for (int pass = 1; pass <= 3; ++pass) {
        QCOMPARE(r.rec.count(RunEventType::BreakpointHit, S("w")), pass);
        QCOMPARE(r.rec.of(RunEventType::BreakpointHit, S("w")).last().iteration, pass);
        QCOMPARE(r.visits(S("w")), pass - 1);
        r.ex->resume();
        const RunStatus s = r.ex->waitUntilIdle(1000);
        QCOMPARE_STATUS(s, pass < 3 ? RunStatus::Paused : RunStatus::Finished, *r.ex);
    }
    QCOMPARE(r.visits(S("w")), 3);
}

void TestExecutor::breakpointsSetBeforeStart()
{
    // The debugger sets breakpoints on a fresh executor and then starts it (start()
    // prepares by itself): they must not be lost.
    Run r;
    QVERIFY(r.load(kAbc));
    r.ex = std::make_unique<Executor>(r.graph, r.registry);
    r.ex->addObserver(&r.rec);
    r.ex->setBreakpoints({S("b")});
    r.ex->start();
    const RunStatus s = r.ex->waitUntilIdle(1000);
    QCOMPARE(r.ex->breakpoints(), (QSet<QString>{S("b")}));
    QCOMPARE_STATUS(s, RunStatus::Paused, *r.ex);
    QCOMPARE(r.rec.count(RunEventType::BreakpointHit, S("b")), 1);
}

void TestExecutor::setVariableWhilePaused_data()
{
    QTest::addColumn<QByteArray>("expression");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("taken");

    QTest::newRow("unchanged") << QByteArray("x > 5") << QString() << S("small");
    QTest::newRow("bare name") << QByteArray("x > 5") << S("x") << S("big");
    QTest::newRow("node.output") << QByteArray("a.x > 5") << S("a.x") << S("big");
}

void TestExecutor::setVariableWhilePaused()
{
    QFETCH(QByteArray, expression);
    QFETCH(QString, name);
    QFETCH(QString, taken);
    Run r;
    PREPARE(r, fill(R"Y(
graph:
  id: edit
  nodes:
    - {id: start, type: control.start}
    - {id: a, type: skill, skill_id: builtin.set, inputs: {x: 1}}
    - {id: check, type: control.branch, conditions: [{name: big, expression: "EXPR", target: big}, {name: small, expression: "true", target: small}]}
    - {id: big, type: skill, skill_id: builtin.set, inputs: {took: big}}
    - {id: small, type: skill, skill_id: builtin.set, inputs: {took: small}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: a}
    - {from: a, to: check}
    - {from: big, to: end}
    - {from: small, to: end}
)Y", {{"EXPR", expression}}));
    r.ex->setBreakpoints({S("check")});
    r.ex->start();
    QString error;
    QVERIFY(!r.ex->setVariable(S("x"), 10, &error)); // not while running
    QVERIFY(!error.isEmpty());
    QCOMPARE_STATUS(r.ex->waitUntilIdle(1000), RunStatus::Paused, *r.ex);
    if (!name.isEmpty()) {
        QVERIFY2(r.ex->setVariable(name, 10, &error), qPrintable(error));
        if (name.contains(QLatin1Char('.')))
            QCOMPARE_V(r.out(S("a"), S("x")), 10);
        else
            QCOMPARE_V(r.var(S("x")), 10);
    }
    r.ex->resume();
    QCOMPARE_STATUS(r.ex->waitUntilIdle(1000), RunStatus::Finished, *r.ex);
    QCOMPARE_V(r.var(S("took")), taken);
}

void TestExecutor::cancelStopsHandlers()
{
    Run r;
    auto hang = std::make_shared<Hang>();
    r.registry.add(S("hang"), hangHandler(hang));
    PREPARE(r, R"Y(
graph:
  id: cancel
  nodes:
    - {id: start, type: control.start}
    - {id: split, type: control.parallel_split}
    - {id: stuck, type: skill, skill_id: hang}
    - {id: sleepy, type: skill, skill_id: builtin.delay, inputs: {ms: 200}}
    - {id: ask, type: interaction.input, prompt: "?"}
    - {id: join, type: control.parallel_join}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: split}
    - {from: split, to: stuck, type: parallel}
    - {from: split, to: sleepy, type: parallel}
    - {from: split, to: ask, type: parallel}
    - {from: stuck, to: join}
    - {from: sleepy, to: join}
    - {from: ask, to: join}
    - {from: join, to: end}
)Y");
    r.ex->start();
    QTRY_VERIFY_WITH_TIMEOUT(hang->started == 1 && r.ex->pendingInteractions().size() == 1, 1000);
    QCOMPARE(r.ex->status(), RunStatus::Running);
    r.ex->cancel();
    QCOMPARE(r.ex->status(), RunStatus::Cancelled);
    QCOMPARE(r.ex->waitUntilIdle(1000), RunStatus::Cancelled);
    QCOMPARE(r.rec.count(RunEventType::RunCancelled), 1);
    QCOMPARE(hang->cancelled, 1);
    QVERIFY(hang->calls.first()->isCancelled());
    QVERIFY(r.ex->pendingInteractions().isEmpty());
    // whatever a handler reports after the cancel is ignored
    hang->calls.first()->finish({{S("late"), true}});
    QTest::qWait(250); // past the cancelled delay's time
    QCOMPARE(r.rec.count(RunEventType::NodeFinished, S("stuck")), 0);
    QCOMPARE(r.rec.count(RunEventType::NodeFinished, S("sleepy")), 0);
    QVERIFY(!r.hasOutputs(S("stuck")));
    QCOMPARE(r.ex->status(), RunStatus::Cancelled);
    QCOMPARE(r.rec.count(RunEventType::RunFinished), 0);
    QString error;
    QVERIFY(!r.ex->answer(S("ask"), S("late"), &error));
}

// ---------------------------------------------------------------------------------------
// Checkpoints

namespace {
const QByteArray kCheckpointGraph = R"Y(
graph:
  id: ckpt
  nodes:
    - {id: start, type: control.start}
    - {id: src, type: skill, skill_id: builtin.set, inputs: {opts: [x, y, z]}}
    - {id: L, type: control.loop_start, max_iterations: 5}
    - {id: body, type: skill, skill_id: builtin.set, inputs: {trail: "${default(trail, '') + str(iteration)}"}}
    - {id: check, type: control.branch, conditions: [{name: done, expression: "iteration >= 2", target: Lend}, {name: again, expression: "true", target: L}]}
    - {id: Lend, type: control.loop_end, loop_start: L}
    - {id: split, type: control.parallel_split}
    - {id: pick, type: interaction.select, prompt: "Which?", options_from: "src.opts"}
    - {id: side, type: skill, skill_id: builtin.set, inputs: {tag: "${input.tag}"}}
    - {id: join, type: control.parallel_join}
    - {id: L2, type: control.loop_start, max_iterations: 3}
    - {id: q, type: interaction.input, prompt: "More?"}
    - {id: inner, type: skill, skill_id: builtin.set, inputs: {k: "${iteration}", said: "${q.answer}"}}
    - {id: check2, type: control.branch, conditions: [{name: done2, expression: "iteration >= 2", target: L2end}, {name: again2, expression: "true", target: L2}]}
    - {id: L2end, type: control.loop_end, loop_start: L2}
    - {id: after, type: skill, skill_id: builtin.set, inputs: {final: "${pick.answer}-${trail}-${said}-${tag}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: src}
    - {from: src, to: L}
    - {from: L, to: body}
    - {from: body, to: check}
    - {from: Lend, to: split}
    - {from: split, to: pick, type: parallel}
    - {from: split, to: side, type: parallel}
    - {from: pick, to: join}
    - {from: side, to: join}
    - {from: join, to: L2}
    - {from: L2, to: q}
    - {from: q, to: inner}
    - {from: inner, to: check2}
    - {from: L2end, to: after}
    - {from: after, to: end}
)Y";

// Through text, as a checkpoint file would be.
QJsonObject throughFile(const QJsonObject &state)
{
    return QJsonDocument::fromJson(QJsonDocument(state).toJson()).object();
}
} // namespace

void TestExecutor::checkpointResumesInNewExecutor()
{
    const QVariantMap input{{S("tag"), S("T")}};
    // uninterrupted
    Run a;
    PREPARE(a, kCheckpointGraph);
    QCOMPARE_STATUS(a.run(input), RunStatus::WaitingForInput, *a.ex);
    QVERIFY(a.ex->answer(S("pick"), S("y")));
    QCOMPARE_STATUS(a.ex->waitUntilIdle(1000), RunStatus::WaitingForInput, *a.ex);
    QVERIFY(a.ex->answer(S("q"), S("first")));
    QCOMPARE_STATUS(a.ex->waitUntilIdle(1000), RunStatus::WaitingForInput, *a.ex);
    QVERIFY(a.ex->answer(S("q"), S("second")));
    QCOMPARE_STATUS(a.ex->waitUntilIdle(1000), RunStatus::Finished, *a.ex);
    QCOMPARE_V(a.out(S("after"), S("final")), S("y-12-second-T"));

    // interrupted twice: at the select (the other branch waits at the join) and inside the
    // second loop, each time going on in a new executor
    Run b;
    PREPARE(b, kCheckpointGraph);
    QCOMPARE_STATUS(b.run(input), RunStatus::WaitingForInput, *b.ex);
    QTRY_COMPARE_WITH_TIMEOUT(b.rec.count(RunEventType::NodeWaiting, S("join")), 1, 1000);
    const QJsonObject first = throughFile(b.ex->saveState());
    b.ex.reset();

    Run c;
    PREPARE(c, kCheckpointGraph);
    QString error;
    QVERIFY2(c.ex->restoreState(first, &error), qPrintable(error));
    c.ex->continueRun();
    QCOMPARE_STATUS(c.ex->waitUntilIdle(1000), RunStatus::WaitingForInput, *c.ex);
    QCOMPARE(c.ex->pendingInteractions().size(), 1);
    QCOMPARE(c.ex->pendingInteractions().first().id, S("pick"));
    QCOMPARE_V(c.ex->pendingInteractions().first().options, list({S("x"), S("y"), S("z")}));
    QVERIFY2(c.ex->answer(S("pick"), S("y"), &error), qPrintable(error));
    QCOMPARE_STATUS(c.ex->waitUntilIdle(1000), RunStatus::WaitingForInput, *c.ex);
    QCOMPARE(c.visits(S("side")), 1); // not run again: its branch was waiting at the join
    QVERIFY2(c.ex->answer(S("q"), S("first"), &error), qPrintable(error));
    QCOMPARE_STATUS(c.ex->waitUntilIdle(1000), RunStatus::WaitingForInput, *c.ex);
    const QJsonObject second = throughFile(c.ex->saveState());
    c.ex.reset();

    Run d;
    PREPARE(d, kCheckpointGraph);
    QVERIFY2(d.ex->restoreState(second, &error), qPrintable(error));
    d.ex->continueRun();
    QCOMPARE_STATUS(d.ex->waitUntilIdle(1000), RunStatus::WaitingForInput, *d.ex);
    QVERIFY2(d.ex->answer(S("q"), S("second"), &error), qPrintable(error));
    QCOMPARE_STATUS(d.ex->waitUntilIdle(1000), RunStatus::Finished, *d.ex);

    // the same final context, the same counters
    QCOMPARE(d.ex->context(), a.ex->context());
    QCOMPARE_V(d.out(S("after"), S("final")), S("y-12-second-T"));
    QCOMPARE(d.rec.values(S("inner.k")), (QVariantList{2})); // the loop counter survived
    QCOMPARE(d.ex->visitCounts(), a.ex->visitCounts());
    QCOMPARE(d.ex->steps(), a.ex->steps());
}

void TestExecutor::checkpointRerunsNodeInFlight()
{
    const QByteArray yaml = R"Y(
graph:
  id: inflight
  nodes:
    - {id: start, type: control.start}
    - {id: a, type: skill, skill_id: builtin.set, inputs: {x: 1}}
    - {id: slow, type: skill, skill_id: remote.work, inputs: {x: "${x}"}}
    - {id: b, type: skill, skill_id: builtin.set, inputs: {y: "${slow.x + 1}"}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: a}
    - {from: a, to: slow}
    - {from: slow, to: b}
    - {from: b, to: end}
)Y";
    Run r;
    auto hang = std::make_shared<Hang>();
    r.registry.add(S("remote.work"), hangHandler(hang));
    PREPARE(r, yaml);
    r.ex->start();
    QTRY_COMPARE_WITH_TIMEOUT(hang->started, 1, 1000);
    QCOMPARE(r.ex->status(), RunStatus::Running); // the handler is still at work
    const QJsonObject state = throughFile(r.ex->saveState());
    r.ex->cancel();

    Run s;
    int calls = 0;
    s.registry.add(S("remote.work"), handler([&calls](const SkillCallPtr &call) {
        ++calls;
        call->finish(call->inputs);
    }));
    PREPARE(s, yaml);
    QString error;
    QVERIFY2(s.ex->restoreState(state, &error), qPrintable(error));
    s.ex->continueRun();
    QCOMPARE_STATUS(s.ex->waitUntilIdle(2000), RunStatus::Finished, *s.ex);
    QCOMPARE(calls, 1);                                          // run again (at least once)
    QCOMPARE(s.rec.count(RunEventType::NodeStarted, S("a")), 0); // but not what came before
    QCOMPARE_V(s.out(S("b"), S("y")), 2);
    QCOMPARE(s.visits(S("a")), 1);
}

void TestExecutor::checkpointDoesNotRepeatACallThatMayHaveActed()
{
    // A call whose handler says it cannot be repeated (an api POST, a command): under way when
    // the checkpoint was taken, it is not made again; the node fails, or goes on with
    // on_error: continue, and the node's retry does not repeat it either.
    for (const bool goOn : {false, true}) {
        const QByteArray yaml = QByteArray(R"Y(
graph:
  id: inflight
  nodes:
    - {id: start, type: control.start}
    - {id: a, type: skill, skill_id: builtin.set, inputs: {x: 1}}
    - {id: send, type: skill, skill_id: remote.send, inputs: {x: "${x}"}, retry: {max_attempts: 3, backoff: 0}ON_ERROR}
    - {id: b, type: skill, skill_id: builtin.set, inputs: {y: 2}}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: a}
    - {from: a, to: send}
    - {from: send, to: b}
    - {from: b, to: end}
)Y").replace("ON_ERROR", goOn ? ", on_error: continue" : "");
        Run r;
        auto hang = std::make_shared<Hang>();
        r.registry.add(S("remote.send"), hangHandler(hang));
        PREPARE(r, yaml);
        r.ex->start();
        QTRY_COMPARE_WITH_TIMEOUT(hang->started, 1, 1000);
        const QJsonObject state = throughFile(r.ex->saveState());
        r.ex->cancel();
        QVERIFY(QJsonDocument(state).toJson().contains("\"interrupted\": true"));

        Run s;
        int calls = 0;
        s.registry.add(S("remote.send"), std::make_shared<FnHandler>([&calls](const SkillCallPtr &call) {
            ++calls;
            call->finish(call->inputs);
        }, false));
        PREPARE(s, yaml);
        QString error;
        QVERIFY2(s.ex->restoreState(state, &error), qPrintable(error));
        s.ex->continueRun();
        const RunStatus ended = s.ex->waitUntilIdle(2000);
        QCOMPARE(calls, 0);
        QCOMPARE(s.rec.count(RunEventType::NodeRetry, S("send")), 0);
        if (goOn) {
            QCOMPARE_STATUS(ended, RunStatus::Finished, *s.ex);
            QVERIFY(s.out(S("send"), S("error")).toString().contains(QStringLiteral("under way when the run stopped")));
            QCOMPARE_V(s.out(S("b"), S("y")), 2);
        } else {
            QCOMPARE(ended, RunStatus::Failed);
            QVERIFY2(s.ex->errorMessage().contains(QStringLiteral("node 'send' failed: its call was under way when the run stopped")),
                     qPrintable(s.ex->errorMessage()));
        }
        // Once past it, the flag is gone: the same node called again later is called.
        if (goOn) {
            const QJsonObject after = s.ex->saveState();
            QVERIFY(!QJsonDocument(after).toJson().contains("interrupted"));
        }
    }
}

void TestExecutor::checkpointRefusesForeignState_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<bool>("otherGraph");

    QTest::newRow("state of another graph id") << S("graph") << QJsonValue(S("other")) << false;
    QTest::newRow("executor of another graph") << QString() << QJsonValue() << true;
    QTest::newRow("newer version") << S("version") << QJsonValue(2) << false;
    QTest::newRow("no version") << S("version") << QJsonValue() << false;
    QTest::newRow("not a run state") << S("format") << QJsonValue(S("something-else")) << false;
}

void TestExecutor::checkpointRefusesForeignState()
{
    QFETCH(QString, key);
    QFETCH(QJsonValue, value);
    QFETCH(bool, otherGraph);
    Run r;
    PREPARE(r, kCheckpointGraph);
    QCOMPARE_STATUS(r.run({{S("tag"), S("T")}}), RunStatus::WaitingForInput, *r.ex);
    QJsonObject state = r.ex->saveState();
    if (!key.isEmpty()) {
        if (value.isNull())
            state.remove(key);
        else
            state.insert(key, value);
    }
    Run s;
    QByteArray yaml = kCheckpointGraph;
    if (otherGraph)
        yaml.replace("id: ckpt", "id: ckpt-other");
    PREPARE(s, yaml);
    QString error;
    QVERIFY(!s.ex->restoreState(state, &error));
    QVERIFY(!error.isEmpty());
    if (key == QLatin1String("graph"))
        QVERIFY2(error.contains(S("other")), qPrintable(error));
    s.ex->continueRun();
    QCOMPARE(s.rec.count(RunEventType::NodeStarted), 0);
    QVERIFY(s.ex->pendingInteractions().isEmpty());
}

// ---------------------------------------------------------------------------------------
// The shipped examples, each with its mock file and answers given through answer()

namespace {
QString examplesDir() { return QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples"); }
QString expectationsDir() { return QStringLiteral(CAPGRAPH_FIXTURES_DIR "/exec/examples"); }

QVariantMap readYamlMap(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return yamlTextToVariant(QString::fromUtf8(f.readAll())).toMap();
}

QStringList sortedKeys(const QVariantMap &m)
{
    QStringList keys = m.keys();
    keys.sort();
    return keys;
}
} // namespace

void TestExecutor::examples_data()
{
    QTest::addColumn<QString>("name");
    const QDir dir(examplesDir());
    for (const QString &f : exampleGraphFiles(dir))
        QTest::newRow(qPrintable(f)) << QFileInfo(f).completeBaseName();
}

// Each example runs with its mock file and its answers file (mocks/<name>.answers.yaml, read
// as `capgraph run --answers` reads it: a list gives successive answers), answered through
// answer(); tests/fixtures/exec/examples/<name>.yaml holds the expected run: the questions
// asked, every node's final outputs, the visit counts, ...
void TestExecutor::examples()
{
    QFETCH(QString, name);
    const QString graphPath = examplesDir() + S("/%1.yaml").arg(name);
    const QString mockPath = examplesDir() + S("/mocks/%1.mock.yaml").arg(name);
    const QString answersPath = examplesDir() + S("/mocks/%1.answers.yaml").arg(name);
    const QString expectPath = expectationsDir() + S("/%1.yaml").arg(name);
    // An example whose skills are all builtin.* needs no mock file (paper-review).
    const bool mocked = QFileInfo::exists(mockPath);
    QVERIFY2(QFileInfo::exists(expectPath),
             qPrintable(S("%1 has a mock but no expected run: write tests/fixtures/exec/examples/%1.yaml").arg(name)));
    const QVariantMap expect = readYamlMap(expectPath);
    QVERIFY2(expect.contains(S("outputs")) && expect.contains(S("visits")), qPrintable(expectPath));

    Run r;
    const GraphLoadResult loaded = GraphYamlReader::readFile(graphPath);
    QVERIFY2(loaded.ok(), qPrintable(loaded.errorText()));
    r.graph = *loaded.graph;
    QString error;
    QVERIFY2(!mocked || loadMockFile(mockPath, &r.registry, &error), qPrintable(error));
    QVERIFY2(r.prepareLoaded(), qPrintable(r.problem));

    QHash<QString, QVariantList> answers;
    const QVariantMap answerSpec = QFileInfo::exists(answersPath) ? readYamlMap(answersPath) : expect.value(S("answers")).toMap();
    for (auto it = answerSpec.cbegin(); it != answerSpec.cend(); ++it) {
        if (it.value().typeId() == QMetaType::QVariantList)
            answers[it.key()] += it.value().toList();
        else
            answers[it.key()].append(it.value());
    }

    QHash<QString, QVariantList> offered; // select options, per node
    QElapsedTimer wall;
    wall.start();
    r.ex->start(expect.value(S("input")).toMap());
    RunStatus status = r.ex->waitUntilIdle(10000);
    for (int round = 0; round < 100 && status == RunStatus::WaitingForInput; ++round) {
        for (const PendingInteraction &p : r.ex->pendingInteractions()) {
            const QString node = p.id.section(QLatin1Char('#'), 0, 0);
            offered[node] = p.options;
            QVERIFY2(!answers.value(node).isEmpty(), qPrintable(S("%1 asks '%2' and there is no answer left").arg(name, p.id)));
            const QVariant value = answers[node].takeFirst();
            QVERIFY2(r.ex->answer(p.id, value, &error), qPrintable(S("%1: %2").arg(p.id, error)));
        }
        status = r.ex->waitUntilIdle(10000);
    }
    const qint64 ms = wall.elapsed();
    QCOMPARE_STATUS(status, RunStatus::Finished, *r.ex);
    for (auto it = answers.cbegin(); it != answers.cend(); ++it)
        QVERIFY2(it.value().isEmpty(), qPrintable(S("answers for '%1' were not asked for").arg(it.key())));
    if (expect.contains(S("max_ms")))
        QVERIFY2(ms < expect.value(S("max_ms")).toLongLong() * kTimeBoundScale, qPrintable(S("took %1 ms").arg(ms)));

    // the questions, in order, with their prompts filled in
    QCOMPARE(r.rec.nodes(RunEventType::InteractionRequested), expect.value(S("asked")).toStringList());
    for (const RunEvent &e : r.rec.of(RunEventType::InteractionRequested))
        QVERIFY2(!e.message.contains(S("${")), qPrintable(e.message));
    const QVariantMap options = expect.value(S("options")).toMap();
    for (auto it = options.cbegin(); it != options.cend(); ++it)
        QVERIFY2(ExprValue::equals(offered.value(it.key()), it.value()),
                 qPrintable(S("%1 offered %2").arg(it.key(), show(offered.value(it.key())))));

    // the final context: every node's outputs
    const QVariantMap actual = r.outputs();
    const QVariantMap exact = expect.value(S("outputs")).toMap();
    const QVariantMap subset = expect.value(S("outputs_subset")).toMap();
    QVariantMap expectedNodes = exact;
    expectedNodes.insert(subset);
    QCOMPARE(sortedKeys(actual), sortedKeys(expectedNodes));
    for (auto it = exact.cbegin(); it != exact.cend(); ++it)
        QVERIFY2(ExprValue::equals(actual.value(it.key()), it.value()),
                 qPrintable(S("%1: outputs %2, expected %3").arg(it.key(), show(actual.value(it.key())), show(it.value()))));
    for (auto it = subset.cbegin(); it != subset.cend(); ++it) {
        const QVariantMap want = it.value().toMap();
        const QVariantMap got = actual.value(it.key()).toMap();
        for (auto w = want.cbegin(); w != want.cend(); ++w)
            QVERIFY2(ExprValue::equals(got.value(w.key()), w.value()),
                     qPrintable(S("%1.%2 is %3, expected %4").arg(it.key(), w.key(), show(got.value(w.key())), show(w.value()))));
    }
    // bare names: the latest value of each output
    const QVariantMap vars = r.ex->context().variables;
    for (auto node = actual.cbegin(); node != actual.cend(); ++node) {
        const QVariantMap outs = node.value().toMap();
        for (auto o = outs.cbegin(); o != outs.cend(); ++o)
            QVERIFY2(vars.contains(o.key()), qPrintable(o.key()));
    }

    // the path: visit counts, loop counters, branches not taken, no warnings
    QHash<QString, qint64> visits;
    const QVariantMap expectedVisits = expect.value(S("visits")).toMap();
    for (auto it = expectedVisits.cbegin(); it != expectedVisits.cend(); ++it)
        visits.insert(it.key(), it.value().toLongLong());
    QCOMPARE(r.ex->visitCounts(), visits);
    const QVariantMap iterations = expect.value(S("iterations")).toMap();
    for (auto it = iterations.cbegin(); it != iterations.cend(); ++it) {
        QList<int> want;
        for (const QVariant &v : it.value().toList())
            want << v.toInt();
        QCOMPARE(r.rec.iterations(RunEventType::NodeFinished, it.key()), want);
    }
    if (expect.contains(S("skipped"))) {
        QStringList skipped = r.rec.nodes(RunEventType::NodeSkipped);
        skipped.sort();
        QCOMPARE(skipped, expect.value(S("skipped")).toStringList());
    }
    QVERIFY2(r.rec.count(RunEventType::Warning) == 0,
             qPrintable(r.rec.messages(RunEventType::Warning).join(QLatin1Char('\n'))));
    QCOMPARE(r.rec.count(RunEventType::RunFinished), 1);

    // Every event as a trace line and a server keep it: the bytes Qt's JSON writer gives.
    for (const RunEvent &e : std::as_const(r.rec.events))
        QCOMPARE(e.toCompactJson(), QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact));
}

// ---------------------------------------------------------------------------------------
// An event's compact JSON (RunEvent::toCompactJson): random events, each the bytes Qt writes

namespace {
// A string from pieces that JSON writers treat differently: plain ASCII, the quote, the
// backslash, control characters, DEL, CJK, a surrogate pair and a lone surrogate.
QString randomText(QRandomGenerator &rng)
{
    static const QList<QString> pieces{S("a"), S("review_2"), S("\""), S("\\"), S("/"), S("\n"), S("\t"), S("\x01"), S("\x1f"),
                                       S("\x7f"), S("\u00e9"), S("\u5be9\u95b1"), S("\U0001F600"), QString(QChar(0xD800)), S(" "), S("${x}")};
    QString out;
    for (int i = int(rng.bounded(6)); i > 0; --i)
        out += pieces.at(int(rng.bounded(int(pieces.size()))));
    return out;
}

QVariant randomData(QRandomGenerator &rng, int depth)
{
    switch (rng.bounded(depth > 2 ? 7 : 9)) {
    case 0: return QVariant();
    case 1: return QVariant::fromValue(nullptr);
    case 2: return rng.bounded(2) == 1;
    case 3: return qint64(rng.generate64());
    case 4: return rng.generateDouble() * 1e6 - 5e5;
    case 5: return std::numeric_limits<double>::quiet_NaN();
    case 6: return randomText(rng);
    case 7: {
        QVariantList list;
        for (int i = int(rng.bounded(4)); i > 0; --i)
            list << randomData(rng, depth + 1);
        return list;
    }
    default: {
        QVariantMap map;
        for (int i = int(rng.bounded(4)); i > 0; --i)
            map.insert(randomText(rng), randomData(rng, depth + 1));
        return map;
    }
    }
}
} // namespace

void TestExecutor::eventCompactJsonIsQtsJson()
{
    const auto check = [](const RunEvent &e, const QString &which) {
        const QByteArray ours = e.toCompactJson();
        const QByteArray qts = QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact);
        QVERIFY2(ours == qts, qPrintable(S("%1:\n ours %2\n Qt's %3").arg(which, QString::fromUtf8(ours), QString::fromUtf8(qts))));
    };
    // Values a random event seldom has: negative numbers, the extremes, data Qt converts.
    const QList<QVariant> data{QVariant::fromValue(QJsonValue(QJsonValue::Undefined)), QVariant::fromValue(QJsonValue()),
                               QVariant(QByteArray("bytes\x01")), QVariant::fromValue(QJsonObject{{S("k"), 1}}),
                               QVariant(std::numeric_limits<qint64>::min()), QVariant(-0.0), QVariant(1e300), QVariant(S(""))};
    for (qsizetype i = 0; i < data.size(); ++i) {
        RunEvent e;
        e.time = i % 2 ? std::numeric_limits<qint64>::min() : -1;
        e.elapsedUs = -qint64(i);
        e.step = std::numeric_limits<qint64>::max();
        e.token = int(i) % 2;
        e.iteration = int(i);
        e.path = QStringList{QString(), S("x")};
        e.data = data.at(i);
        check(e, S("fixed event %1").arg(i));
        if (QTest::currentTestFailed())
            return;
    }
    // Every event type there is (the names end where runEventTypeName gives none).
    int types = 0;
    while (!runEventTypeName(RunEventType(types)).isEmpty())
        ++types;
    QVERIFY(types >= 24);
    QRandomGenerator rng(20261128);
    for (int i = 0; i < 3000; ++i) {
        RunEvent e;
        e.type = RunEventType(rng.bounded(types));
        e.time = rng.bounded(2) ? qint64(rng.generate64() >> 1) : 1764300000000 + rng.bounded(100000);
        e.elapsedUs = rng.bounded(3) ? rng.bounded(1000000) : 0;
        e.step = rng.bounded(5000);
        e.token = int(rng.bounded(5)) - 1;
        e.iteration = int(rng.bounded(4)) - 1;
        if (rng.bounded(2))
            e.nodeId = randomText(rng);
        for (int k = int(rng.bounded(3)); k > 0; --k)
            e.path << randomText(rng);
        if (rng.bounded(3) == 0) {
            e.from = randomText(rng);
            e.to = randomText(rng);
        }
        if (rng.bounded(2))
            e.message = randomText(rng);
        e.data = randomData(rng, 0);
        check(e, S("random event %1").arg(i));
        if (QTest::currentTestFailed())
            return;
    }
}

// ---------------------------------------------------------------------------------------
// Bench graphs: the manifest's number of builtin.noop executions

namespace {
QString benchDir() { return QStringLiteral(CAPGRAPH_SOURCE_DIR "/../shared/bench/engine/graphs"); }
} // namespace

void TestExecutor::benchGraphs_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("skillExecutions");
    QFile manifest(benchDir() + S("/manifest.json"));
    if (!manifest.open(QIODevice::ReadOnly))
        QSKIP("no bench graphs (../shared/bench/engine/graphs/manifest.json)");
    const QJsonArray entries = QJsonDocument::fromJson(manifest.readAll()).array();
    QVERIFY(!entries.isEmpty());
    for (const QJsonValue &v : entries) {
        const QJsonObject o = v.toObject();
        QTest::newRow(qPrintable(o.value(S("file")).toString()))
            << o.value(S("file")).toString() << qint64(o.value(S("skill_executions")).toDouble());
    }
}

void TestExecutor::benchGraphs()
{
    QFETCH(QString, file);
    QFETCH(qint64, skillExecutions);
    const GraphLoadResult loaded = GraphYamlReader::readFile(benchDir() + QLatin1Char('/') + file);
    QVERIFY2(loaded.ok(), qPrintable(loaded.errorText()));
    Run r;
    r.graph = *loaded.graph;
    auto count = std::make_shared<qint64>(0);
    r.registry.overrideSkill(S("builtin.noop"), handler([count](const SkillCallPtr &call) {
        ++*count;
        call->finish({});
    }));
    r.ex = std::make_unique<Executor>(r.graph, r.registry);
    QStringList errors;
    QVERIFY2(r.ex->prepare(&errors), qPrintable(errors.join(QLatin1Char('\n'))));
    r.ex->start();
    QCOMPARE_STATUS(r.ex->waitUntilIdle(60000), RunStatus::Finished, *r.ex);
    QCOMPARE(*count, skillExecutions);
}

// ---------------------------------------------------------------------------------------
// Responsiveness: the executor lets the event loop in while a long loop runs

void TestExecutor::responsiveDuringLongLoop()
{
    Run r;
    PREPARE(r, fill(kNoopLoop, {{"MAX", "100000"}}));
    // Observed as the studio's live view would be (not storing every event: 100,000
    // iterations make ~10^6 of them).
    r.ex->removeObserver(&r.rec);
    struct Counter : RunObserver
    {
        qint64 events = 0;
        QHash<QString, RunEvent> latest; // what a live view keeps: the last event per node
        void onRunEvent(const RunEvent &e) override
        {
            ++events;
            if (!e.nodeId.isEmpty())
                latest.insert(e.nodeId, e);
        }
    } counter;
    r.ex->addObserver(&counter);
    int ticks = 0;
    qint64 longestGap = 0;
    QElapsedTimer sinceTick;
    QTimer timer;
    timer.setTimerType(Qt::PreciseTimer);
    timer.setInterval(10);
    connect(&timer, &QTimer::timeout, this, [&] {
        if (r.ex->status() != RunStatus::Running)
            return;
        if (sinceTick.isValid())
            longestGap = std::max(longestGap, sinceTick.elapsed());
        sinceTick.start();
        ++ticks;
    });
    timer.start();
    QElapsedTimer wall;
    wall.start();
    r.ex->start();
    sinceTick.start();
    QCOMPARE_STATUS(r.ex->waitUntilIdle(20000), RunStatus::Finished, *r.ex);
    const qint64 ms = wall.elapsed();
    timer.stop();
    QCOMPARE(r.visits(S("w")), 100000);
    qInfo("100,000 iterations (%lld node executions, %lld events) in %lld ms; the 10 ms timer fired %d times, longest gap %lld ms",
          r.ex->steps(), counter.events, ms, ticks, longestGap);
    QVERIFY2(ms >= 40, "the loop ran too fast to observe the event loop; make it longer");
    QVERIFY2(ticks >= 3, qPrintable(S("the timer fired %1 times in %2 ms").arg(ticks).arg(ms)));
    QVERIFY2(longestGap < 150, qPrintable(S("the event loop was blocked for %1 ms").arg(longestGap)));
}

QTEST_GUILESS_MAIN(TestExecutor)
#include "tst_executor.moc"
