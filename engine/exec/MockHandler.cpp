#include "exec/MockHandler.h"

#include "exec/HandlerRegistry.h"
#include "yaml/YamlValue.h"

#include <QFile>
#include <QPointer>
#include <QTimer>

#include <cmath>

namespace capgraph {

namespace {
// A whole number in [low, high] (YAML 1e400, .nan, 2^64+1 and "ten" are refused, not
// converted into something else).
bool wholeNumber(const QVariant &v, const char *key, qint64 low, qint64 high, int *out, QString *error)
{
    bool ok = false;
    const double d = v.typeId() == QMetaType::QString || v.typeId() == QMetaType::Bool ? 0 : v.toDouble(&ok);
    if (!ok || !std::isfinite(d) || d != std::floor(d) || d < double(low) || d > double(high)) {
        *error = QStringLiteral("%1: expected a whole number from %2 to %3, got '%4'").arg(QLatin1String(key)).arg(low).arg(high).arg(v.toString());
        return false;
    }
    *out = int(d);
    return true;
}
} // namespace

bool MockHandler::fromVariant(const QVariant &spec, std::shared_ptr<MockHandler> *out, QString *error)
{
    if (spec.typeId() != QMetaType::QVariantMap) {
        *error = QStringLiteral("expected a mapping (outputs, responses, delay_ms, fail, fail_times, done_after)");
        return false;
    }
    const QVariantMap m = spec.toMap();
    auto mock = std::make_shared<MockHandler>();
    for (auto it = m.cbegin(); it != m.cend(); ++it) {
        const QString &k = it.key();
        if (k == QLatin1String("outputs")) {
            if (it.value().typeId() != QMetaType::QVariantMap) {
                *error = QStringLiteral("outputs: expected a mapping");
                return false;
            }
            mock->m_outputs = it.value().toMap();
        } else if (k == QLatin1String("responses")) {
            if (it.value().typeId() != QMetaType::QVariantList) {
                *error = QStringLiteral("responses: expected a list of mappings");
                return false;
            }
            for (const QVariant &r : it.value().toList()) {
                if (r.typeId() != QMetaType::QVariantMap) {
                    *error = QStringLiteral("responses: expected a list of mappings");
                    return false;
                }
                mock->m_responses.append(r.toMap());
            }
        } else if (k == QLatin1String("delay_ms")) {
            if (!wholeNumber(it.value(), "delay_ms", 0, 3'600'000, &mock->m_delayMs, error))
                return false;
        } else if (k == QLatin1String("fail")) {
            mock->m_fail = it.value().toString();
        } else if (k == QLatin1String("fail_times")) {
            if (!wholeNumber(it.value(), "fail_times", 0, 1'000'000'000, &mock->m_failTimes, error))
                return false;
        } else if (k == QLatin1String("done_after")) {
            if (!wholeNumber(it.value(), "done_after", 1, 1'000'000'000, &mock->m_doneAfter, error))
                return false;
        } else {
            *error = QStringLiteral("unknown mock key '%1'").arg(k);
            return false;
        }
    }
    *out = mock;
    return true;
}

bool MockHandler::fromHandlerDefinition(QVariantMap handler, std::shared_ptr<MockHandler> *out, QString *error)
{
    handler.remove(QStringLiteral("type"));
    return fromVariant(handler, out, error);
}

void MockHandler::start(const SkillCallPtr &call)
{
    const int n = ++m_calls;
    QVariantMap outputs = m_outputs;
    if (!m_responses.isEmpty()) {
        const QVariantMap &r = m_responses.at(std::min<qsizetype>(n - 1, m_responses.size() - 1));
        for (auto it = r.cbegin(); it != r.cend(); ++it)
            outputs.insert(it.key(), it.value());
    }
    const bool failNow = !m_fail.isEmpty() && (m_failTimes < 0 || n <= m_failTimes);
    const bool done = call->round >= m_doneAfter;
    const QString failure = m_fail;
    auto complete = [call, outputs, failNow, done, failure] {
        if (failNow)
            call->fail(failure);
        else
            call->finish(outputs, done);
    };
    if (m_delayMs <= 0) {
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
    timer->start(m_delayMs);
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
