#include "expr/ExprParser.h"

#include "expr/ExprFunctions.h"
#include "expr/ExprLexer.h"

namespace capgraph {

namespace {

constexpr int kMaxDepth = 200;
// Evaluation recurses along the tree: long operator chains (`1+1+...`) are parsed in a loop
// but must still be bounded.
constexpr int kMaxTreeDepth = 400;

class Parser
{
public:
    Parser(const QList<ExprToken> &tokens, ExprAst *ast) : m_tokens(tokens), m_ast(ast) {}

    TranslatableText error;
    int errorColumn = 0;

    int parseAll()
    {
        const int root = parseOr();
        if (root < 0)
            return -1;
        if (peek().type != ExprTokenType::End)
            return fail(peek(), CAPGRAPH_TR("capgraph::Expression", "unexpected %1 after a complete expression; expected an operator or the end")
                                    .arg(describe(peek())));
        return root;
    }

private:
    const QList<ExprToken> &m_tokens;
    ExprAst *m_ast;
    qsizetype m_pos = 0;
    int m_depth = 0;

    const ExprToken &peek(int ahead = 0) const
    {
        return m_tokens.at(std::min<qsizetype>(m_pos + ahead, m_tokens.size() - 1));
    }
    const ExprToken &take() { return m_tokens.at(std::min<qsizetype>(m_pos++, m_tokens.size() - 1)); }

    static TranslatableText describe(const ExprToken &t)
    {
        switch (t.type) {
        case ExprTokenType::End: return CAPGRAPH_TR("capgraph::Expression", "end of expression");
        case ExprTokenType::Number: return CAPGRAPH_TR("capgraph::Expression", "number %1").arg(t.text);
        case ExprTokenType::String: return CAPGRAPH_TR("capgraph::Expression", "string '%1'").arg(t.text);
        case ExprTokenType::Ident: return CAPGRAPH_TR("capgraph::Expression", "name '%1'").arg(t.text);
        default: return TranslatableText::verbatim(QStringLiteral("'%1'").arg(t.text));
        }
    }

    int fail(const ExprToken &at, const TranslatableText &message)
    {
        if (error.isEmpty()) {
            error = message;
            errorColumn = at.column;
        }
        return -1;
    }

    QList<int> m_treeDepth; // per AST node

    int add(ExprNode node)
    {
        int depth = 0;
        for (int child : {node.lhs, node.rhs})
            if (child >= 0)
                depth = std::max(depth, m_treeDepth.at(child));
        for (int child : node.args)
            depth = std::max(depth, m_treeDepth.at(child));
        if (depth + 1 > kMaxTreeDepth) {
            ExprToken at;
            at.column = node.column;
            return fail(at, CAPGRAPH_TR("capgraph::Expression", "expression nested too deeply (more than %1 levels)").arg(kMaxTreeDepth));
        }
        m_ast->nodes.append(std::move(node));
        m_treeDepth.append(depth + 1);
        return int(m_ast->nodes.size() - 1);
    }
    int binary(ExprOp op, int column, int lhs, int rhs)
    {
        ExprNode n;
        n.op = op;
        n.column = column;
        n.lhs = lhs;
        n.rhs = rhs;
        return add(std::move(n));
    }

    struct DepthGuard
    {
        int &depth;
        explicit DepthGuard(int &d) : depth(d) { ++depth; }
        ~DepthGuard() { --depth; }
    };

    int operand(const ExprToken &after, int parsed)
    {
        if (parsed < 0 && error.isEmpty())
            return fail(peek(), CAPGRAPH_TR("capgraph::Expression", "expected an operand after %1").arg(describe(after)));
        return parsed;
    }

    int parseOr()
    {
        DepthGuard guard(m_depth);
        if (m_depth > kMaxDepth)
            return fail(peek(), CAPGRAPH_TR("capgraph::Expression", "expression nested too deeply"));
        int lhs = parseAnd();
        while (lhs >= 0 && peek().type == ExprTokenType::Or) {
            const ExprToken op = take();
            const int rhs = operand(op, parseAnd());
            if (rhs < 0)
                return -1;
            lhs = binary(ExprOp::Or, op.column, lhs, rhs);
        }
        return lhs;
    }

    int parseAnd()
    {
        int lhs = parseNot();
        while (lhs >= 0 && peek().type == ExprTokenType::And) {
            const ExprToken op = take();
            const int rhs = operand(op, parseNot());
            if (rhs < 0)
                return -1;
            lhs = binary(ExprOp::And, op.column, lhs, rhs);
        }
        return lhs;
    }

    int parseNot()
    {
        if (peek().type == ExprTokenType::Not) {
            DepthGuard guard(m_depth);
            if (m_depth > kMaxDepth)
                return fail(peek(), CAPGRAPH_TR("capgraph::Expression", "expression nested too deeply"));
            const ExprToken op = take();
            const int inner = operand(op, parseNot());
            if (inner < 0)
                return -1;
            return binary(ExprOp::Not, op.column, inner, -1);
        }
        return parseCompare();
    }

    static bool comparison(ExprTokenType t)
    {
        return t == ExprTokenType::Eq || t == ExprTokenType::Ne || t == ExprTokenType::Lt || t == ExprTokenType::Le
            || t == ExprTokenType::Gt || t == ExprTokenType::Ge || t == ExprTokenType::In;
    }

    int parseCompare()
    {
        const int lhs = parseSum();
        if (lhs < 0)
            return -1;
        ExprOp op;
        ExprToken opToken = peek();
        if (opToken.type == ExprTokenType::Not && peek(1).type == ExprTokenType::In) {
            take();
            take();
            op = ExprOp::NotIn;
        } else if (comparison(opToken.type)) {
            take();
            switch (opToken.type) {
            case ExprTokenType::Eq: op = ExprOp::Eq; break;
            case ExprTokenType::Ne: op = ExprOp::Ne; break;
            case ExprTokenType::Lt: op = ExprOp::Lt; break;
            case ExprTokenType::Le: op = ExprOp::Le; break;
            case ExprTokenType::Gt: op = ExprOp::Gt; break;
            case ExprTokenType::Ge: op = ExprOp::Ge; break;
            default: op = ExprOp::In; break;
            }
        } else {
            return lhs;
        }
        const int rhs = operand(opToken, parseSum());
        if (rhs < 0)
            return -1;
        if (comparison(peek().type))
            return fail(peek(), CAPGRAPH_TR("capgraph::Expression", "comparisons cannot be chained; combine them with AND"));
        return binary(op, opToken.column, lhs, rhs);
    }

    int parseSum()
    {
        int lhs = parseProduct();
        while (lhs >= 0 && (peek().type == ExprTokenType::Plus || peek().type == ExprTokenType::Minus)) {
            const ExprToken op = take();
            const int rhs = operand(op, parseProduct());
            if (rhs < 0)
                return -1;
            lhs = binary(op.type == ExprTokenType::Plus ? ExprOp::Add : ExprOp::Sub, op.column, lhs, rhs);
        }
        return lhs;
    }

    int parseProduct()
    {
        int lhs = parseUnary();
        while (lhs >= 0
               && (peek().type == ExprTokenType::Star || peek().type == ExprTokenType::Slash
                   || peek().type == ExprTokenType::Percent)) {
            const ExprToken op = take();
            const int rhs = operand(op, parseUnary());
            if (rhs < 0)
                return -1;
            const ExprOp o = op.type == ExprTokenType::Star ? ExprOp::Mul
                           : op.type == ExprTokenType::Slash ? ExprOp::Div : ExprOp::Mod;
            lhs = binary(o, op.column, lhs, rhs);
        }
        return lhs;
    }

    int parseUnary()
    {
        if (peek().type == ExprTokenType::Minus || peek().type == ExprTokenType::Plus) {
            DepthGuard guard(m_depth);
            if (m_depth > kMaxDepth)
                return fail(peek(), CAPGRAPH_TR("capgraph::Expression", "expression nested too deeply"));
            const ExprToken op = take();
            const int inner = operand(op, parseUnary());
            if (inner < 0)
                return -1;
            // Unary plus is kept as a numeric check: `+x` needs a number, like `-x`.
            return binary(op.type == ExprTokenType::Plus ? ExprOp::Plus : ExprOp::Negate, op.column, inner, -1);
        }
        return parsePostfix();
    }

    int parsePostfix()
    {
        int base = parsePrimary();
        while (base >= 0) {
            if (peek().type == ExprTokenType::Dot) {
                const ExprToken dot = take();
                const ExprToken &field = peek();
                // Keywords are allowed as field names: `result.in`, `flags.null`.
                if (field.type != ExprTokenType::Ident && !(field.type >= ExprTokenType::And && field.type <= ExprTokenType::Null))
                    return fail(field, CAPGRAPH_TR("capgraph::Expression", "expected a field name after '.', found %1").arg(describe(field)));
                take();
                ExprNode n;
                n.op = ExprOp::Member;
                n.column = dot.column;
                n.name = field.text;
                n.lhs = base;
                base = add(std::move(n));
            } else if (peek().type == ExprTokenType::LBracket) {
                const ExprToken open = take();
                const int index = parseOr();
                if (index < 0)
                    return operand(open, -1);
                if (peek().type != ExprTokenType::RBracket)
                    return fail(peek(), CAPGRAPH_TR("capgraph::Expression", "expected ']' to close '[' at column %1, found %2")
                                            .arg(open.column)
                                            .arg(describe(peek())));
                take();
                base = binary(ExprOp::Index, open.column, base, index);
            } else {
                break;
            }
        }
        return base;
    }

    int parseArgs(ExprTokenType close, const ExprToken &open, QList<int> *args)
    {
        if (peek().type == close) {
            take();
            return 0;
        }
        for (;;) {
            const int a = parseOr();
            if (a < 0)
                return operand(open, -1);
            args->append(a);
            if (peek().type == ExprTokenType::Comma) {
                take();
                continue;
            }
            if (peek().type == close) {
                take();
                return 0;
            }
            return fail(peek(), CAPGRAPH_TR("capgraph::Expression", "expected ',' or '%1' to close '%2' at column %3, found %4")
                                    .arg(QString(close == ExprTokenType::RParen ? QLatin1Char(')') : QLatin1Char(']')))
                                    .arg(open.text)
                                    .arg(open.column)
                                    .arg(describe(peek())));
        }
    }

    int parsePrimary()
    {
        const ExprToken t = peek();
        ExprNode n;
        n.column = t.column;
        switch (t.type) {
        case ExprTokenType::Number:
            take();
            n.op = ExprOp::Literal;
            n.literal = t.number;
            return add(std::move(n));
        case ExprTokenType::String:
            take();
            n.op = ExprOp::Literal;
            n.literal = t.text;
            return add(std::move(n));
        case ExprTokenType::True:
        case ExprTokenType::False:
            take();
            n.op = ExprOp::Literal;
            n.literal = t.type == ExprTokenType::True;
            return add(std::move(n));
        case ExprTokenType::Null:
            take();
            n.op = ExprOp::Literal;
            n.literal = QVariant::fromValue(nullptr);
            return add(std::move(n));
        case ExprTokenType::LParen: {
            take();
            const int inner = parseOr();
            if (inner < 0)
                return operand(t, -1);
            if (peek().type != ExprTokenType::RParen)
                return fail(peek(), CAPGRAPH_TR("capgraph::Expression", "expected ')' to close '(' at column %1, found %2")
                                        .arg(t.column)
                                        .arg(describe(peek())));
            take();
            return inner;
        }
        case ExprTokenType::LBracket: {
            take();
            n.op = ExprOp::List;
            if (parseArgs(ExprTokenType::RBracket, t, &n.args) < 0)
                return -1;
            return add(std::move(n));
        }
        case ExprTokenType::Ident: {
            take();
            if (peek().type != ExprTokenType::LParen) {
                n.op = ExprOp::Name;
                n.name = t.text;
                return add(std::move(n));
            }
            const ExprToken open = take();
            n.op = ExprOp::Call;
            n.name = t.text.toLower();
            n.function = ExprFunctions::find(n.name);
            if (n.function < 0)
                return fail(t, CAPGRAPH_TR("capgraph::Expression", "unknown function '%1'; known: %2")
                                   .arg(t.text, ExprFunctions::names().join(QStringLiteral(", "))));
            if (parseArgs(ExprTokenType::RParen, open, &n.args) < 0)
                return -1;
            const auto &spec = ExprFunctions::spec(n.function);
            if (n.args.size() < spec.minArgs || (spec.maxArgs >= 0 && n.args.size() > spec.maxArgs))
                return fail(t, CAPGRAPH_TR("capgraph::Expression", "%1 takes %2, got %3 argument(s)")
                                   .arg(QString::fromLatin1(spec.signature))
                                   .arg(spec.minArgs == spec.maxArgs ? TranslatableText::verbatim(QString::number(spec.minArgs))
                                        : spec.maxArgs < 0            ? CAPGRAPH_TR("capgraph::Expression", "%1 or more").arg(spec.minArgs)
                                                                      : CAPGRAPH_TR("capgraph::Expression", "%1 to %2").arg(spec.minArgs).arg(spec.maxArgs))
                                   .arg(n.args.size()));
            if ((n.function == ExprFunctions::Exists || n.function == ExprFunctions::Default)) {
                const ExprOp a = m_ast->nodes.at(n.args.first()).op;
                if (a != ExprOp::Name && a != ExprOp::Member && a != ExprOp::Index)
                    return fail(t, CAPGRAPH_TR("capgraph::Expression", "%1 expects a name or path as its first argument")
                                       .arg(QString::fromLatin1(spec.signature)));
            }
            if (n.function == ExprFunctions::Matches) {
                const ExprNode &pattern = m_ast->nodes.at(n.args.at(1));
                if (pattern.op == ExprOp::Literal && pattern.literal.typeId() == QMetaType::QString) {
                    n.regex = QRegularExpression(pattern.literal.toString(), QRegularExpression::UseUnicodePropertiesOption);
                    if (!n.regex.isValid()) {
                        ExprToken at;
                        at.column = pattern.column;
                        return fail(at,
                                    CAPGRAPH_TR("capgraph::Expression", "invalid regular expression in matches(): %1").arg(n.regex.errorString()));
                    }
                }
            }
            return add(std::move(n));
        }
        case ExprTokenType::End:
            return fail(t, CAPGRAPH_TR("capgraph::Expression", "expected an operand, found the end of the expression"));
        default:
            return fail(t, CAPGRAPH_TR("capgraph::Expression", "expected an operand, found %1").arg(describe(t)));
        }
    }
};

} // namespace

bool ExprParser::parse(const QString &text, ExprAst *ast, TranslatableText *error, int *errorColumn)
{
    QList<ExprToken> tokens;
    if (!ExprLexer::tokenize(text, &tokens, error, errorColumn))
        return false;
    if (tokens.size() == 1) {
        *error = CAPGRAPH_TR("capgraph::Expression", "the expression is empty");
        *errorColumn = 1;
        return false;
    }
    Parser parser(tokens, ast);
    const int root = parser.parseAll();
    if (root < 0) {
        *error = parser.error.isEmpty() ? CAPGRAPH_TR("capgraph::Expression", "cannot parse the expression") : parser.error;
        *errorColumn = parser.errorColumn > 0 ? parser.errorColumn : 1;
        return false;
    }
    ast->root = root;
    return true;
}

} // namespace capgraph
