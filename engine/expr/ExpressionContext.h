#pragma once

#include <QString>
#include <QStringList>
#include <QVariant>
#include <QVariantMap>

namespace capgraph {

// What names in an expression resolve against. The executor supplies its run context
// (input, iteration, node outputs); tools and tests can use VariantMapContext.
class ExpressionContext
{
public:
    virtual ~ExpressionContext() = default;
    // True and *value set when `name` is defined (a defined name may hold null).
    virtual bool lookup(const QString &name, QVariant *value) const = 0;

    // Names every expression of a run may use without an upstream node declaring them:
    // input, iteration, run.
    static QStringList builtinNames();
};

class VariantMapContext : public ExpressionContext
{
public:
    VariantMapContext() = default;
    explicit VariantMapContext(QVariantMap values) : m_values(std::move(values)) {}

    bool lookup(const QString &name, QVariant *value) const override;
    QVariantMap &values() { return m_values; }

private:
    QVariantMap m_values;
};

} // namespace capgraph
