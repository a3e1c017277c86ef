#include "expr/Expression.h"

#include "expr/ExprAst.h"
#include "expr/ExprFunctions.h"
#include "expr/ExprParser.h"

namespace capgraph {

Expression Expression::parse(const QString &text)
{
    Expression e;
    e.m_text = text;
    auto ast = std::make_shared<ExprAst>();
    if (ExprParser::parse(text, ast.get(), &e.m_error, &e.m_errorColumn))
        e.m_ast = std::move(ast);
    return e;
}

EvalResult Expression::evaluate(const ExpressionContext &context) const
{
    if (!m_ast) {
        EvalResult r;
        r.error = m_error.isEmpty() ? QStringLiteral("no expression") : m_error.english();
        r.column = m_errorColumn;
        return r;
    }
    return ExprEvaluator::evaluate(*m_ast, context);
}

EvalResult Expression::evaluate(const QVariantMap &context) const
{
    return evaluate(VariantMapContext(context));
}

QList<NameReference> Expression::references() const
{
    QList<NameReference> refs;
    if (!m_ast)
        return refs;
    const ExprAst &ast = *m_ast;
    // Walk from the root; a Member/Index chain ending in a Name is one reference.
    struct Item { int index; bool guarded; };
    QList<Item> stack{{ast.root, false}};
    while (!stack.isEmpty()) {
        const Item item = stack.takeLast();
        const ExprNode &n = ast.nodes.at(item.index);
        switch (n.op) {
        case ExprOp::Name:
        case ExprOp::Member:
        case ExprOp::Index: {
            QStringList path;
            int cur = item.index;
            while (ast.nodes.at(cur).op == ExprOp::Member || ast.nodes.at(cur).op == ExprOp::Index) {
                const ExprNode &m = ast.nodes.at(cur);
                if (m.op == ExprOp::Member) {
                    path.prepend(m.name);
                } else {
                    path.clear(); // the path is only known up to a computed index
                    stack.append({m.rhs, item.guarded});
                }
                cur = m.lhs;
            }
            const ExprNode &base = ast.nodes.at(cur);
            if (base.op == ExprOp::Name)
                refs.append({base.name, path, base.column, item.guarded});
            else
                stack.append({cur, item.guarded});
            break;
        }
        case ExprOp::Call: {
            const bool guards = n.function == ExprFunctions::Exists || n.function == ExprFunctions::Default;
            for (int i = 0; i < n.args.size(); ++i)
                stack.append({n.args.at(i), item.guarded || (guards && i == 0)});
            break;
        }
        case ExprOp::List:
            for (int a : n.args)
                stack.append({a, item.guarded});
            break;
        case ExprOp::Literal:
            break;
        default:
            if (n.lhs >= 0)
                stack.append({n.lhs, item.guarded});
            if (n.rhs >= 0)
                stack.append({n.rhs, item.guarded});
        }
    }
    std::sort(refs.begin(), refs.end(), [](const NameReference &a, const NameReference &b) { return a.column < b.column; });
    return refs;
}

} // namespace capgraph
