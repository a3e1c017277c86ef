#pragma once

#include "diagnostics/TranslatableText.h"

#include <QList>
#include <QString>

#include <memory>

namespace capgraph {

class HandlerRegistry;
struct Graph;
struct HandlerEnvironment;

// The built-in skills an imported Dify app runs on (docs/dify.md), configured by the node's
// inputs rather than by a capability file, so that an app is one graph file:
// builtin.llm      an OpenAI-compatible chat completion (the llm handler): `prompt`, `system`,
//                  or `roles` with `message_1`…; `model` (through the model table), temperature,
//                  max_tokens, top_p; `json: true` for a JSON object → {text} or, with json,
//                  {text, structured_output, and the object's keys}
// builtin.code     `code` in `language` python3 or javascript (node), whose main() gets the other
//                  inputs and returns the outputs; a child process (the command handler), asked
//                  through the trust gate
// builtin.http     an HTTP request: method, url, headers/params ("key:value" lines), body_type,
//                  body, timeout → {body, status_code, headers}; asked through the trust gate
// builtin.jinja    `template` in the Jinja subset of JinjaTemplate over the other inputs → {output}
// builtin.coalesce inputs NAME__1, NAME__2 … → NAME: the first that is not null (`groups: true`:
//                  NAME: {output: …})
// builtin.list     `list` filtered, ordered, limited, one item extracted as Dify's list operator
//                  (filter_by, order_by, limit, extract_by) → {result, first_record, last_record}
// `run`: the run's environment (its trust gate, the graph's folder where code runs, the LLM
// endpoint), copied: the handlers keep none of the run's handlers, so nothing holds itself. A
// run without a trust gate runs no code and sends no request.
void registerWorkflowHandlers(HandlerRegistry &registry, const HandlerEnvironment &run);

// What a run of `graph` will do that needs the user's trust: a line per builtin.code and
// builtin.http node (its sub-graphs' too), as the trust question lists them.
QList<TranslatableText> workflowTrustLines(const Graph &graph);

} // namespace capgraph
