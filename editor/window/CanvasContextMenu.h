#pragma once

#include <QObject>
#include <QPoint>
#include <QPointF>
#include <QPointer>

#include <QMenu>

namespace capgraph::editor {

class CapabilitiesDock;
class GraphScene;
class GraphView;
class StudioActions;

// The canvas's context menus, as desktop editors have them: a right-click (or the Menu key)
// on a node, an edge or the empty canvas shows what can be done there. A click on an item
// that is not selected selects it first, as in every file manager; the entries are the
// window's own actions (StudioActions), so their keys, enabled states and texts are the
// menu bar's. The empty canvas offers to add a node or a note where it was clicked.
class CanvasContextMenu : public QObject
{
    Q_OBJECT

public:
    CanvasContextMenu(GraphView *view, GraphScene *scene, StudioActions *actions, CapabilitiesDock *capabilities);

    // The menu now showing (tests), or null.
    QMenu *menu() const { return m_menu; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void show(const QPoint &viewportPos, const QPoint &globalPos);
    void fillForNodes(QMenu *menu);
    void fillForEdges(QMenu *menu);
    void fillForCanvas(QMenu *menu, const QPointF &scenePos);

    GraphView *m_view;
    GraphScene *m_scene;
    StudioActions *m_actions;
    CapabilitiesDock *m_capabilities;
    QPointer<QMenu> m_menu;
    // Compared as a pointer only: while the view is destroyed its viewport still sends events.
    QObject *m_viewport = nullptr;
};

} // namespace capgraph::editor
