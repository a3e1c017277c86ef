#pragma once

#include "capability/MockSpec.h"
#include "exec/SkillCall.h"

#include <QList>
#include <QString>
#include <QVariantMap>

namespace capgraph {

class HandlerRegistry;

// A scripted stand-in for a real skill, so any graph runs offline (see docs/execution.md,
// "Mocks"): it answers as its MockSpec says.
class MockHandler : public SkillHandler
{
public:
    explicit MockHandler(MockSpec spec = {}) : m_spec(std::move(spec)) {}
    // A mock file's entry (MockSpec::parse).
    static bool fromVariant(const QVariant &spec, std::shared_ptr<MockHandler> *out, QString *error);

    void start(const SkillCallPtr &call) override;
    int calls() const { return m_calls; }

private:
    MockSpec m_spec;
    int m_calls = 0;
};

// Loads a mock file (YAML or JSON): `nodes: {node_id: spec}`, `skills: {skill_id: spec}`;
// a bare top-level `skill_id: spec` map is read as `skills`. Registers the overrides.
bool loadMockFile(const QString &path, HandlerRegistry *registry, QString *error);
// The same for the file's text (`path` names it in messages).
bool parseMocks(const QByteArray &text, const QString &path, HandlerRegistry *registry, QString *error);
// The same for a parsed document (a test case's inline `mocks:`); `where` starts a message.
bool addMocks(const QVariant &doc, const QString &where, HandlerRegistry *registry, QString *error);

} // namespace capgraph
