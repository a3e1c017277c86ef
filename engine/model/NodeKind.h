#pragma once

#include <QString>
#include <QStringList>

namespace capgraph {

// The node types of seed 000. Unknown keeps a file with a type we do not know loadable
// (the validator reports it); the type text itself is kept on the node.
enum class NodeKind {
    Unknown,
    Skill,
    Start, End, Branch, Merge, LoopStart, LoopEnd, ParallelSplit, ParallelJoin,
    Confirm, Select, Input,
};

enum class NodeCategory { Unknown, Skill, Control, Interaction };

NodeCategory categoryOf(NodeKind kind);
bool isInteraction(NodeKind kind);

// "skill", "control.start", "interaction.select", ...
QString canonicalTypeName(NodeKind kind);
// Accepts the canonical names and the bare subtype ("start", "select").
NodeKind nodeKindFromTypeName(QStringView typeName);
// Every canonical type name, in palette order.
QStringList allNodeTypeNames();

} // namespace capgraph
