#include "io/YamlScalar.h"

#include <QLocale>
#include <QRegularExpression>

#include <cmath>

namespace capgraph {

QVariant interpretPlainScalar(const QString &t)
{
    static const QRegularExpression intRe(QStringLiteral("^[-+]?[0-9]+$"));
    static const QRegularExpression hexRe(QStringLiteral("^0x[0-9a-fA-F]+$"));
    static const QRegularExpression octRe(QStringLiteral("^0o[0-7]+$"));
    static const QRegularExpression floatRe(
        QStringLiteral("^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$"));
    if (t.isEmpty() || t == QLatin1String("~") || t == QLatin1String("null") || t == QLatin1String("Null")
        || t == QLatin1String("NULL"))
        return QVariant::fromValue(nullptr);
    if (t == QLatin1String("true") || t == QLatin1String("True") || t == QLatin1String("TRUE"))
        return true;
    if (t == QLatin1String("false") || t == QLatin1String("False") || t == QLatin1String("FALSE"))
        return false;
    bool ok = false;
    if (intRe.match(t).hasMatch()) {
        const qlonglong v = t.toLongLong(&ok);
        if (ok)
            return v;
        return t.toDouble(); // too big for 64 bits: keep the magnitude
    }
    if (hexRe.match(t).hasMatch()) {
        const qlonglong v = t.mid(2).toLongLong(&ok, 16);
        if (ok)
            return v;
    }
    if (octRe.match(t).hasMatch()) {
        const qlonglong v = t.mid(2).toLongLong(&ok, 8);
        if (ok)
            return v;
    }
    if (floatRe.match(t).hasMatch())
        return t.toDouble();
    const QString lower = t.toLower();
    if (lower == QLatin1String(".inf") || lower == QLatin1String("+.inf"))
        return std::numeric_limits<double>::infinity();
    if (lower == QLatin1String("-.inf"))
        return -std::numeric_limits<double>::infinity();
    if (lower == QLatin1String(".nan"))
        return std::numeric_limits<double>::quiet_NaN();
    return t;
}

QString yamlDoubleQuoted(const QString &text)
{
    QString out;
    out.reserve(text.size() + 2);
    out += QLatin1Char('"');
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '"': out += QLatin1String("\\\""); break;
        case '\\': out += QLatin1String("\\\\"); break;
        case '\n': out += QLatin1String("\\n"); break;
        case '\t': out += QLatin1String("\\t"); break;
        case '\r': out += QLatin1String("\\r"); break;
        case 0: out += QLatin1String("\\0"); break;
        default:
            if (c.unicode() < 0x20 || c.unicode() == 0x7f)
                out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
            else
                out += c;
        }
    }
    out += QLatin1Char('"');
    return out;
}

QString yamlString(const QString &text)
{
    // Identifiers, dotted names, paths and plain words are safe unquoted; anything that
    // another type could claim, or that holds YAML syntax, is quoted.
    static const QRegularExpression safe(
        QStringLiteral("^[\\p{L}_][\\p{L}\\p{N}_.\\-/]*$"), QRegularExpression::UseUnicodePropertiesOption);
    if (!safe.match(text).hasMatch())
        return yamlDoubleQuoted(text);
    if (interpretPlainScalar(text).typeId() != QMetaType::QString)
        return yamlDoubleQuoted(text);
    static const QStringList yaml11Words{QStringLiteral("yes"), QStringLiteral("no"), QStringLiteral("on"),
                                         QStringLiteral("off"), QStringLiteral("y"), QStringLiteral("n")};
    if (yaml11Words.contains(text.toLower()))
        return yamlDoubleQuoted(text); // other YAML readers would take these as booleans
    return text;
}

QString yamlNumber(double value)
{
    if (std::isnan(value))
        return QStringLiteral(".nan");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral(".inf") : QStringLiteral("-.inf");
    if (value == std::floor(value) && std::fabs(value) < 1e15)
        return QString::number(static_cast<qlonglong>(value));
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

} // namespace capgraph
