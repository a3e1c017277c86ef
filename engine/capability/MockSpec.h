#pragma once

#include <QList>
#include <QString>
#include <QVariantMap>

namespace capgraph {

// What a mock answers (docs/execution.md, "Mocks"), as a mock file's entry or a capability's
// `handler: {type: mock, …}` writes it: outputs (every call), responses (one per call, the
// last repeats), delay_ms, fail (a message; with fail_times only the first N calls fail),
// done_after (an iterative node's calls report done from this call on), usage (the tokens
// each call reports). Read and checked
// here; MockHandler (handlers/) answers with it.
struct MockSpec
{
    QVariantMap outputs;
    QList<QVariantMap> responses;
    int delayMs = 0;
    QString fail;
    int failTimes = -1; // -1 = always
    int doneAfter = 1;
    // usage: {prompt_tokens, completion_tokens}: the tokens each call reports, as an LLM
    // handler would (so that priced graphs show their cost offline). -1: none.
    qint64 promptTokens = -1;
    qint64 completionTokens = -1;

    // False with what is wrong ("delay_ms: expected a whole number from 0 to 3600000, got 'x'",
    // "unknown mock key 'output'") when `spec` is not a mock's mapping.
    static bool parse(const QVariant &spec, MockSpec *out, QString *error);
    // A capability's handler mapping: the same keys beside its `type`.
    static bool parseHandlerDefinition(QVariantMap handler, MockSpec *out, QString *error);
};

} // namespace capgraph
