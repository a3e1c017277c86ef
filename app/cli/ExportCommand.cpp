#include "ExportCommand.h"

#include "CliSpecs.h"

#include "analysis/OptimalPath.h"
#include "dify/DifyExporter.h"
#include "io/AtomicWrite.h"
#include "yaml/GraphYamlReader.h"
#include "document/GraphDocument.h"
#include "export/SceneExporter.h"
#include "scene/GraphScene.h"
#include "validation/GraphValidator.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QImageReader>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace capgraph {

namespace {


constexpr double kMaxScale = 8;

} // namespace

int ExportCommand::usage(const QString &problem)
{
    print(m_err, CliSpecs::usageError(QStringLiteral("export"), problem));
    return BadInput;
}

int ExportCommand::exportDify(const QString &file, const QString &target)
{
    const GraphLoadResult loaded = GraphYamlReader::readFile(file);
    if (!loaded.ok()) {
        print(m_err, loaded.errorText() + QLatin1Char('\n'));
        return BadInput;
    }
    QStringList problems;
    const QByteArray dsl = DifyExporter::toDsl(*loaded.graph, &problems);
    if (dsl.isEmpty()) {
        for (const QString &problem : std::as_const(problems))
            print(m_err, QStringLiteral("%1: error: %2\n").arg(file, problem));
        return BadInput;
    }
    if (target.isEmpty()) {
        print(m_out, QString::fromUtf8(dsl));
        return Ok;
    }
    QString error;
    if (!writeFileAtomically(target, dsl, &error)) {
        print(m_err, QStringLiteral("capgraph: %1\n").arg(error));
        return BadInput;
    }
    return Ok;
}

int ExportCommand::run(const QStringList &args)
{
    CliParser p(QStringLiteral("export"));
    const QCommandLineOption &outputOption = p.option(QStringLiteral("output"));
    const QCommandLineOption &selectionOption = p.option(QStringLiteral("selection"));
    const QCommandLineOption &scaleOption = p.option(QStringLiteral("scale"));
    const QCommandLineOption &darkOption = p.option(QStringLiteral("dark"));
    const QCommandLineOption &pathOption = p.option(QStringLiteral("path"));
    const QCommandLineOption &budgetOption = p.option(QStringLiteral("budget"));
    const QCommandLineOption &formatOption = p.option(QStringLiteral("format"));
    if (const std::optional<int> done = p.open(args, [this](const QString &problem) { return usage(problem); }, [this](const QString &text) { print(m_out, text); }, QStringLiteral("export: ")))
        return *done;
    if (p.positionalArguments().size() != 1)
        return usage(QStringLiteral("export: expected exactly one FILE"));
    for (const QCommandLineOption *once : {&outputOption, &scaleOption, &pathOption, &budgetOption, &formatOption})
        if (p.values(*once).size() > 1)
            return usage(QStringLiteral("export: --%1 may be given once").arg(once->names().constLast()));

    // Everything the command line can get wrong, before any work.
    const QString target = p.value(outputOption);
    QString suffix = QFileInfo(target).suffix().toLower();
    if (p.isSet(formatOption) && p.value(formatOption).trimmed().toLower() == QLatin1String("dify"))
        return exportDify(p.positionalArguments().constFirst(), target);
    if (p.isSet(formatOption)) {
        const QString format = p.value(formatOption).trimmed().toLower();
        if (format != QLatin1String("svg") && format != QLatin1String("png") && format != QLatin1String("json"))
            return usage(QStringLiteral("export: --format is svg, png, json or dify, not '%1'").arg(p.value(formatOption)));
        if (!target.isEmpty() && suffix != format)
            return usage(QStringLiteral("export: %1 does not end in .%2, the --format given").arg(target, format));
        suffix = format;
    }
    if (target.isEmpty() && suffix != QLatin1String("json"))
        return usage(QStringLiteral("export: no output given (-o OUT.svg, -o OUT.png or -o OUT.json; --format json writes to standard output)"));
    if (suffix != QLatin1String("svg") && suffix != QLatin1String("png") && suffix != QLatin1String("json"))
        return usage(QStringLiteral("export: %1: unknown output type %2; the accepted extensions are .svg, .png and .json")
                         .arg(target, suffix.isEmpty() ? QStringLiteral("(no extension)") : QLatin1Char('.') + QFileInfo(target).suffix()));
    bool scaleOk = false;
    const double scale = p.value(scaleOption).trimmed().toDouble(&scaleOk);
    if (!scaleOk || !std::isfinite(scale) || scale <= 0 || scale > kMaxScale)
        return usage(QStringLiteral("export: --scale is a number > 0 and <= %1, not '%2'").arg(kMaxScale).arg(p.value(scaleOption)));
    QStringList selection;
    for (const QString &value : p.values(selectionOption))
        for (const QString &id : value.split(QLatin1Char(',')))
            if (!id.trimmed().isEmpty() && !selection.contains(id.trimmed()))
                selection.append(id.trimmed());
    if (p.isSet(selectionOption) && selection.isEmpty())
        return usage(QStringLiteral("export: --selection needs at least one node id"));
    std::optional<PathOptions> pathOptions;
    if (p.isSet(pathOption)) {
        const std::optional<PathDepth> depth = pathDepthFromName(p.value(pathOption));
        if (!depth)
            return usage(QStringLiteral("export: --path is quick or thorough, not '%1'").arg(p.value(pathOption)));
        pathOptions = PathOptions();
        pathOptions->depth = *depth;
    }
    if (p.isSet(budgetOption)) {
        if (!pathOptions)
            return usage(QStringLiteral("export: --budget goes with --path"));
        bool ok = false;
        const double budget = p.value(budgetOption).trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(budget) || budget < 0)
            return usage(QStringLiteral("export: --budget is a number >= 0 (time units), not '%1'").arg(p.value(budgetOption)));
        pathOptions->budget = budget;
    }
    if (!qobject_cast<QApplication *>(QCoreApplication::instance())) {
        print(m_err, QStringLiteral("capgraph: export: internal error: drawing needs a QApplication\n"));
        return BadInput;
    }

    // Open the graph the way the studio does: unplaced nodes get the layout engine's places.
    const QString file = p.positionalArguments().constFirst();
    editor::GraphDocument document;
    QString error;
    if (!document.load(file, &error)) {
        print(m_err, error + QLatin1Char('\n'));
        return BadInput;
    }
    QStringList unknown;
    for (const QString &id : std::as_const(selection))
        if (!document.node(id))
            unknown.append(QLatin1Char('\'') + id + QLatin1Char('\''));
    if (!unknown.isEmpty())
        return usage(QStringLiteral("export: --selection: %1: no node %2")
                         .arg(file, unknown.join(unknown.size() == 2 ? QStringLiteral(" or ") : QStringLiteral(", "))));

    // The canvas as the studio shows it: lint badges, colours, the optimal-path preview.
    editor::GraphScene scene(&document);
    scene.setDiagnostics(GraphValidator::validate(document.graph(), document.filePath()));
    scene.setDark(p.isSet(darkOption));
    if (pathOptions) {
        const PathResult path = scene.showOptimalPath(*pathOptions);
        if (!path.diagnostics.isEmpty()) { // bad `weight`/`quality` values: as `capgraph path`
            for (Diagnostic d : path.diagnostics) {
                d.file = file;
                print(m_err, d.format() + QLatin1Char('\n'));
            }
            return BadInput;
        }
        for (const QString &note : path.notes)
            print(m_err, QStringLiteral("capgraph: note: %1: %2\n").arg(file, note));
        if (path.found)
            print(m_err, QStringLiteral("capgraph: optimal path (%1): %2 nodes, cost %3, time %4\n")
                             .arg(pathDepthName(path.depth))
                             .arg(path.steps.size())
                             .arg(path.cost)
                             .arg(path.time));
        else
            print(m_err, QStringLiteral("capgraph: note: %1: no path: %2 (everything is drawn faded, as in the studio)\n")
                             .arg(file, path.reason));
    }
    if (suffix == QLatin1String("json")) {
        if (target.isEmpty()) {
            print(m_out, QString::fromUtf8(QJsonDocument(editor::SceneExporter::drawing(&scene, selection)).toJson(QJsonDocument::Indented)));
            return Ok;
        }
        if (!editor::SceneExporter::exportJson(&scene, target, selection, &error)) {
            print(m_err, QStringLiteral("capgraph: %1\n").arg(error));
            return BadInput;
        }
        print(m_err, QStringLiteral("capgraph: wrote %1 (%2 nodes)\n").arg(target).arg(selection.isEmpty() ? document.graph().nodes.size() : selection.size()));
        return Ok;
    }
    scene.selectNodes(selection);

    if (!editor::SceneExporter::exportTo(&scene, target, !selection.isEmpty(), scale, &error)) {
        print(m_err, QStringLiteral("capgraph: %1\n").arg(error));
        return BadInput;
    }
    const int nodes = int(document.graph().nodes.size());
    const QString what = selection.isEmpty() ? QStringLiteral("%1 nodes").arg(nodes)
                                             : QStringLiteral("%1 of %2 nodes").arg(selection.size()).arg(nodes);
    if (suffix == QLatin1String("png")) {
        const QSize size = QImageReader(target).size();
        print(m_err, QStringLiteral("capgraph: wrote %1 (%2 x %3 px, %4)\n").arg(target).arg(size.width()).arg(size.height()).arg(what));
    } else {
        print(m_err, QStringLiteral("capgraph: wrote %1 (%2)\n").arg(target, what));
    }
    return Ok;
}

} // namespace capgraph
