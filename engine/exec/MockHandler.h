#pragma once

#include "exec/SkillCall.h"

#include <QList>
#include <QString>
#include <QVariantMap>

namespace capgraph {

class HandlerRegistry;

// A scripted stand-in for a real skill, so any graph runs offline (see docs/execution.md,
// "Mocks"). Spec keys: outputs (every call), responses (one per call, the last repeats),
// delay_ms, fail (message; with fail_times only the first N calls fail), done_after (an
// iterative node's calls report done from this call on).
class MockHandler : public SkillHandler
{
public:
    static bool fromVariant(const QVariant &spec, std::shared_ptr<MockHandler> *out, QString *error);
    // A capability's `handler: {type: mock, ...}`: the same keys beside its `type`.
    static bool fromHandlerDefinition(QVariantMap handler, std::shared_ptr<MockHandler> *out, QString *error);

    void start(const SkillCallPtr &call) override;
    int calls() const { return m_calls; }

private:
    QVariantMap m_outputs;
    QList<QVariantMap> m_responses;
    int m_delayMs = 0;
    QString m_fail;
    int m_failTimes = -1; // -1 = always
    int m_doneAfter = 1;
    int m_calls = 0;
};

// Loads a mock file (YAML or JSON): `nodes: {node_id: spec}`, `skills: {skill_id: spec}`;
// a bare top-level `skill_id: spec` map is read as `skills`. Registers the overrides.
bool loadMockFile(const QString &path, HandlerRegistry *registry, QString *error);
// The same for the file's text (`path` names it in messages).
bool parseMocks(const QByteArray &text, const QString &path, HandlerRegistry *registry, QString *error);

} // namespace capgraph
