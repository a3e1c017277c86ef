#include "exec/ExecutorInteractions_p.h"

#include "exec/Executor_p.h"
#include "exec/TokenContext_p.h"
#include "expr/ExprValue.h"

namespace capgraph {

void ExecutorInteractions::request(Token &t, const CompiledGraph::CNode &n)
{
    PendingInteraction p;
    p.node = t.node;
    p.token = t.id;
    p.kind = n.kind == NodeKind::Confirm ? QStringLiteral("confirm")
           : n.kind == NodeKind::Select  ? QStringLiteral("select")
                                         : QStringLiteral("input");
    p.prompt = n.prompt.isEmpty() ? n.id : n.prompt;
    if (n.promptTemplate.hasExpressions()) {
        const TokenContext ctx(d, t);
        const EvalResult r = n.promptTemplate.evaluate(ctx);
        if (r.ok())
            p.prompt = ExprValue::toText(r.value);
        else
            d.events.warn(&t, t.node, CAPGRAPH_TR("capgraph::Run", "prompt of '%1': %2; showing it unfilled").arg(n.id, r.error));
    }
    if (n.kind == NodeKind::Select) {
        if (n.optionsFrom.isValid()) {
            const TokenContext ctx(d, t);
            const EvalResult r = n.optionsFrom.evaluate(ctx);
            if (!r.ok()) {
                d.failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "select '%1' options_from \"%2\": %3").arg(n.id, n.optionsFrom.text(), r.error));
                return;
            }
            if (ExprValue::kindOf(r.value) == ValueKind::List)
                p.options = ExprValue::normalized(r.value).toList();
            else if (ExprValue::kindOf(r.value) == ValueKind::Map) {
                const QStringList keys = ExprValue::normalized(r.value).toMap().keys();
                for (const QString &k : keys)
                    p.options.append(k);
            }
            else {
                d.failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "select '%1' options_from \"%2\" gave a %3, not a list")
                                        .arg(n.id, n.optionsFrom.text(), ExprValue::kindName(r.value)));
                return;
            }
        } else {
            p.options = n.options;
        }
        p.multiple = n.multiple;
        p.minChoices = n.minChoices;
        p.maxChoices = n.maxChoices;
        if (p.options.isEmpty()) {
            d.failRun(&t, t.node, CAPGRAPH_TR("capgraph::Run", "select '%1' has no options to choose from%2")
                                    .arg(n.id, n.optionsFrom.isValid() ? CAPGRAPH_TR("capgraph::Run", " (options_from \"%1\" is empty)").arg(n.optionsFrom.text())
                                                                       : TranslatableText()));
            return;
        }
    }
    // The node id, or node#2, #3... when that is taken by a request still waiting.
    auto taken = [this](const QString &id) {
        for (const PendingInteraction &other : std::as_const(m_pending))
            if (other.id == id)
                return true;
        return false;
    };
    p.id = n.id;
    for (int k = 2; taken(p.id); ++k)
        p.id = QStringLiteral("%1#%2").arg(n.id).arg(k);
    t.state = TokenState::WaitingInput;
    m_pending.append(p);
    if (d.events.observed(RunEventType::NodeWaiting))
        d.events.emitEvent(RunEventType::NodeWaiting, &t, t.node, p.prompt);
    if (d.events.observed(RunEventType::InteractionRequested))
        d.events.emitEvent(RunEventType::InteractionRequested, &t, t.node, p.prompt, p.toVariant(n.id));
    emit d.q->interactionRequested(p.id);
}

bool ExecutorInteractions::answer(const QString &requestId, const QVariant &rawValue, QString *error)
{
    auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    qsizetype at = -1;
    for (qsizetype i = 0; i < m_pending.size(); ++i)
        if (m_pending.at(i).id == requestId) {
            at = i;
            break;
        }
    if (at < 0) // a node id answers its first waiting request
        for (qsizetype i = 0; i < m_pending.size(); ++i)
            if (d.cg.nodes.at(m_pending.at(i).node).id == requestId) {
                at = i;
                break;
            }
    if (at < 0) {
        QStringList ids;
        for (const PendingInteraction &p : std::as_const(m_pending))
            ids << p.id;
        return fail(ids.isEmpty() ? QStringLiteral("no interaction is waiting (asked for '%1')").arg(requestId)
                                  : QStringLiteral("no interaction '%1' is waiting (waiting: %2)").arg(requestId, ids.join(QStringLiteral(", "))));
    }
    const PendingInteraction p = m_pending.at(at);
    QVariant value = ExprValue::normalized(rawValue);
    if (p.kind == QLatin1String("confirm")) {
        if (ExprValue::kindOf(value) == ValueKind::String) {
            const QString s = value.toString().trimmed().toLower();
            static const QStringList yes{QStringLiteral("y"), QStringLiteral("yes"), QStringLiteral("true"), QStringLiteral("ok"),
                                         QStringLiteral("1"), QStringLiteral("是"), QStringLiteral("確認"), QStringLiteral("确认")};
            static const QStringList no{QStringLiteral("n"), QStringLiteral("no"), QStringLiteral("false"), QStringLiteral("0"),
                                        QStringLiteral("否"), QStringLiteral("取消")};
            if (yes.contains(s))
                value = true;
            else if (no.contains(s))
                value = false;
            else
                return fail(QStringLiteral("'%1' confirms with yes or no, not '%2'").arg(p.id, value.toString()));
        } else if (ExprValue::kindOf(value) != ValueKind::Bool) {
            return fail(QStringLiteral("'%1' confirms with true or false, not a %2").arg(p.id, ExprValue::kindName(value)));
        }
    } else if (p.kind == QLatin1String("select")) {
        auto isOption = [&p](const QVariant &v) {
            for (const QVariant &o : p.options)
                if (ExprValue::equals(o, v))
                    return true;
            return false;
        };
        const bool list = ExprValue::kindOf(value) == ValueKind::List;
        if (!p.multiple && list && !isOption(value))
            return fail(QStringLiteral("'%1' takes one option, not a list (a select that takes several has multiple: true)").arg(p.id));
        const QVariantList chosen = list && p.multiple ? value.toList() : QVariantList{value};
        for (const QVariant &c : chosen)
            if (!isOption(c)) {
                QStringList shown;
                for (const QVariant &o : p.options)
                    shown << ExprValue::toDisplayString(o);
                return fail(QStringLiteral("'%1': %2 is not one of the options (%3)")
                                .arg(p.id, ExprValue::toDisplayString(c), shown.join(QStringLiteral(", "))));
            }
        for (qsizetype i = 0; i < chosen.size(); ++i)
            for (qsizetype j = 0; j < i; ++j)
                if (ExprValue::equals(chosen.at(i), chosen.at(j)))
                    return fail(QStringLiteral("'%1': %2 is chosen twice").arg(p.id, ExprValue::toDisplayString(chosen.at(i))));
        if (p.multiple) {
            const int most = p.maxChoices > 0 ? std::min<int>(p.maxChoices, int(p.options.size())) : int(p.options.size());
            if (chosen.size() < p.minChoices)
                return fail(p.minChoices == 1 ? QStringLiteral("'%1': choose at least one option").arg(p.id)
                                              : QStringLiteral("'%1': choose at least %2 options, not %3").arg(p.id).arg(p.minChoices).arg(chosen.size()));
            if (chosen.size() > most)
                return fail(QStringLiteral("'%1': choose at most %2 options, not %3").arg(p.id).arg(most).arg(chosen.size()));
            value = chosen; // always a list, also for one option given alone
        } else if (chosen.isEmpty()) {
            return fail(QStringLiteral("'%1': choose one option").arg(p.id));
        }
    }
    m_pending.removeAt(at);
    const auto tok = d.tokens.find(p.token);
    if (tok == d.tokens.end())
        return fail(QStringLiteral("the branch waiting on '%1' is gone").arg(p.id));
    d.storeOutputs(p.node, tok->second, {{QStringLiteral("answer"), value}});
    if (d.events.observed(RunEventType::InteractionAnswered))
        d.events.emitEvent(RunEventType::InteractionAnswered, &tok->second, p.node, p.id, value);
    if (d.events.observed(RunEventType::NodeFinished))
        d.events.emitEvent(RunEventType::NodeFinished, &tok->second, p.node, QString(), QVariantMap{{QStringLiteral("answer"), value}});
    d.scheduler.wakeToken(p.token);
    return true;
}

void ExecutorInteractions::forgetToken(int tokenId)
{
    m_pending.removeIf([tokenId](const PendingInteraction &p) { return p.token == tokenId; });
}

} // namespace capgraph
