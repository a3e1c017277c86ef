#include "handlers/LlmHandler.h"

#include "expr/ExprTemplate.h"
#include "expr/ExprValue.h"
#include "expr/ExpressionContext.h"
#include "handlers/ApiHandler.h"
#include "handlers/HandlerEnvironment.h"
#include "handlers/HttpJsonCall.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace capgraph {

LlmHandler::LlmHandler(QJsonObject spec, QJsonObject outputSchema, std::shared_ptr<HandlerEnvironment> env)
    : m_spec(std::move(spec)), m_env(std::move(env))
{
    m_textOutput = m_spec.value(QStringLiteral("output")).toString();
    if (m_textOutput.isEmpty()) {
        const QJsonObject props = outputSchema.value(QStringLiteral("properties")).toObject();
        m_textOutput = props.size() == 1 ? props.begin().key() : QStringLiteral("text");
    }
}

namespace {
// A {role, content} message as people give it (a history entry, an edited message): false when
// its role is none of user, assistant, system.
bool appendMessage(const QVariantMap &m, QJsonArray *messages)
{
    const QString role = m.value(QStringLiteral("role")).toString();
    if (role != QLatin1String("user") && role != QLatin1String("assistant") && role != QLatin1String("system"))
        return false;
    messages->append(QJsonObject{{QStringLiteral("role"), role}, {QStringLiteral("content"), m.value(QStringLiteral("content")).toString()}});
    return true;
}

bool fill(const QString &field, const QString &text, const QVariantMap &inputs, QString *out, QString *error)
{
    const ExprTemplate t = ExprTemplate::parse(text);
    if (!t.isValid()) {
        *error = QStringLiteral("the %1 template does not parse at column %2: %3").arg(field).arg(t.errorColumn()).arg(t.errorMessage());
        return false;
    }
    QVariantMap names = inputs;
    names.insert(QStringLiteral("input"), inputs);
    const EvalResult r = t.evaluate(VariantMapContext(names));
    if (!r.ok()) {
        *error = QStringLiteral("the %1 template: %2").arg(field, r.error);
        return false;
    }
    *out = r.value.typeId() == QMetaType::QString ? r.value.toString() : ExprValue::toDisplayString(r.value);
    return true;
}

// Models asked for JSON sometimes wrap it in a ``` fence anyway.
QByteArray withoutFence(QString text)
{
    text = text.trimmed();
    if (text.startsWith(QLatin1String("```"))) {
        text = text.mid(text.indexOf(QLatin1Char('\n')) + 1);
        if (text.endsWith(QLatin1String("```")))
            text.chop(3);
    }
    return text.trimmed().toUtf8();
}
} // namespace

bool LlmHandler::messagesFor(const QVariantMap &inputs, QJsonArray *messages, QString *error) const
{
    QString system;
    if (!fill(QStringLiteral("system"), m_spec.value(QStringLiteral("system")).toString(), inputs, &system, error))
        return false;
    if (!system.isEmpty())
        messages->append(QJsonObject{{QStringLiteral("role"), QStringLiteral("system")}, {QStringLiteral("content"), system}});
    const QJsonObject history = m_spec.value(QStringLiteral("history")).toObject();
    if (!history.isEmpty()) {
        const QString input = history.value(QStringLiteral("input")).toString(QStringLiteral("messages"));
        const int last = history.value(QStringLiteral("last")).toInt(10);
        const QVariantList past = inputs.value(input).toList();
        for (qsizetype i = std::max<qsizetype>(0, past.size() - last); i < past.size(); ++i) {
            if (!appendMessage(past.at(i).toMap(), messages)) {
                *error = QStringLiteral("history entry %1 of '%2' needs a role of user, assistant or system").arg(i + 1).arg(input);
                return false;
            }
        }
    }
    QString prompt;
    if (!fill(QStringLiteral("prompt"), m_spec.value(QStringLiteral("prompt")).toString(), inputs, &prompt, error))
        return false;
    if (!prompt.isEmpty())
        messages->append(QJsonObject{{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), prompt}});
    return true;
}

namespace {
// The model settings a call may change (SkillCall::settings) besides `model` and `messages`.
constexpr const char *ModelFields[] = {"temperature", "max_tokens", "top_p", "seed"};

// Messages given in SkillCall::settings, checked: [{role, content}, ...].
bool givenMessages(const QVariant &value, QJsonArray *messages, QString *error)
{
    const QVariantList list = value.toList();
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (!appendMessage(list.at(i).toMap(), messages)) {
            *error = QStringLiteral("message %1 needs a role of user, assistant or system").arg(i + 1);
            return false;
        }
    }
    return true;
}
} // namespace

QVariantMap LlmHandler::settingsFor(const QVariantMap &inputs, QString *error) const
{
    QJsonArray messages;
    QString why;
    if (!messagesFor(inputs, &messages, &why)) {
        if (error)
            *error = why;
        return {};
    }
    QVariantMap settings{{QStringLiteral("messages"), messages.toVariantList()},
                         {QStringLiteral("model"), m_spec.value(QStringLiteral("model")).toString(m_env->llm.model)}};
    for (const char *field : ModelFields)
        if (m_spec.contains(QLatin1String(field)))
            settings.insert(QLatin1String(field), m_spec.value(QLatin1String(field)).toVariant());
    return settings;
}

void LlmHandler::start(const SkillCallPtr &call)
{
    QString error;
    QJsonArray messages;
    const QVariantMap &given = call->settings; // a node run alone, its messages and settings edited
    const bool ok = given.contains(QStringLiteral("messages")) ? givenMessages(given.value(QStringLiteral("messages")), &messages, &error)
                                                               : messagesFor(call->inputs, &messages, &error);
    if (!ok) {
        call->fail(error);
        return;
    }
    if (messages.isEmpty()) {
        call->fail(QStringLiteral("the llm handler has neither a system message nor a prompt to send"));
        return;
    }

    const LlmSettings &settings = m_env->llm;
    const QString model = given.contains(QStringLiteral("model")) ? given.value(QStringLiteral("model")).toString()
                                                                  : m_spec.value(QStringLiteral("model")).toString(settings.model);
    if (model.isEmpty()) {
        call->fail(QStringLiteral("no model: give the handler a 'model', or set CAPGRAPH_LLM_MODEL (or OPENAI_MODEL)"));
        return;
    }
    QString base = m_spec.value(QStringLiteral("base_url")).toString(settings.baseUrl);
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    const QString keyVar = m_spec.value(QStringLiteral("api_key_env")).toString();
    // The user's own key goes only to the user's own endpoint, never to one a definition names.
    const bool ownEndpoint = QUrl(base).adjusted(QUrl::StripTrailingSlash) == QUrl(settings.baseUrl).adjusted(QUrl::StripTrailingSlash);
    const QString key = !keyVar.isEmpty() ? m_env->environment.value(keyVar) : ownEndpoint ? settings.apiKey : QString();
    if (!keyVar.isEmpty() && key.isEmpty()) {
        call->fail(QStringLiteral("the environment variable %1 (the handler's api_key_env) is not set").arg(keyVar));
        return;
    }
    HttpRequestSpec spec;
    spec.url = QUrl(base + QStringLiteral("/chat/completions"));
    if (!spec.url.isValid() || spec.url.host().isEmpty()) {
        call->fail(QStringLiteral("the LLM base URL '%1' is not a URL").arg(base));
        return;
    }
    spec.method = "POST";
    spec.idempotent = true; // a completion changes nothing on the server: asking again is safe
    if (!key.isEmpty())
        spec.headers.append({QByteArrayLiteral("Authorization"), QByteArrayLiteral("Bearer ") + key.toUtf8()});
    QJsonObject body{{QStringLiteral("model"), model}, {QStringLiteral("messages"), messages}};
    for (const char *field : ModelFields) {
        if (given.contains(QLatin1String(field))) {
            if (const QVariant v = given.value(QLatin1String(field)); !v.isNull())
                body.insert(QLatin1String(field), QJsonValue::fromVariant(v));
        } else if (m_spec.contains(QLatin1String(field))) {
            body.insert(QLatin1String(field), m_spec.value(QLatin1String(field)));
        }
    }
    const bool json = m_spec.value(QStringLiteral("json")).toBool();
    if (json)
        body.insert(QStringLiteral("response_format"), QJsonObject{{QStringLiteral("type"), QStringLiteral("json_object")}});
    spec.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    readRetryFields(m_spec, 2, &spec.timeoutMs, &spec.maxAttempts, &spec.backoffMs, &spec.multiplier);
    if (!m_spec.contains(QStringLiteral("timeout")))
        spec.timeoutMs = 60'000;
    call->log(CAPGRAPH_TR("capgraph::Run", "%1 via %2: %3 messages").arg(model, redactedUrl(spec.url)).arg(messages.size()));

    const QString textOutput = m_textOutput;
    startHttpForCall(m_env->networkAccess(), call, spec, [json, textOutput, model](const SkillCallPtr &c, const QJsonValue &answerJson) {
        const QJsonObject answer = answerJson.toObject();
        const QJsonObject usage = answer.value(QStringLiteral("usage")).toObject();
        if (!usage.isEmpty()) {
            QStringList finishReasons;
            for (const QJsonValue &choice : answer.value(QStringLiteral("choices")).toArray())
                if (const QString why = choice.toObject().value(QStringLiteral("finish_reason")).toString(); !why.isEmpty())
                    finishReasons << why;
            c->usage(qint64(usage.value(QStringLiteral("prompt_tokens")).toDouble()),
                     qint64(usage.value(QStringLiteral("completion_tokens")).toDouble()),
                     model, finishReasons);
        }
        const QJsonValue content = answer.value(QStringLiteral("choices")).toArray().at(0).toObject()
                                       .value(QStringLiteral("message")).toObject().value(QStringLiteral("content"));
        if (!content.isString()) {
            const QString apiError = answer.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString();
            c->fail(apiError.isEmpty() ? QStringLiteral("the answer of %1 has no choices[0].message.content").arg(model)
                                       : QStringLiteral("%1: %2").arg(model, apiError));
            return;
        }
        if (!json) {
            c->finish({{textOutput, content.toString()}});
            return;
        }
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(withoutFence(content.toString()), &pe);
        if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
            c->fail(QStringLiteral("%1 was asked for a JSON object but answered: %2").arg(model, content.toString().left(200).simplified()));
            return;
        }
        c->finish(doc.object().toVariantMap());
    });
}

} // namespace capgraph
