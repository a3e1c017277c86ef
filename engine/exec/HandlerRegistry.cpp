#include "exec/HandlerRegistry.h"


namespace capgraph {

void HandlerRegistry::add(const QString &skillId, std::shared_ptr<SkillHandler> handler)
{
    m_handlers.insert(skillId, std::move(handler));
}

void HandlerRegistry::overrideNode(const QString &nodeId, std::shared_ptr<SkillHandler> handler)
{
    m_nodeOverrides.insert(nodeId, std::move(handler));
}

void HandlerRegistry::overrideSkill(const QString &skillId, std::shared_ptr<SkillHandler> handler)
{
    m_skillOverrides.insert(skillId, std::move(handler));
}

SkillHandler *HandlerRegistry::resolve(const QString &nodeId, const QString &skillId) const
{
    return resolveShared(nodeId, skillId).get();
}

std::shared_ptr<SkillHandler> HandlerRegistry::resolveShared(const QString &nodeId, const QString &skillId) const
{
    if (auto it = m_nodeOverrides.constFind(nodeId); it != m_nodeOverrides.cend())
        return it.value();
    if (auto it = m_skillOverrides.constFind(skillId); it != m_skillOverrides.cend())
        return it.value();
    if (auto it = m_handlers.constFind(skillId); it != m_handlers.cend())
        return it.value();
    return nullptr;
}

HandlerRegistry HandlerRegistry::withoutNodeOverrides() const
{
    HandlerRegistry r = *this;
    r.m_nodeOverrides.clear();
    return r;
}

QStringList HandlerRegistry::skillIds() const
{
    QStringList ids = m_handlers.keys();
    ids.sort();
    return ids;
}


} // namespace capgraph
