#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointF>
#include <QAction>
#include <QComboBox>
#include <QPointer>

#include "view/SubgraphPreview.h"

class QLabel;
class QTimer;
class QToolBar;
class QWidget;

namespace capgraph::editor {

class CapabilityCatalog;
class GraphDocument;
class GraphScene;
class GraphView;
class LevelRunView;
class NodeItem;
class StudioActions;
class StudioPrompts;
class SubgraphPreview;

// Drilling into composite nodes (docs/studio.md, "Sub-graphs"): a skill bound to a composite
// capability (a workflow_definition of type capgraph, or a graph handler) opens the graph it
// runs in the same window — a double-click on its card, Return, View > Open Sub-graph or its
// context menu — and the breadcrumb bar over the canvas (top › node › node) goes back up, as
// do View > Back to Parent Graph (Alt+Up). The document keeps each level's file, history and
// unsaved changes (GraphDocument::enter); this class asks, shows the bar, keeps each level's
// view (zoom and centre) and tells the scene which nodes are composite (their badge) and what
// is inside them (SubgraphPreview, on hover).
class SubgraphNavigation : public QObject
{
    Q_OBJECT

public:
    SubgraphNavigation(GraphDocument *document, GraphScene *scene, GraphView *view, CapabilityCatalog *catalog,
                       StudioActions *actions, StudioPrompts *prompts, QWidget *window);

    QToolBar *bar() const { return m_bar; }
    // The graph file a skill id's capability runs (empty: not a composite), cached until the
    // catalog changes.
    QString subgraphOf(const QString &skillId) const;
    // The file `nodeId` of the graph on screen runs; empty with why when it runs none.
    QString subgraphFile(const QString &nodeId, QString *why = nullptr) const;
    // Opens it in place (false with why, shown in the status bar or a dialog).
    bool open(const QString &nodeId, QString *error = nullptr);
    // Back up to `depth` (0: the top graph), its view as it was left, the node that was
    // entered selected.
    void leaveTo(int depth);
    SubgraphPreview *preview() const { return m_preview.data(); }
    // The run as each level shows it: the bar's picker chooses which child run of the level on
    // screen the canvas shows when its composite node ran more than once.
    void setRunView(LevelRunView *run);
    QComboBox *invocationPicker() const { return m_invocation; }

signals:
    void statusMessage(const QString &text);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuildBar();
    void refillInvocations();
    NodeItem *nodeAt(const QPoint &viewportPos) const; // the node under a point of the canvas
    void updateActions();

    GraphDocument *m_document;
    GraphScene *m_scene;
    GraphView *m_view;
    QWidget *m_viewport = nullptr; // m_view's (CanvasContextMenu keeps it the same way)
    CapabilityCatalog *m_catalog;
    StudioActions *m_actions;
    StudioPrompts *m_prompts;
    QWidget *m_window;
    QToolBar *m_bar;
    QPointer<SubgraphPreview> m_preview; // the window's child: gone first when the window goes
    LevelRunView *m_run = nullptr;
    QPointer<QComboBox> m_invocation; // in the bar (made again with it)
    QList<QPointer<QAction>> m_invocationActions; // its and its label's places in the bar (what hides them)
    QTimer *m_invocationTimer;        // refills coalesced: a loop starts many child runs
    mutable QHash<QString, QString> m_subgraphs; // skill id → graph file ("" : none)
    struct ViewState
    {
        double zoom = 1;
        QPointF centre;
    };
    QList<ViewState> m_views; // the levels above's, top first
};

} // namespace capgraph::editor
