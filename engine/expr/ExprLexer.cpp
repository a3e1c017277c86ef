#include "expr/ExprLexer.h"

namespace capgraph {

namespace {
// Numbers are ASCII only: QChar::isDigit() also accepts fullwidth and Arabic-Indic digits,
// which QString::toDouble() cannot read.
bool isAsciiDigit(QChar c) { return c >= QLatin1Char('0') && c <= QLatin1Char('9'); }
bool isIdentStart(QChar c) { return c.isLetter() || c == QLatin1Char('_'); }
bool isIdentPart(QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); }
} // namespace

bool ExprLexer::tokenize(const QString &text, QList<ExprToken> *tokens, TranslatableText *error, int *errorColumn)
{
    tokens->clear();
    const qsizetype n = text.size();
    qsizetype i = 0;
    auto fail = [&](qsizetype at, const TranslatableText &message) {
        *error = message;
        *errorColumn = int(at) + 1;
        return false;
    };
    auto push = [&](ExprTokenType type, qsizetype start, qsizetype len) {
        ExprToken t;
        t.type = type;
        t.text = text.mid(start, len);
        t.column = int(start) + 1;
        tokens->append(t);
        i = start + len;
    };
    while (i < n) {
        const QChar c = text.at(i);
        if (c.isSpace()) {
            ++i;
            continue;
        }
        const QChar next = i + 1 < n ? text.at(i + 1) : QChar();
        if (isAsciiDigit(c) || (c == QLatin1Char('.') && isAsciiDigit(next))) {
            qsizetype j = i;
            while (j < n && isAsciiDigit(text.at(j))) ++j;
            if (j < n && text.at(j) == QLatin1Char('.') && j + 1 < n && isAsciiDigit(text.at(j + 1))) {
                ++j;
                while (j < n && isAsciiDigit(text.at(j))) ++j;
            }
            if (j < n && (text.at(j) == QLatin1Char('e') || text.at(j) == QLatin1Char('E'))) {
                qsizetype k = j + 1;
                if (k < n && (text.at(k) == QLatin1Char('+') || text.at(k) == QLatin1Char('-'))) ++k;
                if (k < n && isAsciiDigit(text.at(k))) {
                    while (k < n && isAsciiDigit(text.at(k))) ++k;
                    j = k;
                }
            }
            if (j < n && isIdentStart(text.at(j)))
                return fail(j, CAPGRAPH_TR("capgraph::Expression", "unexpected '%1' after a number").arg(text.at(j)));
            ExprToken t;
            t.type = ExprTokenType::Number;
            t.text = text.mid(i, j - i);
            t.number = t.text.toDouble();
            t.column = int(i) + 1;
            tokens->append(t);
            i = j;
            continue;
        }
        if (c.isDigit())
            return fail(i, CAPGRAPH_TR("capgraph::Expression", "'%1' is not an ASCII digit; write numbers with 0-9").arg(c));
        if (isIdentStart(c)) {
            qsizetype j = i + 1;
            while (j < n && isIdentPart(text.at(j))) ++j;
            const QString word = text.mid(i, j - i);
            const QString lower = word.toLower();
            ExprTokenType type = ExprTokenType::Ident;
            if (lower == QLatin1String("and")) type = ExprTokenType::And;
            else if (lower == QLatin1String("or")) type = ExprTokenType::Or;
            else if (lower == QLatin1String("not")) type = ExprTokenType::Not;
            else if (lower == QLatin1String("in")) type = ExprTokenType::In;
            else if (lower == QLatin1String("true")) type = ExprTokenType::True;
            else if (lower == QLatin1String("false")) type = ExprTokenType::False;
            else if (lower == QLatin1String("null")) type = ExprTokenType::Null;
            push(type, i, j - i);
            continue;
        }
        if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            QString value;
            qsizetype j = i + 1;
            bool closed = false;
            while (j < n) {
                const QChar d = text.at(j);
                if (d == c) {
                    closed = true;
                    break;
                }
                if (d == QLatin1Char('\\') && j + 1 < n) {
                    const QChar e = text.at(j + 1);
                    switch (e.unicode()) {
                    case 'n': value += QLatin1Char('\n'); break;
                    case 't': value += QLatin1Char('\t'); break;
                    case 'r': value += QLatin1Char('\r'); break;
                    case '\\': value += QLatin1Char('\\'); break;
                    case '\'': value += QLatin1Char('\''); break;
                    case '"': value += QLatin1Char('"'); break;
                    default: value += QLatin1Char('\\'); value += e; break; // keep regex escapes like \d
                    }
                    j += 2;
                    continue;
                }
                value += d;
                ++j;
            }
            if (!closed)
                return fail(i, CAPGRAPH_TR("capgraph::Expression", "unterminated string; expected a closing %1").arg(c));
            ExprToken t;
            t.type = ExprTokenType::String;
            t.text = value;
            t.column = int(i) + 1;
            tokens->append(t);
            i = j + 1;
            continue;
        }
        auto two = [&](char a, char b) { return c == QLatin1Char(a) && next == QLatin1Char(b); };
        if (two('=', '=')) { push(ExprTokenType::Eq, i, 2); continue; }
        if (two('!', '=')) { push(ExprTokenType::Ne, i, 2); continue; }
        if (two('<', '=')) { push(ExprTokenType::Le, i, 2); continue; }
        if (two('>', '=')) { push(ExprTokenType::Ge, i, 2); continue; }
        if (two('&', '&')) { push(ExprTokenType::And, i, 2); continue; }
        if (two('|', '|')) { push(ExprTokenType::Or, i, 2); continue; }
        switch (c.unicode()) {
        case '.': push(ExprTokenType::Dot, i, 1); continue;
        case ',': push(ExprTokenType::Comma, i, 1); continue;
        case '(': push(ExprTokenType::LParen, i, 1); continue;
        case ')': push(ExprTokenType::RParen, i, 1); continue;
        case '[': push(ExprTokenType::LBracket, i, 1); continue;
        case ']': push(ExprTokenType::RBracket, i, 1); continue;
        case '+': push(ExprTokenType::Plus, i, 1); continue;
        case '-': push(ExprTokenType::Minus, i, 1); continue;
        case '*': push(ExprTokenType::Star, i, 1); continue;
        case '/': push(ExprTokenType::Slash, i, 1); continue;
        case '%': push(ExprTokenType::Percent, i, 1); continue;
        case '<': push(ExprTokenType::Lt, i, 1); continue;
        case '>': push(ExprTokenType::Gt, i, 1); continue;
        case '!': push(ExprTokenType::Not, i, 1); continue;
        case '=':
            return fail(i, CAPGRAPH_TR("capgraph::Expression", "'=' is not an operator; use '==' to compare"));
        case '&':
            return fail(i, CAPGRAPH_TR("capgraph::Expression", "'&' is not an operator; use '&&' or AND"));
        case '|':
            return fail(i, CAPGRAPH_TR("capgraph::Expression", "'|' is not an operator; use '||' or OR"));
        default:
            if (c.isHighSurrogate() && i + 1 < n)
                return fail(i, CAPGRAPH_TR("capgraph::Expression", "unexpected character '%1'").arg(text.mid(i, 2)));
            return fail(i, CAPGRAPH_TR("capgraph::Expression", "unexpected character '%1'").arg(c));
        }
    }
    ExprToken end;
    end.type = ExprTokenType::End;
    end.column = int(n) + 1;
    tokens->append(end);
    return true;
}

} // namespace capgraph
