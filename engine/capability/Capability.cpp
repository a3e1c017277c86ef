#include "capability/Capability.h"
#include "capability/SchemaKeywords.h"
#include "capability/MockSpec.h"

#include "yaml/PricingReader.h"
#include "io/YamlValue.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

namespace capgraph {

QStringList Capability::checkInputs(const QJsonObject &inputs) const
{
    return input ? input->validate(inputs) : QStringList();
}

QStringList Capability::checkOutputs(const QJsonObject &outputs) const
{
    return output ? output->validate(outputs) : QStringList();
}

namespace {
class Checker
{
public:
    CapabilityLoadResult result;
    QString file;

    void report(Severity severity, const QString &code, const TranslatableText &message, const YAML::Node &at)
    {
        const bool placed = at.IsDefined() && at.Mark().line >= 0;
        result.diagnostics.append(Diagnostic::make(severity, code, message, file, placed ? at.Mark().line + 1 : 0, placed ? at.Mark().column + 1 : 0));
    }
};

QJsonObject toJson(const YAML::Node &node)
{
    return QJsonObject::fromVariantMap(yamlNodeToVariant(node).toMap());
}
} // namespace

CapabilityLoadResult CapabilityReader::parse(const QByteArray &text, const QString &file)
{
    Checker c;
    c.file = file;
    YAML::Node root;
    try {
        root = loadYaml(text.toStdString());
    } catch (const YAML::Exception &e) {
        c.result.diagnostics.append(Diagnostic::make(Severity::Error, QStringLiteral("yaml-syntax"), TranslatableText::verbatim(QString::fromStdString(e.msg)),
                                                     file, e.mark.line + 1, e.mark.column + 1));
        return c.result;
    }
    if (root.IsMap() && root["graph"].IsDefined() && !root["name"].IsDefined()) {
        // A capability graph kept beside the definitions (a composite's workflow): not an error.
        c.report(Severity::Info, QStringLiteral("graph-file"), CAPGRAPH_TR("capgraph::Capability", "a capability graph, not a capability definition"), root);
        return c.result;
    }
    if (!root.IsMap()) {
        c.report(Severity::Error, QStringLiteral("not-a-capability"),
                 CAPGRAPH_TR("capgraph::Capability", "expected a capability: a mapping with name, description, input_schema, output_schema and a handler"), root);
        return c.result;
    }
    Capability cap;
    cap.file = file;
    cap.line = root.Mark().line + 1;
    const auto text_ = [&](const char *key, bool required) -> QString {
        const YAML::Node n = root[key];
        if (!n.IsDefined() || n.IsNull()) {
            if (required)
                c.report(Severity::Error, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::Capability", "'%1' is required").arg(QLatin1String(key)), root);
            return QString();
        }
        if (!n.IsScalar()) {
            c.report(Severity::Error, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::Capability", "'%1' should be text").arg(QLatin1String(key)), n);
            return QString();
        }
        return QString::fromStdString(n.Scalar());
    };
    cap.name = text_("name", true);
    if (!cap.name.isEmpty() && !Capability::isValidName(cap.name))
        c.report(Severity::Error, QStringLiteral("bad-name"),
                 CAPGRAPH_TR("capgraph::Capability", "name '%1' should be domain.verb_noun: lower case, a dot between domain and action (finance.get_stock_price)")
                     .arg(cap.name),
                 root["name"]);
    cap.description = text_("description", true);
    if (root["description"].IsDefined() && cap.description.trimmed().isEmpty())
        c.report(Severity::Error, QStringLiteral("missing-field"),
                 CAPGRAPH_TR("capgraph::Capability", "'description' is empty: planners choose capabilities by it (seed 003)"), root["description"]);
    cap.version = text_("version", false);
    static const QRegularExpression semver(QStringLiteral("^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$"));
    if (!cap.version.isEmpty() && !semver.match(cap.version).hasMatch())
        c.report(Severity::Error, QStringLiteral("bad-version"), CAPGRAPH_TR("capgraph::Capability", "version '%1' is not semantic (MAJOR.MINOR.PATCH, e.g. 1.2.0)").arg(cap.version),
                 root["version"]);
    if (const YAML::Node tags = root["tags"]; tags.IsDefined()) {
        if (!tags.IsSequence())
            c.report(Severity::Error, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::Capability", "'tags' should be a list of words"), tags);
        else
            for (const YAML::Node &t : tags)
                cap.tags << QString::fromStdString(t.as<std::string>(""));
    }
    if (const YAML::Node comps = root["components"]; comps.IsMap())
        cap.components = toJson(comps);
    for (const auto &[key, schema, compiled] : {std::tuple{"input_schema", &cap.inputSchema, &cap.input},
                                                std::tuple{"output_schema", &cap.outputSchema, &cap.output}}) {
        const YAML::Node n = root[key];
        if (!n.IsDefined() || n.IsNull()) {
            c.report(Severity::Error, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::Capability", "'%1' (a JSON Schema) is required").arg(QLatin1String(key)), root);
            continue;
        }
        if (!n.IsMap()) {
            c.report(Severity::Error, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::Capability", "'%1' should be a JSON Schema object").arg(QLatin1String(key)), n);
            continue;
        }
        *schema = toJson(n);
        // Keywords of the wrong type are named and placed where they are written.
        const QList<SchemaKeywordProblem> keywordProblems = SchemaKeywords::check(*schema);
        for (const SchemaKeywordProblem &p : keywordProblems) {
            // Walked with const nodes and rebound with reset(): yaml-cpp's operator[] on a
            // non-const node inserts, and its operator= overwrites the node it refers to.
            YAML::Node at;
            at.reset(n);
            for (const QString &part : p.pointer.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
                const QString step = QString(part).replace(QStringLiteral("~1"), QStringLiteral("/")).replace(QStringLiteral("~0"), QStringLiteral("~"));
                bool isIndex = false;
                const int index = step.toInt(&isIndex);
                const YAML::Node here = at;
                const YAML::Node next = here.IsSequence() && isIndex ? here[index] : here.IsMap() ? here[step.toStdString()] : YAML::Node();
                if (!next.IsDefined())
                    break;
                at.reset(next);
            }
            c.report(Severity::Error, QStringLiteral("bad-schema"),
                     CAPGRAPH_TR("capgraph::Capability", "'%1' at %2: %3").arg(QLatin1String(key), p.pointer.isEmpty() ? QStringLiteral("/") : p.pointer).arg(p.message),
                     at);
        }
        if (!keywordProblems.isEmpty())
            continue;
        QString why;
        *compiled = JsonSchema::compile(*schema, &why, cap.components, file.isEmpty() ? QString() : QFileInfo(file).absolutePath());
        if (!*compiled)
            c.report(Severity::Error, QStringLiteral("bad-schema"), CAPGRAPH_TR("capgraph::Capability", "'%1' is not a valid JSON Schema: %2").arg(QLatin1String(key), why), n);
    }
    const YAML::Node handler = root["handler"];
    const YAML::Node workflow = root["workflow_definition"];
    if (handler.IsDefined() && workflow.IsDefined())
        c.report(Severity::Error, QStringLiteral("handler-and-workflow"),
                 CAPGRAPH_TR("capgraph::Capability", "a capability is atomic (handler) or composite (workflow_definition), not both"), workflow);
    else if (!handler.IsDefined() && !workflow.IsDefined())
        c.report(Severity::Error, QStringLiteral("missing-field"),
                 CAPGRAPH_TR("capgraph::Capability", "a capability needs a 'handler' (atomic) or a 'workflow_definition' (composite)"), root);
    if (handler.IsDefined()) {
        if (!handler.IsMap()) {
            c.report(Severity::Error, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::Capability", "'handler' should be a mapping with a type"), handler);
        } else {
            cap.handler = toJson(handler);
            const QString type = cap.handler.value(QStringLiteral("type")).toString();
            static const QStringList known{QStringLiteral("api"), QStringLiteral("command"), QStringLiteral("llm"),
                                           QStringLiteral("graph"), QStringLiteral("builtin"), QStringLiteral("mock")};
            if (type.isEmpty())
                c.report(Severity::Error, QStringLiteral("bad-handler"), CAPGRAPH_TR("capgraph::Capability", "the handler needs a 'type' (%1)").arg(known.join(QStringLiteral(", "))), handler);
            else if (!known.contains(type))
                c.report(Severity::Error, QStringLiteral("bad-handler"),
                         CAPGRAPH_TR("capgraph::Capability", "handler type '%1' is not one of %2").arg(type, known.join(QStringLiteral(", "))), handler["type"]);
            else if (type == QLatin1String("api") && cap.handler.value(QStringLiteral("endpoint")).toString().isEmpty())
                c.report(Severity::Error, QStringLiteral("bad-handler"), CAPGRAPH_TR("capgraph::Capability", "an api handler needs an 'endpoint' URL"), handler);
            else if (type == QLatin1String("command") && !cap.handler.value(QStringLiteral("program")).isString())
                c.report(Severity::Error, QStringLiteral("bad-handler"),
                         CAPGRAPH_TR("capgraph::Capability", "a command handler needs a 'program' (and 'arguments' as a list: never a shell line)"), handler);
            else if (type == QLatin1String("mock")) {
                MockSpec mock;
                QString why;
                if (!MockSpec::parseHandlerDefinition(cap.handler.toVariantMap(), &mock, &why))
                    c.report(Severity::Error, QStringLiteral("bad-handler"), CAPGRAPH_TR("capgraph::Capability", "a mock handler: %1").arg(why), handler);
            }
        }
    }
    if (const YAML::Node pricing = root["pricing"]; pricing.IsDefined()) {
        // What the capability's LLM tokens cost: node.usage events and the run's total say it.
        cap.pricing = PricingReader::read(pricing, [&c](const YAML::Node &at, const TranslatableText &message) {
            c.report(Severity::Error, QStringLiteral("bad-pricing"), message, at);
        });
    }
    if (workflow.IsDefined()) {
        if (!workflow.IsMap())
            c.report(Severity::Error, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::Capability", "'workflow_definition' should be a mapping with a type"), workflow);
        else
            cap.workflowDefinition = toJson(workflow);
    }
    c.result.capability = cap;
    return c.result;
}

CapabilityLoadResult CapabilityReader::readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        CapabilityLoadResult r;
        r.diagnostics.append(unreadableFile(path, f.errorString()));
        return r;
    }
    return parse(f.readAll(), path);
}

bool Capability::isValidName(const QString &name)
{
    static const QRegularExpression form(QStringLiteral("^[a-z][a-z0-9_-]*(\\.[a-z][a-z0-9_]*)+$"));
    return form.match(name).hasMatch();
}

QString Capability::subgraphFile(const QString &baseDir) const
{
    const QJsonObject &spec = isComposite() ? workflowDefinition : handler;
    const QString type = spec.value(QStringLiteral("type")).toString();
    const bool graph = isComposite() ? (type == QLatin1String("capgraph") || type == QLatin1String("graph")) : type == QLatin1String("graph");
    const QString path = spec.value(QStringLiteral("path")).toString();
    if (!graph || path.isEmpty())
        return {};
    return QDir(file.isEmpty() ? baseDir : QFileInfo(file).absolutePath()).absoluteFilePath(path);
}

} // namespace capgraph
