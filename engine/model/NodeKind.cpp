#include "model/NodeKind.h"

#include <array>

namespace capgraph {

namespace {
struct KindName { NodeKind kind; const char *canonical; const char *bare; };
constexpr std::array<KindName, 12> kKindNames{{
    {NodeKind::Skill, "skill", "skill"},
    {NodeKind::Start, "control.start", "start"},
    {NodeKind::End, "control.end", "end"},
    {NodeKind::Branch, "control.branch", "branch"},
    {NodeKind::Merge, "control.merge", "merge"},
    {NodeKind::LoopStart, "control.loop_start", "loop_start"},
    {NodeKind::LoopEnd, "control.loop_end", "loop_end"},
    {NodeKind::ParallelSplit, "control.parallel_split", "parallel_split"},
    {NodeKind::ParallelJoin, "control.parallel_join", "parallel_join"},
    {NodeKind::Confirm, "interaction.confirm", "confirm"},
    {NodeKind::Select, "interaction.select", "select"},
    {NodeKind::Input, "interaction.input", "input"},
}};
} // namespace

NodeCategory categoryOf(NodeKind kind)
{
    switch (kind) {
    case NodeKind::Unknown: return NodeCategory::Unknown;
    case NodeKind::Skill: return NodeCategory::Skill;
    case NodeKind::Confirm:
    case NodeKind::Select:
    case NodeKind::Input: return NodeCategory::Interaction;
    default: return NodeCategory::Control;
    }
}

bool isInteraction(NodeKind kind) { return categoryOf(kind) == NodeCategory::Interaction; }

QString canonicalTypeName(NodeKind kind)
{
    for (const auto &k : kKindNames)
        if (k.kind == kind)
            return QString::fromLatin1(k.canonical);
    return {};
}

NodeKind nodeKindFromTypeName(QStringView typeName)
{
    for (const auto &k : kKindNames)
        if (typeName == QLatin1String(k.canonical) || typeName == QLatin1String(k.bare))
            return k.kind;
    return NodeKind::Unknown;
}

QStringList allNodeTypeNames()
{
    QStringList names;
    for (const auto &k : kKindNames)
        names << QString::fromLatin1(k.canonical);
    return names;
}

} // namespace capgraph
