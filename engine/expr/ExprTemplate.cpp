#include "expr/ExprTemplate.h"

#include "expr/ExprValue.h"

namespace capgraph {

ExprTemplate ExprTemplate::parse(const QString &text)
{
    ExprTemplate t;
    QString literal;
    qsizetype i = 0;
    const qsizetype n = text.size();
    while (i < n) {
        if (text.at(i) == QLatin1Char('$') && i + 2 < n + 1 && text.mid(i, 3) == QLatin1String("$${")) {
            literal += QStringLiteral("${");
            i += 3;
            continue;
        }
        if (text.at(i) == QLatin1Char('$') && i + 1 < n && text.at(i + 1) == QLatin1Char('{')) {
            // Find the closing brace outside quoted strings.
            qsizetype j = i + 2;
            QChar quote;
            while (j < n) {
                const QChar c = text.at(j);
                if (!quote.isNull()) {
                    if (c == QLatin1Char('\\'))
                        ++j;
                    else if (c == quote)
                        quote = QChar();
                } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
                    quote = c;
                } else if (c == QLatin1Char('}')) {
                    break;
                }
                ++j;
            }
            if (j >= n) {
                t.m_error = CAPGRAPH_TR("capgraph::Expression", "'${' is not closed; expected '}'");
                t.m_errorColumn = int(i) + 1;
                return t;
            }
            if (!literal.isEmpty()) {
                t.m_parts.append({literal, Expression(), 0});
                literal.clear();
            }
            Part hole;
            hole.expression = Expression::parse(text.mid(i + 2, j - i - 2));
            hole.column = int(i) + 3;
            if (!hole.expression.isValid()) {
                t.m_error = hole.expression.errorText();
                t.m_errorColumn = hole.column + hole.expression.errorColumn() - 1;
                return t;
            }
            t.m_parts.append(hole);
            i = j + 1;
            continue;
        }
        literal += text.at(i);
        ++i;
    }
    if (!literal.isEmpty() || t.m_parts.isEmpty())
        t.m_parts.append({literal, Expression(), 0});
    return t;
}

bool ExprTemplate::hasExpressions() const
{
    for (const Part &p : m_parts)
        if (p.expression.isValid())
            return true;
    return false;
}

EvalResult ExprTemplate::evaluate(const ExpressionContext &context) const
{
    EvalResult r;
    if (!isValid()) {
        r.error = m_error.english();
        r.column = m_errorColumn;
        return r;
    }
    if (m_parts.size() == 1) {
        const Part &only = m_parts.first();
        if (!only.expression.isValid()) {
            r.value = only.literal;
            return r;
        }
        r = only.expression.evaluate(context);
        if (!r.ok())
            r.column += only.column - 1;
        return r;
    }
    QString text;
    for (const Part &p : m_parts) {
        if (!p.expression.isValid()) {
            text += p.literal;
            continue;
        }
        EvalResult part = p.expression.evaluate(context);
        if (!part.ok()) {
            part.column += p.column - 1;
            return part;
        }
        text += ExprValue::toText(part.value);
    }
    r.value = text;
    return r;
}

QList<NameReference> ExprTemplate::references() const
{
    QList<NameReference> refs;
    for (const Part &p : m_parts) {
        if (!p.expression.isValid())
            continue;
        for (NameReference ref : p.expression.references()) {
            ref.column += p.column - 1;
            refs.append(ref);
        }
    }
    return refs;
}

} // namespace capgraph
