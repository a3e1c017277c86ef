#pragma once

#include <QObject>
#include <QPointF>

namespace capgraph::editor {

class CapabilityCatalog;
class GraphDocument;
class GraphScene;
class GraphView;
class QuickAddPopup;

// Quick-add, as the canvas offers it: Tab on the canvas, or a connection dropped on empty
// canvas (as in n8n, Node-RED and Unreal's Blueprints), opens the search there with the node
// kinds and the registry's capabilities; the one chosen is added where it opened (on the grid)
// — a capability as a skill node bound to it, as a drop from the Capabilities dock makes —
// and, after a dropped connection, connected to the node it came from: one undo step.
class QuickAddHandler : public QObject
{
    Q_OBJECT

public:
    QuickAddHandler(GraphDocument *document, GraphScene *scene, GraphView *view, const CapabilityCatalog *catalog, QWidget *window);

    QuickAddPopup *popup() const { return m_popup; }

signals:
    void statusMessage(const QString &text);

private:
    void open(const QPointF &scenePos, const QPoint &globalPos, const QString &connectFrom);
    void add(const QString &type);

    GraphDocument *m_document;
    GraphScene *m_scene;
    GraphView *m_view;
    const CapabilityCatalog *m_catalog;
    QuickAddPopup *m_popup;
    QPointF m_scenePos;
    QString m_connectFrom;
};

} // namespace capgraph::editor
