// A negotiation plan (seed 004) as a file or a plan.ready event carries it: read, checked,
// laid out (as the viewer does, with and without lanes). Every diagnostic has a position.
#include "FuzzSupport.h"

#include "plan/PlanLayout.h"
#include "plan/PlanReader.h"

#include <cmath>

using namespace capgraph;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::quiet();
    const PlanLoadResult r = PlanReader::parse(fuzz::bytes(data, size), QStringLiteral("fuzz.json"));
    for (const Diagnostic &d : r.diagnostics)
        if (d.message.isEmpty() || d.line < 0 || d.column < 0)
            fuzz::finding("a plan diagnostic without a message or with a negative position", d.format().toUtf8());
    if (!r.plan)
        return 0;
    if (r.plan->tasks.size() > 400)
        return 0; // layout time grows with the plan; the fuzzer looks for crashes, not for big plans
    for (const bool lanes : {false, true}) {
        const PlanLayoutResult layout = PlanLayout::run(*r.plan, lanes);
        if (layout.centers.size() != r.plan->tasks.size())
            fuzz::finding("the layout placed a different number of tasks");
        for (const QPointF &c : layout.centers)
            if (!std::isfinite(c.x()) || !std::isfinite(c.y()))
                fuzz::finding("a task placed at a non-finite position");
    }
    return 0;
}
