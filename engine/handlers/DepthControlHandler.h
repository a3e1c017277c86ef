#pragma once

#include "exec/SkillCall.h"

#include <QString>
#include <QVariantMap>

namespace capgraph {

// builtin.depth_control: seed 001's depth control for discussion loops. Computes
// fuzziness, coverage and consensus from the node's inputs, classifies the depth
// (shallow / adequate / deep / force_converge), runs the convergence checks with their
// weights and applies the decision rule, with the round limits per mode and per state.
// Inputs and outputs: docs/depth-control.md.
class DepthControlHandler : public SkillHandler
{
public:
    void start(const SkillCallPtr &call) override;

    // The computation itself, pure: outputs for the given inputs, or false and *error
    // naming the input that is wrong.
    static bool evaluate(const QVariantMap &inputs, QVariantMap *outputs, QString *error);
};

} // namespace capgraph
