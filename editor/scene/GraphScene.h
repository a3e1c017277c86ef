#pragma once

#include "scene/GraphComparison.h"
#include "analysis/OptimalPath.h"
#include "commands/GraphActions.h"
#include "diagnostics/Diagnostic.h"
#include "layout/EdgeRouter.h"
#include "layout/RouteCache.h"
#include "scene/DragLayer.h"
#include "model/EdgeKind.h"
#include "model/NodeKind.h"

#include <functional>
#include <QGraphicsScene>
#include <QHash>
#include <QSet>
#include <QPointF>
#include <optional>

class QGraphicsLineItem;

namespace capgraph::editor {

class EdgeItem;
class FrameItem;
class GraphDocument;
class NodeItem;
class NoteItem;
class RunStateView;
class ComparisonGhosts;

// The canvas: mirrors the document (one NodeItem per node, one EdgeItem per control-flow
// edge) and turns mouse gestures into the document's undo commands — a drag into one move,
// a drag from a node's port to another node into a connection, a double-click on empty
// canvas or a palette drop into a new node, a capability drop into a skill node bound to it.
class GraphScene : public QGraphicsScene
{
    Q_OBJECT

public:
    static constexpr double GridSize = 10;

    explicit GraphScene(GraphDocument *document, QObject *parent = nullptr);
    ~GraphScene() override;

    GraphDocument *document() const { return m_document; }
    NodeItem *nodeItem(const QString &id) const { return m_nodes.value(id); }
    const QHash<QString, NodeItem *> &nodeItems() const { return m_nodes; }
    QList<EdgeItem *> edgeItems() const { return m_edges; }
    // The edges that join a node (either end).
    QList<EdgeItem *> edgesOf(NodeItem *node) const { return m_edgesOfNode.values(node); }
    QList<FrameItem *> frameItems() const { return m_frames.values(); }
    QList<NoteItem *> noteItems() const { return m_notes.values(); }
    // The line that follows the mouse while connecting, or null.
    QGraphicsLineItem *connectLine() const { return m_connectLine; }
    FrameItem *frameItem(const QString &id) const { return m_frames.value(id); }
    NoteItem *noteItem(const QString &id) const { return m_notes.value(id); }
    QStringList selectedAnnotationIds() const; // frames and notes
    QStringList selectedNodeIds() const;
    QList<int> selectedEdgeIndexes() const; // explicit edges only
    // The branch conditions whose edges are selected (a default: index -1).
    QList<GraphActions::ConditionRef> selectedConditions() const;
    void selectNodes(const QStringList &ids);
    void selectEdge(int edgeIndex);

    // Lint findings shown on the items (from the validator; the window refreshes them).
    void setDiagnostics(const Diagnostics &diagnostics);
    QPair<Severity, int> findingsFor(const QString &nodeId) const;
    int findingsForEdge(int edgeIndex) const;

    // The optimal-path preview: nodes and flow edges (indices in Graph::flowEdges()) on
    // the path are drawn strong, the rest faded. Empty sets with `active` false: no preview.
    void setPathHighlight(bool active, const QSet<QString> &nodes, const QSet<int> &flowEdges);
    bool hasPathHighlight() const { return m_pathActive; }
    bool isOnPath(const QString &nodeId) const { return m_pathNodes.contains(nodeId); }
    bool isOnPath(int flowEdge) const { return m_pathEdges.contains(flowEdge); }
    // The preview for a depth and budget: searches the document's graph (OptimalPath) and
    // highlights the path found, or fades everything when there is none. Returns the search.
    PathResult showOptimalPath(const PathOptions &options);

    // A comparison with another version of the graph (File > Compare With…): nodes and flows
    // added since drawn green, changed amber, what the other version had and this one lacks as
    // faded outlines where it was (ComparisonGhosts). None: nothing of it. Another graph ends it.
    void setComparison(std::optional<GraphComparison> comparison);
    const GraphComparison *comparison() const { return m_comparison ? &*m_comparison : nullptr; }
    std::optional<DiffStatus> comparisonStatus(const QString &nodeId) const;
    std::optional<DiffStatus> comparisonStatus(int flowEdge) const;
    // Where the comparison draws a removed node (none: not one).
    std::optional<QPointF> removedNodePlace(const QString &id) const;
    static QColor addedColor() { return QColor(0x2b8a3e); }
    static QColor changedColor() { return QColor(0xf08c00); }
    // Find in graph (the find bar): the nodes and notes that match are ringed in FindColor,
    // the current one (the match the bar went to) more strongly. Empty sets: nothing found.
    static constexpr unsigned FindColor = 0xd6336c;
    void setFindMatches(const QSet<QString> &nodes, const QSet<QString> &notes, const QString &current);
    bool hasFindMatches() const { return !m_findNodes.isEmpty() || !m_findNotes.isEmpty(); }
    bool isFindMatch(const QString &nodeOrNoteId) const { return m_findNodes.contains(nodeOrNoteId) || m_findNotes.contains(nodeOrNoteId); }
    bool isFindCurrent(const QString &nodeOrNoteId) const { return !m_findCurrent.isEmpty() && m_findCurrent == nodeOrNoteId; }
    const QSet<QString> &findNodes() const { return m_findNodes; }
    // The nodes with lint findings (the badges), as setDiagnostics last set them.
    QSet<QString> nodesWithFindings() const;

    // A run shown on the canvas (live or replayed): node states, visits, edges taken and
    // breakpoints come from it. Null: none.
    void setRunState(const RunStateView *run);
    const RunStateView *runState() const { return m_run; }
    // The run changed these nodes: their items (and edges) repaint.
    void runChanged(const QSet<QString> &nodes);

    // What there is to show: nodes, their captions and decorations, edges, frames and notes
    // (the items' bounding rectangle; empty for an empty graph).
    QRectF contentBounds() const { return itemsBoundingRect(); }
    // Where the flow starts: the start node's centre (else the leftmost node's; else 0, 0).
    QPointF startPoint() const;
    // The scene's extent: the content with room around it to scroll and drag into; it grows
    // as items move out, and starts afresh with another graph.
    void growSceneRect(bool afresh = false);

    // The scale of the (first) view showing the scene, 1 without one: hit areas that should
    // keep a size on screen (ports) follow it.
    double viewScale() const;

    // Which skill ids run a sub-graph (a composite capability): their nodes get the badge, and
    // a double-click opens them (subgraphOpenRequested) instead of editing their label.
    void setSubgraphLookup(std::function<QString(const QString &skillId)> lookup);
    // The graph file the node runs, or empty.
    QString subgraphOf(const QString &nodeId) const;
    // Whether a skill id runs a sub-graph (what a card's badge asks as it paints: one lookup).
    bool runsSubgraph(const QString &skillId) const { return m_subgraphLookup && !skillId.isEmpty() && !m_subgraphLookup(skillId).isEmpty(); }

    bool isDark() const { return m_dark; }
    void setDark(bool dark);
    // While exporting, the background is plain (no grid) and items paint directly (no
    // pixmap cache), so an SVG gets vectors and text, not pictures of them.
    void setExporting(bool exporting);
    bool snapToGrid() const { return m_snap; }
    // `p` on the grid when snapping is on (new nodes land there), else `p`.
    QPointF snapped(const QPointF &p) const;
    void setSnapToGrid(bool snap) { m_snap = snap; }
    bool isDragging() const { return m_dragging; }
    // The nodes a drag moves, and their edges, painted by the view over its kept picture.
    DragLayer &dragLayer() { return m_dragLayer; }
    const DragLayer &dragLayer() const { return m_dragLayer; }
    // The type new nodes get on double-click; the edge type new connections get (nullopt:
    // inferred from the ends, see GraphActions::inferredEdgeKind).
    void setPaletteKind(NodeKind kind) { m_paletteKind = kind; }
    NodeKind paletteKind() const { return m_paletteKind; }
    void setConnectionKind(std::optional<EdgeKind> kind) { m_connectionKind = kind; }
    std::optional<EdgeKind> connectionKind() const { return m_connectionKind; }

    // For NodeItem: its position changed, so its edges follow, and the edges whose routes
    // went around where it was, or run where it is now, are routed again.
    void nodeItemMoved(NodeItem *item);
    // The router edges are drawn with (every node's box and caption where the items are).
    const layout::EdgeRouter &router() const { return m_router; }
    // A node's box and caption on the canvas (scene coordinates), as the router has them.
    layout::RouteBox routeBoxOf(const QString &nodeId) const;
    // For NodeItem, while one node is dragged: snaps `proposed` (its centre) to another
    // node's centre line when within a few pixels, and shows that line as a guide.
    QPointF snapToNeighbours(NodeItem *item, const QPointF &proposed);
    QList<QLineF> guides() const { return m_guides; }

signals:
    void statusMessage(const QString &text);
    // A press on a node, frame or note starts a drag (true); the release ends it (false).
    void draggingChanged(bool dragging);
    // The drag layer's items moved: where those that moved were and are (scene
    // coordinates), for the view to repaint (the scene reports nothing of lifted items).
    void dragLayerMoved(const QList<QRectF> &areas);
    void noteEditRequested(const QString &noteId);
    // A connection dragged out of a node and dropped where there is no node: the window
    // offers quick-add there, and connects the node added.
    void connectionDroppedOnEmpty(const QString &fromId, const QPointF &scenePos, const QPoint &screenPos);
    void frameRenameRequested(const QString &frameId);
    // A double-click on a node (not on its port): edit its label in place.
    void nodeLabelEditRequested(const QString &nodeId);
    // A double-click on a composite node: open the graph it runs.
    void subgraphOpenRequested(const QString &nodeId);
    // setDiagnostics changed the nodes' lint findings.
    void findingsChanged();
    // Files dropped on the canvas (from a file manager): the window opens them.
    void filesDropped(const QStringList &paths);

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent *event) override;
    void dragEnterEvent(QGraphicsSceneDragDropEvent *event) override;
    void dragMoveEvent(QGraphicsSceneDragDropEvent *event) override;
    void dropEvent(QGraphicsSceneDragDropEvent *event) override;

public:
    // Public for the views that sketch the graph (GraphSketch) and paint these themselves.
    void drawBackground(QPainter *painter, const QRectF &rect) override;
    void drawForeground(QPainter *painter, const QRectF &rect) override;

    // Whether `label` (for `edge`) would lie on another edge's curve or label as drawn now.
    bool labelBlocked(const EdgeItem *edge, const QRectF &label) const;

private:
    void rebuild();
    void rebuildEdges();
    void rebuildAnnotations();
    void refreshFrames();
    void addNodeItem(const QString &id);
    void removeNodeItem(const QString &id);
    void syncNode(const QString &id);
    void renameNodeItem(const QString &oldId, const QString &newId);
    NodeItem *nodeItemAt(const QPointF &scenePos) const;
    void commitItemPositions();
    // Routing: every node's box into the router (after nodes came or went), an edge's route
    // (from the cache while nothing it depends on moved), and what a moved box changes.
    void rebuildRouter();
    void routeEdge(EdgeItem *edge);
    void routeEdges(const QList<EdgeItem *> &edges); // many at once, on every core
    // A label lying on another edge's curve or label moves to the next free place along its
    // own edge (EdgeRouter::replaceLabel); the router sees one edge at a time, the scene all.
    void settleLabel(EdgeItem *edge);
    void settleLabel(EdgeItem *edge, const std::function<bool(const QRectF &)> &blocked);
    void settleLabels(const QList<EdgeItem *> &edges); // many: with an index of their own
    static bool labelOnAnother(const EdgeItem *edge, const QRectF &label, const QList<const EdgeItem *> &others);
    void nodeBoxChanged(const QString &nodeId);
    void rerouteAround(const QRectF &area, const QString &nodeId);
    void rerouteAfterDrag();

    GraphDocument *m_document;
    QHash<QString, NodeItem *> m_nodes;
    QList<EdgeItem *> m_edges;
    QMultiHash<NodeItem *, EdgeItem *> m_edgesOfNode;
    QHash<QString, FrameItem *> m_frames;
    QHash<QString, NoteItem *> m_notes;
    QHash<QString, QPointF> m_notePressPositions;
    QList<QLineF> m_guides; // snap lines shown during a drag
    bool m_pathActive = false;
    std::optional<GraphComparison> m_comparison;
    ComparisonGhosts *m_ghosts = nullptr;
    QSet<QString> m_pathNodes;
    QSet<int> m_pathEdges;
    QHash<QString, QPair<Severity, int>> m_nodeFindings;
    QSet<QString> m_findNodes;
    QSet<QString> m_findNotes;
    QString m_findCurrent;
    QHash<int, int> m_edgeFindings;
    bool m_dark = false;
    bool m_snap = true;
    bool m_exporting = false;
    bool m_dragging = false;
    DragLayer m_dragLayer{this};
    QRectF m_dragArea; // where dragged nodes went: the routes there are looked at on the drop
    NodeKind m_paletteKind = NodeKind::Skill;
    std::optional<EdgeKind> m_connectionKind;
    // A drag in progress: where the moved nodes were.
    QHash<QString, QPointF> m_pressPositions;
    // A connection in progress (or a reconnection of edge m_reconnectEdge, moving its
    // target end when m_reconnectTarget, else its source end).
    int m_reconnectEdge = -1;
    GraphActions::ConditionRef m_reconnectCondition; // or a condition's edge (its target end)
    bool m_reconnecting = false;
    bool m_reconnectTarget = true;
    NodeItem *m_connectFrom = nullptr;
    QGraphicsLineItem *m_connectLine = nullptr;
    int m_flowEdgeCount = 0; // Graph::flowEdges().size() when the edge items were built
    layout::EdgeRouter m_router;
    QHash<QString, int> m_routerIndex; // node id -> its box in m_router
    layout::RouteCache m_routes; // EdgeItem::routeKey() -> its route
    QMultiHash<QString, EdgeItem *> m_edgesByKey; // the items drawing each route
    const RunStateView *m_run = nullptr;
    std::function<QString(const QString &)> m_subgraphLookup;
};

} // namespace capgraph::editor
