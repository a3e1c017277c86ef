#include "CapabilitiesCommand.h"

#include "CliSpecs.h"

#include "capability/CapabilityRegistry.h"
#include "capability/CapabilitySources.h"
#include "capability/SchemaProperties.h"

#include <QCommandLineParser>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace capgraph {

namespace {

QString capabilitiesUsage()
{
    return QStringLiteral("usage: ") + CliSpecs::synopsis(CliSpecs::of(QStringLiteral("capabilities list"))) + QLatin1Char('\n') + CliSpecs::synopsis(CliSpecs::of(QStringLiteral("capabilities show"))) + QLatin1Char('\n') + CliSpecs::synopsis(CliSpecs::of(QStringLiteral("capabilities validate"))) + QLatin1Char('\n')
         + QStringLiteral("(capgraph capabilities list --help, ... show --help and ... validate --help list the options)\n");
}

QJsonObject summary(const Capability &c)
{
    QJsonObject o{{QStringLiteral("name"), c.name},
                  {QStringLiteral("version"), c.version},
                  {QStringLiteral("description"), c.description},
                  {QStringLiteral("tags"), QJsonArray::fromStringList(c.tags)},
                  {QStringLiteral("kind"), c.isComposite() ? QStringLiteral("composite") : QStringLiteral("atomic")},
                  {QStringLiteral("handler"), c.handlerType()},
                  {QStringLiteral("file"), c.file},
                  {QStringLiteral("line"), c.line}};
    return o;
}

// "symbol: string (required) — The stock ticker symbol"
QStringList schemaLines(const QJsonObject &schema)
{
    QStringList out;
    for (const SchemaProperty &p : schemaProperties(schema))
        out << QStringLiteral("  %1: %2%3%4%5")
                   .arg(p.name, p.type, p.required ? QStringLiteral(" (required)") : QString(),
                        p.defaultValue.isEmpty() ? QString() : QStringLiteral(" = ") + p.defaultValue,
                        p.description.isEmpty() ? QString() : QStringLiteral(" — ") + p.description);
    if (out.isEmpty())
        out << QStringLiteral("  (%1)").arg(schema.isEmpty() ? QStringLiteral("none") : QString::fromUtf8(QJsonDocument(schema).toJson(QJsonDocument::Compact)));
    return out;
}
} // namespace

int CapabilitiesCommand::usage(const QString &problem)
{
    print(m_err, QStringLiteral("capgraph: %1\n").arg(problem) + capabilitiesUsage());
    return BadInput;
}

int CapabilitiesCommand::run(const QStringList &args)
{
    if (args.isEmpty())
        return usage(QStringLiteral("capabilities: say list, show or validate"));
    const QString sub = args.first();
    if (sub == QLatin1String("-h") || sub == QLatin1String("--help")) {
        print(m_out, capabilitiesUsage());
        return Ok;
    }
    if (sub == QLatin1String("list"))
        return list(args.mid(1));
    if (sub == QLatin1String("show"))
        return show(args.mid(1));
    if (sub == QLatin1String("validate"))
        return validate(args.mid(1));
    return usage(QStringLiteral("capabilities: unknown subcommand '%1' (list, show or validate)").arg(sub));
}

bool CapabilitiesCommand::load(const QStringList &dirs, const QString &graph, CapabilityRegistry *registry)
{
    for (const QString &d : dirs)
        if (!QFileInfo(d).isDir()) {
            print(m_err, QStringLiteral("capgraph: %1: no such folder\n").arg(d));
            return false;
        }
    QStringList folders = dirs;
    if (folders.isEmpty() && graph.isEmpty())
        folders << QStringLiteral("capabilities");
    for (const QString &f : CapabilitySources::folders(graph, folders))
        registry->addFolder(f);
    for (const Diagnostic &d : registry->diagnostics())
        print(m_err, d.format() + QLatin1Char('\n'));
    return true;
}

int CapabilitiesCommand::list(const QStringList &args)
{
    CliParser p(QStringLiteral("capabilities list"));
    const QCommandLineOption &json = p.option(QStringLiteral("json"));
    const QCommandLineOption &graph = p.option(QStringLiteral("graph"));
    const QCommandLineOption &search = p.option(QStringLiteral("search"));
    if (const std::optional<int> done = p.open(args, [this](const QString &problem) { return usage(problem); }, [this](const QString &text) { print(m_out, text); }))
        return *done;
    CapabilityRegistry registry;
    if (!load(p.positionalArguments(), p.value(graph), &registry))
        return BadInput;
    const QList<const Capability *> found = p.isSet(search) ? registry.search(p.value(search)) : registry.all();
    if (p.isSet(json)) {
        QJsonArray a;
        for (const Capability *c : found)
            a.append(summary(*c));
        print(m_out, QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Indented)));
        return Ok;
    }
    qsizetype width = 0;
    for (const Capability *c : found)
        width = std::max(width, c->reference().size());
    for (const Capability *c : found) {
        const QString id = c->reference();
        const QString type = c->handlerType();
        QString description = c->description.simplified();
        if (description.size() > 70)
            description = description.left(69) + QStringLiteral("…");
        print(m_out, QStringLiteral("%1  %2  %3%4\n")
                         .arg(id.leftJustified(int(width)), type.leftJustified(9), description,
                              c->tags.isEmpty() ? QString() : QStringLiteral("  [%1]").arg(c->tags.join(QStringLiteral(", ")))));
    }
    if (found.isEmpty())
        print(m_err, QStringLiteral("capgraph: no capabilities%1\n").arg(p.isSet(search) ? QStringLiteral(" match '%1'").arg(p.value(search)) : QString()));
    return Ok;
}

int CapabilitiesCommand::show(const QStringList &args)
{
    CliParser p(QStringLiteral("capabilities show"));
    const QCommandLineOption &json = p.option(QStringLiteral("json"));
    const QCommandLineOption &graph = p.option(QStringLiteral("graph"));
    if (const std::optional<int> done = p.open(args, [this](const QString &problem) { return usage(problem); }, [this](const QString &text) { print(m_out, text); }))
        return *done;
    if (p.positionalArguments().isEmpty())
        return usage(QStringLiteral("show: which capability? (NAME or NAME@VERSION)"));
    CapabilityRegistry registry;
    if (!load(p.positionalArguments().mid(1), p.value(graph), &registry))
        return BadInput;
    QString why;
    const Capability *c = registry.resolve(p.positionalArguments().first(), &why);
    if (!c) {
        print(m_err, QStringLiteral("capgraph: %1\n").arg(why));
        return Problems;
    }
    if (p.isSet(json)) {
        QJsonObject o = summary(*c);
        o.insert(QStringLiteral("input_schema"), c->inputSchema);
        o.insert(QStringLiteral("output_schema"), c->outputSchema);
        if (c->isComposite())
            o.insert(QStringLiteral("workflow_definition"), c->workflowDefinition);
        else
            o.insert(QStringLiteral("handler"), c->handler);
        if (c->pricing) // both prices, also when the definition gives one for both
            o.insert(QStringLiteral("pricing"), QJsonObject{{QStringLiteral("per_1k_prompt_tokens"), c->pricing->perThousandPrompt},
                                                           {QStringLiteral("per_1k_completion_tokens"), c->pricing->perThousandCompletion},
                                                           {QStringLiteral("currency"), c->pricing->currency}});
        print(m_out, QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
        return Ok;
    }
    QString text = QStringLiteral("%1%2\n  %3\n").arg(c->name, c->version.isEmpty() ? QString() : QStringLiteral(" ") + c->version, c->description);
    if (!c->tags.isEmpty())
        text += QStringLiteral("tags: %1\n").arg(c->tags.join(QStringLiteral(", ")));
    const QJsonObject handler = c->isComposite() ? c->workflowDefinition : c->handler;
    text += QStringLiteral("%1: %2\n").arg(c->isComposite() ? QStringLiteral("workflow") : QStringLiteral("handler"),
                                           QString::fromUtf8(QJsonDocument(handler).toJson(QJsonDocument::Compact)));
    if (c->pricing)
        text += QStringLiteral("pricing: %1\n").arg(c->pricing->toYamlFlow());
    text += QStringLiteral("inputs:\n") + schemaLines(c->inputSchema).join(QLatin1Char('\n')) + QLatin1Char('\n');
    text += QStringLiteral("outputs:\n") + schemaLines(c->outputSchema).join(QLatin1Char('\n')) + QLatin1Char('\n');
    text += QStringLiteral("defined in %1:%2\n").arg(QDir::current().relativeFilePath(c->file)).arg(c->line);
    print(m_out, text);
    return Ok;
}

int CapabilitiesCommand::validate(const QStringList &args)
{
    CliParser p(QStringLiteral("capabilities validate"));
    const QCommandLineOption &json = p.option(QStringLiteral("json"));
    if (const std::optional<int> done = p.open(args, [this](const QString &problem) { return usage(problem); }, [this](const QString &text) { print(m_out, text); }))
        return *done;
    QStringList paths = p.positionalArguments();
    if (paths.isEmpty())
        paths = CapabilitySources::folders(QString(), {QStringLiteral("capabilities")});
    CapabilityRegistry registry;
    Diagnostics fileDiagnostics; // of single files; folders report through the registry
    int files = 0;
    for (const QString &path : std::as_const(paths)) {
        const QFileInfo fi(path);
        if (fi.isDir()) {
            QDirIterator it(path, {QStringLiteral("*.yaml"), QStringLiteral("*.yml"), QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                it.next();
                ++files;
            }
            registry.addFolder(path);
        } else if (fi.isFile()) {
            ++files;
            const CapabilityLoadResult r = CapabilityReader::readFile(path);
            fileDiagnostics += r.diagnostics;
            if (r.ok())
                registry.add(*r.capability);
        } else {
            print(m_err, QStringLiteral("capgraph: %1: no such file or folder\n").arg(path));
            return BadInput;
        }
    }
    const Diagnostics ds = fileDiagnostics + registry.diagnostics();
    int errors = 0;
    for (const Diagnostic &d : ds)
        if (d.severity == Severity::Error)
            ++errors;
    if (p.isSet(json)) {
        QJsonArray a;
        for (const Diagnostic &d : ds)
            a.append(d.toJson());
        print(m_out, QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("files"), files},
                                                                 {QStringLiteral("valid"), int(registry.size())},
                                                                 {QStringLiteral("diagnostics"), a}})
                                           .toJson(QJsonDocument::Indented)));
    } else {
        for (const Diagnostic &d : ds)
            print(m_err, d.format() + QLatin1Char('\n'));
        print(m_out, QStringLiteral("%1 file%2, %3 capabilit%4 valid, %5 error%6\n")
                         .arg(files)
                         .arg(files == 1 ? QString() : QStringLiteral("s"))
                         .arg(registry.size())
                         .arg(registry.size() == 1 ? QStringLiteral("y") : QStringLiteral("ies"))
                         .arg(errors)
                         .arg(errors == 1 ? QString() : QStringLiteral("s")));
    }
    return errors > 0 ? Problems : Ok;
}

} // namespace capgraph
