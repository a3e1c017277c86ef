#include "plan/PlanValidator.h"

#include "plan/PlanTopology.h"

#include <QRegularExpression>
#include <QHash>
#include <QSet>

namespace capgraph {

Diagnostics PlanValidator::check(const Plan &plan, const QString &source)
{
    Diagnostics out;
    const auto add = [&](Severity severity, const QString &code, const TranslatableText &message, int line, int column, const QString &taskId = QString()) {
        Diagnostic d = Diagnostic::make(severity, code, message, source, line, column);
        d.nodeId = taskId;
        if (!taskId.isEmpty())
            for (int i = 0; i < plan.tasks.size(); ++i)
                if (plan.tasks.at(i).id == taskId) {
                    d.taskIndex = i;
                    break;
                }
        out.append(d);
    };
    if (!plan.hasPlanJson)
        return out; // text only: nothing to check
    if (plan.tasks.isEmpty())
        add(Severity::Warning, QStringLiteral("no-tasks"), CAPGRAPH_TR("capgraph::PlanLint", "the plan has no tasks"), 0, 0);

    QHash<QString, const PlanParticipant *> agents;
    for (const PlanParticipant &p : plan.participants) {
        if (agents.contains(p.agentId))
            add(Severity::Warning, QStringLiteral("duplicate-participant"),
                CAPGRAPH_TR("capgraph::PlanLint", "participant '%1' is listed twice; the first is used").arg(p.agentId), p.line, p.column);
        else
            agents.insert(p.agentId, &p);
        static const QRegularExpression hex(QStringLiteral("^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"));
        if (!p.avatarColor.isEmpty() && !hex.match(p.avatarColor).hasMatch())
            add(Severity::Warning, QStringLiteral("bad-color"),
                CAPGRAPH_TR("capgraph::PlanLint", "participant '%1': avatar_color '%2' is not a colour (#RRGGBB); a colour from the id is used")
                    .arg(p.agentId, p.avatarColor),
                p.line, p.column);
    }

    QHash<QString, const PlanTask *> tasks;
    for (const PlanTask &t : plan.tasks) {
        if (tasks.contains(t.id)) {
            const PlanTask *first = tasks.value(t.id);
            add(Severity::Error, QStringLiteral("duplicate-task-id"),
                first->line > 0
                    ? CAPGRAPH_TR("capgraph::PlanLint", "task id '%1' is used twice (here at %2, first at %3); the second task gets no dependencies")
                          .arg(t.id, QStringLiteral("%1:%2").arg(t.line).arg(t.column), QStringLiteral("%1:%2").arg(first->line).arg(first->column))
                    : CAPGRAPH_TR("capgraph::PlanLint", "task id '%1' is used twice (tasks %2 and %3); the second task gets no dependencies")
                          .arg(t.id).arg(qint64(&t - plan.tasks.data()) + 1).arg(qint64(first - plan.tasks.data()) + 1),
                t.line, t.column, t.id);
            out.last().taskIndex = int(&t - plan.tasks.data()); // the duplicate, not the first
            continue;
        }
        tasks.insert(t.id, &t);
    }
    for (const PlanTask &t : plan.tasks) {
        if (!t.assigneeId.isEmpty() && !agents.contains(t.assigneeId))
            add(Severity::Warning, QStringLiteral("unknown-assignee"),
                CAPGRAPH_TR("capgraph::PlanLint", "task '%1' is assigned to '%2', who is not among the participants").arg(t.id, t.assigneeId), t.line,
                t.column, t.id);
        for (const QString &p : t.prerequisites) {
            if (p == t.id)
                add(Severity::Error, QStringLiteral("self-prerequisite"), CAPGRAPH_TR("capgraph::PlanLint", "task '%1' lists itself as a prerequisite").arg(t.id),
                    t.line, t.column, t.id);
            else if (!tasks.contains(p))
                add(Severity::Error, QStringLiteral("unknown-prerequisite"),
                    CAPGRAPH_TR("capgraph::PlanLint", "task '%1' has prerequisite '%2', which is no task of the plan").arg(t.id, p), t.line, t.column, t.id);
        }
    }
    // Merged dependencies: the union of prerequisites and topology.edges. One that only the
    // topology lists is drawn all the same (the tasks' own prerequisites are the plan's
    // word, the edges a flattened copy: a disagreement is the model's slip, not a reason to
    // hide a dependency).
    for (const PlanDependency &d : plan.dependencies) {
        if (d.inPrerequisites)
            continue;
        if (d.from == d.to) {
            const PlanTask *t = tasks.value(d.to);
            add(Severity::Error, QStringLiteral("self-prerequisite"),
                CAPGRAPH_TR("capgraph::PlanLint", "topology.edges has %1 → %1: a task that waits for itself").arg(d.from), t ? t->line : 0, t ? t->column : 0, d.to);
            continue;
        }
        const PlanTask *to = tasks.value(d.to);
        if (!tasks.contains(d.from) || !to) {
            add(Severity::Error, QStringLiteral("unknown-edge-end"),
                CAPGRAPH_TR("capgraph::PlanLint", "topology edge %1 → %2 names a task that does not exist").arg(d.from, d.to), to ? to->line : 0,
                to ? to->column : 0);
            continue;
        }
        add(Severity::Warning, QStringLiteral("edge-not-in-prerequisites"),
            CAPGRAPH_TR("capgraph::PlanLint", "topology.edges has %1 → %2, but task '%2' does not list '%1' among its prerequisites; drawn as a dependency")
                .arg(d.from, d.to),
            to->line, to->column, to->id);
    }
    // Prerequisites that topology.edges leaves out: only when the plan has a topology at all
    // (it is optional), and only the tasks that exist.
    const bool hasTopology = std::any_of(plan.dependencies.cbegin(), plan.dependencies.cend(), [](const PlanDependency &d) { return d.inTopology; });
    if (hasTopology)
        for (const PlanDependency &d : plan.dependencies)
            if (d.inPrerequisites && !d.inTopology && tasks.contains(d.from) && tasks.contains(d.to) && d.from != d.to) {
                const PlanTask *to = tasks.value(d.to);
                add(Severity::Info, QStringLiteral("prerequisite-not-in-edges"),
                    CAPGRAPH_TR("capgraph::PlanLint", "task '%1' has prerequisite '%2', which topology.edges leaves out").arg(d.to, d.from), to->line,
                    to->column, to->id);
            }
    const PlanTopology topology(plan);
    for (const QStringList &cycle : topology.cycles()) {
        const PlanTask *first = tasks.value(cycle.first());
        add(Severity::Error, QStringLiteral("cycle"), CAPGRAPH_TR("capgraph::PlanLint", "the tasks form a cycle: %1").arg(cycle.join(QStringLiteral(" → "))),
            first ? first->line : 0, first ? first->column : 0, cycle.first());
    }
    return out;
}

} // namespace capgraph
