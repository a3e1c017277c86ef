#include "ui/NodeLook.h"

#include <QPolygonF>

namespace capgraph::editor {

QColor NodeLook::fill(NodeKind kind, bool dark)
{
    QColor c;
    switch (kind) {
    case NodeKind::Skill: c = QColor(0xdbe9fb); break;
    case NodeKind::Start: c = QColor(0xc8efcf); break;
    case NodeKind::End: c = QColor(0xf6c9c6); break;
    case NodeKind::Branch:
    case NodeKind::Merge: c = QColor(0xfbe7b5); break;
    case NodeKind::LoopStart:
    case NodeKind::LoopEnd: c = QColor(0xe4d9f7); break;
    case NodeKind::ParallelSplit:
    case NodeKind::ParallelJoin: c = QColor(0x4a5a6a); break;
    case NodeKind::Confirm:
    case NodeKind::Select:
    case NodeKind::Input: c = QColor(0xffe2cc); break;
    case NodeKind::Unknown: c = QColor(0xdddddd); break;
    }
    return dark && kind != NodeKind::ParallelSplit && kind != NodeKind::ParallelJoin ? c.darker(260) : c;
}

QPainterPath NodeLook::shape(NodeKind kind, const QRectF &box)
{
    QPainterPath p;
    switch (kind) {
    case NodeKind::Start:
    case NodeKind::End:
    case NodeKind::Merge:
        p.addEllipse(box);
        break;
    case NodeKind::Branch: {
        QPolygonF diamond{{box.center().x(), box.top()}, {box.right(), box.center().y()},
                          {box.center().x(), box.bottom()}, {box.left(), box.center().y()}};
        diamond.append(diamond.first());
        p.addPolygon(diamond);
        break;
    }
    case NodeKind::LoopStart:
    case NodeKind::LoopEnd: {
        const double d = box.height() / 2;
        QPolygonF hex{{box.left() + d, box.top()}, {box.right() - d, box.top()}, {box.right(), box.center().y()},
                      {box.right() - d, box.bottom()}, {box.left() + d, box.bottom()}, {box.left(), box.center().y()}};
        hex.append(hex.first());
        p.addPolygon(hex);
        break;
    }
    case NodeKind::ParallelSplit:
    case NodeKind::ParallelJoin:
        p.addRoundedRect(box, 3, 3);
        break;
    default:
        p.addRoundedRect(box, 10, 10);
        break;
    }
    return p;
}

} // namespace capgraph::editor
