#include "handlers/CapabilityBinder.h"

#include "handlers/ValidatingHandler.h"
#include "handlers/MockHandler.h"
#include "handlers/ApiHandler.h"
#include "handlers/CommandHandler.h"
#include "handlers/HandlerEnvironment.h"
#include "handlers/LlmHandler.h"
#include "handlers/SubgraphHandler.h"

#include <QDir>
#include <QJsonArray>
#include <QUrl>
#include <QFileInfo>
#include <QHash>

namespace capgraph {

std::shared_ptr<SkillHandler> CapabilityBinder::makeHandler(const Capability &cap, const HandlerRegistry &registry,
                                                            const std::shared_ptr<HandlerEnvironment> &env, QString *error)
{
    const QString definitionDir = cap.file.isEmpty() ? env->baseDir : QFileInfo(cap.file).absolutePath();
    if (cap.isComposite()) {
        const QString type = cap.workflowDefinition.value(QStringLiteral("type")).toString();
        if (type != QLatin1String("capgraph") && type != QLatin1String("graph")) {
            *error = QStringLiteral("%1: workflow_definition type '%2' cannot run here (capgraph: a graph file given by path)").arg(cap.name, type);
            return {};
        }
        const QString path = cap.subgraphFile(env->baseDir);
        if (path.isEmpty() || !QFileInfo(path).isFile()) {
            *error = QStringLiteral("%1: the workflow_definition's graph '%2' does not exist").arg(cap.name, path);
            return {};
        }
        return std::make_shared<SubgraphHandler>(cap.name, path, cap.outputSchema, env);
    }
    const QString type = cap.handler.value(QStringLiteral("type")).toString();
    if (type == QLatin1String("api"))
        return std::make_shared<ApiHandler>(cap.handler, env);
    if (type == QLatin1String("command"))
        return std::make_shared<CommandHandler>(cap.handler, definitionDir, env);
    if (type == QLatin1String("llm"))
        return std::make_shared<LlmHandler>(cap.handler, cap.outputSchema, env);
    if (type == QLatin1String("graph")) {
        const QString path = cap.subgraphFile(env->baseDir);
        if (path.isEmpty() || !QFileInfo(path).isFile()) {
            *error = QStringLiteral("%1: the graph handler's path '%2' does not exist").arg(cap.name, path);
            return {};
        }
        return std::make_shared<SubgraphHandler>(cap.name, path, cap.outputSchema, env);
    }
    if (type == QLatin1String("builtin")) {
        const QString name = cap.handler.value(QStringLiteral("name")).toString();
        const auto handler = registry.resolveShared(QString(), name);
        if (!handler)
            *error = QStringLiteral("%1: the builtin handler '%2' does not exist (%3)").arg(cap.name, name, registry.skillIds().join(QStringLiteral(", ")));
        return handler;
    }
    if (type == QLatin1String("mock")) {
        MockSpec spec;
        QString why;
        if (!MockSpec::parseHandlerDefinition(cap.handler.toVariantMap(), &spec, &why)) {
            *error = QStringLiteral("%1: %2").arg(cap.name, why);
            return {};
        }
        return std::make_shared<MockHandler>(std::move(spec));
    }
    *error = QStringLiteral("%1: handler type '%2' is unknown").arg(cap.name, type);
    return {};
}

bool CapabilityBinder::needsTrust(const Capability &cap)
{
    const QString type = cap.handler.value(QStringLiteral("type")).toString();
    if (type == QLatin1String("api") || type == QLatin1String("command"))
        return true;
    return type == QLatin1String("llm")
           && (cap.handler.contains(QStringLiteral("base_url")) || cap.handler.contains(QStringLiteral("api_key_env")));
}

TranslatableText CapabilityBinder::describeForTrust(const Capability &cap, const HandlerEnvironment &env)
{
    const QJsonObject &h = cap.handler;
    const QString type = h.value(QStringLiteral("type")).toString();
    if (type == QLatin1String("command")) {
        QStringList line{h.value(QStringLiteral("program")).toString()};
        for (const QJsonValue &a : h.value(QStringLiteral("arguments")).toArray())
            line << (a.toString().contains(QLatin1Char(' ')) ? QStringLiteral("\"%1\"").arg(a.toString()) : a.toString());
        const QString dir = QFileInfo(cap.file).absolutePath();
        const QString wd = h.value(QStringLiteral("working_dir")).toString();
        return CAPGRAPH_TR("capgraph::Trust", "%1 runs the command %2 in %3")
            .arg(cap.name, line.join(QLatin1Char(' ')), wd.isEmpty() ? dir : QDir(dir).absoluteFilePath(wd));
    }
    if (type == QLatin1String("api")) {
        const QString endpoint = h.value(QStringLiteral("endpoint")).toString();
        const QString host = QUrl(QString(endpoint).replace(QLatin1Char('{'), QLatin1Char('_')).replace(QLatin1Char('}'), QLatin1Char('_'))).host();
        return CAPGRAPH_TR("capgraph::Trust", "%1 calls %2 %3 (on %4)")
            .arg(cap.name, h.value(QStringLiteral("method")).toString(QStringLiteral("GET")).toUpper(), endpoint,
                 host.isEmpty() ? endpoint : host);
    }
    if (type == QLatin1String("llm")) {
        const QString model = h.value(QStringLiteral("model")).toString(env.llm.model);
        const QString base = h.value(QStringLiteral("base_url")).toString(env.llm.baseUrl);
        const QString key = h.value(QStringLiteral("api_key_env")).toString();
        return key.isEmpty() ? CAPGRAPH_TR("capgraph::Trust", "%1 sends prompts to the model %2 at %3").arg(cap.name, model, base)
                             : CAPGRAPH_TR("capgraph::Trust", "%1 sends prompts to the model %2 at %3, with the key in $%4")
                                   .arg(cap.name, model, base, key);
    }
    return CAPGRAPH_TR("capgraph::Trust", "%1 (%2 handler)").arg(cap.name, type);
}

void CapabilityBinder::bind(HandlerRegistry *registry, const Graph &graph, const CapabilityRegistry &capabilities,
                            const std::shared_ptr<HandlerEnvironment> &env, QStringList *problems, QList<TranslatableText> *gated)
{
    // One wrapper per (skill_id, inner handler): the nodes sharing them share their state
    // (a mock's call count).
    QHash<QString, std::shared_ptr<SkillHandler>> made;
    QHash<QPair<QString, const SkillHandler *>, std::shared_ptr<SkillHandler>> wrappers;
    const HandlerRegistry before = *registry;
    for (const Node &n : graph.nodes) {
        if (n.kind != NodeKind::Skill || n.skillId.isEmpty())
            continue;
        const Capability *cap = capabilities.resolve(n.skillId);
        if (!cap)
            continue;
        std::shared_ptr<SkillHandler> inner = before.resolveShared(n.id, n.skillId);
        bool real = false;
        if (!inner) {
            if (!made.contains(n.skillId)) {
                QString error;
                made.insert(n.skillId, makeHandler(*cap, before, env, &error));
                if (!error.isEmpty() && problems)
                    problems->append(error);
            }
            inner = made.value(n.skillId);
            if (!inner)
                continue;
            real = needsTrust(*cap);
            if (real && gated) {
                const TranslatableText line = describeForTrust(*cap, *env);
                if (std::none_of(gated->cbegin(), gated->cend(), [&](const TranslatableText &g) { return g.english() == line.english(); }))
                    gated->append(line);
            }
        }
        auto &wrapper = wrappers[{n.skillId, inner.get()}];
        if (!wrapper)
            wrapper = std::make_shared<ValidatingHandler>(*cap, inner, real ? env->trust : nullptr);
        registry->overrideNode(n.id, wrapper);
    }
}

} // namespace capgraph
