#pragma once

#include "capability/Capability.h"
#include "exec/SkillCall.h"

#include <memory>

namespace capgraph {

class TrustGate;

// Seed 003's dynamic validation around whatever handles a capability (its real handler or a
// mock): each call's inputs get the input_schema's defaults and are checked before the
// handler runs, its outputs get the output_schema's defaults and are checked after. A
// mismatch fails the call naming the JSON path and the rule. With a trust gate, the first
// call waits until the user has allowed the graph to run commands or call web APIs.
class ValidatingHandler : public SkillHandler, public std::enable_shared_from_this<ValidatingHandler>
{
public:
    ValidatingHandler(Capability capability, std::shared_ptr<SkillHandler> inner, std::shared_ptr<TrustGate> trust = {});
    void start(const SkillCallPtr &call) override;
    // The input_schema's defaults added.
    QVariantMap resolvedInputs(const QVariantMap &inputs) const override;
    // The inner handler's, for the inputs with their defaults.
    QVariantMap settingsFor(const QVariantMap &inputs, QString *error = nullptr) const override;
    // The capability's `pricing:` (also when a mock stands in for its handler).
    const Pricing *pricing() const override { return m_capability.pricing ? &*m_capability.pricing : nullptr; }
    bool repeatable() const override { return m_inner->repeatable(); }

    const Capability &capability() const { return m_capability; }

private:
    void run(const SkillCallPtr &outer);

    Capability m_capability;
    std::shared_ptr<SkillHandler> m_inner;
    std::shared_ptr<TrustGate> m_trust;
};

} // namespace capgraph
