#include "handlers/LlmCallHandler.h"

#include "handlers/HandlerEnvironment.h"
#include "handlers/LlmHandler.h"
#include "io/YamlValue.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QStandardPaths>

namespace capgraph {

LlmCallHandler::LlmCallHandler(std::shared_ptr<HandlerEnvironment> env) : m_env(std::move(env)) {}

QString LlmCallHandler::modelTableFile()
{
    const QString given = qEnvironmentVariable("CAPGRAPH_MODEL_TABLE");
    if (!given.isEmpty())
        return given;
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)).filePath(QStringLiteral("CapGraph/models.yaml"));
}

QHash<QString, QString> LlmCallHandler::readModelTable(QString *error)
{
    QHash<QString, QString> table;
    const QString file = modelTableFile();
    if (!QFileInfo::exists(file))
        return table;
    QVariant value;
    QString why;
    if (!readYamlFile(file, &value, &why)) {
        if (error)
            *error = why;
        return table;
    }
    const QVariantMap m = value.toMap();
    for (auto it = m.cbegin(); it != m.cend(); ++it)
        table.insert(it.key(), it.value().toString());
    return table;
}

std::shared_ptr<SkillHandler> LlmCallHandler::handlerFor(const QVariantMap &inputs, QVariantMap *llmInputs, QString *error) const
{
    QJsonObject spec;
    QString system;
    QString prompt = inputs.value(QStringLiteral("prompt")).toString();
    QVariantList history;
    if (inputs.contains(QStringLiteral("roles"))) {
        // Dify's message list: leading system messages, the last user message as the prompt, the
        // rest sent between them as they are.
        const QVariantList roles = inputs.value(QStringLiteral("roles")).toList();
        QStringList systems;
        qsizetype i = 0;
        for (; i < roles.size() && roles.at(i).toString() == QLatin1String("system"); ++i)
            systems << inputs.value(QStringLiteral("message_%1").arg(i + 1)).toString();
        system = systems.join(QLatin1Char('\n'));
        qsizetype last = roles.size();
        if (last > i && roles.at(last - 1).toString() == QLatin1String("user"))
            prompt = inputs.value(QStringLiteral("message_%1").arg(last--)).toString();
        for (; i < last; ++i) {
            const QString role = roles.at(i).toString();
            if (role != QLatin1String("user") && role != QLatin1String("assistant") && role != QLatin1String("system")) {
                *error = QStringLiteral("message %1 has the role '%2'; user, assistant or system are known").arg(i + 1).arg(role);
                return nullptr;
            }
            history << QVariantMap{{QStringLiteral("role"), role}, {QStringLiteral("content"), inputs.value(QStringLiteral("message_%1").arg(i + 1)).toString()}};
        }
    } else {
        system = inputs.value(QStringLiteral("system")).toString();
    }
    llmInputs->insert(QStringLiteral("__system"), system);
    llmInputs->insert(QStringLiteral("__prompt"), prompt);
    spec.insert(QStringLiteral("system"), QStringLiteral("${__system}"));
    spec.insert(QStringLiteral("prompt"), QStringLiteral("${__prompt}"));
    if (!history.isEmpty()) {
        llmInputs->insert(QStringLiteral("__history"), history);
        spec.insert(QStringLiteral("history"), QJsonObject{{QStringLiteral("input"), QStringLiteral("__history")}, {QStringLiteral("last"), int(history.size())}});
    }
    const QString model = inputs.value(QStringLiteral("model")).toString();
    if (!model.isEmpty()) {
        if (!m_models)
            m_models = readModelTable();
        spec.insert(QStringLiteral("model"), m_models->value(model, model));
    }
    for (const char *k : {"temperature", "max_tokens", "top_p", "seed", "timeout"})
        if (const QVariant v = inputs.value(QLatin1String(k)); v.isValid() && !v.isNull())
            spec.insert(QLatin1String(k), QJsonValue::fromVariant(v));
    if (inputs.value(QStringLiteral("json")).toBool())
        spec.insert(QStringLiteral("json"), true);
    spec.insert(QStringLiteral("output"), QStringLiteral("text"));
    return std::make_shared<LlmHandler>(spec, QJsonObject(), m_env);
}

QVariantMap LlmCallHandler::settingsFor(const QVariantMap &inputs, QString *error) const
{
    QVariantMap llmInputs;
    QString why;
    const auto h = handlerFor(inputs, &llmInputs, &why);
    if (!h) {
        if (error)
            *error = why;
        return {};
    }
    return h->settingsFor(llmInputs, error);
}

void LlmCallHandler::start(const SkillCallPtr &call)
{
    QVariantMap llmInputs;
    QString error;
    const std::shared_ptr<SkillHandler> h = handlerFor(call->inputs, &llmInputs, &error);
    if (!h) {
        call->fail(error);
        return;
    }
    const bool json = call->inputs.value(QStringLiteral("json")).toBool();
    const SkillCallPtr inner = SkillCall::forwarding(call, [json, h](const SkillCallPtr &c, const QVariantMap &outputs, bool done) {
        Q_UNUSED(h); // the llm handler made for this call lives until it ends
        if (!json) {
            c->finish(outputs, done);
            return;
        }
        // JSON mode: the object's keys, the object as Dify's structured_output, and its text.
        QVariantMap out = outputs;
        out.insert(QStringLiteral("structured_output"), outputs);
        out.insert(QStringLiteral("text"), QString::fromUtf8(QJsonDocument(QJsonObject::fromVariantMap(outputs)).toJson(QJsonDocument::Compact)));
        c->finish(out, done);
    });
    inner->inputs = llmInputs;
    h->start(inner);
}

} // namespace capgraph
