#include "CliSpecs.h"

#include "capability/CapabilitySources.h"

#include <QStringList>

namespace capgraph {

namespace {
CliOptionSpec flag(const char *names, const char *help)
{
    return {QString::fromUtf8(names), QString(), QString::fromUtf8(help), false, QString()};
}
CliOptionSpec valued(const char *names, const char *value, const char *help, bool repeatable = false)
{
    return {QString::fromUtf8(names), QString::fromUtf8(value), QString::fromUtf8(help), repeatable, QString()};
}
CliOptionSpec defaulted(const char *names, const char *value, const char *help, const char *defaultValue)
{
    return {QString::fromUtf8(names), QString::fromUtf8(value), QString::fromUtf8(help), false, QString::fromUtf8(defaultValue)};
}

const char kPlanNote[] = "PLAN: a plan_json or plan.ready file, a recorded event stream, or an http(s) URL (JSON or text/event-stream).";

QList<CliSpec> makeSpecs()
{
    const CliOptionSpec json = flag("json", "write the result as JSON");
    const QString capabilityFolders = QStringLiteral("Without DIR: ./capabilities and the user's folder (%1).").arg(CapabilitySources::userFolder());
    return {
        {QStringLiteral("validate"), QStringLiteral("FILE..."), QStringLiteral("load and lint graphs (FILE - reads standard input)"),
         {json, flag("werror", "exit 1 on warnings too")},
         QStringLiteral("Exit 0 without errors, 1 with errors (or warnings with --werror), 2 when a file cannot be read.")},
        {QStringLiteral("metrics"), QStringLiteral("FILE..."), QStringLiteral("complexity metrics and level"), {json}, QString()},
        {QStringLiteral("fmt"), QStringLiteral("FILE"), QStringLiteral("write the canonical form (to standard output by default)"),
         {valued("o,output", "OUT", "write to OUT (atomically: a failed write leaves OUT as it was)"),
          flag("i,in-place", "rewrite FILE itself (atomically)"), flag("check", "exit 1 when FILE is not in canonical form; write nothing")},
         QString()},
        {QStringLiteral("run"), QStringLiteral("FILE"), QStringLiteral("run a graph (builtins, capabilities: api, command, llm, sub-graphs; mocks)"),
         {valued("input", "JSON|@FILE", "the run's input: a JSON (or YAML) object, or @FILE to read it from a file"),
          valued("answers", "FILE", "answers to interactions: a map of ids to answers (a list: successive answers)"),
          valued("answer", "ID=VALUE", "answer interaction ID (VALUE is JSON when it parses as JSON, else text)", true),
          valued("mock", "FILE", "stand-ins for skills or nodes (docs/execution.md, \"Mocks\")"),
          valued("pinned", "FILE", "pinned outputs: these skill nodes give the outputs in FILE, their handlers are not called"),
          valued("fork", "TRACE", "a new run that goes on from a step of the run TRACE recorded (with --at; --input is not read)"),
          valued("at", "STEP", "with --fork: the step to go on from, as the trace counts them"),
          valued("set", "NAME=VALUE", "with --fork: a value changed first (node.output, input.key or a variable; VALUE is JSON when it parses, else text)", true),
          valued("trace", "FILE", "write every event as JSON Lines"),
          valued("checkpoint", "FILE", "keep the run state in FILE (when the run stops, and every 2 s), for `capgraph resume`"),
          valued("max-steps", "N", "stop the run after N node executions (default 1000000)"),
          valued("depth", "quick|thorough", "the depth `select: optimal` branches choose for (default: the graph's execution_context, else quick)"),
          valued("budget", "N", "the time budget `select: optimal` branches choose within (time units, as capgraph path)"),
          flag("cancel-background", "cancel background branches when the main path ends"),
          valued("warmup", "N", "run N throw-away runs first (a benchmark aid)"),
          valued("capabilities", "DIR", "read capability definitions from DIR first", true),
          flag("trust", "let a graph from an untrusted folder run commands and call web APIs"),
          valued("session", "FILE", "keep state between runs: the previous run's variables come back as input.session"),
          valued("debug-listen", "HOST:PORT", "serve the run server's API for this run on a loopback address (docs/server.md): watch, answer, pause, step it over HTTP"),
          flag("debug-pause", "with --debug-listen: stand paused before the first node until a client resumes or steps the run"),
          valued("otlp", "URL", "export the run's trace as OpenTelemetry spans to an OTLP/HTTP collector (docs/observability.md)"),
          flag("otlp-content", "with --otlp: put nodes' inputs and outputs in the spans"),
          json, flag("quiet", "no warnings, log lines, progress or closing note on standard error")},
         QStringLiteral("Exit 0 finished, 1 failed, 2 bad input, 3 waiting for input nobody gave, 130 interrupted.")},
        {QStringLiteral("call"), QStringLiteral("FILE NODE"), QStringLiteral("run one skill node alone: its handler called once with the input given"),
         {valued("input", "JSON|@FILE", "the node's input (a JSON or YAML object, or @FILE); over --from-trace's, key by key"),
          valued("from-trace", "TRACE", "start from the input the node last had in TRACE (a run's trace, JSON Lines)"),
          valued("settings", "JSON|@FILE", "handler settings to use instead of the definition's (llm: messages, model, temperature, max_tokens, top_p, seed)"),
          flag("show-settings", "print the settings the handler would use for the input (as --settings takes them) and stop"),
          valued("mock", "FILE", "stand-ins for skills or nodes (docs/execution.md, \"Mocks\")"),
          valued("capabilities", "DIR", "read capability definitions from DIR first", true),
          flag("trust", "let a graph from an untrusted folder run commands and call web APIs"),
          json},
         QStringLiteral("Prints the node's outputs as JSON. Exit 0 when the call succeeds, 1 when it fails, 2 on bad input\n(no such skill node, an input that does not parse, a graph that cannot run).")},
        {QStringLiteral("serve"), QString(), QStringLiteral("run graphs as a service: an HTTP API whose runs are kept in an SQLite or PostgreSQL store (docs/server.md)"),
         {defaulted("listen", "HOST:PORT", "where to listen (default 127.0.0.1:8750; port 0: any free one; an address other than loopback needs --token-file)", "127.0.0.1:8750"),
          valued("store", "FILE|URL", "the SQLite file the runs are kept in (default: runs.sqlite in the user's data folder), or a PostgreSQL database several servers share (postgresql://USER@HOST/DB; docs/deploy.md)"),
          valued("graphs", "DIR", "the folder whose graph files a request may name (\"graph\": NAME)"),
          valued("capabilities", "DIR", "read capabilities from DIR before a graph's own capabilities/ folder", true),
          defaulted("workers", "N", "queued runs started while fewer than N run (default 4; runs waiting for an answer do not count)", "4"),
          defaulted("lease", "SECONDS", "how long a run stays this server's without a renewal: a server that dies leaves its runs to the others after that (default 15)", "15"),
          valued("token-file", "FILE", "every request must carry Authorization: Bearer TOKEN, TOKEN being FILE's one line"),
          valued("trust", "DIR", "graphs under DIR may run commands and call web APIs (others' such calls fail)", true),
          valued("mock", "FILE", "stand-ins for skills, for every run"),
          valued("otlp", "URL", "export every run's trace as OpenTelemetry spans to an OTLP/HTTP collector (docs/observability.md)"),
          flag("otlp-content", "with --otlp: put nodes' inputs and outputs in the spans")},
         QStringLiteral("Runs until SIGINT or SIGTERM; the runs that had not ended go on from their last checkpoint when it is started\n"
                        "again on the same store (on a shared store: at once, on the other servers). Exit 0 when stopped so, 2 on bad options, a store that cannot be opened or an\n"
                        "address it cannot listen on.")},
        {QStringLiteral("resume"), QStringLiteral("CHECKPOINT"), QStringLiteral("go on with a run saved by --checkpoint"),
         {valued("answer", "ID=VALUE", "answer interaction ID (VALUE is JSON when it parses as JSON, else text)", true),
          valued("answers", "FILE", "answers to interactions: a map of ids to answers"),
          valued("mock", "FILE", "stand-ins for skills or nodes (default: the run's own)"),
          valued("trace", "FILE", "append every event to FILE as JSON Lines"),
          valued("checkpoint", "OUT", "save the resumed run into OUT instead of CHECKPOINT"),
          flag("trust", "let a graph from an untrusted folder run commands and call web APIs"),
          valued("debug-listen", "HOST:PORT", "serve the run server's API for the run from where it goes on, on a loopback address (docs/server.md)"),
          flag("debug-pause", "with --debug-listen: stand paused before going on until a client resumes or steps the run"),
          json, flag("quiet", "no warnings, log lines, progress or closing note on standard error")},
         QStringLiteral("Exit codes as for run; the graph file must not have changed since the checkpoint.")},
        {QStringLiteral("layout"), QStringLiteral("IN OUT"), QStringLiteral("layered layout of a plan or graph (a drawing as JSON)"),
         {defaulted("direction", "LR|TB", "the direction of flow (default LR)", "LR"),
          valued("group-by", "assignee", "keep each assignee's tasks adjacent in every layer"),
          flag("lanes", "one band per assignee"),
          valued("node-sep", "PX", "the space between boxes of a layer"),
          valued("layer-sep", "PX", "the space between layers")},
         QStringLiteral("IN: a plan topology JSON, a plan_json or plan.ready event's data, or a capability graph (YAML).")},
        {QStringLiteral("path"), QStringLiteral("FILE"), QStringLiteral("cheapest start -> end path under a depth and time budget"),
         {valued("depth", "quick|thorough", "the preferred depth (default: the graph's execution_context, else quick)"),
          valued("budget", "N", "the time budget (time units; default: the graph's execution_context, else none)"), json,
          valued("o,output", "OUT", "write the graph with the path marked to OUT")},
         QString()},
        {QStringLiteral("test"), QStringLiteral("PATH..."), QStringLiteral("run graph test suites (*.test.yaml files, or folders of them)"),
         {valued("junit", "FILE", "also write the results as JUnit XML to FILE"),
          valued("case", "TEXT", "only the cases whose name contains TEXT"),
          flag("trust", "let the graphs run commands and call web APIs"),
          valued("timeout", "S", "fail a case whose run takes longer than S seconds (default 60; a case's `timeout:` wins)"),
          flag("verbose", "print the route of every case")},
         QStringLiteral("Exit 0 when every case passes, 1 when a case fails or cannot run, 2 on a test file that cannot be read or\nis not a valid suite (FILE:line:column says where).")},
        {QStringLiteral("import"), QStringLiteral("dify APP.yml"), QStringLiteral("a Dify app DSL (File > Export DSL) as a capability graph that runs"),
         {valued("o,output", "GRAPH", "write the graph to GRAPH (default: APP.capgraph.yaml beside APP.yml, which must not exist)"),
          flag("report", "list per node what it became: mapped, approximated (and how) or a stand-in"),
          valued("mocks", "FILE", "also write a mock file with a placeholder answer per LLM, tool and stand-in call"),
          flag("layout", "drop Dify's positions: the studio lays the graph out")},
         QStringLiteral("The DSL file is only read. Exit 0 written, 2 when APP.yml cannot be read or is no Dify app with a workflow\n"
                        "(FILE:line:column says why). docs/dify.md has the mapping.")},
        {QStringLiteral("export"), QStringLiteral("FILE"), QStringLiteral("the studio's picture of a graph (SVG, PNG, or its drawing as JSON), or the graph as a Dify DSL"),
         {valued("o,output", "OUT", "OUT.svg, OUT.png, OUT.json, or OUT.yml with --format dify"),
          valued("format", "svg|png|json|dify", "the format, when OUT's extension does not say (json and dify: to standard output without -o)"),
          valued("selection", "ID,ID...", "only these nodes (and the edges among them)"),
          defaulted("scale", "N", "pixels per point of a PNG (default 2, at most 8)", "2"),
          flag("dark", "the studio's dark theme"),
          valued("path", "quick|thorough", "mark the optimal path for this depth"),
          valued("budget", "N", "the time budget of --path")},
         QString()},
        {QStringLiteral("diff"), QStringLiteral("OLD NEW"), QStringLiteral("what changed between two graphs by meaning, or between two runs' traces"),
         {json, flag("layout", "also list nodes and notes that moved (layout changes count as differences then)"),
          flag("runs", "OLD and NEW are traces (JSON Lines from run --trace): routes, outputs, steps, time, tokens"),
          flag("textconv", "print one graph (OLD alone) as canonical text, for git's textconv")},
         QStringLiteral("Exit 0 equal, 1 different, 2 when a file cannot be read or is not a graph (or a trace).\n"
                        "As git's external diff driver it takes git's seven arguments\n"
                        "(PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE) and exits 0 when both sides load.\n"
                        "Set-up for git: docs/cli.md, \"diff\".")},
        {QStringLiteral("plan check"), QStringLiteral("PLAN"), QStringLiteral("a negotiated plan's problems, roll-up and critical path"),
         {json, flag("werror", "exit 1 on warnings too")},
         QString::fromUtf8(kPlanNote) + QStringLiteral("\nExit 0 without errors, 1 with, 2 when PLAN cannot be read or is not a plan.")},
        {QStringLiteral("plan render"), QStringLiteral("PLAN"), QStringLiteral("the plan viewer's picture (SVG or PNG)"),
         {valued("o,output", "OUT", "OUT.svg or OUT.png"),
          valued("select", "TASK", "highlight TASK and its direct neighbours, the rest dimmed"),
          flag("whole-chain", "with --select: the whole upstream and downstream chains"),
          flag("critical-path", "mark the critical path"),
          flag("lanes", "one band per participant"),
          defaulted("scale", "N", "pixels per point of a PNG (default 2)", "2")},
         QString::fromUtf8(kPlanNote)},
        {QStringLiteral("capabilities list"), QStringLiteral("[DIR...]"), QStringLiteral("the capabilities skills can name (seed 003)"),
         {valued("graph", "FILE", "the capabilities FILE's skills can name (its folder's capabilities/ first)"),
          valued("search", "TEXT", "only those whose name, description or tags contain TEXT"), json},
         capabilityFolders},
        {QStringLiteral("capabilities show"), QStringLiteral("NAME[@VERSION] [DIR...]"), QStringLiteral("one capability: its inputs, outputs and handler"),
         {valued("graph", "FILE", "look where FILE's skills look"), json},
         capabilityFolders},
        {QStringLiteral("capabilities validate"), QStringLiteral("[DIR|FILE...]"), QStringLiteral("check capability definitions statically"),
         {json},
         capabilityFolders + QStringLiteral("\nExit 0 when every definition is valid, 1 otherwise.")},
    };
}

QString optionLabel(const CliOptionSpec &o)
{
    QStringList names;
    for (const QString &n : o.names.split(QLatin1Char(',')))
        names << (n.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + n;
    return names.join(QStringLiteral(", ")) + (o.value.isEmpty() ? QString() : QLatin1Char(' ') + o.value);
}

// "[--input JSON|@FILE]", "[--answer ID=VALUE]...", "[-o OUT]"
QString synopsisPart(const CliOptionSpec &o)
{
    const QString name = o.names.section(QLatin1Char(','), 0, 0);
    const QString flagText = (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
    return QLatin1Char('[') + flagText + (o.value.isEmpty() ? QString() : QLatin1Char(' ') + o.value) + QLatin1Char(']')
         + (o.repeatable ? QStringLiteral("...") : QString());
}
} // namespace

const QList<CliSpec> &CliSpecs::all()
{
    static const QList<CliSpec> specs = makeSpecs();
    return specs;
}

const CliSpec &CliSpecs::of(const QString &command)
{
    for (const CliSpec &s : all())
        if (s.command == command)
            return s;
    qFatal("capgraph: no command '%s' in the option table", qPrintable(command));
}

QString CliSpecs::synopsis(const CliSpec &spec)
{
    const QString head = spec.arguments.isEmpty() ? QStringLiteral("capgraph %1").arg(spec.command)
                                                  : QStringLiteral("capgraph %1 %2").arg(spec.command, spec.arguments);
    QString text = head;
    qsizetype lineStart = 0;
    for (const CliOptionSpec &o : spec.options) {
        const QString part = synopsisPart(o);
        if (text.size() - lineStart + 1 + part.size() > 100) {
            text += QLatin1Char('\n') + QString(head.size(), QLatin1Char(' '));
            lineStart = text.lastIndexOf(QLatin1Char('\n')) + 1;
        }
        text += QLatin1Char(' ') + part;
    }
    return text;
}

QString CliSpecs::help(const CliSpec &spec)
{
    QString text = QStringLiteral("usage: %1\n\n%2\n\nOptions:\n").arg(synopsis(spec), spec.summary.left(1).toUpper() + spec.summary.mid(1) + QLatin1Char('.'));
    int width = 14;
    for (const CliOptionSpec &o : spec.options)
        width = std::max(width, int(optionLabel(o).size()));
    for (const CliOptionSpec &o : spec.options)
        text += QStringLiteral("  %1  %2%3\n").arg(optionLabel(o), -width).arg(o.help, o.repeatable ? QStringLiteral(" (repeatable)") : QString());
    text += QStringLiteral("  %1  %2\n").arg(QStringLiteral("-h, --help"), -width).arg(QStringLiteral("show this help"));
    if (!spec.notes.isEmpty())
        text += QLatin1Char('\n') + spec.notes + QLatin1Char('\n');
    return text;
}

QString CliSpecs::overview()
{
    QString text = QStringLiteral(
        "Usage: capgraph <command> [options]\n"
        "\n"
        "Design, check, run and measure agent capability graphs (YAML, see docs/graph-format.md),\n"
        "and check and draw negotiated plans.\n"
        "\n"
        "Commands (capgraph COMMAND --help lists a command's options):\n");
    for (const CliSpec &s : all()) {
        const QString head = s.arguments.isEmpty() ? s.command : s.command + QLatin1Char(' ') + s.arguments;
        text += head.size() <= 38 ? QStringLiteral("  %1 %2\n").arg(head, -38).arg(s.summary)
                                  : QStringLiteral("  %1\n  %2 %3\n").arg(head).arg(QString(), -38).arg(s.summary);
    }
    text += QStringLiteral("  %1 %2\n").arg(QStringLiteral("help"), -38).arg(QStringLiteral("this text"));
    text += QStringLiteral(
        "\n"
        "Options:\n"
        "  -h, --help       show this text\n"
        "  -v, --version    show the version\n"
        "\n"
        "Exit codes: 0 ok; 1 errors found (validate), not canonical (fmt --check), the run (or call) failed,\n"
        "            no path satisfies the constraints (path), a test case failed (test) or the files\n"
        "            differ (diff);\n"
        "            2 unreadable or malformed input, an invalid graph, or a usage error;\n"
        "            3 a run waits for input nobody gave; 130 a run was interrupted.\n");
    return text;
}

QString CliSpecs::usageError(const QString &command, const QString &problem)
{
    return QStringLiteral("capgraph: %1\nusage: %2\n(capgraph %3 --help lists the options)\n").arg(problem, synopsis(of(command)), command);
}

CliParser::CliParser(const QString &command)
    : m_spec(CliSpecs::of(command))
    , m_help(QStringList{QStringLiteral("h"), QStringLiteral("help")})
{
    setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsOptions);
    for (const CliOptionSpec &o : m_spec.options) {
        QCommandLineOption option(o.names.split(QLatin1Char(',')), o.help);
        if (!o.value.isEmpty())
            option.setValueName(o.value);
        if (!o.defaultValue.isEmpty())
            option.setDefaultValue(o.defaultValue);
        m_options << option;
    }
    addOptions(m_options);
    addOption(m_help);
}

bool CliParser::read(const QStringList &args)
{
    return parse(QStringList{QStringLiteral("capgraph")} + args);
}

std::optional<int> CliParser::open(const QStringList &args, const std::function<int(const QString &)> &usage,
                                   const std::function<void(const QString &)> &help, const QString &prefix)
{
    if (!read(args))
        return usage(prefix + errorText());
    if (helpRequested()) {
        help(CliSpecs::help(m_spec));
        return 0;
    }
    return std::nullopt;
}

const QCommandLineOption &CliParser::option(const QString &longName) const
{
    for (const QCommandLineOption &o : m_options)
        if (o.names().contains(longName))
            return o;
    qFatal("capgraph %s: no option '%s' in the option table", qPrintable(m_spec.command), qPrintable(longName));
}

} // namespace capgraph
