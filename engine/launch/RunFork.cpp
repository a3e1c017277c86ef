#include "launch/RunFork.h"

#include "exec/RunSnapshot.h"

#include <QDateTime>
#include <QHash>

#include <utility>

namespace capgraph {

std::optional<ForkPoint> RunFork::at(const QList<RunEvent> &events, qsizetype count, QString *error)
{
    const auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (events.isEmpty() || events.constFirst().type != RunEventType::RunStarted)
        return fail(QStringLiteral("the trace does not begin with run.started: it is no run to fork"));
    count = std::clamp<qsizetype>(count, 1, events.size());
    // The executions under way at the step: node.started without its end yet, per token.
    QHash<QPair<QString, int>, qsizetype> running;
    for (qsizetype i = 0; i < count; ++i) {
        const RunEvent &e = events.at(i);
        if (!e.path.isEmpty())
            continue; // a child run's: it runs again with its node
        const QPair<QString, int> key{e.nodeId, e.token};
        switch (e.type) {
        case RunEventType::NodeStarted:
            running.insert(key, i);
            break;
        case RunEventType::NodeFinished:
        case RunEventType::NodeFailed:
        case RunEventType::NodeSkipped:
            running.remove(key);
            break;
        default:
            break;
        }
    }
    qsizetype cut = -1;
    for (auto it = running.cbegin(); it != running.cend(); ++it)
        if (cut < 0 || it.value() < cut)
            cut = it.value();
    if (cut < 0) { // nothing under way: the next execution to start
        for (qsizetype i = count; i < events.size() && cut < 0; ++i)
            if (events.at(i).type == RunEventType::NodeStarted)
                cut = i;
    }
    if (cut < 0)
        return fail(QStringLiteral("no node ran after step %1 of the trace: nothing is left to fork from there").arg(events.at(count - 1).step));
    ForkPoint point;
    point.nodeId = events.at(cut).nodeId;
    point.events = cut;
    point.context = RunSnapshot::upTo(events, cut).context();
    for (qsizetype i = 0; i < cut; ++i)
        point.step = std::max(point.step, events.at(i).step);
    return point;
}

RunContext RunFork::edited(const RunContext &context, const QVariantMap &edits)
{
    RunContext c = context;
    for (auto it = edits.cbegin(); it != edits.cend(); ++it) {
        const QString &name = it.key();
        const qsizetype dot = name.indexOf(QLatin1Char('.'));
        if (dot < 0) {
            c.variables.insert(name, it.value());
        } else if (name.left(dot) == QLatin1String("input")) {
            c.input.insert(name.mid(dot + 1), it.value());
        } else {
            QVariantMap outputs = c.outputs.value(name.left(dot)).toMap();
            outputs.insert(name.mid(dot + 1), it.value());
            c.outputs.insert(name.left(dot), outputs);
            c.variables.insert(name.mid(dot + 1), it.value());
        }
    }
    return c;
}

QList<RunEvent> RunFork::history(const QList<RunEvent> &parent, const ForkPoint &point, const QVariantMap &edits)
{
    QList<RunEvent> out;
    out.reserve(point.events + edits.size());
    for (qsizetype i = 1; i < point.events && i < parent.size(); ++i) {
        const RunEvent &e = parent.at(i);
        if (!e.path.isEmpty())
            continue;
        switch (e.type) {
        case RunEventType::RunStarted:
        case RunEventType::RunForked:
        case RunEventType::RunFinished:
        case RunEventType::RunFailed:
        case RunEventType::RunCancelled:
            continue;
        default:
            out.append(e);
        }
    }
    const RunEvent last = out.isEmpty() ? parent.constFirst() : out.constLast();
    for (auto it = edits.cbegin(); it != edits.cend(); ++it) {
        RunEvent e;
        e.type = RunEventType::VariableChanged;
        e.time = last.time;
        e.elapsedUs = last.elapsedUs;
        e.step = point.step;
        const qsizetype dot = it.key().indexOf(QLatin1Char('.'));
        if (dot > 0 && it.key().left(dot) != QLatin1String("input"))
            e.nodeId = it.key().left(dot);
        e.message = it.key();
        e.data = it.value();
        out.append(e);
    }
    return out;
}

QList<RunEvent> RunFork::traceStart(const QList<RunEvent> &parent, const ForkPoint &point, const QVariantMap &edits,
                                    const QString &parentTrace)
{
    RunEvent forked;
    forked.type = RunEventType::RunForked;
    forked.time = QDateTime::currentMSecsSinceEpoch();
    forked.step = point.step;
    forked.nodeId = point.nodeId;
    forked.message = QStringLiteral("forked from %1 at step %2").arg(parentTrace.isEmpty() ? QStringLiteral("a run") : parentTrace).arg(point.step + 1);
    forked.data = parentData(point, parentTrace);
    QList<RunEvent> out{forked};
    out += history(parent, point, edits);
    return out;
}

void ForkedEvents::onRunEvent(const RunEvent &event)
{
    m_target->onRunEvent(event);
    if (event.type == RunEventType::RunStarted && event.path.isEmpty())
        for (const RunEvent &e : std::exchange(m_start, {}))
            m_target->onRunEvent(e);
}

QVariantMap RunFork::parentData(const ForkPoint &point, const QString &parentTrace)
{
    QVariantMap data{{QStringLiteral("step"), point.step + 1}, {QStringLiteral("node"), point.nodeId}};
    if (!parentTrace.isEmpty())
        data.insert(QStringLiteral("parent_trace"), parentTrace);
    return data;
}

} // namespace capgraph
