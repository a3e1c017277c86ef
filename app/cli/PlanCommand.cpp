#include "PlanCommand.h"

#include "CliSpecs.h"

#include "export/SceneExporter.h"
#include "plan/PlanReader.h"
#include "planview/PlanScene.h"
#include "plan/PlanSource.h"
#include "plan/PlanTopology.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace capgraph {

namespace {
QString planUsage()
{
    return QStringLiteral("usage: ") + CliSpecs::synopsis(CliSpecs::of(QStringLiteral("plan check"))) + QLatin1Char('\n') + CliSpecs::synopsis(CliSpecs::of(QStringLiteral("plan render"))) + QLatin1Char('\n')
         + QStringLiteral("(capgraph plan check --help and capgraph plan render --help list the options)\n");
}
} // namespace

int PlanCommand::usage(const QString &problem)
{
    print(m_err, QStringLiteral("capgraph: %1\n").arg(problem) + planUsage());
    return BadInput;
}

int PlanCommand::run(const QStringList &args)
{
    if (args.isEmpty())
        return usage(QStringLiteral("plan: say check or render"));
    if (args.first() == QLatin1String("-h") || args.first() == QLatin1String("--help")) {
        print(m_out, planUsage());
        return Ok;
    }
    if (args.first() == QLatin1String("check"))
        return check(args.mid(1));
    if (args.first() == QLatin1String("render"))
        return render(args.mid(1));
    return usage(QStringLiteral("plan: unknown subcommand '%1' (check or render)").arg(args.first()));
}

bool PlanCommand::load(const QString &location, PlanLoadResult *result)
{
    PlanSource source;
    QEventLoop loop;
    QStringList failures;
    bool got = false;
    QObject::connect(&source, &PlanSource::planReceived, &loop, [&](const PlanLoadResult &r) {
        *result = r;
        got = true;
    });
    QObject::connect(&source, &PlanSource::failed, &loop, [&](const QString &message) { failures << message; });
    QObject::connect(&source, &PlanSource::finished, &loop, &QEventLoop::quit);
    source.open(location);
    loop.exec();
    // PlanSource's messages start with the location (for the window's banner): once here. What
    // went wrong in a stream that still held a plan (an event dropped as too large) is a warning.
    if (!got && failures.isEmpty())
        failures << QStringLiteral("no plan");
    for (QString why : std::as_const(failures)) {
        if (why.startsWith(location + QStringLiteral(": ")))
            why = why.mid(location.size() + 2);
        print(m_err, QStringLiteral("%1: %2: %3\n").arg(location, got ? QStringLiteral("warning") : QStringLiteral("error"), why));
    }
    return got;
}

int PlanCommand::check(const QStringList &args)
{
    CliParser p(QStringLiteral("plan check"));
    const QCommandLineOption &jsonOption = p.option(QStringLiteral("json"));
    const QCommandLineOption &werrorOption = p.option(QStringLiteral("werror"));
    if (const std::optional<int> done = p.open(args, [this](const QString &problem) { return usage(problem); }, [this](const QString &text) { print(m_out, text); }, QStringLiteral("plan check: ")))
        return *done;
    if (p.positionalArguments().size() != 1)
        return usage(QStringLiteral("plan check: expected exactly one PLAN"));
    const QString location = p.positionalArguments().first();
    PlanLoadResult result;
    if (!load(location, &result))
        return BadInput;
    int errors = 0, warnings = 0, infos = 0;
    for (const Diagnostic &d : std::as_const(result.diagnostics))
        (d.severity == Severity::Error ? errors : d.severity == Severity::Warning ? warnings : infos)++;
    if (!result.ok()) {
        for (const Diagnostic &d : std::as_const(result.diagnostics))
            print(m_err, d.format() + QLatin1Char('\n'));
        return BadInput;
    }
    const Plan &plan = *result.plan;
    const PlanTopology topology(plan);
    QStringList critical;
    for (int t : topology.criticalPath())
        critical << plan.tasks.at(t).id;
    if (p.isSet(jsonOption)) {
        QJsonArray diagnostics;
        for (const Diagnostic &d : std::as_const(result.diagnostics))
            diagnostics.append(d.toJson());
        const PlanRollup r = topology.rollup();
        QJsonObject o{{QStringLiteral("plan"), location},
                      {QStringLiteral("hasPlanJson"), plan.hasPlanJson},
                      {QStringLiteral("tasks"), int(plan.tasks.size())},
                      {QStringLiteral("participants"), int(plan.participants.size())},
                      {QStringLiteral("dependencies"), int(topology.edges().size())},
                      {QStringLiteral("diagnostics"), diagnostics},
                      {QStringLiteral("rollup"), QJsonObject{{QStringLiteral("done"), r.done},
                                                             {QStringLiteral("inProgress"), r.inProgress},
                                                             {QStringLiteral("blocked"), r.blocked},
                                                             {QStringLiteral("ready"), r.ready},
                                                             {QStringLiteral("total"), r.total}}},
                      {QStringLiteral("criticalPath"), QJsonArray::fromStringList(critical)}};
        print(m_out, QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
    } else {
        for (const Diagnostic &d : std::as_const(result.diagnostics))
            print(m_out, d.format() + QLatin1Char('\n'));
        if (!plan.hasPlanJson) {
            print(m_out, QStringLiteral("%1: a plan.ready without plan_json: only its text (%2 characters)\n").arg(location).arg(plan.planText.size()));
        } else {
            const auto count = [](qsizetype n, const char *one, const char *many) {
                return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
            };
            print(m_out, QStringLiteral("%1: %2, %3, %4; %5, %6, %7\n")
                             .arg(location, count(plan.tasks.size(), "task", "tasks"),
                                  count(plan.participants.size(), "participant", "participants"),
                                  count(topology.edges().size(), "dependency", "dependencies"), count(errors, "error", "errors"),
                                  count(warnings, "warning", "warnings"), count(infos, "note", "notes")));
            print(m_out, QStringLiteral("  %1\n").arg(topology.rollup().text()));
            if (!critical.isEmpty())
                print(m_out, QStringLiteral("  critical path: %1 (%2 tasks)\n").arg(critical.join(QStringLiteral(" → "))).arg(critical.size()));
        }
    }
    return errors > 0 || (p.isSet(werrorOption) && warnings > 0) ? Problems : Ok;
}

int PlanCommand::render(const QStringList &args)
{
    CliParser p(QStringLiteral("plan render"));
    const QCommandLineOption &outputOption = p.option(QStringLiteral("output"));
    const QCommandLineOption &selectOption = p.option(QStringLiteral("select"));
    const QCommandLineOption &chainOption = p.option(QStringLiteral("whole-chain"));
    const QCommandLineOption &criticalOption = p.option(QStringLiteral("critical-path"));
    const QCommandLineOption &lanesOption = p.option(QStringLiteral("lanes"));
    const QCommandLineOption &scaleOption = p.option(QStringLiteral("scale"));
    if (const std::optional<int> done = p.open(args, [this](const QString &problem) { return usage(problem); }, [this](const QString &text) { print(m_out, text); }, QStringLiteral("plan render: ")))
        return *done;
    if (p.positionalArguments().size() != 1)
        return usage(QStringLiteral("plan render: expected exactly one PLAN"));
    if (!p.isSet(outputOption))
        return usage(QStringLiteral("plan render: -o OUT.svg|OUT.png is required"));
    const QString out = p.value(outputOption);
    if (!out.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive) && !out.endsWith(QLatin1String(".png"), Qt::CaseInsensitive))
        return usage(QStringLiteral("plan render: %1: the picture is .svg or .png").arg(out));
    bool scaleOk = false;
    const double scale = p.value(scaleOption).toDouble(&scaleOk);
    if (!scaleOk || !std::isfinite(scale) || scale <= 0 || scale > 8)
        return usage(QStringLiteral("plan render: --scale takes a number > 0 and <= 8"));
    const QString location = p.positionalArguments().first();
    PlanLoadResult result;
    if (!load(location, &result))
        return BadInput;
    for (const Diagnostic &d : std::as_const(result.diagnostics))
        if (d.severity != Severity::Info)
            print(m_err, d.format() + QLatin1Char('\n'));
    if (!result.ok())
        return BadInput;
    const Plan &plan = *result.plan;
    const PlanTopology topology(plan);
    QString why;
    if (!plan.hasPlanJson)
        why = QStringLiteral("the plan has no plan_json, only text");
    else if (plan.tasks.isEmpty())
        why = QStringLiteral("the plan has no tasks");
    else if (!topology.isAcyclic())
        why = QStringLiteral("the tasks form a cycle (%1)").arg(topology.cycles().constFirst().join(QStringLiteral(" → ")));
    if (!why.isEmpty()) {
        print(m_err, QStringLiteral("%1: cannot draw the plan: %2; nothing written (the studio shows its text instead)\n").arg(location, why));
        return Problems;
    }
    editor::PlanScene scene;
    scene.setLanes(p.isSet(lanesOption));
    scene.setPlan(plan);
    scene.setTransitive(p.isSet(chainOption));
    scene.setShowCriticalPath(p.isSet(criticalOption));
    if (p.isSet(selectOption)) {
        const int task = plan.taskIndex(p.value(selectOption));
        if (task < 0)
            return usage(QStringLiteral("plan render: --select %1: no task has that id").arg(p.value(selectOption)));
        scene.selectTask(task);
    }
    QString error;
    scene.setExporting(true);
    if (!editor::SceneExporter::render(&scene, scene.itemsBoundingRect().adjusted(-24, -24, 24, 24), Qt::white, out, scale, &error)) {
        print(m_err, QStringLiteral("capgraph: %1\n").arg(error));
        return BadInput;
    }
    print(m_err, QStringLiteral("capgraph: wrote %1 (%2 tasks)\n").arg(out).arg(plan.tasks.size()));
    return Ok;
}

} // namespace capgraph
