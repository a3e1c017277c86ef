#include "handlers/Placeholders.h"

#include "expr/ExprValue.h"

#include <QUrl>

namespace capgraph {

namespace {
// A value as it goes into a URL or an argument; false for lists and maps.
bool scalarText(const QVariant &v, QString *out)
{
    const ValueKind kind = ExprValue::kindOf(v);
    if (kind == ValueKind::List || kind == ValueKind::Map)
        return false;
    *out = kind == ValueKind::Null ? QString() : ExprValue::toDisplayString(v); // numbers as the expressions write them
    return true;
}
} // namespace

namespace {
bool wholeArgument(const QString &text, qsizetype open, qsizetype close)
{
    return open == 0 && close == text.size() - 1;
}
} // namespace

bool fillPlaceholders(const QString &text, const QVariantMap &inputs, bool urlEncode, QString *out, QSet<QString> *used, QString *error)
{
    QString result;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if ((c == QLatin1Char('{') || c == QLatin1Char('}')) && i + 1 < text.size() && text.at(i + 1) == c) {
            result += c;
            ++i;
            continue;
        }
        if (c != QLatin1Char('{')) {
            result += c;
            continue;
        }
        const qsizetype close = text.indexOf(QLatin1Char('}'), i + 1);
        if (close < 0) {
            *error = QStringLiteral("'%1': a '{' at %2 is never closed (write {{ for a brace)").arg(text).arg(i + 1);
            return false;
        }
        const QString name = text.mid(i + 1, close - i - 1).trimmed();
        if (!inputs.contains(name)) {
            *error = QStringLiteral("'%1' needs the input '%2', which this call does not have").arg(text, name);
            return false;
        }
        QString value;
        if (!scalarText(inputs.value(name), &value)) {
            *error = QStringLiteral("'%1': the input '%2' is a list or a map, not a single value").arg(text, name);
            return false;
        }
        // "." and ".." would walk the URL's path (servers normalise it): /users/../admin.
        if (urlEncode && !value.isEmpty() && value.count(QLatin1Char('.')) == value.size()) {
            *error = QStringLiteral("'%1': the input '%2' is '%3', which would change the URL's path").arg(text, name, value);
            return false;
        }
        // A whole argument that begins with '-' would be read as an option by the program.
        if (!urlEncode && wholeArgument(text, i, close) && value.startsWith(QLatin1Char('-'))) {
            *error = QStringLiteral("'%1': the input '%2' is '%3', which the program would read as an option; "
                                    "put \"--\" before it in the arguments, or write it as --name={%2}")
                         .arg(text, name, value);
            return false;
        }
        result += urlEncode ? QString::fromLatin1(QUrl::toPercentEncoding(value)) : value;
        if (used)
            used->insert(name);
        i = close;
    }
    *out = result;
    return true;
}

bool expandEnvironment(const QString &text, const QProcessEnvironment &env, QString *out, QString *error)
{
    QString result;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) == QLatin1Char('$') && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('{')) {
            const qsizetype close = text.indexOf(QLatin1Char('}'), i + 2);
            if (close < 0) {
                *error = QStringLiteral("a '${' is never closed");
                return false;
            }
            const QString name = text.mid(i + 2, close - i - 2).trimmed();
            if (!env.contains(name)) {
                *error = QStringLiteral("the environment variable %1 is not set").arg(name);
                return false;
            }
            result += env.value(name);
            i = close;
            continue;
        }
        result += text.at(i);
    }
    *out = result;
    return true;
}

} // namespace capgraph
