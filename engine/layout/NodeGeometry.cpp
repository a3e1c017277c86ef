#include "layout/NodeGeometry.h"

namespace capgraph {

QSizeF nodeBoxSize(NodeKind kind)
{
    switch (kind) {
    case NodeKind::Start:
    case NodeKind::End:
        return {48, 48};
    case NodeKind::Merge:
        return {40, 40};
    case NodeKind::Branch:
        return {110, 70};
    case NodeKind::LoopStart:
    case NodeKind::LoopEnd:
        return {140, 52};
    case NodeKind::ParallelSplit:
    case NodeKind::ParallelJoin:
        return {16, 96};
    case NodeKind::Skill:
    case NodeKind::Confirm:
    case NodeKind::Select:
    case NodeKind::Input:
    case NodeKind::Unknown:
        break;
    }
    return {180, 64};
}

} // namespace capgraph
