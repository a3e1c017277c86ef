#pragma once

#include "diagnostics/TranslatableText.h"
#include "model/Pricing.h"

#include <functional>
#include <optional>

#include <yaml-cpp/node/node.h>

namespace capgraph {

// Reads a `pricing:` mapping, the same in a capability definition and at the graph's level
// (docs/capabilities.md, "Pricing"):
//
//     pricing: {per_1k_tokens: 0.002, currency: USD}
//     pricing: {per_1k_prompt_tokens: 0.0015, per_1k_completion_tokens: 0.002, currency: CNY}
//
// Prices are numbers ≥ 0; `currency` is three upper-case letters (USD when not given). Every
// problem (an unknown key, a negative price or one that is not a number, both forms at once,
// a split price with one half missing) goes to `report` with the YAML node it is about, so
// the caller places it at its line and column; the result is then empty.
class PricingReader
{
public:
    using Report = std::function<void(const YAML::Node &at, const TranslatableText &message)>;
    static std::optional<Pricing> read(const YAML::Node &pricing, const Report &report);
};

} // namespace capgraph
