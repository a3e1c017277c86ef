#pragma once

#include <QMap>
#include <QString>

namespace capgraph::editor {

// What LLM tokens cost, as the studio writes it (docs/studio.md, "Tokens and cost"): USD, CNY
// and EUR with their symbols ($0.0042, ¥0.35, €12.50), any other currency with its code after
// the amount (0.0042 GBP). Below 1 a cost keeps 4 significant digits (0.00024, 0.1235), from 1
// on two decimals; numbers are written in the application's locale.
class CostText
{
public:
    // "$0.0042"; with `signedAmount`, "+$0.0042" or "−$0.0042" (a difference).
    static QString amount(double cost, const QString &currency, bool signedAmount = false);
    // Several currencies (they do not add up): "$0.0042 + ¥0.35", by currency code; empty when
    // there is none.
    static QString amounts(const QMap<QString, double> &costs);
    // The number alone: "0.0042", "12.50".
    static QString number(double cost);
};

} // namespace capgraph::editor
