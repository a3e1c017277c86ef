#include "expr/ExprEvaluator.h"

#include "expr/ExprFunctions.h"
#include "expr/ExprValue.h"

#include <QVariantList>
#include <QVariantMap>

#include <cmath>

namespace capgraph {

namespace {

class Walker
{
public:
    Walker(const ExprAst &ast, const ExpressionContext &ctx) : m_ast(ast), m_ctx(ctx) {}

    QString error;
    int errorColumn = 0;
    bool missing = false; // the error is "this name/field/index does not exist"

    bool eval(int index, QVariant *out);

private:
    const ExprAst &m_ast;
    const ExpressionContext &m_ctx;

    bool fail(const ExprNode &n, const QString &message, bool isMissing = false)
    {
        error = message;
        errorColumn = n.column;
        missing = isMissing;
        return false;
    }

    // Text of a path for messages: `a.b[0]`.
    QString pathText(int index) const
    {
        const ExprNode &n = m_ast.nodes.at(index);
        switch (n.op) {
        case ExprOp::Name: return n.name;
        case ExprOp::Member: return pathText(n.lhs) + QLatin1Char('.') + n.name;
        case ExprOp::Index: return pathText(n.lhs) + QStringLiteral("[...]");
        default: return QStringLiteral("(...)");
        }
    }

    bool number2(const ExprNode &n, const QVariant &a, const QVariant &b, const char *what, double *x, double *y)
    {
        if (ExprValue::kindOf(a) != ValueKind::Number || ExprValue::kindOf(b) != ValueKind::Number)
            return fail(n, QStringLiteral("cannot %1 a %2 and a %3")
                               .arg(QString::fromLatin1(what), ExprValue::kindName(a), ExprValue::kindName(b)));
        *x = a.toDouble();
        *y = b.toDouble();
        return true;
    }

    bool membership(const ExprNode &n, const QVariant &needle, const QVariant &hay, bool *found)
    {
        switch (ExprValue::kindOf(hay)) {
        case ValueKind::List:
            for (const QVariant &item : ExprValue::normalized(hay).toList())
                if (ExprValue::equals(item, needle)) {
                    *found = true;
                    return true;
                }
            *found = false;
            return true;
        case ValueKind::String:
            if (ExprValue::kindOf(needle) != ValueKind::String)
                return fail(n, QStringLiteral("'in' a string needs a string on the left, got a %1").arg(ExprValue::kindName(needle)));
            *found = hay.toString().contains(needle.toString());
            return true;
        case ValueKind::Map:
            if (ExprValue::kindOf(needle) != ValueKind::String)
                return fail(n, QStringLiteral("'in' a map needs a key string on the left, got a %1").arg(ExprValue::kindName(needle)));
            *found = ExprValue::normalized(hay).toMap().contains(needle.toString());
            return true;
        default:
            return fail(n, QStringLiteral("'in' needs a list, string or map on the right, got a %1").arg(ExprValue::kindName(hay)));
        }
    }
};

bool Walker::eval(int index, QVariant *out)
{
    const ExprNode &n = m_ast.nodes.at(index);
    switch (n.op) {
    case ExprOp::Literal:
        *out = n.literal;
        return true;
    case ExprOp::Name:
        if (!m_ctx.lookup(n.name, out))
            return fail(n, QStringLiteral("unknown name '%1'").arg(n.name), true);
        return true;
    case ExprOp::Member: {
        QVariant base;
        if (!eval(n.lhs, &base))
            return false;
        if (ExprValue::kindOf(base) != ValueKind::Map)
            return fail(n, QStringLiteral("'%1' is a %2, not a map; it has no field '%3'")
                               .arg(pathText(n.lhs), ExprValue::kindName(base), n.name), ExprValue::kindOf(base) == ValueKind::Null);
        const QVariantMap map = ExprValue::normalized(base).toMap();
        const auto it = map.constFind(n.name);
        if (it == map.cend())
            return fail(n, QStringLiteral("'%1' has no field '%2'").arg(pathText(n.lhs), n.name), true);
        *out = it.value();
        return true;
    }
    case ExprOp::Index: {
        QVariant base, key;
        if (!eval(n.lhs, &base) || !eval(n.rhs, &key))
            return false;
        const ValueKind kb = ExprValue::kindOf(base);
        if (kb == ValueKind::List || kb == ValueKind::String) {
            if (ExprValue::kindOf(key) != ValueKind::Number || key.toDouble() != std::floor(key.toDouble()))
                return fail(n, QStringLiteral("a %1 index must be a whole number, got %2")
                                   .arg(ExprValue::kindName(kb), ExprValue::toDisplayString(key)));
            const QVariantList list = kb == ValueKind::List ? ExprValue::normalized(base).toList() : QVariantList();
            const qsizetype size = kb == ValueKind::List ? list.size() : base.toString().size();
            // Range-check as a double first: casting a huge double to an integer is undefined.
            const double k = key.toDouble();
            const double d = k < 0 ? k + double(size) : k; // negative indexes count from the end
            const qsizetype i = (d >= 0 && d < double(size)) ? static_cast<qsizetype>(d) : -1;
            if (i < 0)
                return fail(n, QStringLiteral("index %1 is out of range ('%2' has %3 items)")
                                   .arg(ExprValue::toDisplayString(key), pathText(n.lhs)).arg(size), true);
            *out = kb == ValueKind::List ? list.at(i) : QVariant(QString(base.toString().at(i)));
            return true;
        }
        if (kb == ValueKind::Map) {
            if (ExprValue::kindOf(key) != ValueKind::String)
                return fail(n, QStringLiteral("a map key must be a string, got a %1").arg(ExprValue::kindName(key)));
            const QVariantMap map = ExprValue::normalized(base).toMap();
            const auto it = map.constFind(key.toString());
            if (it == map.cend())
                return fail(n, QStringLiteral("'%1' has no key '%2'").arg(pathText(n.lhs), key.toString()), true);
            *out = it.value();
            return true;
        }
        return fail(n, QStringLiteral("cannot index a %1").arg(ExprValue::kindName(base)), kb == ValueKind::Null);
    }
    case ExprOp::List: {
        QVariantList items;
        items.reserve(n.args.size());
        for (int a : n.args) {
            QVariant v;
            if (!eval(a, &v))
                return false;
            items.append(v);
        }
        *out = items;
        return true;
    }
    case ExprOp::Call: {
        if (n.function == ExprFunctions::Exists || n.function == ExprFunctions::Default) {
            QVariant v;
            const bool found = eval(n.args.first(), &v);
            if (!found && !missing)
                return false; // a real error inside the path (e.g. a bad index type)
            error.clear();
            missing = false;
            if (n.function == ExprFunctions::Exists) {
                *out = found;
                return true;
            }
            if (found && ExprValue::kindOf(v) != ValueKind::Null) {
                *out = v;
                return true;
            }
            return eval(n.args.at(1), out);
        }
        QVariantList args;
        args.reserve(n.args.size());
        for (int a : n.args) {
            QVariant v;
            if (!eval(a, &v))
                return false;
            args.append(v);
        }
        QString message;
        if (!ExprFunctions::call(n.function, args, n.regex, out, &message))
            return fail(n, message);
        return true;
    }
    case ExprOp::Negate:
    case ExprOp::Plus: {
        QVariant v;
        if (!eval(n.lhs, &v))
            return false;
        if (ExprValue::kindOf(v) != ValueKind::Number)
            return fail(n, n.op == ExprOp::Negate
                               ? QStringLiteral("cannot negate a %1").arg(ExprValue::kindName(v))
                               : QStringLiteral("unary '+' needs a number, got a %1").arg(ExprValue::kindName(v)));
        *out = n.op == ExprOp::Negate ? -v.toDouble() : v.toDouble();
        return true;
    }
    case ExprOp::Not: {
        QVariant v;
        if (!eval(n.lhs, &v))
            return false;
        *out = !ExprValue::truthy(v);
        return true;
    }
    case ExprOp::And:
    case ExprOp::Or: {
        QVariant a;
        if (!eval(n.lhs, &a))
            return false;
        const bool ta = ExprValue::truthy(a);
        if (n.op == ExprOp::And ? !ta : ta) {
            *out = ta; // short-circuit: the right side is not evaluated
            return true;
        }
        QVariant b;
        if (!eval(n.rhs, &b))
            return false;
        *out = ExprValue::truthy(b);
        return true;
    }
    default:
        break;
    }

    // Binary operators with both sides evaluated.
    QVariant a, b;
    if (!eval(n.lhs, &a) || !eval(n.rhs, &b))
        return false;
    double x = 0, y = 0;
    switch (n.op) {
    case ExprOp::Add: {
        const ValueKind ka = ExprValue::kindOf(a), kb = ExprValue::kindOf(b);
        if (ka == ValueKind::String && kb == ValueKind::String) {
            *out = a.toString() + b.toString();
            return true;
        }
        if (ka == ValueKind::List && kb == ValueKind::List) {
            *out = ExprValue::normalized(a).toList() + ExprValue::normalized(b).toList();
            return true;
        }
        if (ka == ValueKind::String || kb == ValueKind::String)
            if (ka != kb)
                return fail(n, QStringLiteral("cannot add a %1 and a %2; convert with str() or num()")
                                   .arg(ExprValue::kindName(a), ExprValue::kindName(b)));
        if (!number2(n, a, b, "add", &x, &y))
            return false;
        *out = x + y;
        return true;
    }
    case ExprOp::Sub:
        if (!number2(n, a, b, "subtract", &x, &y))
            return false;
        *out = x - y;
        return true;
    case ExprOp::Mul:
        if (!number2(n, a, b, "multiply", &x, &y))
            return false;
        *out = x * y;
        return true;
    case ExprOp::Div:
    case ExprOp::Mod:
        if (!number2(n, a, b, n.op == ExprOp::Div ? "divide" : "take the remainder of", &x, &y))
            return false;
        if (y == 0)
            return fail(n, QStringLiteral("division by zero"));
        *out = n.op == ExprOp::Div ? x / y : std::fmod(x, y);
        return true;
    case ExprOp::Eq:
        *out = ExprValue::equals(a, b);
        return true;
    case ExprOp::Ne:
        *out = !ExprValue::equals(a, b);
        return true;
    case ExprOp::Lt:
    case ExprOp::Le:
    case ExprOp::Gt:
    case ExprOp::Ge: {
        int order = 0;
        if (!ExprValue::compare(a, b, &order))
            return fail(n, QStringLiteral("cannot order a %1 and a %2 (only numbers with numbers, strings with strings)")
                               .arg(ExprValue::kindName(a), ExprValue::kindName(b)));
        *out = n.op == ExprOp::Lt ? order < 0 : n.op == ExprOp::Le ? order <= 0 : n.op == ExprOp::Gt ? order > 0 : order >= 0;
        return true;
    }
    case ExprOp::In:
    case ExprOp::NotIn: {
        bool found = false;
        if (!membership(n, a, b, &found))
            return false;
        *out = n.op == ExprOp::In ? found : !found;
        return true;
    }
    default:
        return fail(n, QStringLiteral("internal error: unknown operator"));
    }
}

} // namespace

EvalResult ExprEvaluator::evaluate(const ExprAst &ast, const ExpressionContext &context)
{
    EvalResult r;
    if (ast.root < 0) {
        r.error = QStringLiteral("the expression did not parse");
        r.column = 1;
        return r;
    }
    Walker w(ast, context);
    QVariant v;
    if (!w.eval(ast.root, &v)) {
        r.error = w.error;
        r.column = w.errorColumn;
        r.missing = w.missing;
        return r;
    }
    r.value = v;
    return r;
}

} // namespace capgraph
