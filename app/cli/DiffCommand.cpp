#include "DiffCommand.h"

#include "CliSpecs.h"

#include "diff/GraphDiff.h"
#include "diff/GraphText.h"
#include "diff/RunDiff.h"
#include "exec/RunFiles.h"
#include "model/Graph.h"
#include "yaml/GraphYamlReader.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace capgraph {

namespace {

const QString kDevNull = QStringLiteral("/dev/null");

// The arguments git gives an external diff driver: PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE
// NEW-HEX NEW-MODE.
constexpr int kGitArguments = 7;

QString joinLines(const QStringList &lines)
{
    return lines.isEmpty() ? QString() : lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

bool readWhole(const QString &file, QByteArray *bytes, QString *error)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(file, f.errorString());
        return false;
    }
    *bytes = f.readAll();
    return true;
}

} // namespace

int DiffCommand::usage(const QString &problem)
{
    print(m_err, CliSpecs::usageError(QStringLiteral("diff"), QStringLiteral("diff: ") + problem));
    return Trouble;
}

int DiffCommand::run(const QStringList &args)
{
    CliParser p(QStringLiteral("diff"));
    const QCommandLineOption &jsonOption = p.option(QStringLiteral("json"));
    const QCommandLineOption &layoutOption = p.option(QStringLiteral("layout"));
    const QCommandLineOption &runsOption = p.option(QStringLiteral("runs"));
    const QCommandLineOption &textconvOption = p.option(QStringLiteral("textconv"));
    if (const std::optional<int> done = p.open(args, [this](const QString &problem) { return usage(problem); },
                                               [this](const QString &text) { print(m_out, text); }, QStringLiteral("diff: ")))
        return *done;
    const QStringList files = p.positionalArguments();
    if (p.isSet(textconvOption)) {
        if (p.isSet(jsonOption) || p.isSet(layoutOption) || p.isSet(runsOption))
            return usage(QStringLiteral("--textconv takes no other option"));
        if (files.size() != 1)
            return usage(QStringLiteral("--textconv takes exactly one FILE"));
        return textconv(files.first());
    }
    if (files.size() == kGitArguments && !p.isSet(jsonOption) && !p.isSet(runsOption))
        return git(files, p.isSet(layoutOption));
    if (files.size() != 2)
        return usage(QStringLiteral("expected OLD and NEW (or git's seven arguments), got %1 argument%2")
                         .arg(files.size()).arg(files.size() == 1 ? QString() : QStringLiteral("s")));
    if (p.isSet(runsOption)) {
        if (p.isSet(layoutOption))
            return usage(QStringLiteral("--layout compares graphs, not runs"));
        return runs(files.at(0), files.at(1), p.isSet(jsonOption));
    }
    return graphs(files.at(0), files.at(1), p.isSet(jsonOption), p.isSet(layoutOption));
}

std::optional<Graph> DiffCommand::load(const QString &file, const QString &label)
{
    if (file == kDevNull)
        return Graph();
    QByteArray bytes;
    QString error;
    if (!readWhole(file, &bytes, &error)) {
        print(m_err, QStringLiteral("capgraph: %1\n").arg(error));
        return std::nullopt;
    }
    GraphLoadResult loaded = GraphYamlReader::readBytes(bytes, label);
    if (!loaded.ok()) {
        for (const Diagnostic &d : loaded.diagnostics)
            print(m_err, d.format() + QLatin1Char('\n'));
        return std::nullopt;
    }
    return std::move(loaded.graph);
}

int DiffCommand::graphs(const QString &oldFile, const QString &newFile, bool json, bool layout)
{
    const std::optional<Graph> oldGraph = load(oldFile, oldFile);
    const std::optional<Graph> newGraph = load(newFile, newFile);
    if (!oldGraph || !newGraph)
        return Trouble;
    const GraphDiff diff = GraphDiff::compare(*oldGraph, *newGraph);
    if (json) {
        QJsonObject o = diff.toJson(layout);
        o.insert(QStringLiteral("old"), oldFile);
        o.insert(QStringLiteral("new"), newFile);
        print(m_out, QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
    } else {
        print(m_out, joinLines(diff.lines(layout)));
    }
    return diff.isEmpty(layout) ? Equal : Different;
}

int DiffCommand::runs(const QString &oldFile, const QString &newFile, bool json)
{
    QList<RunEvent> events[2];
    const QString files[2] = {oldFile, newFile};
    bool ok = true;
    for (int i = 0; i < 2; ++i) {
        QByteArray bytes;
        QString error;
        if (!readWhole(files[i], &bytes, &error) || !RunFiles::parseTrace(bytes, files[i], &events[i], &error)) {
            print(m_err, (error.startsWith(files[i]) ? QString() : QStringLiteral("capgraph: ")) + error + QLatin1Char('\n'));
            ok = false;
        }
    }
    if (!ok)
        return Trouble;
    const RunDiff diff = RunDiff::compare(RunSummary::of(events[0]), RunSummary::of(events[1]));
    if (json) {
        QJsonObject o = diff.toJson();
        o.insert(QStringLiteral("old_file"), oldFile);
        o.insert(QStringLiteral("new_file"), newFile);
        print(m_out, QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
    } else {
        print(m_out, joinLines(diff.lines()));
    }
    return diff.isEmpty() ? Equal : Different;
}

int DiffCommand::textconv(const QString &file)
{
    QByteArray bytes;
    QString error;
    if (!readWhole(file, &bytes, &error)) {
        print(m_err, QStringLiteral("capgraph: %1\n").arg(error));
        return Trouble;
    }
    const GraphLoadResult loaded = GraphYamlReader::readBytes(bytes, file);
    if (!loaded.ok()) {
        // git shows what textconv prints: a file that is not (yet) a graph diffs as its text.
        for (const Diagnostic &d : loaded.diagnostics)
            print(m_err, d.format() + QLatin1Char('\n'));
        print(m_err, QStringLiteral("capgraph: note: %1 is shown as written, not as a graph\n").arg(file));
        std::fwrite(bytes.constData(), 1, size_t(bytes.size()), m_out);
        return Equal;
    }
    print(m_out, GraphText::of(*loaded.graph));
    return Equal;
}

int DiffCommand::git(const QStringList &args, bool layout)
{
    const QString path = args.at(0);
    const QString oldFile = args.at(1);
    const QString newFile = args.at(4);
    const std::optional<Graph> oldGraph = load(oldFile, QStringLiteral("a/") + path);
    const std::optional<Graph> newGraph = load(newFile, QStringLiteral("b/") + path);
    if (!oldGraph || !newGraph)
        return Trouble;
    const GraphDiff diff = GraphDiff::compare(*oldGraph, *newGraph);
    QString head = QStringLiteral("capgraph diff a/%1 b/%1").arg(path);
    if (oldFile == kDevNull)
        head += QStringLiteral(" (new graph)");
    else if (newFile == kDevNull)
        head += QStringLiteral(" (graph deleted)");
    else if (diff.isEmpty(layout))
        head += QStringLiteral(" (no change of meaning)");
    print(m_out, head + QLatin1Char('\n') + joinLines(diff.lines(layout)));
    // git stops at an external diff that exits non-zero: a difference is not trouble here.
    return Equal;
}

} // namespace capgraph
