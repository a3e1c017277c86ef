#pragma once

#include <QMap>
#include <QString>
#include <QVariantMap>

namespace capgraph {

// A price per 1,000 LLM tokens, as a capability or a graph declares it (`pricing:`,
// docs/capabilities.md, "Pricing"): what a run's tokens cost. Prompt and completion tokens may
// cost differently; `per_1k_tokens` is the shorthand that gives both the same price.
struct Pricing
{
    double perThousandPrompt = 0;     // ≥ 0, in `currency`
    double perThousandCompletion = 0; // ≥ 0
    QString currency = QStringLiteral("USD"); // an ISO 4217 code: three upper-case letters
    bool split = false; // written as per_1k_prompt_tokens/per_1k_completion_tokens (kept on save)

    // What `prompt` and `completion` tokens cost at this price.
    double cost(qint64 prompt, qint64 completion) const
    {
        return (double(prompt) * perThousandPrompt + double(completion) * perThousandCompletion) / 1000.0;
    }
    // The mapping as a graph file writes it: `{per_1k_tokens: 0.002, currency: USD}` (or split).
    QString toYamlFlow() const;

    bool operator==(const Pricing &o) const
    {
        return perThousandPrompt == o.perThousandPrompt && perThousandCompletion == o.perThousandCompletion
            && currency == o.currency && split == o.split;
    }
    bool operator!=(const Pricing &o) const { return !(*this == o); }
};

// A cost as runs report it: rounded to 1e-12 of the currency unit, so that sums of prices
// read as the decimals they are (0.00024, not 0.00024000000000000003) in events and JSON.
double roundedCost(double cost);
// What priced tokens cost, as run.finished, run.failed and `capgraph run --json` say it
// (docs/execution.md): `total_cost` and `currency` when every priced node used one currency;
// costs in several currencies do not add up, so then `costs` (currency → cost) instead;
// nothing when no node was priced. `costs` is per currency, as Executor::costTotals() gives it.
QVariantMap costFields(const QMap<QString, double> &costs);

} // namespace capgraph
