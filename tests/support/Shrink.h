#pragma once

// Delta debugging (Zeller's ddmin, complements only) for the model-based GUI suites: the
// shortest sequence found that still fails. `fails(sequence)` runs a sequence afresh.

#include <QList>

#include <algorithm>
#include <functional>

namespace capgraph::editor::testing {

template <typename Action>
QList<Action> shrink(QList<Action> failing, const std::function<bool(const QList<Action> &)> &fails)
{
    int parts = 2;
    while (failing.size() >= 2) {
        const int chunk = int((failing.size() + parts - 1) / parts);
        bool reduced = false;
        for (int start = 0; start < failing.size(); start += chunk) {
            const QList<Action> rest = failing.mid(0, start) + failing.mid(start + chunk);
            if (!rest.isEmpty() && fails(rest)) {
                failing = rest;
                parts = std::max(parts - 1, 2);
                reduced = true;
                break;
            }
        }
        if (!reduced) {
            if (parts >= failing.size())
                break;
            parts = std::min(int(failing.size()), parts * 2);
        }
    }
    return failing;
}

} // namespace capgraph::editor::testing
