// Hostile inputs end cleanly (docs/reliability.md): every class of input a stranger's file can
// hold — nesting 100,000 deep, alias bombs, megabyte scalars, bad bytes, numbers out of range,
// big but valid work, regular expressions that backtrack, runs that never end, $refs that
// leave their folder, broken event streams — given to the `capgraph` command a user would run
// on it. Each must end on its own with exit 0–3 and, when it refuses, a message naming the
// file and what was wrong: never a crash, a hang, a sanitizer report or unbounded memory
// (the program runs under a 3 GiB address-space limit, except under AddressSanitizer, whose
// shadow memory that limit would break).
// The rows below are tables of literal arguments and patterns: let string literals become QString.
#undef QT_NO_CAST_FROM_ASCII
#define QT_RESTRICTED_CAST_FROM_ASCII
#include "support/TimeBounds.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>

#if defined(__SANITIZE_ADDRESS__)
#define CAPGRAPH_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CAPGRAPH_UNDER_ASAN 1
#endif
#endif

namespace {

using Files = QList<QPair<QString, QByteArray>>;

struct Outcome
{
    int exitCode = -1;
    bool crashed = false;
    bool timedOut = false;
    qint64 ms = 0;
    QString out;
    QString err;
};

// Runs capgraph in `dir`; kills it after `timeoutMs` (a hang is a failure, not a wait).
Outcome runIn(const QString &dir, const QStringList &args, int timeoutMs = 120'000 * kTimeBoundScale)
{
    QProcess p;
    p.setProgram(QStringLiteral(CAPGRAPH_CLI));
    p.setArguments(args);
    p.setWorkingDirectory(dir);
    p.setStandardInputFile(QProcess::nullDevice());
#ifndef CAPGRAPH_UNDER_ASAN
    p.setChildProcessModifier([] {
        const rlim_t limit = rlim_t(3) << 30;
        const rlimit r{limit, limit};
        setrlimit(RLIMIT_AS, &r);
    });
#endif
    QElapsedTimer clock;
    clock.start();
    p.start();
    Outcome o;
    if (!p.waitForFinished(timeoutMs)) {
        o.timedOut = true;
        p.kill();
        p.waitForFinished();
    }
    o.ms = clock.elapsed();
    o.crashed = p.exitStatus() != QProcess::NormalExit;
    o.exitCode = p.exitCode();
    o.out = QString::fromUtf8(p.readAllStandardOutput());
    o.err = QString::fromUtf8(p.readAllStandardError());
    return o;
}

QByteArray repeat(const QByteArray &part, int n)
{
    QByteArray out;
    out.reserve(part.size() * n);
    for (int i = 0; i < n; ++i)
        out += part;
    return out;
}

// A well-formed graph whose start → skill → end chain can carry one hostile field.
QByteArray graph(const QByteArray &skillFields, const QByteArray &extraNodes = QByteArray(), const QByteArray &extraEdges = QByteArray())
{
    return "graph:\n"
           "  id: hostile\n"
           "  nodes:\n"
           "    - {id: start, type: control.start}\n"
           "    - {id: work, type: skill, skill_id: builtin.set" + skillFields + "}\n"
           + extraNodes +
           "    - {id: end, type: control.end}\n"
           "  edges:\n"
           "    - {from: start, to: work}\n"
           "    - {from: work, to: end}\n"
           + extraEdges;
}

// 12 levels of 10 aliases each: 10^12 values once expanded.
QByteArray aliasBomb(const QByteArray &key)
{
    QByteArray y = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i <= 12; ++i) {
        y += "a" + QByteArray::number(i) + ": &a" + QByteArray::number(i) + " [";
        for (int k = 0; k < 10; ++k)
            y += (k ? ", *a" : "*a") + QByteArray::number(i - 1);
        y += "]\n";
    }
    return y + key + ": *a12\n";
}

QByteArray chainGraph(int n)
{
    QByteArray nodes = "graph:\n  id: chain\n  nodes:\n    - {id: start, type: control.start}\n";
    QByteArray edges = "  edges:\n    - {from: start, to: n0}\n";
    for (int i = 0; i < n; ++i) {
        nodes += "    - {id: n" + QByteArray::number(i) + ", type: skill, skill_id: builtin.noop}\n";
        if (i > 0)
            edges += "    - {from: n" + QByteArray::number(i - 1) + ", to: n" + QByteArray::number(i) + "}\n";
    }
    nodes += "    - {id: end, type: control.end}\n";
    edges += "    - {from: n" + QByteArray::number(n - 1) + ", to: end}\n";
    return nodes + edges;
}

// A plan of `tasks` tasks in `layers` layers, each task depending on `fanIn` tasks of the
// layer before, with `participants` agents.
QByteArray bigPlan(int tasks, int layers, int fanIn, int participants)
{
    QByteArray out = "{\"participants\": [";
    for (int p = 0; p < participants; ++p)
        out += (p ? ",\n" : "") + QByteArray("{\"agent_id\": \"a") + QByteArray::number(p) + "\", \"display_name\": \"Agent " + QByteArray::number(p)
             + "\", \"role_in_plan\": \"r\"}";
    out += "],\n\"tasks\": [";
    const int perLayer = tasks / layers;
    for (int t = 0; t < tasks; ++t) {
        const int layer = t / perLayer;
        out += (t ? ",\n" : "") + QByteArray("{\"id\": \"t") + QByteArray::number(t) + "\", \"title\": \"Task " + QByteArray::number(t)
             + "\", \"assignee_id\": \"a" + QByteArray::number(t % participants) + "\", \"prerequisites\": [";
        if (layer > 0)
            for (int k = 0; k < fanIn; ++k)
                out += (k ? ", \"t" : "\"t") + QByteArray::number((layer - 1) * perLayer + (t * 7 + k * 13) % perLayer) + "\"";
        out += "]}";
    }
    return out + "]}\n";
}

const QByteArray kCapabilityHead = "description: hostile\n"
                                   "output_schema: {type: object}\n"
                                   "handler: {type: builtin, name: builtin.noop}\n";
} // namespace

class TestHostile : public QObject
{
    Q_OBJECT

private slots:
    void endsCleanly_data();
    void endsCleanly();
};

void TestHostile::endsCleanly_data()
{
    QTest::addColumn<Files>("files");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QList<int>>("exits");   // the exit codes that are right
    QTest::addColumn<QString>("expected");   // a regular expression the output must match

    const QList<int> refused{2};
    const QList<int> fine{0, 1};

    // Nesting 100,000 deep.
    const int deep = 100'000;
    QTest::newRow("yaml flow nesting") << Files{{"g.yaml", graph(", inputs: {x: " + repeat("[", deep) + repeat("]", deep) + "}")}}
                                       << QStringList{"validate", "g.yaml"} << refused << "g\\.yaml:\\d+:\\d+: error: .*(deep|nest)";
    QTest::newRow("yaml block nesting") << Files{{"g.yaml", "graph:\n  id: x\n  metadata:\n    deep:\n      " + repeat("- ", deep) + "x\n"}}
                                        << QStringList{"validate", "g.yaml"} << refused << "g\\.yaml:\\d+:\\d+: error: .*(deep|nest)";
    QTest::newRow("json plan nesting") << Files{{"p.json", "{\"tasks\": " + repeat("[", deep) + repeat("]", deep) + "}"}}
                                       << QStringList{"plan", "check", "p.json"} << refused << "p\\.json:\\d+:\\d+: error: .*(deep|nest)";
    QTest::newRow("json layout nesting") << Files{{"p.json", "{\"nodes\": " + repeat("[", deep) + repeat("]", deep) + "}"}}
                                         << QStringList{"layout", "p.json", "out.json"} << refused << "p\\.json:\\d+:\\d+: error: .*(deep|nest)";
    for (const auto &[name, text] : QList<QPair<const char *, QByteArray>>{
             {"parentheses", repeat("(", deep) + "1" + repeat(")", deep)},
             {"unary not", repeat("not ", deep) + "true"},
             {"unary minus", repeat("-", deep) + "1 > 0"},
             {"nested calls", repeat("len(", deep) + "'x'" + repeat(")", deep) + " > 0"},
             {"nested lists", repeat("[", deep) + repeat("]", deep) + " == []"},
         }) {
        QTest::newRow(qPrintable(QStringLiteral("expression %1").arg(QLatin1String(name))))
            << Files{{"g.yaml", graph("", "    - {id: b, type: control.branch, conditions: [{name: c, expression: \"" + text
                                                  + "\", target: end}], default: end}\n",
                                      "    - {from: work, to: b}\n")}}
            << QStringList{"validate", "g.yaml"} << QList<int>{1} << "g\\.yaml:\\d+:\\d+: error: .*expression nested too deeply";
    }
    QTest::newRow("expression nested templates")
        << Files{{"g.yaml", graph(", inputs: {x: \"" + repeat("${'", 20'000) + repeat("'}", 20'000) + "\"}")}}
        << QStringList{"validate", "g.yaml"} << QList<int>{1, 2} << "g\\.yaml:\\d+:\\d+: (error|warning): ";
    QTest::newRow("deep answers") << Files{{"g.yaml", graph("").replace("type: skill, skill_id: builtin.set", "type: interaction.input, prompt: p")},
                                           {"a.yaml", "work: " + repeat("[", deep) + repeat("]", deep) + "\n"}}
                                  << QStringList{"run", "g.yaml", "--answers", "a.yaml"} << refused << "a\\.yaml:\\d+:\\d+: error: .*(deep|nest)";
    QTest::newRow("deep schema") << Files{{"capabilities/deep.yaml", "name: hostile.deep_schema\n" + kCapabilityHead + "input_schema: "
                                                                           + repeat("{type: object, properties: {x: ", 500) + "{}" + repeat("}}", 500) + "\n"}}
                                 << QStringList{"capabilities", "validate", "capabilities"} << QList<int>{1} << "deep\\.yaml:\\d+:\\d+: error: .*nested more than 2000 levels";

    // Alias bombs in every YAML the program reads.
    QTest::newRow("bomb graph") << Files{{"g.yaml", "graph:\n  id: x\n  metadata:\n" + aliasBomb("    bomb").replace("\na", "\n    a").replace("\nbomb", "\n    bomb").prepend("    ")}}
                                << QStringList{"validate", "g.yaml"} << refused << "g\\.yaml:\\d+:\\d+: error: .*alias bomb";
    QTest::newRow("bomb capability") << Files{{"capabilities/bomb.yaml", "name: hostile.bomb\n" + kCapabilityHead + "input_schema: {type: object}\n" + aliasBomb("tags")}}
                                     << QStringList{"capabilities", "validate", "capabilities"} << QList<int>{1} << "bomb\\.yaml:\\d+:\\d+: error: .*alias bomb";
    QTest::newRow("bomb mock") << Files{{"g.yaml", graph("")}, {"m.yaml", aliasBomb("bomb")}}
                               << QStringList{"run", "g.yaml", "--mock", "m.yaml"} << refused << "m\\.yaml:\\d+:\\d+: error: .*alias bomb";
    QTest::newRow("bomb answers") << Files{{"g.yaml", graph("")}, {"a.yaml", aliasBomb("bomb")}}
                                  << QStringList{"run", "g.yaml", "--answers", "a.yaml"} << refused << "a\\.yaml:\\d+:\\d+: error: .*alias bomb";
    QTest::newRow("bomb input") << Files{{"g.yaml", graph("")}, {"in.yaml", aliasBomb("bomb")}}
                                << QStringList{"run", "g.yaml", "--input", "@in.yaml"} << refused << "in\\.yaml:\\d+:\\d+: error: .*alias bomb";

    // An alias inside its own anchor: a value that contains itself (found by fuzz_graph_yaml).
    QTest::newRow("self-containing graph") << Files{{"g.yaml", "graph:\n  id: x\n  defaults: &d {type: skill, more: *d}\n"}}
                                           << QStringList{"validate", "g.yaml"} << refused << "g\\.yaml:3:\\d+: error: a value contains itself";
    QTest::newRow("self-containing answers") << Files{{"g.yaml", graph("")}, {"a.yaml", "work: &a [1, *a]\n"}}
                                             << QStringList{"run", "g.yaml", "--answers", "a.yaml"} << refused << "a\\.yaml:1:\\d+: error: a value contains itself";

    // Long scalars, bad bytes, numbers out of range.
    const QByteArray megabytes(4 * 1024 * 1024, 'x');
    QTest::newRow("4 MB id") << Files{{"g.yaml", graph(", inputs: {note: " + megabytes + "}").replace("id: work", "id: w" + megabytes)}}
                             << QStringList{"validate", "g.yaml"} << fine << "1 file checked";
    QTest::newRow("invalid utf-8") << Files{{"g.yaml", graph(", inputs: {x: \"a\xff\xfe b\"}")}}
                                   << QStringList{"validate", "g.yaml"} << refused << "g\\.yaml:\\d+:\\d+: error: .*UTF-8";
    QTest::newRow("nul byte") << Files{{"g.yaml", graph(", inputs: {x: \"a").append('\0').append("b\"}")}}
                              << QStringList{"validate", "g.yaml"} << refused << "g\\.yaml:\\d+:\\d+: error: .*NUL";
    QTest::newRow("lone surrogate in plan") << Files{{"p.json", "{\"tasks\": [{\"id\": \"\\ud800\", \"title\": \"\\udfff x\"}]}"}}
                                            << QStringList{"plan", "check", "p.json"} << QList<int>{0, 1, 2} << "p\\.json";
    // A graph with a bad number still loads (exit 1: findings) or is refused (exit 2), naming
    // the field; 2^64+1 is a fine weight or timeout (a timeout is capped at 24 days).
    const QList<int> flagged{1, 2};
    for (const auto &[name, number] : QList<QPair<const char *, QByteArray>>{
             {"1e400", "1e400"}, {"2^64+1", "18446744073709551617"}, {"nan", ".nan"}, {"inf", ".inf"}, {"-inf", "-.inf"}, {"negative", "-5"}}) {
        const bool bigButFinite = qstrcmp(name, "2^64+1") == 0;
        QTest::newRow(qPrintable(QStringLiteral("max_iterations %1").arg(QLatin1String(name))))
            << Files{{"g.yaml", graph("", "    - {id: loop, type: control.loop_start, max_iterations: " + number + "}\n")}}
            << QStringList{"validate", "g.yaml"} << flagged << "g\\.yaml:\\d+:\\d+: error: .*max_iterations";
        QTest::newRow(qPrintable(QStringLiteral("max_count %1").arg(QLatin1String(name))))
            << Files{{"g.yaml", graph("", QByteArray(), "    - {from: end, to: work, type: iteration, max_count: " + number + "}\n")}}
            << QStringList{"validate", "g.yaml"} << flagged << "g\\.yaml:\\d+:\\d+: error: .*max_count";
        QTest::newRow(qPrintable(QStringLiteral("weight %1").arg(QLatin1String(name))))
            << Files{{"g.yaml", graph("", QByteArray(), "    - {from: start, to: end, weight: " + number + "}\n")}}
            << QStringList{"validate", "g.yaml"} << (bigButFinite ? QList<int>{0} : flagged)
            << (bigButFinite ? "0 errors" : "g\\.yaml:\\d+:\\d+: error: .*weight");
        QTest::newRow(qPrintable(QStringLiteral("timeout %1").arg(QLatin1String(name))))
            << Files{{"g.yaml", graph(", timeout: " + number)}}
            << QStringList{"validate", "g.yaml"} << (bigButFinite ? QList<int>{0} : flagged)
            << (bigButFinite ? "0 errors" : "g\\.yaml:\\d+:\\d+: error: .*timeout");
        QTest::newRow(qPrintable(QStringLiteral("mock delay %1").arg(QLatin1String(name))))
            << Files{{"g.yaml", graph("")}, {"m.yaml", "nodes: {work: {delay_ms: " + number + "}}\n"}}
            << QStringList{"run", "g.yaml", "--mock", "m.yaml"} << refused << "m\\.yaml: node 'work': delay_ms: expected a whole number";
        const QByteArray json = number.startsWith('.') || number.startsWith("-.") ? "1e999" : number;
        QTest::newRow(qPrintable(QStringLiteral("plan id %1").arg(QLatin1String(name))))
            << Files{{"p.json", "{\"tasks\": [{\"id\": " + json + ", \"title\": \"x\"}, {\"id\": 1, \"title\": \"y\", \"prerequisites\": [" + json + "]}]}"}}
            << QStringList{"plan", "check", "p.json"} << QList<int>{0, 1, 2} << "p\\.json:\\d+:\\d+: ";
    }

    // Big but valid work.
    const QByteArray chain = chainGraph(20'000);
    QTest::newRow("20000-node chain validate") << Files{{"g.yaml", chain}} << QStringList{"validate", "g.yaml"} << fine << "1 file checked";
    QTest::newRow("20000-node chain metrics") << Files{{"g.yaml", chain}} << QStringList{"metrics", "g.yaml", "--json"} << fine << "\"nodeCount\": 20002";
    QTest::newRow("20000-node chain layout") << Files{{"g.yaml", chain}} << QStringList{"layout", "g.yaml", "out.json"} << fine << "layout_ms=";
    QTest::newRow("20000-node chain export") << Files{{"g.yaml", chain}} << QStringList{"export", "g.yaml", "-o", "out.svg"} << fine << "wrote out\\.svg";
    QTest::newRow("20000-node chain fmt") << Files{{"g.yaml", chain}} << QStringList{"fmt", "g.yaml", "-o", "out.yaml"} << fine << "^$";
    QTest::newRow("20000-node chain run") << Files{{"g.yaml", chain}} << QStringList{"run", "g.yaml", "--quiet"} << fine << "^$";
    const QByteArray plan5000 = bigPlan(5'000, 50, 2, 20);
    QTest::newRow("5000-task plan check") << Files{{"p.json", plan5000}} << QStringList{"plan", "check", "p.json"} << fine << "5000 tasks";
    QTest::newRow("5000-task plan render") << Files{{"p.json", plan5000}} << QStringList{"plan", "render", "p.json", "-o", "out.svg"} << fine << "wrote out\\.svg";
    QTest::newRow("5000-task plan layout") << Files{{"p.json", plan5000}} << QStringList{"layout", "p.json", "out.json"} << fine << "layout_ms=";
    const QByteArray plan30000 = bigPlan(6'000, 20, 5, 3'000);
    QTest::newRow("30000 prerequisites, 3000 participants") << Files{{"p.json", plan30000}} << QStringList{"plan", "check", "p.json"} << fine << "3000 participants";
    QByteArray conditions;
    for (int i = 0; i < 5'000; ++i)
        conditions += (i ? ", " : "") + QByteArray("{name: c") + QByteArray::number(i) + ", expression: \"x == " + QByteArray::number(i) + "\", target: end}";
    QTest::newRow("branch with 5000 conditions")
        << Files{{"g.yaml", graph(", inputs: {x: 4999}", "    - {id: b, type: control.branch, conditions: [" + conditions + "], default: end}\n",
                                  "    - {from: work, to: b}\n")}}
        << QStringList{"run", "g.yaml", "--quiet"} << fine << "^$";

    // Regular expressions that backtrack catastrophically.
    QTest::newRow("matches() backtracking")
        << Files{{"g.yaml", graph(", inputs: {x: \"${matches('" + QByteArray(40, 'a') + "!', '^(a+)+$')}\"}")}}
        << QStringList{"run", "g.yaml"} << QList<int>{1} << "matches\\(\\): the pattern is too costly";
    QTest::newRow("schema pattern backtracking")
        << Files{{"g.yaml", graph(QByteArray()).replace("skill_id: builtin.set", "skill_id: hostile.match_text, inputs: {text: \"" + QByteArray(40, 'a') + "!\"}")},
                 {"capabilities/match.yaml", "name: hostile.match_text\n" + kCapabilityHead
                                                 + "input_schema: {type: object, properties: {text: {type: string, pattern: '^(a+)+$'}}}\n"}}
        << QStringList{"run", "g.yaml"} << QList<int>{1} << "too costly";
    QTest::newRow("schema pattern on a megabyte")
        << Files{{"g.yaml", graph(QByteArray()).replace("skill_id: builtin.set", "skill_id: hostile.match_text, inputs: {text: \"" + megabytes + "\"}")},
                 {"capabilities/match.yaml", "name: hostile.match_text\n" + kCapabilityHead
                                                 + "input_schema: {type: object, properties: {text: {type: string, pattern: '^[a-z]+$', format: date}}}\n"}}
        << QStringList{"run", "g.yaml"} << QList<int>{1} << "valid date";

    // Runs that never end, recursion through composites.
    QTest::newRow("max_iterations 1e9 stops at --max-steps")
        << Files{{"g.yaml", "graph:\n  id: forever\n  nodes:\n    - {id: start, type: control.start}\n"
                            "    - {id: loop, type: control.loop_start, max_iterations: 1000000000}\n"
                            "    - {id: work, type: skill, skill_id: builtin.noop}\n"
                            "    - {id: check, type: control.branch, conditions: [{name: again, expression: 'true', target: loop}], default: loop_end}\n"
                            "    - {id: loop_end, type: control.loop_end, loop_start: loop}\n"
                            "    - {id: end, type: control.end}\n"
                            "  edges:\n    - {from: start, to: loop}\n    - {from: loop, to: work}\n    - {from: work, to: check}\n"
                            "    - {from: loop_end, to: end}\n"}}
        << QStringList{"run", "g.yaml", "--max-steps", "5000"} << QList<int>{1} << "step limit of 5000 node executions reached";
    QTest::newRow("composite recursion")
        << Files{{"g.yaml", graph(QByteArray()).replace("skill_id: builtin.set", "skill_id: hostile.recurse")},
                 {"capabilities/recurse.yaml", "name: hostile.recurse\ndescription: calls itself\ninput_schema: {type: object}\n"
                                               "output_schema: {type: object}\nworkflow_definition: {type: capgraph, path: ../g.yaml}\n"}}
        << QStringList{"run", "g.yaml"} << QList<int>{1} << "sub-graphs nest recursively: hostile\\.recurse → hostile\\.recurse";

    // $refs that leave the definition's folder, and cycles.
    const QByteArray refHead = "name: hostile.refs\n" + kCapabilityHead;
    for (const auto &[name, ref] : QList<QPair<const char *, QByteArray>>{
             {"parent folder", "../secret.yaml#/x"}, {"grandparent", "../../etc/passwd#/x"}, {"absolute", "/etc/passwd#/x"},
             {"url", "https://example.com/s.json#/x"}, {"protocol-relative", "//example.com/s.json"}}) {
        QTest::newRow(qPrintable(QStringLiteral("$ref %1").arg(QLatin1String(name))))
            << Files{{"secret.yaml", "x: {type: string}\n"}, {"capabilities/refs.yaml", refHead + "input_schema: {$ref: '" + ref + "'}\n"}}
            << QStringList{"capabilities", "validate", "capabilities"} << QList<int>{1} << "refs\\.yaml:\\d+:\\d+: error: .*(outside the definition's folder|absolute path|not downloaded)";
    }
    QTest::newRow("$ref cycle")
        << Files{{"capabilities/refs.yaml", refHead + "input_schema: {$ref: '#/components/schemas/A'}\n"
                                                      "components: {schemas: {A: {$ref: '#/components/schemas/B'}, B: {allOf: [{$ref: '#/components/schemas/A'}]}}}\n"}}
        << QStringList{"capabilities", "validate", "capabilities"} << QList<int>{1} << "refs\\.yaml:\\d+:\\d+: error: .*\\$ref cycle: .*#/components/schemas/A";
    QTest::newRow("$ref cycle list") << Files{{"capabilities/refs.yaml", refHead + "input_schema: {$ref: '#/components/schemas/A'}\n"
                                                                                  "components: {schemas: {A: {$ref: '#/components/schemas/B'}, B: {$ref: '#/components/schemas/A'}}}\n"}}
                                     << QStringList{"capabilities", "list", "capabilities"} << QList<int>{0} << "\\$ref cycle";
    QTest::newRow("$ref file expansion")
        << Files{{"capabilities/schemas/s.yaml", [] {
                      QByteArray y = "d0: {type: string}\n";
                      for (int i = 1; i < 30; ++i)
                          y += "d" + QByteArray::number(i) + ": {allOf: [{$ref: '#/d" + QByteArray::number(i - 1) + "'}, {$ref: '#/d" + QByteArray::number(i - 1) + "'}]}\n";
                      return y;
                  }()},
                 {"capabilities/refs.yaml", refHead + "input_schema: {$ref: 'schemas/s.yaml#/d29'}\n"}}
        << QStringList{"capabilities", "validate", "capabilities"} << QList<int>{1} << "expand to more than";

    // Event streams.
    QTest::newRow("sse 10 MB data line") << Files{{"s.sse", "event: plan.ready\ndata: {\"plan_text\": \"" + QByteArray(10 * 1024 * 1024, 'x') + "\"}\n\n"}}
                                         << QStringList{"plan", "check", "s.sse"} << fine << "plan\\.ready without plan_json";
    QTest::newRow("sse malformed") << Files{{"s.sse", "event: plan.ready\ndata: {\"plan_json\": [\n\nevent\nretry: -7\nretry: 1e99\nid: \0x\ndata\n\n:\n"}}
                                   << QStringList{"plan", "check", "s.sse"} << refused << "s\\.sse.*(malformed JSON|error)";
    QTest::newRow("sse CR only") << Files{{"s.sse", "event: plan.ready\rdata: {\"tasks\": [{\"id\": \"a\", \"title\": \"A\"}]}\r\r"}}
                                 << QStringList{"plan", "check", "s.sse"} << fine << "1 task";
    QByteArray garbage(200'000, '\0');
    for (int i = 0; i < garbage.size(); ++i)
        garbage[i] = char((i * 7919 + 13) % 256);
    QTest::newRow("sse binary garbage") << Files{{"s.sse", "data: x\n" + garbage}} << QStringList{"plan", "check", "s.sse"} << refused << "s\\.sse: error: ";
}

void TestHostile::endsCleanly()
{
    QFETCH(Files, files);
    QFETCH(QStringList, args);
    QFETCH(QList<int>, exits);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const auto &[name, bytes] : files) {
        QDir(dir.path()).mkpath(QFileInfo(name).path());
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(bytes), bytes.size());
    }
    const Outcome o = runIn(dir.path(), args);
    const QString said = o.err + o.out;
    const QString shown = said.size() > 3000 ? said.left(1500) + QStringLiteral("\n…\n") + said.right(1500) : said;
    QVERIFY2(!o.timedOut, qPrintable(QStringLiteral("still running after %1 ms: %2").arg(o.ms).arg(shown)));
    QVERIFY2(!o.crashed, qPrintable(QStringLiteral("crashed: %1").arg(shown)));
    QVERIFY2(!said.contains(QLatin1String("Sanitizer")) && !said.contains(QLatin1String("runtime error:")), qPrintable(shown));
    QVERIFY2(exits.contains(o.exitCode), qPrintable(QStringLiteral("exit %1 after %2 ms: %3").arg(o.exitCode).arg(o.ms).arg(shown)));
    const QRegularExpression re(expected, QRegularExpression::MultilineOption);
    QVERIFY2(re.match(said).hasMatch() || (expected == QLatin1String("^$") && o.err.isEmpty()),
             qPrintable(QStringLiteral("expected /%1/, got (exit %2, %3 ms):\n%4").arg(expected).arg(o.exitCode).arg(o.ms).arg(shown)));
    qInfo("%s: exit %d in %lld ms", QTest::currentDataTag(), o.exitCode, o.ms);
}

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
