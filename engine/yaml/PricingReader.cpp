#include "yaml/PricingReader.h"

#include "io/YamlScalar.h"

#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

#include <cmath>

namespace capgraph {

namespace {
// A price: a plain YAML number, finite and not negative ("0.002" in quotes is text).
std::optional<double> price(const YAML::Node &v, const QString &key, const PricingReader::Report &report)
{
    if (v.IsScalar() && v.Tag() != "!") {
        const QVariant n = interpretPlainScalar(QString::fromStdString(v.Scalar()));
        if (n.typeId() == QMetaType::LongLong || n.typeId() == QMetaType::Double) {
            const double d = n.toDouble();
            if (std::isfinite(d) && d >= 0)
                return d;
            report(v, CAPGRAPH_TR("capgraph::Pricing", "pricing: '%1' should be a price of 0 or more per 1,000 tokens, not %2")
                          .arg(key, QString::fromStdString(v.Scalar())));
            return std::nullopt;
        }
    }
    report(v, CAPGRAPH_TR("capgraph::Pricing", "pricing: '%1' should be a number (the price of 1,000 tokens, e.g. 0.002), not %2")
                  .arg(key, v.IsScalar() ? QLatin1Char('\'') + QString::fromStdString(v.Scalar()) + QLatin1Char('\'')
                                         : v.IsSequence() ? QStringLiteral("a list") : v.IsMap() ? QStringLiteral("a mapping") : QStringLiteral("nothing")));
    return std::nullopt;
}
} // namespace

std::optional<Pricing> PricingReader::read(const YAML::Node &n, const Report &report)
{
    if (!n.IsMap()) {
        report(n, CAPGRAPH_TR("capgraph::Pricing",
                              "pricing: expected a mapping such as {per_1k_tokens: 0.002, currency: USD} "
                              "or {per_1k_prompt_tokens: 0.0015, per_1k_completion_tokens: 0.002, currency: USD}"));
        return std::nullopt;
    }
    Pricing p;
    bool ok = true;
    // The prices given, and their keys (where a finding about the pair is placed).
    std::optional<double> both, prompt, completion;
    std::optional<YAML::Node> bothAt, promptAt, completionAt;
    for (auto it = n.begin(); it != n.end(); ++it) {
        const QString key = QString::fromStdString(it->first.Scalar());
        const YAML::Node v = it->second;
        if (key == QLatin1String("per_1k_tokens")) {
            both = price(v, key, report);
            ok = ok && both;
            bothAt.emplace(it->first);
        } else if (key == QLatin1String("per_1k_prompt_tokens")) {
            prompt = price(v, key, report);
            ok = ok && prompt;
            promptAt.emplace(it->first);
        } else if (key == QLatin1String("per_1k_completion_tokens")) {
            completion = price(v, key, report);
            ok = ok && completion;
            completionAt.emplace(it->first);
        } else if (key == QLatin1String("currency")) {
            static const QRegularExpression code(QStringLiteral("^[A-Z]{3}$"));
            const QString c = v.IsScalar() ? QString::fromStdString(v.Scalar()) : QString();
            if (!v.IsScalar() || !code.match(c).hasMatch()) {
                report(v, CAPGRAPH_TR("capgraph::Pricing", "pricing: 'currency' should be an ISO 4217 code of three upper-case letters (USD, CNY, EUR), not '%1'")
                              .arg(c));
                ok = false;
            } else {
                p.currency = c;
            }
        } else {
            report(it->first, CAPGRAPH_TR("capgraph::Pricing",
                                          "pricing: unknown key '%1' (per_1k_tokens, per_1k_prompt_tokens, per_1k_completion_tokens, currency)")
                                  .arg(key));
            ok = false;
        }
    }
    if (!ok)
        return std::nullopt;
    const bool anySplit = promptAt || completionAt;
    const YAML::Node splitAt = promptAt ? *promptAt : completionAt ? *completionAt : n;
    if (bothAt && anySplit) {
        report(splitAt,
               CAPGRAPH_TR("capgraph::Pricing", "pricing: give per_1k_tokens or per_1k_prompt_tokens and per_1k_completion_tokens, not both"));
        return std::nullopt;
    }
    if (both) {
        p.perThousandPrompt = p.perThousandCompletion = *both;
        return p;
    }
    if (prompt && completion) {
        p.perThousandPrompt = *prompt;
        p.perThousandCompletion = *completion;
        p.split = true;
        return p;
    }
    report(splitAt,
           anySplit ? CAPGRAPH_TR("capgraph::Pricing", "pricing: per_1k_prompt_tokens and per_1k_completion_tokens go together: give both")
                    : CAPGRAPH_TR("capgraph::Pricing", "pricing: expected a price: per_1k_tokens, or per_1k_prompt_tokens and per_1k_completion_tokens"));
    return std::nullopt;
}

} // namespace capgraph
