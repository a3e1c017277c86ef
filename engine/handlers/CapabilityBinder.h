#pragma once

#include "diagnostics/TranslatableText.h"

#include "capability/CapabilityRegistry.h"
#include "exec/HandlerRegistry.h"
#include "model/Graph.h"

#include <QStringList>

#include <memory>

namespace capgraph {

struct HandlerEnvironment;

// Connects a graph's skill nodes to their capabilities (docs/capabilities.md, "Running"):
// for every skill node whose skill_id the registry resolves (`name` or `name@1.2`), whatever
// would handle it — a mock or a handler registered for that skill, else the capability's own
// api, command, llm, graph, builtin or mock handler — is wrapped in a ValidatingHandler.
// Skills the registry does not know are left as they are (builtins, mocks, or missing: the
// executor says so). Real `api` and `command` handlers, and `llm` ones that choose their own
// endpoint or key, go through the environment's trust gate.
class CapabilityBinder
{
public:
    // Problems: capabilities whose handler cannot be made (an unknown builtin, a missing graph file).
    // `gated`: what will ask the trust gate, a line per capability saying what it will do (the
    // command line and its folder, the method and URL, the model and endpoint), so that a
    // caller can ask before the run starts rather than while a node's timeout runs.
    static void bind(HandlerRegistry *registry, const Graph &graph, const CapabilityRegistry &capabilities,
                     const std::shared_ptr<HandlerEnvironment> &env, QStringList *problems, QList<TranslatableText> *gated = nullptr);
    // What a capability's handler will do, as a person judging trust needs to read it.
    static TranslatableText describeForTrust(const Capability &capability, const HandlerEnvironment &env);
    // Whether the capability's own handler needs the user's trust: commands, web APIs, and
    // LLM calls to an endpoint or with a key the definition chooses.
    static bool needsTrust(const Capability &capability);
    // The capability's own handler (not validated: bind() wraps it).
    static std::shared_ptr<SkillHandler> makeHandler(const Capability &capability, const HandlerRegistry &registry,
                                                     const std::shared_ptr<HandlerEnvironment> &env, QString *error);
};

} // namespace capgraph
