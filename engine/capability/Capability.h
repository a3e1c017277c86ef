#pragma once

#include "capability/JsonSchema.h"
#include "diagnostics/Diagnostic.h"
#include "model/Pricing.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace capgraph {

// A capability as seed 003 defines it: what a skill node's skill_id names. Atomic ones have a
// handler (api, command, llm, graph, builtin, mock); composite ones a workflow_definition
// (for us: another capability graph). Input and output are JSON Schemas (draft 7), compiled
// when the definition is read.
struct Capability
{
    QString name;        // domain.verb_noun, e.g. finance.get_stock_price
    QString description;
    QString version;     // semver, or empty
    QStringList tags;
    QJsonObject inputSchema;
    QJsonObject outputSchema;
    QJsonObject handler;            // atomic
    QJsonObject workflowDefinition; // composite
    QJsonObject components;         // reusable schemas: #/components/schemas/X
    std::optional<Pricing> pricing; // what its LLM tokens cost (`pricing:`), when it says
    QString file;
    int line = 0;

    std::optional<JsonSchema> input;  // compiled (empty when the schema did not compile)
    std::optional<JsonSchema> output;

    bool isComposite() const { return !workflowDefinition.isEmpty(); }
    // Whether `name` has the form seed 003 asks of a capability's name: domain.verb_noun.
    static bool isValidName(const QString &name);
    // "name@1.0.0", or the bare name when there is no version.
    QString reference() const { return version.isEmpty() ? name : name + QLatin1Char('@') + version; }
    // api, command, llm, graph, builtin, mock — or "composite" for a workflow_definition.
    QString handlerType() const { return isComposite() ? QStringLiteral("composite") : handler.value(QStringLiteral("type")).toString(); }
    // The graph file a call runs as a child run: a composite's workflow_definition of type
    // capgraph (or graph), or a `graph` handler's; its `path` taken from the definition's
    // folder (or `baseDir` for a definition without a file). Empty when the capability runs
    // no graph of ours. The file need not exist.
    QString subgraphFile(const QString &baseDir = QString()) const;
    // Dynamic validation (seed 003: "check the arguments at every call"): the violations,
    // "path: rule", of inputs before the handler runs and of outputs after.
    QStringList checkInputs(const QJsonObject &inputs) const;
    QStringList checkOutputs(const QJsonObject &outputs) const;
};

struct CapabilityLoadResult
{
    std::optional<Capability> capability; // empty when the text is not a capability at all
    Diagnostics diagnostics;              // static validation, with lines and columns
    bool ok() const { return capability.has_value() && !hasErrors(diagnostics); }
};

// Reads a capability definition from YAML (or JSON) exactly as seed 003 writes it, and
// validates it statically: required fields, the name's domain.verb_noun form, semver, tags,
// schemas that compile (their $refs resolve), a handler or a workflow_definition (not both)
// that says what it needs.
class CapabilityReader
{
public:
    static CapabilityLoadResult parse(const QByteArray &text, const QString &file = QString());
    static CapabilityLoadResult readFile(const QString &path);
};

} // namespace capgraph
