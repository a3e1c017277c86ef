#pragma once

#include <QObject>

namespace capgraph::editor {

class GraphScene;
class GraphView;
class StudioActions;

// Editing a node's label where it is drawn: a double-click on a node, Edit > Edit Label (F2)
// or the node's context menu open a line edit over its card with what the card says. Return
// or a click elsewhere makes it the node's label — one undoable edit ("Edit label"); the id
// stays the key that edges, conditions and expressions use, so nothing else changes. Text
// equal to the id, or none, clears the label (the card shows the id again). Escape cancels.
class NodeLabelEditing : public QObject
{
    Q_OBJECT

public:
    NodeLabelEditing(GraphScene *scene, GraphView *view, StudioActions *actions, QObject *parent = nullptr);

    // Opens the editor over `nodeId`'s card (scrolled into view).
    void edit(const QString &nodeId);

signals:
    void statusMessage(const QString &text);

private:
    GraphScene *m_scene;
    GraphView *m_view;
};

} // namespace capgraph::editor
