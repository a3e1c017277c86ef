#include "handlers/DataHandlers.h"

#include "dify/DifyExpressions.h"
#include "dify/JinjaTemplate.h"
#include "expr/ExprValue.h"
#include "expr/Expression.h"

#include <QMap>

#include <algorithm>

namespace capgraph {

void JinjaHandler::start(const SkillCallPtr &call)
{
    QVariantMap vars = call->inputs;
    const QString text = vars.take(QStringLiteral("template")).toString();
    const JinjaTemplate t = JinjaTemplate::parse(text);
    QString out, error;
    if (!t.render(vars, &out, &error)) {
        call->fail(QStringLiteral("builtin.jinja: %1").arg(error));
        return;
    }
    call->finish({{QStringLiteral("output"), out}});
}

void CoalesceHandler::start(const SkillCallPtr &call)
{
    // NAME__N, in N's order.
    QMap<QString, QMap<int, QVariant>> byName;
    for (auto it = call->inputs.cbegin(); it != call->inputs.cend(); ++it) {
        const qsizetype at = it.key().lastIndexOf(QStringLiteral("__"));
        bool ok = false;
        const int n = at > 0 ? it.key().mid(at + 2).toInt(&ok) : 0;
        if (ok)
            byName[it.key().left(at)].insert(n, it.value());
    }
    const bool groups = call->inputs.value(QStringLiteral("groups")).toBool();
    QVariantMap outputs;
    for (auto it = byName.cbegin(); it != byName.cend(); ++it) {
        QVariant first = QVariant::fromValue(nullptr);
        for (const QVariant &v : it.value())
            if (v.isValid() && !v.isNull() && v.typeId() != QMetaType::Nullptr) {
                first = v;
                break;
            }
        outputs.insert(it.key(), groups ? QVariant(QVariantMap{{QStringLiteral("output"), first}}) : first);
    }
    call->finish(outputs);
}

void ListHandler::start(const SkillCallPtr &call)
{
    const QVariant base = call->inputs.value(QStringLiteral("list"));
    if (!base.isNull() && base.typeId() != QMetaType::QVariantList && base.typeId() != QMetaType::QStringList) {
        call->fail(QStringLiteral("builtin.list: 'list' should be a list, not %1").arg(ExprValue::kindName(base)));
        return;
    }
    QVariantList list = base.toList();
    // Each condition as an expression over one item: `input.KEY`, or `input.value` for a list of scalars.
    const QVariantMap filter = call->inputs.value(QStringLiteral("filter_by")).toMap();
    if (filter.value(QStringLiteral("enabled")).toBool()) {
        DifyScope scope;
        scope.containerId = QStringLiteral("item");
        QList<Expression> tests;
        for (const QVariant &c : filter.value(QStringLiteral("conditions")).toList()) {
            QVariantMap cm = c.toMap();
            const QString key = cm.value(QStringLiteral("key")).toString();
            cm.insert(QStringLiteral("variable_selector"), QVariantList{QStringLiteral("item"), key.isEmpty() ? QStringLiteral("value") : key});
            QString error;
            const QString e = DifyExpressions::condition(cm, scope, &error);
            const Expression ex = Expression::parse(e);
            if (!error.isEmpty() || !ex.isValid()) {
                call->fail(QStringLiteral("builtin.list: a filter condition: %1").arg(error.isEmpty() ? ex.errorMessage() : error));
                return;
            }
            tests << ex;
        }
        QVariantList kept;
        for (const QVariant &item : std::as_const(list)) {
            QVariantMap fields = item.typeId() == QMetaType::QVariantMap ? item.toMap() : QVariantMap{};
            fields.insert(QStringLiteral("value"), item);
            const QVariantMap context{{QStringLiteral("input"), fields}};
            bool all = true;
            for (const Expression &t : std::as_const(tests)) {
                const EvalResult r = t.evaluate(context);
                if (!r.ok() || !ExprValue::truthy(r.value)) {
                    all = false;
                    break;
                }
            }
            if (all)
                kept << item;
        }
        list = kept;
    }
    const QVariantMap order = call->inputs.value(QStringLiteral("order_by")).toMap();
    if (order.value(QStringLiteral("enabled")).toBool()) {
        const QString key = order.value(QStringLiteral("key")).toString();
        const bool desc = order.value(QStringLiteral("value")).toString() == QLatin1String("desc");
        auto keyOf = [&key](const QVariant &v) { return key.isEmpty() ? v : v.toMap().value(key); };
        std::stable_sort(list.begin(), list.end(), [&](const QVariant &a, const QVariant &b) {
            const QPartialOrdering o = QVariant::compare(keyOf(a), keyOf(b));
            return desc ? o == QPartialOrdering::Greater : o == QPartialOrdering::Less;
        });
    }
    const QVariantMap limit = call->inputs.value(QStringLiteral("limit")).toMap();
    if (limit.value(QStringLiteral("enabled")).toBool()) {
        const qsizetype size = std::max<qsizetype>(0, limit.value(QStringLiteral("size")).toLongLong());
        if (list.size() > size)
            list = list.mid(0, size);
    }
    const QVariantMap extract = call->inputs.value(QStringLiteral("extract_by")).toMap();
    if (extract.value(QStringLiteral("enabled")).toBool()) {
        const qsizetype serial = extract.value(QStringLiteral("serial")).toString().toLongLong();
        if (serial < 1 || serial > list.size()) {
            call->fail(QStringLiteral("builtin.list: extract item %1 of a list of %2").arg(serial).arg(list.size()));
            return;
        }
        list = QVariantList{list.at(serial - 1)};
    }
    const QVariant none = QVariant::fromValue(nullptr);
    call->finish({{QStringLiteral("result"), list},
                  {QStringLiteral("first_record"), list.isEmpty() ? none : list.first()},
                  {QStringLiteral("last_record"), list.isEmpty() ? none : list.last()}});
}

} // namespace capgraph
