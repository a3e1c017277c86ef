#include "ui/CostText.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace capgraph::editor {

QString CostText::number(double cost)
{
    const double v = std::abs(cost);
    const QLocale locale;
    if (v >= 1)
        return locale.toString(v, 'f', 2);
    if (v == 0)
        return locale.toString(0);
    // 4 significant digits, without an exponent and without trailing zeros: 0.00024, 0.1235.
    const int decimals = std::clamp(3 - int(std::floor(std::log10(v))), 1, 12);
    QString text = locale.toString(v, 'f', decimals);
    const QString point = locale.decimalPoint();
    if (text.contains(point)) {
        while (text.endsWith(locale.zeroDigit()))
            text.chop(locale.zeroDigit().size());
        if (text.endsWith(point))
            text.chop(point.size());
    }
    return text;
}

QString CostText::amount(double cost, const QString &currency, bool signedAmount)
{
    const QString sign = !signedAmount || cost == 0 ? QString() : cost > 0 ? QStringLiteral("+") : QStringLiteral("−");
    const QString n = number(cost);
    // The symbols people read at a glance; other currencies by their ISO code.
    if (currency == QLatin1String("USD"))
        return sign + QStringLiteral("$") + n;
    if (currency == QLatin1String("CNY"))
        return sign + QStringLiteral("¥") + n;
    if (currency == QLatin1String("EUR"))
        return sign + QStringLiteral("€") + n;
    return sign + n + QLatin1Char(' ') + currency;
}

QString CostText::amounts(const QMap<QString, double> &costs)
{
    QStringList parts;
    for (auto it = costs.cbegin(); it != costs.cend(); ++it)
        parts << amount(it.value(), it.key());
    return parts.join(QStringLiteral(" + "));
}

} // namespace capgraph::editor
