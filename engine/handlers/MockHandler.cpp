#include "handlers/MockHandler.h"

#include "exec/HandlerRegistry.h"
#include "io/YamlValue.h"

#include <QFile>
#include <QPointer>
#include <QTimer>


namespace capgraph {

bool MockHandler::fromVariant(const QVariant &spec, std::shared_ptr<MockHandler> *out, QString *error)
{
    MockSpec parsed;
    if (!MockSpec::parse(spec, &parsed, error))
        return false;
    *out = std::make_shared<MockHandler>(std::move(parsed));
    return true;
}

void MockHandler::start(const SkillCallPtr &call)
{
    const int n = ++m_calls;
    QVariantMap outputs = m_spec.outputs;
    if (!m_spec.responses.isEmpty()) {
        const QVariantMap &r = m_spec.responses.at(std::min<qsizetype>(n - 1, m_spec.responses.size() - 1));
        for (auto it = r.cbegin(); it != r.cend(); ++it)
            outputs.insert(it.key(), it.value());
    }
    const bool failNow = !m_spec.fail.isEmpty() && (m_spec.failTimes < 0 || n <= m_spec.failTimes);
    const bool done = call->round >= m_spec.doneAfter;
    const QString failure = m_spec.fail;
    const qint64 prompt = m_spec.promptTokens, completion = m_spec.completionTokens;
    auto complete = [call, outputs, failNow, done, failure, prompt, completion] {
        if (prompt >= 0) // the tokens an LLM would have reported with its answer
            call->usage(prompt, completion);
        if (failNow)
            call->fail(failure);
        else
            call->finish(outputs, done);
    };
    if (m_spec.delayMs <= 0) {
        complete();
        return;
    }
    auto *timer = new QTimer;
    timer->setSingleShot(true);
    timer->setTimerType(Qt::PreciseTimer); // a coarse timer may fire up to 5% early
    QObject::connect(timer, &QTimer::timeout, timer, [timer, complete] {
        timer->deleteLater();
        complete();
    });
    QPointer<QTimer> guard(timer);
    call->onCancel([guard] {
        if (guard) {
            guard->stop();
            guard->deleteLater();
        }
    });
    timer->start(m_spec.delayMs);
}

bool loadMockFile(const QString &path, HandlerRegistry *registry, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot read: %2").arg(path, f.errorString());
        return false;
    }
    return parseMocks(f.readAll(), path, registry, error);
}

bool parseMocks(const QByteArray &text, const QString &path, HandlerRegistry *registry, QString *error)
{
    QVariant doc;
    if (!parseYamlValue(text, path, &doc, error))
        return false;
    return addMocks(doc, path, registry, error);
}

bool addMocks(const QVariant &doc, const QString &path, HandlerRegistry *registry, QString *error)
{
    if (doc.typeId() != QMetaType::QVariantMap) {
        *error = QStringLiteral("%1: expected a mapping with 'nodes' and/or 'skills'").arg(path);
        return false;
    }
    QVariantMap root = doc.toMap();
    QVariantMap nodes = root.take(QStringLiteral("nodes")).toMap();
    QVariantMap skills = root.take(QStringLiteral("skills")).toMap();
    for (auto it = root.cbegin(); it != root.cend(); ++it)
        skills.insert(it.key(), it.value());
    auto addAll = [&](const QVariantMap &specs, bool perNode) {
        for (auto it = specs.cbegin(); it != specs.cend(); ++it) {
            std::shared_ptr<MockHandler> mock;
            QString why;
            if (!MockHandler::fromVariant(it.value(), &mock, &why)) {
                *error = QStringLiteral("%1: %2 '%3': %4").arg(path, perNode ? QStringLiteral("node") : QStringLiteral("skill"), it.key(), why);
                return false;
            }
            if (perNode)
                registry->overrideNode(it.key(), mock);
            else
                registry->overrideSkill(it.key(), mock);
        }
        return true;
    };
    return addAll(skills, false) && addAll(nodes, true);
}

} // namespace capgraph
