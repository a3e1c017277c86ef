#include "dify/DifyExpressions.h"

#include <QRegularExpression>

namespace capgraph::DifyExpressions {

namespace {

const QRegularExpression &referencePattern()
{
    // Dify's own pattern (a node id of 1-50 word characters, then 1-10 names), and the bare
    // {{#context#}} an LLM prompt uses for its context.
    static const QRegularExpression re(QStringLiteral("\\{\\{#([a-zA-Z0-9_]{1,50}(?:\\.[a-zA-Z_][a-zA-Z0-9_]{0,29}){1,10}|context)#\\}\\}"));
    return re;
}

bool isIdentifier(const QString &s)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return re.match(s).hasMatch();
}

QString joinPath(const QString &head, const QStringList &rest)
{
    QString e = head;
    for (const QString &r : rest)
        e += pathStep(r);
    return e;
}

QString stringOf(const QVariant &v)
{
    return v.typeId() == QMetaType::QVariantList ? QString() : v.toString();
}

} // namespace

QString pathStep(const QString &name)
{
    return isIdentifier(name) ? QLatin1Char('.') + name : QLatin1Char('[') + literal(name) + QLatin1Char(']');
}

QString literal(const QVariant &value)
{
    switch (value.typeId()) {
    case QMetaType::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QMetaType::Int:
    case QMetaType::LongLong:
    case QMetaType::UInt:
    case QMetaType::ULongLong:
    case QMetaType::Double:
        return value.toString();
    case QMetaType::QVariantList:
    case QMetaType::QStringList: {
        QStringList items;
        for (const QVariant &v : value.toList())
            items << literal(v);
        return QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    default:
        break;
    }
    if (value.isNull() || !value.isValid() || value.typeId() == QMetaType::Nullptr)
        return QStringLiteral("null");
    QString s = value.toString();
    s.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('\''), QStringLiteral("\\'")).replace(QLatin1Char('\n'), QStringLiteral("\\n"));
    return QLatin1Char('\'') + s + QLatin1Char('\'');
}

namespace {
// What selector() gives for an iteration's flattened output: flatten(path).
QString flattened(const QString &path) { return QStringLiteral("flatten(") + path + QLatin1Char(')'); }

// The path inside flatten(path), when `read` is one.
bool unflattened(const QString &read, QString *path)
{
    static const QString call = QStringLiteral("flatten(");
    if (!read.startsWith(call) || !read.endsWith(QLatin1Char(')')))
        return false;
    *path = read.mid(call.size(), read.size() - call.size() - 1);
    return true;
}
} // namespace

QString orDefault(const QString &read, const QString &fallback)
{
    QString path;
    if (unflattened(read, &path))
        return flattened(QStringLiteral("default(%1, %2)").arg(path, fallback));
    return QStringLiteral("default(%1, %2)").arg(read, fallback);
}

QString selector(const QStringList &sel, const DifyScope &scope, QString *error)
{
    if (sel.size() < 2) {
        if (error)
            *error = QStringLiteral("a variable selector needs a node and a name, found [%1]").arg(sel.join(QStringLiteral(", ")));
        return QStringLiteral("null");
    }
    // Dify before 0.6 also wrote the start node's system variables as [start, "sys.query"].
    if (sel.size() >= 2 && sel.at(1).startsWith(QLatin1String("sys.")) && sel.at(0) == scope.startId)
        return selector(QStringList{QStringLiteral("sys"), sel.at(1).mid(4)} + sel.mid(2), scope, error);
    const QString &head = sel.first();
    const QStringList rest = sel.mid(1);
    if (!scope.containerId.isEmpty() && head == scope.containerId) // an iteration's item and index, a loop's variables
        return joinPath(QStringLiteral("input"), rest);
    if (scope.ids.contains(head) && head != scope.startId) {
        QStringList path = rest;
        if (scope.failing.contains(head) && path.first() == QLatin1String("error_message"))
            path.first() = QStringLiteral("error"); // what a node that goes on after failing gives (on_error: continue)
        const QString read = joinPath(scope.ids.value(head), path);
        // An iteration's output as Dify gives it: a list of lists made one (flatten_output).
        if (scope.flattening.contains(head) && path == QStringList{QStringLiteral("output")})
            return flattened(read);
        return read;
    }
    if (scope.outer) {
        // Read in the enclosing graph, handed to the children as their input.
        QString outerExpr = selector(sel, *scope.outer, error);
        const bool flat = unflattened(outerExpr, &outerExpr);
        const QString outerHead = outerExpr.section(QRegularExpression(QStringLiteral("[.\\[]")), 0, 0);
        if (scope.outerHeads)
            scope.outerHeads->insert(outerHead);
        const QString read = QStringLiteral("input.") + outerExpr;
        return flat ? flattened(read) : read;
    }
    if (head == scope.startId)
        return joinPath(QStringLiteral("input"), rest);
    if (head == QLatin1String("sys")) {
        if (rest.first() == QLatin1String("query") || rest.first() == QLatin1String("files"))
            return joinPath(QStringLiteral("input"), rest);
        return joinPath(QStringLiteral("input.sys"), rest);
    }
    if (head == QLatin1String("env") || head == QLatin1String("conversation"))
        return joinPath(QStringLiteral("input.") + head, rest);
    if (error)
        *error = QStringLiteral("the reference [%1] names node '%2', which is not in the app").arg(sel.join(QStringLiteral(", ")), head);
    return joinPath(isIdentifier(head) ? head : QStringLiteral("n_") + head, rest);
}

bool isSingleReference(const QString &text, QStringList *sel)
{
    const auto m = referencePattern().match(text);
    if (!m.hasMatch() || m.capturedStart() != 0 || m.capturedLength() != text.size() || m.captured(1) == QLatin1String("context"))
        return false;
    if (sel)
        *sel = m.captured(1).split(QLatin1Char('.'));
    return true;
}

QString templateText(const QString &text, const DifyScope &scope, QStringList *errors, const QString &context)
{
    QString out;
    qsizetype last = 0;
    auto literalPart = [](QString s) { return s.replace(QStringLiteral("${"), QStringLiteral("$${")); };
    for (auto it = referencePattern().globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out += literalPart(text.mid(last, m.capturedStart() - last));
        last = m.capturedEnd();
        if (m.captured(1) == QLatin1String("context")) {
            out += context.isEmpty() ? m.captured(0) : QStringLiteral("${") + context + QLatin1Char('}');
            continue;
        }
        QString error;
        out += QStringLiteral("${") + selector(m.captured(1).split(QLatin1Char('.')), scope, &error) + QLatin1Char('}');
        if (!error.isEmpty() && errors)
            *errors << error;
    }
    out += literalPart(text.mid(last));
    return out;
}

const QStringList &comparisonOperators()
{
    static const QStringList ops{QStringLiteral("contains"), QStringLiteral("not contains"), QStringLiteral("start with"),
                                 QStringLiteral("end with"), QStringLiteral("is"), QStringLiteral("is not"), QStringLiteral("empty"),
                                 QStringLiteral("not empty"), QStringLiteral("in"), QStringLiteral("not in"), QStringLiteral("all of"),
                                 QStringLiteral("="), QStringLiteral("≠"), QStringLiteral(">"), QStringLiteral("<"), QStringLiteral("≥"),
                                 QStringLiteral("≤"), QStringLiteral("null"), QStringLiteral("not null"), QStringLiteral("exists"),
                                 QStringLiteral("not exists")};
    return ops;
}

QString condition(const QVariantMap &c, const DifyScope &scope, QString *error)
{
    QStringList sel;
    for (const QVariant &v : c.value(QStringLiteral("variable_selector")).toList())
        sel << v.toString();
    QString selError;
    const QString x = selector(sel, scope, &selError);
    if (!selError.isEmpty()) {
        *error = selError;
        return {};
    }
    const QString op = c.value(QStringLiteral("comparison_operator")).toString();
    const QVariant raw = c.value(QStringLiteral("value"));
    // The value: a reference, a number for the number operators, else text.
    auto value = [&](bool numeric) -> QString {
        const QString text = stringOf(raw);
        QStringList ref;
        if (isSingleReference(text, &ref))
            return selector(ref, scope, &selError);
        if (raw.typeId() == QMetaType::Bool)
            return literal(raw);
        if (numeric) {
            bool ok = false;
            const double d = text.trimmed().toDouble(&ok);
            if (ok)
                return QString::number(d, 'g', 17);
        }
        return literal(text);
    };
    auto list = [&]() -> QString {
        if (raw.typeId() == QMetaType::QVariantList || raw.typeId() == QMetaType::QStringList)
            return literal(raw);
        return literal(QVariantList{raw});
    };
    const QString orEmpty = orDefault(x, QStringLiteral("''"));
    const QString orNull = orDefault(x, QStringLiteral("null"));
    QString e;
    if (op == QLatin1String("contains"))
        e = QStringLiteral("contains(%1, %2)").arg(orEmpty, value(false));
    else if (op == QLatin1String("not contains"))
        e = QStringLiteral("NOT contains(%1, %2)").arg(orEmpty, value(false));
    else if (op == QLatin1String("start with"))
        e = QStringLiteral("startswith(str(%1), %2)").arg(orEmpty, value(false));
    else if (op == QLatin1String("end with"))
        e = QStringLiteral("endswith(str(%1), %2)").arg(orEmpty, value(false));
    else if (op == QLatin1String("is"))
        e = QStringLiteral("%1 == %2").arg(orNull, value(false));
    else if (op == QLatin1String("is not"))
        e = QStringLiteral("%1 != %2").arg(orNull, value(false));
    else if (op == QLatin1String("empty")) // of any type: nothing, '', [] or {}
        e = QStringLiteral("str(%1) in ['null', '', '[]', '{}']").arg(orNull);
    else if (op == QLatin1String("not empty"))
        e = QStringLiteral("str(%1) not in ['null', '', '[]', '{}']").arg(orNull);
    else if (op == QLatin1String("in"))
        e = QStringLiteral("%1 in %2").arg(orNull, list());
    else if (op == QLatin1String("not in"))
        e = QStringLiteral("%1 not in %2").arg(orNull, list());
    else if (op == QLatin1String("all of")) {
        QStringList parts;
        const QVariantList values = raw.toList();
        for (const QVariant &v : values)
            parts << QStringLiteral("contains(%1, %2)").arg(orEmpty, literal(v));
        e = parts.isEmpty() ? QStringLiteral("true") : parts.join(QStringLiteral(" AND "));
    } else if (op == QLatin1String("=") || op == QStringLiteral("≠") || op == QLatin1String(">") || op == QLatin1String("<")
               || op == QStringLiteral("≥") || op == QStringLiteral("≤")) {
        static const QHash<QString, QString> ours{{QStringLiteral("="), QStringLiteral("==")},  {QStringLiteral("≠"), QStringLiteral("!=")},
                                                  {QStringLiteral(">"), QStringLiteral(">")},   {QStringLiteral("<"), QStringLiteral("<")},
                                                  {QStringLiteral("≥"), QStringLiteral(">=")}, {QStringLiteral("≤"), QStringLiteral("<=")}};
        // A missing variable compares as nothing does in Dify: false (and num() is never asked of it).
        e = QStringLiteral("%1 != null AND num(%2) %3 %4").arg(orNull, x, ours.value(op), value(true));
    } else if (op == QLatin1String("null") || op == QLatin1String("not exists"))
        e = QStringLiteral("%1 == null").arg(orNull);
    else if (op == QLatin1String("not null") || op == QLatin1String("exists"))
        e = QStringLiteral("%1 != null").arg(orNull);
    else {
        *error = QStringLiteral("'%1' is no comparison operator Dify has (%2)").arg(op, comparisonOperators().join(QStringLiteral(", ")));
        return {};
    }
    if (!selError.isEmpty()) {
        *error = selError;
        return {};
    }
    return e;
}

QString conditions(const QVariantList &list, const QString &logicalOperator, const DifyScope &scope, QStringList *errors)
{
    QStringList parts;
    for (const QVariant &c : list) {
        QString error;
        const QString e = condition(c.toMap(), scope, &error);
        if (!error.isEmpty()) {
            if (errors)
                *errors << error;
            continue;
        }
        parts << (list.size() > 1 ? QLatin1Char('(') + e + QLatin1Char(')') : e);
    }
    if (parts.isEmpty())
        return QStringLiteral("false");
    return parts.join(logicalOperator.compare(QLatin1String("or"), Qt::CaseInsensitive) == 0 ? QStringLiteral(" OR ") : QStringLiteral(" AND "));
}

} // namespace capgraph::DifyExpressions
