#pragma once

#include "model/Graph.h"

#include <QHash>
#include <QObject>
#include <QPointF>
#include <QUndoStack>

#include <memory>
#include <vector>

namespace capgraph::editor {

// The open capability graph: the single source of truth the studio edits. It owns the model
// (positions included), the undo stack and the file it came from; the scene only mirrors it
// (Qt Creator's SCXML editor keeps the same split). Every user action is one QUndoCommand
// pushed on undoStack(); commands change the model only through the primitive mutators
// below, which emit the change signals the scene and the docks follow.
//
// Sub-graphs (docs/studio.md, "Sub-graphs"): the graph on screen may be one a composite node
// of another runs (enter), with the graphs above it waiting with their own files, histories
// and unsaved changes; back up (leaveTo), a sub-graph left with unsaved changes is kept, as it
// was, until it is entered again, saved or discarded. Everything above speaks of the graph on
// screen; undoStack() is its history.
class GraphDocument : public QObject
{
    Q_OBJECT

public:
    explicit GraphDocument(QObject *parent = nullptr);

    const Graph &graph() const { return m_graph; }
    QUndoStack *undoStack() { return m_undo; }
    QString filePath() const { return m_filePath; }
    bool isModified() const { return !m_undo->isClean(); }
    // Whether two paths name the same file (links and "./" resolved when both exist).
    static bool sameFile(const QString &a, const QString &b);
    // A file name for titles: the file's name, or "untitled.yaml".
    QString displayName() const;

    // Loads a graph YAML; on failure the open graph is untouched and `error` says where
    // (file:line:col). Nodes without positions are laid out.
    // `error`: the findings as the command line prints them; `localError`: for the window,
    // in the user's language.
    bool load(const QString &path, QString *error, QString *localError = nullptr);
    // Opens an autosaved copy as the unsaved state of `originalPath` (modified, so saving
    // writes it there). False with the reason when the copy does not load.
    bool recover(const QString &copyPath, const QString &originalPath, QString *error);
    // Writes atomically (QSaveFile); on success this becomes the document's file and clean.
    bool save(const QString &path, QString *error);
    // Replaces the whole graph (new document, or tests); clears the history and closes the
    // sub-graphs (load and recover do too). `routes` are
    // the layout's routes for its edges when it was just laid out (see routeHint).
    void reset(const Graph &graph, const QString &filePath = QString(),
               const QHash<QPair<QString, QString>, QList<QPointF>> &routes = {});

    // How the layered layout drew the edge from -> to when it last placed the nodes (on
    // opening, or Auto-Layout): the canvas draws an edge that way while its ends are where the
    // layout put them and nothing else is in the way (EdgeRouter's hint). Not saved: positions
    // are the document's state, a route is drawn from them.
    QList<QPointF> routeHint(const QString &from, const QString &to) const { return m_routeHints.value({from, to}); }
    void setRouteHints(const QHash<QPair<QString, QString>, QList<QPointF>> &routes) { m_routeHints = routes; }

    const Node *node(const QString &id) const;
    int nodeIndex(const QString &id) const { return m_index.value(id, -1); }
    // An id not used yet, from a stem: "skill_1", "skill_2", ...
    QString uniqueNodeId(const QString &stem) const;
    // Edges (explicit ones) touching a node, as indices in graph().edges, ascending.
    QList<int> edgesOf(const QString &nodeId) const;

    // ---- primitive mutators: for undo commands only --------------------------------
    void insertNode(int index, const Node &node);
    void removeNode(const QString &id);
    void replaceNode(const QString &id, const Node &node); // may rename: edges follow
    void setNodePosition(const QString &id, const QPointF &centre);
    void insertEdge(int index, const Edge &edge);
    void removeEdge(int index);
    void replaceEdge(int index, const Edge &edge);
    void setAnnotations(const QList<Frame> &frames, const QList<Note> &notes);
    // The nodes, edges, frames and notes of `graph` in place of the graph's (the header stays):
    // an edit that rewrites the graph whole (Extract to Sub-graph, Inline Sub-graph). Emits
    // graphReset, with isSameGraph() true.
    void replaceContent(const Graph &graph);
    // The graph's own properties: id, name, version, description, default run input.
    struct Header
    {
        QString id, name, version, description;
        ExtraFields inputs;
        bool operator==(const Header &) const = default;
    };
    Header header() const;
    void setHeader(const Header &header);
    // An id for a frame or note not used by either yet: "frame_1", "note_2", ...
    QString uniqueAnnotationId(const QString &stem) const;

    // ---- sub-graphs (GraphDocumentLevels.cpp) ---------------------------------------------
    // Opens the graph file `path` on screen in place of the open one, which waits above it;
    // `via` is the node of the open graph that runs it. A sub-graph left with unsaved changes
    // comes back as it was left. False with why (as load()) when it does not load, or when it
    // is a graph already open above (a composite that calls itself).
    bool enter(const QString &path, const QString &via, QString *error, QString *localError = nullptr);
    // Back up to the graph at `depth` (0: the top one). The sub-graphs left with unsaved
    // changes are kept (modifiedElsewhere), the others closed.
    void leaveTo(int depth);
    int depth() const { return int(m_above.size()); }
    // The nodes that lead from the top graph down to the one on screen (depth() of them).
    QStringList levelPath() const;
    // The files of the graphs from the top down to the one on screen (depth() + 1).
    QStringList levelFiles() const;
    QString topFilePath() const { return m_above.empty() ? m_filePath : m_above.front().filePath; }
    // True while the graph on screen is switched for another level of the same document, or
    // rewritten whole by one edit (replaceContent): its graphReset is not another graph being
    // opened (a run, breakpoints, the levels' views stay).
    bool isSameGraph() const { return m_switching; }
    // Graphs with unsaved changes other than the one on screen: above it, or left below.
    QStringList modifiedElsewhere() const;
    // Saves one of them to its file (QSaveFile); false with why.
    bool saveElsewhere(const QString &path, QString *error);
    // Forgets the unsaved changes of the sub-graphs left below (those above stay).
    void discardLeft();
    // Every graph of the document with unsaved changes (the autosave's): the top graph first
    // when it is one of them, then the sub-graphs above the one on screen, it, those left.
    struct Unsaved
    {
        QString filePath;
        const Graph *graph = nullptr; // valid until the document changes
        bool top = false;
    };
    QList<Unsaved> unsavedGraphs() const;
    // An autosaved copy of the sub-graph `originalPath` kept as if it had been left with
    // unsaved changes (entering it shows the copy, modified). False with why when the copy does
    // not load or that file is the top graph's or on screen.
    bool recoverSubgraph(const QString &copyPath, const QString &originalPath, QString *error);

signals:
    void graphReset();
    void nodeAdded(const QString &id);
    void nodeRemoved(const QString &id);
    void nodeChanged(const QString &id);
    void nodeRenamed(const QString &oldId, const QString &newId);
    void edgesChanged(); // an edge was added, removed or changed (indices may have moved)
    void annotationsChanged(); // frames or notes
    void headerChanged();      // the graph's id, name, version, description or default input
    void changed();      // anything changed: lint, metrics, title
    void filePathChanged(const QString &path);
    void cleanChanged(bool clean); // the history on screen reached (or left) its saved state
    void undoStackChanged(QUndoStack *stack); // another level on screen, with its own history
    void levelChanged(); // entered or left a sub-graph (after graphReset)
    void savedAs(const QString &path); // the same graph, saved under another name (not another graph)

public:
    // On loading: places the nodes the file gave no position (the layout engine's), and
    // gives the layout's routes among them. (Also for another version of a graph that is
    // compared with the open one.)
    static void placeUnplacedNodes(Graph *graph, QHash<QPair<QString, QString>, QList<QPointF>> *routes);

private:
    void reindex();
    // One graph open in the document but not on screen: above the one on screen, or left.
    struct Level
    {
        Graph graph;
        QString filePath;
        QHash<QPair<QString, QString>, QList<QPointF>> routeHints;
        QUndoStack *undo = nullptr; // the document's child
        QString via; // the node of the level above that runs it
    };
    Level park(); // the graph on screen, as a level (the screen keeps nothing)
    void show(Level level); // a level on screen: every signal a new graph sends, as a level switch
    void setUndoStack(QUndoStack *stack);
    void closeLevels(); // load, reset: the sub-graphs go with the graph they belonged to

    Graph m_graph;
    QHash<QString, int> m_index;
    QHash<QPair<QString, QString>, QList<QPointF>> m_routeHints;
    QUndoStack *m_undo = nullptr;
    QString m_filePath;
    QString m_via; // the node above that runs the graph on screen (empty at the top)
    std::vector<Level> m_above; // top first
    std::vector<Level> m_left;  // sub-graphs left with unsaved changes
    bool m_switching = false;
};

} // namespace capgraph::editor
