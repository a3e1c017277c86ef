#include "diff/RunDiff.h"

#include "diff/ValueChange.h"
#include "exec/RunEvent.h"
#include "exec/RunSnapshot.h"
#include "exec/RunStatus.h"
#include "model/Pricing.h"

#include <QJsonArray>

namespace capgraph {

namespace {

constexpr int kRouteShown = 50; // nodes of a route the text shows

QString routeText(const QStringList &route)
{
    if (route.isEmpty())
        return QStringLiteral("(no node started)");
    QString text = route.mid(0, kRouteShown).join(QStringLiteral(" → "));
    if (route.size() > kRouteShown)
        text += QStringLiteral(" → … (%1 more)").arg(route.size() - kRouteShown);
    return text;
}

QString signedNumber(qint64 n)
{
    return n > 0 ? QStringLiteral("+%1").arg(n) : QString::number(n);
}

QString millis(qint64 us)
{
    return QStringLiteral("%1 ms").arg(QString::number(double(us) / 1000.0, 'f', 1));
}

// A cost as the text says it: as many digits as it has, up to 12 significant ones.
QString costNumber(double cost)
{
    return QString::number(cost, 'g', 12);
}

// The currencies either run's priced nodes used, sorted.
QStringList costCurrencies(const RunSummary &a, const RunSummary &b)
{
    QStringList currencies = a.costs.keys() + b.costs.keys();
    currencies.sort();
    currencies.removeDuplicates();
    return currencies;
}

QJsonValue jsonOr(const QVariant &v)
{
    return v.isValid() ? QJsonValue::fromVariant(v) : QJsonValue(QJsonValue::Undefined);
}

} // namespace

RunSummary RunSummary::of(const QList<RunEvent> &events)
{
    RunSummary s;
    const RunSnapshot snapshot = RunSnapshot::upTo(events, events.size());
    s.status = runStatusName(snapshot.status());
    s.error = snapshot.error();
    s.steps = snapshot.steps();
    s.elapsedUs = snapshot.elapsedUs();
    for (const NodeRunInfo &n : snapshot.nodes()) {
        s.promptTokens += n.promptTokens;
        s.completionTokens += n.completionTokens;
        if (!n.currency.isEmpty())
            s.costs[n.currency] += n.cost;
    }
    for (double &c : s.costs)
        c = roundedCost(c);
    for (const RunEvent &e : events) {
        if (!e.path.isEmpty())
            continue; // a child run's
        if (e.type == RunEventType::NodeStarted) {
            s.route.append(e.nodeId);
        } else if (e.type == RunEventType::NodeFinished) {
            if (e.data.isValid())
                s.outputs[e.nodeId].append(e.data);
            else if (!e.message.isEmpty())
                s.outputs[e.nodeId].append(e.message);
        }
    }
    return s;
}

QVariant RunSummary::output(const QString &node) const
{
    const auto it = outputs.constFind(node);
    if (it == outputs.cend() || it->isEmpty())
        return {};
    return it->size() == 1 ? it->first() : QVariant(*it);
}

QJsonObject RunSummary::toJson() const
{
    QJsonObject o{{QStringLiteral("status"), status},
                  {QStringLiteral("route"), QJsonArray::fromStringList(route)},
                  {QStringLiteral("steps"), steps},
                  {QStringLiteral("elapsed_us"), elapsedUs},
                  {QStringLiteral("prompt_tokens"), promptTokens},
                  {QStringLiteral("completion_tokens"), completionTokens},
                  {QStringLiteral("total_tokens"), totalTokens()}};
    if (!error.isEmpty())
        o.insert(QStringLiteral("error"), error);
    const QVariantMap cost = costFields(costs); // total_cost and currency, or costs per currency
    for (auto it = cost.cbegin(); it != cost.cend(); ++it)
        o.insert(it.key(), QJsonValue::fromVariant(it.value()));
    return o;
}

QJsonObject OutputDiff::toJson() const
{
    QJsonObject o{{QStringLiteral("node"), node}};
    if (oldValue.isValid())
        o.insert(QStringLiteral("old"), jsonOr(oldValue));
    if (newValue.isValid())
        o.insert(QStringLiteral("new"), jsonOr(newValue));
    return o;
}

RunDiff RunDiff::compare(const RunSummary &oldRun, const RunSummary &newRun)
{
    RunDiff d;
    d.oldRun = oldRun;
    d.newRun = newRun;
    const qsizetype common = std::min(oldRun.route.size(), newRun.route.size());
    for (qsizetype i = 0; i < common && d.partIndex < 0; ++i)
        if (oldRun.route.at(i) != newRun.route.at(i))
            d.partIndex = int(i);
    if (d.partIndex < 0 && oldRun.route.size() != newRun.route.size())
        d.partIndex = int(common);

    QStringList nodes = oldRun.outputs.keys() + newRun.outputs.keys();
    nodes.sort();
    nodes.removeDuplicates();
    for (const QString &node : nodes) {
        const QVariant before = oldRun.output(node);
        const QVariant after = newRun.output(node);
        if (!ValueChange::sameValue(before, after))
            d.outputs.append({node, before, after});
    }
    return d;
}

bool RunDiff::isEmpty() const
{
    return partIndex < 0 && outputs.isEmpty() && oldRun.status == newRun.status && oldRun.steps == newRun.steps
        && oldRun.promptTokens == newRun.promptTokens && oldRun.completionTokens == newRun.completionTokens && oldRun.costs == newRun.costs;
}

QJsonObject RunDiff::toJson() const
{
    QJsonObject o{{QStringLiteral("equal"), isEmpty()}, {QStringLiteral("old"), oldRun.toJson()}, {QStringLiteral("new"), newRun.toJson()}};
    QJsonObject part;
    if (partIndex >= 0) {
        part.insert(QStringLiteral("index"), partIndex);
        part.insert(QStringLiteral("old"), partIndex < oldRun.route.size() ? QJsonValue(oldRun.route.at(partIndex)) : QJsonValue());
        part.insert(QStringLiteral("new"), partIndex < newRun.route.size() ? QJsonValue(newRun.route.at(partIndex)) : QJsonValue());
    }
    o.insert(QStringLiteral("routes_part"), partIndex >= 0 ? QJsonValue(part) : QJsonValue());
    QJsonArray outs;
    for (const OutputDiff &od : outputs)
        outs.append(od.toJson());
    o.insert(QStringLiteral("outputs"), outs);
    o.insert(QStringLiteral("steps_delta"), newRun.steps - oldRun.steps);
    o.insert(QStringLiteral("elapsed_us_delta"), newRun.elapsedUs - oldRun.elapsedUs);
    o.insert(QStringLiteral("tokens_delta"), newRun.totalTokens() - oldRun.totalTokens());
    if (!oldRun.costs.isEmpty() || !newRun.costs.isEmpty()) { // per currency: costs in several do not add up
        QJsonObject deltas;
        for (const QString &currency : costCurrencies(oldRun, newRun))
            deltas.insert(currency, roundedCost(newRun.costs.value(currency) - oldRun.costs.value(currency)));
        o.insert(QStringLiteral("cost_deltas"), deltas);
    }
    return o;
}

QStringList RunDiff::lines(int maxChars) const
{
    QStringList out;
    if (partIndex < 0) {
        out << QStringLiteral("route: the same, %1 nodes: %2").arg(oldRun.route.size()).arg(routeText(oldRun.route));
    } else {
        out << QStringLiteral("route old: %1").arg(routeText(oldRun.route));
        out << QStringLiteral("route new: %1").arg(routeText(newRun.route));
        const auto at = [&](const QStringList &route) {
            return partIndex < route.size() ? route.at(partIndex) : QStringLiteral("(ended)");
        };
        out << QStringLiteral("routes part at node %1 of the route: %2 (old) / %3 (new)").arg(partIndex + 1).arg(at(oldRun.route), at(newRun.route));
    }
    for (const OutputDiff &od : outputs) {
        if (!od.oldValue.isValid())
            out << QStringLiteral("+ output %1: %2 (only the new run)").arg(od.node, ValueChange::valueText(od.newValue, maxChars));
        else if (!od.newValue.isValid())
            out << QStringLiteral("- output %1: %2 (only the old run)").arg(od.node, ValueChange::valueText(od.oldValue, maxChars));
        else
            out << QStringLiteral("~ output %1: %2 → %3").arg(od.node, ValueChange::valueText(od.oldValue, maxChars), ValueChange::valueText(od.newValue, maxChars));
    }
    out << (oldRun.status == newRun.status ? QStringLiteral("status: %1").arg(oldRun.status)
                                           : QStringLiteral("status: %1 → %2").arg(oldRun.status, newRun.status));
    out << QStringLiteral("steps: %1 → %2 (%3)").arg(oldRun.steps).arg(newRun.steps).arg(signedNumber(newRun.steps - oldRun.steps));
    const qint64 dt = newRun.elapsedUs - oldRun.elapsedUs;
    out << QStringLiteral("time: %1 → %2 (%3%4)").arg(millis(oldRun.elapsedUs), millis(newRun.elapsedUs), dt > 0 ? QStringLiteral("+") : QString(), millis(dt));
    out << QStringLiteral("tokens: %1 → %2 (%3)").arg(oldRun.totalTokens()).arg(newRun.totalTokens()).arg(signedNumber(newRun.totalTokens() - oldRun.totalTokens()));
    for (const QString &currency : costCurrencies(oldRun, newRun)) {
        const double before = oldRun.costs.value(currency), after = newRun.costs.value(currency);
        const double delta = roundedCost(after - before);
        out << QStringLiteral("cost (%1): %2 → %3 (%4%5)")
                   .arg(currency, costNumber(before), costNumber(after), delta > 0 ? QStringLiteral("+") : QString(), costNumber(delta));
    }
    return out;
}

} // namespace capgraph
