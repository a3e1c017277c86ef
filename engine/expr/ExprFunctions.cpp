#include "expr/ExprFunctions.h"

#include "expr/ExprValue.h"

#include <QRegularExpression>
#include <QVariantList>
#include <QVariantMap>

#include <array>
#include <cmath>

namespace capgraph {

namespace {
constexpr std::array<ExprFunctions::Spec, ExprFunctions::Count> kSpecs{{
    {"len", 1, 1, "len(x)"},
    {"contains", 2, 2, "contains(container, item)"},
    {"matches", 2, 2, "matches(text, pattern)"},
    {"lower", 1, 1, "lower(text)"},
    {"upper", 1, 1, "upper(text)"},
    {"trim", 1, 1, "trim(text)"},
    {"startswith", 2, 2, "startswith(text, prefix)"},
    {"endswith", 2, 2, "endswith(text, suffix)"},
    {"str", 1, 1, "str(x)"},
    {"num", 1, 1, "num(x)"},
    {"abs", 1, 1, "abs(number)"},
    {"min", 1, -1, "min(a, b, ...)"},
    {"max", 1, -1, "max(a, b, ...)"},
    {"round", 1, 2, "round(number[, digits])"},
    {"exists", 1, 1, "exists(path)"},
    {"default", 2, 2, "default(path, fallback)"},
    {"flatten", 1, 1, "flatten(list)"},
}};

bool needKind(const QVariant &v, ValueKind kind, const char *signature, QString *error)
{
    if (ExprValue::kindOf(v) == kind)
        return true;
    *error = QStringLiteral("%1 expects a %2, got a %3")
                 .arg(QString::fromLatin1(signature), ExprValue::kindName(kind), ExprValue::kindName(v));
    return false;
}
} // namespace

int ExprFunctions::find(const QString &name)
{
    for (int i = 0; i < Count; ++i)
        if (name == QLatin1String(kSpecs[i].name))
            return i;
    return -1;
}

const ExprFunctions::Spec &ExprFunctions::spec(int id) { return kSpecs.at(id); }

QStringList ExprFunctions::names()
{
    QStringList n;
    for (const auto &s : kSpecs)
        n << QString::fromLatin1(s.name);
    return n;
}

bool ExprFunctions::call(int id, const QVariantList &args, const QRegularExpression &pattern, QVariant *result,
                         QString *error)
{
    const char *sig = kSpecs.at(id).signature;
    const QVariant a = args.value(0);
    switch (id) {
    case Len:
        switch (ExprValue::kindOf(a)) {
        case ValueKind::String: *result = double(a.toString().size()); return true;
        case ValueKind::List: *result = double(ExprValue::normalized(a).toList().size()); return true;
        case ValueKind::Map: *result = double(ExprValue::normalized(a).toMap().size()); return true;
        default:
            *error = QStringLiteral("len(x) expects a string, list or map, got a %1").arg(ExprValue::kindName(a));
            return false;
        }
    case Contains: {
        const QVariant b = args.value(1);
        switch (ExprValue::kindOf(a)) {
        case ValueKind::String:
            if (!needKind(b, ValueKind::String, sig, error))
                return false;
            *result = a.toString().contains(b.toString());
            return true;
        case ValueKind::List:
            for (const QVariant &item : ExprValue::normalized(a).toList())
                if (ExprValue::equals(item, b)) {
                    *result = true;
                    return true;
                }
            *result = false;
            return true;
        case ValueKind::Map:
            if (!needKind(b, ValueKind::String, sig, error))
                return false;
            *result = ExprValue::normalized(a).toMap().contains(b.toString());
            return true;
        default:
            *error = QStringLiteral("contains() expects a string, list or map, got a %1").arg(ExprValue::kindName(a));
            return false;
        }
    }
    case Matches: {
        if (!needKind(a, ValueKind::String, sig, error))
            return false;
        QRegularExpression re = pattern;
        if (!re.isValid() || re.pattern().isEmpty()) {
            const QVariant p = args.value(1);
            if (!needKind(p, ValueKind::String, sig, error))
                return false;
            re = QRegularExpression(p.toString(), QRegularExpression::UseUnicodePropertiesOption);
            if (!re.isValid()) {
                *error = QStringLiteral("invalid regular expression in matches(): %1").arg(re.errorString());
                return false;
            }
        }
        const QRegularExpressionMatch m = re.match(a.toString());
        if (!m.isValid()) {
            // PCRE2 stopped at its match or stack limit: the pattern backtracks catastrophically.
            *error = QStringLiteral("matches(): the pattern is too costly to match against this text (it backtracks catastrophically); "
                                    "simplify it, e.g. (a+)+ to a+");
            return false;
        }
        *result = m.hasMatch();
        return true;
    }
    case Lower:
    case Upper:
    case Trim:
        if (!needKind(a, ValueKind::String, sig, error))
            return false;
        *result = id == Lower ? a.toString().toLower() : id == Upper ? a.toString().toUpper() : a.toString().trimmed();
        return true;
    case StartsWith:
    case EndsWith: {
        const QVariant b = args.value(1);
        if (!needKind(a, ValueKind::String, sig, error) || !needKind(b, ValueKind::String, sig, error))
            return false;
        *result = id == StartsWith ? a.toString().startsWith(b.toString()) : a.toString().endsWith(b.toString());
        return true;
    }
    case Str:
        *result = ExprValue::toDisplayString(a);
        return true;
    case Num:
        switch (ExprValue::kindOf(a)) {
        case ValueKind::Number: *result = a.toDouble(); return true;
        case ValueKind::Bool: *result = a.toBool() ? 1.0 : 0.0; return true;
        case ValueKind::String: {
            bool ok = false;
            const double d = a.toString().trimmed().toDouble(&ok);
            if (!ok) {
                *error = QStringLiteral("num(x): '%1' is not a number").arg(a.toString());
                return false;
            }
            *result = d;
            return true;
        }
        default:
            *error = QStringLiteral("num(x) expects a number, string or boolean, got a %1").arg(ExprValue::kindName(a));
            return false;
        }
    case Abs:
        if (!needKind(a, ValueKind::Number, sig, error))
            return false;
        *result = std::fabs(a.toDouble());
        return true;
    case Min:
    case Max: {
        const QVariantList items = (args.size() == 1 && ExprValue::kindOf(a) == ValueKind::List)
                                       ? ExprValue::normalized(a).toList() : args;
        if (items.isEmpty()) {
            *error = QStringLiteral("%1 of an empty list").arg(QString::fromLatin1(sig));
            return false;
        }
        double best = 0;
        for (qsizetype i = 0; i < items.size(); ++i) {
            if (!needKind(items.at(i), ValueKind::Number, sig, error))
                return false;
            const double d = items.at(i).toDouble();
            if (i == 0 || (id == Min ? d < best : d > best))
                best = d;
        }
        *result = best;
        return true;
    }
    case Round: {
        if (!needKind(a, ValueKind::Number, sig, error))
            return false;
        double digits = 0;
        if (args.size() > 1) {
            if (!needKind(args.at(1), ValueKind::Number, sig, error))
                return false;
            digits = args.at(1).toDouble();
        }
        const double scale = std::pow(10.0, std::clamp(digits, -15.0, 15.0));
        *result = std::round(a.toDouble() * scale) / scale;
        return true;
    }
    case Flatten: {
        // A list of lists as one list, its null elements skipped (as Dify flattens an
        // iteration's output); a list holding anything else than lists and nulls, and
        // anything that is not a list, as it is.
        if (ExprValue::kindOf(a) != ValueKind::List) {
            *result = a;
            return true;
        }
        const QVariantList items = ExprValue::normalized(a).toList();
        bool lists = false;
        for (const QVariant &item : items) {
            const ValueKind k = ExprValue::kindOf(item);
            if (k != ValueKind::List && k != ValueKind::Null) {
                *result = items;
                return true;
            }
            lists = lists || k == ValueKind::List;
        }
        if (!lists) {
            *result = items;
            return true;
        }
        QVariantList flat;
        for (const QVariant &item : items)
            if (ExprValue::kindOf(item) == ValueKind::List)
                flat.append(ExprValue::normalized(item).toList());
        *result = flat;
        return true;
    }
    default:
        *error = QStringLiteral("%1 cannot be called here").arg(QString::fromLatin1(sig));
        return false;
    }
}

} // namespace capgraph
