#include "PathCommand.h"
#include "io/AtomicWrite.h"

#include "CliSpecs.h"

#include "analysis/OptimalPath.h"
#include "yaml/GraphYamlReader.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace capgraph {

namespace {


QString number(double v)
{
    return QString::number(v, 'g', 12);
}

QString textReport(const PathResult &r, const QString &file, const QString &graphId)
{
    QString text = QStringLiteral("%1 (%2): depth %3 (quality >= %4), budget %5\n")
                       .arg(graphId, file, pathDepthName(r.depth), number(r.qualityThreshold),
                            std::isfinite(r.budget) ? number(r.budget) : QStringLiteral("none"));
    if (!r.found)
        return text + QStringLiteral("no path: %1\n").arg(r.reason);
    text += QStringLiteral("%1 %2  node\n").arg(QStringLiteral("cost"), 8).arg(QStringLiteral("time"), 8);
    for (const PathStep &st : r.steps) {
        QString label;
        for (int i = 0; i < st.level; ++i)
            label += QStringLiteral("  ");
        if (st.level > 0)
            label += QStringLiteral("%1| ").arg(st.branch + 1);
        label += st.nodeId;
        QStringList about;
        if (!st.condition.isEmpty())
            about.append(st.condition);
        if (st.branchCount > 0)
            about.append(st.branchCount == 1 ? QStringLiteral("parallel: 1 branch")
                                             : QStringLiteral("parallel: %1 branches").arg(st.branchCount));
        if (st.repeatTime > 0 || st.repeatCost > 0)
            about.append(st.repeatCost == st.repeatTime
                             ? QStringLiteral("repeats +%1").arg(number(st.repeatTime))
                             : QStringLiteral("repeats +%1 time, +%2 cost").arg(number(st.repeatTime), number(st.repeatCost)));
        if (st.quality < 1)
            about.append(QStringLiteral("quality %1").arg(number(st.quality)));
        if (!about.isEmpty())
            label += QStringLiteral("  (%1)").arg(about.join(QStringLiteral(", ")));
        text += QStringLiteral("%1 %2  %3\n").arg(number(st.cost), 8).arg(number(st.time), 8).arg(label);
    }
    text += QStringLiteral("%1 nodes, cost %2, time %3%4\n")
                .arg(r.steps.size())
                .arg(number(r.cost), number(r.time),
                     std::isfinite(r.budget) ? QStringLiteral(" of %1").arg(number(r.budget)) : QString());
    return text;
}

} // namespace

int PathCommand::usage(const QString &problem)
{
    print(m_err, CliSpecs::usageError(QStringLiteral("path"), problem));
    return BadInput;
}

bool PathCommand::readContext(const CliParser &p, std::optional<PathDepth> *depth, std::optional<double> *budget, QString *problem)
{
    const QStringList depths = p.values(QStringLiteral("depth"));
    const QStringList budgets = p.values(QStringLiteral("budget"));
    if (depths.size() > 1 || budgets.size() > 1) {
        *problem = QStringLiteral("--depth and --budget may be given once");
        return false;
    }
    if (!depths.isEmpty()) {
        *depth = pathDepthFromName(depths.first());
        if (!*depth) {
            *problem = QStringLiteral("--depth is quick or thorough, not '%1'").arg(depths.first());
            return false;
        }
    }
    if (!budgets.isEmpty()) {
        bool ok = false;
        const double b = budgets.first().trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(b) || b < 0) {
            *problem = QStringLiteral("--budget is a number >= 0 (time units), not '%1'").arg(budgets.first());
            return false;
        }
        *budget = b;
    }
    return true;
}

int PathCommand::run(const QStringList &args)
{
    CliParser p(QStringLiteral("path"));
    const QCommandLineOption &jsonOption = p.option(QStringLiteral("json"));
    const QCommandLineOption &outputOption = p.option(QStringLiteral("output"));
    if (const std::optional<int> done = p.open(args, [this](const QString &problem) { return usage(problem); }, [this](const QString &text) { print(m_out, text); }, QStringLiteral("path: ")))
        return *done;
    if (p.positionalArguments().size() != 1)
        return usage(QStringLiteral("path: expected exactly one FILE"));
    std::optional<PathDepth> depth;
    std::optional<double> budget;
    QString problem;
    if (!readContext(p, &depth, &budget, &problem))
        return usage(QStringLiteral("path: ") + problem);

    const QString file = p.positionalArguments().first();
    const QString label = file == QLatin1String("-") ? QStringLiteral("<stdin>") : file;
    GraphLoadResult loaded;
    if (file == QLatin1String("-")) {
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly)) {
            print(m_err, QStringLiteral("capgraph: cannot read standard input\n"));
            return BadInput;
        }
        loaded = GraphYamlReader::readBytes(in.readAll(), label);
    } else {
        loaded = GraphYamlReader::readFile(file);
    }
    if (!loaded.ok()) {
        for (const Diagnostic &d : loaded.diagnostics)
            print(m_err, d.format() + QLatin1Char('\n'));
        return BadInput;
    }

    const PathResult result = OptimalPath::find(*loaded.graph, pathOptionsFor(*loaded.graph, depth, budget));
    if (!result.diagnostics.isEmpty()) {
        for (Diagnostic d : result.diagnostics) {
            d.file = label;
            print(m_err, d.format() + QLatin1Char('\n'));
        }
        return BadInput;
    }
    for (const QString &note : result.notes)
        print(m_err, QStringLiteral("capgraph: note: %1: %2\n").arg(label, note));

    QByteArray output;
    if (p.isSet(jsonOption)) {
        QJsonObject o = result.toJson();
        o.insert(QStringLiteral("file"), label);
        o.insert(QStringLiteral("graph"), loaded.graph->id);
        output = QJsonDocument(o).toJson(QJsonDocument::Indented);
    } else {
        output = textReport(result, label, loaded.graph->id).toUtf8();
    }
    const QString target = p.value(outputOption);
    if (target.isEmpty() || target == QLatin1String("-")) {
        std::fwrite(output.constData(), 1, size_t(output.size()), m_out);
    } else {
        // Atomic: a failed write never leaves half a file.
        QString why;
        if (!writeFileAtomically(target, output, &why)) {
            print(m_err, QStringLiteral("capgraph: %1\n").arg(why));
            return BadInput;
        }
    }
    return result.found ? Found : NoPath;
}

} // namespace capgraph
