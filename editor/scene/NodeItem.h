#pragma once

#include "diagnostics/Diagnostic.h"
#include "model/NodeKind.h"
#include "scene/ItemTypes.h"

#include <QGraphicsItem>
#include <QPair>
#include <QString>

namespace capgraph::editor {

class GraphScene;

// A node on the canvas. It holds only the node's id: what it draws (kind, texts, findings)
// is read from the document when painting, and its position is the model's, except while
// the user drags it (the drag becomes one MoveNodesCommand when the mouse is released).
class NodeItem : public QGraphicsItem
{
public:
    enum { Type = NodeItemType };
    NodeItem(GraphScene *scene, const QString &id);

    int type() const override { return Type; }
    QString nodeId() const { return m_id; }
    void setNodeId(const QString &id) { m_id = id; }

    // Re-reads geometry from the model (after an edit or an undo).
    void syncFromModel();
    QRectF box() const { return m_box; } // the node's box, centred on (0, 0)
    NodeKind kind() const { return m_kind; }
    // The node's lint findings (worst severity, count), as the scene last set them.
    QPair<Severity, int> findings() const { return m_findings; }
    void setFindings(const QPair<Severity, int> &findings) { m_findings = findings; }
    // The output port: drag from it to connect (scene coordinates).
    QPointF portPosition() const;
    // How far from the port a press still starts a connection: forgiving, and at least a few
    // pixels on screen at every zoom. End nodes have no port.
    double portRadius() const;
    bool isOverPort(const QPointF &scenePos) const;

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;
    void hoverEnterEvent(QGraphicsSceneHoverEvent *event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent *event) override;

private:
    GraphScene *m_scene;
    QString m_id;
    NodeKind m_kind = NodeKind::Unknown;
    QRectF m_box;
    QPair<Severity, int> m_findings{Severity::Info, 0};
    bool m_hovered = false;
};

} // namespace capgraph::editor
