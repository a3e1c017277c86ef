#pragma once

#include <QGraphicsItem>

namespace capgraph::editor {

// qgraphicsitem_cast<> needs a distinct type per item class.
enum ItemType {
    NodeItemType = QGraphicsItem::UserType + 1,
    EdgeItemType = QGraphicsItem::UserType + 2,
    FrameItemType = QGraphicsItem::UserType + 3,
    NoteItemType = QGraphicsItem::UserType + 4,
    PlanTaskItemType = QGraphicsItem::UserType + 10,
    PlanEdgeItemType = QGraphicsItem::UserType + 11,
    PlanLaneItemType = QGraphicsItem::UserType + 12,
};

} // namespace capgraph::editor
