#include "CliApplication.h"
#include "CliSpecs.h"

#include "DiffCommand.h"
#include "ExportCommand.h"
#include "ImportCommand.h"
#include "CapabilitiesCommand.h"
#include "capability/CapabilitySources.h"
#include "PlanCommand.h"
#include "LayoutCommand.h"
#include "PathCommand.h"
#include "TestCommand.h"
#include "CallCommand.h"
#include "RunCommand.h"
#include "ServeCommand.h"

#include "CapGraphVersion.h"
#include "metrics/GraphMetrics.h"
#include "validation/GraphValidator.h"
#include "yaml/GraphYamlReader.h"
#include "yaml/GraphYamlWriter.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace capgraph {

namespace {

QString fileLabel(const QString &path) { return path == QLatin1String("-") ? QStringLiteral("<stdin>") : path; }

GraphLoadResult load(const QString &path)
{
    if (path == QLatin1String("-")) {
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly)) {
            GraphLoadResult r;
            r.unreadable = true;
            return r;
        }
        return GraphYamlReader::readBytes(in.readAll(), QStringLiteral("<stdin>"));
    }
    return GraphYamlReader::readFile(path);
}

// Comments other than the leading block, which the model does not keep.
int droppedComments(const QByteArray &original)
{
    int count = 0;
    bool header = true;
    for (const QByteArray &raw : original.split('\n')) {
        const QByteArray line = raw.trimmed();
        if (line.isEmpty())
            continue;
        if (line.startsWith('#')) {
            count += header ? 0 : 1;
            continue;
        }
        header = false;
        // A trailing comment, on a line without quotes (where '#' could be text).
        if (!line.contains('"') && !line.contains('\'') && line.contains(" #"))
            ++count;
    }
    return count;
}

QString plural(int n, const char *word)
{
    return QStringLiteral("%1 %2%3").arg(n).arg(QString::fromLatin1(word)).arg(n == 1 ? QString() : QStringLiteral("s"));
}

} // namespace

void CliApplication::print(const QString &text)
{
    const QByteArray b = text.toUtf8();
    std::fwrite(b.constData(), 1, size_t(b.size()), m_out);
}

void CliApplication::printErr(const QString &text)
{
    std::fflush(m_out); // keep stdout and stderr in order on a terminal
    const QByteArray b = text.toUtf8();
    std::fwrite(b.constData(), 1, size_t(b.size()), m_err);
}

int CliApplication::usage(const QString &problem)
{
    if (!problem.isEmpty()) {
        printErr(QStringLiteral("capgraph: %1\n\n").arg(problem));
        printErr(CliSpecs::overview());
        return Unreadable;
    }
    print(CliSpecs::overview());
    return Ok;
}

int CliApplication::commandUsage(const QString &command, const QString &problem)
{
    printErr(CliSpecs::usageError(command, command + QStringLiteral(": ") + problem));
    return Unreadable;
}

int CliApplication::run(const QStringList &arguments)
{
    const QStringList args = arguments.mid(1);
    if (args.isEmpty())
        return usage(QStringLiteral("no command given"));
    const QString command = args.first();
    const QStringList rest = args.mid(1);
    if (command == QLatin1String("-h") || command == QLatin1String("--help") || command == QLatin1String("help"))
        return usage();
    if (command == QLatin1String("-v") || command == QLatin1String("--version")) {
        print(QStringLiteral("capgraph %1\n").arg(QStringLiteral(CAPGRAPH_VERSION_STRING)));
        return Ok;
    }
    if (command == QLatin1String("validate"))
        return validate(rest);
    if (command == QLatin1String("metrics"))
        return metrics(rest);
    if (command == QLatin1String("fmt"))
        return fmt(rest);
    if (command == QLatin1String("run"))
        return RunCommand(m_out, m_err).run(rest);
    if (command == QLatin1String("resume"))
        return RunCommand(m_out, m_err).resume(rest);
    if (command == QLatin1String("layout"))
        return LayoutCommand(m_out, m_err).run(rest);
    if (command == QLatin1String("path"))
        return PathCommand(m_out, m_err).run(rest);
    if (command == QLatin1String("export"))
        return ExportCommand(m_out, m_err).run(rest);
    if (command == QLatin1String("import"))
        return ImportCommand(m_out, m_err).run(rest);
    if (command == QLatin1String("diff"))
        return DiffCommand(m_out, m_err).run(rest);
    if (command == QLatin1String("plan"))
        return PlanCommand(m_out, m_err).run(rest);
    if (command == QLatin1String("capabilities"))
        return CapabilitiesCommand(m_out, m_err).run(rest);
    if (command == QLatin1String("test"))
        return TestCommand(m_out, m_err).run(rest);
    if (command == QLatin1String("call"))
        return CallCommand(m_out, m_err).run(rest);
    if (command == QLatin1String("serve"))
        return ServeCommand(m_out, m_err).run(rest);
    return usage(QStringLiteral("unknown command '%1'").arg(command));
}

int CliApplication::validate(const QStringList &args)
{
    CliParser p(QStringLiteral("validate"));
    const QCommandLineOption &json = p.option(QStringLiteral("json"));
    const QCommandLineOption &werror = p.option(QStringLiteral("werror"));
    if (const std::optional<int> done = p.open(
            args, [this](const QString &problem) { return commandUsage(QStringLiteral("validate"), problem); },
            [this](const QString &text) { print(text); }))
        return *done;
    const QStringList files = p.positionalArguments();
    if (files.isEmpty())
        return commandUsage(QStringLiteral("validate"), QStringLiteral("no FILE given"));

    int exit = Ok;
    QJsonArray report;
    int totalErrors = 0, totalWarnings = 0;
    for (const QString &file : files) {
        const GraphLoadResult loaded = load(file);
        Diagnostics diags = loaded.diagnostics;
        if (loaded.ok()) {
            diags += GraphValidator::validate(*loaded.graph, fileLabel(file),
                                              CapabilitySources::load(file == QLatin1String("-") ? QString() : file));
        }
        int errors = 0, warnings = 0;
        for (const Diagnostic &d : diags) {
            errors += d.severity == Severity::Error;
            warnings += d.severity == Severity::Warning;
        }
        totalErrors += errors;
        totalWarnings += warnings;
        if (!loaded.ok())
            exit = Unreadable;
        else if ((errors > 0 || (p.isSet(werror) && warnings > 0)) && exit == Ok)
            exit = Findings;
        if (p.isSet(json)) {
            QJsonObject entry;
            entry.insert(QStringLiteral("file"), fileLabel(file));
            entry.insert(QStringLiteral("loaded"), loaded.ok());
            entry.insert(QStringLiteral("errors"), errors);
            entry.insert(QStringLiteral("warnings"), warnings);
            QJsonArray list;
            for (const Diagnostic &d : diags)
                list.append(d.toJson());
            entry.insert(QStringLiteral("diagnostics"), list);
            report.append(entry);
        } else {
            for (const Diagnostic &d : diags)
                print(d.format() + QLatin1Char('\n'));
        }
    }
    if (p.isSet(json)) {
        print(QString::fromUtf8(QJsonDocument(report).toJson(QJsonDocument::Indented)));
    } else {
        printErr(QStringLiteral("%1 checked: %2, %3\n")
                     .arg(plural(int(files.size()), "file"), plural(totalErrors, "error"), plural(totalWarnings, "warning")));
    }
    return exit;
}

int CliApplication::metrics(const QStringList &args)
{
    CliParser p(QStringLiteral("metrics"));
    const QCommandLineOption &json = p.option(QStringLiteral("json"));
    if (const std::optional<int> done = p.open(
            args, [this](const QString &problem) { return commandUsage(QStringLiteral("metrics"), problem); },
            [this](const QString &text) { print(text); }))
        return *done;
    const QStringList files = p.positionalArguments();
    if (files.isEmpty())
        return commandUsage(QStringLiteral("metrics"), QStringLiteral("no FILE given"));

    int exit = Ok;
    QJsonArray report;
    for (const QString &file : files) {
        const GraphLoadResult loaded = load(file);
        if (!loaded.ok()) {
            for (const Diagnostic &d : loaded.diagnostics)
                printErr(d.format() + QLatin1Char('\n'));
            exit = Unreadable;
            continue;
        }
        const GraphMetrics m = GraphMetrics::compute(*loaded.graph);
        if (p.isSet(json)) {
            QJsonObject o = m.toJson();
            o.insert(QStringLiteral("file"), fileLabel(file));
            o.insert(QStringLiteral("graph"), loaded.graph->id);
            report.append(o);
            continue;
        }
        auto row = [&](const QString &name, const QString &value) {
            print(QStringLiteral("  %1 %2\n").arg(name + QLatin1Char(':'), -24).arg(value));
        };
        print(QStringLiteral("%1 (%2)\n").arg(fileLabel(file), loaded.graph->id));
        row(QStringLiteral("nodes"), QString::number(m.nodeCount));
        row(QStringLiteral("edges"), QString::number(m.edgeCount));
        row(QStringLiteral("cyclomatic complexity"), QStringLiteral("%1  (E - N + 2P, P = %2)").arg(m.cyclomaticComplexity).arg(m.connectedComponents));
        row(QStringLiteral("max depth"), QString::number(m.maxDepth));
        row(QStringLiteral("branch factor"), QString::number(m.branchFactor, 'f', 2));
        row(QStringLiteral("loops"), QString::number(m.loopCount));
        row(QStringLiteral("max iterations"), QString::number(m.maxIterations));
        row(QStringLiteral("interactions"), QString::number(m.interactionCount));
        row(QStringLiteral("parallel branches"), QString::number(m.parallelBranches));
        row(QStringLiteral("estimated duration"), QStringLiteral("%1 cost units").arg(m.estimatedDuration));
        row(QStringLiteral("complexity score"),
            QStringLiteral("%1 / 100  (structure %2 + loops %3 + interactions %4 + parallel %5)")
                .arg(m.complexityScore)
                .arg(m.structureScore, 0, 'f', 1)
                .arg(m.loopScore, 0, 'f', 1)
                .arg(m.interactionScore, 0, 'f', 1)
                .arg(m.parallelScore, 0, 'f', 1));
        row(QStringLiteral("level"), complexityLevelName(m.level));
    }
    if (p.isSet(json))
        print(QString::fromUtf8(QJsonDocument(files.size() == 1 && report.size() == 1
                                                  ? QJsonDocument(report.first().toObject())
                                                  : QJsonDocument(report))
                                    .toJson(QJsonDocument::Indented)));
    return exit;
}

int CliApplication::fmt(const QStringList &args)
{
    CliParser p(QStringLiteral("fmt"));
    const QCommandLineOption &output = p.option(QStringLiteral("output"));
    const QCommandLineOption &inPlace = p.option(QStringLiteral("in-place"));
    const QCommandLineOption &check = p.option(QStringLiteral("check"));
    if (const std::optional<int> done = p.open(
            args, [this](const QString &problem) { return commandUsage(QStringLiteral("fmt"), problem); },
            [this](const QString &text) { print(text); }))
        return *done;
    const QStringList files = p.positionalArguments();
    if (files.size() != 1)
        return commandUsage(QStringLiteral("fmt"), QStringLiteral("expected exactly one FILE"));
    if (p.isSet(output) && p.isSet(inPlace))
        return commandUsage(QStringLiteral("fmt"), QStringLiteral("-o and -i exclude each other"));
    const QString file = files.first();

    QByteArray original;
    GraphLoadResult loaded;
    if (file == QLatin1String("-")) {
        QFile in;
        if (in.open(stdin, QIODevice::ReadOnly))
            original = in.readAll();
        loaded = GraphYamlReader::readBytes(original, QStringLiteral("<stdin>"));
    } else {
        QFile in(file);
        if (in.open(QIODevice::ReadOnly))
            original = in.readAll();
        loaded = GraphYamlReader::readFile(file);
    }
    if (!loaded.ok()) {
        for (const Diagnostic &d : loaded.diagnostics)
            printErr(d.format() + QLatin1Char('\n'));
        return Unreadable;
    }
    const QByteArray formatted = GraphYamlWriter::toYaml(*loaded.graph);
    if (!p.isSet(check)) {
        if (const int dropped = droppedComments(original))
            printErr(QStringLiteral("capgraph: note: %1: %2 not kept (only the file's leading comment block is)\n")
                         .arg(fileLabel(file), plural(dropped, "comment")));
    }
    if (p.isSet(check)) {
        if (formatted == original)
            return Ok;
        printErr(QStringLiteral("%1: not in canonical form (run: capgraph fmt -i %1)\n").arg(fileLabel(file)));
        return Findings;
    }
    QString target = p.value(output);
    if (p.isSet(inPlace)) {
        if (file == QLatin1String("-"))
            return commandUsage(QStringLiteral("fmt"), QStringLiteral("-i needs a file, not stdin"));
        target = file;
    }
    if (target.isEmpty() || target == QLatin1String("-")) {
        std::fwrite(formatted.constData(), 1, size_t(formatted.size()), m_out);
        return Ok;
    }
    QString error;
    if (!GraphYamlWriter::writeFile(*loaded.graph, target, &error)) {
        printErr(QStringLiteral("capgraph: %1\n").arg(error));
        return Unreadable;
    }
    return Ok;
}

} // namespace capgraph
