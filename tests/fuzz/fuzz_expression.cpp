// An expression or a `${...}` template as a graph's author writes it: parsed, its references
// listed, evaluated against a small run context. A parse failure must say where (a column
// inside the text); evaluation must end with a value or an error, never a crash or a hang
// (regular expressions in matches() are bounded).
#include "FuzzSupport.h"

#include "expr/ExprTemplate.h"
#include "expr/Expression.h"
#include "expr/ExpressionContext.h"

using namespace capgraph;

namespace {
const VariantMapContext &context()
{
    static const VariantMapContext c(QVariantMap{
        {QStringLiteral("input"), QVariantMap{{QStringLiteral("topic"), QStringLiteral("量子計算")},
                                              {QStringLiteral("n"), 3},
                                              {QStringLiteral("ratio"), 0.25},
                                              {QStringLiteral("tags"), QVariantList{QStringLiteral("a"), QStringLiteral("b")}}}},
        {QStringLiteral("iteration"), 2},
        {QStringLiteral("results"), QVariantList{1, 2.5, QStringLiteral("x"), QVariant::fromValue(nullptr), true}},
        {QStringLiteral("search"), QVariantMap{{QStringLiteral("result_count"), 12}, {QStringLiteral("ok"), false}}},
        {QStringLiteral("text"), QString(64, QLatin1Char('a')) + QLatin1Char('!')},
    });
    return c;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::quiet();
    const QString text = QString::fromUtf8(fuzz::bytes(data, size));

    const Expression e = Expression::parse(text);
    if (e.isValid()) {
        e.references();
        e.evaluate(context());
    } else if (e.errorMessage().isEmpty() || e.errorColumn() < 1 || e.errorColumn() > text.size() + 1) {
        fuzz::finding("an expression error without a message or a column inside the text", text.toUtf8());
    }

    const ExprTemplate t = ExprTemplate::parse(text);
    if (t.isValid()) {
        t.references();
        t.evaluate(context());
    } else if (t.errorMessage().isEmpty() || t.errorColumn() < 1 || t.errorColumn() > text.size() + 1) {
        fuzz::finding("a template error without a message or a column inside the text", text.toUtf8());
    }
    return 0;
}
