// The files a run reads besides its graph (engine/exec/RunFiles.h): the first byte of the
// input picks the reader — answers, input, mocks, a checkpoint, which is restored into a run
// of a small graph (a loop that asks) and, when it restores, run on to its end, or a trace,
// which is summed up and compared with itself (engine/diff/RunDiff.h).
#include "FuzzSupport.h"

#include "diff/RunDiff.h"
#include "exec/Executor.h"
#include "exec/HandlerRegistry.h"
#include "handlers/MockHandler.h"
#include "exec/RunFiles.h"
#include "yaml/GraphYamlReader.h"
#include "handlers/BuiltinHandlers.h"

#include <QCoreApplication>
#include <QJsonDocument>

using namespace capgraph;

namespace {
const Graph &graph()
{
    static const Graph g = *GraphYamlReader::readBytes(R"(graph:
  id: iterask
  nodes:
    - {id: start, type: control.start}
    - {id: work, type: skill, skill_id: builtin.set, inputs: {log: "${default(log, []) + [iteration]}"}}
    - {id: ask, type: interaction.input, prompt: "round ${iteration}?"}
    - {id: pick, type: interaction.select, prompt: "which?", options: [a, b]}
    - {id: split, type: control.parallel_split}
    - {id: left, type: skill, skill_id: builtin.set, inputs: {l: 1}}
    - {id: right, type: skill, skill_id: builtin.set, inputs: {r: 2}}
    - {id: join, type: control.parallel_join}
    - {id: end, type: control.end}
  edges:
    - {from: start, to: work}
    - {from: work, to: ask}
    - {from: ask, to: work, type: iteration, max_count: 3, exit_condition: "ask.answer == 'stop'"}
    - {from: ask, to: pick}
    - {from: pick, to: split}
    - {from: split, to: left, type: parallel}
    - {from: split, to: right, type: parallel}
    - {from: left, to: join}
    - {from: right, to: join}
    - {from: join, to: end}
)").graph;
    return g;
}

void restoreAndRun(const QJsonObject &state)
{
    HandlerRegistry handlers;
    registerBuiltinHandlers(handlers);
    RunOptions options;
    options.maxSteps = 200;
    Executor ex(graph(), handlers, options);
    QStringList problems;
    if (!ex.prepare(&problems))
        fuzz::finding("the fuzz target's own graph does not prepare", problems.join(QLatin1Char('\n')).toUtf8());
    QString error;
    if (!ex.restoreState(state, &error)) {
        if (error.isEmpty())
            fuzz::finding("a refused run state without a reason");
        return;
    }
    ex.saveState();
    if (ex.status() != RunStatus::Paused)
        return;
    ex.continueRun();
    for (int round = 0; round < 20 && ex.status() != RunStatus::Finished && ex.status() != RunStatus::Failed
                        && ex.status() != RunStatus::Cancelled; ++round) {
        for (const PendingInteraction &p : ex.pendingInteractions())
            ex.answer(p.id, p.options.isEmpty() ? QVariant(QStringLiteral("stop")) : p.options.first());
        ex.waitUntilIdle(2000);
        if (ex.status() == RunStatus::Paused && ex.pendingInteractions().isEmpty())
            ex.resume();
    }
    ex.cancel();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::quiet();
    static int argc = 1;
    static char name[] = "fuzz_run_files";
    static char *argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
    if (size == 0)
        return 0;
    const QByteArray text = fuzz::bytes(data + 1, size - 1);
    QString error;
    switch (data[0] % 5) {
    case 0: {
        QHash<QString, QVariantList> answers;
        if (!RunFiles::parseAnswers(text, QStringLiteral("answers.yaml"), &answers, &error) && error.isEmpty())
            fuzz::finding("refused answers without a reason");
        break;
    }
    case 1: {
        QVariantMap input;
        if (!RunFiles::parseInput(text, QStringLiteral("input.json"), &input, &error) && error.isEmpty())
            fuzz::finding("a refused input without a reason");
        break;
    }
    case 2: {
        HandlerRegistry registry;
        if (!parseMocks(text, QStringLiteral("mock.yaml"), &registry, &error) && error.isEmpty())
            fuzz::finding("refused mocks without a reason");
        break;
    }
    case 4: {
        QList<RunEvent> events;
        if (!RunFiles::parseTrace(text, QStringLiteral("trace.jsonl"), &events, &error)) {
            if (error.isEmpty())
                fuzz::finding("a refused trace without a reason");
            break;
        }
        const RunSummary summary = RunSummary::of(events);
        const RunDiff diff = RunDiff::compare(summary, summary);
        if (!diff.isEmpty())
            fuzz::finding("a trace differs from itself", diff.lines().join(QLatin1Char('\n')).toUtf8());
        diff.toJson();
        RunDiff::compare(summary, RunSummary()).lines();
        break;
    }
    default: {
        RunCheckpoint checkpoint;
        if (RunFiles::parseCheckpoint(text, QStringLiteral("checkpoint.json"), &checkpoint, &error))
            restoreAndRun(checkpoint.state);
        else if (error.isEmpty())
            fuzz::finding("a refused checkpoint without a reason");
        else // the bare run state, so the fuzzer need not find the envelope first
            restoreAndRun(QJsonDocument::fromJson(text).object());
        break;
    }
    }
    return 0;
}
