#include "capability/MockSpec.h"

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

bool MockSpec::parse(const QVariant &spec, MockSpec *out, QString *error)
{
    if (spec.typeId() != QMetaType::QVariantMap) {
        *error = QStringLiteral("expected a mapping (outputs, responses, delay_ms, fail, fail_times, done_after, usage)");
        return false;
    }
    const QVariantMap m = spec.toMap();
    MockSpec mock;
    for (auto it = m.cbegin(); it != m.cend(); ++it) {
        const QString &k = it.key();
        if (k == QLatin1String("outputs")) {
            if (it.value().typeId() != QMetaType::QVariantMap) {
                *error = QStringLiteral("outputs: expected a mapping");
                return false;
            }
            mock.outputs = it.value().toMap();
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
                mock.responses.append(r.toMap());
            }
        } else if (k == QLatin1String("delay_ms")) {
            if (!wholeNumber(it.value(), "delay_ms", 0, 3'600'000, &mock.delayMs, error))
                return false;
        } else if (k == QLatin1String("fail")) {
            mock.fail = it.value().toString();
        } else if (k == QLatin1String("fail_times")) {
            if (!wholeNumber(it.value(), "fail_times", 0, 1'000'000'000, &mock.failTimes, error))
                return false;
        } else if (k == QLatin1String("done_after")) {
            if (!wholeNumber(it.value(), "done_after", 1, 1'000'000'000, &mock.doneAfter, error))
                return false;
        } else if (k == QLatin1String("usage")) {
            // The tokens each call reports, as an LLM's answer would: {prompt_tokens, completion_tokens}.
            const QVariantMap u = it.value().toMap();
            if (it.value().typeId() != QMetaType::QVariantMap || u.isEmpty()) {
                *error = QStringLiteral("usage: expected a mapping {prompt_tokens: N, completion_tokens: N}");
                return false;
            }
            int prompt = 0, completion = 0;
            for (auto t = u.cbegin(); t != u.cend(); ++t) {
                if (t.key() == QLatin1String("prompt_tokens")) {
                    if (!wholeNumber(t.value(), "usage.prompt_tokens", 0, 1'000'000'000, &prompt, error))
                        return false;
                } else if (t.key() == QLatin1String("completion_tokens")) {
                    if (!wholeNumber(t.value(), "usage.completion_tokens", 0, 1'000'000'000, &completion, error))
                        return false;
                } else {
                    *error = QStringLiteral("usage: unknown key '%1' (prompt_tokens, completion_tokens)").arg(t.key());
                    return false;
                }
            }
            mock.promptTokens = prompt;
            mock.completionTokens = completion;
        } else {
            *error = QStringLiteral("unknown mock key '%1'").arg(k);
            return false;
        }
    }
    *out = mock;
    return true;
}

bool MockSpec::parseHandlerDefinition(QVariantMap handler, MockSpec *out, QString *error)
{
    handler.remove(QStringLiteral("type"));
    return parse(handler, out, error);
}

} // namespace capgraph
