#include "model/Pricing.h"

#include "io/YamlScalar.h"

#include <cmath>

namespace capgraph {

namespace {
// A price as people write it, 0.0006 rather than 6e-04, when the decimals read back exactly.
QString priceText(double price)
{
    QString text = QString::number(price, 'f', 15);
    while (text.endsWith(QLatin1Char('0')))
        text.chop(1);
    if (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    return text.toDouble() == price ? text : yamlNumber(price);
}
} // namespace

QString Pricing::toYamlFlow() const
{
    const QString prices = split ? QStringLiteral("per_1k_prompt_tokens: %1, per_1k_completion_tokens: %2")
                                       .arg(priceText(perThousandPrompt), priceText(perThousandCompletion))
                                 : QStringLiteral("per_1k_tokens: %1").arg(priceText(perThousandPrompt));
    return QStringLiteral("{%1, currency: %2}").arg(prices, currency);
}

double roundedCost(double cost)
{
    // Up to about 9,000 units a cost keeps every digit of 1e-12 (2^53 / 1e12); above that
    // the double is already coarser than the rounding.
    const double scaled = cost * 1e12;
    return std::abs(scaled) < 9e15 ? std::round(scaled) / 1e12 : cost;
}

QVariantMap costFields(const QMap<QString, double> &costs)
{
    if (costs.size() == 1)
        return {{QStringLiteral("total_cost"), roundedCost(costs.first())}, {QStringLiteral("currency"), costs.firstKey()}};
    QVariantMap each;
    for (auto it = costs.cbegin(); it != costs.cend(); ++it)
        each.insert(it.key(), roundedCost(it.value()));
    return each.isEmpty() ? QVariantMap() : QVariantMap{{QStringLiteral("costs"), each}};
}

} // namespace capgraph
