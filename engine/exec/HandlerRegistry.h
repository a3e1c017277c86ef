#pragma once

#include "exec/SkillCall.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <memory>

namespace capgraph {

// Maps skill nodes to handlers. Resolution order: an override for the node id (mocks
// scripted per node), an override for the skill_id (mocks per skill), then the registered
// handlers (exact skill_id). The builtin.* handlers are registered by registerBuiltinHandlers()
// (handlers/BuiltinHandlers.h).
class HandlerRegistry
{
public:
    void add(const QString &skillId, std::shared_ptr<SkillHandler> handler);
    void overrideNode(const QString &nodeId, std::shared_ptr<SkillHandler> handler);
    void overrideSkill(const QString &skillId, std::shared_ptr<SkillHandler> handler);

    SkillHandler *resolve(const QString &nodeId, const QString &skillId) const;
    std::shared_ptr<SkillHandler> resolveShared(const QString &nodeId, const QString &skillId) const;
    // The same handlers without the per-node overrides (for sub-graphs, whose node ids are their own).
    HandlerRegistry withoutNodeOverrides() const;
    QStringList skillIds() const;


private:
    QHash<QString, std::shared_ptr<SkillHandler>> m_handlers;
    QHash<QString, std::shared_ptr<SkillHandler>> m_nodeOverrides;
    QHash<QString, std::shared_ptr<SkillHandler>> m_skillOverrides;
};

} // namespace capgraph
