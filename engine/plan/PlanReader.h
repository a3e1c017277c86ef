#pragma once

#include "diagnostics/Diagnostic.h"
#include "plan/Plan.h"

#include <QByteArray>

#include <optional>

namespace capgraph {

struct PlanLoadResult
{
    // Empty when the input is not a plan at all (not JSON, or JSON of another shape).
    std::optional<Plan> plan;
    // Read errors and the validator's findings, with file, line and column.
    Diagnostics diagnostics;
    // When the JSON is malformed: its plan_text, if one could still be picked out of it (so the
    // text can be shown instead of nothing).
    QString recoveredText;
    bool ok() const { return plan.has_value(); }
    QString errorText() const; // the errors, one formatted diagnostic a line
};

// Reads a negotiated plan from JSON in any of the shapes it travels in (seed 004):
//   - a bare plan_json: {"summary", "participants", "tasks", "topology": {"edges"}};
//   - a plan.ready event's data: {"plan_text", "plan_json"?, "center_rounds",
//     "participating_agents"} — plan_json may be missing (text only), null, or a JSON string
//     that holds the object (as some tool-calling models send it);
//   - the event itself: {"event_type" (or "event", "type"): "plan.ready", "data": {...}}.
// Fields of the wrong type are reported and skipped, never fatal: a plan with problems is still
// shown as far as it can be. Then PlanValidator checks it and its findings are added.
class PlanReader
{
public:
    // The largest plan read (a file, an HTTP answer); a stream's events have their own limit
    // (SseParser::MaxEventBytes). JSON nesting is limited by Qt (QJsonDocument): 1024 levels.
    static constexpr qsizetype MaxPlanBytes = 64 * 1024 * 1024;

    static PlanLoadResult parse(const QByteArray &json, const QString &source = QString());
    static PlanLoadResult readFile(const QString &path);
};

} // namespace capgraph
